"""Generated documentation: the README's configuration table.

``python -m zpagent.docs`` rewrites the block between the markers in
README.md; a test fails when the README and the settings registry differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

from zpagent.config import settings_table

BEGIN = "<!-- settings:begin -->"
END = "<!-- settings:end -->"


def render_settings() -> str:
    lines = ["| variable | default | meaning |", "| --- | --- | --- |"]
    for name, default, help_text in settings_table():
        shown = f"`{default}`" if default else ""
        lines.append(f"| `{name}` | {shown} | {help_text} |")
    return "\n".join(lines)


def update_readme(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    new = text[:start] + "\n" + render_settings() + "\n" + text[end:]
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


if __name__ == "__main__":
    readme = Path(sys.argv[1] if len(sys.argv) > 1 else "README.md")
    print("updated" if update_readme(readme) else "unchanged")
