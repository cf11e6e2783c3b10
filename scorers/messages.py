"""English text for every message key. Views translate by key and fill in the params.

ERRORS: InvalidEntry keys. FIELDS: names of an entry's fields (GameRules.field_name).
CHANGES: a tap's change to a field (GameRules.change_name).
REMINDERS: RoundInfo.reminder keys. NOTES: Standing.note keys.
"""

ERRORS: dict[str, str] = {
    # shapes of entries and actions (corrupt data rather than a player's slip)
    "entry.not_mapping": "The {what} entry is not in the expected form.",
    "entry.unknown_field": "The {what} entry has an unknown field '{field}'.",
    "entry.missing_field": "The {what} entry lacks the field '{field}'.",
    "entry.not_list": "'{field}' must be a list.",
    "entry.wrong_length": "'{field}' must hold {expected} items, not {actual}.",
    "action.not_object": "This is not a recorded action.",
    "action.kind_unknown": "'{kind}' is not a kind of action.",
    "action.not_json": "The {kind} action holds a value that cannot be saved: {value}.",
    "action.too_deep": "The {kind} action nests its values more than {limit} levels deep.",
    "action.field_missing": "The {kind} action lacks the field '{field}'.",
    "action.field_unknown": "The {kind} action has an unknown field '{field}'.",
    "action.field_type": "The {kind} action's field '{field}' has the wrong type.",
    # players and seats
    "game.unknown": "'{game}' is not a game this pad knows.",
    "players.not_list": "The players must be given as a list of names.",
    "players.count": "{game} is played by {low} to {high} players, not {count}.",
    "players.count_exact": "{game} is played by exactly {low} players, not {count}.",
    "players.name_empty": "Player {seat} needs a name.",
    "players.name_taken": "Two players cannot both be called {name}.",
    "players.name_too_long": "Player {seat}'s name is too long: at most {limit} characters.",
    "players.name_bad_character": "Player {seat}'s name holds an invisible or control "
    "character ({code}); please type it again.",
    "players.seat_invalid": "There is no seat {seat} at a table of {players}.",
    # settings
    "settings.not_mapping": "The settings are not in the expected form.",
    "settings.unknown": "{game} has no setting called '{name}'.",
    "settings.not_on_off": "The setting '{name}' is either on or off, not {value}.",
    "settings.not_positive": "The setting '{name}' must be a whole number above 0, not {value}.",
    "settings.not_an_option": "The setting '{name}' must be one of {options}, not {value}.",
    # rounds and the ledger
    "round.invalid": "There is no round {number}: rounds are numbered from 1.",
    "round.beyond_game": "There is no round {number}: this game has {rounds} rounds.",
    "ledger.empty": "There is nothing to replay: a game starts with its setup.",
    "ledger.start_first": "A game must begin with its setup.",
    "ledger.start_again": "This game has already been set up.",
    "ledger.replay_failed": "Step {number} ({kind}) of this game cannot be replayed: {reason}",
    "ledger.game_over": "The game is over: only past rounds can still be corrected.",
    "ledger.round_not_current": "Round {round} cannot be entered yet: round {current} comes first.",
    "ledger.draft_not_current": "Only the current round ({current}) can be drafted, not "
    "round {round}.",
    "ledger.nothing_to_undo": "There is nothing to undo.",
    "ledger.nothing_to_redo": "There is nothing to redo.",
    "ledger.too_long": "This game has reached the most steps one game can record ({limit}): "
    "nothing more can be entered. Start a new game to play on (a rematch keeps the players).",
    # two phones on one game (merge or refuse)
    "merge.field_changed": "{field} was changed on another phone meanwhile; this phone now "
    "shows what was saved there.",
    "merge.round_scored": "Round {round} was scored on another phone meanwhile; this phone now "
    "shows the game as saved.",
    "merge.round_changed": "Round {round} was changed on another phone before it was scored "
    "here: check it and score again.",
    "merge.correction_changed": "Round {round} was corrected on another phone meanwhile: "
    "check it and correct it again.",
    "merge.undo_moved": "The game was changed on another phone meanwhile, so nothing was "
    "undone: check what to take back and undo again.",
    "merge.redo_moved": "The game was changed on another phone meanwhile, so nothing was redone.",
    "merge.names_changed": "The names were changed on another phone meanwhile: check them "
    "and rename again.",
    # Wizard
    "wizard.bid_not_possible": "A bid of {value} is not possible: bids are whole numbers "
    "from 0 to {cards}.",
    "wizard.tricks_not_possible": "{value} tricks are not possible: tricks are whole numbers "
    "from 0 to {cards}.",
    "wizard.cards_not_possible": "A hand of {value} cards is not possible in Wizard: hands "
    "hold 1 to {high} cards.",
    "wizard.too_many_bids": "{count} other bids are too many: at most {high} players bid "
    "before the dealer.",
    "wizard.bid_out_of_range": "Bids must be whole numbers from 0 to {cards}: {player} "
    "cannot bid {value}.",
    "wizard.tricks_out_of_range": "Tricks must be whole numbers from 0 to {cards}: {player} "
    "cannot have taken {value}.",
    "wizard.hook_forbidden_bid": "Bids may not total {cards}: {player} may not bid {value}.",
    "wizard.canadian_forbidden_bid": "{player} leads alone, so the bids may not total "
    "{cards}: {player} may not bid {value} (0 is always allowed).",
    "wizard.bid_missing": "{player} has not bid yet.",
    "wizard.tricks_missing": "{player}'s tricks are not entered yet.",
    "wizard.tricks_too_many": "Tricks entered: {total} of the {cards} played this round, "
    "{off} too many.",
    "wizard.tricks_total": "Tricks entered: {total} of the {cards} played this round, "
    "{off} missing.",
    "wizard.tricks_total_bomb": "Tricks entered: {total}; they must add up to {cards}, "
    "or {less} if the Bomb was played.",
    "wizard.cloud_off": "The Cloud is not in play in this game.",
    "wizard.cloud_change_invalid": "The Cloud changes {player}'s bid by one, up or down, "
    "not by {value}.",
    "wizard.cloud_bid_out_of_range": "The Cloud cannot change {player}'s bid from {bid} to "
    "{value}: bids are whole numbers from 0 to {cards}.",
    "wizard.round_sizes_invalid": "Hand sizes must be whole numbers between 1 and {high}, "
    "one per round, separated by commas (1, 3, 5).",
    "wizard.round_size_out_of_range": "Hand sizes must be between 1 and {high}: a hand of "
    "{value} is not possible.",
    # Plotters
    "plotters.colour_unknown": "'{value}' is not a colour: the colours are blue, green, red "
    "and yellow.",
    "plotters.count_not_possible": "{value} {colour} cards is not possible: counts are "
    "whole numbers of 0 or more.",
    "plotters.count_invalid": "Counts are whole numbers of 0 or more: {player} cannot have "
    "{value} {colour} cards.",
    "plotters.count_too_high": "{player} cannot have {value} {colour} cards: only {high} are "
    "in play.",
    "plotters.colour_total_too_high": "The players have {value} {colour} cards together, but "
    "only {high} are in play.",
    "plotters.face_up_not_possible": "{value} is not a pair of face-up colours.",
    "plotters.face_up_invalid": "{player}'s face-up colours must be two of blue, green, red "
    "and yellow, not {value}.",
    "plotters.face_up_same_colour": "The two face-up colours must differ, not both {colour}.",
    "plotters.face_up_same": "{player}'s two face-up colours must differ, not both {colour}.",
    "plotters.face_up_required": "{player} has all four colours: choose the two that stay face up.",
    "plotters.face_up_one": "{player} has one face-up colour ({colour}): choose the second.",
    "plotters.ended_early_invalid": "Whether the round ended early must be yes or no, not {value}.",
    "plotters.total_cards": "The players hold {total} cards together, but a full round "
    "shares out {full}.",
    "plotters.total_cards_early": "The players hold {total} cards together: a round that "
    "ended early holds fewer than {full}, a multiple of {players}.",
    "plotters.card_invalid": "'{card}' is not a card: write a colour and a number, like blue7.",
    "plotters.card_not_in_play": "{card} is not in play: {colour} runs from 1 to {high}.",
    "plotters.card_twice": "{card} cannot be played twice in one trick.",
    "plotters.fourth_colour": "{card} cannot be played: the trick already holds three colours.",
    "plotters.trick_size": "A trick holds one card per player ({players}), not {count}.",
    # Colour-blind
    "colour_blind.card_invalid": "'{card}' is not a card: write a rank (A, 2-10, J, Q, K) and "
    "a suit (S, H, D, C), like 10H.",
    "colour_blind.row_duplicate": "{card} is in the row twice.",
    "colour_blind.row_length": "The row holds 13 cards, not {count}.",
    "colour_blind.trick_duplicate": "{card} cannot be played twice in one trick.",
    "colour_blind.trick_size": "A trick holds 1 to 3 cards, not {count}.",
    "colour_blind.captured_twice": "{card} cannot be captured twice.",
    "colour_blind.good_invalid": "The good colour is red or black, not {value}.",
    "colour_blind.card_not_captured": "Nobody has captured {card} yet: every row card goes "
    "to one player.",
    "colour_blind.captor_invalid": "{card} is captured by seat {seat}, but there are only "
    "seats 0 to 2.",
    "colour_blind.nothing_to_capture": "Every card of the row has been captured already.",
}

# Fields of a round's entry, named for a message ("Ben's bid was changed on another phone").
FIELDS: dict[str, str] = {
    "field.entry": "This round's entry",
    "wizard.field.bid": "{player}'s bid",
    "wizard.field.tricks": "{player}'s tricks",
    "wizard.field.cloud": "The Cloud",
    "plotters.field.count": "{player}'s {colour} cards",
    "plotters.field.face_up": "{player}'s face-up colours",
    "plotters.field.ended_early": "Whether the round ended early",
    "colour_blind.field.row": "The row",
    "colour_blind.field.captor": "Who took {card}",
}

# A tap's change to a field, named for undo and redo ("Undo Ben's bid of 2 in round 4");
# the text goes through the catalog's formatting only, so it may hold plural blocks.
CHANGES: dict[str, str] = {
    "wizard.change.bid": "{player}'s bid of {value}",
    "wizard.change.bid_cleared": "clearing {player}'s bid",
    "wizard.change.tricks": "{player}'s {value, plural, one {# trick} other {# tricks}}",
    "wizard.change.tricks_cleared": "clearing {player}'s tricks",
    "colour_blind.change.captor": "{player} taking {card}",
    "colour_blind.change.captor_cleared": "{card} going back to the row",
}

REMINDERS: dict[str, str] = {
    "wizard.trump": "{dealer} deals {cards} each and turns up the next card for trump "
    "(a Wizard: {dealer} picks a suit; a Jester: no trump). {first} bids first and leads.",
    "wizard.no_trump": "Every card is dealt ({cards} each): no trump this round. {first} "
    "bids first and leads.",
    "plotters.trick": "{first} leads. The led colour is trump for the trick; highest trump "
    "picks {picks} cards, lowest other card takes the rest and leads next.",
    "colour_blind.row": "{dealer} deals four hands; the table's hand goes face up in a row. "
    "More reds or more blacks decides the good colour. {first} leads.",
}

NOTES: dict[str, str] = {
    "wizard.tie_break_bids": "Tied on points; ranked by bids over the game ({value}).",
}
