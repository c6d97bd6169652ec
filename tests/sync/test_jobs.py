import time

from zpagent.sync.jobs import MAX_ATTEMPTS, JobStore


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


def test_interrupted_jobs_run_again(tmp_path):
    store = JobStore(tmp_path / "jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    store.claim(time.time())
    # a new process opens the same queue after a crash
    restarted = JobStore(tmp_path / "jobs.sqlite")
    assert restarted.requeue_interrupted() == 1
    assert restarted.get(job.id).state == "queued"
    assert restarted.claim(time.time()).id == job.id


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
