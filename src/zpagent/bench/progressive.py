"""``zpagent bench --sections progressive``: how soon a new wiki answers.

For each wiki, an empty data directory and a cold ``zpagent index`` in its
own process (no embedding cache, no seed cache), while this process does
what a server does: it watches the published pointer (every
``POLL_SECONDS``) and asks one question of each new generation, a hybrid
search for the title of one page of the wiki, answered when that page is
among the first ten results. Measured from the start of ``zpagent index``:

- time to the first answered question (the first, partial generation);
- time to full dense retrieval (the generation with every vector).

The build's own embedding rate (tokens embedded over the time its
embedding phase took, publications included) is compared with the same
embedder run over a sample of the same wiki's chunks in this process, once
with one worker (single thread) and once with the build's worker count.

The largest synthetic wiki is only built to its first publication: its full
embedding takes hours on 2 cores, so its time to full dense retrieval is
given as an estimate (tokens to embed over the measured rate), marked so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from zpagent.bench.servers import bench_workspace
from zpagent.embed.pipeline import default_workers, embed_all
from zpagent.index import datadir as dd
from zpagent.search.hybrid import search
from zpagent.synthetic import generate_wiki

POLL_SECONDS = 1.0
RATE_SAMPLE_CHUNKS = 96
_TOKENS_LINE = re.compile(r"embedding tokens \((\d+) items\)")


def _title_of(page: Path) -> str:
    """The front matter title, else the first heading, else the file name."""
    text = page.read_text(encoding="utf-8", errors="replace")
    m = re.search(r"^title:\s*['\"]?(.+?)['\"]?\s*$", text, re.M) or re.search(
        r"^#\s+(.+)$", text, re.M
    )
    return m.group(1).strip() if m else page.stem


def pick_page(wiki: Path) -> tuple[str, str]:
    """A page of ``wiki`` in the middle of its sorted Markdown files, and its title."""
    pages = sorted(p for p in wiki.rglob("*.md") if ".git" not in p.parts)
    page = pages[len(pages) // 2]
    return page.relative_to(wiki).as_posix(), _title_of(page)


def _answered(ws: Any, path: str, title: str) -> dict[str, Any] | None:
    pointer = dd.read_pointer(ws.data)
    if pointer is None:
        return None
    with ws.open_current() as gen:
        hits = search(gen, ws.embedder, title, limit=10).hits
        return {
            "version": gen.version,
            "vectors": gen.index_version.get("vectors", "complete"),
            "answered": any(h.document_path.endswith(path) for h in hits),
        }


def _rates(ws: Any) -> dict[str, Any]:
    """The embedder alone over a sample of the built chunks: one worker, then the build's."""
    with ws.open_current() as gen:
        rows = gen.db().execute(
            "SELECT text FROM chunks ORDER BY id LIMIT ?", (RATE_SAMPLE_CHUNKS,)
        )
        texts = [r[0] for r in rows]
    out: dict[str, Any] = {"sample_chunks": len(texts)}
    tokens = sum(ws.embedder.token_count(t) for t in texts)
    for name, workers in (("single_thread", 1), ("build_workers", default_workers())):
        t = time.perf_counter()
        embed_all(ws.embedder, None, texts, workers=workers)
        out[f"{name}_tokens_per_s"] = round(tokens / (time.perf_counter() - t), 1)
    out["build_workers"] = default_workers()
    return out


def measure(
    wiki: Path, work: Path, name: str, say: Any, full: bool = True, timeout: float = 7200
) -> dict[str, Any]:
    data = work / f"progressive-{name}"
    shutil.rmtree(data, ignore_errors=True)
    env = {**os.environ, "EMBEDDING_SEED_CACHE": "false", "ZPAGENT_DATA_DIR": str(data)}
    log = work / f"progressive-{name}.log"
    path, title = pick_page(wiki)
    ws = bench_workspace(data)
    say(f"progressive: cold build of {name} ({wiki})")
    t0 = time.perf_counter()
    with log.open("w") as err:
        proc = subprocess.Popen(
            # Without --json the build prints its progress lines (the tokens to
            # embed) to stderr, all a build stopped early can tell.
            [sys.executable, "-m", "zpagent", "index", "--wiki", str(wiki),
             *(["--json"] if full else [])],
            stdout=subprocess.PIPE, stderr=err, env=env, text=True,
        )  # fmt: skip
        seen: dict[str, dict[str, Any]] = {}
        first = full_at = None
        while proc.poll() is None and time.perf_counter() - t0 < timeout:
            time.sleep(POLL_SECONDS)
            pointer = dd.read_pointer(ws.data)
            if pointer is None or pointer["version"] in seen:
                continue
            probe = _answered(ws, path, title) or {}
            probe["seconds"] = round(time.perf_counter() - t0, 1)
            seen[pointer["version"]] = probe
            if first is None and probe.get("answered"):
                first = probe["seconds"]
            if probe.get("vectors") == "complete":
                full_at = probe["seconds"]
            if not full and first is not None:
                proc.send_signal(signal.SIGTERM)  # the rest takes hours: estimated below
        stdout, _ = proc.communicate(timeout=600)
    if full_at is None and proc.returncode == 0 and dd.read_pointer(ws.data):
        full_at = round(time.perf_counter() - t0, 1)  # published between two polls
    result: dict[str, Any] = {
        "wiki": name,
        "question": title,
        "first_answer_seconds": first,
        "full_dense_seconds": full_at if full else None,
        "generations_seen": list(seen.values()),
    }
    tokens = re.findall(_TOKENS_LINE, log.read_text(encoding="utf-8", errors="replace"))
    result["tokens_to_embed"] = int(tokens[0]) if tokens else None
    if full and proc.returncode == 0:
        report = json.loads(stdout)
        embed_s = report["phase_seconds"].get("embed") or 0.0
        result.update(
            documents=report["documents"],
            chunks=report["chunks"],
            embedding_tokens_computed=report["embedding_tokens_computed"],
            embedding_tokens_saved=report["embedding_tokens_saved"],
            embedding_duplicates=report["embedding_duplicates"],
            publications=report.get("publications", []),
            build_tokens_per_s=round(report["embedding_tokens_computed"] / embed_s, 1)
            if embed_s
            else None,
        )
        result["embedder"] = _rates(ws)
        base = result["embedder"]["build_workers_tokens_per_s"]
        one = result["embedder"]["single_thread_tokens_per_s"]
        if result["build_tokens_per_s"]:
            result["vs_embedder_same_workers"] = round(result["build_tokens_per_s"] / base, 3)
            result["vs_embedder_single_thread"] = round(result["build_tokens_per_s"] / one, 3)
    elif not full:
        result["note"] = "built to its first publication only; full dense time estimated"
    shutil.rmtree(data, ignore_errors=True)
    return result


def bench_progressive(opts: Any, work: Path, say: Any) -> dict[str, Any]:
    runs = []
    if opts.extra.get("progressive_sample", True):
        runs.append(measure(opts.wiki, work, "sample wiki", say))
    docs = opts.extra.get("docs_site")
    if docs:
        runs.append(measure(Path(docs), work, f"docs site ({Path(docs).name})", say))
    students = opts.extra.get("progressive_students", 20000)
    if students:
        wiki = work / f"progressive-synthetic-{students}"
        shutil.rmtree(wiki, ignore_errors=True)
        say(f"progressive: generating a synthetic wiki of {students} students")
        generate_wiki(wiki, students, seed=7)
        big = measure(wiki, work, f"synthetic {students} students", say, full=False)
        shutil.rmtree(wiki, ignore_errors=True)
        rate = next((r["build_tokens_per_s"] for r in runs if r.get("build_tokens_per_s")), None)
        if big.get("tokens_to_embed") and rate:
            big["full_dense_seconds_estimate"] = round(big["tokens_to_embed"] / rate)
        runs.append(big)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    command = " ".join(["zpagent bench", *opts.extra.get("argv", [])])
    for run in runs:
        run["measured_at"], run["command"] = stamp, command
    return {"runs": runs, "poll_seconds": POLL_SECONDS}


def merge_runs(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """The runs of this bench beside the earlier runs of wikis it did not measure
    (each run keeps its own command and time)."""
    measured = {r["wiki"] for r in new["runs"]}
    kept = [r for r in (old or {}).get("runs", []) if r["wiki"] not in measured]
    return {**new, "runs": kept + new["runs"]}
