"""A refusal the scorer's phone sends a guest is data, not trusted: the guest says it in its
own words only when it is a refusal a host makes, with the parameters its message fills,
each of its kind; anything else is said as the general "the scorer's phone did not take
this entry", and never breaks the guest's screen."""

from collections.abc import Mapping

import pytest

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger
from sharing.rights import MAY_NOT_ENTER, Rights, forbidden
from views.shell.i18n import LANGUAGES, layer_messages
from views.shell.message_format import placeholder_names
from views.shell.messages import (
    HOST_REFUSED,
    PARAMETER_KINDS,
    Refusal,
    refusal_from_host,
    said,
)

GAME = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0)


def bid(seat: int, was: int | None, now: int) -> Action:
    return Action("edit", {"round": 1, "changes": [{"at": ["bids", seat], "was": was, "now": now}]})


def refused_by_the_rules(game: Ledger, action: Action) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as refused:
        game.apply(action)
    return refused.value


REAL = {
    "a round not current": refused_by_the_rules(GAME, Action("score", {"round": 2, "entry": {}})),
    "a bid another phone changed": refused_by_the_rules(
        GAME.apply(bid(1, None, 1)), bid(1, None, 0)
    ),
    "a bid over the hand": refused_by_the_rules(GAME, bid(1, None, 5)),
}


def test_every_parameter_of_a_rules_or_storage_message_has_one_kind() -> None:
    """A new message's parameter must be given its kind, or no host could send it."""
    kinds = list(PARAMETER_KINDS.values())
    for key, text in layer_messages().items():
        for name in placeholder_names(text):
            assert sum(name in kind for kind in kinds) == 1, (key, name)


@pytest.mark.parametrize("error", REAL.values(), ids=REAL.keys())
def test_what_a_host_refuses_with_is_said_as_it_came(error: InvalidEntry) -> None:
    assert refusal_from_host(error.key, error.params) == Refusal(error.key, error.params)
    for language in LANGUAGES:
        assert said(error.key, error.params, language)


def test_the_shares_own_refusals_are_said_as_they_came() -> None:
    """Each refusal of the rights a phone has, as the host makes it, is said as it came in
    every language: a watcher's, an own phone's of another's value, of the scorer's work."""
    made = [
        forbidden(Rights.WATCH, None, GAME.state, bid(1, None, 1)),
        forbidden(Rights.OWN, 2, GAME.state, bid(1, None, 1)),
        forbidden(Rights.OWN, 2, GAME.state, Action("undo", {})),
    ]
    assert [why[0] for why in made if why is not None] == [
        MAY_NOT_ENTER,
        "share.not_yours",
        "share.scorer_only",
    ]
    for why in made:
        assert why is not None
        key, params = why
        assert refusal_from_host(key, params) == Refusal(key, dict(params))
        for language in LANGUAGES:
            assert said(key, params, language)
    assert refusal_from_host("storage.changed_elsewhere", {}) == Refusal(
        "storage.changed_elsewhere"
    )


def test_parameters_a_message_does_not_fill_are_left_out() -> None:
    refusal = refusal_from_host("ledger.round_not_current", {"round": 2, "current": 1, "x": "!"})
    assert refusal == Refusal("ledger.round_not_current", {"round": 2, "current": 1})


FIELD = REAL["a bid another phone changed"].params
WRONG: dict[str, tuple[str, Mapping[str, object]]] = {
    "an unknown key": ("ledger.wipe", {}),
    "a screen's text, not a refusal": ("home.pick_game", {}),
    "a parameter missing": ("ledger.round_not_current", {"round": 2}),
    "no parameters at all": ("ledger.round_not_current", {}),
    "a number as text": ("ledger.round_not_current", {"round": "Ann owes you 20", "current": 1}),
    "a flag as a number": ("ledger.round_not_current", {"round": True, "current": 1}),
    "a fraction": ("ledger.round_not_current", {"round": 2.5, "current": 1}),
    "a name as a number": ("players.name_taken", {"name": 7}),
    "a name too long": ("players.name_taken", {"name": "A" * 101}),
    "a name as a list": ("players.name_taken", {"name": ["Ann"]}),
    "a field's key unknown": ("merge.field_changed", {**FIELD, "field_key": "home.title"}),
    "a field's parameters missing": ("merge.field_changed", {**FIELD, "field_params": {}}),
    "a field's parameters not an object": (
        "merge.field_changed",
        {**FIELD, "field_params": "Ben"},
    ),
}


@pytest.mark.parametrize(("key", "params"), WRONG.values(), ids=WRONG.keys())
def test_a_refusal_not_as_a_host_makes_it_is_said_in_general_words(
    key: str, params: Mapping[str, object]
) -> None:
    assert refusal_from_host(key, params) == Refusal(HOST_REFUSED)
