"""Edits of a tournament as pure functions: each returns a new Tournament, the old one stays as it was.

The window's undo commands keep the tournament before and after an edit; the rules of what an edit
may do live here, where they can be tested without Qt: pairing, results and byes (as the TRF records
them, C.04 Annex 2), double forfeits, a round pasted from a spreadsheet, players added (none twice),
one field of a player, the event's tie-breaks and their edition of C.07. Games keep the board they were
paired on (:func:`boards`): no edit moves another game of the round to another board. A refused edit
raises :class:`EditError` with a message for the arbiter; a start rank that is not in the event raises
:class:`UnknownPlayerError`, one of them.

The rules live in :mod:`.rounds` (pairings, results, byes, double forfeits), :mod:`.details` (the event's
header, its tie-breaks and the players' details) and :mod:`.paste` (a pasted round); :mod:`.base` holds the errors.
"""

from __future__ import annotations

from fidedesk.core.editing.base import EditError, UnknownPlayerError, player_of
from fidedesk.core.editing.details import (
    AddedPlayers,
    FieldValue,
    PlayerField,
    add_new_players,
    add_player,
    remove_player,
    remove_players,
    set_event_info,
    set_player_field,
    set_tiebreak_rules,
    set_tiebreaks,
)
from fidedesk.core.editing.paste import PastedRound, paste_round
from fidedesk.core.editing.rounds import (
    Board,
    boards,
    double_forfeit,
    entry_for,
    give_bye,
    number_boards,
    pair,
    rounds_count,
    set_board_result,
    set_result,
    unpair,
    without_boards,
)

__all__ = [
    "AddedPlayers",
    "Board",
    "EditError",
    "FieldValue",
    "PastedRound",
    "PlayerField",
    "UnknownPlayerError",
    "add_new_players",
    "add_player",
    "boards",
    "double_forfeit",
    "entry_for",
    "give_bye",
    "number_boards",
    "pair",
    "paste_round",
    "player_of",
    "remove_player",
    "remove_players",
    "rounds_count",
    "set_board_result",
    "set_event_info",
    "set_player_field",
    "set_result",
    "set_tiebreak_rules",
    "set_tiebreaks",
    "unpair",
    "without_boards",
]
