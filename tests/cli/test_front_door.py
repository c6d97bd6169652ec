"""The front door, tried as a new user would: errors in the user's terms, usage
errors exit 2, --version, progress without a terminal, a calm demo."""

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from zpagent import __version__
from zpagent.cli.main import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args), env={})


def wiki_case(root, case):
    """A wiki path as a new user might give it, broken in one way."""
    path = root / case
    if case == "file.md":
        path.write_text("# a page, not a folder")
    elif case != "missing":
        path.mkdir()
    if case == "no-pages":
        (path / "notes.txt").write_text("text")
    if case == "only-binary":
        (path / "image.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    return path


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("missing", "does not exist"),
        ("file.md", "is a file"),
        ("empty", "is empty"),
        ("no-pages", "no Markdown pages"),
        ("only-binary", "no readable Markdown pages"),
    ],
)
def test_index_names_the_path_the_user_gave(tmp_path, case, words):
    wiki = wiki_case(tmp_path, case)
    res = run("index", "--wiki", str(wiki), "--data", str(tmp_path / "data"))
    assert res.exit_code == 1
    assert words in res.stderr and str(wiki) in res.stderr, res.stderr
    assert "staging" not in res.stderr and "build-" not in res.stderr
    as_json = run("index", "--wiki", str(wiki), "--data", str(tmp_path / "data"), "--json")
    assert json.loads(as_json.stdout)["reason"] == "invalid_wiki"
    assert str(tmp_path) not in as_json.stdout  # the envelope echoes no path


def test_unknown_choices_are_usage_errors(tiny_workspace):
    data = str(tiny_workspace.data.root)
    assert run("search", "x", "--mode", "foo", "--data", data).exit_code == 2
    assert run("answer", "x", "--engine", "foo", "--data", data).exit_code == 2
    res = run("search", "Ján Holp", "--mode", "FTS", "--data", data, "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "ok"


def test_version_without_a_command():
    res = run("--version")
    assert res.exit_code == 0 and res.stdout.strip() == f"zpagent {__version__}"


def test_a_too_long_question_says_so(tiny_workspace):
    res = run("graph", "Kto " * 1000, "--data", str(tiny_workspace.data.root), "--json")
    assert res.exit_code == 1
    payload = json.loads(res.stdout)
    assert payload["reason"] == "invalid_query" and "too long" in payload["message"]


def test_progress_is_plain_lines_without_a_terminal(tmp_path, tiny_wiki):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ZPAGENT_", "ZPWIKI_"))}
    proc = subprocess.run(
        [sys.executable, "-m", "zpagent", "index", "--wiki", str(tiny_wiki)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    for phase in ("chunking", "embedding", "writing index"):
        assert any(line.startswith(f"zpagent: {phase}") and "done in" in line for line in lines)
    assert "\x1b[" not in proc.stderr  # no terminal control codes in logs


def test_the_demo_summarizes_the_sample_problem_pages_in_one_line(tmp_path, sample_workspace):
    res = run("demo", "--data", str(sample_workspace.data.root))
    assert res.exit_code == 0, res.output
    assert "WARNING" not in res.stderr
    assert " ".join(res.stderr.split()).count("deliberate problems") == 1


def test_plain_progress_lines_carry_an_eta():
    import io

    from zpagent.cli.output import PlainProgress

    out = io.StringIO()
    progress = PlainProgress(out, interval=0)
    progress.start("embedding", 10)
    progress.advance(5)
    progress.start("writing index", None)
    progress.finish()
    lines = out.getvalue().splitlines()
    assert lines[0] == "zpagent: embedding (10 items)"
    assert lines[1].startswith("zpagent: embedding 5/10 (50%), ") and "s left" in lines[1]
    assert lines[2].startswith("zpagent: embedding 5/10 done in ")
    assert lines[3:5] == ["zpagent: writing index", lines[4]] and "done in" in lines[4]
