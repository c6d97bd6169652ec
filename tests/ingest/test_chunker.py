import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zpagent.ingest.chunker import Chunker, ChunkSettings
from zpagent.ingest.tokens import TokenCounter

SMALL = ChunkSettings(max_tokens=60, overlap_tokens=10, min_tokens=15)
COUNTER = TokenCounter()


def non_ws(text):
    return re.sub(r"\s+", "", text)


def assert_covered(body, chunks):
    covered = [False] * len(body)
    for c in chunks:
        assert body[c.char_start : c.char_end] in c.text
        assert c.text.endswith(body[c.char_start : c.char_end])
        for i in range(c.char_start, c.char_end):
            covered[i] = True
    missing = [body[i] for i in range(len(body)) if not covered[i] and not body[i].isspace()]
    assert missing == []


def test_sections_and_heading_paths():
    body = (
        "# Ján Holp\n\nÚvod.\n\n## Diplomová práca 2021\n\n"
        + "Text o práci. " * 30
        + "\n\n### Stretnutie 1\n\nStav: hotovo.\n\n## Bakalárska práca\n\n"
        + "Iný text. " * 30
    )
    chunks = Chunker(SMALL).chunk("p.md", "Ján Holp", body)
    assert all(c.token_count <= SMALL.max_tokens for c in chunks)
    assert_covered(body, chunks)
    paths = [tuple(c.heading_path) for c in chunks]
    assert ("Ján Holp", "Diplomová práca 2021") in paths
    assert ("Ján Holp", "Bakalárska práca") in paths
    # a continuation chunk points at the chunk where its section starts
    for c in chunks:
        if not c.section_start:
            lead = chunks[c.section_lead]
            assert lead.ordinal < c.ordinal
            assert lead.section_start
            # the lead holds the heading of the continued section
            assert c.heading_path[-1] in [*lead.heading_path, *lead.headings]
            assert c.prefix  # continuation chunks carry an overlap


def test_small_sections_are_merged():
    body = "# A\n\nkrátke\n\n## B\n\ntiež krátke\n\n## C\n\naj toto"
    chunks = Chunker(ChunkSettings(max_tokens=200, overlap_tokens=20, min_tokens=80)).chunk(
        "p.md", "A", body
    )
    assert len(chunks) == 1
    assert chunks[0].headings == ["A", "B", "C"]


def test_code_block_kept_whole_when_it_fits_and_split_on_lines_when_not():
    code = "```python\n" + "\n".join(f"x{i} = {i}" for i in range(8)) + "\n```\n"
    body = "# T\n\nÚvod.\n\n" + code
    chunks = Chunker(ChunkSettings(max_tokens=200, overlap_tokens=20, min_tokens=0)).chunk(
        "p.md", "T", body
    )
    assert any(code.strip() in c.text for c in chunks)
    big = "```\n" + "\n".join(f"line_{i} = compute({i})" for i in range(200)) + "\n```\n"
    chunks = Chunker(SMALL).chunk("p.md", "T", "# T\n\n" + big)
    assert len(chunks) > 3
    assert all(c.token_count <= SMALL.max_tokens for c in chunks)
    for c in chunks[1:]:
        core = c.text[len(c.prefix) :].strip()
        # split on line boundaries: every core starts at the beginning of a line
        assert big.find(core.splitlines()[0]) == 0 or big[big.find(core) - 1] == "\n"


def test_long_table_repeats_its_header():
    header = "| Meno | Názov práce | Rok |\n|---|---|---|\n"
    rows = "".join(f"| Študent {i} | Práca číslo {i} | {2000 + i} |\n" for i in range(60))
    chunks = Chunker(SMALL).chunk("p.md", "T", "# Tabuľka\n\n" + header + rows)
    table_chunks = [c for c in chunks if "Študent" in c.text]
    assert len(table_chunks) > 2
    assert all(c.text.startswith("| Meno") or c.section_start for c in table_chunks)
    assert all(c.token_count <= SMALL.max_tokens for c in chunks)


def test_enormous_word_is_split_at_character_boundaries_without_loss():
    word = "QmFzZTY0" * 2000
    body = f"# Blob\n\n{word}\n"
    chunks = Chunker(SMALL).chunk("p.md", "T", body)
    assert all(c.token_count <= SMALL.max_tokens for c in chunks)
    joined = "".join(body[c.char_start : c.char_end] for c in chunks)
    assert word in joined
    assert_covered(body, chunks)


def test_ids_are_stable_and_distinct():
    body = "# A\n\n" + "slovo " * 300
    a = Chunker(SMALL).chunk("p.md", "A", body)
    b = Chunker(SMALL).chunk("p.md", "A", body)
    assert [c.chunk_id for c in a] == [c.chunk_id for c in b]
    assert len({c.chunk_id for c in a}) == len(a)
    c = Chunker(SMALL).chunk("q.md", "A", body)
    assert {x.chunk_id for x in c}.isdisjoint({x.chunk_id for x in a})


markdownish = st.lists(
    st.one_of(
        st.text(min_size=1, max_size=80),
        st.sampled_from(["# Nadpis", "## Sekcia 2021", "### Stretnutie", "```", "| a | b |", "- "]),
        st.text(alphabet="ab", min_size=100, max_size=900).map(lambda s: s.replace("a", "x")),
    ),
    max_size=25,
).map("\n".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markdownish, st.sampled_from([(40, 8, 10), (60, 10, 0), (120, 30, 60)]))
def test_property_no_chunk_over_max_and_full_coverage(body, params):
    max_t, overlap, min_t = params
    s = ChunkSettings(max_tokens=max_t, overlap_tokens=overlap, min_tokens=min_t)
    chunks = Chunker(s).chunk("p.md", "T", body)
    for c in chunks:
        assert c.token_count == COUNTER.count(c.text)
        assert c.token_count <= max_t
    assert_covered(body, chunks)
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
