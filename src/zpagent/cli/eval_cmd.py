"""``zpagent eval ...``: reproducible quality numbers on the sample wiki."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from zpagent.cli.output import console, emit_json, err_console, handle_errors
from zpagent.config import Settings
from zpagent.workspace import Workspace

eval_app = typer.Typer(
    help="Evaluate retrieval, graph, fusion, robustness, answers and the small-talk gate.",
    no_args_is_help=True,
)

SplitOpt = Annotated[str, typer.Option("--split", help="dev | test | all")]
StrictOpt = Annotated[
    bool, typer.Option("--strict-dataset", help="Validate every item strictly; fail on problems.")
]
DataOpt = Annotated[
    Path | None, typer.Option("--data", help="Data dir of the evaluated index (default data/eval).")
]
WikiOpt = Annotated[
    Path | None, typer.Option("--wiki", help="Wiki to evaluate on (default: the sample wiki).")
]
OutOpt = Annotated[Path, typer.Option("--out", help="Where to write the reports.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")]
DatasetOpt = Annotated[Path | None, typer.Option("--dataset", help="Dataset file.")]


def _split(split: str) -> str:
    if split not in ("dev", "test", "all"):
        raise typer.BadParameter("use dev, test or all", param_hint="--split")
    return split


def eval_workspace(data: Path | None, wiki: Path | None) -> tuple[Workspace, Path]:
    from zpagent.demo import sample_wiki_path
    from zpagent.eval.runner import DEFAULT_EVAL_DATA, ensure_index

    ws = Workspace(Settings(), data_dir=data or DEFAULT_EVAL_DATA)
    wiki_path = wiki or sample_wiki_path()
    if ensure_index(ws, wiki_path) is not None:
        err_console.print(f"built the evaluated index from {wiki_path}")
    return ws, wiki_path


def prepare(
    name: str, split: str, dataset: Path | None, strict: bool, data: Path | None, wiki: Path | None
) -> tuple[str, Any, Workspace]:
    """What every eval command starts with: the split, the dataset, the evaluated index."""
    from zpagent.eval.datasets import load_dataset

    split = _split(split)
    ds = load_dataset(dataset or dataset_path(name), strict=strict)
    ws, _ = eval_workspace(data, wiki)
    return split, ds, ws


def finish(report: dict, markdown: str, out: Path, name: str, json_output: bool) -> None:
    """Write the report to ``out`` and show it (Markdown, or one JSON object)."""
    from zpagent.eval.runner import write_report

    paths = write_report(out, name, report, markdown)
    if json_output:
        emit_json({"status": "ok", "reason": None, **report})
    else:
        console.print(markdown)
        console.print(f"[dim]written: {', '.join(str(p) for p in paths)}[/dim]")


def dataset_path(name: str) -> Path:
    from zpagent.demo import sample_wiki_path

    return sample_wiki_path().parents[1] / "eval" / "datasets" / f"{name}.json"


@eval_app.command("retrieval")
@handle_errors
def retrieval(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """FTS, vector and hybrid side by side: Hit@k, MRR, Recall@5, nDCG@10, no-answer accuracy."""
    from zpagent.eval.retrieval import evaluate_retrieval, to_markdown

    split, ds, ws = prepare("retrieval", split, dataset, strict_dataset, data, wiki)
    with ws.open_current() as gen:
        report = evaluate_retrieval(gen, ws.embedder, ds, split)
    md = to_markdown(report)
    # Another retrieval dataset (paraphrase.json) reports beside the main one.
    stem = "" if dataset is None or dataset.stem == "retrieval" else f"-{dataset.stem}"
    finish(report, md, out, f"retrieval{stem}-{split}", json_output)


@eval_app.command("graph")
@handle_errors
def graph(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Graph answers: accuracy per question type, statuses, exact counts (embedded and Neo4j)."""
    from zpagent.eval.graph import run_graph_eval, to_markdown

    split, ds, ws = prepare("graph", split, dataset, strict_dataset, data, wiki)
    backends = {}
    with ws.open_current() as gen:
        embedded = ws.settings.model_copy(update={"graph_backend": "embedded"})
        backends["embedded"] = run_graph_eval(gen, embedded, ds, split)
        if ws.settings.neo4j_uri:
            from zpagent.graph.store.remote import Neo4jRemoteGraph

            neo = ws.settings.model_copy(update={"graph_backend": "neo4j"})
            Neo4jRemoteGraph(neo).write_generation(gen.path, gen.index_version, lambda _: None)
            backends["neo4j"] = run_graph_eval(gen, neo, ds, split)
    report = {"split": split, "index_version": gen.index_version, "backends": backends}
    report["overall"] = backends["embedded"]["overall"]
    md = to_markdown(report)
    finish(report, md, out, f"graph-{split}", json_output)


@eval_app.command("extraction")
@handle_errors
def extraction(
    wiki: Annotated[Path, typer.Option("--wiki", help="A wiki written by tools/wikigen.")],
    truth: Annotated[Path, typer.Option("--truth", help="The truth file wikigen wrote.")],
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Graph extraction against a generator's truth: precision and recall per relation."""
    from zpagent.eval.extraction import evaluate_extraction, payload_of_wiki, to_markdown

    if not truth.is_file():
        raise typer.BadParameter(f"no truth file at {truth}", param_hint="--truth")
    if not wiki.is_dir():
        raise typer.BadParameter(f"no wiki folder at {wiki}", param_hint="--wiki")
    report = evaluate_extraction(payload_of_wiki(wiki), truth)
    finish(report, to_markdown(report), out, f"extraction-{wiki.resolve().name}", json_output)


@eval_app.command("expect")
@handle_errors
def expect(
    dataset: Annotated[
        Path,
        typer.Option(
            "--dataset", help="An answer, conversation or retrieval set (eval/heldout/*_SCHEMA.md)."
        ),
    ],
    wiki: Annotated[Path, typer.Option("--wiki", help="The wiki the set was written on.")],
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Data dir of the evaluated index (default data/eval-WIKI)."),
    ] = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Answer, conversation or retrieval sets written from the pages alone: right replies,
    wrong exact counts, invented facts; retrieval MRR per category and off-topic refusal."""
    from zpagent.eval import pages
    from zpagent.eval.expect import load_set, run_answer_set, run_conversation_set, to_markdown

    if not dataset.is_file():
        raise typer.BadParameter(f"no dataset at {dataset}", param_hint="--dataset")
    try:
        items = load_set(dataset)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--dataset") from None
    ws, _ = eval_workspace(data or Path("data") / f"eval-{wiki.resolve().name}", wiki)
    kind = (
        "conversations"
        if any("turns" in item for item in items["items"])
        else "retrieval"
        if any("relevant" in item for item in items["items"])
        else "answers"
    )
    try:
        if kind == "retrieval":
            with ws.open_current() as gen:
                report = pages.run_pages(ws, gen, items)
        else:
            run = run_conversation_set if kind == "conversations" else run_answer_set
            report = run(ws, items)
    finally:
        ws.close()
    report["dataset"] = dataset.name
    title = f"{dataset.stem} ({kind})"
    render = pages.to_markdown if kind == "retrieval" else to_markdown
    finish(report, render(report, title), out, f"expect-{dataset.stem}", json_output)


@eval_app.command("robustness")
@handle_errors
def robustness(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Tool-level robustness: statuses, expected sources, no leaked instructions."""
    from zpagent.eval.robustness import run_robustness, to_markdown

    split, ds, ws = prepare("robustness", split, dataset, strict_dataset, data, wiki)
    with ws.open_current() as gen:
        report = run_robustness(gen, ws.embedder, ws.settings, ds, split)
    md = to_markdown(report)
    finish(report, md, out, f"robustness-{split}", json_output)


@eval_app.command("fusion")
@handle_errors
def fusion(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Classic RAG, graph only and fused (graph_hybrid) side by side: set recall@10,
    precision, answer facts, statuses, exact counts, latency."""
    from zpagent.eval.fusion import evaluate_fusion, to_markdown

    split, ds, ws = prepare("fusion", split, dataset, strict_dataset, data, wiki)
    with ws.open_current() as gen:
        report = evaluate_fusion(gen, ws.embedder, ws.settings, ds, split)
    md = to_markdown(report)
    finish(report, md, out, f"fusion-{split}", json_output)


LLM_CHOICES = ("configured", "honest", "adversarial", "none")


@eval_app.command("answers")
@handle_errors
def answers(
    split: SplitOpt = "dev",
    llm: Annotated[
        str,
        typer.Option(
            "--llm",
            help="configured (ANSWER_LLM_URL), honest (scripted stand-in), adversarial "
            "(scripted attacks: wrong facts delivered per attack class) or none.",
        ),
    ] = "configured",
    attack: Annotated[
        list[str] | None, typer.Option("--attack", help="Only these attacks (adversarial).")
    ] = None,
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Checked answers on the answer dataset: pass rate, strict pass rate, latency, tokens;
    with --llm adversarial, wrong facts delivered per attack class."""
    import contextlib

    from zpagent.answer.llm import ChatClient, LLMConfig
    from zpagent.eval.answers import run_answers, to_markdown
    from zpagent.eval.honest_llm import honest_responder
    from zpagent.eval.scripted_llm import ScriptedLLM

    if llm not in LLM_CHOICES:
        raise typer.BadParameter(", ".join(LLM_CHOICES), param_hint="--llm")
    split, ds, ws = prepare("answers", split, dataset, strict_dataset, data, wiki)
    with contextlib.ExitStack() as stack:
        client = server = None
        if llm in ("honest", "adversarial"):
            server = stack.enter_context(ScriptedLLM(honest_responder))
            client = ChatClient(LLMConfig(url=server.url, model=f"scripted-{llm}", retries=0))
        elif llm == "configured":
            client = ws.llm_client()
            if client is None:
                raise typer.BadParameter(
                    "no LLM configured: set ANSWER_LLM_URL and ANSWER_MODEL, or use --llm none"
                )
        if client is not None:
            stack.callback(client.close)
        cache = ws.condense_cache()
        stack.callback(cache.close)
        with ws.open_current() as gen:
            if llm == "adversarial":
                from zpagent.eval import adversarial

                truth = dataset_path("answers").parents[2] / "examples" / "zpwiki-truth.json"
                report = adversarial.run_adversarial(
                    gen, ws.embedder, ds, split, server, client, ws.answer_options(), truth, attack
                )
                md = adversarial.to_markdown(report)
            else:
                report = run_answers(
                    gen, ws.embedder, ds, split, client, cache, ws.answer_options()
                )
                label = llm if llm != "configured" else ws.settings.answer_model or "configured"
                md = to_markdown(report, label)
    finish(report, md, out, f"answers-{llm}-{split}", json_output)


@eval_app.command("known-item")
@handle_errors
def known_item(
    wiki: WikiOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the generated queries.")] = 0,
    split: SplitOpt = "all",
    name: Annotated[
        str | None, typer.Option("--name", help="Corpus name in the report (default: wiki folder).")
    ] = None,
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Data dir of the evaluated index (default data/eval-NAME)."),
    ] = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """Title and sentence queries generated from any wiki: fts, vector, hybrid and bm25s."""
    from zpagent.demo import sample_wiki_path
    from zpagent.eval.known_item import evaluate_known_items, to_markdown

    split = _split(split)
    wiki_path = wiki or sample_wiki_path()
    name = name or wiki_path.resolve().name
    ws, _ = eval_workspace(data or Path("data") / f"eval-{name}", wiki_path)
    splits = ("dev", "test") if split == "all" else (split,)
    with ws.open_current() as gen:
        report = evaluate_known_items(gen, ws.embedder, seed=seed, splits=splits, name=name)
    md = to_markdown(report)
    finish(report, md, out, f"known-item-{name}", json_output)


@eval_app.command("conversations")
@handle_errors
def conversations(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """The main agent on multi-turn conversations: follow-ups, clarifications, small talk."""
    from zpagent.eval.conversations import run_conversations, to_markdown

    split, ds, ws = prepare("conversations", split, dataset, strict_dataset, data, wiki)
    with ws.open_current() as gen:
        report = run_conversations(gen, ws, ds, split, ws.answer_options())
    finish(report, to_markdown(report), out, f"conversations-{split}", json_output)


@eval_app.command("small-talk")
@handle_errors
def small_talk(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: DatasetOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """The question gate: small talk missed, real questions taken for small talk."""
    from zpagent.eval.datasets import load_dataset
    from zpagent.eval.small_talk import run_small_talk, to_markdown

    split = _split(split)
    ds = load_dataset(dataset or dataset_path("small_talk"), strict=strict_dataset)
    report = run_small_talk(ds, split)
    finish(report, to_markdown(report), out, f"small-talk-{split}", json_output)


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
