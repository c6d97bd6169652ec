"""Benchmark reports: Markdown tables and a PNG of the scaling curve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zpagent.bench.progressive import merge_runs
from zpagent.bench.report_runtime import runtime_markdown


def _lat(s: dict[str, Any] | None) -> str:
    if not s or not s.get("n"):
        return "–"
    return f"{s['p50']} / {s['p95']} / {s['p99']}"


def to_markdown(r: dict[str, Any]) -> str:
    lines = [
        "# Benchmark results",
        "",
        f"Command: `{r.get('command', 'zpagent bench')}` — started {r.get('started_at')}, "
        f"{r.get('machine', {}).get('cpus')} CPUs, Python {r.get('machine', {}).get('python')}.",
        "Latencies in milliseconds as p50 / p95 / p99. One run on a noisy machine: compare "
        "medians and ratios, not single digits.",
        "",
    ]
    idx = r.get("index")
    if idx:
        lines += [
            "## Index build (sample wiki)",
            "",
            "| run | workers | seconds | documents/s | chunks/s | embedding tokens/s | computed "
            "| reused | token counts computed |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        names = {"cold_one_worker": "cold, one worker", "cold": "cold", "warm": "warm"}
        for name, label in names.items():
            x = idx.get(name)
            if not x:
                continue
            lines.append(
                f"| {label} | {x.get('embedding_workers') or '–'} | {x['seconds']} | "
                f"{x['documents_per_s']} | {x['chunks_per_s']} | "
                f"{x['embedding_tokens_per_s'] or '–'} | {x['embedding_computed']} | "
                f"{x['embedding_reused']} | {x.get('token_counts_computed', '–')} |"
            )
        inc = idx["incremental_one_page"]
        speedup = idx.get("cold_embedding_speedup")
        lines += [
            "",
            "Cold builds run without the seed cache shipped for the sample wiki. "
            + (
                f"Parallel single-thread embedding workers embed **{speedup}x** the tokens/s "
                "of one worker (the sequential path of earlier versions), same run. "
                if speedup
                else ""
            )
            + f"Warm rebuild is **{idx['warm_speedup']}x** faster than cold. Incremental sync of "
            f"one changed page: **{inc['seconds']} s** ({inc['embedding_computed']} segments "
            f"embedded, {inc['embedding_reused']} reused, reuse ratio {inc['reuse_ratio']}). "
            f"Peak RSS of the benchmark process: {idx['peak_rss_mb']} MB.",
            "",
        ]
    q = r.get("query")
    if q:
        lines += [
            f"## Query latency in-process ({q['queries']} workload queries)",
            "",
            "| tool | cold p50 / p95 / p99 | warm p50 / p95 / p99 |",
            "| --- | ---: | ---: |",
        ]
        for name in ("fts", "vector", "hybrid", "rag", "graph"):
            if name in q:
                lines.append(f"| {name} | {_lat(q[name].get('cold'))} | {_lat(q[name]['warm'])} |")
        lines.append("")
    h = r.get("http")
    if h:
        lines += [
            "## HTTP (real server on 127.0.0.1, load from a separate process)",
            "",
            f"Server start-up to ready: {h['startup_seconds']} s; server peak RSS "
            f"{h.get('server_peak_rss_mb')} MB.",
            "",
            "Cold: each distinct workload query once, first sight for the server (query "
            "embedding included). Warm: the workload cycled at each concurrency level "
            "(repeated questions hit the query-vector cache, like hot questions in use).",
            "",
            "| endpoint | phase | concurrency | requests | req/s | mean | p50 / p95 / p99 | "
            "errors | timeouts |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for run in h["runs"]:
            lat = run["latency_ms"]
            lines.append(
                f"| {run['endpoint']} | {run.get('phase', 'warm')} | {run['concurrency']} | "
                f"{run['requests']} | {run['rps']} | "
                f"{lat.get('mean', '–')} | {_lat(lat)} | {run['error_rate']} | "
                f"{run['timeout_rate']} |"
            )
        if "webhook_to_serving_seconds" in h:
            lines += [
                "",
                f"Signed webhook (one-page push) to new generation serving: "
                f"**{h['webhook_to_serving_seconds']} s**.",
            ]
        lines.append("")
    w = r.get("webhook")
    if w:
        lines += [
            "## Sync: signed webhook to serving (sample wiki, real Git origin)",
            "",
            f"A one-page push, then a signed Gitea webhook: the new commit serves after "
            f"**{w['webhook_to_serving_seconds']} s** ({w['embedding_computed']} segments "
            f"embedded, {w['embedding_reused']} reused, reuse ratio {w['reuse_ratio']}). The first "
            "full "
            f"sync of the same wiki through POST /sync took {w['full_sync_seconds']} s.",
            "",
        ]
    hs = r.get("hostile")
    if hs:
        lim = hs["limits"]
        lines += [
            "## A hostile wiki (the sample wiki plus the hostile set)",
            "",
            f"{hs['hostile_files']} hostile files (links out of the wiki and into `.git`, a "
            "FIFO and a socket, a YAML alias bomb, a 20 MB page, 10,000 headings, binaries "
            "and non-UTF-8 pages, injected instructions), default limits "
            f"({lim['page_max_bytes']} bytes, {lim['page_max_headings']} headings, "
            f"{lim['page_max_chunks']} chunks per page). Each build in its own process "
            "(`zpagent index`), seed cache on; the hostile pages' chunks are embedded cold.",
            "",
            "| wiki | seconds | peak RSS MB | documents | chunks | embedded | problem pages |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for name in ("baseline", "hostile"):
            x = hs[name]
            lines.append(
                f"| {name} | {x['seconds']} | {x['peak_rss_mb']} | {x['documents']} | "
                f"{x['chunks']} | {x['embedding_computed']} | {x['problem_documents']} |"
            )
        kinds = ", ".join(f"{k} {v}" for k, v in (hs["hostile"].get("warnings") or {}).items())
        lines += ["", f"Problems reported: {kinds}.", ""]
    c = r.get("chat")
    if c:
        lines += [
            "## The main agent, streamed (POST /v1/chat/completions)",
            "",
            "Every conversation of `eval/datasets/conversations.json` played as a chat "
            "client does (earlier turns with the server's own answers), the last turn "
            "streamed and timed. First byte: the role chunk; first answer byte: the answer's "
            "first line. Accuracy: the last answer passes the check of "
            "`zpagent eval conversations` (status, facts, the person it is about).",
            "",
            "| concurrency | conversations | accuracy | first byte p50 / p95 / p99 | "
            "first answer byte p50 / p95 / p99 | total p50 / p95 / p99 |",
            "| ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for run in c["runs"]:
            accuracy = run.get("accuracy")
            lines.append(
                f"| {run['concurrency']} | {run['requests']} | "
                f"{'–' if accuracy is None else f'{accuracy:.3f}'} | "
                f"{_lat(run['first_byte_ms'])} | {_lat(run['first_answer_byte_ms'])} | "
                f"{_lat(run['total_ms'])} |"
            )
        lines.append("")
    s = r.get("scale")
    if s:
        lines += [
            f"## Scaling on synthetic wikis ({s['embedder']})",
            "",
            "| students | documents | chunks | build s | fts p50 / p95 / p99 | "
            "hybrid p50 / p95 / p99 | peak RSS MB |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for p in s["points"]:
            if "error" in p:
                lines.append(f"| {p['students']} | failed: {p['error']} | | | | | |")
                continue
            lines.append(
                f"| {p['students']} | {p['documents']} | {p['chunks']} | {p['build_seconds']} | "
                f"{_lat(p['fts'])} | {_lat(p['hybrid'])} | {p['peak_rss_mb']} |"
            )
        lines += ["", "![scaling](scaling.png)", ""]
    lines += progressive_markdown(r.get("progressive"))
    lines += runtime_markdown(r)
    return "\n".join(lines) + "\n"


def _s(x: Any) -> str:
    return "–" if x is None else str(x)


def progressive_markdown(p: dict[str, Any] | None) -> list[str]:
    """``--sections progressive``: seconds from ``zpagent index`` to answers."""
    if not p:
        return []
    lines = [
        "## A new wiki answers: progressive publication",
        "",
        "Cold `zpagent index` (empty data directory, no embedding cache) in its own process; "
        f"this process watches the pointer every {p['poll_seconds']} s and searches each new "
        "generation for one page's title (answered: the page is in the top ten). Seconds from "
        "the start of `zpagent index`. Build rate: tokens embedded over the build's embedding "
        "phase (publications included); embedder: the same model over a sample of the same "
        "chunks in this process, single thread and with the build's workers.",
        "",
        "Each row says which command measured it and when (`measured`).",
        "",
        "| wiki | pages | first answer s | full dense s | tokens embedded | tokens saved by "
        "dedup | build tokens/s | embedder tokens/s (1 thread / workers) | build vs workers "
        "| measured |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    # A run built only to its first publication is estimated at a measured build rate.
    rate = next((r["build_tokens_per_s"] for r in p["runs"] if r.get("build_tokens_per_s")), None)
    for run in p["runs"]:
        emb = run.get("embedder") or {}
        full = run.get("full_dense_seconds")
        estimate = run.get("full_dense_seconds_estimate")
        if full is None and estimate is None and run.get("tokens_to_embed") and rate:
            estimate = round(run["tokens_to_embed"] / rate)  # at another row's measured rate
        if full is None and estimate:
            full = f"≈ {estimate} (estimate)"
        rates = (
            f"{emb['single_thread_tokens_per_s']} / {emb['build_workers_tokens_per_s']}"
            if emb
            else "–"
        )
        tokens = run.get("embedding_tokens_computed") or run.get("tokens_to_embed")
        lines.append(
            f"| {run['wiki']} | {_s(run.get('documents'))} | {_s(run.get('first_answer_seconds'))}"
            f" | {_s(full)} | {_s(tokens)}"
            f" | {_s(run.get('embedding_tokens_saved'))} | {_s(run.get('build_tokens_per_s'))} | "
            f"{rates} | {_s(run.get('vs_embedder_same_workers'))} | "
            f"{run.get('measured_at', '–')}: `{run.get('command', '')}` |"
        )
    return [*lines, ""]


def plot_scaling(r: dict[str, Any], path: Path) -> bool:
    s = r.get("scale")
    if not s or not s["points"]:
        return False
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    pts = [p for p in s["points"] if "error" not in p]
    if not pts:
        return False
    chunks = [p["chunks"] for p in pts]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    ax1.plot(chunks, [p["build_seconds"] for p in pts], "o-")
    ax1.set_xlabel("chunks")
    ax1.set_ylabel("build seconds (hashing embedder)")
    ax1.set_title("Build time")
    for mode in ("fts", "hybrid"):
        ax2.plot(chunks, [p[mode]["p50"] for p in pts], "o-", label=f"{mode} p50")
        ax2.plot(chunks, [p[mode]["p99"] for p in pts], "x--", label=f"{mode} p99")
    ax2.set_xlabel("chunks")
    ax2.set_ylabel("ms")
    ax2.set_title("Search latency in-process")
    ax2.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_results(r: dict[str, Any], out: Path) -> list[Path]:
    """Merge into ``out/results.json`` (sections not run keep their last values)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / "results.json"
    merged: dict[str, Any] = {}
    if path.exists():
        try:
            merged = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            merged = {}
    if "progressive" in r:
        r = {**r, "progressive": merge_runs(merged.get("progressive"), r["progressive"])}
    merged.update(r)
    path.write_text(json.dumps(merged, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    md = out / "results.md"
    md.write_text(to_markdown(merged), encoding="utf-8")
    written = [path, md]
    if plot_scaling(merged, out / "scaling.png"):
        written.append(out / "scaling.png")
    return written
