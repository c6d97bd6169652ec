"""Every query on both engines over the same payload: identical results.

LadybugDB (embedded) and Neo4j run the same Cypher (with the explicit
per-dialect overrides of ``zpagent.graph.store.cypher``). This test runs every
registered query with several parameter sets, every path query, every count
query, and then every question of the graph dataset end to end, and asserts
that both engines give the same answers.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.asking import read_store
from tests.graph.conftest import INDEX_VERSION, payload_of
from zpagent.eval.datasets import load_dataset
from zpagent.graph.answers.scope import graph_scope
from zpagent.graph.answers.search import search_store
from zpagent.graph.schema import NODE_LABELS, PATH_ENDPOINT_LABELS, REL_TYPES
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import PathValue

pytestmark = pytest.mark.neo4j

DATASET = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "graph.json"

FLAGS = [{"include_unpublished": False}, {"include_unpublished": True}]
PEOPLE = ["jan-holp", "robert-balaz", "martin-horvath-mh123ab", "lucia-krajcirova", "jan-stas"]
THESIS_FILTERS = [
    {"kinds": [], "years": [], "supervisor": "", "consultant": "", "topic": "", "keyword": ""},
    {
        "kinds": ["bachelor"],
        "years": [2022],
        "supervisor": "",
        "consultant": "",
        "topic": "",
        "keyword": "",
    },
    {
        "kinds": ["master", "dissertation"],
        "years": [],
        "supervisor": "jan-stas",
        "consultant": "",
        "topic": "",
        "keyword": "",
    },
    {
        "kinds": [],
        "years": [2019, 2020],
        "supervisor": "",
        "consultant": "lubomir-stastny",
        "topic": "",
        "keyword": "",
    },
    {
        "kinds": [],
        "years": [],
        "supervisor": "",
        "consultant": "",
        "topic": "rozpoznavanie-reci",
        "keyword": "",
    },
    {
        "kinds": ["bachelor"],
        "years": [],
        "supervisor": "",
        "consultant": "",
        "topic": "",
        "keyword": "nlp",
    },
]
THESIS_IDS = [
    "pages/students/2016/jh428ek/README.md#master",
    "pages/students/2016/ms550br/README.md#master",
    "pages/students/2014/rb142lt/README.md#master",
]


# Graph-guided retrieval: anchored thesis sets with kind/year/topic/keyword filters.
SCOPE = {"kinds": [], "years": [], "topic": "", "keyword": ""}
# Team projects of the sample wiki (Project nodes are keyed by their title).
SAMPLE_PAYLOAD = payload_of(Path(__file__).resolve().parents[2] / "examples" / "zpwiki")
PROJECT_IDS = sorted(n.id for n in SAMPLE_PAYLOAD.nodes if n.label == "Project")
# Chunks of a student page, a topic page and a guide (ids are content hashes).
SOME_CHUNKS = sorted(
    n.id
    for n in SAMPLE_PAYLOAD.nodes
    if n.label == "Chunk"
    and n.props["document_path"]
    in (
        "pages/students/2016/jh428ek/README.md",
        "pages/topics/rozpoznavanie-reci/README.md",
        "pages/students/2014/rb142lt/README.md",  # unpublished
        "pages/guides/git/README.md",
    )
)


def with_flags(*variants: dict) -> list[dict]:
    return [{**v, **f} for v in variants for f in FLAGS]


PARAMS: dict[str, list[dict]] = {
    "persons_lexicon": [{}],
    "topics_lexicon": [{}],
    "keywords_lexicon": [{}],
    "authors_lexicon": [{}],
    "titles_lexicon": [{}],
    "person_cards": [{"ids": PEOPLE}, {"ids": []}],
    "person_theses": with_flags(
        {"ids": PEOPLE, "kinds": [], "limit": 100},
        {"ids": ["jan-holp"], "kinds": ["master"], "limit": 1},
    ),
    "thesis_people": [{"ids": THESIS_IDS}],
    "person_works": with_flags(
        {"ids": [*PEOPLE, "michal-sedlak"], "kinds": [], "limit": 100},
        {"ids": ["michal-sedlak"], "kinds": ["diploma_project"], "limit": 1},
    ),
    "person_topics": with_flags({"ids": PEOPLE}),
    "person_keywords": with_flags({"ids": PEOPLE}),
    "shared_topics": with_flags(
        {"a": "jan-holp", "b": "petra-tothova"}, {"a": "jan-holp", "b": "robert-balaz"}
    ),
    "shared_keywords": with_flags(
        {"a": "jan-holp", "b": "petra-tothova"}, {"a": "filip-gajdos", "b": "robert-balaz"}
    ),
    "persons_by_thesis_count": with_flags(*THESIS_FILTERS),
    "persons_by_thesis_page": with_flags(*({**f, "limit": 3} for f in THESIS_FILTERS)),
    "theses_by_filter": with_flags(
        *({**f, "ids": [*PEOPLE, "jana-novakova"], "limit": 50} for f in THESIS_FILTERS)
    ),
    "persons_by_work_count": with_flags(
        {"kinds": [], "years": []}, {"kinds": ["team_project"], "years": [2020]}
    ),
    "persons_by_work_page": with_flags(
        {"kinds": [], "years": [], "limit": 4},
        {"kinds": ["research_task"], "years": [], "limit": 50},
    ),
    "works_by_filter": with_flags(
        {"kinds": [], "years": [], "ids": [*PEOPLE, "michal-sedlak"], "limit": 50}
    ),
    "persons_by_topic_count": with_flags({"topic": "rozpoznavanie-reci"}, {"topic": "none"}),
    "persons_by_topic_page": with_flags({"topic": "rozpoznavanie-reci", "limit": 5}),
    "persons_by_keyword_count": with_flags({"keyword": "nlp"}, {"keyword": "asr"}),
    "persons_by_keyword_page": with_flags({"keyword": "asr", "limit": 50}),
    "persons_by_start_count": with_flags({"years": [2014]}, {"years": [2016, 2017]}),
    "persons_by_start_page": with_flags({"years": [2014], "limit": 3}),
    "documents_by_author_count": with_flags(
        {"ids": ["daniel-hladek"], "doc_kinds": []}, {"ids": ["jan-stas"], "doc_kinds": ["person"]}
    ),
    "documents_by_author_page": with_flags(
        {"ids": ["daniel-hladek"], "doc_kinds": [], "limit": 100}
    ),
    "page_authors": with_flags(
        {"ids": ["pages/students/2016/jh428ek/README.md", "pages/students/2014/rb142lt/README.md"]}
    ),
    "documents_meta": [{"ids": ["pages/README.md", "pages/topics/chatboty/README.md", "x"]}],
    "document_persons": with_flags(
        {"ids": ["pages/students/2016/jh428ek/README.md", "pages/topics/chatboty/README.md"]},
        {"ids": ["pages/students/2015/mh123ab/README.md", "pages/students/2018/mh456cd/README.md"]},
    ),
    "documents_linked": [
        {
            "a": "pages/students/2015/mh123ab/README.md",
            "b": "pages/students/2018/mh456cd/README.md",
        },
        {"a": "pages/students/2016/jh428ek/README.md", "b": "pages/topics/chatboty/README.md"},
    ],
    "theses_by_title": with_flags(
        {"title": "rozpoznavanie", "limit": 100}, {"title": "nic take", "limit": 5}
    ),
    "theses_by_ids": with_flags({"ids": THESIS_IDS, "limit": 100}),
    "index_state": [{"id": "current"}, {"id": "nothing"}],
    **{
        name: with_flags(*variants)
        for name, variants in {
            "scope_supervised": [
                {**SCOPE, "ids": ["jan-stas"], "roles": ["SUPERVISED"], "limit": 100},
                {**SCOPE, "ids": ["daniel-hladek"], "roles": ["SUPERVISED"], "limit": 3},
                {**SCOPE, "ids": ["lubomir-stastny"], "roles": ["CONSULTED"], "limit": 100},
                {
                    **SCOPE,
                    "ids": ["jan-stas", "daniel-hladek"],
                    "roles": ["SUPERVISED"],
                    "kinds": ["master"],
                    "topic": "rozpoznavanie-reci",
                    "limit": 100,
                },
                {
                    **SCOPE,
                    "ids": ["daniel-hladek"],
                    "roles": ["SUPERVISED"],
                    "keyword": "llm",
                    "limit": 100,
                },
            ],
            "scope_supervised_count": [
                {**SCOPE, "ids": ["jan-stas"], "roles": ["SUPERVISED"]},
                {**SCOPE, "ids": ["daniel-hladek"], "roles": ["SUPERVISED"], "years": [2022]},
                {**SCOPE, "ids": ["lubomir-stastny"], "roles": ["CONSULTED"]},
            ],
            "scope_topic": [
                {**SCOPE, "topic": "rozpoznavanie-reci", "limit": 100},
                {**SCOPE, "topic": "strojovy-preklad", "years": [2021], "limit": 1},
            ],
            "scope_topic_count": [{**SCOPE, "topic": "rozpoznavanie-reci", "kinds": ["master"]}],
            "scope_keyword": [
                {**SCOPE, "keyword": "llm", "limit": 100},
                {**SCOPE, "keyword": "asr", "kinds": ["bachelor"], "limit": 2},
            ],
            "scope_keyword_count": [{**SCOPE, "keyword": "nlp", "years": [2019, 2020]}],
            "scope_theses": [
                {**SCOPE, "kinds": ["master"], "years": [2021], "limit": 100},
                {**SCOPE, "limit": 5},
            ],
            "scope_theses_count": [{**SCOPE, "kinds": ["bachelor"]}, SCOPE],
            "keyword_pages": [{"keyword": "git", "limit": 10}, {"keyword": "llm", "limit": 3}],
            "keyword_pages_count": [{"keyword": "nlp"}, {"keyword": "none"}],
        }.items()
    },
    "projects_lexicon": [{}],
    "leaders": [{}],
    "thesis_years": [{}],
    "thesis_pairs": with_flags(
        {
            "kinds": [],
            "years": [],
            "ids": [],
            "supervisors": [],
            "consultants": [],
            "with_consultant": False,
        },
        {
            "kinds": ["master"],
            "years": [2021, 2022],
            "ids": [],
            "supervisors": ["daniel-hladek"],
            "consultants": [],
            "with_consultant": False,
        },
        {
            "kinds": [],
            "years": [],
            "ids": THESIS_IDS,
            "supervisors": [],
            "consultants": ["lubomir-stastny"],
            "with_consultant": True,
        },
    ),
    "work_pairs": with_flags(
        {"kinds": [], "years": []}, {"kinds": ["team_project"], "years": [2020]}
    ),
    "led_work_pairs": with_flags(
        {"leaders": PEOPLE, "kinds": [], "years": []},
        {"leaders": ["jan-stas"], "kinds": ["team_project"], "years": [2020]},
    ),
    "led_project_pairs": with_flags({"leaders": PEOPLE, "years": []}),
    "member_pairs": with_flags({"years": []}, {"years": [2020]}),
    "led_topics": [{}],
    "work_leaders": [{"ids": []}, {"ids": ["none"]}],
    "project_leaders": [{"ids": PROJECT_IDS}],
    "project_cards": with_flags({"ids": PROJECT_IDS}),
    "topic_leaders": with_flags({"ids": ["rozpoznavanie-reci", "chatboty"]}),
    "topics_led_by": with_flags({"ids": PEOPLE}),
    "all_topics": with_flags({}),
    "topic_members": with_flags({"ids": ["rozpoznavanie-reci", "chatboty"]}, {"ids": []}),
    "keyword_holders": with_flags({"ids": ["nlp", "asr"]}, {"ids": ["none"]}),
    "project_members": with_flags({"ids": PROJECT_IDS}, {"ids": []}),
    "person_projects": with_flags({"ids": PEOPLE}),
    "member_roles": [{}],
    "member_lines": [{"ids": [*PROJECT_IDS, "rozpoznavanie-reci"]}, {"ids": []}],
    "started_in": with_flags({"years": [2014]}, {"years": [2016, 2017]}),
    "leaders_of": [
        {"ids": PEOPLE, "kinds": [], "roles": ["SUPERVISED"]},
        {"ids": PEOPLE, "kinds": ["master"], "roles": ["SUPERVISED", "CONSULTED"]},
    ],
    "person_thesis_cards": [{"ids": PEOPLE}, {"ids": []}],
    "person_topic_ids": [{"ids": PEOPLE}],
    "index_state_coverage": [{"id": "current"}, {"id": "nothing"}],
    "thesis_chunks": [{"ids": THESIS_IDS}, {"ids": []}],
    "chunk_links": with_flags({"ids": SOME_CHUNKS}),
}


@pytest.fixture(scope="module")
def engines(sample_store, neo4j_session_store, sample_payload):
    neo4j_session_store.wipe()
    neo4j_session_store.cache().clear()
    neo4j_session_store.replace_graph(sample_payload, INDEX_VERSION)
    yield sample_store, neo4j_session_store
    neo4j_session_store.cache().clear()


def test_every_registered_query_has_parameters():
    assert set(PARAMS) == set(q.QUERIES)


def normalize(rows: list[tuple]) -> list:
    return [tuple(v.key() if isinstance(v, PathValue) else v for v in row) for row in rows]


@pytest.mark.parametrize("name", sorted(q.QUERIES))
def test_query_gives_identical_results(engines, name):
    ladybug, neo4j = engines
    query = q.QUERIES[name]
    for params in PARAMS[name]:
        assert normalize(ladybug.query(query, **params)) == normalize(
            neo4j.query(query, **params)
        ), (name, params)


def test_counts_are_identical(engines):
    ladybug, neo4j = engines
    for label in NODE_LABELS:
        query = q.count_nodes_query(label)
        assert ladybug.query(query) == neo4j.query(query), label
    for rel in REL_TYPES:
        query = q.count_rels_query(rel)
        assert ladybug.query(query) == neo4j.query(query), rel


ENDPOINTS = {
    "Person": ["jan-holp", "marek-bielik", "petra-tothova", "lubomir-stastny"],
    "Topic": ["strojovy-preklad", "rozpoznavanie-reci"],
    "Keyword": ["nlp", "preklad"],
    "Thesis": ["pages/students/2016/jh428ek/README.md#master"],
    "Document": ["pages/topics/chatboty/README.md"],
}


@pytest.mark.parametrize(
    ("a_label", "b_label"), list(itertools.product(PATH_ENDPOINT_LABELS, repeat=2))
)
def test_paths_are_identical(engines, a_label, b_label):
    ladybug, neo4j = engines
    query = q.path_query(a_label, b_label)
    for a, b in itertools.product(ENDPOINTS[a_label], ENDPOINTS[b_label]):
        if a == b:
            continue
        got_l = sorted(normalize(ladybug.query(query, a=a, b=b, limit=10_000)))
        got_n = sorted(normalize(neo4j.query(query, a=a, b=b, limit=10_000)))
        assert got_l == got_n, (a, b)
        assert all(len(k[0][1]) <= 4 for k in got_l)


def test_every_dataset_question_answers_identically(engines):
    ladybug, neo4j = engines
    ds = load_dataset(DATASET)
    differ = []
    for item in ds.items:
        for flags in FLAGS:
            query = read_store(ladybug, item.query, flags["include_unpublished"])
            a = search_store(ladybug, query, index_version=INDEX_VERSION, limit=100, **flags)
            b = search_store(neo4j, query, index_version=INDEX_VERSION, limit=100, **flags)
            if a.model_dump() != b.model_dump():
                differ.append(item.id)
    assert differ == []


FUSION = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "fusion.json"


def test_every_fusion_question_scopes_identically(engines):
    """Graph-guided retrieval's first half (the set, its count, the steps) on both engines."""
    ladybug, neo4j = engines

    def summary(scope):
        return (
            scope.status,
            scope.reason,
            scope.intents,
            [(t.document_path, t.person_id, t.theses) for t in scope.targets],
            scope.anchors,
            scope.pages,
            scope.theses,
            [s.to_dict() for s in scope.steps],
            [c.model_dump() for c in scope.candidates],
        )

    differ = []
    for item in load_dataset(FUSION).items:
        for flags in FLAGS:
            query = read_store(ladybug, item.query, flags["include_unpublished"])
            a = graph_scope(ladybug, query, index_version=INDEX_VERSION, **flags)
            b = graph_scope(neo4j, query, index_version=INDEX_VERSION, **flags)
            if summary(a) != summary(b):
                differ.append(item.id)
    assert differ == []
