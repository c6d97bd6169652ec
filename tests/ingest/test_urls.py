from zpagent.ingest.urls import page_urls, source_url


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


def test_grav_urls_drop_order_prefixes_and_the_template_file():
    base = "https://learn.example.org"
    assert (
        source_url(base, "pages/08.advanced/05.multisite-setup/docs.md")
        == "https://learn.example.org/advanced/multisite-setup"
    )
    assert source_url(base, "pages/01.basics/chapter.md") == "https://learn.example.org/basics"
    assert source_url(base, "pages/14.api/default.17.md") == "https://learn.example.org/api"
    assert source_url(base, "pages/notes/2021.10.md") == "https://learn.example.org/notes/2021.10"


def test_grav_front_matter_slug_routes_and_modular_parts():
    urls = page_urls(
        "https://x",
        [
            ("pages/02.content/chapter.md", {"slug": "obsah"}),
            ("pages/02.content/01.pages/docs.md", {}),
            ("pages/03.home/default.md", {"Routes": {"default": "/domov"}}),
            ("pages/04.hidden/docs.md", {"routable": "false"}),
            ("pages/05.landing/_hero/hero.md", {}),
            ("pages/06.x/docs.md", {"slug": "a/b", "routes": {"default": "relative"}}),
        ],
    )
    assert urls == {
        "pages/02.content/chapter.md": "https://x/obsah",
        "pages/02.content/01.pages/docs.md": "https://x/obsah/pages",
        "pages/03.home/default.md": "https://x/domov",
        "pages/04.hidden/docs.md": None,
        "pages/05.landing/_hero/hero.md": None,
        "pages/06.x/docs.md": "https://x/x",  # unusable values are ignored, not guessed
    }
