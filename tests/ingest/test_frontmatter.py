from hypothesis import given
from hypothesis import strategies as st

from zpagent.ingest.frontmatter import split_front_matter


def test_regular_front_matter():
    fm = split_front_matter("---\ntitle: Ján Holp\npublished: true\n---\n# Ján Holp\n\nText\n")
    assert fm.data == {"title": "Ján Holp", "published": True}
    assert fm.body == "# Ján Holp\n\nText\n"
    assert fm.warnings == []


def test_no_front_matter_keeps_body_and_warns():
    fm = split_front_matter("# Title\n\nBody")
    assert fm.data == {}
    assert fm.body == "# Title\n\nBody"
    assert fm.warnings == ["no_front_matter"]


def test_broken_yaml_keeps_body_and_warns():
    fm = split_front_matter('---\ntitle: "unclosed\n  bad: [\n---\n# T\nbody\n')
    assert fm.warnings == ["broken_yaml"]
    assert fm.data == {}
    assert fm.body == "# T\nbody\n"


def test_missing_closing_fence_uses_first_heading():
    fm = split_front_matter("---\ntitle: Mária\npublished: false\n# Mária\n\nText")
    assert fm.warnings == ["missing_front_matter_end"]
    assert fm.data == {"title": "Mária", "published": False}
    assert fm.body.startswith("# Mária")


def test_missing_closing_fence_without_heading_keeps_everything():
    fm = split_front_matter("---\nnot: [yaml\nplain text\n")
    assert fm.warnings == ["missing_front_matter_end"]
    assert "plain text" in fm.body and "not: [yaml" in fm.body


def test_non_mapping_front_matter():
    fm = split_front_matter("---\n- a\n- b\n---\nbody")
    assert fm.warnings == ["front_matter_not_mapping"]
    assert fm.body == "body"


def test_bom_and_empty_front_matter():
    fm = split_front_matter("\ufeff---\n---\nbody")
    assert fm.data == {}
    assert fm.warnings == []
    assert fm.body == "body"


@given(st.text(max_size=400))
def test_never_raises_and_never_loses_the_body(text):
    fm = split_front_matter(text)
    assert isinstance(fm.data, dict)
    stripped = text[1:] if text.startswith("\ufeff") else text
    # The body is always a suffix of the page: nothing after the front matter is lost.
    assert stripped.endswith(fm.body)


@given(
    st.dictionaries(
        st.text(st.characters(categories=["L"]), min_size=1, max_size=8),
        st.one_of(st.text(st.characters(categories=["L", "Nd", "Zs"]), max_size=20), st.booleans()),
        max_size=5,
    ),
    st.text(max_size=200),
)
def test_round_trip_of_dumped_yaml(data, body):
    import yaml

    page = "---\n" + yaml.safe_dump(data, allow_unicode=True) + "---\n" + body
    fm = split_front_matter(page)
    assert fm.warnings == []
    assert fm.data == data
    assert fm.body == body


def alias_bomb(levels: int = 9) -> str:
    """The 'billion laughs' in YAML: each level repeats the previous nine times."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghijklmnopqrstuvwxyz"
    for i in range(1, levels):
        refs = ",".join([f"*{names[i - 1]}"] * 9)
        lines.append(f"{names[i]}: &{names[i]} [{refs}]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_before_it_expands():
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    bomb = alias_bomb(12)  # 9**12 strings if expanded; refused in microseconds
    fm = split_front_matter("---\ntitle: X\n" + bomb + "---\n# Body\n\ntext\n")
    assert fm.warnings == ["front_matter_aliases"]
    assert fm.data == {} and fm.body == "# Body\n\ntext\n"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KiB


def test_any_alias_is_refused_anchors_alone_are_fine():
    assert split_front_matter("---\na: &x 1\nb: *x\n---\nb").warnings == ["front_matter_aliases"]
    fm = split_front_matter("---\na: &x 1\n---\nb")
    assert (fm.data, fm.warnings) == ({"a": 1}, [])


def test_deep_nesting_and_huge_front_matter_are_bounded():
    deep = "---\na: " + "[" * 5000 + "]" * 5000 + "\n---\nbody"
    assert split_front_matter(deep).warnings == ["broken_yaml"]
    big = "---\n" + "".join(f"k{i}: {'x' * 60}\n" for i in range(2000)) + "---\nbody"
    fm = split_front_matter(big)
    assert fm.warnings == ["front_matter_too_large"] and fm.body == "body"


def test_unsafe_tags_are_broken_yaml_not_code():
    fm = split_front_matter("---\na: !!python/object/apply:os.system ['true']\n---\nb")
    assert fm.warnings == ["broken_yaml"] and fm.data == {}


@given(
    st.lists(
        st.sampled_from(["a: &x [1, 2]", "b: *x", "c: [*x, *x]", "d: {e: *x}", "f: 1", "- *x"]),
        max_size=8,
    )
)
def test_yaml_with_aliases_never_raises_and_never_expands(lines):
    fm = split_front_matter("---\n" + "\n".join(lines) + "\n---\nbody")
    assert fm.body == "body"
    if any("*x" in line for line in lines):
        assert fm.data == {}
