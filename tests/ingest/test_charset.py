"""Binary files are skipped; non-UTF-8 pages are decoded as declared or detected."""

import pytest

from zpagent.ingest.charset import decode_page

SLOVAK = "Peter Novák, šťastný Ľubomír Žiak a úvod časť"


@pytest.mark.parametrize(
    ("encoding", "text"),
    [("cp1250", SLOVAK + " „citát“ – pomlčka…"), ("iso-8859-2", SLOVAK)],
)
def test_central_european_pages_are_detected_and_reported(encoding, text):
    decoded = decode_page(text.encode(encoding))
    assert decoded.text == text
    assert decoded.encoding == encoding
    assert decoded.problems == ["non_utf8"]


def test_a_latin1_name_is_never_a_replacement_character():
    decoded = decode_page("# Peter Novák\n\nVedúci: Ján Staš".encode("cp1250"))
    assert decoded.text is not None and "\ufffd" not in decoded.text
    assert "Novák" in decoded.text and "Staš" in decoded.text
    assert decode_page("Peter Novák".encode("latin-1")).text == "Peter Novák"


def test_a_declared_charset_wins_and_is_only_a_note():
    raw = "---\ntitle: Štefan\ncharset: iso-8859-2\n---\nťava".encode("iso-8859-2")
    decoded = decode_page(raw)
    assert decoded.text is not None and decoded.text.endswith("ťava")
    assert (decoded.encoding, decoded.problems) == ("iso-8859-2", ["charset_declared"])
    unknown = decode_page(b"---\ncharset: klingon-8\n---\ntext")
    assert unknown.problems == ["unknown_charset"] and unknown.text.endswith("text")


def test_byte_order_marks():
    assert decode_page("\ufeffJán".encode()).text == "Ján"
    assert decode_page("Ján Holp".encode("utf-16")).text == "Ján Holp"
    assert decode_page("Ján".encode("utf-32")).problems == []


@pytest.mark.parametrize(
    "raw",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        b"# looks like text\n\x00\x01\x02",
        b"text" + bytes(range(1, 9)) * 3,
    ],
)
def test_binary_files_are_not_text(raw):
    decoded = decode_page(raw)
    assert decoded.text is None and decoded.problems == ["binary_file"]


def test_bytes_no_encoding_explains_are_reported_not_guessed():
    decoded = decode_page(b"bad \xff\xfe bytes")
    assert decoded.problems == ["invalid_utf8"]
    assert decoded.text == "bad \ufffd\ufffd bytes"
