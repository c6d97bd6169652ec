"""``zpagent bench``: index, query, HTTP and scaling benchmarks."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from zpagent.cli.output import console, emit_json, err_console, handle_errors


def _ints(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError as exc:
        raise typer.BadParameter("a comma-separated list of integers") from exc


def bench(
    sections: Annotated[
        str,
        typer.Option(
            "--sections",
            help="Comma-separated: index,query,http,chat,webhook,scale,progressive,hostile,"
            "query_cpu,flood,publication,graph_load.",
        ),
    ] = "index,query,http,webhook,scale,hostile,query_cpu,flood,publication,graph_load",
    concurrency: Annotated[
        str, typer.Option("--concurrency", help="HTTP concurrency levels.")
    ] = "1,4,8,16,64",
    scale: Annotated[
        str, typer.Option("--scale", help="Synthetic wiki sizes (students).")
    ] = "1000,5000,20000",
    requests: Annotated[
        int, typer.Option("--requests", min=10, max=100_000, help="Requests per HTTP run.")
    ] = 300,
    seconds: Annotated[
        float, typer.Option("--seconds", min=1, max=600, help="Time bound per HTTP run.")
    ] = 30.0,
    wiki: Annotated[Path | None, typer.Option("--wiki", help="Wiki (default: sample).")] = None,
    docs_site: Annotated[
        Path | None,
        typer.Option("--docs-site", help="A public docs site for `progressive` (a checkout)."),
    ] = None,
    progressive_sample: Annotated[
        bool,
        typer.Option(
            "--progressive-sample/--no-progressive-sample",
            help="Measure the sample wiki in `progressive` (earlier rows of other wikis are kept).",
        ),
    ] = True,
    progressive_students: Annotated[
        int,
        typer.Option(
            "--progressive-students", min=0, help="Synthetic wiki size for `progressive` (0: none)."
        ),
    ] = 20000,
    out: Annotated[Path, typer.Option("--out", help="Results directory.")] = Path("benchmarks"),
    json_output: Annotated[bool, typer.Option("--json", help="Print results as JSON.")] = False,
) -> None:
    """Benchmarks: index cold/warm/incremental, query latency, HTTP load, scaling, a
    hostile wiki."""
    from zpagent.bench.options import BenchOptions
    from zpagent.bench.report import write_results
    from zpagent.bench.runner import RUNTIME_SECTIONS, run_bench
    from zpagent.demo import sample_wiki_path

    chosen = tuple(s.strip() for s in sections.split(",") if s.strip())
    known = {"index", "query", "http", "chat", "webhook", "scale", "progressive", "hostile",
             *RUNTIME_SECTIONS}  # fmt: skip
    unknown = set(chosen) - known
    if unknown:
        raise typer.BadParameter(f"unknown sections: {', '.join(sorted(unknown))}")
    sample = sample_wiki_path()
    opts = BenchOptions(
        wiki=wiki or sample,
        datasets=sample.parents[1] / "eval" / "datasets",
        out=out,
        sections=chosen,
        concurrency=_ints(concurrency),
        scale_sizes=_ints(scale),
        http_requests=requests,
        http_seconds=seconds,
        extra={
            "argv": sys.argv[2:],
            "docs_site": docs_site,
            "progressive_students": progressive_students,
            "progressive_sample": progressive_sample,
        },
    )
    results = run_bench(opts, say=lambda s: err_console.print(f"[dim]{s}[/dim]"))
    paths = write_results(results, out)
    if json_output:
        emit_json({"status": "ok", "reason": None, **results})
    else:
        console.print((out / "results.md").read_text(encoding="utf-8"))
        console.print(f"[dim]written: {', '.join(str(p) for p in paths)}[/dim]")


def register(app: typer.Typer) -> None:
    app.command("bench")(handle_errors(bench))
