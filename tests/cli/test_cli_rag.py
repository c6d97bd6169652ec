"""``zpagent rag QUERY --json``: one contract envelope on stdout, exit codes 0/1.

Runs the typer app in-process on the tiny generation, and the real console
entry point in a subprocess to check what actually reaches stdout.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from zpagent.cli.main import app
from zpagent.config import Settings
from zpagent.contract import RagResponse
from zpagent.rag.prompts import ANSWER_FORMAT, INSTRUCTIONS

runner = CliRunner()

RAG_KEYS = set(RagResponse.model_fields)


def run(*args):
    return runner.invoke(app, list(args))


def served_version(ws) -> str:
    with ws.open_current() as gen:
        return gen.version


def error_envelope(reason: str, message: str) -> dict:
    return {
        "contract_version": "1",
        "status": "error",
        "reason": reason,
        "message": message,
        "details": None,
        "sources": [],
        "index_version": None,
        "complete": None,
        "truncated": False,
        "truncation_reasons": [],
    }


def test_rag_json_ok_is_one_envelope(tiny_workspace):
    data = str(tiny_workspace.data.root)
    res = run("rag", "Aký názov práce má Ján Holp?", "--data", data, "--json")
    assert res.exit_code == 0, res.output
    payload = json.loads(res.stdout)  # fails on anything but exactly one JSON value
    assert isinstance(payload, dict)
    assert set(payload) == RAG_KEYS
    body = RagResponse.model_validate(payload)
    assert body.status == "ok" and body.reason is None
    assert body.index_version["version"] == served_version(tiny_workspace)
    assert body.sources[0].source_id == "S1"
    assert body.sources[0].document_path == "pages/students/2016/jh428ek/README.md"
    assert body.sources[0].title == "Ján Holp"
    assert "[S1]" in body.context
    assert "Rozpoznávanie pomenovaných entít v slovenčine" in body.context
    assert body.instructions == INSTRUCTIONS
    assert body.answer_format == ANSWER_FORMAT
    defaults = Settings(_env_file=None)
    assert body.context_budget.encoding == defaults.rag_llm_token_encoding
    assert body.context_budget.limit == defaults.rag_llm_max_tokens
    assert 0 < body.context_budget.used <= body.context_budget.limit
    assert body.diagnostics is None


def test_rag_json_diagnostics_only_on_request(tiny_workspace):
    res = run("rag", "Ján Holp", "--data", str(tiny_workspace.data.root), "--json", "--diagnostics")
    assert res.exit_code == 0, res.output
    diagnostics = json.loads(res.stdout)["diagnostics"]
    assert diagnostics["retrieval"][0]["document_path"].endswith("jh428ek/README.md")


def test_rag_json_no_answer_is_exit_zero(tiny_workspace):
    res = run("rag", "xqzvbn wpfkjr", "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 0, res.output
    payload = json.loads(res.stdout)
    assert set(payload) == RAG_KEYS
    assert payload["status"] == "no_answer"
    low = payload["confidence"]["level"] == "low"
    assert payload["reason"] == ("low_confidence" if low else "no_matching_sources")
    assert payload["sources"] == [] and payload["context"] == ""
    assert payload["index_version"]["version"] == served_version(tiny_workspace)
    # The rules travel with a no_answer too: the model must still say "not found".
    assert payload["instructions"] == INSTRUCTIONS


def test_rag_json_blank_query_is_the_error_envelope(tiny_workspace):
    res = run("rag", "   ", "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 1
    assert json.loads(res.stdout) == error_envelope(
        "invalid_query", "The query is empty or not usable."
    )


def test_rag_json_without_an_index_is_the_error_envelope(tmp_path):
    data = tmp_path / "no-such-data"
    res = run("rag", "Ján Holp", "--data", str(data), "--json")
    assert res.exit_code == 1
    assert json.loads(res.stdout) == error_envelope(
        "retrieval_unavailable", "No index is being served right now; try again later."
    )
    assert str(tmp_path) not in res.stdout


def test_rag_without_json_is_human_text(tiny_workspace):
    res = run("rag", "Aký názov práce má Ján Holp?", "--data", str(tiny_workspace.data.root))
    assert res.exit_code == 0, res.output
    assert "[S1] Ján Holp" in res.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(res.stdout)


def zpagent(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "zpagent", *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=cwd,
    )


def test_real_process_rag_json_stdout_is_one_object(tiny_workspace, tmp_path):
    proc = zpagent(
        "rag", "Ján Holp", "--data", str(tiny_workspace.data.root), "--json", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    payload = json.loads(proc.stdout)
    assert set(payload) == RAG_KEYS
    assert payload["status"] == "ok"
    assert payload["sources"][0]["title"] == "Ján Holp"


@pytest.mark.parametrize(
    ("command", "query", "reason"),
    [
        ("rag", "   ", "invalid_query"),
        ("rag", "Ján Holp", "retrieval_unavailable"),
        ("search", "   ", "invalid_query"),
        ("search", "Ján Holp", "retrieval_unavailable"),
    ],
)
def test_real_process_json_errors_exit_one(tiny_workspace, tmp_path, command, query, reason):
    data = tiny_workspace.data.root if reason == "invalid_query" else tmp_path / "empty"
    proc = zpagent(command, query, "--data", str(data), "--json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr[-2000:]
    payload = json.loads(proc.stdout)
    assert payload["status"] == "error" and payload["reason"] == reason
    assert set(payload) == set(error_envelope(reason, ""))
    assert "Traceback" not in proc.stdout + proc.stderr


def test_rag_graph_hybrid_json_and_human_output(tiny_workspace):
    data = str(tiny_workspace.data.root)
    question = "O čom sú práce, ktoré viedol Daniel Hládek?"
    res = run("rag", question, "--mode", "graph_hybrid", "--data", data, "--json")
    assert res.exit_code == 0, res.output
    body = RagResponse.model_validate(json.loads(res.stdout))
    assert body.graph.route == "graph_first" and body.graph.pages == 1
    human = run("rag", question, "--mode", "graph_hybrid", "--data", data)
    assert human.exit_code == 0 and "graph (graph_first, supervision): 1 page(s)" in human.stdout
    unknown = "O čom sú práce, ktoré viedol Jozef Mrkvička?"
    res = run("rag", unknown, "--mode", "graph_hybrid", "--data", data, "--json")
    assert res.exit_code == 0  # no_answer is an answer
    assert json.loads(res.stdout)["reason"] == "unknown_person"
    bad = run("rag", question, "--mode", "graph", "--data", data)
    assert bad.exit_code == 2
