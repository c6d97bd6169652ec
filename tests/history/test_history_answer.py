"""History questions answered from git data, with commits as sources."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.asking import read
from tests.history.wiki_repo import HOLP, NOVAKOVA, OLD_ZUZANA, ZUZANA
from zpagent.errors import InvalidQuery
from zpagent.history.answer import HistoryIntent, history_answer
from zpagent.history.errors import HistoryUnavailable
from zpagent.ingest.text import fold
from zpagent.query.history import history_ask, is_history_question

NOW = dt.datetime(2026, 11, 10, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def ask(git_workspace):
    def run(question: str):
        with git_workspace.open_current() as gen:
            query = read(gen, question, now=NOW)
            return history_answer(git_workspace, gen, query.edit(ask="history"))

    return run


@pytest.mark.parametrize(
    "question",
    [
        "Kedy sa naposledy zmenila stránka Jána Holpa a čo sa zmenilo?",
        "Kto upravil stránku Márie Novákovej?",
        "Čo sa zmenilo na stránke Jána Holpa od 1. 11. 2026?",
        "História stránky Chatboty",
        "Aké sú posledné zmeny vo wiki?",
        "Kto naposledy upravoval wiki?",
        "Čo sa zmenilo za posledný týždeň?",
        "When was the page of Jan Holp last changed?",
    ],
)
def test_history_questions_are_detected(question):
    assert is_history_question(question)


@pytest.mark.parametrize(
    "question",
    [
        "Aký názov práce má Ján Holp?",
        "Kto viedol diplomovú prácu Jána Holpa?",
        "Koľko bakalárskych prác bolo obhájených v roku 2022?",
        "Ktorí študenti sa venujú téme Rozpoznávanie reči?",
        "Ako sa menovala posledná práca Jána Holpa?",
        "Detekcia zmien v obraze pomocou neurónových sietí",
        "Aké témy majú spoločné Ján Holp a Petra Tóthová?",
        "Ktorá práca na wiki sa venuje zmene klímy?",
    ],
)
def test_other_questions_are_not(question):
    assert not is_history_question(question)


def parse_intent(question: str, now: dt.datetime | None = None) -> HistoryIntent:
    return HistoryIntent.of(history_ask(fold(question), now))


def test_intents_and_dates():
    assert parse_intent("Kto upravil stránku X?").kind == "authors"
    assert parse_intent("História stránky X").kind == "history"
    assert parse_intent("Kedy sa naposledy zmenila stránka X?").kind == "last_change"
    since = parse_intent("Čo sa zmenilo na stránke X od 1. 11. 2026?")
    assert since.kind == "since" and since.since == dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    assert parse_intent("zmeny od 2026-10-06").since == dt.datetime(2026, 10, 6, tzinfo=dt.UTC)
    assert parse_intent("zmeny od 3. novembra 2026").since.day == 3
    week = parse_intent("Čo sa zmenilo za posledný týždeň?", now=NOW)
    assert week.since == NOW - dt.timedelta(days=7)
    assert parse_intent("zmeny od 31. 2. 2026", now=NOW).since is None  # no such day


def test_last_change_and_what_changed(ask, git_wiki):
    _, c = git_wiki
    a = ask("Kedy sa naposledy zmenila stránka Jána Holpa a čo sa zmenilo?")
    assert (a.status, a.kind, a.document_path) == ("ok", "last_change", HOLP)
    assert [s.commit for s in a.sources] == [c["c6"]]
    src = a.sources[0]
    assert src.source_id == "S1" and src.author == "Daniel Hládek"
    assert src.message == "Zmena vedúceho; zmazaná stará téma"
    assert src.source_url == "https://zp.example.edu/students/2016/jh428ek"
    assert src.title == "Ján Holp"
    assert "3. 11. 2026 14:05" in a.answer and "[S1]" in a.answer
    assert "Diplomová práca 2021" in a.answer
    assert "+ Vedúci práce: doc. Ing. Ján Staš, PhD." in a.answer
    assert "− Vedúci práce: Ing. Daniel Hládek, PhD." in a.answer
    assert a.head == c["c7"]


def test_who_changed_a_page(ask, git_wiki):
    _, c = git_wiki
    a = ask("Kto upravil stránku Márie Novákovej?")
    assert (a.status, a.kind, a.document_path) == ("ok", "authors", NOVAKOVA)
    assert "Daniel Hládek — 2 zmeny" in a.answer
    assert [s.commit for s in a.sources] == [c["c4"]]  # each author's last change


def test_changes_since_a_date(ask, git_wiki):
    _, c = git_wiki
    a = ask("Čo sa zmenilo na stránke Jána Holpa od 1. 10. 2026?")
    assert a.kind == "since"
    assert [s.commit for s in a.sources] == [c["c6"], c["c5"], c["c3"]]
    none = ask("Čo sa zmenilo na stránke Márie Novákovej od 1. 11. 2026?")
    assert none.status == "ok" and "nezmenila" in none.answer
    assert [s.commit for s in none.sources] == [c["c4"]]  # the last change before


def test_history_of_a_renamed_page_by_title(ask, git_wiki):
    _, c = git_wiki
    a = ask("História stránky Zuzana Malá")
    assert (a.status, a.kind, a.document_path) == ("ok", "history", ZUZANA)
    assert [s.commit for s in a.sources] == [c["c2"], c["c1"]]
    assert f"„Premenovaná stránka Zuzany“ (premenovaná z {OLD_ZUZANA})" in a.answer
    by_path = ask(f"História stránky {ZUZANA}")
    assert by_path.document_path == ZUZANA


def test_whole_wiki_changes(ask, git_wiki):
    _, c = git_wiki
    a = ask("Aké sú posledné zmeny vo wiki?")
    assert a.status == "ok" and a.document_path is None
    assert a.sources[0].commit == c["c6"]
    assert "Tajná" not in a.answer and "Kováč" not in a.answer  # hidden page, hidden commit
    empty = ask("Čo sa zmenilo vo wiki od 1. 1. 2027?")
    assert (empty.status, empty.reason) == ("no_answer", "no_matching_commits")


def test_hidden_unknown_and_ambiguous_pages(ask):
    hidden = ask("Kedy sa zmenila stránka Petra Kováča?")
    assert (hidden.status, hidden.reason) == ("no_answer", "unknown_page")
    assert hidden.sources == []
    unknown = ask("Čo sa zmenilo na stránke Jozefa Mrkvičku?")
    assert (unknown.status, unknown.reason) == ("no_answer", "unknown_person")


def test_ambiguous_titles(git_workspace, tmp_path):
    from tests.conftest import make_workspace, write_pages

    pages = {
        "pages/a/README.md": "---\ntitle: Chatboty\n---\n# Chatboty\n\nPrvá.\n",
        "pages/b/README.md": "---\ntitle: Chatboty\n---\n# Chatboty\n\nDruhá.\n",
    }
    wiki = write_pages(tmp_path / "w", pages)
    from tests.history.wiki_repo import git

    git(wiki, "init", "-q", "-b", "main")
    git(wiki, "add", "-A")
    git(wiki, "commit", "-qm", "x")
    ws = make_workspace(tmp_path / "d", zpwiki_path=wiki)
    ws.index(wiki)
    with ws.open_current() as gen:
        a = history_answer(ws, gen, read(gen, "História stránky Chatboty"))
    assert a.status == "ambiguous" and a.reason == "ambiguous_page"
    assert [p.document_path for p in a.candidates] == list(pages)
    assert a.sources == []


def test_refusals(git_workspace, ask, tmp_path):
    with pytest.raises(InvalidQuery):
        ask("   ")
    from tests.conftest import make_workspace

    ws = make_workspace(git_workspace.data.root)  # no ZPWIKI_PATH
    with ws.open_current() as gen, pytest.raises(HistoryUnavailable):
        history_answer(ws, gen, read(gen, "Kedy sa naposledy zmenila stránka Jána Holpa?"))
