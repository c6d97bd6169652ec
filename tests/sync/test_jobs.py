import time

from zpagent.guard import trail_path
from zpagent.sync.jobs import MAX_ATTEMPTS, JobStore
from zpagent.sync.runners import Runner
from zpagent.sync.worker import recover_interrupted


def test_coalescing_and_exactly_one_follow_up(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    first, created = store.enqueue(False, "api")
    assert created
    second, created = store.enqueue(True, "api")
    assert not created and second.id == first.id and second.pull  # joined, pull kept
    running = store.claim(time.time())
    assert running.id == first.id and running.state == "running"
    follow, created = store.enqueue(False, "webhook")
    assert created and follow.id != first.id
    again, created = store.enqueue(True, "webhook")
    assert not created and again.id == follow.id and again.pull and again.requests == 2
    assert [j.id for j in store.active()] == [first.id, follow.id]


def test_a_push_of_the_commit_a_job_already_syncs_joins_it(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    x, y = "a" * 40, "b" * 40
    first, created = store.enqueue(True, "webhook", "d1", target=x)
    assert created
    assert store.claim(time.time()).id == first.id  # running now
    same, created = store.enqueue(True, "webhook", "d2", target=x)
    assert not created and same.id == first.id and same.requests == 2
    follow, created = store.enqueue(True, "webhook", "d3", target=y)
    assert created and follow.id != first.id
    # A third commit joins the waiting job, which now stands for the newest push.
    z = "c" * 40
    joined, created = store.enqueue(True, "webhook", "d4", target=z)
    assert not created and joined.id == follow.id
    again, created = store.enqueue(True, "webhook", "d5", target=z)
    assert not created and again.id == follow.id and again.requests == 3
    store.succeed(first.id, {})
    later, created = store.enqueue(True, "webhook", "d6", target=x)
    assert not created and later.id == follow.id  # x's job finished: the waiting one


def test_jobs_created_in_one_millisecond_keep_their_order(tmp_path, monkeypatch):
    # created_at has millisecond resolution; CI once created two jobs within one
    # and listed them in the wrong order. Insertion order breaks the tie.
    monkeypatch.setattr("zpagent.sync.jobs._now", lambda: "2026-01-01T00:00:00.000Z")
    store = JobStore(tmp_path / "jobs.sqlite")
    first, _ = store.enqueue(False, "api")
    assert store.claim(time.time()).id == first.id
    follow, _ = store.enqueue(False, "webhook")
    assert [j.id for j in store.active()] == [first.id, follow.id]
    store.succeed(first.id, {"version": "v1"})
    assert store.claim(time.time()).id == follow.id
    store.succeed(follow.id, {"version": "v2"})
    assert store.last("succeeded").id == follow.id


def test_delivery_ids_never_queue_twice(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, created = store.enqueue(True, "webhook", "delivery-1")
    store.claim(time.time())
    store.succeed(job.id, {"version": "v1"})
    again, created = store.enqueue(True, "webhook", "delivery-1")
    assert not created and again.id == job.id and again.state == "succeeded"
    assert store.active() == []
    assert store.record_delivery("ignored-1") is True
    assert store.record_delivery("ignored-1") is False


def recover(store, locks):
    return recover_interrupted(store, locks)


def test_interrupted_jobs_count_an_attempt_and_fail_after_the_last(tmp_path):
    locks = tmp_path / "locks"
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    for attempt in range(1, MAX_ATTEMPTS + 1):
        runner = Runner(locks)
        claimed = store.claim(time.time() + 3600, runner.id)
        assert claimed.id == job.id and claimed.attempts == attempt
        # the runner lives: another process's recovery leaves its job alone
        assert recover(JobStore(tmp_path / "jobs.sqlite"), locks) == []
        trail_path(locks, job.id).parent.mkdir(parents=True, exist_ok=True)
        trail_path(locks, job.id).write_bytes(b"pages/zle/README.md".ljust(64, b"\0"))
        runner.close()  # what a crash does to its lock
        (after,) = recover(JobStore(tmp_path / "jobs.sqlite"), locks)
        assert after.id == job.id and after.error_reason == "crashed"
        assert "pages/zle/README.md" in after.error_message
    assert after.state == "failed" and after.attempts == MAX_ATTEMPTS
    assert "not retried" in after.error_message
    assert store.claim(time.time() + 3600) is None  # no restart loop


def test_a_job_of_an_unknown_runner_is_recovered(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    store.claim(time.time())  # claimed without a runner (an older version)
    (after,) = recover(store, tmp_path / "locks")
    assert after.id == job.id and after.state == "queued" and after.attempts == 1


def test_cancel_queued_running_and_finished_jobs(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    queued, _ = store.enqueue(False, "api")
    assert store.request_cancel(queued.id).state == "cancelled"
    running, _ = store.enqueue(False, "api")
    store.claim(time.time())
    flagged = store.request_cancel(running.id)
    assert flagged.state == "running" and flagged.cancel_requested
    assert store.cancel_requested(running.id)
    store.cancelled(running.id)
    assert store.get(running.id).state == "cancelled"
    assert store.request_cancel(running.id).state == "cancelled"  # finished: unchanged
    assert store.request_cancel("nope") is None


def test_a_delivery_id_reused_after_an_ignored_delivery_queues_nothing(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    assert store.record_delivery("d-1") is True
    assert store.enqueue(True, "webhook", "d-1") == (None, False)
    assert store.active() == []


def test_transient_failures_retry_three_times_then_stay_failed(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    states = []
    for _ in range(MAX_ATTEMPTS):
        claimed = store.claim(time.time())
        assert claimed is not None and claimed.id == job.id
        states.append(store.fail(job.id, "git_fetch_failed", "fetch failed", True, 0))
    assert states == ["queued", "queued", "failed"]
    final = store.get(job.id)
    assert final.state == "failed" and final.attempts == 3
    assert store.last("failed").id == job.id
    assert store.claim(time.time()) is None


def test_permanent_failure_is_not_retried(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    store.claim(time.time())
    assert store.fail(job.id, "git_diverged", "diverged", False, 0) == "failed"


def test_backoff_delays_the_retry(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    store.claim(time.time())
    store.fail(job.id, "io_error", "x", True, time.time() + 60)
    assert store.claim(time.time()) is None
    assert store.claim(time.time() + 61).id == job.id
