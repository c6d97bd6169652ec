"""Run read-only git commands on the wiki's repository: bounded, timed, sanitized.

Every call:

- runs ``git`` with an argument list (no shell), in the repository's top
  level, with a clean environment: inherited ``GIT_*`` variables (which
  could point git at another repository or index) are dropped; pathspecs
  are literal (``GIT_LITERAL_PATHSPECS``: no globs, no ``:(magic)``); no
  pager, no prompts, no optional locks (reads never write the index);
  external diff drivers, text conversion and signature checks are off;
- has a timeout and a cap on the bytes read from git; a capped read is
  reported (``truncated``) rather than silently cut;
- keeps git's stderr for the server log (redacted) and raises
  ``HistoryUnavailable`` with a fixed public text.

The wiki may be a subdirectory of its repository (``prefix``): page paths
are mapped to repository paths here, and anything outside the prefix is
invisible to callers.
"""

from __future__ import annotations

import logging
import os
import selectors
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from zpagent.history.errors import HistoryUnavailable, UnknownRef
from zpagent.history.validate import check_ref, is_sha
from zpagent.sync.git import git_message

log = logging.getLogger(__name__)

GIT_TIMEOUT = 15.0
MAX_STDERR = 8192
# Objects git knows without storing them: diffs against "nothing" use it.
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_CONFIG = (
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.quotePath=false",
    "-c",
    "log.showSignature=false",
    "-c",
    "color.ui=false",
    "-c",
    "diff.noprefix=false",
    "-c",
    "log.follow=false",
)


@dataclass
class GitOutput:
    stdout: bytes
    truncated: bool  # the byte cap was hit; ``stdout`` is its first part
    code: int | None = 0


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        {
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_LITERAL_PATHSPECS": "1",
            "GIT_PAGER": "cat",
            "LC_ALL": "C",
        }
    )
    return env


class GitRepo:
    """The wiki's repository: where it is, and a safe way to ask it things."""

    def __init__(self, wiki: Path, timeout: float = GIT_TIMEOUT) -> None:
        self.wiki = Path(wiki)
        self.timeout = timeout
        self.top, self.prefix = self._locate()

    def _locate(self) -> tuple[Path, str]:
        if not self.wiki.is_dir():
            raise HistoryUnavailable("the wiki path is not a directory")
        out = self._run_in(self.wiki, ["rev-parse", "--show-toplevel", "--show-prefix"], 4096)
        lines = out.stdout.decode("utf-8", "replace").split("\n")
        if len(lines) < 2 or not lines[0]:
            raise HistoryUnavailable("the wiki is not inside a Git work tree")
        return Path(lines[0]), lines[1]

    # --- paths ---------------------------------------------------------------------

    def repo_path(self, page_path: str) -> str:
        """Repository path of a (validated) page path."""
        return self.prefix + page_path

    def page_path(self, repo_path: str) -> str | None:
        """Page path of a repository path; None when it lies outside the wiki."""
        if not repo_path.startswith(self.prefix):
            return None
        return repo_path[len(self.prefix) :]

    def scope(self) -> list[str]:
        """Pathspec that confines history to the wiki (empty when it is the whole repo)."""
        return [self.prefix.rstrip("/")] if self.prefix else []

    # --- refs ----------------------------------------------------------------------

    def resolve(self, ref: str) -> str:
        """The full commit id of a (validated) ref; ``UnknownRef`` when there is none."""
        ref = check_ref(ref)
        out = self.run(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"],
            max_bytes=4096,
            ok_codes=(0, 1),
        )
        sha = out.stdout.decode("ascii", "replace").strip()
        if not is_sha(sha):
            raise UnknownRef(f"revision {ref!r} does not name a commit")
        return sha

    def head(self) -> str | None:
        """HEAD's commit id, None in a repository without commits."""
        try:
            return self.resolve("HEAD")
        except UnknownRef:
            return None

    # --- running -------------------------------------------------------------------

    def run(
        self,
        args: list[str],
        max_bytes: int,
        input: bytes | None = None,
        ok_codes: tuple[int, ...] = (0,),
    ) -> GitOutput:
        return self._run_in(self.top, args, max_bytes, input, ok_codes)

    def _run_in(
        self,
        cwd: Path,
        args: list[str],
        max_bytes: int,
        input: bytes | None = None,
        ok_codes: tuple[int, ...] = (0,),
    ) -> GitOutput:
        cmd = ["git", "--no-pager", *_CONFIG, "-C", str(cwd), *args]
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=_env(),
            )
        except OSError as exc:
            raise HistoryUnavailable("git is not available") from exc
        stdout, stderr, truncated, timed_out = _communicate(
            proc, input, max_bytes, time.monotonic() + self.timeout
        )
        if timed_out:
            log.warning("git %s timed out after %.0f s", args[0], self.timeout)
            raise HistoryUnavailable(f"git {args[0]} timed out")
        code = proc.returncode
        if not truncated and code not in ok_codes:
            message = git_message(stderr.decode("utf-8", "replace"))
            log.warning("git %s failed (%s): %s", args[0], code, message)
            raise HistoryUnavailable(f"git {args[0]} failed")
        return GitOutput(stdout, truncated, code)


def _communicate(
    proc: subprocess.Popen, input: bytes | None, max_bytes: int, deadline: float
) -> tuple[bytes, bytes, bool, bool]:
    """Feed ``input``, read at most ``max_bytes`` of stdout (and some stderr) by ``deadline``.

    Returns (stdout, stderr, truncated, timed_out); the process is killed
    when the cap or the deadline is hit, so a huge history never fills memory.
    """
    out = bytearray()
    err = bytearray()
    truncated = timed_out = False
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    sel.register(proc.stdout, selectors.EVENT_READ, "out")
    sel.register(proc.stderr, selectors.EVENT_READ, "err")
    pending = memoryview(input) if input is not None else None
    if proc.stdin is not None:
        if pending:
            os.set_blocking(proc.stdin.fileno(), False)
            sel.register(proc.stdin, selectors.EVENT_WRITE, "in")
        else:
            proc.stdin.close()
    try:
        while sel.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            for key, _ in sel.select(remaining):
                if key.data == "in":
                    assert pending is not None
                    try:
                        sent = os.write(key.fd, pending[:65536])
                    except (BrokenPipeError, BlockingIOError) as exc:
                        sent = 0 if isinstance(exc, BlockingIOError) else len(pending)
                    pending = pending[sent:]
                    if not pending:
                        sel.unregister(key.fileobj)
                        key.fileobj.close()
                    continue
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    sel.unregister(key.fileobj)
                    continue
                if key.data == "out":
                    out += chunk
                    if len(out) > max_bytes:
                        truncated = True
                        del out[max_bytes:]
                        break
                elif len(err) < MAX_STDERR:
                    err += chunk[: MAX_STDERR - len(err)]
            if truncated:
                break
    finally:
        sel.close()
        if truncated or timed_out:
            proc.kill()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None and not stream.closed:
                stream.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return bytes(out), bytes(err), truncated, timed_out
