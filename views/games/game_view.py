"""What a game adds to the shared screens: one subclass of GameView per game.

The shared screens (Home, the setup form, the game screen, its banner and score sheet, the
rules screen, the messages) know no game by name: they ask the game's GameView, which draws
the open game through views.games.table.Table. A new game is a rules module in scorers/
named in scorers.games' table, and `views/games/<game name>/view.py` with its GameView
subclass as `VIEW` (docs/adding-a-game.md).
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import flet as ft

from scorers.game import GameRules, RoundInfo
from scorers.ledger import GameState
from scorers.stats import Record
from views.games.panel import EntryPanel
from views.games.setup_fields import SettingField
from views.games.table import Table
from views.shell.i18n import session_language, t
from views.shell.rules_sheets import rules_sheet


@dataclass(frozen=True)
class StepButton:
    """The confirm button of a step before a round's last one ("Bids done: enter the
    tricks"): its words, what it does, and whether it can be taken yet."""

    label: str
    on_click: Callable[[], None]
    enabled: bool = True


class GameView(ABC):
    """One game as the screens show it. Subclasses set the class attributes and implement
    `entry_panel` and `cell`; the other methods have defaults a game may override."""

    rules: ClassVar[GameRules]
    """The game's rules (scorers); `game` is their name."""
    title_key: ClassVar[str]
    """Catalog key of the game's name ("Wizard")."""
    blurb_key: ClassVar[str]
    """Catalog key of the one line Home shows under the name."""
    first_key: ClassVar[str] = "banner.leads"
    """Catalog key of the banner's words for the player who starts the round."""
    result_key: ClassVar[str] = "result.title"
    """Catalog key of the line over a scored round's result ("Round 2 scored"), in the
    words the banner uses for a round."""
    undo_keys: ClassVar[Mapping[str, str]] = {
        "score": "undo.score",
        "correction": "undo.correction",
        "corrected": "undo.corrected",
        "change": "undo.change",
        "entry": "undo.entry",
    }
    """Catalog keys of what undo and redo name (a round scored or corrected, a tap's
    change, any other entry) and of what a saved correction changed, in the words the
    banner uses for a round."""
    sheet_keys: ClassVar[Mapping[str, str]] = {
        "header": "sheet.round",
        "cell": "sheet.cell",
        "edit": "sheet.edit_round",
    }
    """Catalog keys of the sheet's words for a round: its column's header, a cell's and a
    correct button's accessible names, in the words the banner uses for a round."""
    chart_keys: ClassVar[Mapping[str, str]] = {
        "after": "chart.after_round",
        "point": "chart.point",
    }
    """Catalog keys of the running totals chart's words: its summary ("After round 5: ...")
    and a point's tooltip, in the words the banner uses for a round."""
    legend_key: ClassVar[str] = "sheet.legend_how"
    """Catalog key of what `cell` shows, for the sheet's legend ("bid/tricks")."""
    setting_fields: ClassVar[tuple[SettingField, ...]] = ()
    """How the setup form asks for each setting the rules resolve, in form order."""

    @property
    def game(self) -> str:
        """The game's name as saved with every game (the rules' name)."""
        return self.rules.name

    def players_text(self) -> str:
        """How many play it: "3-6 players", or "3 players" for a game of one size (not
        "3-3")."""
        low, high = self.rules.min_players, self.rules.max_players
        if low == high:
            return t("home.players_exact", count=low)
        return t("home.players_range", low=low, high=high)

    @abstractmethod
    def entry_panel(self, table: Table, panel: EntryPanel[Any]) -> ft.Control:
        """The panel where the round at the table is entered: it shows `table.entry` and
        makes every change through `table.change`; where its pad enters and the step the
        player chose it keeps in `panel`, which `step_button` and `prompt` are given too."""

    @abstractmethod
    def cell(self, entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> str:
        """A scored round on the score sheet for `seat` ("2/3"), made of the parts the rules
        scored it by, so the sheet never explains a score the rules did not give."""

    def round_label(
        self, round_number: int, round_count: int | None, settings: Mapping[str, Any]
    ) -> str:
        """Where the game is ("Round 4 of 15"), from plain values so that a list of saved
        games can show it without replaying them."""
        if round_count is None:
            return t("banner.round", number=round_number)
        return t("banner.round_of", number=round_number, count=round_count)

    def progress(
        self,
        rounds_played: int,
        round_count: int | None,
        totals: Sequence[int],
        settings: Mapping[str, Any],
    ) -> float:
        """How far the game is, from 0 to 1: by default the share of its rounds played."""
        return min(1.0, rounds_played / round_count) if round_count else 0.0

    def step_button(self, table: Table, panel: EntryPanel[Any]) -> StepButton | None:
        """The confirm button of the step the entry shows, when that step is not the
        round's last; None (the default: a round of one step) shows "Score round"."""
        return None

    def own_turn(self, table: Table, panel: EntryPanel[Any]) -> bool:
        """Whether the round waits for the value of this phone's own player now, in play
        order (Wizard: bidding has reached them), so that their phone nudges them; False
        (the default) for a game whose values are entered in no order."""
        return False

    def prompt(self, table: Table, panel: EntryPanel[Any]) -> str | None:
        """Who acts next, in play order ("Cas bids"), for the line above the confirm
        button; None (the default) shows what the round still lacks, or that it is ready."""
        return None

    def banner_part(self, table: Table, compact: bool) -> ft.Control | None:
        """What the game asks in the banner about the round shown, once it is dealt (Wizard:
        the card turned up for trump), following every change of the table; `compact`: the
        banner of a phone held sideways, with no reminder. None (the default) when the game
        asks nothing."""
        return None

    def round_mark(
        self,
        entry: Mapping[str, Any],
        info: RoundInfo,
        players: int,
        settings: Mapping[str, Any],
    ) -> tuple[str, str] | None:
        """A short mark of a scored round beside its number on the score sheet (Wizard: the
        trump's sign, in a game of these `settings`) and the same in words for screen
        readers; None (the default): none."""
        return None

    def banner_note(self, state: GameState) -> str | None:
        """An extra banner line while the game runs, when the game has something to say
        ("Tied on top: another deal is played"); None when it has nothing."""
        return None

    def record_lines(self, record: Record) -> list[str]:
        """The game's own figures of a player's record (exact bids, best round ...), one
        line each, from the rules' `figures` of the record; none by default."""
        return []

    def params_in_words(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters of one of the game's own messages with the rules' ids said in the
        player's language (Plotters: a colour id "red" becomes "Rot"); by default as given."""
        return dict(params)

    def trick_helper(self) -> ft.Control | None:
        """A helper working out who takes a trick, shown on the rules screen above the sheet;
        None when the game needs none."""
        return None

    def rules_sheet(self) -> str:
        """The Markdown text of the game's rules sheet, in the session's language."""
        return rules_sheet(self.game, session_language())
