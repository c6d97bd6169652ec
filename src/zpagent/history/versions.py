"""Whether one version of a page (its path at a commit) is published, as the indexer decides.

The rule is the indexer's own (``zpagent.ingest.scan``): the page's bytes
are cut at the page size limit and decoded the way the indexer decodes them
(BOMs, a declared ``charset:``, UTF-8, the Central European guesses); its
front matter is merged over Grav's ``frontmatter.yaml`` of the page's folder
(any case of that name, regular files only) *at that same commit*; only an
explicit ``published: false`` of the result hides the page. A path that is
not a regular file there (a symlink, a submodule, a folder) is never a page,
and neither is a file the indexer would call binary.

Everything is read from git's object store (``git cat-file --batch``: trees
for the folder listings, then blobs by id), never from the work tree, a few
calls per batch of versions, and remembered for one request.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from zpagent.history.errors import HistoryError
from zpagent.history.git import GitRepo
from zpagent.ingest.charset import decode_page
from zpagent.ingest.frontmatter import load_yaml_mapping, split_front_matter
from zpagent.ingest.grav import merge_front_matter
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.metadata import normalize_meta
from zpagent.ingest.scan import cut_bytes
from zpagent.ingest.text import nfc
from zpagent.ingest.walk import FOLDER_META

MAX_BATCH_BYTES = 64 * 1024 * 1024
BLOBS_PER_CALL = 128  # pages read at once (their bytes are dropped once judged)

Item = tuple[str, str]  # (commit id, page path)


@dataclass(frozen=True)
class Version:
    path: str  # the page path
    rev: str  # the commit id it was read at
    content: bytes | None  # None: not a readable regular file (never shown)
    published: bool


def cat_objects(
    repo: GitRepo, specs: list[str], max_bytes: int = MAX_BATCH_BYTES
) -> list[tuple[str, bytes] | None]:
    """(type, body) of each object spec, or None when missing, in order.

    ``git cat-file --batch``; when the byte cap cuts the output, the rest is
    asked for again, and an object larger than the cap alone is None.
    Specs are built from resolved commit ids, object ids and validated paths.
    """
    if any("\n" in s or "\r" in s for s in specs):
        raise HistoryError("an object spec with a line break")
    result: list[tuple[str, bytes] | None] = []
    while len(result) < len(specs):
        todo = specs[len(result) :]
        data = "".join(f"{s}\n" for s in todo).encode("utf-8", "surrogateescape")
        out = repo.run(["cat-file", "--batch"], max_bytes=max_bytes, input=data)
        got = _parse_batch(out.stdout, len(todo))
        if not got:  # the first object alone is larger than the cap
            got = [None]
        result.extend(got)
    return result


def _parse_batch(buf: bytes, count: int) -> list[tuple[str, bytes] | None]:
    """The complete records of ``cat-file --batch`` output (a cut record ends the list)."""
    out: list[tuple[str, bytes] | None] = []
    pos = 0
    while len(out) < count:
        nl = buf.find(b"\n", pos)
        if nl < 0:
            break
        header = buf[pos:nl].split(b" ")
        if len(header) != 3 or not header[2].isdigit():
            out.append(None)  # "<spec> missing" / "ambiguous"
            pos = nl + 1
            continue
        size = int(header[2])
        if nl + 1 + size + 1 > len(buf):
            break  # cut by the byte cap
        out.append((header[1].decode("ascii", "replace"), buf[nl + 1 : nl + 1 + size]))
        pos = nl + 1 + size + 1
    return out


def parse_tree(data: bytes, oid_bytes: int) -> dict[bytes, tuple[bytes, str]] | None:
    """{name: (mode, object id)} of a raw tree object; None when it is malformed."""
    entries: dict[bytes, tuple[bytes, str]] = {}
    pos = 0
    while pos < len(data):
        sp = data.find(b" ", pos)
        nul = data.find(b"\0", sp + 1) if sp >= 0 else -1
        if sp < 0 or nul < 0 or nul + 1 + oid_bytes > len(data):
            return None
        entries[data[sp + 1 : nul]] = (data[pos:sp], data[nul + 1 : nul + 1 + oid_bytes].hex())
        pos = nul + 1 + oid_bytes
    return entries


def is_regular(mode: bytes) -> bool:
    """A regular file (``100644``, ``100755``, old ``1006xx``), not a link, folder or submodule."""
    return mode.startswith(b"100")


def folder_meta(files: list[bytes], limits: PageLimits) -> dict[str, Any] | None:
    """Grav's folder front matter from the folder's ``frontmatter.yaml`` files, in the
    order the walk reads them (by name): as ``scan._read_support``, each read up to the
    limit as UTF-8; the last one that parses wins; None when none does."""
    meta = None
    for raw in files:
        data, problem = load_yaml_mapping(raw[: limits.max_bytes + 1].decode("utf-8", "replace"))
        if not problem:
            meta = data or {}
    return meta


def published(page: bytes, path: str, meta: dict[str, Any] | None, limits: PageLimits) -> bool:
    """The indexer's verdict (``scan.read_document``) on a page's bytes under its
    folder's front matter ``meta``."""
    raw = page[: limits.max_bytes + 1]
    if len(raw) > limits.max_bytes:
        raw = cut_bytes(raw, limits.max_bytes)
    decoded = decode_page(raw)
    if decoded.text is None:
        return False  # a binary file: the indexer makes no page of it
    text = nfc(decoded.text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", ""))
    fm = split_front_matter(text)
    data = merge_front_matter(meta, fm.data) if meta else fm.data
    return normalize_meta(data, fm.body, path).published


class Versions:
    """Page versions of one repository, judged by the indexer's rule, cached per request."""

    def __init__(self, repo: GitRepo, head: str, limits: PageLimits | None = None) -> None:
        self.repo = repo
        self._oid_bytes = len(head) // 2  # 20 (SHA-1) or 32 (SHA-256)
        self.limits = limits or PageLimits()
        self._trees: dict[str, dict[bytes, tuple[bytes, str]] | None] = {}
        self._verdicts: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._known: dict[Item, bool | None] = {}
        self._metas: dict[tuple[str, ...], dict[str, Any] | None] = {}

    def _tree_spec(self, rev: str, path: str) -> str:
        folder = posixpath.dirname(self.repo.repo_path(path))
        return f"{rev}:{folder}" if folder else f"{rev}^{{tree}}"

    def _load_trees(self, specs: Iterable[str]) -> None:
        todo = list(dict.fromkeys(s for s in specs if s not in self._trees))
        for spec in [s for s in todo if "\n" in s or "\r" in s]:
            self._trees[spec] = None  # a name git could not be asked about: no page
            todo.remove(spec)
        if not todo:
            return
        for spec, obj in zip(todo, cat_objects(self.repo, todo), strict=True):
            ok = obj is not None and obj[0] == "tree"
            self._trees[spec] = parse_tree(obj[1], self._oid_bytes) if ok and obj else None

    def _entries(self, rev: str, path: str) -> tuple[tuple[bytes, str] | None, list[str]]:
        """(the page's tree entry, the folder meta blob ids) at ``rev``."""
        entries = self._trees.get(self._tree_spec(rev, path))
        if entries is None:
            return None, []
        name = posixpath.basename(path).encode("utf-8", "surrogateescape")
        meta = [
            oid
            for n, (mode, oid) in sorted(entries.items())
            if is_regular(mode) and n.decode("utf-8", "surrogateescape").lower() == FOLDER_META
        ]
        return entries.get(name), meta

    def _blobs(self, oids: list[str]) -> dict[str, bytes | None]:
        out: dict[str, bytes | None] = {}
        todo = list(dict.fromkeys(oids))
        for i in range(0, len(todo), BLOBS_PER_CALL):
            part = todo[i : i + BLOBS_PER_CALL]
            for oid, obj in zip(part, cat_objects(self.repo, part), strict=True):
                out[oid] = obj[1] if obj is not None and obj[0] == "blob" else None
        return out

    def exist(self, items: Iterable[Item]) -> dict[Item, bool]:
        """Per ``(commit, page path)``: whether anything is at that path then (trees only)."""
        items = list(dict.fromkeys(items))
        self._load_trees(self._tree_spec(rev, path) for rev, path in items)
        return {it: self._entries(*it)[0] is not None for it in items}

    def verdicts(self, items: Iterable[Item]) -> dict[Item, bool | None]:
        """Per ``(commit, page path)``: True published, False hidden or not a page,
        None no file at that path then."""
        items = list(dict.fromkeys(items))
        todo = [it for it in items if it not in self._known]
        self._load_trees(self._tree_spec(rev, path) for rev, path in todo)
        wanted: dict[Item, tuple[str, tuple[str, ...]]] = {}
        for rev, path in todo:
            entry, meta = self._entries(rev, path)
            if entry is None:
                self._known[(rev, path)] = None
            elif not is_regular(entry[0]):
                self._known[(rev, path)] = False
            else:
                wanted[(rev, path)] = (entry[1], tuple(meta))
        keys = list(dict.fromkeys(k for k in wanted.values() if k not in self._verdicts))
        metas = {k[1] for k in keys if k[1] not in self._metas}
        blobs = self._blobs([oid for m in metas for oid in m])
        for m in metas:
            files = [b for oid in m if (b := blobs.get(oid)) is not None]
            self._metas[m] = folder_meta(files, self.limits)
        for i in range(0, len(keys), BLOBS_PER_CALL):
            part = keys[i : i + BLOBS_PER_CALL]
            pages = self._blobs([k[0] for k in part])
            for k in part:
                page = pages.get(k[0])
                self._verdicts[k] = page is not None and published(
                    page, "page.md", self._metas[k[1]], self.limits
                )
        for item, key in wanted.items():
            self._known[item] = self._verdicts[key]
        return {it: self._known[it] for it in items}

    def visible(self, items: Iterable[Item]) -> set[Item]:
        """The items whose version is published."""
        return {it for it, ok in self.verdicts(items).items() if ok}

    def version(self, rev: str, path: str) -> Version | None:
        """The version with its content; None when there is no file at ``path`` then."""
        ok = self.verdicts([(rev, path)])[(rev, path)]
        if ok is None:
            return None
        entry, _ = self._entries(rev, path)
        content = None
        if entry is not None and is_regular(entry[0]):
            content = self._blobs([entry[1]]).get(entry[1])
        return Version(path, rev, content, bool(ok) and content is not None)
