"""A question about the wiki's changes is answered from Git on every checked-answer
transport (library, HTTP /answer, CLI), never with thesis facts.

Before, ``zpagent answer "Kedy sa naposledy zmenila stránka Jána Holpa?"`` read
"Kedy" as a question for the thesis year and answered "diplomová práca (2021)".
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.api.conftest import AUTH, api_settings
from tests.asking import read
from tests.history.wiki_repo import HOLP
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.service import answer
from zpagent.api.app import create_app
from zpagent.cli.main import app as cli_app
from zpagent.history.answer import history_asker

QUESTION = "Kedy sa naposledy zmenila stránka Jána Holpa?"
ENGINES = ["auto", "graph", "rag"]


def _assert_history_answer(body: dict) -> None:
    assert body["status"] == "ok" and body["mode"] == "history"
    assert body["engine_used"] == "history" and body["claims"] == []
    assert "naposledy zmenila" in body["answer"]
    assert body["sources"] and all(s["document_path"] == HOLP for s in body["sources"])
    # Commits are the sources, with what identifies them.
    assert all(len(s["commit"]) == 40 and s["author"] and s["date"] for s in body["sources"])


@pytest.mark.parametrize("engine", ENGINES)
def test_the_library_answers_history_questions_from_git_whatever_the_engine(git_workspace, engine):
    with git_workspace.open_current() as gen:
        resp = answer(
            gen,
            git_workspace.query_embedder,
            read(gen, QUESTION),
            AnswerOptions(engine=engine),
            history=history_asker(git_workspace, gen),
        )
    _assert_history_answer(resp.model_dump())


def test_without_the_history_it_is_refused_not_answered_with_thesis_facts(sample_workspace):
    with sample_workspace.open_current() as gen:
        resp = answer(gen, sample_workspace.query_embedder, read(gen, QUESTION), AnswerOptions())
        # The sample wiki is no Git repository of its own: the same refusal.
        with_history = answer(
            gen,
            sample_workspace.query_embedder,
            read(gen, QUESTION),
            AnswerOptions(),
            history=history_asker(sample_workspace, gen),
        )
    for r in (resp, with_history):
        assert r.status == "no_answer" and r.reason == "history_unavailable"
        assert r.claims == [] and r.sources == [] and "2021" not in r.answer
        assert r.index_version == gen.index_version


def test_http_answer_routes_history_questions_to_git(git_workspace):
    app = create_app(
        api_settings(zpwiki_path=git_workspace.settings.zpwiki_path),
        data_dir=git_workspace.data.root,
        warm=False,
    )
    with TestClient(app) as client:
        r = client.post("/answer", json={"query": QUESTION, "engine": "graph"}, headers=AUTH)
        assert r.status_code == 200, r.text
        _assert_history_answer(r.json())
        # A thesis question on the same wiki still goes to the graph.
        r = client.post("/answer", json={"query": "Aký názov práce má Ján Holp?"}, headers=AUTH)
        assert r.json()["engine_used"] == "graph" and r.json()["mode"] != "history"


def test_cli_answer_routes_history_questions_to_git(git_workspace):
    res = CliRunner().invoke(
        cli_app,
        ["answer", QUESTION, "--data", str(git_workspace.data.root), "--json"],
        env={"ZPWIKI_PATH": str(git_workspace.settings.zpwiki_path)},
    )
    assert res.exit_code == 0, res.output
    _assert_history_answer(json.loads(res.stdout))
