"""The job guard: a cancel is seen at the next phase boundary, however soon it comes."""

from __future__ import annotations

import pytest

from zpagent.guard import JobGuard, SyncCancelled, checkpoint, guarded


def test_a_phase_boundary_reads_the_cancel_flag_at_once(tmp_path):
    flag = {"cancel": False}
    with guarded(JobGuard(tmp_path, "job1", 3600, lambda: flag["cancel"])):
        checkpoint("a.md")  # reads the flag (False) and starts the throttle window
        flag["cancel"] = True
        checkpoint("b.md")  # a page step inside the window may skip the read
        with pytest.raises(SyncCancelled):
            checkpoint(force=True)  # the step before publication must not
