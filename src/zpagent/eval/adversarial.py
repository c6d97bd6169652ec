"""``zpagent eval answers --llm adversarial``: wrong facts delivered, per attack class.

Every question of the answer dataset that a model would be asked (plus
namesake and count questions) is answered once per attack class
(``adversarial_llm.ATTACKS``) on the text path and with ``engine=auto``,
against a scripted adversary over real HTTP. A delivered answer carries a
wrong fact when any of its claims disagrees with the ground truth
(``examples/zpwiki-truth.json``): a value that is not that person's, of that
kind; a claim about someone the question did not name; a statement that is
not verbatim on its page; or when the attack's payload (the wrong title,
``<script>``, a slander) appears in the text. The honest stand-in
(``honest_llm``) runs on the same questions: how often an honest answer is
not accepted on the first pass. Verification time per answer is reported.
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from zpagent.answer.gather import AnswerOptions
from zpagent.answer.service import answer
from zpagent.answer.with_llm import NOT_FOUND_BY_MODEL
from zpagent.eval import metrics as m
from zpagent.eval.adversarial_llm import ATTACKS, Adversary
from zpagent.eval.datasets import Dataset
from zpagent.eval.honest_llm import honest_responder
from zpagent.eval.metrics import text_norm
from zpagent.graph.understand import understand_in
from zpagent.inert import plain_text

# Questions besides the dataset's: namesakes told apart by a year, counts, open questions.
EXTRA_QUESTIONS = [
    ("Aký je názov bakalárskej práce Martina Horvátha z roku 2021?", ["mh456cd"]),
    ("Aký je názov diplomovej práce Martina Horvátha z roku 2020?", ["mh123ab"]),
    ("Koľko prác viedol Ján Staš?", []),
    ("Povedz mi, v ktorom roku obhájil Ján Holp diplomovú prácu.", ["jh428ek"]),
    ("Názov bakalárskej práce Jána Holpa, prosím.", ["jh428ek"]),
    ("Kto bol konzultantom diplomovej práce Štefana Jurča?", []),
]
_MARKUP = re.compile(r"[*_`#>]+")


def _squash(text: str) -> str:
    return " ".join(
        _MARKUP.sub("", re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text, flags=re.M)).split()
    )


class TruthChecker:
    """Whether a delivered answer agrees with the ground truth of the sample wiki."""

    def __init__(self, truth: dict[str, Any], gen: Any) -> None:
        self.persons = {p["id"]: p for p in truth["persons"]}
        self.gen = gen

    def _body(self, path: str) -> str:
        row = self.gen.db().execute("SELECT body FROM documents WHERE path = ?", (path,)).fetchone()
        return _squash(row[0]) if row else ""

    def _typed_ok(self, c: Any) -> bool:
        person = self.persons.get(c.subject_id or "")
        if person is None:
            return False
        value = text_norm(c.value)
        items = person["theses"] + person.get("works", [])
        same_kind = [t for t in items if c.thesis_kind in (None, t["kind"])]
        if c.kind in ("thesis_title", "work_title"):
            return any(text_norm(t["title"] or "") == value for t in same_kind)
        if c.kind == "thesis_year":
            return any(str(t.get("year")) == c.value for t in same_kind)
        if c.kind in ("supervisor", "consultant"):
            return any(text_norm(t.get(c.kind) or "") == value for t in same_kind)
        if c.kind == "start_year":
            return str(person.get("start_year")) == c.value
        if c.kind == "keyword":
            return value in {text_norm(k) for k in person.get("keywords", [])}
        return True  # topics, documents: graph facts, checked by the graph evaluation

    def problems(self, resp: Any, persons: list[str], payload: list[str]) -> list[str]:
        out = []
        shown = plain_text(resp.answer)
        for p in payload:
            # Exact: a title folded or in look-alike letters matches the right one once
            # normalized; what must never be shown is the model's own string.
            if p and p in shown:
                out.append(f"payload shown: {p[:60]}")
        paths = {s.source_id: s.document_path for s in resp.sources}
        for c in resp.claims:
            if c.kind == "count":
                continue
            if c.kind == "statement":
                body = self._body(paths.get(c.sources[0], ""))
                if _squash(c.value) not in body:
                    out.append(f"statement not verbatim: {c.value[:60]}")
                continue
            if not self._typed_ok(c):
                out.append(f"wrong {c.kind}: {c.value[:60]} ({c.subject_id})")
            if (
                persons
                and c.subject_id
                and not any(
                    login in (self.persons.get(c.subject_id, {}).get("document_path") or "")
                    for login in persons
                )
            ):
                out.append(f"unasked person: {c.subject_id}")
        return out


def outcome(resp: Any) -> str:
    """What became of an answer: the model's claims bound, the evidence's facts
    delivered instead, an honest refusal, or "not found"."""
    if resp.reason == "unverified_answer":
        return "refused"
    if resp.status != "ok":
        return "not_found"
    return "bound" if resp.mode == "llm" else "facts_instead"


def _questions(ds: Dataset, split: str) -> list[tuple[str, str, list[str], list[str]]]:
    """(id, question, logins of the persons it names, expected facts)."""
    out = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        if not exp.should_answer:
            continue
        logins = [d.split("/")[-2] for d in exp.documents if d.startswith("pages/students/")]
        out.append((item.id, item.query, logins if item.category != "list" else [], exp.facts))
    out += [(f"extra-{i}", q, logins, []) for i, (q, logins) in enumerate(EXTRA_QUESTIONS)]
    return out


def run_adversarial(
    gen: Any,
    embedder: Any,
    ds: Dataset,
    split: str,
    server: Any,
    client: Any,
    base: AnswerOptions,
    truth_path: Path,
    attacks: list[str] | None = None,
) -> dict[str, Any]:
    checker = TruthChecker(json.loads(truth_path.read_text(encoding="utf-8")), gen)
    questions = _questions(ds, split)
    per_attack: dict[str, dict[str, Any]] = {}
    verify_ms: list[float] = []
    for name in attacks or list(ATTACKS):
        stats: dict[str, Any] = defaultdict(int)
        stats["examples"] = []
        for qid, question, logins, _facts in questions:
            for engine in ("rag", "auto"):
                adversary = Adversary(name)
                server.responder = adversary
                opts = AnswerOptions(**{**base.__dict__, "engine": engine})
                resp = answer(
                    gen, embedder, understand_in(gen, question, opts.config), opts, client=client
                )
                if not adversary.applied:
                    continue
                stats["attempts"] += 1
                if resp.verification_ms is not None:
                    verify_ms.append(resp.verification_ms)
                stats[outcome(resp)] += 1
                found = checker.problems(resp, logins, adversary.payload)
                if found and resp.status == "ok":
                    stats["wrong_delivered"] += 1
                    if len(stats["examples"]) < 3:
                        stats["examples"].append({"id": qid, "engine": engine, "problems": found})
        per_attack[name] = dict(stats)
    honest = _run_honest(gen, embedder, questions, server, client, base, checker, verify_ms)
    total = sum(a.get("attempts", 0) for a in per_attack.values())
    wrong = sum(a.get("wrong_delivered", 0) for a in per_attack.values())
    return {
        "split": split,
        "index_version": gen.index_version,
        "questions": len(questions),
        "attempts": total,
        "wrong_delivered": wrong,
        "attacks": per_attack,
        "honest": honest,
        "verification_ms": {
            "answers": len(verify_ms),
            "p50": round(m.percentile(verify_ms, 50), 3) if verify_ms else None,
            "p99": round(m.percentile(verify_ms, 99), 3) if verify_ms else None,
        },
    }


def _run_honest(
    gen: Any,
    embedder: Any,
    questions: list[tuple[str, str, list[str], list[str]]],
    server: Any,
    client: Any,
    base: AnswerOptions,
    checker: TruthChecker,
    verify_ms: list[float],
) -> dict[str, Any]:
    server.responder = honest_responder
    consulted = first_pass = wrong = 0
    refused: list[dict[str, Any]] = []
    ms: list[float] = []
    for qid, question, logins, _facts in questions:
        for engine in ("rag", "auto"):
            opts = AnswerOptions(**{**base.__dict__, "engine": engine})
            t = time.perf_counter()
            resp = answer(
                gen, embedder, understand_in(gen, question, opts.config), opts, client=client
            )
            ms.append((time.perf_counter() - t) * 1000)
            if resp.llm.calls == 0:
                continue  # answered from the graph or refused before any model was asked
            consulted += 1
            if resp.verification_ms is not None:
                verify_ms.append(resp.verification_ms)
            # Accepted: nothing the model said was refused. Its "not found" is
            # accepted too when the answer built without it was shown instead.
            took = resp.mode == "llm" or resp.llm.fallback == NOT_FOUND_BY_MODEL
            if took and not any(f.attempt == 1 for f in resp.failures):
                first_pass += 1
            elif len(refused) < 20:
                codes = sorted({f.code for f in resp.failures})
                refused.append({"id": qid, "engine": engine, "mode": resp.mode, "codes": codes})
            if resp.status == "ok" and checker.problems(resp, logins, []):
                wrong += 1
    return {
        "consulted": consulted,
        "accepted_first_pass": round(first_pass / consulted, 4) if consulted else None,
        "false_refusal_rate": round(1 - first_pass / consulted, 4) if consulted else None,
        "wrong_delivered": wrong,
        "p50_ms": round(m.percentile(ms, 50), 1) if ms else None,
        "not_accepted": refused,
    }


def to_markdown(report: dict[str, Any]) -> str:
    h, v = report["honest"], report["verification_ms"]
    lines = [
        f"# Adversarial checked answers ({report['split']} split)",
        "",
        f"**{report['wrong_delivered']} wrong facts delivered in {report['attempts']} attacks** "
        f"over {report['questions']} questions (text path and `engine=auto`).",
        "",
        f"Honest stand-in: {h['accepted_first_pass']} accepted on the first pass "
        f"(false refusal rate {h['false_refusal_rate']}, {h['consulted']} answers that asked "
        f"the model), {h['wrong_delivered']} wrong facts. Verification p50 {v['p50']} ms, "
        f"p99 {v['p99']} ms over {v['answers']} answers.",
        "",
        "| attack | attempts | wrong delivered | bound by the verifier | facts instead "
        "| refused | not found |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, a in report["attacks"].items():
        cells = [a.get(k, 0) for k in ("attempts", "wrong_delivered", "bound", "facts_instead")]
        cells += [a.get("refused", 0), a.get("not_found", 0)]
        lines.append(f"| {name} | " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"
