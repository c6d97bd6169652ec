"""POST /answer over HTTP: auth, validation, the response fields, engine=graph without
an LLM, checked answers with the scripted LLM, and the answer built without a model
that is down (``llm.fallback``)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import (
    AUTH,
    BEARER,
    ENVELOPE_KEYS,
    SEARCH_KEY,
    SYNC_KEY,
    UNPUBLISHED_KEY,
    api_settings,
)
from tests.live_server import free_port
from zpagent.api.app import create_app
from zpagent.contract import AnswerResponse, ErrorResponse
from zpagent.eval.scripted_llm import ScriptedLLM, claims
from zpagent.tool_payload import short_index_version

HOLP_URL = "https://zp.example.edu/students/2016/jh428ek"
HOLP_PATH = "pages/students/2016/jh428ek/README.md"
HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
HOLP_BACHELOR = "Strojový preklad pomocou neurónových sietí"
Q_TITLE = "Aký názov diplomovej práce má Ján Holp?"
LLM_KEY = "sk-answer-llm-key-never-in-a-response-0123456789"
FIELDS = ENVELOPE_KEYS | {
    "query",
    "interpreted_as",
    "answer",
    "accepted_for_delivery",
    "engine_requested",
    "engine_used",
    "mode",
    "claims",
    "failures",
    "repair_attempted",
    "llm",
    "condensed",
    "candidates",
    "matched",
    "verification_ms",
}


def holp_title(value: str = HOLP_MASTER) -> dict:
    return {
        "kind": "thesis_title",
        "subject": "Ján Holp",
        "thesis_kind": "master",
        "value": value,
        "sources": ["S1"],
    }


def make_client(tiny_workspace, **settings) -> TestClient:
    app = create_app(api_settings(**settings), data_dir=tiny_workspace.data.root, warm=False)
    return TestClient(app)


@pytest.fixture(scope="module")
def no_llm(tiny_workspace):
    """The server with no LLM configured (ANSWER_LLM_URL unset, whatever the environment)."""
    with make_client(tiny_workspace, answer_llm_url=None, answer_model=None) as c:
        assert c.app.state.workspace.llm is None
        yield c


@pytest.fixture
def scripted(tiny_workspace):
    """The server with the scripted LLM configured as its answer model."""
    with ScriptedLLM() as llm:
        settings = dict(
            answer_llm_url=llm.url,
            answer_model="scripted",
            openwebui_api_key=LLM_KEY,
            answer_llm_retries=0,
        )
        with make_client(tiny_workspace, **settings) as c:
            yield c, llm


def post(client, body, headers=AUTH):
    return client.post("/answer", json=body, headers=headers)


def assert_error(resp, status: int, reason: str) -> dict:
    assert resp.status_code == status, resp.text
    body = resp.json()
    ErrorResponse.model_validate(body)
    assert body["status"] == "error" and body["reason"] == reason
    assert body["sources"] == [] and body["index_version"] is None
    return body


# --- auth -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"X-API-Key": "x" * 40},
        {"Authorization": "Bearer " + "x" * 40},
        {"X-API-Key": SYNC_KEY},  # the sync key is not the search key
        {"X-API-Key": SEARCH_KEY[:-1]},
    ],
    ids=["missing", "wrong", "wrong bearer", "sync key", "truncated"],
)
def test_answer_needs_the_search_key(no_llm, headers):
    body = assert_error(post(no_llm, {"query": Q_TITLE}, headers), 401, "unauthorized")
    assert body["message"] == "Missing or wrong credentials."
    assert "Holp" not in str(body)


@pytest.mark.parametrize("headers", [AUTH, BEARER], ids=["x-api-key", "bearer"])
def test_either_header_carries_the_key(no_llm, headers):
    assert post(no_llm, {"query": Q_TITLE, "engine": "graph"}, headers).status_code == 200


# --- validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "reason", "loc"),
    [
        ({"query": Q_TITLE, "foo": 1}, 422, "invalid_request", "body"),
        ({"query": Q_TITLE, "engine": "neo4j"}, 422, "invalid_request", "body.engine"),
        ({"query": Q_TITLE, "engine": "GRAPH"}, 422, "invalid_request", "body.engine"),
        ({"query": Q_TITLE, "engine": None}, 422, "invalid_request", "body.engine"),
        ({"query": Q_TITLE, "include_unpublished": "maybe"}, 422, "invalid_request", None),
        ({"query": Q_TITLE, "limit": 5}, 422, "invalid_request", "body"),
        ({}, 422, "invalid_request", "body.query"),
        ({"query": ""}, 422, "invalid_request", "body.query"),
        ({"query": "a" * 5000}, 422, "invalid_request", "body.query"),
        ({"query": ["Ján Holp"]}, 422, "invalid_request", "body.query"),
        ({"query": "   "}, 400, "invalid_query", None),
    ],
)
def test_invalid_requests_get_the_error_envelope(no_llm, body, status, reason, loc):
    resp = post(no_llm, body)
    err = assert_error(resp, status, reason)
    if loc is not None:
        assert loc in {d["loc"] for d in err["details"]}
    assert "neo4j" not in resp.text and "maybe" not in resp.text  # input never echoed


def test_malformed_json_body(no_llm):
    resp = no_llm.post(
        "/answer", content=b'{"query": ', headers={**AUTH, "content-type": "application/json"}
    )
    assert_error(resp, 422, "invalid_request")


# --- answers without an LLM -----------------------------------------------------------


def test_graph_answer_without_an_llm_has_every_contract_field(no_llm):
    resp = post(no_llm, {"query": Q_TITLE, "engine": "graph"})
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert set(body) == FIELDS
    AnswerResponse.model_validate(body)
    assert body["contract_version"] == "1"
    assert body["status"] == "ok" and body["reason"] is None
    assert body["query"] == Q_TITLE
    assert body["accepted_for_delivery"] is True
    assert body["engine_requested"] == "graph" and body["engine_used"] == "graph"
    assert body["mode"] == "deterministic"
    assert body["llm"]["used"] is False and body["llm"]["calls"] == 0
    assert body["failures"] == [] and body["repair_attempted"] is False
    assert body["condensed"] is None and body["candidates"] == []
    assert [(s["source_id"], s["document_path"], s["source_url"]) for s in body["sources"]] == [
        ("S1", HOLP_PATH, HOLP_URL)
    ]
    claimed = {(c["kind"], c["value"], c["thesis_kind"]) for c in body["claims"]}
    assert ("thesis_title", HOLP_MASTER, "master") in claimed
    assert all(c["sources"] == ["S1"] and c["subject"] == "Ján Holp" for c in body["claims"])
    assert HOLP_MASTER in body["answer"] and "[S1]" in body["answer"]
    assert HOLP_URL in body["answer"]
    # Tool clients get the short version; /health has the whole object.
    assert set(body["index_version"]) == {"version", "wiki_revision", "built_at", "vectors"}
    assert body["index_version"]["version"] and body["index_version"]["built_at"]
    assert body["complete"] is True and body["truncated"] is False
    assert body["truncation_reasons"] == []


def test_index_version_is_the_served_generation(no_llm):
    health = no_llm.get("/health").json()
    body = post(no_llm, {"query": Q_TITLE, "engine": "graph"}).json()
    assert health["index_version"]["embedding_model"]
    assert body["index_version"] == short_index_version(health["index_version"])


def test_rag_without_an_llm_answers_from_the_pages_facts(no_llm):
    body = post(no_llm, {"query": "Aký názov má bakalárska práca Jána Holpa?", "engine": "rag"})
    body = body.json()
    assert body["engine_used"] == "rag" and body["mode"] == "deterministic"
    assert body["accepted_for_delivery"] is True and body["llm"]["used"] is False
    assert HOLP_BACHELOR in body["answer"]
    assert [(c["kind"], c["value"]) for c in body["claims"]] == [("thesis_title", HOLP_BACHELOR)]
    assert [m["id"] for m in body["matched"]] == ["jan-holp"]
    body = post(no_llm, {"query": "Ako používať Git?", "engine": "rag"}).json()
    assert body["mode"] == "extractive"
    assert all(c["kind"] == "statement" for c in body["claims"])


def test_no_answer_and_small_talk(no_llm):
    body = post(no_llm, {"query": "Ako upiecť čokoládovú tortu?", "engine": "rag"}).json()
    assert body["status"] == "no_answer" and body["mode"] == "not_found"
    assert body["accepted_for_delivery"] is True and body["claims"] == []
    body = post(no_llm, {"query": "Ďakujem pekne"}).json()
    assert body["mode"] == "small_talk" and body["engine_used"] == "none"
    assert body["sources"] == [] and body["complete"] is None


def test_unpublished_pages_only_with_the_unpublished_key(tiny_workspace):
    """Visibility is server policy (more in test_visibility.py)."""
    q = "Aký názov práce má Peter Kováč?"
    with make_client(tiny_workspace, unpublished_api_key=UNPUBLISHED_KEY) as c:
        body = post(c, {"query": q, "engine": "rag"}).json()
        assert "Tajná nepublikovaná" not in body["answer"]
        assert all("pk222cd" not in s["document_path"] for s in body["sources"])
        refused = post(c, {"query": q, "engine": "rag", "include_unpublished": True})
        assert_error(refused, 403, "unpublished_not_allowed")
        trusted = {"X-API-Key": UNPUBLISHED_KEY}
        body = post(c, {"query": q, "engine": "rag", "include_unpublished": True}, trusted)
        assert "Tajná nepublikovaná téma o kryptografii" in body.json()["answer"]


# --- answers with the scripted LLM ---------------------------------------------------


def test_checked_llm_answer_over_http(scripted):
    client, llm = scripted
    llm.script(claims(holp_title()))
    resp = post(client, {"query": Q_TITLE, "engine": "rag"})
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert set(body) == FIELDS
    assert body["engine_used"] == "rag" and body["mode"] == "llm"
    assert body["accepted_for_delivery"] is True and body["status"] == "ok"
    assert [(c["kind"], c["value"], c["sources"]) for c in body["claims"]] == [
        ("thesis_title", HOLP_MASTER, ["S1"])
    ]
    assert body["failures"] == [] and body["repair_attempted"] is False
    assert body["llm"]["used"] is True and body["llm"]["model"] == "scripted"
    assert body["llm"]["calls"] == 1 and body["llm"]["prompt_tokens"] == 100
    assert body["sources"][0]["source_url"] == HOLP_URL
    assert llm.headers[0]["Authorization"] == f"Bearer {LLM_KEY}"
    assert LLM_KEY not in resp.text


def test_an_unverified_llm_answer_is_never_delivered_over_http(scripted):
    client, llm = scripted
    invented = claims(holp_title("Kvantové počítače v praxi"))
    llm.script(invented, invented)
    body = post(client, {"query": Q_TITLE, "engine": "rag"}).json()
    # the evidence answers the question: its fact is delivered, never the invention
    assert body["accepted_for_delivery"] is True and body["mode"] == "deterministic"
    assert body["repair_attempted"] is True
    assert [(f["attempt"], f["code"]) for f in body["failures"]] == [
        (1, "unsupported_value"),
        (1, "missing_attribute"),
        (2, "unsupported_value"),
        (2, "missing_attribute"),
    ]
    assert "Kvantové" not in body["answer"] and HOLP_MASTER in body["answer"]
    assert len(llm.requests) == 2
    # an open question whose quotes never verify gets the answer built without the model
    bad = claims({"kind": "statement", "value": "x", "quote": "Git je zlý.", "sources": ["S1"]})
    llm.script(bad, bad)
    body = post(client, {"query": "Ako používať Git?", "engine": "rag"}).json()
    assert body["status"] == "ok" and body["mode"] == "extractive"
    assert body["llm"]["fallback"] == "llm_unverified"
    assert "zlý" not in body["answer"]


def test_engine_graph_never_calls_the_llm(scripted):
    client, llm = scripted
    body = post(client, {"query": Q_TITLE, "engine": "graph"}).json()
    assert body["accepted_for_delivery"] is True and body["mode"] == "deterministic"
    assert body["llm"]["used"] is False
    assert llm.requests == []


# --- a model that is down ---------------------------------------------------------------


def test_llm_down_gives_the_answer_built_without_it(tiny_workspace, monkeypatch):
    """ANSWER_LLM_URL and ANSWER_MODEL from the environment, pointing to a closed port."""
    dead = f"http://127.0.0.1:{free_port()}/v1"
    monkeypatch.setenv("ANSWER_LLM_URL", dead)
    monkeypatch.setenv("ANSWER_MODEL", "gone")
    monkeypatch.setenv("OPENWEBUI_API_KEY", LLM_KEY)
    with make_client(tiny_workspace) as client:
        assert client.app.state.workspace.llm is not None
        # an answer that needs the LLM
        resp = post(client, {"query": Q_TITLE, "engine": "rag"})
        body = resp.json()
        assert resp.status_code == 200 and body["status"] == "ok", body
        assert body["llm"] == {**body["llm"], "used": False, "fallback": "llm_unavailable"}
        assert HOLP_MASTER in body["answer"] and body["mode"] != "llm"
        assert dead not in resp.text and LLM_KEY not in resp.text
        # engine=graph needs no LLM at all: it still answers
        ok = post(client, {"query": Q_TITLE, "engine": "graph"})
        assert ok.status_code == 200 and ok.json()["accepted_for_delivery"] is True
        assert HOLP_MASTER in ok.json()["answer"]
        # and questions that need no retrieval or no LLM are not blocked either
        assert post(client, {"query": "Ahoj!"}).json()["mode"] == "small_talk"
        body = post(client, {"query": "Ako upiecť čokoládovú tortu?", "engine": "rag"}).json()
        assert body["status"] == "no_answer"
