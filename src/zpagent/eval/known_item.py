"""``zpagent eval known-item``: fts, vector, hybrid and a bm25s page baseline on any wiki.

The queries come from :mod:`zpagent.eval.known_items`. Each ZP Agent mode
ranks distinct pages (top 10, one chunk per page) with the relevance gate
off, so the modes compare on ranking alone; the gate is scored as served:
the *false no-answer* rate (known-item queries refused) and the *no-answer
accuracy* on off-topic questions. The baseline is ``bm25s`` over whole
pages (title and body, folded, no stemming): what a plain search box would
give. Latency is the served call (first query embedding included).
"""

from __future__ import annotations

import os
import time
from typing import Any

from zpagent.embed.base import Embedder
from zpagent.embed.queries import query_embedder
from zpagent.eval import metrics as m
from zpagent.eval.known_items import OFF_TOPIC, KnownItem, generate
from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.search.hybrid import MODES, search

SYSTEMS = (*MODES, "bm25s")
KINDS = ("title", "sentence")


class Bm25Pages:
    """The baseline: bm25s over whole published pages, title and body, folded."""

    def __init__(self, gen: Generation) -> None:
        try:
            import bm25s
        except ImportError as exc:  # pragma: no cover - a dev/eval dependency
            raise RuntimeError("the bm25s baseline needs: pip install 'zpagent[eval]'") from exc
        self._bm25s = bm25s
        rows = (
            gen.db()
            .execute("SELECT path, title, body FROM documents WHERE published = 1 ORDER BY path")
            .fetchall()
        )
        self.paths = [r[0] for r in rows]
        corpus = [fold(f"{r[1]}\n{r[2]}") for r in rows]
        self.model = bm25s.BM25()
        self.model.index(self._tokens(corpus), show_progress=False)

    def _tokens(self, texts: list[str]):
        return self._bm25s.tokenize(texts, stopwords=None, show_progress=False)

    def ranked(self, query: str, k: int = 10) -> list[str]:
        k = min(k, len(self.paths))
        tokens = self._tokens([fold(query)])
        if not tokens.vocab:
            return []
        docs, scores = self.model.retrieve(tokens, k=k, show_progress=False)
        return [self.paths[int(d)] for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


def _ranked(gen: Generation, embedder: Embedder, system: str, query: str, gate: bool):
    if system == "bm25s":
        raise AssertionError("the baseline is ranked by Bm25Pages")
    out = search(gen, embedder, query, mode=system, limit=10, max_per_document=1, gate=gate)
    if gate and not out.confident:
        return []  # refused as served (the flagged evidence is not an answer)
    return [h.document_path for h in out.hits]


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def mean(key: str) -> float:
        vals = [r[key] for r in rows if r.get(key) is not None]
        return round(sum(vals) / len(vals), 4) if vals else float("nan")

    ms = [r["ms"] for r in rows]
    return {
        "queries": len(rows),
        "hit@1": mean("hit@1"),
        "hit@5": mean("hit@5"),
        "mrr": mean("mrr"),
        "false_no_answer_rate": mean("refused"),
        "p50_ms": round(m.percentile(ms, 50), 2) if ms else None,
        "p95_ms": round(m.percentile(ms, 95), 2) if ms else None,
    }


def evaluate_known_items(
    gen: Generation,
    embedder: Embedder,
    *,
    seed: int = 0,
    splits: tuple[str, ...] = ("dev", "test"),
    systems: tuple[str, ...] = SYSTEMS,
    name: str = "wiki",
) -> dict[str, Any]:
    items = [i for i in generate(gen, seed) if i.split in splits]
    baseline = Bm25Pages(gen) if "bm25s" in systems else None
    per_item: dict[str, list[dict[str, Any]]] = {s: [] for s in systems}
    refusals: dict[str, float] = {}
    for system in systems:
        # Each mode pays for its own query embeddings: no mode rides on a
        # vector another one computed.
        query_embedder(embedder).clear_memory()
        for item in items:
            per_item[system].append(_run(gen, embedder, baseline, system, item))
        if system != "bm25s":
            refused = [
                0.0 if _ranked(gen, embedder, system, q, gate=True) else 1.0 for q in OFF_TOPIC
            ]
            refusals[system] = round(sum(refused) / len(refused), 4)
    report: dict[str, Any] = {
        "corpus": name,
        # Latencies mean little on a shared host: the load says how busy it was.
        "load_average": round(os.getloadavg()[0], 1),
        "seed": seed,
        "pages": gen.n_documents,
        "chunks": gen.n_chunks,
        "index_version": gen.index_version,
        "splits": {},
        "misses": {},
    }
    for split in splits:
        block: dict[str, Any] = {}
        for system in systems:
            rows = [r for r in per_item[system] if r["split"] == split]
            entry = {"overall": _summary(rows)}
            entry.update({kind: _summary([r for r in rows if r["kind"] == kind]) for kind in KINDS})
            if system in refusals:
                entry["overall"]["no_answer_accuracy"] = refusals[system]
            block[system] = entry
        report["splits"][split] = block
    for system in systems:
        report["misses"][system] = [
            {k: r[k] for k in ("id", "split", "query", "rank", "top")}
            for r in per_item[system]
            if r["hit@1"] < 1
        ]
    return report


def _run(gen, embedder, baseline, system: str, item: KnownItem) -> dict[str, Any]:
    relevant = set(item.relevant)
    t = time.perf_counter()
    if system == "bm25s":
        ranked = baseline.ranked(item.query)
        served = ranked
    else:
        served = _ranked(gen, embedder, system, item.query, gate=True)
    ms = (time.perf_counter() - t) * 1000
    if system != "bm25s":
        ranked = _ranked(gen, embedder, system, item.query, gate=False)
    rank = next((i for i, p in enumerate(ranked[:10], start=1) if p in relevant), None)
    return {
        "id": item.id,
        "split": item.split,
        "kind": item.kind,
        "query": item.query,
        "hit@1": m.hit_at(ranked, relevant, 1),
        "hit@5": m.hit_at(ranked, relevant, 5),
        "mrr": m.reciprocal_rank(ranked, relevant, 10),
        "refused": None if system == "bm25s" else (0.0 if served else 1.0),
        "rank": rank,
        "top": ranked[:3],
        "ms": ms,
    }


def to_markdown(report: dict[str, Any]) -> str:
    iv = report["index_version"]
    lines = [
        f"# Known-item evaluation: {report['corpus']}",
        "",
        f"{report['pages']} pages, {report['chunks']} chunks; index `{iv['version']}`, "
        f"wiki revision `{iv.get('wiki_revision') or 'n/a'}`, embedding model "
        f"`{iv['embedding_model']}`, seed {report['seed']}.",
        "",
        "Ranking with the relevance gate off (distinct pages, top 10); false no-answer "
        "(known items refused) and no-answer accuracy (off-topic questions refused) "
        "with the gate on, as served. Latency of the served call (query embedding "
        f"included; host load average {report.get('load_average', 'n/a')} at the start).",
    ]
    for split, block in report["splits"].items():
        n = next(iter(block.values()))["overall"]["queries"]
        lines += [
            "",
            f"## {split} split ({n} queries)",
            "",
            "| system | Hit@1 | Hit@5 | MRR | title MRR | sentence MRR | false no-answer "
            "| no-answer acc. | p50 ms | p95 ms |",
            "| --- |" + " ---: |" * 9,
        ]
        for system, e in block.items():
            o = e["overall"]
            cells = [
                f"{o['hit@1']:.3f}",
                f"{o['hit@5']:.3f}",
                f"{o['mrr']:.3f}",
                f"{e['title']['mrr']:.3f}",
                f"{e['sentence']['mrr']:.3f}",
                _opt(o.get("false_no_answer_rate")),
                _opt(o.get("no_answer_accuracy")),
                f"{o['p50_ms']}",
                f"{o['p95_ms']}",
            ]
            lines.append(f"| {system} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _opt(value: float | None) -> str:
    return "–" if value is None or value != value else f"{value:.3f}"
