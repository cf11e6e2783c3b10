"""Saved games written before a change of their format, brought up to date as they are
read: a game file or library says the version that wrote it (storage.game_file), the
database migrates its records once (storage.schema). docs/game-format.md lists the
versions."""

from collections.abc import Mapping

from scorers import wizard

SPECIAL_CARDS_VERSION = 5
"""The game file version from which a Wizard setup names the special cards in its deck
("anniversary_cards", "shapeshifter") instead of switching the Bomb and the Cloud."""


def upgraded_actions(actions: list[object], version: int) -> list[object]:
    """The actions of a game file of `version` as this version writes them: before
    SPECIAL_CARDS_VERSION, a Wizard setup's settings upgraded (`upgraded_setup`)."""
    if version >= SPECIAL_CARDS_VERSION or not actions:
        return actions
    first = actions[0]
    if isinstance(first, Mapping) and first.get("kind") == "start":
        first = {**first, "data": upgraded_setup(first.get("data"))}
    return [first, *actions[1:]]


def upgraded_setup(data: object) -> object:
    """A start action's data saved before a Wizard setup named its special cards: its
    settings with the Bomb's and the Cloud's switches made the anniversary cards'
    (`scorers.wizard.upgraded_settings`). Any other data is left for the checks to judge."""
    if not isinstance(data, Mapping) or data.get("game") != wizard.RULES.name:
        return data
    settings = data.get("settings")
    if not isinstance(settings, Mapping):
        return data
    return {**data, "settings": wizard.upgraded_settings(settings)}
