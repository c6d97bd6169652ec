"""The demo: build the bundled sample wiki and ask it a few questions."""

from __future__ import annotations

from pathlib import Path

from zpagent.errors import WikiError

DEMO_QUERIES = [
    ("search", "Aký názov práce má Ján Holp?"),
    ("search", "rozpoznavanie reci neuronove siete"),  # typed without diacritics
    ("search", "chatbot pre študijné oddelenie"),
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
