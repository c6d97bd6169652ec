"""Open WebUI's code from its wheel (see ``openwebui_code``): skipped with the
install command when missing, a failure when ZPAGENT_REQUIRE_OPENWEBUI=1 (CI)."""

from __future__ import annotations

import pytest

from tests.integrations import openwebui_code
from tests.integrations.openwebui_tables import UserModel

# The question, answer and page the Open WebUI tests follow through its code.
HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
HOLP_URL = "https://zp.example.edu/students/2016/jh428ek"
Q_TITLE = "Aký názov diplomovej práce má Ján Holp?"
USER = UserModel(id="u1", name="Študentka", email="s@example.edu")


@pytest.fixture(scope="session")
def openwebui() -> openwebui_code.OpenWebUI:
    reason = openwebui_code.missing_reason()
    if reason is not None:
        if openwebui_code.REQUIRE_OPENWEBUI:
            pytest.fail(f"ZPAGENT_REQUIRE_OPENWEBUI=1 but {reason}")
        pytest.skip(reason)
    return openwebui_code.load()
