"""What every transport must do, checked through the SDK's own ``ClientSession``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from mcp.client.session import ClientSession
from mcp.shared.exceptions import MCPError

from tests.api.conftest import ENVELOPE_KEYS
from tests.history.wiki_repo import HOLP, KOVAC, OLD_ZUZANA, ZUZANA
from zpagent.api.routes.graph import GraphRequest
from zpagent.requests import AnswerRequest, RagRequest, SearchRequest

TOOLS = {
    "search_wiki",
    "rag_wiki",
    "graph_wiki",
    "answer_question",
    "recent_changes",
    "page_history",
    "page_at_revision",
    "page_diff",
    "page_blame",
    "history_question",
}
HTTP_MODELS = {
    "search_wiki": SearchRequest,
    "rag_wiki": RagRequest,
    "graph_wiki": GraphRequest,
    "answer_question": AnswerRequest,
}


def valid_calls(commits: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {
        "search_wiki": {"query": "Ján Holp"},
        "rag_wiki": {"query": "Kto viedol diplomovú prácu Jána Holpa?"},
        "graph_wiki": {"query": "Aký je názov diplomovej práce Jána Holpa?"},
        "answer_question": {"query": "Aký názov práce má Ján Holp?", "engine": "graph"},
        "recent_changes": {"limit": 3},
        "page_history": {"page": ZUZANA},
        "page_at_revision": {"page": ZUZANA, "revision": commits["c1"]},
        "page_diff": {"page": HOLP},
        "page_blame": {"page": HOLP, "section": "Diplomová práca 2021"},
        "history_question": {
            "question": "Kedy sa naposledy zmenila stránka Jána Holpa a čo sa zmenilo?"
        },
    }


# (tool, arguments, stable reason) - every one must come back as an error result.
BAD_CALLS = [
    ("search_wiki", {"query": "Ján Holp", "include_unpublished": True}, "invalid_request"),
    ("search_wiki", {"query": "x", "limit": 999}, "invalid_request"),
    ("rag_wiki", {}, "invalid_request"),
    ("page_at_revision", {"page": HOLP, "revision": "--output=/tmp/zpagent-mcp-x"}, "invalid_ref"),
    ("page_blame", {"page": HOLP, "revision": "-p"}, "invalid_ref"),
    ("page_diff", {"page": HOLP, "from_revision": "HEAD..draft"}, "invalid_ref"),
    ("page_diff", {"page": "../../etc/passwd.md"}, "invalid_path"),
    ("page_history", {"page": "/etc/passwd"}, "invalid_path"),
    ("page_history", {"page": ".git/config"}, "invalid_path"),
    ("page_history", {"page": "--output=/tmp/zpagent-mcp-y.md"}, "invalid_path"),
    ("page_history", {"page": KOVAC}, "unknown_page"),
    ("page_at_revision", {"page": HOLP, "revision": "draft"}, "unknown_ref"),
    ("page_blame", {"page": HOLP, "section": "Neexistuje"}, "unknown_section"),
    ("history_question", {"question": "   "}, "invalid_query"),
]


def assert_clean(text: str, secrets: list[str]) -> None:
    """No secret, server path, exception text or git output in what a client sees."""
    for secret in secrets:
        assert secret not in text
    for marker in ("Traceback", "fatal:", "Error executing tool", "/tmp/zpagent-mcp"):
        assert marker not in text


def _text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "text", None))


async def exercise(session: ClientSession, commits: dict[str, str], secrets: list[str]) -> None:
    """List and call every tool, read resources, and try the bad inputs."""
    init = await session.initialize()
    assert init.server_info.name == "zpagent"
    assert "history_question" in (init.instructions or "")

    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.destructive_hint is False
        assert tool.output_schema is not None
        assert tool.input_schema.get("additionalProperties") is False
        assert "include_unpublished" not in tool.input_schema["properties"]
    for name, model in HTTP_MODELS.items():
        expected = set(model.model_fields) - {"include_unpublished"}
        assert set(tools[name].input_schema["properties"]) == expected

    results = {}
    for name, args in valid_calls(commits).items():
        result = await session.call_tool(name, args)
        body = result.structured_content
        assert not result.is_error, (name, _text(result))
        assert set(body) >= ENVELOPE_KEYS, name
        assert body["status"] == "ok", (name, body["status"], body["reason"])
        text = _text(result)
        assert text.startswith("status: ok"), name
        for src in body["sources"]:
            assert f"[{src['source_id']}]" in text, name
        results[name] = body

    assert results["search_wiki"]["results"][0]["title"] == "Ján Holp"
    guided = await session.call_tool(
        "rag_wiki",
        {"query": "Čo riešil Ján Holp v diplomovej práci?", "mode": "graph_hybrid"},
    )
    body = guided.structured_content
    assert not guided.is_error and body["status"] == "ok", _text(guided)
    assert body["graph"]["route"] == "graph_first" and body["graph"]["pages"] == 1
    assert body["sources"][0]["document_path"] == HOLP
    assert results["graph_wiki"]["answers"]
    assert results["answer_question"]["accepted_for_delivery"] is True
    recent = results["recent_changes"]
    assert len(recent["commits"]) == 3 and recent["truncation_reasons"] == ["commit_limit"]
    assert recent["commits"][0]["commit"] == commits["c6"]
    assert [c["commit"] for c in results["page_history"]["commits"]] == [
        commits["c2"],
        commits["c1"],
    ]
    assert results["page_at_revision"]["path_at_revision"] == OLD_ZUZANA
    assert results["page_diff"]["to_commit"] == commits["c6"]
    assert results["page_blame"]["section"] == "Diplomová práca 2021"
    answer = results["history_question"]
    assert [s["commit"] for s in answer["sources"]] == [commits["c6"]]
    assert answer["sources"][0]["source_url"] == "https://zp.example.edu/students/2016/jh428ek"
    assert "[S1]" in answer["answer"]

    for name, args, reason in BAD_CALLS:
        result = await session.call_tool(name, args)
        assert result.is_error, (name, args)
        body = result.structured_content
        assert (body["status"], body["reason"]) == ("error", reason), (name, args, body)
        text = _text(result) + json.dumps(body)
        assert text.startswith(f"status: error ({reason})")
        assert_clean(text, secrets)
        for value in args.values():
            if isinstance(value, str) and len(value.strip()) >= 3 and reason.startswith("invalid"):
                assert value not in text  # the rejected value is never echoed
    # A history question about a page the wiki does not have is not the wiki's history.
    for question in (
        "Kedy sa naposledy zmenila stránka o kvantovej gravitácii?",
        "Kedy sa naposledy zmenila stránka /etc/passwd?",
        "Čo sa zmenilo na stránke pages/secret/README.md?",
    ):
        result = await session.call_tool("history_question", {"question": question})
        body = result.structured_content
        assert (body["status"], body["reason"]) == ("no_answer", "unknown_page"), question
        assert body["sources"] == [] and body.get("document_path") is None, question
    extra = (await session.call_tool(*BAD_CALLS[0][:2])).structured_content
    assert extra["details"] == [{"loc": "arguments", "type": "extra_forbidden"}]

    with pytest.raises(MCPError) as info:
        await session.call_tool("delete_wiki", {})
    assert str(info.value).startswith("unknown_tool")

    listed = await session.list_resources()
    uris = [r.uri for r in listed.resources]
    assert f"zpwiki://page/{HOLP}" in uris and not any(KOVAC in u for u in uris)
    holp = next(r for r in listed.resources if r.uri.endswith(HOLP))
    assert holp.title == "Ján Holp" and holp.mime_type == "text/markdown"
    templates = (await session.list_resource_templates()).resource_templates
    assert [t.uri_template for t in templates] == ["zpwiki://page/{+document_path}"]
    page = await session.read_resource(f"zpwiki://page/{HOLP}")
    content = page.contents[0].text
    assert content.startswith(f'---\ndocument_path: "{HOLP}"\ntitle: "Ján Holp"\n')
    assert 'source_url: "https://zp.example.edu/students/2016/jh428ek"' in content
    assert "## Diplomová práca 2021" in content
    for uri in (f"zpwiki://page/{KOVAC}", "zpwiki://page/pages/none.md"):
        with pytest.raises(MCPError) as info:
            await session.read_resource(uri)
        assert str(info.value).startswith("unknown_page")
        assert_clean(str(info.value), secrets)
    with pytest.raises(MCPError):
        await session.read_resource("zpwiki://page/../../etc/passwd")

    known = init.instructions + json.dumps(
        [t.model_dump(mode="json") for t in tools.values()]
        + [r.model_dump(mode="json") for r in listed.resources]
        + [t.model_dump(mode="json") for t in templates],
        ensure_ascii=False,
    )
    await hostile_inputs(session, known, secrets)


# --- the attacker: random and oversized inputs echo nothing -------------------------

ALPHABET = "abcXYZ019 ./?#%&=:-_'\"<>{}[]\\\tžšľčťäôéúíýáÉ€😀\u202e\x00"
WINDOW = 9  # a response may share 8 characters with the input by chance, not 9


def _junk(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(size))


def hostile_strings(seed: int = 24) -> list[str]:
    """Random, long and look-alike inputs (reproducible: a seeded generator)."""
    rng = random.Random(seed)
    out = [_junk(rng, rng.randint(12, 300)) for _ in range(12)]
    out += [f"zpwiki://page/{HOLP}?x={_junk(rng, 40)}", "zpwiki://other/" + _junk(rng, 30)]
    out += ["zpwiki://page/../../../etc/passwd" + _junk(rng, 20), "file:///etc/passwd?a=b" * 5]
    out += [f"zpwiki://page/{_junk(rng, 30)}.md", "A" * 100_000, _junk(rng, 70_000)]
    return out


def leaked(sent: str, seen: str, known: str) -> str | None:
    """A part of ``sent`` longer than 8 characters that ``seen`` repeats and the server
    did not know already (tool names, page paths, its instructions)."""
    for i in range(len(sent) - WINDOW + 1):
        window = sent[i : i + WINDOW]
        if window in seen and window not in known:
            return window
    return None


def _reason_first(message: str) -> bool:
    reason, sep, _ = message.partition(": ")
    return bool(sep) and reason.replace("_", "").isalpha() and reason.islower()


async def _refused(session: ClientSession, call: Any) -> str:
    """What the client sees of a refused request: the JSON-RPC error or the error result."""
    try:
        result = await call
    except MCPError as exc:
        assert exc.error.code in (-32700, -32600, -32601, -32602, -32603), exc.error
        assert _reason_first(exc.error.message), exc.error.message
        assert exc.error.data == {"reason": exc.error.message.split(":")[0]}
        return json.dumps(exc.error.model_dump(mode="json"), ensure_ascii=False)
    assert result.is_error
    body = result.structured_content
    assert body["status"] == "error" and body["reason"], body
    return _text(result) + json.dumps(body, ensure_ascii=False)


async def hostile_inputs(session: ClientSession, known: str, secrets: list[str]) -> None:
    for text in hostile_strings():
        sent = [
            ("resource", text, session.read_resource(text)),
            ("prompt", text, session.get_prompt(text)),
            ("tool name", text, session.call_tool(text[:2000] or "x", {})),
            ("argument key", text, session.call_tool("search_wiki", {text: 1, "query": "x"})),
            ("limit", text, session.call_tool("search_wiki", {"query": "x", "limit": text})),
            ("revision", text, session.call_tool("page_diff", {"page": HOLP, "to_revision": text})),
            ("page", text, session.call_tool("page_history", {"page": text})),
        ]
        if len(text) > 8192:  # over every query limit (and over /mcp's body limit)
            sent.append(("query", text, session.call_tool("search_wiki", {"query": text})))
        for what, value, call in sent:
            seen = await _refused(session, call)
            assert leaked(value, seen, known) is None, (what, value[:60], seen[:300])
            assert_clean(seen, secrets)
    with pytest.raises(MCPError) as info:
        await session.get_prompt("summarize")
    assert info.value.error.code == -32602
    assert info.value.error.message == "unknown_prompt: No such prompt."
