"""``zpagent eval ...``: reproducible quality numbers on the sample wiki."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from zpagent.cli.output import console, emit_json, err_console, handle_errors
from zpagent.config import Settings
from zpagent.workspace import Workspace

eval_app = typer.Typer(
    help="Evaluate retrieval, graph, robustness and answers.", no_args_is_help=True
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


def dataset_path(name: str) -> Path:
    from zpagent.demo import sample_wiki_path

    return sample_wiki_path().parents[1] / "eval" / "datasets" / f"{name}.json"


@eval_app.command("retrieval")
@handle_errors
def retrieval(
    split: SplitOpt = "dev",
    strict_dataset: StrictOpt = False,
    dataset: Annotated[Path | None, typer.Option("--dataset", help="Dataset file.")] = None,
    data: DataOpt = None,
    wiki: WikiOpt = None,
    out: OutOpt = Path("eval/results"),
    json_output: JsonOpt = False,
) -> None:
    """FTS, vector and hybrid side by side: Hit@k, MRR, Recall@5, nDCG@10, no-answer accuracy."""
    from zpagent.eval.datasets import load_dataset
    from zpagent.eval.retrieval import evaluate_retrieval, to_markdown
    from zpagent.eval.runner import write_report

    split = _split(split)
    ds = load_dataset(dataset or dataset_path("retrieval"), strict=strict_dataset)
    ws, _ = eval_workspace(data, wiki)
    with ws.open_current() as gen:
        report = evaluate_retrieval(gen, ws.embedder, ds, split)
    md = to_markdown(report)
    paths = write_report(out, f"retrieval-{split}", report, md)
    if json_output:
        emit_json({"status": "ok", "reason": None, **report})
    else:
        console.print(md)
        console.print(f"[dim]written: {', '.join(str(p) for p in paths)}[/dim]")


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
