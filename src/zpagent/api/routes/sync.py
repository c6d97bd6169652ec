"""Sync endpoints: POST /sync, GET /sync/jobs/{id}, POST /sync/jobs/{id}/cancel,
GET /sync/status, POST /webhook/gitea."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from zpagent.api.errors import ERROR_RESPONSES
from zpagent.api.security import sync_auth
from zpagent.errors import NotFound, ZPAgentError
from zpagent.requests import StrictModel
from zpagent.sync.git import is_ancestor
from zpagent.sync.jobs import FINISHED
from zpagent.sync.webhook import decide, verify_signature

router = APIRouter(tags=["sync"])


class SyncRequest(StrictModel):
    pull: bool = Field(False, description="git fetch + fast-forward before building.")


class SyncAccepted(BaseModel):
    status: Literal["accepted", "ignored"]
    reason: str | None = Field(
        None,
        description="accepted without a job: already_served (the pushed commit is in the "
        "served index); ignored: not_a_push_event, other_branch, branch_deleted, "
        "duplicate_delivery.",
    )
    job_id: str | None = None
    status_url: str | None = None
    coalesced: bool = Field(
        False, description="Joined a sync that was already waiting (or running for this commit)."
    )


class JobError(BaseModel):
    reason: str
    message: str | None


class SyncJob(BaseModel):
    job_id: str
    state: Literal["queued", "running", "succeeded", "failed", "cancelled"]
    phase: str | None
    pull: bool
    source: str
    attempts: int
    requests: int
    created_at: str
    started_at: str | None
    finished_at: str | None
    error: JobError | None
    result: dict[str, Any] | None
    cancel_requested: bool = Field(
        False, description="A cancel was asked for; a running job stops at its next step."
    )


class SyncStatus(BaseModel):
    active: list[SyncJob]
    last_success: SyncJob | None
    last_failure: SyncJob | None


def _served(request: Request, commit: str | None) -> bool:
    """Whether the served index was built from ``commit`` or a descendant of it."""
    version = request.app.state.manager.status().get("index_version") or {}
    served = version.get("wiki_revision")
    if not commit or not served:
        return False
    wiki = request.app.state.settings.zpwiki_path
    return commit == served or (wiki is not None and is_ancestor(wiki, commit, served))


def _accepted(request: Request, job: Any, created: bool) -> JSONResponse:
    worker = getattr(request.app.state, "worker", None)
    if worker is not None:
        worker.notify()
    body = SyncAccepted(
        status="accepted",
        job_id=job.id,
        status_url=f"/sync/jobs/{job.id}",
        coalesced=not created,
    )
    return JSONResponse(body.model_dump(), status_code=202)


@router.post(
    "/sync",
    status_code=202,
    response_model=SyncAccepted,
    responses=ERROR_RESPONSES,
    dependencies=[Depends(sync_auth)],
    operation_id="sync_start",
    summary="Queue a sync of the wiki (SYNC_API_KEY)",
)
def start_sync(request: Request, body: SyncRequest | None = None) -> JSONResponse:
    """Queues a sync (or joins the one already waiting) and answers 202 with the job."""
    job, created = request.app.state.job_store.enqueue(bool(body and body.pull), "api")
    assert job is not None  # only a known delivery id yields no job
    return _accepted(request, job, created)


@router.get(
    "/sync/jobs/{job_id}",
    response_model=SyncJob,
    responses=ERROR_RESPONSES | {404: ERROR_RESPONSES[401] | {"description": "not_found"}},
    dependencies=[Depends(sync_auth)],
    operation_id="sync_job",
    summary="State of one sync job",
)
def get_job(job_id: str, request: Request) -> dict[str, Any]:
    job = request.app.state.job_store.get(job_id[:64])
    if job is None:
        raise NotFound("no such job")
    return job.to_dict()


class JobFinished(ZPAgentError):
    reason = "job_finished"
    http_status = 409
    public_message = "The job has already finished; there is nothing to cancel."


@router.post(
    "/sync/jobs/{job_id}/cancel",
    status_code=202,
    response_model=SyncJob,
    responses=ERROR_RESPONSES
    | {
        404: ERROR_RESPONSES[401] | {"description": "not_found"},
        409: ERROR_RESPONSES[401] | {"description": "job_finished"},
    },
    dependencies=[Depends(sync_auth)],
    operation_id="sync_cancel",
    summary="Cancel a sync job (the previous index keeps serving)",
)
def cancel_job(job_id: str, request: Request) -> JSONResponse:
    """A queued job is cancelled at once; a running one stops at its next step (202)."""
    store = request.app.state.job_store
    before = store.get(job_id[:64])
    if before is None:
        raise NotFound("no such job")
    if before.state in FINISHED:
        raise JobFinished("the job has already finished")
    job = store.request_cancel(before.id)
    return JSONResponse(SyncJob(**job.to_dict()).model_dump(), status_code=202)


@router.get(
    "/sync/status",
    response_model=SyncStatus,
    responses=ERROR_RESPONSES,
    dependencies=[Depends(sync_auth)],
    operation_id="sync_status",
    summary="Active sync jobs, the last success and the last failure",
)
def sync_status(request: Request) -> dict[str, Any]:
    store = request.app.state.job_store
    last_ok, last_fail = store.last("succeeded"), store.last("failed")
    return {
        "active": [j.to_dict() for j in store.active()],
        "last_success": last_ok.to_dict() if last_ok else None,
        "last_failure": last_fail.to_dict() if last_fail else None,
    }


@router.post(
    "/webhook/gitea",
    response_model=SyncAccepted,
    responses=ERROR_RESPONSES | {403: ERROR_RESPONSES[401] | {"description": "wrong_repository"}},
    operation_id="webhook_gitea",
    summary="Gitea push webhook (HMAC-SHA256 signature with WEBHOOK_SECRET)",
)
async def gitea_webhook(request: Request) -> JSONResponse:
    """Signed push events for the configured repository and branch queue a sync (202)."""
    settings = request.app.state.settings
    body = await request.body()
    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else None
    verify_signature(secret, body, request.headers.get("x-gitea-signature"))
    decision = decide(
        request.headers.get("x-gitea-event"),
        body,
        settings.expected_gitea_repository,
        settings.expected_gitea_branch,
    )
    delivery = (request.headers.get("x-gitea-delivery") or "").strip()[:128] or None
    store = request.app.state.job_store
    if not decision.queue:
        if delivery:
            await run_in_threadpool(store.record_delivery, delivery)
        ignored = SyncAccepted(status="ignored", reason=decision.reason)
        return JSONResponse(ignored.model_dump(), status_code=200)
    if await run_in_threadpool(_served, request, decision.after):
        # A push of what is already served (or a replayed body): acknowledged, no job.
        if delivery:
            await run_in_threadpool(store.record_delivery, delivery)
        served = SyncAccepted(status="accepted", reason="already_served")
        return JSONResponse(served.model_dump(), status_code=202)
    job, created = await run_in_threadpool(
        store.enqueue, settings.webhook_pull_git, "webhook", delivery, decision.after
    )
    if job is None:  # this delivery id was seen before and queued nothing
        ignored = SyncAccepted(status="ignored", reason="duplicate_delivery")
        return JSONResponse(ignored.model_dump(), status_code=200)
    return _accepted(request, job, created)
