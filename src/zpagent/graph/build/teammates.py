"""The team a member's page names: "Tím: Pavol Sabol, Kvetoslava Hudecová, …".

A member's page states its own team project; the line that lists the team names
the other members too. They are linked to the project with that line as
evidence, and someone named there whose own page is hidden makes a count over
the team a lower bound (``hidden_but_listed``), never an exact number short of
what the page shows.
"""

from __future__ import annotations

from dataclasses import replace

from zpagent.graph.build.builder import Builder
from zpagent.graph.build.lines import label_line
from zpagent.graph.build.links import LinkResolver
from zpagent.graph.build.memberships import hidden_but_listed
from zpagent.graph.build.page import PageFacts, SourceLine
from zpagent.graph.build.people import Problem, people_on_page
from zpagent.query.lexicon import Lexicon

TEAM_LABELS = frozenset(
    {"tim", "tym", "team", "clenovia timu", "clenovia", "clenove tymu", "team members",
     "riesitelia", "spoluriesitelia"}
)  # fmt: skip


def link_teammates(
    b: Builder,
    page: PageFacts,
    projects: list[tuple[str, str]],
    lexicon: Lexicon,
    resolver: LinkResolver,
) -> list[Problem]:
    """Members named on the team line of a page with one team project."""
    if len(projects) != 1:
        return []  # which team a line lists is only clear with one
    lines = [ln for ln in page.lines if (lab := label_line(ln)) and lab.label in TEAM_LABELS]
    if not lines:
        return []
    doc = page.document
    found = people_on_page(doc.path, lines, lexicon, resolver, "team_member")
    for named in found.named:
        ev = b.locator.evidence(doc.path, SourceLine("member", named.line, named.line.text))
        b.rel("MEMBER_OF", ("Person", named.person_id), projects[0], [replace(ev, value=None)])
    return hidden_but_listed(b, doc, found, "team_member")
