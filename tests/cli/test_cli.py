import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from zpagent.cli.main import app

runner = CliRunner()


def run(*args, env=None):
    return runner.invoke(app, list(args), env=env or {})


def test_search_json_prints_exactly_one_envelope(tiny_workspace):
    res = run("search", "Ján Holp", "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 0, res.output
    payload = json.loads(res.stdout)
    assert payload["status"] == "ok"
    assert payload["results"][0]["document_path"].endswith("jh428ek/README.md")
    assert payload["index_version"]["version"]


def test_no_answer_is_exit_zero(tiny_workspace):
    res = run("search", "xqzvbn wpfkjr", "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 0
    payload = json.loads(res.stdout)
    assert payload["status"] == "no_answer"
    low = payload["confidence"]["level"] == "low"
    assert payload["reason"] == ("low_confidence" if low else "no_matching_sources")
    assert bool(payload["results"]) == low  # what was near is shown, flagged


def test_error_is_exit_one_with_the_error_envelope(tmp_path):
    res = run("search", "holp", "--data", str(tmp_path / "empty"), "--json")
    assert res.exit_code == 1
    payload = json.loads(res.stdout)
    assert payload == {
        "contract_version": "1",
        "status": "error",
        "reason": "retrieval_unavailable",
        "sources": [],
        "index_version": None,
        "complete": None,
        "truncated": False,
        "truncation_reasons": [],
        "message": payload["message"],
        "details": None,
    }
    assert str(tmp_path) not in res.stdout


def test_invalid_query_is_exit_one(tiny_workspace):
    res = run("search", "   ", "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 1
    assert json.loads(res.stdout)["reason"] == "invalid_query"


def test_usage_error_is_exit_two(tiny_workspace):
    assert run("search").exit_code == 2
    assert run("search", "x", "--limit", "0").exit_code == 2
    assert run("search", "x", "--bogus").exit_code == 2


def test_index_missing_wiki_exit_one(tmp_path):
    res = run("index", "--wiki", str(tmp_path / "nope"), "--data", str(tmp_path / "d"), "--json")
    assert res.exit_code == 1
    assert json.loads(res.stdout)["reason"] == "invalid_wiki"


def test_index_json_summary(tmp_path, tiny_wiki):
    res = run("index", "--wiki", str(tiny_wiki), "--data", str(tmp_path / "d"), "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    for key in (
        "documents",
        "warnings",
        "chunks",
        "embedding_segments",
        "embedding_computed",
        "embedding_reused",
        "embedding_duplicates",
        "embedding_tokens_saved",
        "seconds",
    ):
        assert key in summary
    assert summary["documents"] == 5


def test_human_output_is_a_table(tiny_workspace):
    res = run("search", "Ján Holp", "--data", str(tiny_workspace.data.root))
    assert res.exit_code == 0
    assert "Ján Holp" in res.stdout and "hybrid search" in res.stdout


@pytest.mark.parametrize("command", ["index", "search", "demo"])
def test_every_command_has_help(command):
    res = run(command, "--help")
    assert res.exit_code == 0
    assert len(res.stdout.strip()) > 40


def test_real_process_exit_codes(tmp_path):
    """The installed console script behaves like the in-process runner."""
    proc = subprocess.run(
        [sys.executable, "-m", "zpagent", "search", "x", "--data", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["status"] == "error"
