"""Generated documentation: the README's configuration and headline tables.

``python -m zpagent.docs`` rewrites the blocks between the markers in
README.md and benchmarks/README.md from the settings registry and the latest committed results
(``eval/results/*.json``, ``benchmarks/results.json``); a test fails when
the README and the sources differ.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from zpagent.bench.report_runtime import runtime_headlines
from zpagent.config import settings_table

BEGIN = "<!-- settings:begin -->"
END = "<!-- settings:end -->"
HEAD_BEGIN = "<!-- headline:begin -->"
HEAD_END = "<!-- headline:end -->"


def render_settings() -> str:
    lines = ["| variable | default | meaning |", "| --- | --- | --- |"]
    for name, default, help_text in settings_table():
        shown = f"`{default}`" if default else ""
        lines.append(f"| `{name}` | {shown} | {help_text} |")
    return "\n".join(lines)


def _load(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _answer_rows(root: Path) -> list[tuple[str, str, str]]:
    """Checked answers under attack, the honest model, and the small-talk gate."""
    rows = []
    adv = _load(root / "eval/results/answers-adversarial-test.json")
    if adv:
        h, v = adv["honest"], adv["verification_ms"]
        rows.append(
            (
                f"checked answers under attack (test, {len(adv['attacks'])} attack classes)",
                f"{adv['wrong_delivered']} wrong facts delivered / {adv['attempts']} attacks; "
                f"honest model accepted first pass {h['accepted_first_pass']:.3f}; "
                f"verification p50 {v['p50']} / p99 {v['p99']} ms",
                "zpagent eval answers --llm adversarial --split test",
            )
        )
    conv = _load(root / "eval/results/conversations-test.json")
    if conv:
        o = conv["overall"]
        rows.append(
            (
                f"conversations, main agent (test, {o['items']} conversations)",
                f"accuracy {o['accuracy']:.3f} (follow-ups, clarifications, small talk between)",
                "zpagent eval conversations --split test",
            )
        )
    chat = (_load(root / "benchmarks/results.json") or {}).get("chat")
    if chat:
        run = chat["runs"][0]
        rows.append(
            (
                f"main agent over HTTP, streamed ({run['requests']} conversations, concurrency 1)",
                (f"accuracy {run['accuracy']:.3f}; " if "accuracy" in run else "")
                + f"first byte p50 {run['first_byte_ms']['p50']} / p99 "
                f"{run['first_byte_ms']['p99']} ms; first answer byte p50 "
                f"{run['first_answer_byte_ms']['p50']} ms",
                "zpagent bench --sections chat",
            )
        )
    talk = _load(root / "eval/results/small-talk-test.json")
    if talk:
        rows.append(
            (
                f"small-talk gate (test, {talk['items']} turns)",
                f"small talk missed {talk['small_talk_missed']:.3f}, questions taken for "
                f"small talk {talk['questions_taken_for_small_talk']:.3f}",
                "zpagent eval small-talk --split test",
            )
        )
    return rows


def _fusion_rows(root: Path) -> list[tuple[str, str, str]]:
    """Classic RAG, graph only and fused retrieval on the set questions (eval fusion)."""
    fusion = _load(root / "eval/results/fusion-test.json") or _load(
        root / "eval/results/fusion-dev.json"
    )
    if not fusion or "modes" not in fusion:
        return []
    rows = []
    split, n, c = fusion["split"], fusion["items"], fusion["comparison"]
    for mode in ("graph_hybrid", "rag", "graph"):
        data = fusion["modes"][mode]
        o = data["overall"]
        # Latency as measured side by side (turns per question): the ratio to
        # classic RAG, since absolute times follow the machine's load.
        latency = (
            f"; p50 latency {c['p50_cold_ratio']}x classic RAG (new question), "
            f"{c['p50_warm_ratio']}x (repeated)"
            if mode == "graph_hybrid"
            else ""
        )
        rows.append(
            (
                f"set retrieval, {data['label']} ({split}, {n} q.)",
                f"set recall@10 {o['recall@10']:.3f}, precision@10 {o['precision@10']:.3f}, "
                f"answer facts {o['answer_facts']:.3f}, statuses {o['status']:.3f}{latency}",
                f"zpagent eval fusion --split {split}",
            )
        )
    return rows


def render_headlines(root: Path) -> str:
    rows: list[tuple[str, str, str]] = []
    ret = _load(root / "eval/results/retrieval-test.json") or _load(
        root / "eval/results/retrieval-dev.json"
    )
    if ret:
        split = ret["split"]
        cmd = f"zpagent eval retrieval --split {split}"
        for mode in ("hybrid", "fts", "vector"):
            o = ret["modes"][mode]["overall"]
            rows.append(
                (
                    f"retrieval {mode} ({split}, {ret['items']} q.)",
                    f"MRR {o['mrr']:.3f}, Hit@1 {o['hit@1']:.3f}, Hit@5 {o['hit@5']:.3f}",
                    cmd,
                )
            )
        o = ret["modes"]["hybrid"]["overall"]
        rows.append(
            (
                f"no-answer gate ({split})",
                f"no-answer accuracy {o['no_answer_accuracy']:.3f}, false no-answer "
                f"{o['false_no_answer_rate']:.3f}",
                cmd,
            )
        )
    rows += _paraphrase_rows(root)
    rows += _known_item_rows(root)
    graph = _load(root / "eval/results/graph-test.json") or _load(
        root / "eval/results/graph-dev.json"
    )
    if graph and "overall" in graph:
        o = graph["overall"]
        rows.append(
            (
                f"graph answers ({graph.get('split')}, {o.get('items')} q.)",
                f"accuracy {o.get('accuracy', 0):.3f}, exact counts {o.get('count_exact', 0):.3f}",
                f"zpagent eval graph --split {graph.get('split')}",
            )
        )
    rows += _answer_rows(root)
    rows += _fusion_rows(root)
    bench = _load(root / "benchmarks/results.json")
    if bench:
        idx = bench.get("index")
        if idx:
            rows.append(
                (
                    "index build, sample wiki",
                    f"cold {idx['cold']['seconds']} s, warm {idx['warm']['seconds']} s "
                    f"({idx['warm_speedup']}x); one-page sync "
                    f"{idx['incremental_one_page']['seconds']} s",
                    "zpagent bench --sections index",
                )
            )
            if idx.get("cold_embedding_speedup"):
                one, par = idx["cold_one_worker"], idx["cold"]
                rows.append(
                    (
                        "cold embedding throughput, sample wiki",
                        f"{par['embedding_tokens_per_s']} tokens/s with "
                        f"{par['embedding_workers']} workers vs {one['embedding_tokens_per_s']} "
                        f"with one ({idx['cold_embedding_speedup']}x)",
                        "zpagent bench --sections index",
                    )
                )
        q = bench.get("query")
        if q:
            for tool in ("hybrid", "rag", "graph"):
                if tool in q:
                    c = q[tool].get("cold") or q[tool]["warm"]
                    w = q[tool]["warm"]
                    rows.append(
                        (
                            f"{tool} in-process latency",
                            f"cold p50 {c['p50']} / p99 {c['p99']} ms; "
                            f"warm p50 {w['p50']} / p99 {w['p99']} ms",
                            "zpagent bench --sections query",
                        )
                    )
        http = bench.get("http")
        if http:
            for run in http["runs"]:
                if run["endpoint"] in ("/rag", "/search") and run["concurrency"] in (1, 8):
                    lat = run["latency_ms"]
                    phase = run.get("phase", "warm")
                    rows.append(
                        (
                            f"HTTP {run['endpoint']}, {phase}, concurrency {run['concurrency']}",
                            f"p50 {lat.get('p50')} ms, p99 {lat.get('p99')} ms, "
                            f"{run['rps']} req/s, errors {run['error_rate']}",
                            "zpagent bench --sections http",
                        )
                    )
        hs = bench.get("hostile")
        if hs:
            b, h = hs["baseline"], hs["hostile"]
            rows.append(
                (
                    "hostile wiki build (20 MB page, 10k headings, alias bomb, links out)",
                    f"{h['seconds']} s, peak RSS {h['peak_rss_mb']} MB "
                    f"(sample alone {b['seconds']} s, {b['peak_rss_mb']} MB)",
                    "zpagent bench --sections hostile",
                )
            )
        w = bench.get("webhook")
        if w:
            rows.append(
                (
                    "one-page push to serving (signed webhook)",
                    f"{w['webhook_to_serving_seconds']} s (full sync {w['full_sync_seconds']} s)",
                    "zpagent bench --sections webhook",
                )
            )
        rows += runtime_headlines(bench)
    if not rows:
        return "No results committed yet: run `zpagent eval retrieval` and `zpagent bench`."
    lines = [
        "Generated from the committed results (`python -m zpagent.docs`); "
        "details and how to reproduce them in `eval/README.md` and `benchmarks/README.md`.",
        "",
        "| what | result | command |",
        "| --- | --- | --- |",
    ]
    lines += [f"| {a} | {b} | `{c}` |" for a, b, c in rows]
    return "\n".join(lines)


def _paraphrase_rows(root: Path) -> list[tuple[str, str, str]]:
    ret = _load(root / "eval/results/retrieval-paraphrase-test.json")
    if not ret:
        return []
    modes = {m: ret["modes"][m]["overall"] for m in ("hybrid", "fts", "vector")}
    return [
        (
            f"thesis titles in other words (test, {ret['items']} q.)",
            f"MRR hybrid {modes['hybrid']['mrr']:.3f}, fts {modes['fts']['mrr']:.3f}, "
            f"vector {modes['vector']['mrr']:.3f}; false no-answer "
            f"{modes['hybrid']['false_no_answer_rate']:.3f}",
            "zpagent eval retrieval --split test --dataset eval/datasets/paraphrase.json",
        )
    ]


def _known_item_rows(root: Path) -> list[tuple[str, str, str]]:
    """One row per corpus of ``zpagent eval known-item`` (its test split)."""
    rows = []
    for path in sorted((root / "eval/results").glob("known-item-*.json")):
        report = _load(path)
        if not report or "test" not in report.get("splits", {}):
            continue
        block = report["splits"]["test"]
        o = {s: block[s]["overall"] for s in block}
        h = o["hybrid"]
        others = ", ".join(f"{s} {o[s]['mrr']:.3f}" for s in ("fts", "vector", "bm25s") if s in o)
        rows.append(
            (
                f"known items, {report['corpus']} ({report['pages']} pages, test, "
                f"{h['queries']} q.)",
                f"MRR hybrid {h['mrr']:.3f} ({others}); no-answer accuracy "
                f"{h['no_answer_accuracy']:.3f}, false no-answer {h['false_no_answer_rate']:.3f}",
                f"zpagent eval known-item --wiki ... --name {report['corpus']}",
            )
        )
    return rows


def _replace(text: str, begin: str, end: str, content: str) -> str:
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + content + "\n" + text[stop:]


def repo_root(path: Path) -> Path:
    for parent in [path.resolve().parent, *path.resolve().parents]:
        if (parent / "pyproject.toml").exists():
            return parent
    return path.resolve().parent


def update_readme(path: Path) -> bool:
    """Rewrite whichever generated blocks ``path`` has."""
    text = path.read_text(encoding="utf-8")
    new = text
    if BEGIN in new:
        new = _replace(new, BEGIN, END, render_settings())
    if HEAD_BEGIN in new:
        new = _replace(new, HEAD_BEGIN, HEAD_END, render_headlines(repo_root(path)))
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


if __name__ == "__main__":
    for name in sys.argv[1:] or ["README.md", "docs/configuration.md", "benchmarks/README.md"]:
        print(name, "updated" if update_readme(Path(name)) else "unchanged")
