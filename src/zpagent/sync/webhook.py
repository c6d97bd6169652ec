"""Gitea push webhooks: signature, event filtering, deduplication.

The signature is HMAC-SHA256 of the raw body with ``WEBHOOK_SECRET``, hex
in ``X-Gitea-Signature``, compared in constant time. Only ``push`` events
for ``EXPECTED_GITEA_REPOSITORY`` on ``refs/heads/EXPECTED_GITEA_BRANCH``
queue a sync; other branches and branch deletions are acknowledged and
ignored. ``X-Gitea-Delivery`` de-duplicates redeliveries; since Gitea signs
only the body, a replayed body with a new delivery id is caught by its
``after`` commit instead (already served, or already queued: no new job).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from typing import Any

from zpagent.errors import InvalidRequest, Unauthorized, ZPAgentError

ZERO_SHA = "0" * 40
_SHA = re.compile(r"[0-9a-f]{40}")


class WrongRepository(ZPAgentError):
    reason = "wrong_repository"
    http_status = 403
    public_message = "The webhook is not for the configured repository."


def verify_signature(secret: str | None, body: bytes, signature: str | None) -> None:
    if not secret or not signature:
        raise Unauthorized("missing webhook signature")
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    given = signature.strip().removeprefix("sha256=")
    if not hmac.compare_digest(expected.encode(), given.encode()):
        raise Unauthorized("wrong webhook signature")


@dataclass
class PushDecision:
    queue: bool
    reason: str | None  # why it was ignored
    after: str | None = None  # the pushed commit (40 hex digits), when the body names one


def decide(
    event: str | None, body: bytes, expected_repository: str | None, branch: str
) -> PushDecision:
    if (event or "").lower() != "push":
        return PushDecision(False, "not_a_push_event")
    try:
        payload: Any = json.loads(body)
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep nesting
        raise InvalidRequest("the webhook body is not JSON") from exc
    if not isinstance(payload, dict):
        raise InvalidRequest("the webhook body is not an object")
    repo = payload.get("repository")
    full_name = repo.get("full_name") if isinstance(repo, dict) else None
    if not expected_repository or not isinstance(full_name, str):
        raise WrongRepository("no expected repository configured or none in the payload")
    if full_name.lower() != expected_repository.strip("/").lower():
        raise WrongRepository("push for another repository")
    if payload.get("ref") != f"refs/heads/{branch}":
        return PushDecision(False, "other_branch")
    after = payload.get("after")
    if payload.get("deleted") is True or after == ZERO_SHA:
        return PushDecision(False, "branch_deleted")
    if not (isinstance(after, str) and _SHA.fullmatch(after.lower())):
        after = None  # a push without a usable commit id still syncs
    return PushDecision(True, None, after.lower() if after else None)
