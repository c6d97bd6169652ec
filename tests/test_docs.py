"""Docs generated from code stay in sync with it."""

import re
from pathlib import Path

from zpagent.cli.main import app
from zpagent.config import Settings
from zpagent.docs import BEGIN, END, HEAD_BEGIN, HEAD_END, render_headlines, render_settings

README = Path(__file__).resolve().parents[1] / "README.md"
CONFIGURATION = README.parent / "docs" / "configuration.md"


def test_settings_table_is_generated_from_the_registry():
    text = CONFIGURATION.read_text(encoding="utf-8")
    block = text[text.index(BEGIN) + len(BEGIN) : text.index(END)].strip()
    assert block == render_settings(), "run: python -m zpagent.docs"


def test_headline_tables_match_the_committed_results():
    for doc in (README, README.parent / "benchmarks" / "README.md"):
        text = doc.read_text(encoding="utf-8")
        block = text[text.index(HEAD_BEGIN) + len(HEAD_BEGIN) : text.index(HEAD_END)].strip()
        assert block == render_headlines(README.parent), f"run: python -m zpagent.docs ({doc})"


def test_every_setting_has_help():
    for name, field in Settings.model_fields.items():
        assert field.description and len(field.description) > 10, name


def test_every_cli_command_has_help_text():
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert command.help and len(command.help) > 20, name
        for param in command.params:
            if param.param_type_name == "option" and param.name != "help":
                assert param.help, f"{name} --{param.name} has no help"


def test_readme_front_door_commands():
    text = README.read_text(encoding="utf-8")
    assert "pip install -e . && zpagent demo" in text
    assert "pip install -e '.[dev]' && pytest -q" in text


def test_the_readme_is_a_front_door_and_its_links_exist():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    for link in re.findall(r"\]\(((?:docs|eval|benchmarks)/[^)#]+)\)", text):
        assert (README.parent / link).exists(), link
