"""The demo: build the bundled sample wiki and ask it a few questions."""

from __future__ import annotations

from pathlib import Path

from zpagent.errors import WikiError

DEMO_QUERIES = [
    ("search", "Aký názov práce má Ján Holp?"),
    ("search", "rozpoznavanie reci neuronove siete"),  # typed without diacritics
    ("search", "chatbot pre študijné oddelenie"),
    ("rag", "Kto viedol diplomovú prácu Jána Holpa?"),
    ("graph", "Koľko študentov malo diplomovú prácu v roku 2021?"),
    ("graph", "Aké témy majú spoločné Ján Holp a Peter Kováč?"),
    ("answer", "Aký názov bakalárskej práce má Mária Nováková?"),
    ("answer", "Aká je diplomová práca Martina Horvátha?"),  # two persons: asks back
]


def sample_wiki_path() -> Path:
    """The sample wiki shipped in the repository (``examples/zpwiki``)."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent / "examples" / "zpwiki"
        if (candidate / "pages").is_dir():
            return candidate
    raise WikiError(
        "the sample wiki (examples/zpwiki) was not found; run the demo from a clone "
        "installed with `pip install -e .`, or index your own wiki with `zpagent index --wiki PATH`"
    )


def problems_line(report: dict) -> str | None:
    """One calm sentence about the sample wiki's deliberate problem pages.

    The sample wiki holds pages with broken front matter on purpose (real
    wikis have them); a warning line per page would read like a broken install.
    """
    n = report.get("problem_documents") or 0
    if not n:
        return None
    kinds = ", ".join(f"{k.replace('_', ' ')} ({v})" for k, v in report["warnings"].items())
    return (
        f"The sample wiki has {n} pages with deliberate problems ({kinds}); "
        "they are indexed anyway, as a real wiki's would be."
    )
