"""What a question names: a span of its text, and a mention of something the wiki
knows with every entry it may mean (``EntityRef``)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Span:
    """Character offsets into ``Query.core``."""

    start: int
    end: int


def in_text_order(*spans: Span) -> tuple[Span, ...]:
    """Spans as the question has them, first to last (``Query.unaccounted``)."""
    return tuple(sorted(spans, key=lambda sp: sp.start))


@dataclass(frozen=True)
class EntityRef:
    """A mention of something the wiki knows, with every entry it may mean.

    ``ids`` are the visible entries that fit (narrowed by what else the
    question says, see ``compose.narrow``); ``hidden`` those only
    unpublished pages have. ``match`` says how the words matched: ``full``
    name, ``typo``, ``surname`` alone, ``first_name`` alone, ``initial``
    ("K. Rusnák"), ``login``, ``family`` ("Ďuricovci"), ``phrase`` (a
    topic, keyword, project or title), ``context`` (named in an earlier
    turn).
    """

    kind: str  # person | topic | keyword | project | title | author
    text: str
    span: Span | None
    ids: tuple[str, ...]
    match: str = "full"
    hidden: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # display names of ``ids``, in the same order
    pages: tuple[str | None, ...] = ()  # their own pages, in the same order (None: none)

    @property
    def resolved(self) -> str | None:
        """The one entry meant, or None (unknown, or several fit)."""
        return self.ids[0] if len(self.ids) == 1 else None

    @property
    def is_set(self) -> bool:
        """A family ("Ďuricovci") or the persons an earlier answer showed: several
        persons by design, never a mention to tell apart."""
        return self.match in ("family", "shown")

    @property
    def status(self) -> str:
        if not self.ids:
            return "unknown"
        return "resolved" if len(self.ids) == 1 else "ambiguous"

    def pinned(self, id_: str, name: str | None = None) -> EntityRef:
        """The same mention, decided for one entry (a reply to "which one?")."""
        return self.narrowed((id_,), {id_: name} if name else None)

    def narrowed(self, ids: tuple[str, ...], names: dict[str, str] | None = None) -> EntityRef:
        """The same mention with only ``ids`` (in their order here) left."""
        name_of = dict(zip(self.ids, self.names, strict=False))
        page_of = dict(zip(self.ids, self.pages, strict=False))
        kept = tuple(i for i in ids if i in self.ids) or ids
        return replace(
            self,
            ids=kept,
            names=tuple((names or {}).get(i) or name_of.get(i, i) for i in kept),
            pages=tuple(page_of.get(i) for i in kept) if self.pages else (),
            hidden=(),
        )
