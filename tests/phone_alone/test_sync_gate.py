"""The gate between the phone-alone app and its page: no frame after a commit reaches the
page before a sync started after that commit has ended (phone_alone.sync_gate)."""

from hypothesis import given
from hypothesis import strategies as st

from phone_alone.sync_gate import Done, SyncGate


class Page:
    """The page and the browser's storage as the gate meets them: frames arrive in order,
    syncs end when the test says so. `kept` is how many commits the storage holds."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.syncs: list[tuple[Done, int]] = []
        self.commits = 0
        self.kept = 0
        self.failures: list[str] = []
        self.gate = SyncGate(self.sync, self.frames.append, self.failures.append)

    def sync(self, done: Done) -> None:
        self.syncs.append((done, self.commits))

    def commit(self) -> None:
        self.commits += 1
        self.gate.committed()

    def end_sync(self, error: str | None = None) -> None:
        done, commits_copied = self.syncs[-1]
        if error is None:
            self.kept = max(self.kept, commits_copied)
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
    assert page.failures == ["QuotaExceededError"]
    assert page.frames == [b"entry"]
    assert not page.gate.holding


@given(st.lists(st.sampled_from(["commit", "send", "end"]), max_size=40))
def test_every_frame_shown_comes_after_every_commit_before_it_is_kept(steps: list[str]) -> None:
    page = Page()
    commits_before: dict[bytes, int] = {}
    for number, step in enumerate(steps):
        if step == "commit":
            page.commit()
        elif step == "send":
            frame = str(number).encode()
            commits_before[frame] = page.commits
            page.gate.send(frame)
        elif page.gate.holding:
            page.end_sync()
        for frame in page.frames:
            assert page.kept >= commits_before[frame]
    while page.gate.holding:
        page.end_sync()
    assert page.frames == list(commits_before)  # all shown in the end, in order
