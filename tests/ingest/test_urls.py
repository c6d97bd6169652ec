from zpagent.ingest.urls import source_url


def test_url_is_null_without_base():
    assert source_url(None, "pages/students/2016/jh428ek/README.md") is None
    assert source_url("", "pages/README.md") is None


def test_url_drops_pages_prefix_and_readme():
    base = "https://zp.example.edu/"
    assert (
        source_url(base, "pages/students/2016/jh428ek/README.md")
        == "https://zp.example.edu/students/2016/jh428ek"
    )
    assert source_url(base, "pages/README.md") == "https://zp.example.edu/"
    assert source_url(base, "pages/guides/git.md") == "https://zp.example.edu/guides/git"


def test_url_quotes_unsafe_characters():
    assert source_url("https://x", "pages/a b/ž/README.md") == "https://x/a%20b/%C5%BE"
