"""The Git side of a sync: verify the checkout, then fetch and fast-forward.

Never rewrites history: only ``merge --ff-only``. Before touching anything
it verifies that ``origin`` is the expected repository, that the expected
branch is checked out and that the work tree is clean (untracked files
included). SSH runs in batch mode with strict host key checking.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

from zpagent.errors import ZPAgentError

GIT_TIMEOUT = 120


# Public messages are fixed texts an operator can act on; the git output
# itself (which may name paths and hosts) goes to the server log only.
class GitError(ZPAgentError):
    reason = "git_failed"
    http_status = 500
    transient = False
    public_message = "A git command failed; the server log has git's message."


class GitTransientError(GitError):
    """Network-ish failures (fetch): worth retrying."""

    reason = "git_fetch_failed"
    transient = True
    public_message = (
        "git fetch failed (network, credentials or host key); retried, "
        "the server log has git's message."
    )


class GitWrongOrigin(GitError):
    reason = "git_wrong_origin"
    public_message = "origin is not the expected repository (EXPECTED_GITEA_REPOSITORY)."


class GitWrongBranch(GitError):
    reason = "git_wrong_branch"
    public_message = "The checked-out branch is not the expected one (EXPECTED_GITEA_BRANCH)."


class GitDirty(GitError):
    reason = "git_dirty_worktree"
    public_message = "The wiki's work tree has local or untracked changes; nothing was pulled."


class GitDiverged(GitError):
    reason = "git_diverged"
    public_message = "The wiki's history diverged from origin; it is never rewritten here."


class NotARepository(GitError):
    reason = "git_not_a_repository"
    public_message = "The wiki is not a Git work tree."


@dataclass
class GitConfig:
    expected_repository: str | None
    branch: str
    ssh_key: Path | None = None
    known_hosts: Path | None = None


def _env(cfg: GitConfig) -> dict[str, str]:
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    ssh = ["ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes"]
    if cfg.ssh_key:
        ssh += ["-i", str(cfg.ssh_key), "-o", "IdentitiesOnly=yes"]
    if cfg.known_hosts:
        ssh += ["-o", f"UserKnownHostsFile={cfg.known_hosts}"]
    env["GIT_SSH_COMMAND"] = " ".join(shlex.quote(a) for a in ssh)
    return env


def run_git(wiki: Path, cfg: GitConfig, *args: str) -> str:
    try:
        proc = subprocess.run(
            ["git", "-C", str(wiki), *args],
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT,
            env=_env(cfg),
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise GitTransientError(f"git {args[0]} timed out") from exc
    except OSError as exc:
        raise GitError("git is not available") from exc
    if proc.returncode != 0:
        error = GitTransientError if args[0] == "fetch" else GitError
        raise error(f"git {args[0]} failed: {git_message(proc.stderr)}")
    return proc.stdout.strip()


def git_message(stderr: str) -> str:
    """The line of git's stderr that says what went wrong, safe to log.

    The cause is in git's "fatal:"/"error:" lines and ssh's own ("ssh: connect
    to host ...: Connection refused", "Permission denied (publickey)"); ssh's
    warnings ("Warning: Identity file ... not accessible") are noise.
    Credentials in URLs and absolute paths are redacted.
    """
    lines = [ln.strip() for ln in stderr.strip().splitlines() if ln.strip()]
    causes = [
        ln
        for ln in lines
        if ln.lower().startswith(("fatal:", "error:", "ssh:")) or "denied" in ln.lower()
    ]
    line = " | ".join(causes[-3:]) if causes else (lines or [""])[-1]
    line = re.sub(r"//[^/@\s]+@", "//***@", line)
    return re.sub(r"(?<![\w.:/])/[^\s'\"]+", "<path>", line)


def _repo_path_from_url(url: str) -> str:
    """``owner/name`` from an HTTPS, SSH or scp-like Git URL."""
    url = url.strip()
    m = re.match(r"^[\w.-]+@[\w.-]+:(?P<path>.+)$", url)  # git@host:owner/name.git
    path = m.group("path") if m else re.sub(r"^[a-z+]+://[^/]+/", "", url)
    path = path.rstrip("/")
    if path.endswith(".git"):
        path = path[:-4]
    return "/".join(path.split("/")[-2:])


def verify_checkout(wiki: Path, cfg: GitConfig) -> None:
    try:
        inside = run_git(wiki, cfg, "rev-parse", "--is-inside-work-tree")
    except GitError as exc:
        raise NotARepository("the wiki is not a Git work tree") from exc
    if inside != "true":
        raise NotARepository("the wiki is not a Git work tree")
    if cfg.expected_repository:
        url = run_git(wiki, cfg, "remote", "get-url", "origin")
        if _repo_path_from_url(url).lower() != cfg.expected_repository.strip("/").lower():
            raise GitWrongOrigin("origin is not the expected repository")
    branch = run_git(wiki, cfg, "symbolic-ref", "--quiet", "--short", "HEAD")
    if branch != cfg.branch:
        raise GitWrongBranch(f"checked-out branch is {branch!r}, expected {cfg.branch!r}")
    if run_git(wiki, cfg, "status", "--porcelain", "--untracked-files=all"):
        raise GitDirty("the wiki work tree has local changes or untracked files")


def pull(wiki: Path, cfg: GitConfig) -> tuple[str | None, str | None]:
    """Fetch the branch and fast-forward; returns (revision before, revision after)."""
    verify_checkout(wiki, cfg)
    before = run_git(wiki, cfg, "rev-parse", "HEAD")
    ref = f"refs/heads/{cfg.branch}:refs/remotes/origin/{cfg.branch}"
    run_git(wiki, cfg, "fetch", "--no-tags", "--no-recurse-submodules", "origin", ref)
    try:
        run_git(wiki, cfg, "merge", "--ff-only", f"refs/remotes/origin/{cfg.branch}")
    except GitError as exc:
        raise GitDiverged("local history diverged from origin; refusing to rewrite it") from exc
    return before, run_git(wiki, cfg, "rev-parse", "HEAD")


def is_ancestor(wiki: Path, commit: str, revision: str) -> bool:
    """Whether ``commit`` is ``revision`` or one of its ancestors in the local clone.

    Both are full commit ids (checked by the caller). False when either is not
    in the clone, or git fails: the caller then syncs, which is always safe.
    """
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    try:
        proc = subprocess.run(
            ["git", "-C", str(wiki), "merge-base", "--is-ancestor", commit, revision],
            capture_output=True,
            timeout=30,
            env=env,
            check=False,
        )
    except (subprocess.TimeoutExpired, OSError):
        return False
    return proc.returncode == 0
