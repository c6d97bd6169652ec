import pytest

from zpagent.ingest.metadata import normalize_meta, parse_published


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, True),
        (True, True),
        (False, False),
        ("false", False),
        ("False", False),
        ("no", False),
        ("0", False),
        (0, False),
        ("yes", True),
        ("true", True),
    ],
)
def test_published_values(value, expected):
    assert parse_published(value) == (expected, None)


def test_unreadable_published_is_a_warning_and_stays_published():
    assert parse_published("maybe") == (True, "invalid_published")


def test_keys_in_any_case_lists_or_strings():
    meta = normalize_meta(
        {
            "Title": "  Ján   Holp ",
            "Published": "false",
            "Taxonomy": {"Category": "DP2021, bp2019", "Tag": ["NLP", " preklad ", "nlp"]},
            "extra_key": {"when": 2021},
        },
        "",
        "pages/students/2016/jh428ek/README.md",
    )
    assert meta.title == "Ján Holp"
    assert meta.published is False
    assert meta.categories == ["dp2021", "bp2019"]
    assert meta.tags == ["nlp", "preklad"]
    assert meta.extra == {"extra_key": {"when": 2021}}


def test_authors_variants():
    def authors(fm):
        return normalize_meta(fm, "", "x.md").authors

    assert authors({"taxonomy": {"author": "Ing. Daniel Hládek, PhD."}}) == [
        "Ing. Daniel Hládek, PhD."
    ]
    assert authors({"author": {"name": "Ján Staš"}}) == ["Ján Staš"]
    assert authors({"author": ["A B", {"name": "C D"}]}) == ["A B", "C D"]
    assert authors({"author": "A B; C D"}) == ["A B", "C D"]
    assert authors({}) == []


def test_title_falls_back_to_heading_then_path():
    assert normalize_meta({}, "text\n# Mária Nováková\n", "a/b.md").title == "Mária Nováková"
    meta = normalize_meta({}, "no heading", "pages/students/2016/jh428ek/README.md")
    assert (meta.title, meta.title_source) == ("jh428ek", "path")


def test_nfc_normalization():
    decomposed = "Ja\u0301n"  # "Ján" with a combining accent
    assert normalize_meta({"title": decomposed}, "", "x.md").title == "Ján"


def test_yaml_alias_bomb_is_bounded():
    big = ["x"] * 100
    nested = {"a": [big] * 100}
    meta = normalize_meta({"bomb": [nested] * 100}, "", "x.md")
    import json

    assert len(json.dumps(meta.extra)) < 200_000
