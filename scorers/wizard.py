"""Wizard (Ken Fisher): bids, tricks, the dealer's forbidden bid and who wins a trick.

The Cloud special card lets its trick's winner change their bid by one after bidding.
An entry records the bids as made; the change goes in the entry's optional "cloud"
field ({"seat": s, "change": -1 or 1}). The dealer-bid checks (hook, Canadian) look at
the bids as made; the score and the tie-break use the bid after the change.

The card turned up for trump after the deal goes in the entry's optional "trump" field
(`TURN_UPS`: a suit letter, "J" for a Jester, "W" for a Wizard whose suit the dealer has
not picked yet, "W" and the dealer's suit such as "WH"; with the anniversary cards, "WF" for
the Werewolf laid in its place and "WF" and what its holder named, "WFH" or "WFN" for no
trump). It never changes a score; an entry without it (every game saved before it was
asked) is the same round as before.

The special cards of the anniversary editions are in a game's deck by its settings
(`special_cards`); the trick judge (`trick_winner`, `trick_taker`) knows them.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from scorers.checks import fields, is_whole, per_seat
from scorers.errors import InvalidEntry
from scorers.game import Figures, GameRules, RoundContext, RoundInfo, ScoredRound
from scorers.messages import GameMessages
from scorers.seats import check_count, seats_from
from scorers.settings import ValueCheck, on_off, one_of, resolve
from scorers.standings import Standing, rank
from scorers.stats import Record, ratio

DECK = 60
MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_HAND = DECK // MIN_PLAYERS
MAX_ROUNDS = DECK
"""The most rounds a game's own list of hand sizes may name: one per card of the deck, three
times the full game of three players (and what keeps a setup within MAX_ACTION_BYTES)."""


class Cloud(TypedDict):
    """The Cloud's bid change: its trick's winner (a seat) changed their bid by -1 or +1."""

    seat: int
    change: int


class WizardEntry(TypedDict):
    """A Wizard round, seat 0 first: bids as made and tricks taken (None: not entered yet),
    the Cloud's bid change when it was played, and the card turned up for trump when it was
    entered (absent or None: not entered)."""

    bids: list[int | None]
    tricks: list[int | None]
    cloud: Cloud | None
    trump: NotRequired[str | None]


def _changed(entry: Mapping[str, Any], **fields: object) -> WizardEntry:
    """A copy of the entry with these fields changed; the trump kept only when one is
    entered, so a round without one keeps the shape it always had."""
    made: dict[str, Any] = {
        "bids": list(entry["bids"]),
        "tricks": list(entry["tricks"]),
        "cloud": entry.get("cloud"),
        "trump": entry.get("trump"),
    }
    made.update(fields)
    if made["trump"] is None:
        del made["trump"]
    return cast(WizardEntry, made)


def with_bid(entry: Mapping[str, Any], seat: int, bid: int | None) -> WizardEntry:
    """The entry with `seat`'s bid set (the same bid again keeps it); None clears it."""
    return _changed(entry, bids=_with_value(entry["bids"], seat, bid))


def with_tricks(entry: Mapping[str, Any], seat: int, tricks: int | None) -> WizardEntry:
    """The entry with the tricks `seat` took set (the same count again keeps it); None
    clears it."""
    return _changed(entry, tricks=_with_value(entry["tricks"], seat, tricks))


def with_cloud(entry: Mapping[str, Any], seat: int | None, change: int) -> WizardEntry:
    """The entry with the Cloud's winner `seat` changing their bid by `change` (-1 or +1);
    None: nobody won the Cloud's trick (or it was not played)."""
    return _changed(entry, cloud=None if seat is None else Cloud(seat=seat, change=change))


def with_trump(entry: Mapping[str, Any], trump: str | None) -> WizardEntry:
    """The entry with the card turned up for trump (one of `TURN_UPS`); None clears it."""
    return _changed(entry, trump=trump)


def _with_value(values: Sequence[int | None], seat: int, value: int | None) -> list[int | None]:
    changed = list(values)
    changed[seat] = value
    return changed


def rounds_for(players: int) -> int:
    """Rounds in a full game: 60 / players (every round k deals k cards each)."""
    return DECK // check_count(players, "Wizard", MIN_PLAYERS, MAX_PLAYERS)


EVERY_CARD_ROUNDS = 5
"""The rounds of the plan that deals every card in each round (`round_plans`)."""


def round_plans(players: int) -> dict[str, list[int]]:
    """The ready round plans a table of `players` may pick instead of typing the hand sizes
    (the "round_sizes" setting), by name: "every_card", every card dealt in each of
    `EVERY_CARD_ROUNDS` rounds (60 / players each, so never a trump). The full game is no
    plan: it is the setting left empty.

    >>> round_plans(4)
    {'every_card': [15, 15, 15, 15, 15]}
    """
    return {"every_card": [rounds_for(players)] * EVERY_CARD_ROUNDS}


def round_score(bid: int, tricks: int) -> int:
    """20 + 10 per trick for a bid made exactly, else -10 per trick off the bid."""
    if not is_whole(bid, 0, MAX_HAND):
        raise InvalidEntry("wizard.bid_not_possible", value=bid, cards=MAX_HAND)
    if not is_whole(tricks, 0, MAX_HAND):
        raise InvalidEntry("wizard.tricks_not_possible", value=tricks, cards=MAX_HAND)
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


def forbidden_bid(cards: int, other_bids: Sequence[int]) -> int | None:
    """The hook rule: the one dealer bid that would make the bids total `cards`, if any."""
    if not is_whole(cards, 1, MAX_HAND):
        raise InvalidEntry("wizard.cards_not_possible", value=cards, high=MAX_HAND)
    if len(other_bids) > MAX_PLAYERS - 1:
        raise InvalidEntry("wizard.too_many_bids", count=len(other_bids), high=MAX_PLAYERS - 1)
    for bid in other_bids:
        if not is_whole(bid, 0, cards):
            raise InvalidEntry("wizard.bid_not_possible", value=bid, cards=cards)
    rest = cards - sum(other_bids)
    return rest if rest >= 0 else None


def dealer_restriction(context: RoundContext, bids: Sequence[int | None]) -> tuple[int, str] | None:
    """(forbidden bid, message key) under the hook or Canadian rule, or None."""
    settings, info = context.settings, context.info
    if not (settings["hook"] or settings["canadian"]):
        return None
    others = [bid for seat, bid in enumerate(bids) if seat != info.dealer]
    if any(b is None for b in others):
        return None
    rest = forbidden_bid(info.cards, [b for b in others if b is not None])
    if rest is None:
        return None
    if settings["hook"]:
        return rest, "wizard.hook_forbidden_bid"
    totals, dealer = context.totals_before, info.dealer
    sole_leader = all(totals[dealer] > t for seat, t in enumerate(totals) if seat != dealer)
    if sole_leader and rest != 0:
        return rest, "wizard.canadian_forbidden_bid"
    return None


def counted_bids(entry: Mapping[str, Any]) -> list[int]:
    """The bids a complete entry is scored against: as made, plus any Cloud change."""
    bids = list(entry["bids"])
    cloud = entry.get("cloud")
    if cloud:
        bids[cloud["seat"]] += cloud["change"]
    return bids


def filled_seat(entry: Mapping[str, Any], cards: int, *, bomb: bool) -> int | None:
    """The one seat whose tricks the others' leave to the cards: every other player's
    tricks are in and theirs is not, and the others took at most the cards dealt each.
    None otherwise, and always with the Bomb in the game (the tricks may then add up to
    one fewer, so the cards do not say what the last player took).

    >>> filled_seat({"bids": [1, 0, 1], "tricks": [1, None, 0]}, 2, bomb=False)
    1
    >>> filled_seat({"bids": [1, 0, 1], "tricks": [2, None, 1]}, 2, bomb=False) is None
    True
    """
    tricks = entry["tricks"]
    missing = [seat for seat, count in enumerate(tricks) if count is None]
    if bomb or len(missing) != 1:
        return None
    others = sum(count for count in tricks if count is not None)
    return missing[0] if others <= cards else None


def filled_in(entry: Mapping[str, Any], cards: int, *, bomb: bool) -> WizardEntry:
    """The entry as it is scored: the `filled_seat`'s tricks are the cards dealt each
    minus the others' (the tricks of a round add up to the cards); else as entered."""
    seat = filled_seat(entry, cards, bomb=bomb)
    if seat is None:
        return _changed(entry)
    rest = cards - sum(count for count in entry["tricks"] if count is not None)
    return _changed(entry, tricks=_with_value(entry["tricks"], seat, rest))


def round_preview(entry: Mapping[str, Any]) -> list[int | None]:
    """Each seat's points as the round stands (the entry as the rules complete it): the
    `round_score` of its bid as counted (after any Cloud change) and its tricks, once both
    are in; None for a seat still missing either.

    >>> round_preview({"bids": [1, 0, 2], "tricks": [1, 1, None], "cloud": None})
    [30, -10, None]
    """
    bids, tricks = list(entry["bids"]), entry["tricks"]
    cloud = entry.get("cloud")
    if cloud and bids[cloud["seat"]] is not None:
        bids[cloud["seat"]] += cloud["change"]
    return [
        None if bid is None or count is None else round_score(bid, count)
        for bid, count in zip(bids, tricks, strict=True)
    ]


WIZARD = "W"
JESTER = "J"
SUITS = ("S", "H", "D", "C")
NUMBERS = tuple(str(number) for number in range(1, 14))
DECKS = ("numbers", "standard")
"""How the deck in use marks its suit cards (the "deck" setting): 1 to 13 as Amigo's, or a
standard pack's 2 to 10, J, Q, K, A. The rules and the entries know only the numbers;
the marks are how the trick helper shows them. 13 is the highest either way."""
STANDARD_FACES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def face(number: str, deck: str) -> str:
    """A suit card's number as the `deck` in use marks it.

    >>> face("13", "standard"), face("10", "standard"), face("1", "standard"), face("13", "numbers")
    ('A', 'J', '2', '13')
    """
    return STANDARD_FACES[int(number) - 1] if deck == "standard" else number


COPIES = 4
"""The deck: one of each suit card (1 to 13 in S, H, D and C), four Wizards, four Jesters."""

DRAGON = "DR"
FAIRY = "FA"
BOMB = "BO"
WEREWOLF = "WF"
JUGGLER = "JG"
CLOUD = "CL"
SHAPESHIFTER_WIZARD = "SW"
SHAPESHIFTER_JESTER = "SJ"
ANNIVERSARY_CARDS = frozenset({DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD})
"""The 20th-anniversary edition's six special cards (the "anniversary_cards" setting)."""
SHAPESHIFTER = frozenset({SHAPESHIFTER_WIZARD, SHAPESHIFTER_JESTER})
"""The 25th-anniversary edition's Shapeshifter, one card played as a Wizard (SW) or as a
Jester (SJ), its player says which (the "shapeshifter" setting)."""
SPECIAL_CARDS = ANNIVERSARY_CARDS | SHAPESHIFTER
SUITED_RANKS = {JUGGLER: 7.5, CLOUD: 9.75}
"""The special cards played in a suit their player names (its letter follows the code:
"JGH", "CLS"), and where they rank in it."""
WIZARDS = frozenset({WIZARD, SHAPESHIFTER_WIZARD})
"""The cards that win as a Wizard: the first of them takes a trick without the Dragon."""
LEAVES_SUIT_OPEN = frozenset({JESTER, SHAPESHIFTER_JESTER, BOMB, FAIRY})
"""The cards that set no suit when led: the next card that is not one of them does.
RULES.md leaves open how the Bomb, the Fairy and the Shapeshifter played as a Jester count
when led; the app treats each as a Jester there, as RULES.md says it does."""
_UNSUITED_SPECIALS = SPECIAL_CARDS - {WEREWOLF, *SUITED_RANKS}
"""The special cards played to a trick by their code alone (not the Werewolf: it never is)."""
_ONE_CARD = {SHAPESHIFTER_JESTER: SHAPESHIFTER_WIZARD}
"""Codes that play the same card as another: the Shapeshifter is one card either way."""


def special_cards(settings: Mapping[str, Any]) -> frozenset[str]:
    """The special cards a game's deck holds, by their codes (SW and SJ: the Shapeshifter):
    the 20th-anniversary set with "anniversary_cards" on, the Shapeshifter with
    "shapeshifter" on. The Bomb's and the Cloud's scoring follow from them.

    >>> sorted(special_cards({"anniversary_cards": False, "shapeshifter": True}))
    ['SJ', 'SW']
    """
    held = ANNIVERSARY_CARDS if settings["anniversary_cards"] else frozenset()
    return held | (SHAPESHIFTER if settings["shapeshifter"] else frozenset())


def deck_size(settings: Mapping[str, Any]) -> int:
    """How many cards the game's deck holds: 60, and one more per special card (the
    Shapeshifter is one card).

    >>> deck_size({"anniversary_cards": True, "shapeshifter": True})
    67
    """
    return DECK + len({_ONE_CARD.get(card, card) for card in special_cards(settings)})


def upgraded_settings(saved: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a game saved before the special cards were settings (game files of
    version 4 and before): its "bomb" and "cloud" switches become "anniversary_cards",
    on when either was (both cards are in that set), and the Shapeshifter stays out.
    Settings without those switches are left as they are, and so are settings with a
    switch that is not on or off, for `resolve_settings` to refuse.

    >>> upgraded_settings({"hook": True, "bomb": False, "cloud": True})
    {'hook': True, 'anniversary_cards': True, 'shapeshifter': False}
    """
    switches = [saved[name] for name in ("bomb", "cloud") if name in saved]
    if not switches or not all(isinstance(switch, bool) for switch in switches):
        return dict(saved)
    upgraded = {name: value for name, value in saved.items() if name not in ("bomb", "cloud")}
    upgraded["anniversary_cards"] = any(switches)
    upgraded["shapeshifter"] = False
    return upgraded


def parse_card(card: object) -> str:
    """The card's code in canonical form: "W" (a Wizard), "J" (a Jester), a number from 1
    to 13 and a suit letter ("13H", "1S"), or a special card: "DR" (the Dragon), "FA" (the
    Fairy), "BO" (the Bomb), "SW" or "SJ" (the Shapeshifter played as a Wizard or as a
    Jester), "JG" or "CL" and the suit its player names (the Juggler, the Cloud); any case.

    >>> parse_card("13h"), parse_card("jgs")
    ('13H', 'JGS')
    """
    if isinstance(card, str):
        code = card.upper()
        plain = code in (WIZARD, JESTER) or code in _UNSUITED_SPECIALS
        suited = (code[:-1] in NUMBERS or code[:-1] in SUITED_RANKS) and code[-1:] in SUITS
        if plain or suited:
            return code
    raise InvalidEntry("wizard.card_invalid", card=card)


def _special(code: str) -> str | None:
    """The special card a code plays (the Juggler or the Cloud whatever its suit), if any."""
    if code in SPECIAL_CARDS:
        return code
    return code[:-1] if code[:-1] in SUITED_RANKS else None


def card_suit(code: str) -> str | None:
    """The suit a card (in canonical form) is played in: a suit card's, the Juggler's or
    the Cloud's; None for a card without one.

    >>> card_suit("13H"), card_suit("CLS"), card_suit("SW")
    ('H', 'S', None)
    """
    return code[-1] if code[-1] in SUITS else None


def _rank(code: str) -> float:
    """Where a card played in a suit ranks in it: its number, 7.5 or 9.75."""
    return SUITED_RANKS.get(code[:-1]) or int(code[:-1])


def _trick_cards(cards: object, low: int, specials: Collection[str]) -> list[str]:
    """The cards of a trick (`low` to MAX_PLAYERS of them) in canonical form, each suit card
    and each special card at most once (the Shapeshifter once, as a Wizard or a Jester),
    at most four Wizards and four Jesters, and no special card but the `specials` in play."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise InvalidEntry("entry.not_list", field="cards")
    if not low <= len(cards) <= MAX_PLAYERS:
        raise InvalidEntry("wizard.trick_size", count=len(cards), low=MIN_PLAYERS, high=MAX_PLAYERS)
    codes: list[str] = []
    played: list[str] = []
    for card in cards:
        code = parse_card(card)
        special = _special(code)
        if special is not None and special not in specials:
            raise InvalidEntry("wizard.card_not_in_deck", card=code)
        if special is not None:
            if _ONE_CARD.get(special, special) in played:
                raise InvalidEntry("wizard.special_twice", card=code)
            played.append(_ONE_CARD.get(special, special))
        elif code not in (WIZARD, JESTER) and code in codes:
            raise InvalidEntry("wizard.card_twice", card=code)
        codes.append(code)
    for kind, key in ((WIZARD, "wizard.too_many_wizards"), (JESTER, "wizard.too_many_jesters")):
        if codes.count(kind) > COPIES:
            raise InvalidEntry(key, count=codes.count(kind), high=COPIES)
    return codes


def _trump_suit(trump: object) -> str | None:
    if trump is None:
        return None
    if isinstance(trump, str) and trump.upper() in SUITS:
        return trump.upper()
    raise InvalidEntry("wizard.trump_invalid", value=trump)


def _led(codes: Sequence[str]) -> str | None:
    """The suit of the first card that sets one (`LEAVES_SUIT_OPEN`); None if that card has
    no suit (a Wizard, the Shapeshifter as a Wizard, the Dragon) or there is none. The
    Dragon led frees the others as a Wizard led does: RULES.md does not say, and the Dragon
    is the one card above the Wizards."""
    for code in codes:
        if code not in LEAVES_SUIT_OPEN:
            return card_suit(code)
    return None


def led_suit(cards: Sequence[str], specials: Collection[str] = SPECIAL_CARDS) -> str | None:
    """The suit the cards still to come must follow (if they can), from the cards played so
    far (0 to 6, in play order): the first suit card's (the Juggler's and the Cloud's named
    suit too), unless a Wizard or the Dragon came before it.

    Jesters led leave the choice to the first other card: a suit card sets the suit, a
    Wizard frees everyone. Nothing or only Jesters played: None (no suit yet).

    >>> led_suit(["J", "5D", "13S"])
    'D'
    >>> led_suit(["J", "W", "5D"]) is None
    True
    >>> led_suit(["BO", "CLH", "5D"])
    'H'
    """
    return _led(_trick_cards(cards, 0, specials))


def _winner(codes: Sequence[str], trump: str | None) -> int:
    if DRAGON in codes:
        return codes.index(FAIRY if FAIRY in codes else DRAGON)
    wizards = [i for i, code in enumerate(codes) if code in WIZARDS]
    if wizards:
        return wizards[0]
    for suit in (trump, _led(codes)):
        held = [i for i, code in enumerate(codes) if suit is not None and card_suit(code) == suit]
        if held:
            return max(held, key=lambda i: _rank(codes[i]))
    # Only cards that set no suit: the Fairy ranks below the Jesters, so the first of the
    # others wins (a trick holds three cards or more, the Fairy at most once).
    return next(i for i, code in enumerate(codes) if code != FAIRY)


def trick_winner(
    cards: Sequence[str], trump: str | None, specials: Collection[str] = SPECIAL_CARDS
) -> int:
    """The index (in play order) of the card that wins a whole trick of 3 to 6 cards:
    the Dragon, unless the Fairy is in the trick (then the Fairy); else the first Wizard
    (the Shapeshifter played as a Wizard is one); else the highest trump (`trump` a suit
    letter, None: no trump); else the highest card of the led suit (`led_suit`); else the
    first Jester (the Shapeshifter played as a Jester is one, and the Bomb counts as one:
    RULES.md does not say, and it is the reading where the Bomb adds no rank of its own).
    The Juggler ranks 7.5 and the Cloud 9.75 in their named suit.

    With the Bomb in the trick this is the card whose player would have won it: nobody
    takes the trick (`trick_taker`) and that player leads the next one. A special card not
    among the `specials` in the game's deck (`special_cards`) is refused.

    >>> trick_winner(["7H", "13H", "2S", "J"], trump="S")
    2
    >>> trick_winner(["J", "5D", "13C", "W"], trump="C")
    3
    >>> trick_winner(["J", "5D", "13C", "9D"], trump=None)
    3
    >>> trick_winner(["W", "DR", "FA"], trump=None), trick_winner(["W", "DR", "3H"], trump="H")
    (2, 1)
    """
    return _winner(_trick_cards(cards, MIN_PLAYERS, specials), _trump_suit(trump))


def trick_taker(
    cards: Sequence[str], trump: str | None, specials: Collection[str] = SPECIAL_CARDS
) -> int | None:
    """The index of the card whose player takes a whole trick (`trick_winner`), or None
    when the Bomb is in it: that trick goes to nobody.

    >>> trick_taker(["7H", "13H", "2S"], trump=None)
    1
    >>> trick_taker(["7H", "13H", "BO"], trump=None) is None
    True
    """
    codes = _trick_cards(cards, MIN_PLAYERS, specials)
    return None if BOMB in codes else _winner(codes, _trump_suit(trump))


WinReason = Literal[
    "dragon", "fairy", "first_wizard", "highest_trump", "highest_led", "first_jester"
]
"""Why a trick's card wins (`win_reason`): the Dragon beats every card; the Fairy beats the
Dragon; the first Wizard played; the highest trump; the highest card of the led suit; only
Jesters were played (and maybe the Fairy, lower still), so the first of them."""


def win_reason(
    cards: Sequence[str], trump: str | None, specials: Collection[str] = SPECIAL_CARDS
) -> WinReason:
    """Which rule gives the trick to its winner (`trick_winner`).

    >>> win_reason(["7H", "13H", "2S", "J"], trump="S")
    'highest_trump'
    >>> win_reason(["J", "J", "J"], trump=None)
    'first_jester'
    >>> win_reason(["DR", "W", "FA"], trump=None)
    'fairy'
    """
    codes = _trick_cards(cards, MIN_PLAYERS, specials)
    code = codes[_winner(codes, _trump_suit(trump))]
    if code == DRAGON:
        return "dragon"
    if code == FAIRY:
        return "fairy"
    if code in WIZARDS:
        return "first_wizard"
    if code in LEAVES_SUIT_OPEN:
        return "first_jester"
    return "highest_trump" if card_suit(code) == _trump_suit(trump) else "highest_led"


def barred_cards(played: Sequence[str]) -> frozenset[str]:
    """The cards a player who holds a card of the led suit may not play next, given the
    cards played so far (0 to 5, in play order): every suit card of the other three suits.
    None while no suit is led (nothing played, only Jesters, or a Wizard led): then, as
    always, Wizards and Jesters may be played.

    >>> sorted(barred_cards(["J", "5D"]))[:3]
    ['10C', '10H', '10S']
    >>> barred_cards(["W", "5D"])
    frozenset()
    """
    suit = led_suit(played)
    if suit is None:
        return frozenset()
    return frozenset(number + other for other in SUITS if other != suit for number in NUMBERS)


def breaks_follow(played: Sequence[str], card: str) -> bool:
    """Whether `card`, played after `played`, is of another suit than the one led: allowed
    only to a player who holds no card of the led suit.

    >>> breaks_follow(["7H"], "2S"), breaks_follow(["7H"], "W"), breaks_follow(["7H"], "2h")
    (True, False, False)
    """
    return parse_card(card) in barred_cards(played)


TURN_UPS = (*SUITS, JESTER, WIZARD)
"""The cards a round's turned-up card may be, as a choice: a suit card (its suit is trump),
a Jester (no trump), a Wizard (the dealer then picks one of `SUITS`, never no trump)."""
NAMED_NO_TRUMP = "N"
"""What the Werewolf's holder names for no trump ("WFN")."""
WEREWOLF_CHOICES = (*SUITS, NAMED_NO_TRUMP)
"""What the Werewolf's holder names after laying it for trump: a suit, or no trump."""


def turns_up_trump(cards: int, players: int, settings: Mapping[str, Any]) -> bool:
    """Whether a card is left to turn up for trump: not when every card of the deck
    (`deck_size`: special cards count) is dealt (the round then has no trump, and nothing
    is asked)."""
    return cards * players < deck_size(settings)


def trump_choices(cards: int, players: int, settings: Mapping[str, Any]) -> tuple[str, ...]:
    """The turned-up cards a round of `cards` each at a table of `players` can record:
    `TURN_UPS`, and the Werewolf when it is in the deck; none in a round that deals every
    card.

    >>> base = {"anniversary_cards": False, "shapeshifter": False}
    >>> trump_choices(20, 3, base)
    ()
    >>> trump_choices(3, 3, base)
    ('S', 'H', 'D', 'C', 'J', 'W')
    >>> trump_choices(20, 3, dict(base, anniversary_cards=True))
    ('S', 'H', 'D', 'C', 'J', 'W', 'WF')
    """
    if not turns_up_trump(cards, players, settings):
        return ()
    return (*TURN_UPS, WEREWOLF) if WEREWOLF in special_cards(settings) else TURN_UPS


def laid_for_trump(trump: str | None) -> str | None:
    """The card a recorded trump says was laid: the Werewolf for "WF" and what follows it,
    a Wizard for "W" and a suit, else the value itself (a suit, "J", or None).

    >>> laid_for_trump("WFN"), laid_for_trump("WH"), laid_for_trump("H")
    ('WF', 'W', 'H')
    """
    if trump is not None and trump.startswith(WEREWOLF):
        return WEREWOLF
    return WIZARD if trump is not None and trump[:1] == WIZARD else trump


def wizard_picks(suit: str) -> str:
    """The trump recorded when a Wizard was turned up and the dealer picked `suit`."""
    return WIZARD + suit


def werewolf_names(choice: str) -> str:
    """The trump recorded when the Werewolf was laid and its holder named `choice` (one of
    `WEREWOLF_CHOICES`)."""
    return WEREWOLF + choice


def trump_suit(trump: str | None) -> str | None:
    """The suit that is trump after `trump` (a value `check_trump` accepted): the suit card's,
    the one the dealer picked for a Wizard or the Werewolf's holder named; None for a Jester
    (no trump), no trump named, a suit not picked or named yet, or nothing entered.

    >>> trump_suit("H"), trump_suit("WS"), trump_suit("J"), trump_suit("WFC"), trump_suit("WFN")
    ('H', 'S', None, 'C', None)
    """
    if trump is None or trump in (JESTER, WIZARD, WEREWOLF):
        return None
    return trump[-1] if trump[-1] in SUITS else None


SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
NO_TRUMP = "\u2014"
"""A round without trump in signs: every card dealt."""


def trump_mark(trump: str | None, cards: int, players: int, settings: Mapping[str, Any]) -> str:
    """A round's trump in signs any language reads, for the CSV score sheet: the suit's
    sign ("♥"), W and the sign for a Wizard and the dealer's suit ("W ♠"), WF and the sign
    (or a dash for no trump) the Werewolf's holder named, J for a Jester (no trump), a dash
    when every card was dealt (no trump), nothing when not entered.

    >>> base = {"anniversary_cards": True, "shapeshifter": False}
    >>> trump_mark("H", 3, 4, base), trump_mark("WS", 3, 4, base), trump_mark("J", 3, 4, base)
    ('\u2665', 'W \u2660', 'J')
    >>> trump_mark("WFN", 3, 4, base), trump_mark(None, 3, 4, base)
    ('WF \u2014', '')
    """
    if not turns_up_trump(cards, players, settings):
        return NO_TRUMP
    laid, suit = laid_for_trump(trump), trump_suit(trump)
    if trump is None or laid is None:
        return ""
    if laid == WEREWOLF and trump != WEREWOLF:
        return f"{WEREWOLF} {SUIT_SIGNS[suit] if suit else NO_TRUMP}"
    if suit is None:
        return laid
    return f"{WIZARD} {SUIT_SIGNS[suit]}" if laid == WIZARD else SUIT_SIGNS[suit]


def check_trump(value: object, context: RoundContext, *, complete: bool) -> str | None:
    """The entry's trump checked: None (not entered), a suit letter, "J", "W" (a draft only:
    the dealer has still to pick) or "W" and a suit; with the Werewolf in the deck, "WF" (a
    draft only: its holder has still to name) or "WF" and a suit or "N" (no trump). Refuses
    any other value, a trump in a round that deals every card, and a complete round with a
    Wizard or the Werewolf but nothing picked."""
    if value is None:
        return None
    werewolf = isinstance(value, str) and value.startswith(WEREWOLF)
    known = isinstance(value, str) and (
        value in TURN_UPS
        or (value[:1] == WIZARD and value[1:] in SUITS)
        or (werewolf and value[len(WEREWOLF) :] in ("", *WEREWOLF_CHOICES))
    )
    if not known:
        raise InvalidEntry("wizard.trump_card_invalid", value=value)
    if werewolf and WEREWOLF not in special_cards(context.settings):
        raise InvalidEntry("wizard.card_not_in_deck", card=WEREWOLF)
    info = context.info
    if not turns_up_trump(info.cards, len(context.players), context.settings):
        raise InvalidEntry("wizard.trump_all_dealt", cards=info.cards)
    if complete and value == WIZARD:
        raise InvalidEntry("wizard.trump_suit_missing", dealer=context.players[info.dealer])
    if complete and value == WEREWOLF:
        raise InvalidEntry("wizard.trump_werewolf_missing")
    return cast(str, value)


def _round_sizes(players: int) -> ValueCheck:
    largest = DECK // players

    def check(name: str, value: object) -> list[int] | None:
        if value is None:
            return None
        if isinstance(value, str | bytes) or not isinstance(value, Sequence) or not value:
            raise InvalidEntry("wizard.round_sizes_invalid", high=largest)
        if len(value) > MAX_ROUNDS:
            raise InvalidEntry("wizard.too_many_rounds", count=len(value), limit=MAX_ROUNDS)
        for size in value:
            if isinstance(size, bool) or not isinstance(size, int):
                raise InvalidEntry("wizard.round_sizes_invalid", high=largest)
            if not is_whole(size, 1, largest):
                raise InvalidEntry("wizard.round_size_out_of_range", value=size, high=largest)
        return list(value)

    return check


MESSAGES = GameMessages(
    errors={
        "wizard.bid_not_possible": "A bid of {value} is not possible: bids are whole numbers from "
        "0 to {cards}.",
        "wizard.tricks_not_possible": "{value} tricks are not possible: tricks are whole numbers "
        "from 0 to {cards}.",
        "wizard.cards_not_possible": "A hand of {value} cards is not possible in Wizard: hands "
        "hold 1 to {high} cards.",
        "wizard.too_many_bids": "{count} other bids are too many: at most {high} players bid "
        "before the dealer.",
        "wizard.bid_out_of_range": "Bids must be whole numbers from 0 to {cards}: {player} cannot "
        "bid {value}.",
        "wizard.tricks_out_of_range": "Tricks must be whole numbers from 0 to {cards}: {player} "
        "cannot have taken {value}.",
        "wizard.hook_forbidden_bid": "Bids may not total {cards}: {player} may not bid {value}.",
        "wizard.canadian_forbidden_bid": "{player} leads alone, so the bids may not total "
        "{cards}: {player} may not bid {value} (0 is always allowed).",
        "wizard.bid_missing": "{player} has not bid yet.",
        "wizard.tricks_missing": "{player}'s tricks are not entered yet.",
        "wizard.tricks_too_many": "Tricks entered: {total} of the {cards} played this round, "
        "{off} too many.",
        "wizard.tricks_total": "Tricks entered: {total} of the {cards} played this round, {off} "
        "missing.",
        "wizard.tricks_total_bomb": "Tricks entered: {total}; they must add up to {cards}, or "
        "{less} if the Bomb was played.",
        "wizard.cloud_off": "The Cloud is not in play in this game.",
        "wizard.cloud_change_invalid": "The Cloud changes {player}'s bid by one, up or down, not "
        "by {value}.",
        "wizard.cloud_bid_out_of_range": "The Cloud cannot change {player}'s bid from {bid} to "
        "{value}: bids are whole numbers from 0 to {cards}.",
        "wizard.cloud_no_trick": "{player} took no trick, so did not win the Cloud's trick: only "
        "its winner changes their bid.",
        "wizard.round_sizes_invalid": "Hand sizes must be whole numbers between 1 and {high}, one "
        "per round, separated by commas (1, 3, 5).",
        "wizard.too_many_rounds": "{count} rounds are too many for one game: at most "
        "{limit}, one per card of the deck.",
        "wizard.card_invalid": "'{card}' is not a Wizard card: write W for a Wizard, J for a "
        "Jester, or a number from 1 to 13 and a suit (S, H, D or C), such as 13H; a special "
        "card is DR (Dragon), FA (Fairy), BO (Bomb), SW or SJ (Shapeshifter as a Wizard or a "
        "Jester), JG or CL and a suit (Juggler, Cloud).",
        "wizard.card_not_in_deck": "{card} is not in this game's deck: the special cards in "
        "play are chosen in the game's settings.",
        "wizard.special_twice": "{card} cannot be played here: the trick already holds that "
        "special card, and the deck has only one.",
        "wizard.card_twice": "{card} cannot be played twice in one trick: the deck has one of "
        "each suit card.",
        "wizard.too_many_wizards": "{count} Wizards are too many for one trick: the deck has "
        "{high}.",
        "wizard.too_many_jesters": "{count} Jesters are too many for one trick: the deck has "
        "{high}.",
        "wizard.trump_invalid": "'{value}' is not a trump: trump is a suit (S, H, D or C), or "
        "none.",
        "wizard.trick_size": "A trick holds one card from each player, {low} to {high} cards, "
        "not {count}.",
        "wizard.round_size_out_of_range": "Hand sizes must be between 1 and {high}: a hand of "
        "{value} is not possible.",
        "wizard.trump_card_invalid": "'{value}' is not a card turned up for trump: a suit (S, "
        "H, D or C), J for a Jester (no trump), W for a Wizard, or W and the suit the dealer "
        "picked, such as WH; WF for the Werewolf, then the suit or N (no trump) its holder "
        "named.",
        "wizard.trump_all_dealt": "Every card is dealt this round ({cards} each): no card is "
        "turned up, so there is no trump to enter.",
        "wizard.trump_suit_missing": "A Wizard was turned up: {dealer} picks the trump suit. "
        "Tap that suit, or clear the trump.",
        "wizard.trump_werewolf_missing": "The Werewolf was laid for trump: its holder names a "
        "suit or no trump. Tap it, or clear the trump.",
    },
    fields={
        "wizard.field.bid": "{player}'s bid",
        "wizard.field.tricks": "{player}'s tricks",
        "wizard.field.cloud": "The Cloud",
        "wizard.field.trump": "The trump",
        "wizard.field.trump_column": "Trump",
        "wizard.sheet.bid": "{name} bid",
        "wizard.sheet.tricks": "{name} tricks",
    },
    changes={
        "wizard.change.bid": "{player}'s bid of {value}",
        "wizard.change.bid_cleared": "clearing {player}'s bid",
        "wizard.change.tricks": "{player}'s {value, plural, one {# trick} other {# tricks}}",
        "wizard.change.tricks_cleared": "clearing {player}'s tricks",
        "wizard.change.trump": "the trump {suit}",
        "wizard.change.trump_jester": "no trump (a Jester)",
        "wizard.change.trump_wizard": "a Wizard turned up",
        "wizard.change.trump_picked": "the trump {suit} (a Wizard)",
        "wizard.change.trump_werewolf": "the Werewolf laid for trump",
        "wizard.change.trump_werewolf_picked": "the trump {suit} (the Werewolf)",
        "wizard.change.trump_werewolf_none": "no trump (the Werewolf)",
        "wizard.change.trump_cleared": "clearing the trump",
    },
    reminders={
        "wizard.trump": "{dealer} deals {cards} each and turns up the next card for trump (a "
        "Wizard: {dealer} picks a suit; a Jester: no trump). {first} bids first and leads.",
        "wizard.no_trump": "Every card is dealt ({cards} each): no trump this round. {first} bids "
        "first and leads.",
    },
    notes={
        "wizard.tie_break_bids": "Tied on points; ranked by bids over the game ({value}).",
    },
)
"""The English text of every key Wizard's rules give (see scorers.messages)."""


# A seat's bid or tricks set, and cleared: keys of MESSAGES.changes.
_CHANGE_KEYS = {
    "bids": ("wizard.change.bid", "wizard.change.bid_cleared"),
    "tricks": ("wizard.change.tricks", "wizard.change.tricks_cleared"),
}


def _trump_change(trump: object) -> tuple[str, dict[str, Any]]:
    """A tap that recorded the card turned up for trump, in words (keys of MESSAGES.changes)."""
    if trump is None:
        return "wizard.change.trump_cleared", {}
    if trump == JESTER:
        return "wizard.change.trump_jester", {}
    if trump == WIZARD:
        return "wizard.change.trump_wizard", {}
    if trump == WEREWOLF:
        return "wizard.change.trump_werewolf", {}
    laid = laid_for_trump(trump) if isinstance(trump, str) else None
    suit = trump_suit(trump) if isinstance(trump, str) else None
    if laid == WEREWOLF:
        if suit is None:
            return "wizard.change.trump_werewolf_none", {}
        return "wizard.change.trump_werewolf_picked", {"suit": suit}
    if laid == WIZARD:
        return "wizard.change.trump_picked", {"suit": suit}
    return "wizard.change.trump", {"suit": trump}


@dataclass(frozen=True)
class WizardFigures(Figures):
    """What a player's Wizard tallies say: shares are from 0 to 1, None with no rounds."""

    exact_rate: float | None
    average_off: float | None
    zero_bids_made: float | None
    longest_exact_run: int
    cloud_rounds: int
    bomb_rounds: int


class WizardRules(GameRules):
    """Wizard for 3 to 6 players: 60 / players rounds (or the short game's hand sizes),
    round k dealing k cards each."""

    name = "wizard"
    title = "Wizard"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    messages = MESSAGES
    note_column = "wizard.field.trump_column"

    def round_notes(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> list[str] | None:
        """Each round's trump in signs (`trump_mark`), once any round has one entered; None
        before (a game played without them keeps the sheet it always had)."""
        if not any(scored.entry.get("trump") for scored in rounds):
            return None
        return [
            trump_mark(scored.entry.get("trump"), info.cards, players, settings)
            for scored, info in zip(rounds, infos, strict=True)
        ]

    def resolve_settings(self, given: object, players: int) -> dict[str, Any]:
        """hook, canadian, anniversary_cards, shapeshifter (switches, off; see
        `special_cards`), tie_break_by_bids (on), round_sizes (None: the full game; else a
        list of hand sizes, one per round) and deck (how the cards are marked: "numbers",
        else "standard"; see DECKS)."""
        # tie_break_by_bids defaults on: it is the tie-break the published rules give.
        spec = {
            "hook": (False, on_off),
            "canadian": (False, on_off),
            "tie_break_by_bids": (True, on_off),
            "round_sizes": (None, _round_sizes(players)),
            "anniversary_cards": (False, on_off),
            "shapeshifter": (False, on_off),
            "deck": ("numbers", one_of(*DECKS)),
        }
        return resolve(given, spec, self.title)

    def round_count(self, players: int, settings: Mapping[str, Any]) -> int:
        sizes = settings["round_sizes"]
        return len(sizes) if sizes is not None else rounds_for(players)

    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        sizes = settings["round_sizes"]
        return sizes[number - 1] if sizes is not None else number

    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        if not turns_up_trump(cards, players, settings):
            return "wizard.no_trump", {"cards": cards, "first": first}
        return "wizard.trump", {"cards": cards, "dealer": dealer, "first": first}

    def blank_entry(self, players: int) -> dict[str, Any]:
        return {"bids": [None] * players, "tricks": [None] * players, "cloud": None}

    def completed(self, entry: Mapping[str, Any], context: RoundContext) -> Mapping[str, Any]:
        """The one player's tricks the others leave to the cards filled in (`filled_in`)."""
        bomb = BOMB in special_cards(context.settings)
        return filled_in(entry, context.info.cards, bomb=bomb)

    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]:
        data = fields(entry, "Wizard", ("bids", "tricks"), ("cloud", "trump"))
        players, cards = context.players, context.info.cards
        bids = per_seat(data["bids"], "bids", len(players))
        tricks = per_seat(data["tricks"], "tricks", len(players))
        for seat, player in enumerate(players):
            if bids[seat] is not None and not is_whole(bids[seat], 0, cards):
                raise InvalidEntry(
                    "wizard.bid_out_of_range", player=player, value=bids[seat], cards=cards
                )
            if tricks[seat] is not None and not is_whole(tricks[seat], 0, cards):
                raise InvalidEntry(
                    "wizard.tricks_out_of_range", player=player, value=tricks[seat], cards=cards
                )
        restriction = dealer_restriction(context, bids)
        dealer = context.info.dealer
        if restriction and bids[dealer] == restriction[0]:
            raise InvalidEntry(
                restriction[1], player=players[dealer], value=restriction[0], cards=cards
            )
        cloud = self._check_cloud(data.get("cloud"), bids, tricks, context)
        if complete:
            # The first value missing in the order the table gives them: every bid, from
            # the first bidder round the table, then every player's tricks in that order.
            order = seats_from(context.info.first, len(players))
            for seat in order:
                if bids[seat] is None:
                    raise InvalidEntry("wizard.bid_missing", player=players[seat])
            for seat in order:
                if tricks[seat] is None:
                    raise InvalidEntry("wizard.tricks_missing", player=players[seat])
            # Only a whole round is checked against the cards: while the tricks are being
            # entered (or moved from one player to another) any total may pass.
            self._check_trick_total(tricks, context)
        checked: dict[str, Any] = {"bids": bids, "tricks": tricks, "cloud": cloud}
        trump = check_trump(data.get("trump"), context, complete=complete)
        if trump is not None:
            # Only when entered: a round without a trump is the entry it always was.
            checked["trump"] = trump
        return checked

    def _check_cloud(
        self,
        cloud: object,
        bids: Sequence[int | None],
        tricks: Sequence[int | None],
        context: RoundContext,
    ) -> dict[str, int] | None:
        """The Cloud's change, refused unless it moves a bid by one, within the cards, of a
        player who took a trick (its winner took at least that one)."""
        if cloud is None:
            return None
        if CLOUD not in special_cards(context.settings):
            raise InvalidEntry("wizard.cloud_off")
        data = fields(cloud, "Cloud", ("seat", "change"))
        seat, change = data["seat"], data["change"]
        if not is_whole(seat, 0, len(bids) - 1):
            raise InvalidEntry("players.seat_invalid", seat=seat, players=len(bids))
        player = context.players[seat]
        if change not in (-1, 1) or isinstance(change, bool):
            raise InvalidEntry("wizard.cloud_change_invalid", player=player, value=change)
        bid = bids[seat]
        if bid is None:
            raise InvalidEntry("wizard.bid_missing", player=player)
        if not is_whole(bid + change, 0, context.info.cards):
            raise InvalidEntry(
                "wizard.cloud_bid_out_of_range",
                player=player,
                bid=bid,
                value=bid + change,
                cards=context.info.cards,
            )
        if tricks[seat] == 0:
            raise InvalidEntry("wizard.cloud_no_trick", player=player)
        return {"seat": seat, "change": change}

    def _check_trick_total(self, tricks: Sequence[int | None], context: RoundContext) -> None:
        """The tricks of a complete round add up to the cards dealt each (one fewer when
        the Bomb was played); the refusal says by how many they are off."""
        cards = context.info.cards
        total = sum(t for t in tricks if t is not None)
        bomb = BOMB in special_cards(context.settings)
        if total == cards or (bomb and total == cards - 1):
            return
        if bomb:
            raise InvalidEntry("wizard.tricks_total_bomb", total=total, cards=cards, less=cards - 1)
        if total > cards:
            raise InvalidEntry(
                "wizard.tricks_too_many", total=total, cards=cards, off=total - cards
            )
        raise InvalidEntry("wizard.tricks_total", total=total, cards=cards, off=cards - total)

    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]:
        """Each seat's `round_score` against the bid as counted (after any Cloud change)."""
        return tuple(
            round_score(bid, tricks)
            for bid, tricks in zip(counted_bids(entry), entry["tricks"], strict=True)
        )

    def standings(
        self,
        totals: Sequence[int],
        rounds: Sequence[ScoredRound],
        settings: Mapping[str, Any],
    ) -> tuple[Standing, ...]:
        if not settings["tie_break_by_bids"]:
            return rank(totals)
        bid_sums = [0] * len(totals)
        for scored in rounds:
            for seat, bid in enumerate(counted_bids(scored.entry)):
                bid_sums[seat] += bid
        return rank(totals, bid_sums, "wizard.tie_break_bids")

    def owners(self, at: Sequence[str | int], was: Any, now: Any, seats: int) -> frozenset[int]:
        """A seat's bid or tricks are that seat's; the trump and the Cloud the table's."""
        if at[0] in ("bids", "tricks") and len(at) == 2 and isinstance(at[1], int):
            return frozenset({at[1]})
        return frozenset()

    def field_name(
        self, at: Sequence[str | int], players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A seat's bid or tricks, or the Cloud."""
        if at[0] in ("bids", "tricks") and len(at) > 1 and isinstance(at[1], int):
            key = "wizard.field.bid" if at[0] == "bids" else "wizard.field.tricks"
            return key, {"player": players[at[1]]}
        if at[0] == "cloud":
            return "wizard.field.cloud", {}
        if at[0] == "trump":
            return "wizard.field.trump", {}
        return super().field_name(at, players, entry)

    def change_name(
        self, at: Sequence[str | int], now: Any, players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A bid or tricks set ("Ben's bid of 2") or cleared; the trump turned up ("the trump
        H": a suit's id, said in words by the view) or cleared; the Cloud as a field."""
        if at[0] in _CHANGE_KEYS and len(at) > 1 and isinstance(at[1], int):
            set_key, cleared_key = _CHANGE_KEYS[at[0]]
            if now is None:
                return cleared_key, {"player": players[at[1]]}
            return set_key, {"player": players[at[1]], "value": now}
        if tuple(at) == ("trump",):
            return _trump_change(now)
        return super().change_name(at, now, players, entry)

    sheet_columns = ("wizard.sheet.bid", "wizard.sheet.tricks")

    def sheet_values(self, entry: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
        """Each seat's bid as counted (after any Cloud change) and tricks taken."""
        return tuple(counted_bids(entry)), tuple(entry["tricks"])

    tally_maxima = frozenset({"longest_exact_run"})

    def tallies(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> tuple[dict[str, int], ...]:
        """Per seat: rounds; exact bids; the sum of |bid - tricks|; zero bids and those
        made; the longest run of exact bids; rounds the seat played the Cloud; rounds in
        which the Bomb was played (tricks one short of the cards)."""
        counts = [dict.fromkeys(WIZARD_TALLIES, 0) for _ in range(players)]
        runs = [0] * players
        for scored, info in zip(rounds, infos, strict=True):
            bids, tricks = counted_bids(scored.entry), scored.entry["tricks"]
            bomb = BOMB in special_cards(settings) and sum(tricks) == info.cards - 1
            cloud = scored.entry.get("cloud")
            for seat, count in enumerate(counts):
                exact = bids[seat] == tricks[seat]
                runs[seat] = runs[seat] + 1 if exact else 0
                count["rounds"] += 1
                count["exact"] += exact
                count["off_by"] += abs(bids[seat] - tricks[seat])
                count["zero_bids"] += bids[seat] == 0
                count["zero_made"] += bids[seat] == 0 and exact
                count["longest_exact_run"] = max(count["longest_exact_run"], runs[seat])
                count["cloud_rounds"] += cloud is not None and bool(cloud) and cloud["seat"] == seat
                count["bomb_rounds"] += bomb
        return tuple(counts)

    def figures(self, record: Record) -> WizardFigures:
        """The figures of the record's combined tallies (see `tallies`)."""
        tallies = record.tallies
        rounds = tallies.get("rounds", 0)
        return WizardFigures(
            exact_rate=ratio(tallies.get("exact", 0), rounds),
            average_off=ratio(tallies.get("off_by", 0), rounds),
            zero_bids_made=ratio(tallies.get("zero_made", 0), tallies.get("zero_bids", 0)),
            longest_exact_run=tallies.get("longest_exact_run", 0),
            cloud_rounds=tallies.get("cloud_rounds", 0),
            bomb_rounds=tallies.get("bomb_rounds", 0),
        )


WIZARD_TALLIES = (
    "rounds",
    "exact",
    "off_by",
    "zero_bids",
    "zero_made",
    "longest_exact_run",
    "cloud_rounds",
    "bomb_rounds",
)
RULES = WizardRules()
