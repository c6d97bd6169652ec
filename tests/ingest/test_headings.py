from hypothesis import given
from hypothesis import strategies as st

from zpagent.ingest.headings import cut_after_headings, first_h1, iter_headings


def test_comments_in_fenced_code_are_not_headings():
    body = "```bash\n# install it\npip install x\n```\n\n~~~\n# not this\n~~~\n# Real title\n"
    assert first_h1(body) == "Real title"
    assert [h.text for h in iter_headings(body)] == ["Real title"]


def test_an_unclosed_fence_hides_the_rest():
    assert first_h1("```\n# comment\n") is None


def test_setext_headings():
    body = "Intro line\n\nVeľký nadpis\n===\n\nSekcia\n------\n\n- item\n---\n"
    heads = list(iter_headings(body))
    assert [(h.level, h.text) for h in heads] == [(1, "Veľký nadpis"), (2, "Sekcia")]
    assert body[heads[0].offset :].startswith("Veľký nadpis")
    assert first_h1("text\n\n---\n") is None  # a thematic break, not a heading


def test_atx_rules():
    body = "    # indented code\n#no space\n## Two ##\n   # Three spaces\n"
    assert [(h.level, h.text) for h in iter_headings(body)] == [(2, "Two"), (1, "Three spaces")]


def test_cut_after_headings_keeps_the_first_n_sections():
    body = "".join(f"## H{i}\n\ntext {i}\n\n" for i in range(10))
    cut, was_cut = cut_after_headings(body, 3)
    assert was_cut and cut.endswith("text 2\n\n") and "## H3" not in cut
    assert cut_after_headings(body, 10) == (body, False)


@given(st.text(alphabet="#=-`~ \nab", max_size=300))
def test_headings_are_ordered_offsets_into_the_text(text):
    heads = list(iter_headings(text))
    offsets = [h.offset for h in heads]
    assert offsets == sorted(offsets) and all(0 <= o < len(text) for o in offsets)
    cut, _ = cut_after_headings(text, 2)
    assert text.startswith(cut)
