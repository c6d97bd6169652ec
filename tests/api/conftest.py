import contextlib
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.live_server import Server
from zpagent.api.app import create_app
from zpagent.config import Settings

SEARCH_KEY = "s" * 16 + "earch-key-0123456789abcdef"
SYNC_KEY = "y" * 16 + "nc-key-0123456789abcdefghi"
WEBHOOK_SECRET = "w" * 16 + "ebhook-secret-0123456789ab"
UNPUBLISHED_KEY = "u" * 16 + "npublished-key-0123456789a"
SERVER_KEYS = {
    "SEARCH_API_KEY": SEARCH_KEY,
    "SYNC_API_KEY": SYNC_KEY,
    "WEBHOOK_SECRET": WEBHOOK_SECRET,
}


@contextlib.contextmanager
def serving(workspace, tmp_path_factory, name: str, **env: str) -> Iterator[Server]:
    """A real ``zpagent serve`` over ``workspace`` with the test keys (and ``env``)."""
    srv = Server(workspace.data.root, tmp_path_factory.mktemp(name) / "log", {**SERVER_KEYS, **env})
    try:
        srv.wait_up()
        yield srv
    finally:
        srv.stop()


def api_settings(**overrides) -> Settings:
    base = dict(
        _env_file=None,
        search_api_key=SEARCH_KEY,
        sync_api_key=SYNC_KEY,
        webhook_secret=WEBHOOK_SECRET,
    )
    base.update(overrides)
    return Settings(**base)


@pytest.fixture(scope="module")
def client(tiny_workspace):
    app = create_app(api_settings(), data_dir=tiny_workspace.data.root)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def empty_client(tmp_path):
    app = create_app(api_settings(), data_dir=tmp_path / "empty")
    with TestClient(app) as c:
        yield c


# The contract v1 envelope: every tool response carries these keys.
ENVELOPE_KEYS = {
    "contract_version",
    "status",
    "reason",
    "sources",
    "index_version",
    "complete",
    "truncated",
    "truncation_reasons",
}

AUTH = {"X-API-Key": SEARCH_KEY}
BEARER = {"Authorization": f"Bearer {SEARCH_KEY}"}
