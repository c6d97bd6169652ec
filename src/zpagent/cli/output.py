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
import time
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text as RichText

from zpagent.contract import error_result
from zpagent.errors import InvalidQuery, QueryTooLong, ZPAgentError

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
        # soft_wrap: a path in the message stays on one line (copyable, greppable)
        err_console.print(f"[red]error[/red] ({exc.reason}): {exc}", soft_wrap=True)
    else:
        log.debug("unexpected error", exc_info=exc)
        err_console.print(f"[red]internal error[/red]: {type(exc).__name__}: {exc}")
    raise typer.Exit(1)


def _invalid(exc: ValidationError) -> InvalidQuery:
    first = exc.errors()[0] if exc.errors() else {}
    limit = (first.get("ctx") or {}).get("max_length")
    if first.get("type") == "string_too_long" and limit:
        return QueryTooLong(f"the question is too long: at most {limit} characters")
    if first.get("type") == "string_too_short":
        return InvalidQuery("the question is empty")
    where = ".".join(str(p) for p in first.get("loc", ()))
    return InvalidQuery(f"invalid {where or 'request'}: {first.get('msg', 'not usable')}")


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
        except ValidationError as exc:
            # A request the library refuses (too long, empty): the same error as the API's.
            fail(_invalid(exc), bool(kwargs.get("json_output")))
        except Exception as exc:  # noqa: BLE001 - the one place this transport converts errors
            fail(exc, bool(kwargs.get("json_output")))

    return wrapper  # type: ignore[return-value]


class RateColumn(ProgressColumn):
    """Items per second (embedding tokens/s during the embedding phase)."""

    def render(self, task: Task) -> RichText:
        speed = task.finished_speed or task.speed
        return RichText(f"{speed:,.0f}/s" if speed else "", style="progress.data.speed")


class CliProgress:
    """The build's Progress protocol: rich bars with an ETA on a terminal, plain
    log lines otherwise (``docker logs``, CI, a pipe), so that a long cold build
    is never silent."""

    def __init__(self, enabled: bool, stream: Any = None) -> None:
        self.enabled = enabled
        self._stream = stream or sys.stderr
        self._rich = enabled and stream is None and err_console.is_terminal
        self._progress: Progress | None = None
        self._task: Any = None
        self._plain: PlainProgress | None = None

    def __enter__(self) -> CliProgress:
        if self._rich:
            self._progress = Progress(
                TextColumn("{task.description:<16}"),
                BarColumn(),
                MofNCompleteColumn(),
                RateColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=err_console,
                transient=False,
            )
            self._progress.start()
        elif self.enabled:
            self._plain = PlainProgress(self._stream)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress:
            self._progress.stop()
        if self._plain:
            self._plain.finish()

    def start(self, phase: str, total: int | None) -> None:
        if self._progress:
            if self._task is not None:
                task = self._progress.tasks[-1]
                if task.total is None:
                    self._progress.update(self._task, total=1, completed=1)
            self._task = self._progress.add_task(phase, total=total)
        elif self._plain:
            self._plain.start(phase, total)

    def advance(self, n: int = 1) -> None:
        if self._progress and self._task is not None:
            self._progress.advance(self._task, n)
        elif self._plain:
            self._plain.advance(n)


class PlainProgress:
    """One line per phase, and every ``interval`` seconds within a long one."""

    def __init__(self, stream: Any, interval: float = 10.0) -> None:
        self.stream = stream
        self.interval = interval
        self.phase: str | None = None
        self.total: int | None = None
        self.done = 0
        self.t0 = self.last = 0.0

    def _line(self, text: str) -> None:
        self.stream.write(f"zpagent: {text}\n")
        self.stream.flush()

    def start(self, phase: str, total: int | None) -> None:
        self.finish()
        self.phase, self.total, self.done = phase, total, 0
        self.t0 = self.last = time.monotonic()
        self._line(f"{phase} ({total} items)" if total else f"{phase}")

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.interval and self.total:
            self.last = now
            elapsed = now - self.t0
            left = elapsed * (self.total - self.done) / self.done if self.done else 0.0
            self._line(
                f"{self.phase} {self.done}/{self.total} ({100 * self.done // self.total}%), "
                f"{self.done / elapsed:.0f}/s, {elapsed:.0f} s elapsed, about {left:.0f} s left"
            )

    def finish(self) -> None:
        if self.phase is not None:
            count = f"{self.done}/{self.total} " if self.total else ""
            self._line(f"{self.phase} {count}done in {time.monotonic() - self.t0:.1f} s")
        self.phase = None
