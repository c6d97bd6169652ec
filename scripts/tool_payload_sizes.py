"""Characters a tool client reads per call, for the README's example questions.

    python scripts/tool_payload_sizes.py --data ./data

For each wiki tool: the library's full envelope (what ``zpagent ... --json``
prints) and what HTTP and MCP tool clients get (``zpagent.tool_payload``), as
compact JSON with the characters of the text (no ASCII escapes), like the API
sends it. Needs a built index (``zpagent demo`` or ``zpagent index``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from zpagent.answer.service import answer
from zpagent.config import Settings
from zpagent.graph.answers.search import graph_search
from zpagent.rag.build import rag
from zpagent.search.hybrid import search
from zpagent.search.response import search_response
from zpagent.tool_payload import tool_payload
from zpagent.workspace import Workspace

QUESTIONS = [
    "Aký názov práce má Ján Holp?",
    "Kto viedol diplomovú prácu Jána Holpa?",
    "Koľko študentov malo diplomovú prácu v roku 2021?",
    "Kto viedol prácu Jána Holpa?",
]


def chars(data: object) -> int:
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("data"))
    args = parser.parse_args()
    settings = Settings(zpagent_data_dir=args.data)
    ws = Workspace(settings)
    tools = {
        "search_wiki": lambda gen, q: search_response(
            search(gen, ws.embedder, q), gen.index_version
        ),
        "rag_wiki": lambda gen, q: rag(
            gen,
            ws.embedder,
            q,
            budget_tokens=settings.rag_llm_max_tokens,
            encoding=settings.rag_llm_token_encoding,
        ),
        "graph_wiki": lambda gen, q: graph_search(gen, q, settings=settings),
        "answer_question": lambda gen, q: answer(gen, ws.embedder, q, ws.answer_options("auto")),
    }
    print("| tool | full envelope (chars) | tool clients get (chars) |")
    print("| --- | --- | --- |")
    with ws.open_current() as gen:
        for name, run in tools.items():
            full, sent = [], []
            for q in QUESTIONS:
                env = run(gen, q)
                full.append(chars(env.model_dump(mode="json")))
                sent.append(chars(tool_payload(env)))
            print(f"| {name} | {' / '.join(map(str, full))} | {' / '.join(map(str, sent))} |")


if __name__ == "__main__":
    main()
