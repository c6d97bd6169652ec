"""Deterministic synthetic zpwiki generator, at any size.

``generate_wiki(root, n_students, seed)`` writes a Grav-style wiki in the zpwiki
format (student pages over many year folders, topic pages, a few guides, the same
hand-made variants as the bundled sample in realistic proportions, meeting logs) and
returns its ground truth in the schema of ``examples/zpwiki-truth.json``.

Same seed and size give byte-identical files. Pages are streamed to disk one at a
time; only the truth (a few hundred bytes per person) is kept in memory. Standard
library only::

    python -m zpagent.synthetic /tmp/wiki --students 20000 --seed 1

The modules, bottom to top: ``vocabulary`` (names, topics, prose), ``variants``
(the proportions of each variant, small text helpers), ``content`` (meeting logs,
oversized content), ``student`` (one student page and its truth), ``wiki`` (the
whole wiki) and ``__main__`` (the command line).
"""

from zpagent.synthetic.wiki import generate_wiki

__all__ = ["generate_wiki"]
