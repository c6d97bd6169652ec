"""Shared plumbing of the evaluations: the evaluated index and report files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zpagent import __version__
from zpagent.index.version import PIPELINE_VERSION, hash_rows
from zpagent.ingest.scan import scan_wiki
from zpagent.workspace import Workspace

DEFAULT_EVAL_DATA = Path("data/eval")
DEFAULT_RESULTS = Path("eval/results")


def ensure_index(ws: Workspace, wiki: Path) -> dict[str, Any] | None:
    """Build ``wiki`` into the workspace unless the published generation already is it
    (same pages, same software and pipeline version).

    Returns the build report when a build ran (cheap with a warm embedding cache).
    """
    scan = scan_wiki(wiki, ws.settings.wiki_base_url, report=False, limits=ws.page_limits())
    source_hash = hash_rows(scan.source_rows())
    current = {"zpagent": __version__, "pipeline": PIPELINE_VERSION}
    try:
        with ws.open_current() as gen:
            iv = gen.index_version
            if iv.get("source_hash") == source_hash and iv.get("software") == current:
                return None
    except Exception:  # noqa: BLE001 - anything unusable is rebuilt
        pass
    return ws.index(wiki)


def write_report(out_dir: Path, name: str, report: dict[str, Any], markdown: str) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = out_dir / f"{name}.json"
    md_path = out_dir / f"{name}.md"
    json_path.write_text(
        json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    md_path.write_text(markdown, encoding="utf-8")
    return [json_path, md_path]
