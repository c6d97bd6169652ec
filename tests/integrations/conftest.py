"""Open WebUI's code from its wheel (see ``openwebui_code``): skipped with the
install command when missing, a failure when ZPAGENT_REQUIRE_OPENWEBUI=1 (CI)."""

from __future__ import annotations

import pytest

from tests.integrations import openwebui_code


@pytest.fixture(scope="session")
def openwebui() -> openwebui_code.OpenWebUI:
    reason = openwebui_code.missing_reason()
    if reason is not None:
        if openwebui_code.REQUIRE_OPENWEBUI:
            pytest.fail(f"ZPAGENT_REQUIRE_OPENWEBUI=1 but {reason}")
        pytest.skip(reason)
    return openwebui_code.load()
