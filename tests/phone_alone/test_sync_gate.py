"""The gate between the phone-alone app and its page: no frame after a commit reaches the
page before a sync started after that commit has ended, and a storage that failed is tried
again until it takes everything (phone_alone.sync_gate)."""

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from phone_alone.sync_gate import NOT_ANSWERED, SYNC_PATIENCE, Done, SyncGate


class Page:
    """The page and the browser's storage as the gate meets them: frames arrive in order,
    syncs end when the test says so, and so does the time. `kept` is how many commits the
    storage holds, `accounted` how many are kept or said not to be."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.syncs: list[tuple[Done, int]] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.commits = 0
        self.kept = 0
        self.failures: list[str] = []
        self.said: list[str] = []
        self.accounted = 0
        self.in_flight = False
        self.gate = SyncGate(self.sync, self.frames.append, self, self.later)

    def sync(self, done: Done) -> None:
        assert not self.in_flight, "one sync at a time, besides those given up"
        self.in_flight = True
        self.syncs.append((done, self.commits))

    def later(self, seconds: float, call: Callable[[], None]) -> None:
        self.timers.append((seconds, call))

    def time_passes(self) -> None:
        """Every timer set so far goes off: the sync under way, if any, is given up."""
        timers, self.timers = self.timers, []
        assert all(seconds == SYNC_PATIENCE for seconds, _ in timers)
        self.in_flight = False
        for _, call in timers:
            call()

    def not_kept(self, reason: str) -> None:
        self.said.append(f"not kept: {reason}")
        self.accounted = max(self.accounted, self.syncs[-1][1])

    def failing(self, reason: str) -> None:
        self.failures.append(reason)

    def kept_again(self) -> None:
        self.said.append("kept again")

    def written_back(self) -> None:
        self.said.append("written back")

    def commit(self) -> None:
        self.commits += 1
        self.gate.committed()

    def end_sync(self, error: str | None = None) -> None:
        done, commits_copied = self.syncs[-1]
        self.in_flight = False
        if error is None:
            self.kept = max(self.kept, commits_copied)
            self.accounted = max(self.accounted, self.kept)
        done(error)


def test_frames_after_a_commit_wait_for_its_sync_and_keep_their_order() -> None:
    page = Page()
    page.gate.send(b"a")
    page.commit()
    page.gate.send(b"b")
    page.gate.send(b"c")
    assert page.frames == [b"a"]
    page.end_sync()
    assert page.frames == [b"a", b"b", b"c"]
    page.gate.send(b"d")
    assert page.frames == [b"a", b"b", b"c", b"d"]


def test_a_commit_during_a_sync_is_kept_by_one_more_sync_before_anything_is_shown() -> None:
    page = Page()
    page.commit()
    page.gate.send(b"first")
    page.commit()
    page.commit()
    assert len(page.syncs) == 1  # one sync at a time
    page.end_sync()
    assert page.frames == [] and len(page.syncs) == 2
    page.end_sync()
    assert page.frames == [b"first"] and page.kept == 3


def test_a_failed_sync_is_told_and_the_screen_goes_on() -> None:
    page = Page()
    page.commit()
    page.gate.send(b"entry")
    page.end_sync("QuotaExceededError")
    assert page.said == ["not kept: QuotaExceededError"]
    assert page.failures == ["QuotaExceededError"]
    assert page.gate.failing
    page.gate.send(b"next")  # not held: the failed copy holds the screen no longer
    assert page.frames == [b"entry", b"next"]


def test_a_failing_storage_is_tried_again_until_it_keeps_every_commit() -> None:
    """A retry copies without holding the screen and is said only once it succeeds; a
    commit during it waits for a copy of its own; a retry during a sync adds none."""
    page = Page()
    page.commit()
    page.end_sync("QuotaExceededError")
    page.gate.retry()
    page.gate.send(b"drawn while retrying")
    assert page.frames == [b"drawn while retrying"]
    page.end_sync("QuotaExceededError")  # a failed retry is not said: no new entry is lost
    assert page.said == ["not kept: QuotaExceededError"] and page.gate.failing
    page.gate.retry()
    page.commit()
    page.gate.retry()
    page.gate.send(b"entry")
    assert len(page.syncs) == 3 and page.frames == [b"drawn while retrying"]
    page.end_sync()
    assert page.said[-1] == "kept again" and not page.gate.failing
    assert len(page.syncs) == 4 and page.frames == [b"drawn while retrying"]
    page.end_sync()
    assert page.kept == 2 and page.frames == [b"drawn while retrying", b"entry"]
    assert page.said == ["not kept: QuotaExceededError", "kept again"]


def test_storage_emptied_under_the_tab_is_written_back_and_said_once_a_copy_succeeds() -> None:
    """The browser dropped the database: a copy starts at once (one more after a sync under
    way, which may have gone to the storage dropped), and only its success is said."""
    page = Page()
    page.commit()
    page.end_sync()
    page.gate.emptied()
    assert len(page.syncs) == 2
    page.end_sync("UnknownError")  # the browser refuses the first write-back
    assert page.said == [] and page.gate.failing  # no new entry is lost: nothing to say yet
    page.gate.retry()
    page.end_sync()
    assert page.said == ["written back"] and not page.gate.failing
    page.gate.retry()
    page.end_sync()
    assert page.said == ["written back"]  # said once
    page.commit()
    page.gate.emptied()  # while the commit's sync is under way
    page.end_sync()
    assert len(page.syncs) == 6 and page.said == ["written back"]
    page.end_sync()
    assert page.said == ["written back"] * 2 and page.kept == 2


def test_a_sync_the_browser_never_answers_is_given_up_and_the_screen_goes_on() -> None:
    """On a full disk Chromium left a copy unanswered, and the frames it held (a tapped
    bid) never reached the screen. After SYNC_PATIENCE the copy counts as failed: said not
    kept, the screen goes on, the storage is tried again; a late answer changes nothing."""
    page = Page()
    page.commit()
    page.gate.send(b"bid")
    assert page.frames == [] and len(page.timers) == 1
    page.time_passes()
    assert page.frames == [b"bid"] and page.said == [f"not kept: {NOT_ANSWERED}"]
    assert page.gate.failing
    page.gate.send(b"next")  # not held: the copy given up holds the screen no longer
    assert page.frames == [b"bid", b"next"]
    page.gate.retry()
    assert len(page.syncs) == 2
    unanswered, _ = page.syncs[0]
    unanswered(None)  # at last: not heard
    assert page.gate.failing and page.said == [f"not kept: {NOT_ANSWERED}"]
    page.end_sync()
    assert page.said[-1] == "kept again" and not page.gate.failing
    page.time_passes()  # the timers of syncs that ended go off harmlessly
    assert page.said[-1] == "kept again" and not page.gate.failing and len(page.syncs) == 2


STEPS = ["commit", "send", "end", "fail", "retry", "emptied", "time"]


@given(st.lists(st.sampled_from(STEPS), max_size=40))
def test_every_frame_shown_comes_after_every_commit_before_it_is_kept_or_said_lost(
    steps: list[str],
) -> None:
    page = Page()
    commits_before: dict[bytes, int] = {}
    for number, step in enumerate(steps):
        if step == "commit":
            page.commit()
        elif step == "send":
            frame = str(number).encode()
            commits_before[frame] = page.commits
            page.gate.send(frame)
        elif step == "retry":
            page.gate.retry()
        elif step == "emptied":
            page.gate.emptied()
        elif step == "time":
            page.time_passes()
        elif page.in_flight:
            page.end_sync("QuotaExceededError" if step == "fail" else None)
        for frame in page.frames:
            assert page.accounted >= commits_before[frame]
        if not {"fail", "time"} & set(steps[: number + 1]):
            assert all(page.kept >= commits_before[frame] for frame in page.frames)
    while page.in_flight:
        page.end_sync()
    assert page.frames == list(commits_before)  # all shown in the end, in order
    page.gate.retry()  # the storage takes writes again: the next try keeps every commit
    page.end_sync()
    assert page.kept == page.commits and not page.gate.failing
