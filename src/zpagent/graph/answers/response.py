"""Assemble a ``GraphResponse``: entities, facts with evidence, sources, limits.

Sources are numbered S1..Sn in order of first use (``SourceRegistry``);
every fact, entity page, path and document carries the source id to cite.
Titles and URLs of pages come from the graph's ``Document`` nodes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from zpagent.contract import Interpretation, MatchedPerson, SourceRegistry
from zpagent.graph.contract import (
    Aggregation,
    Candidate,
    EntityRef,
    EvidenceLine,
    GraphDocument,
    GraphFact,
    GraphPath,
    GraphResponse,
    PathRelationship,
)
from zpagent.graph.model import Evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query import Query
from zpagent.query.describe import interpretation


class ResponseBuilder:
    def __init__(
        self,
        store: GraphStore,
        query: str,
        index_version: dict[str, Any] | None,
        limit: int,
        evidence_limit: int,
    ) -> None:
        self.store = store
        self.query = query
        self.index_version = index_version
        self.limit = limit
        self.evidence_limit = evidence_limit
        self.registry = SourceRegistry()
        self._meta: dict[str, tuple[str | None, str | None, bool | None, str | None]] = {}
        self.entities: dict[tuple[str, str], EntityRef] = {}
        self.facts: list[GraphFact] = []
        self.paths: list[GraphPath] = []
        self.documents: dict[str, GraphDocument] = {}
        self.candidates: list[Candidate] = []
        self.matched: list[MatchedPerson] = []
        self.answers: list[str] = []
        self.aggregation: Aggregation | None = None
        self.truncation: list[str] = []
        self.question: Query | None = None
        self.exact: bool | None = None  # counts and lists may be stated as exact

    # -- sources ----------------------------------------------------------------------

    def prefetch(self, paths: Iterable[str | None]) -> None:
        missing = sorted({p for p in paths if p and p not in self._meta})
        if not missing:
            return
        for path, title, url, published, kind in self.store.query(q.DOCUMENTS_META, ids=missing):
            self._meta[path] = (title, url, published, kind)
        for path in missing:
            self._meta.setdefault(path, (None, None, None, None))

    def source(self, path: str) -> str:
        self.prefetch([path])
        title, url, _, _ = self._meta[path]
        return self.registry.add(path, url, title)

    def document(self, path: str) -> str:
        sid = self.source(path)
        if path not in self.documents:
            title, url, published, kind = self._meta[path]
            self.documents[path] = GraphDocument(
                source_id=sid,
                document_path=path,
                title=title,
                source_url=url,
                kind=kind,
                published=published,
            )
        return sid

    # -- content ----------------------------------------------------------------------

    def entity(
        self,
        label: str,
        id_: str,
        name: str,
        role: str | None = None,
        document_path: str | None = None,
    ) -> EntityRef:
        key = (label, id_)
        ref = self.entities.get(key)
        if ref is None:
            sid = self.document(document_path) if document_path else None
            ref = EntityRef(
                id=id_,
                label=label,
                name=name,
                role=role,
                document_path=document_path,
                source_id=sid,
            )
            self.entities[key] = ref
        return ref

    def ref(self, label: str, id_: str, name: str, document_path: str | None = None) -> EntityRef:
        """A reference that is not listed among the response's entities."""
        sid = self.document(document_path) if document_path else None
        return EntityRef(id=id_, label=label, name=name, document_path=document_path, source_id=sid)

    def fact(
        self,
        subject: EntityRef,
        predicate: str,
        value: str | int | None,
        evidence: list[Evidence],
        obj: EntityRef | None = None,
        qualifiers: dict[str, Any] | None = None,
        documents: Iterable[str] = (),
    ) -> GraphFact:
        if len(evidence) > self.evidence_limit:
            evidence = evidence[: self.evidence_limit]
            self.truncate("evidence_limit")
        self.prefetch([e.document_path for e in evidence] + list(documents))
        lines = [
            EvidenceLine(
                source_id=self.document(e.document_path),
                document_path=e.document_path,
                chunk_id=e.chunk_id,
                line=e.line,
                text=e.text,
                field=e.field,
            )
            for e in evidence
        ]
        docs = list(dict.fromkeys([*(e.document_path for e in evidence), *documents]))
        sids = [self.document(d) for d in docs]
        fact = GraphFact(
            id=f"{subject.label}:{subject.id}:{predicate}:{len(self.facts) + 1}",
            subject=subject,
            predicate=predicate,
            value=value,
            object=obj,
            qualifiers=qualifiers or {},
            documents=docs,
            source_ids=list(dict.fromkeys(sids)),
            evidence=lines,
        )
        self.facts.append(fact)
        return fact

    def truncate(self, reason: str) -> None:
        if reason not in self.truncation:
            self.truncation.append(reason)

    def answer(self, value: str | int | None) -> None:
        if value is None:
            return
        text = str(value)
        if text not in self.answers:
            self.answers.append(text)

    # -- the envelope ------------------------------------------------------------------

    def build(self, status: str, reason: str | None = None) -> GraphResponse:
        truncated = bool(self.truncation)
        complete: bool | None = not truncated
        if status == "ambiguous" or self.exact is False:
            # Not exact: the question was not wholly understood, or a relation it
            # uses is not known to be extracted completely on this wiki.
            complete = None
        query = self.question
        said = Interpretation(**interpretation(query, self.exact)) if query else None  # type: ignore[arg-type]
        return GraphResponse(
            status=status,  # type: ignore[arg-type]
            reason=reason,
            sources=self.registry.sources(),
            index_version=self.index_version,
            complete=complete,
            truncated=truncated,
            truncation_reasons=self.truncation,  # type: ignore[arg-type]
            query=self.query,
            interpreted_as=said.text if said else None,
            interpretation=said,
            answers=self.answers if status == "ok" else [],
            entities=list(self.entities.values()),
            facts=self.facts,
            paths=self.paths,
            documents=list(self.documents.values()),
            aggregation=self.aggregation,
            candidates=self.candidates,
            matched=list({m.id: m for m in self.matched}.values()),
        )


def display_name(label: str, props: dict[str, Any]) -> str:
    if label in ("Person", "DocumentAuthor", "Keyword", "Category"):
        return str(props.get("name") or props.get("id"))
    if label in ("Topic",):
        return str(props.get("title") or props.get("id"))
    if label in ("Thesis", "Work"):
        title = props.get("title")
        if title:
            return str(title)
        year = f" {props['year']}" if props.get("year") else ""
        return f"{KIND_NAMES.get(str(props.get('kind')), props.get('kind'))}{year}"
    if label == "Document":
        return str(props.get("title") or props.get("id"))
    return str(props.get("id"))


KIND_NAMES = {
    "bachelor": "bakalárska práca",
    "master": "diplomová práca",
    "dissertation": "dizertačná práca",
    "team_project": "tímový projekt",
    "research_task": "výskumná úloha",
    "diploma_project": "diplomový projekt",
    "other": "iná práca",
}


def path_model(
    builder: ResponseBuilder,
    nodes: list[tuple[str, dict[str, Any]]],
    rels: list[tuple[str, int, int]],
) -> GraphPath:
    """A path for the response; relationship ``i`` joins nodes ``i`` and ``i + 1``."""
    refs = []
    for label, props in nodes:
        doc = props.get("document_path") or (props.get("id") if label == "Document" else None)
        refs.append(builder.ref(label, str(props.get("id")), display_name(label, props), doc))
    parts = [refs[0].name] if refs else []
    for i, (rel_type, start, _end) in enumerate(rels):
        arrow = f"-[{rel_type}]->" if start == i else f"<-[{rel_type}]-"
        parts.append(f"{arrow} {refs[i + 1].name}")
    return GraphPath(
        length=len(rels),
        nodes=refs,
        relationships=[PathRelationship(type=t, start=s, end=e) for t, s, e in rels],
        text=" ".join(parts),
        source_ids=list(dict.fromkeys(r.source_id for r in refs if r.source_id)),
    )
