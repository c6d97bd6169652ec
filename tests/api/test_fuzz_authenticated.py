"""Fuzzing every authenticated endpoint: malformed input is a 4xx, never a 500.

Past the key or the signature, a client can send anything: arbitrary JSON
(deeply nested, lone surrogates, huge numbers, wrong types), odd path
parameters and odd headers. Hypothesis generates them; each request is
authenticated (webhook bodies are signed), so the checks behind the auth
are what is exercised. ``tests/api/test_e2e.py`` runs schemathesis with the
search key against a live server; this covers the sync key and the webhook.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import AUTH, api_settings
from tests.sync.test_webhook_e2e import sign
from zpagent.api.app import create_app

SYNC = {"X-API-Key": api_settings().sync_api_key.get_secret_value()}

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=60)  # includes lone surrogates
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)
tool_bodies = (
    st.fixed_dictionaries(
        {},
        optional={
            "query": scalars,
            "limit": scalars,
            "mode": scalars,
            "max_per_document": scalars,
            "engine": scalars,
            "include_unpublished": scalars,
            "include_diagnostics": scalars,
        },
    )
    | json_values
)
nested = st.integers(min_value=1, max_value=200_000).map(lambda n: "[" * n + "]" * n)
raw_bodies = (
    json_values.map(lambda v: json.dumps(v).encode())
    | nested.map(str.encode)
    | st.binary(max_size=200)
    | st.builds(
        lambda ref, repo, extra: json.dumps(
            {"ref": ref, "repository": {"full_name": repo}, **extra}
        ).encode(),
        st.one_of(st.just("refs/heads/main"), scalars),
        st.one_of(st.just("zp/wiki"), scalars),
        st.dictionaries(st.sampled_from(["after", "deleted", "before"]), scalars, max_size=2),
    )
)
header_values = st.binary(max_size=300).filter(lambda b: b"\r" not in b and b"\n" not in b)

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def client(tiny_workspace):
    overrides = {
        "sync_worker_enabled": False,
        "expected_gitea_repository": "zp/wiki",
        "zpwiki_path": tiny_workspace.data.root,
    }
    app = create_app(api_settings(**overrides), data_dir=tiny_workspace.data.root)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def no_server_error(r) -> None:
    body = r.json()  # always a JSON answer
    assert r.status_code < 500 or body.get("reason") == "overloaded", (r.status_code, r.text)
    assert body.get("reason") != "internal_error"


@FUZZ
@given(path=st.sampled_from(["/search", "/rag", "/graph", "/answer"]), body=tool_bodies)
def test_tool_endpoints(client, path, body):
    no_server_error(client.post(path, json=body, headers=AUTH))


@FUZZ
@given(body=json_values, job=st.text(max_size=80))
def test_sync_endpoints(client, body, job):
    no_server_error(client.post("/sync", json=body, headers=SYNC))
    no_server_error(client.get(f"/sync/jobs/{quote(job, safe='')}", headers=SYNC))
    no_server_error(client.post(f"/sync/jobs/{quote(job, safe='')}/cancel", headers=SYNC))
    no_server_error(client.get("/sync/status", headers=SYNC))


@FUZZ
@given(body=raw_bodies, event=st.one_of(st.just(b"push"), header_values), delivery=header_values)
def test_signed_webhook(client, body, event, delivery):
    headers = {
        "X-Gitea-Event": event,
        "X-Gitea-Delivery": delivery,
        "X-Gitea-Signature": sign(body),
        "Content-Type": "application/json",
    }
    no_server_error(client.post("/webhook/gitea", content=body, headers=headers))
