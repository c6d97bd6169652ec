"""Read a checked-answer prompt the way a model would: the question and the sources.

The scripted stand-ins (the honest one and the adversary) only see what a
real model sees over HTTP: the prompt text. This module parses it into the
question, the ``[Sx]`` source blocks with their person, typed facts and text
lines, and the graph's aggregation, so that each stand-in can pick (or
twist) what it claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_BLOCK = re.compile(r"^\[(S\d+)\] (.+)$", re.MULTILINE)
_PERSON = re.compile(r"^osoba: (.+?) \(subject_id: (.*?)\)$")
_AUTHOR = re.compile(r"^autor stránky \(nie osoba, o ktorej je\): (.+)$")
_FACT = re.compile(
    r"^fakt: (?:(?P<who>[^:=]+): )?(?P<attr>[a-z_]+)(?: \((?P<kind>[a-z_]+)\))? = (?P<value>.+)$"
)
_COUNT = re.compile(r"Agregácia z grafu: počet = (\d+)")


@dataclass
class PromptFact:
    attribute: str
    kind: str | None
    value: str
    who: str | None  # another person than the block's (graph lists)


@dataclass
class Block:
    source_id: str
    title: str
    subject: str | None = None
    subject_id: str | None = None
    authors: list[str] = field(default_factory=list)
    facts: list[PromptFact] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def sentences(self) -> list[str]:
        """Whole sentences of the text, as a model following the prompt copies them
        (wrapped lines joined, Markdown markers dropped; no headings, table rows,
        code or fact lines, which the prompt says are not quotations)."""
        from zpagent.answer.quotes import unit_list

        text = "\n".join(ln for ln in self.lines if not ln.startswith("Sekcia:"))
        return [u.text for u in unit_list(text) if u.quotable]


@dataclass
class Prompt:
    question: str
    blocks: list[Block]
    count: int | None

    def block(self, source_id: str) -> Block | None:
        return next((b for b in self.blocks if b.source_id == source_id), None)


def read_prompt(body: dict[str, Any]) -> Prompt:
    messages = body.get("messages", [])
    text = next((m["content"] for m in messages if m.get("role") == "user"), "")
    question = text.rsplit("Otázka:", 1)[-1].split("\n", 1)[0].strip()
    evidence = text.split("Zdroje:\n", 1)[-1].rsplit("\n\nOtázka:", 1)[0]
    starts = list(_BLOCK.finditer(evidence))
    blocks = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(evidence)
        block = Block(m.group(1), m.group(2).strip())
        for line in evidence[m.end() : end].strip("\n").splitlines():
            line = line.rstrip()
            if person := _PERSON.match(line):
                block.subject, block.subject_id = person.group(1), person.group(2)
            elif author := _AUTHOR.match(line):
                block.authors = [a.strip() for a in author.group(1).split(",")]
            elif fact := _FACT.match(line):
                block.facts.append(
                    PromptFact(fact["attr"], fact["kind"], fact["value"].strip(), fact["who"])
                )
            elif line.strip():
                block.lines.append(line)
        blocks.append(block)
    count = _COUNT.search(text)
    return Prompt(question, blocks, int(count.group(1)) if count else None)


def is_repair(body: dict[str, Any]) -> bool:
    """The second round: the last message lists the failed claims."""
    messages = body.get("messages", [])
    return len(messages) > 2 and "nepodarilo overiť" in messages[-1].get("content", "")


# What a question asks for, by its wording, as a model would read it from the
# prompt (the stand-ins' own reading: the product reads questions in ``query``).
_ASKED = [
    ("consultant", re.compile(r"konzult|consultant")),
    (
        "supervisor",
        re.compile(r"vedu[c]|viedol|viedla|skolitel|supervis|advisor|na starosti|u koho"),
    ),
    ("start_year", re.compile(r"zaciat|nastup|zacal|zacala|started|start year")),
    ("count", re.compile(r"\bkolko\b|\bpocet\b|how many|number of")),
    (
        "thesis_year",
        re.compile(r"v ktorom roku|\bkedy\b|ktory rok|\bwhat year\b|\bwhen\b|z ktoreho roku"),
    ),
    (
        "thesis_title",
        re.compile(r"nazov|\bnazv|ako sa vola|aku temu|\btema\b|\btemu\b|o com|title|\bnamed\b"),
    ),
]
_CONTENT = re.compile(
    r"\bo com (?:su|je|boli|bola|pisu|pisali|pisal\w*)\b|\bak\w* (?:metod\w*|data|dat|pristup\w*"
    r"|technik\w*|model\w*|nastroj\w*|vysledk\w*)\b|\bporovnaj\w*|\bzhrn\w*|\bcompare\b"
)


def asked_attributes(folded: str) -> frozenset[str]:
    """What the wording asks for; a count asks for nothing else."""
    asked = {name for name, pattern in _ASKED if pattern.search(folded)}
    if "count" in asked:
        return frozenset({"count"})
    if "start_year" in asked:
        asked.discard("thesis_year")
    return frozenset(asked)


def about_content(folded: str) -> bool:
    """The question asks what pages say (methods, results), not a typed fact."""
    return bool(_CONTENT.search(folded))
