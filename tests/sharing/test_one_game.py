"""One game, however many copies: a guest's copy keeps the host's game id, so that the
copies of one evening are one game when they meet again. The old scorer joining the phone
that carried the game on goes on in its own game; copies that diverged are kept as two
versions of one game, listed together and counted once; a backup of a copy merged into
the scorer's store updates its game, counted once.
Real SQLite files, in-memory channels."""

import json
from collections.abc import Callable
from pathlib import Path

from scorers.ledger import Action
from sharing.phones_only.host import TableHost
from storage.backup import export_library, import_library
from storage.keeper import GameKeeper, SavedGame
from tests.sharing.table import NAMES, bid, join, keeper_in, score


def enter(keeper: GameKeeper, game_id: str, action_of: Callable[[SavedGame], Action]) -> None:
    """This phone's own screen saves an action made on the game as saved."""
    game = keeper.open(game_id)
    keeper.apply(game, action_of(game))


def test_a_copy_keeps_the_games_id_and_the_old_scorer_goes_on_in_its_own_game(
    tmp_path: Path,
) -> None:
    scorer = keeper_in(tmp_path / "scorer")
    game = scorer.start("wizard", NAMES, 0)
    cas = join(TableHost(scorer, game.id), tmp_path / "cas", player=2)
    assert cas.link.game_id == game.id  # one game, on both phones
    # The scorer's phone dies; Cas carries the game on, and shares it.
    cas.link.carry_on()
    enter(cas.keeper, game.id, lambda g: bid(g, 1, 1))
    # The old scorer joins Cas's table: it goes on in its own game, now with Ben's bid.
    back = join(TableHost(cas.keeper, game.id), tmp_path / "scorer", player=0)
    assert back.link.game_id == game.id
    assert scorer.open(game.id).ledger.actions == cas.keeper.open(game.id).ledger.actions
    assert [summary.id for summary in scorer.unfinished()] == [game.id]


def test_a_copy_that_diverged_is_kept_as_another_version_of_the_game(tmp_path: Path) -> None:
    scorer = keeper_in(tmp_path / "scorer")
    game = scorer.start("wizard", NAMES, 0)
    cas = join(TableHost(scorer, game.id), tmp_path / "cas", player=2)
    cas.link.carry_on()
    enter(cas.keeper, game.id, lambda g: bid(g, 1, 1))
    enter(scorer, game.id, lambda g: bid(g, 1, 0))  # the old scorer's phone went on too
    mine = scorer.open(game.id).ledger.actions
    back = join(TableHost(cas.keeper, game.id), tmp_path / "scorer", player=0)
    assert back.link.game_id not in (None, game.id)  # Cas's version, beside its own
    assert scorer.open(game.id).ledger.actions == mine  # its own version untouched
    assert back.log() == cas.keeper.open(game.id).ledger.actions
    (listed,) = scorer.unfinished()  # one line: the game, with Cas's version on it
    assert listed.id == game.id
    assert [(v.id, v.version_of) for v in listed.versions] == [(back.link.game_id, game.id)]
    # Joining Cas's table again, it goes on in that version: no third copy.
    again = join(TableHost(cas.keeper, game.id), tmp_path / "scorer", player=0)
    assert again.link.game_id == back.link.game_id
    assert [len(s.versions) for s in scorer.unfinished()] == [1]


def test_two_versions_of_one_finished_game_count_once_in_the_records(tmp_path: Path) -> None:
    """The evening went two ways on two phones and both finished: Home lists the game once
    with its other version, and each player has played one game, not two; with the first
    version deleted, the other one counts."""
    scorer = keeper_in(tmp_path / "scorer")
    game = scorer.start("wizard", NAMES, 0, {"round_sizes": [1]})
    cas = join(TableHost(scorer, game.id), tmp_path / "cas", player=2)
    cas.link.carry_on()
    enter(cas.keeper, game.id, lambda g: score(g, [1, 0, 0], [1, 0, 0]))
    enter(scorer, game.id, lambda g: score(g, [0, 0, 1], [0, 0, 1]))
    report = import_library(scorer, export_library(cas.keeper)[0].encode())
    assert (report.added, report.versions) == (1, 1)
    (listed,) = scorer.finished()
    (version,) = listed.versions
    assert [(p.name, p.games, p.wins) for p in scorer.players()] == [
        ("Ann", 1, 0),
        ("Ben", 1, 0),
        ("Cas", 1, 1),
    ]
    assert sum(r.games for r in scorer.records("cas").values()) == 1
    scorer.delete(game.id)
    assert [s.id for s in scorer.finished()] == [version.id]
    assert [(p.name, p.games, p.wins) for p in scorer.players()] == [
        ("Ann", 1, 1),
        ("Ben", 1, 0),
        ("Cas", 1, 0),
    ]


def test_a_backup_of_a_copy_taken_further_updates_the_scorers_game_once(
    tmp_path: Path,
) -> None:
    scorer = keeper_in(tmp_path / "scorer")
    game = scorer.start("wizard", NAMES, 0, {"round_sizes": [1]})
    cas = join(TableHost(scorer, game.id), tmp_path / "cas", player=2)
    cas.link.carry_on()  # the scorer's phone went; Cas finished the game
    enter(cas.keeper, game.id, lambda g: score(g, [1, 0, 0], [1, 0, 0]))
    finished: Action = cas.keeper.open(game.id).ledger.actions[-1]
    content, _ = export_library(cas.keeper)
    report = import_library(scorer, content.encode())
    assert (report.added, report.updated) == (0, 1)
    assert scorer.open(game.id).ledger.actions[-1] == finished
    assert [summary.id for summary in scorer.finished()] == [game.id]  # counted once
    assert json.loads(content)["games"][0]["id"] == game.id
