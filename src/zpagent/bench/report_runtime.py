"""Markdown for the runtime sections: query cost, a flood, a publication, /graph under load."""

from __future__ import annotations

from typing import Any


def _lat(s: dict[str, Any] | None) -> str:
    if not s or not s.get("n"):
        return "–"
    return f"{s['p50']} / {s['p95']} / {s['p99']}"


def _statuses(counts: dict[str, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "–"


def _run(x: dict[str, Any]) -> list[str]:
    run = x.get("run")
    return [f"Measured by `{run['command']}`, finished {run['finished_at']}.", ""] if run else []


def runtime_markdown(r: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    q = r.get("query_cpu")
    if q:
        lim = q.get("limits", {})
        lines += [
            f"## Query cost in-process ({q['queries']} workload questions, hybrid search)",
            "",
            *_run(q),
            "Wall and CPU milliseconds per search, one at a time (CPU of the whole process, "
            "embedding workers included). *today*: the query embedding as before (one "
            "serialized thread, the engine's default OpenMP threads, no cap); *new*: "
            f"single-threaded workers, the first {lim.get('max_tokens')} model tokens "
            "embedded; *repeated*: the same questions again (memory); *restarted*: again "
            "after a restart (the persistent query-vector cache).",
            "",
            "| questions | wall p50 / p95 / p99 | CPU p50 / p95 / p99 |",
            "| --- | ---: | ---: |",
        ]
        for key, label in (
            ("today_new", "new, today's path"),
            ("new_new", "new"),
            ("new_repeated", "repeated"),
            ("new_restarted", "restarted"),
            ("today_busy", "new, today's path, busy host"),
            ("new_busy", "new, busy host"),
        ):
            x = q.get(key)
            if x:
                lines.append(f"| {label} | {_lat(x['wall_ms'])} | {_lat(x['cpu_ms'])} |")
        busy = ""
        if q.get("new_busy"):
            busy = (
                f" On a busy host (a CPU-bound process per core beside the server): "
                f"**{q['new_busy']['cpu_ms']['p50']} ms** against "
                f"{q['today_busy']['cpu_ms']['p50']} ms (ratio "
                f"{q['busy_cpu_p50_ratio_new_to_today']})."
            )
        lines += [
            "",
            f"New-question CPU p50, quiet host: **{q['new_new']['cpu_ms']['p50']} ms** against "
            f"{q['today_new']['cpu_ms']['p50']} ms today (ratio "
            f"{q['cpu_p50_ratio_new_to_today']}).{busy} After a restart, the vectors of "
            f"{q['restarted_store_hits']} of the {q.get('distinct_queries')} distinct questions "
            "came from the disk cache (the other repeats from memory).",
            "",
        ]
    f = r.get("flood")
    if f and "paced" in f:
        quiet = f["quiet"]
        lines += [
            "## Ordinary searches during a flood of long queries (real server)",
            "",
            *_run(f),
            "Ordinary new questions (a workload question plus two words, never cached) at "
            "concurrency 4: quiet, then while 16 clients send new ~2,000-character questions "
            "back to back. *paced*: a client whose question was refused waits its "
            "`Retry-After` (as HTTP clients with retries do); *unpaced*: it sends the next "
            "one at once (an attacker). Cores: CPU seconds per second of the server (all "
            "its processes) and of the flood's client process, which runs on the same "
            "2-core machine and so takes its CPU from the server too.",
            "",
            "| ordinary questions | requests | req/s | p50 / p95 / p99 | p99 / quiet | "
            "long questions: statuses | server cores | flood clients' cores |",
            "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
            f"| quiet | {quiet['requests']} | {quiet['rps']} | {_lat(quiet['latency_ms'])} | "
            f"1 | – | {quiet.get('server_cores', '–')} | – |",
        ]
        for name in ("paced", "unpaced"):
            x = f[name]
            o, long_ = x["ordinary"], x["long_queries"]
            lines.append(
                f"| during the {name} flood | {o['requests']} | {o['rps']} | "
                f"{_lat(o['latency_ms'])} | {x['p99_ratio']}x | {_statuses(long_['status'])} "
                f"of {long_['requests']} | {o.get('server_cores', '–')} | "
                f"{o.get('flood_client_cores', '–')} |"
            )
        lines.append("")
    p = r.get("publication")
    if p:
        lines += [
            f"## Publication under load (concurrency {p['concurrency']}, real server)",
            "",
            *_run(p),
            "Clients search from a few seconds before until a few seconds after a new "
            "generation of the sample wiki (one page more) is published into the served "
            "data directory. Half of them ask for the new page, so each answer proves which "
            "generation gave it.",
            "",
            "| requests | non-2xx | during the publication | versions served | "
            "mixed answers | back to the old version | p50 / p95 / p99 | "
            "during the publication |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {p['requests']} | {p['non_2xx']} | {p['requests_during_publication']} | "
            f"{len(p['versions'])} | {p['mixed_responses']} | {p['back_to_old_version']} | "
            f"{_lat(p['latency_ms'])} | {_lat(p['latency_during_publication_ms'])} |",
            "",
            f"The publication took {p['publication_seconds']} s (build from the cache, then "
            "the switch).",
            "",
        ]
    g = r.get("graph_load")
    if g:
        lines += [
            f"## /graph under load ({g['concurrency']} clients, {g['seconds']} s, real server)",
            "",
            *_run(g),
            f"Every question of the graph dataset ({g['questions']}, limit 100) in a loop.",
            "",
            "| requests | req/s | p50 / p95 / p99 | statuses | refusals | worker crashes | "
            "healthy after |",
            "| ---: | ---: | ---: | --- | --- | ---: | --- |",
            f"| {g['requests']} | {g['rps']} | {_lat(g['latency_ms'])} | "
            f"{_statuses(g['status'])} | {_statuses(g.get('refusals', {}))} | "
            f"{g['worker_crashes']} | {'yes' if g['healthy_after'] else 'no'} |",
            "",
        ]
    return lines


def runtime_headlines(bench: dict[str, Any]) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    q = bench.get("query_cpu")
    if q:
        rows.append(
            (
                "CPU per new question (hybrid, in-process)",
                f"p50 {q['new_new']['cpu_ms']['p50']} ms quiet (today's path "
                f"{q['today_new']['cpu_ms']['p50']} ms, ratio {q['cpu_p50_ratio_new_to_today']})"
                + (
                    f", {q['new_busy']['cpu_ms']['p50']} ms on a busy host (today's path "
                    f"{q['today_busy']['cpu_ms']['p50']} ms, ratio "
                    f"{q['busy_cpu_p50_ratio_new_to_today']})"
                    if q.get("new_busy")
                    else ""
                )
                + f"; repeated {q['new_repeated']['cpu_ms']['p50']} ms",
                "zpagent bench --sections query_cpu",
            )
        )
    f = bench.get("flood")
    if f and "paced" in f:
        rows.append(
            (
                "ordinary searches during a flood of long queries",
                f"p99 {f['quiet']['latency_ms']['p99']} ms quiet; "
                f"{f['paced']['ordinary']['latency_ms']['p99']} ms "
                f"({f['paced']['p99_ratio']}x) when refused clients wait Retry-After, "
                f"{f['unpaced']['ordinary']['latency_ms']['p99']} ms "
                f"({f['unpaced']['p99_ratio']}x) when they do not",
                "zpagent bench --sections flood",
            )
        )
    p = bench.get("publication")
    if p:
        rows.append(
            (
                f"publication under load (concurrency {p['concurrency']})",
                f"non-2xx {p['non_2xx']} of {p['requests']}, mixed answers {p['mixed_responses']}",
                "zpagent bench --sections publication",
            )
        )
    g = bench.get("graph_load")
    if g:
        rows.append(
            (
                f"/graph, {g['concurrency']} clients x {g['seconds']} s",
                f"{g['requests']} requests ({_statuses(g['status'])}), worker crashes "
                f"{g['worker_crashes']}",
                "zpagent bench --sections graph_load",
            )
        )
    return rows


__all__ = ["runtime_headlines", "runtime_markdown"]
