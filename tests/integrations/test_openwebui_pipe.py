"""The Open WebUI pipe, loaded the way Open WebUI loads a function, against a live server."""

from __future__ import annotations

import asyncio
import types
from pathlib import Path

import pytest

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server

PIPE_FILE = Path(__file__).resolve().parents[2] / "integrations" / "openwebui" / "zpagent_pipe.py"


def load_pipe_module() -> types.ModuleType:
    """Open WebUI reads the file's text and execs it in a fresh module namespace."""
    module = types.ModuleType("function_zpagent")
    exec(compile(PIPE_FILE.read_text(encoding="utf-8"), str(PIPE_FILE), "exec"), module.__dict__)
    return module


@pytest.fixture(scope="module")
def server(tiny_workspace, tmp_path_factory):
    env = {"SEARCH_API_KEY": SEARCH_KEY, "SYNC_API_KEY": SYNC_KEY, "WEBHOOK_SECRET": WEBHOOK_SECRET}
    srv = Server(tiny_workspace.data.root, tmp_path_factory.mktemp("pipe") / "log", env)
    srv.wait_up()
    yield srv
    srv.stop()


def make_pipe(url: str, key: str = SEARCH_KEY, timeout: int = 30):
    module = load_pipe_module()
    pipe = module.Pipe()
    pipe.valves = pipe.Valves(BACKEND_URL=url, BACKEND_API_KEY=key, TIMEOUT_SECONDS=timeout)
    return pipe


def ask(pipe, text: str, model: str = "zpagent.verified-rag") -> str:
    body = {
        "model": model,
        "messages": [
            {"role": "system", "content": "x"},
            {"role": "user", "content": "staršia otázka"},
            {"role": "assistant", "content": "odpoveď"},
            {"role": "user", "content": text},
        ],
    }
    return asyncio.run(pipe.pipe(body, __user__={"id": "u1", "role": "user"}))


def test_the_file_declares_three_models_and_valves():
    pipe = load_pipe_module().Pipe()
    assert [p["id"] for p in pipe.pipes()] == ["verified-auto", "verified-rag", "verified-graph"]
    assert set(pipe.Valves.model_fields) == {
        "BACKEND_URL",
        "BACKEND_API_KEY",
        "DEFAULT_ENGINE",
        "TIMEOUT_SECONDS",
    }


def test_rag_model_answers_from_the_live_backend(server):
    text = ask(make_pipe(server.url), "Aký názov diplomovej práce má Ján Holp?")
    assert "Rozpoznávanie pomenovaných entít v slovenčine" in text
    assert "[S1]" in text


def test_only_the_last_user_message_is_sent_and_small_talk_works(server):
    assert ask(make_pipe(server.url), "Ahoj").startswith("Dobrý deň")


def test_not_found_is_said_plainly(server):
    text = ask(make_pipe(server.url), "Ako upiecť čokoládovú tortu?")
    assert text == "V dostupných zdrojoch som odpoveď nenašiel."


def test_wrong_key_and_dead_backend_give_a_clear_message(server):
    assert "BACKEND_API_KEY" in ask(make_pipe(server.url, key="x" * 40), "Ján Holp")
    dead = make_pipe("http://127.0.0.1:9", timeout=2)
    assert "nedostupný" in ask(dead, "Ján Holp")


def test_graph_model_answers_from_facts(server):
    text = ask(
        make_pipe(server.url), "Kto viedol diplomovú prácu Jána Holpa?", "zpagent.verified-graph"
    )
    assert "Daniel Hládek" in text and "[S1]" in text


def test_the_default_engine_valve_serves_unknown_model_ids():
    pipe = load_pipe_module().Pipe()
    assert pipe._engine("zpagent.verified-rag") == "rag"
    assert pipe._engine("zpagent.verified-graph") == "graph"
    assert pipe._engine("zpagent.verified-auto") == "auto"
    assert pipe._engine("zpagent.something-else") == "auto"
    pipe.valves = pipe.Valves(DEFAULT_ENGINE="graph")
    assert pipe._engine("zpagent.something-else") == "graph"
    pipe.valves = pipe.Valves(DEFAULT_ENGINE="nonsense")
    assert pipe._engine("zpagent.something-else") == "auto"


def test_a_refused_llm_answer_shows_only_the_evidence(tiny_workspace, tmp_path):
    """The model invents a title twice: the user sees the page's title, never the invention."""
    from zpagent.eval.scripted_llm import ScriptedLLM, claims

    invented = {
        "kind": "thesis_title",
        "subject": "Ján Holp",
        "thesis_kind": "master",
        "value": "Vymyslený názov o kvantových počítačoch",
        "sources": ["S1"],
    }
    with ScriptedLLM() as llm:
        llm.script(claims(invented), claims(invented))
        env = {
            "SEARCH_API_KEY": SEARCH_KEY,
            "SYNC_API_KEY": SYNC_KEY,
            "WEBHOOK_SECRET": WEBHOOK_SECRET,
            "ANSWER_LLM_URL": llm.url,
            "ANSWER_MODEL": "scripted",
        }
        srv = Server(tiny_workspace.data.root, tmp_path / "log", env)
        try:
            srv.wait_up()
            text = ask(make_pipe(srv.url), "Aký názov diplomovej práce má Ján Holp?")
        finally:
            srv.stop()
        assert len(llm.requests) == 2  # the answer and one repair round
    assert "kvantových" not in text
    assert "Rozpoznávanie pomenovaných entít v slovenčine" in text


def test_auto_model_routes_a_who_question_to_the_graph(server):
    q = "Kto viedol diplomovú prácu Jána Holpa?"
    text = ask(make_pipe(server.url), q, "zpagent.verified-auto")
    assert "vedúci: Daniel Hládek" in text
