"""Shared CLI plumbing: JSON output, error conversion, progress bars.

With ``--json`` a command prints exactly one JSON object on stdout (the
contract envelope, or the error envelope with exit code 1). Human output
uses rich on a terminal and plain lines otherwise.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from zpagent.contract import error_result
from zpagent.errors import ZPAgentError

log = logging.getLogger("zpagent.cli")
err_console = Console(stderr=True)
console = Console()

F = TypeVar("F", bound=Callable[..., Any])


def emit_json(payload: BaseModel | dict[str, Any]) -> None:
    if isinstance(payload, BaseModel):
        text = payload.model_dump_json(indent=2)
    else:
        text = json.dumps(payload, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def fail(exc: BaseException, as_json: bool) -> None:
    """Report an error the one way for this transport, then exit 1."""
    _, envelope = error_result(exc)
    if as_json:
        emit_json(envelope)
    elif isinstance(exc, ZPAgentError):
        err_console.print(f"[red]error[/red] ({exc.reason}): {exc}")
    else:
        log.debug("unexpected error", exc_info=exc)
        err_console.print(f"[red]internal error[/red]: {type(exc).__name__}: {exc}")
    raise typer.Exit(1)


def handle_errors(func: F) -> F:
    """Convert library exceptions of a command; needs a ``json_output`` parameter."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except typer.BadParameter:
            # A usage error found in the command body (typer.BadParameter, e.g.
            # ``eval --split train``) is click's to report: exit 2, not internal_error.
            raise
        except Exception as exc:  # noqa: BLE001 - the one place this transport converts errors
            fail(exc, bool(kwargs.get("json_output")))

    return wrapper  # type: ignore[return-value]


class CliProgress:
    """The build's Progress protocol as a rich progress bar on a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and err_console.is_terminal
        self._progress: Progress | None = None
        self._task: Any = None

    def __enter__(self) -> CliProgress:
        if self.enabled:
            self._progress = Progress(
                TextColumn("{task.description:<16}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err_console,
                transient=False,
            )
            self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress:
            self._progress.stop()

    def start(self, phase: str, total: int | None) -> None:
        if self._progress:
            if self._task is not None:
                task = self._progress.tasks[-1]
                if task.total is None:
                    self._progress.update(self._task, total=1, completed=1)
            self._task = self._progress.add_task(phase, total=total)
        elif self.enabled is False and err_console.is_terminal is False:
            log.info("%s%s", phase, f" ({total})" if total else "")

    def advance(self, n: int = 1) -> None:
        if self._progress and self._task is not None:
            self._progress.advance(self._task, n)
