"""Visibility is server policy: ``include_unpublished`` is not in the published
schema, and only the dedicated UNPUBLISHED_API_KEY may set it (403
``unpublished_not_allowed`` for anyone else, whatever else they send)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import AUTH, SEARCH_KEY, UNPUBLISHED_KEY, api_settings
from zpagent.api.app import create_app
from zpagent.api.security import ConfigurationError, check_secrets

SECRET = "Tajná nepublikovaná téma o kryptografii"
HIDDEN_PAGE = "pk222cd"
TRUSTED = {"Authorization": f"Bearer {UNPUBLISHED_KEY}"}
# One request per tool that finds the unpublished page when it is visible.
ASKS = {
    "/search": {"query": "téma o kryptografii"},
    "/rag": {"query": "téma o kryptografii"},
    "/graph": {"query": "Aký názov práce má Peter Kováč?"},
    "/answer": {"query": "Aký názov práce má Peter Kováč?", "engine": "rag"},
}


@pytest.fixture(scope="module")
def client(tiny_workspace):
    app = create_app(
        api_settings(unpublished_api_key=UNPUBLISHED_KEY),
        data_dir=tiny_workspace.data.root,
        warm=False,
    )
    with TestClient(app) as c:
        yield c


def reveals(resp) -> bool:
    return SECRET in resp.text or HIDDEN_PAGE in resp.text


@pytest.mark.parametrize("path", list(ASKS))
def test_the_search_key_cannot_switch_on_hidden_pages(client, path):
    for headers in (AUTH, {"Authorization": f"Bearer {SEARCH_KEY}"}):
        resp = client.post(path, json={**ASKS[path], "include_unpublished": True}, headers=headers)
        assert resp.status_code == 403, resp.text
        assert resp.json()["reason"] == "unpublished_not_allowed"
        assert not reveals(resp)
    published = client.post(path, json={**ASKS[path], "include_unpublished": False}, headers=AUTH)
    assert published.status_code == 200 and not reveals(published)


@pytest.mark.parametrize("path", list(ASKS))
def test_the_unpublished_key_sees_hidden_pages_only_when_it_asks(client, path):
    shown = client.post(path, json={**ASKS[path], "include_unpublished": True}, headers=TRUSTED)
    assert shown.status_code == 200 and reveals(shown), shown.text[:300]
    default = client.post(path, json=ASKS[path], headers=TRUSTED)
    assert default.status_code == 200 and not reveals(default)


def test_without_an_unpublished_key_nobody_sees_hidden_pages(tiny_workspace):
    app = create_app(api_settings(), data_dir=tiny_workspace.data.root, warm=False)
    with TestClient(app) as c:
        for headers in (AUTH, TRUSTED):
            resp = c.post("/search", json={**ASKS["/search"], "include_unpublished": True},
                          headers=headers)  # fmt: skip
            assert resp.status_code in (401, 403) and not reveals(resp)


def test_local_mode_needs_the_unpublished_key_too(tiny_workspace):
    app = create_app(
        api_settings(search_api_key=None, unpublished_api_key=UNPUBLISHED_KEY),
        data_dir=tiny_workspace.data.root,
        local_mode=True,
        warm=False,
    )
    body = {**ASKS["/search"], "include_unpublished": True}
    with TestClient(app, base_url="http://localhost:8000") as c:
        refused = c.post("/search", json=body)
        assert refused.status_code == 403 and not reveals(refused)
        assert reveals(c.post("/search", json=body, headers=TRUSTED))


def test_the_unpublished_key_is_a_checked_secret():
    with pytest.raises(ConfigurationError, match="UNPUBLISHED_API_KEY must be at least 32"):
        check_secrets(api_settings(unpublished_api_key="short"), local_mode=False)
    with pytest.raises(ConfigurationError, match="must be different"):
        check_secrets(api_settings(unpublished_api_key=SEARCH_KEY), local_mode=False)
    check_secrets(api_settings(unpublished_api_key=UNPUBLISHED_KEY), local_mode=False)


def test_a_wrong_key_is_still_unauthorized(client):
    resp = client.post("/search", json=ASKS["/search"], headers={"X-API-Key": "x" * 40})
    assert resp.status_code == 401 and resp.json()["reason"] == "unauthorized"
