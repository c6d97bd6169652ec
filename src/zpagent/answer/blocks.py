"""Code blocks, lists and table rows with what introduces them: answer units of guides.

A how-to question ("Ako si naklonujem repozitár?", "what command creates a
new site?") is answered by a block, not by a sentence: the command block
under "Prvé kroky", the list under "Čo do gitu nepatrí". Sentences are cut
by ``quotes.unit_list``; this module cuts the blocks a sentence-by-sentence
reading drops (code lines and list items are no sentences), each with its
*lead*: the sentence or heading right before it, which is what usually
names the task ("Run the following commands to install Grav:"). A table row's
lead is the table's header row ("Úloha | Termín" over "Odovzdanie diplomových
prác | 28. 4. 2025"): a row answers with the header that says what its cells are.

A block is delivered verbatim (``render``): code as a fenced block, a list
as its items. Long blocks are not units: past MAX_LINES lines or MAX_CHARS
characters a block is a reference listing, not an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.answer.quotes import (
    FENCE,
    LIST_ITEM,
    SECTION_LINE,
    TABLE_ROW,
    TABLE_RULE,
    is_instruction,
    sentences,
    strip_markup,
)

MAX_LINES = 12
MAX_CHARS = 900


_LINK_ONLY = re.compile(r"^\s*\[[^\]]+\]\([^)]*\)\s*$")


@dataclass(frozen=True)
class Block:
    text: str  # the block's lines as written (code), or its items without markers (list)
    lead: str  # the sentence or heading that introduces it ("" when none)
    context: str  # the section and heading it sits under
    kind: str  # "code" | "list" | "table" (one row, ``lead`` its header row)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @property
    def navigation(self) -> bool:
        """A list of nothing but links (a table of contents): it points at the answer
        on another page, it is none itself."""
        return self.kind == "list" and all(_LINK_ONLY.match(ln) for ln in self.lines)


def blocks(text: str) -> list[Block]:
    """The code blocks and lists of an evidence text, each with its lead."""
    section = ""
    m = SECTION_LINE.match(text)
    if m:
        section, text = m.group(1), text[m.end() :]
    heading, lead = "", ""
    out: list[Block] = []
    fence, code = "", []
    items: list[str] = []
    paragraph: list[str] = []
    header = ""  # the current table's header row

    def ctx() -> str:
        # "Git pre študentov > Čo nepatrí do gitu": the path, as units have it.
        return " > ".join(x for x in (section, heading) if x)

    def close_list() -> None:
        nonlocal lead
        if items:
            _add(out, Block("\n".join(items), lead, ctx(), "list"))
            items.clear()
            lead = ""

    def close_paragraph() -> None:
        nonlocal lead
        if paragraph:
            found = sentences(" ".join(paragraph))
            lead = found[-1] if found else lead
            paragraph.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                _add(out, Block("\n".join(code).strip("\n"), lead, ctx(), "code"))
                fence, code, lead = "", [], ""
            else:
                code.append(line.rstrip())
            continue
        fenced = FENCE.match(stripped)
        if fenced:
            close_paragraph()
            close_list()
            fence, code = fenced.group(1), []
            continue
        if TABLE_ROW.match(stripped):
            close_paragraph()
            close_list()
            if not header:
                header = stripped
            elif not TABLE_RULE.match(stripped):
                _add(out, Block(stripped, header, ctx(), "table"))
            continue
        header = ""
        if stripped.startswith("#"):
            close_paragraph()
            close_list()
            heading = lead = strip_markup(stripped).strip()
            continue
        if LIST_ITEM.match(line) and not line.startswith((" ", "\t")):
            close_paragraph()
            items.append(strip_markup(LIST_ITEM.sub("", line)).strip())
            continue
        if items and stripped and line.startswith((" ", "\t")):
            items[-1] += " " + strip_markup(stripped)  # an item's hard-wrapped line
            continue
        if not stripped:
            close_paragraph()
            continue
        close_list()
        paragraph.append(strip_markup(stripped))
    close_list()
    return out


def _add(out: list[Block], block: Block) -> None:
    if not block.text.strip() or len(block.lines) > MAX_LINES or len(block.text) > MAX_CHARS:
        return
    if is_instruction(block.text) or is_instruction(block.lead):
        return  # an instruction to a model is never evidence
    out.append(block)
