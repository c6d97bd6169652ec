"""``zpagent graph QUERY`` and ``zpagent graph stats``: one JSON envelope, exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from zpagent.cli.main import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args), env={})


def test_graph_query_json_prints_one_envelope(sample_workspace):
    data = str(sample_workspace.data.root)
    res = run("graph", "Kto viedol bakalársku prácu Jána Holpa?", "--data", data, "--json")
    assert res.exit_code == 0, res.output
    payload = json.loads(res.stdout)
    assert payload["status"] == "ok" and payload["answers"] == ["Marek Bielik"]
    assert payload["index_version"]["version"]
    assert payload["sources"][0]["source_id"] == "S1"


def test_options_may_come_first_and_counts_stay_exact(sample_workspace):
    data = str(sample_workspace.data.root)
    res = run(
        "graph", "--limit", "2", "--json", "--data", data, "Koľko študentov má kľúčové slovo asr?"
    )
    payload = json.loads(res.stdout)
    assert res.exit_code == 0
    assert payload["aggregation"]["count"] == 10 and payload["aggregation"]["returned"] == 2
    assert payload["truncation_reasons"] == ["entity_limit"]


def test_no_answer_and_ambiguous_exit_zero(sample_workspace):
    data = str(sample_workspace.data.root)
    for question, status in (
        ("Kto viedol prácu Jozefa Mrkvičku?", "no_answer"),
        ("Kto viedol prácu Martina Horvátha?", "ambiguous"),
    ):
        res = run("graph", question, "--data", data, "--json")
        assert res.exit_code == 0
        assert json.loads(res.stdout)["status"] == status


def test_unpublished_only_when_asked(sample_workspace):
    data = str(sample_workspace.data.root)
    question = "Kto viedol prácu Róberta Baláža?"
    hidden = json.loads(run("graph", question, "--data", data, "--json").stdout)
    shown = json.loads(
        run("graph", question, "--data", data, "--json", "--include-unpublished").stdout
    )
    assert hidden["reason"] == "unknown_person" and shown["answers"] == ["Ján Staš"]


def test_errors_exit_one_with_the_error_envelope(sample_workspace, tmp_path):
    res = run("graph", "   ", "--data", str(sample_workspace.data.root), "--json")
    assert res.exit_code == 1 and json.loads(res.stdout)["reason"] == "invalid_query"
    res = run("graph", "Kto?", "--data", str(tmp_path / "empty"), "--json")
    assert res.exit_code == 1 and json.loads(res.stdout)["reason"] == "retrieval_unavailable"
    assert str(tmp_path) not in res.stdout


def test_stats(sample_workspace):
    data = str(sample_workspace.data.root)
    res = run("graph", "stats", "--data", data, "--json")
    assert res.exit_code == 0, res.output
    stats = json.loads(res.stdout)
    assert stats["person_pages"]["total"] == 54 and stats["store_matches_payload"]
    assert stats["nodes"]["Person"] == stats["store_nodes"]["Person"]
    human = run("graph", "stats", "--data", data)
    assert human.exit_code == 0 and "thesis title" in human.stdout


def test_the_word_stats_can_still_be_asked(sample_workspace):
    res = run("graph", "query", "stats", "--data", str(sample_workspace.data.root), "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "no_answer"


def test_human_output(sample_workspace):
    res = run(
        "graph",
        "Aké témy majú spoločné Ján Holp a Petra Tóthová?",
        "--data",
        str(sample_workspace.data.root),
    )
    assert res.exit_code == 0 and "Spracovanie prirodzeného jazyka" in res.stdout
