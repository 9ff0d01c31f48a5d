"""core.editing: every edit keeps the pairings consistent (core.pairing.consistency) and leaves the old tournament
as it was."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fidedesk.core.editing import (
    Board,
    EditError,
    FieldValue,
    PlayerField,
    UnknownPlayerError,
    add_new_players,
    add_player,
    boards,
    double_forfeit,
    give_bye,
    pair,
    paste_round,
    remove_player,
    remove_players,
    rounds_count,
    set_board_result,
    set_event_info,
    set_player_field,
    set_result,
    unpair,
)
from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import BirthDate, EventInfo, Player, PlayerRecord, RoundEntry, Tournament
from fidedesk.core.values import board_text


def four() -> Tournament:
    t = Tournament(EventInfo(), ())
    for name, rating in (("A", 2200), ("B", 2100), ("C", 2000), ("D", None)):
        t = add_player(t, Player(0, name, rating))
    return t


def test_add_players_numbers_them() -> None:
    t = four()
    assert [(p.start_rank, p.name) for p in t.players] == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert rounds_count(t) == 0


def test_pair_enter_results_and_mirror() -> None:
    t = pair(pair(four(), 1, 1, 3), 1, 4, 2)
    assert boards(t, 1) == [Board(1, 3, R.PENDING, 1), Board(4, 2, R.PENDING, 2)]
    t = set_result(t, 1, 3, R.LOSS)  # entered from black's side
    t = set_result(t, 1, 4, R.DRAW)
    assert boards(t, 1) == [Board(1, 3, R.WIN, 1), Board(4, 2, R.DRAW, 2)]
    assert t.player(3).rounds[0].result is R.LOSS and t.player(1).rounds[0].result is R.WIN
    assert list(pairing_problems(t.players)) == [] and rounds_count(t) == 1


def test_refused_edits_say_why_and_change_nothing() -> None:
    t = pair(four(), 1, 1, 2, R.WIN)
    with pytest.raises(EditError, match="already paired with 2 in round 1"):
        pair(t, 1, 1, 3)
    with pytest.raises(EditError, match="themselves"):
        pair(t, 2, 3, 3)
    with pytest.raises(EditError, match="games in round 1"):
        remove_player(t, 2)
    with pytest.raises(EditError, match="not a bye"):
        give_bye(t, 1, 3, R.WIN)
    with pytest.raises(EditError, match="not a rating"):
        set_player_field(t, 3, PlayerField.RATING, 5000)
    assert boards(t, 1) == [Board(1, 2, R.WIN, 1)]


def test_byes_unpair_and_remove() -> None:
    t = give_bye(pair(four(), 1, 1, 2, R.DRAW), 1, 3, R.HALF_BYE)
    assert boards(t, 1) == [Board(1, 2, R.DRAW, 1), Board(3, None, R.HALF_BYE, 2)]
    t = set_result(t, 1, 3, R.ZERO_BYE)
    assert t.player(3).rounds[0].result is R.ZERO_BYE
    t = unpair(t, 1, 2)
    assert t.player(1).rounds == () and t.player(2).rounds == ()
    assert [p.name for p in remove_player(t, 4).players] == ["A", "B", "C"]
    assert set_player_field(t, 4, PlayerField.RATING, 1850).player(4).rating == 1850


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.sampled_from([R.WIN, R.DRAW, R.LOSS]))))
def test_any_sequence_of_edits_keeps_pairings_consistent(moves: list[tuple[int, int, R]]) -> None:
    t = four()
    t = add_player(add_player(t, Player(0, "E", 1900)), Player(0, "F", 1800))
    for round_, (a, b, result) in enumerate(moves, start=1):
        before = t
        try:
            t = set_result(pair(t, round_ % 3 + 1, a, b), round_ % 3 + 1, b, result)
        except EditError:
            assert t is before
        assert list(pairing_problems(t.players)) == []


def test_a_double_forfeit_reads_as_one_whoever_comes_first() -> None:
    # player 1 has black against 2, and both lost by forfeit: the board is met from black's side first
    t = four()
    lost = {1: RoundEntry(1, 2, "b", R.FORFEIT_LOSS), 2: RoundEntry(1, 1, "w", R.FORFEIT_LOSS)}
    players = tuple(
        dataclasses.replace(p, rounds=(lost[p.start_rank],)) if p.start_rank in lost else p for p in t.players
    )
    t = dataclasses.replace(t, players=players)
    assert boards(t, 1) == [Board(2, 1, R.FORFEIT_LOSS, 1)]


def six() -> Tournament:
    t = four()
    return add_player(add_player(t, Player(0, "E", 1900)), Player(0, "F"))


# --------------------------------------------------------------------------------------- double forfeits


def test_a_double_forfeit_is_a_loss_on_both_sides() -> None:
    t = double_forfeit(four(), 1, 1, 2)
    assert [e.result for e in (t.player(1).rounds[0], t.player(2).rounds[0])] == [R.FORFEIT_LOSS, R.FORFEIT_LOSS]
    assert t.player(1).score == t.player(2).score == 0
    assert boards(t, 1) == [Board(1, 2, R.FORFEIT_LOSS, 1)] and list(pairing_problems(t.players)) == []
    # a key on the board then enters a normal result for both sides
    assert set_result(t, 1, 1, R.WIN).player(2).rounds[0].result is R.LOSS


def test_a_board_already_paired_the_same_way_becomes_a_double_forfeit() -> None:
    t = double_forfeit(pair(four(), 1, 1, 2, R.WIN), 1, 1, 2)
    assert t.player(2).rounds[0].result is R.FORFEIT_LOSS and t.player(1).rounds[0].result is R.FORFEIT_LOSS


def test_a_double_forfeit_is_refused_where_a_pairing_is() -> None:
    t = pair(four(), 1, 1, 2)
    with pytest.raises(EditError, match="player 2 is already paired with 1 in round 1"):
        double_forfeit(t, 1, 2, 1)  # the other colours: another board
    with pytest.raises(EditError, match="player 1 is already paired with 2"):
        double_forfeit(t, 1, 1, 3)
    with pytest.raises(EditError, match="themselves"):
        double_forfeit(t, 2, 3, 3)


# --------------------------------------------------------------------------------------- results by board


def test_a_result_on_a_board_is_whites_and_mirrored() -> None:
    t = pair(four(), 1, 3, 1)
    t = set_board_result(t, 1, Board(3, 1, R.PENDING, 1), R.FORFEIT_WIN)
    assert t.player(3).rounds[0].result is R.FORFEIT_WIN and t.player(1).rounds[0].result is R.FORFEIT_LOSS


@pytest.mark.parametrize(("key", "bye"), [(R.WIN, R.FULL_BYE), (R.DRAW, R.HALF_BYE), (R.LOSS, R.ZERO_BYE)])
def test_on_a_bye_board_the_result_chooses_the_bye(key: R, bye: R) -> None:
    t = give_bye(four(), 1, 4, R.PAIRING_BYE)
    assert set_board_result(t, 1, Board(4, None, R.PAIRING_BYE, 1), key).player(4).rounds[0].result is bye


@pytest.mark.parametrize("key", [R.FORFEIT_WIN, R.FORFEIT_LOSS, R.PENDING])
def test_a_bye_board_refuses_a_forfeit(key: R) -> None:
    t = give_bye(four(), 1, 4, R.HALF_BYE)
    with pytest.raises(EditError, match="a bye takes 1, = or 0"):
        set_board_result(t, 1, Board(4, None, R.HALF_BYE, 1), key)


def test_a_paired_game_cannot_take_a_bye_nor_a_pairing_a_bye_code() -> None:
    t = pair(four(), 1, 1, 2)
    with pytest.raises(EditError, match="unpair it first"):
        set_result(t, 1, 1, R.HALF_BYE)
    with pytest.raises(EditError, match="half bye is not the result of a game"):
        pair(t, 2, 1, 2, R.HALF_BYE)
    with pytest.raises(EditError, match="no pairing in round 2"):
        set_result(t, 2, 1, R.WIN)


# --------------------------------------------------------------------------------------- unknown players


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: pair(t, 1, 1, 9),
        lambda t: pair(t, 1, 9, 1),
        lambda t: double_forfeit(t, 1, 9, 1),
        lambda t: give_bye(t, 1, 9, R.HALF_BYE),
        lambda t: set_result(t, 1, 9, R.WIN),
        lambda t: set_board_result(t, 1, Board(9, None, R.PENDING, 1), R.WIN),
        lambda t: unpair(t, 1, 9),
        lambda t: remove_player(t, 9),
        lambda t: set_player_field(t, 9, PlayerField.NAME, "Nobody"),
    ],
)
def test_an_unknown_start_rank_is_its_own_error(edit: Callable[[Tournament], Tournament]) -> None:
    with pytest.raises(UnknownPlayerError, match=r"^player 9 is not in the event$") as raised:
        edit(four())
    assert raised.value.start_rank == 9 and isinstance(raised.value, EditError)


def test_players_already_in_the_event_by_fide_id_are_left_out() -> None:
    t = set_player_field(four(), 2, PlayerField.FIDE_ID, 4100018)
    newcomers = [Player(7, "B again", 2100, fide_id=4100018), Player(8, "G", 1700), Player(9, "H", fide_id=0)]
    after, added, left_out = add_new_players(t, newcomers)
    assert [(p.start_rank, p.name) for p in added] == [(5, "G"), (6, "H")] and added == after.players[4:]
    assert left_out == (newcomers[0],) and len(t.players) == 4
    assert add_new_players(after, []).tournament is after


def test_a_fide_id_twice_in_the_players_added_is_added_once() -> None:
    """A list naming one person twice (a workbook's player copied down) gives one player of the event."""
    newcomers = [Player(1, "G", fide_id=7), Player(2, "G copied", fide_id=7), Player(3, "H", fide_id=8)]
    after, added, left_out = add_new_players(four(), newcomers)
    assert [(p.start_rank, p.name) for p in added] == [(5, "G"), (6, "H")] and left_out == (newcomers[1],)
    assert [p.fide_id for p in after.players].count(7) == 1


def test_players_are_removed_all_or_none() -> None:
    t = pair(four(), 1, 1, 2)
    assert [p.start_rank for p in remove_players(t, [3, 4]).players] == [1, 2]
    with pytest.raises(EditError, match="B has games in round 1"):
        remove_players(t, [3, 2])
    assert len(t.players) == 4


# --------------------------------------------------------------------------------------- players' fields


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (PlayerField.NAME, "Anand, Viswanathan"),
        (PlayerField.SEX, "w"),
        (PlayerField.TITLE, "WGM"),
        (PlayerField.FEDERATION, "IND"),
        (PlayerField.FIDE_ID, 5000017),
        (PlayerField.FIDE_ID, None),
        (PlayerField.RATING, 2751),
        (PlayerField.RATING, None),
        (PlayerField.BIRTH, BirthDate(1969, 12, 11)),
        (PlayerField.BIRTH, None),
        (PlayerField.GAMES, 12),
        (PlayerField.EVER_2400, True),
        (PlayerField.K, 20),
        (PlayerField.STANDARD_RATING, 2000),
    ],
)
def test_one_field_of_a_player_changes_and_nothing_else(field: PlayerField, value: FieldValue) -> None:
    t = pair(four(), 1, 1, 2, R.WIN)
    after = set_player_field(t, 1, field, value)
    assert field.of(after.player(1)) == value
    others = [f for f in PlayerField if f is not field]
    assert [f.of(after.player(1)) for f in others] == [f.of(t.player(1)) for f in others]
    assert after.player(1).rounds == t.player(1).rounds and after.players[1:] == t.players[1:]
    assert field.of(t.player(1)) != value or value is None  # the old tournament is as it was


def test_the_k_factors_inputs_are_in_the_record() -> None:
    t = set_player_field(four(), 2, PlayerField.EVER_2400, False)
    t = set_player_field(t, 2, PlayerField.K, 40)
    assert t.player(2).record == PlayerRecord(ever_2400=False, k=40)
    assert {f for f in PlayerField if f.in_record} == {
        PlayerField.GAMES, PlayerField.EVER_2400, PlayerField.K, PlayerField.STANDARD_RATING,
    }  # fmt: skip
    assert {"rating": 1}[PlayerField.RATING] == 1  # a field is its attribute's name, as the rating list names it


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (PlayerField.RATING, "2200"),
        (PlayerField.RATING, True),  # a bool is an int to Python, not a rating
        (PlayerField.EVER_2400, 1),
        (PlayerField.NAME, None),  # an unknown name, sex, title or federation is empty text
        (PlayerField.TITLE, None),
        (PlayerField.BIRTH, 1969),
        (PlayerField.K, 2.5),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused(field: PlayerField, value: object) -> None:
    with pytest.raises(EditError, match=f"is not a value of {field.value}"):
        set_player_field(four(), 1, field, value)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", [PlayerField.RATING, PlayerField.STANDARD_RATING])
@pytest.mark.parametrize("rating", [0, -5, 999, 3001, 4000])
def test_a_rating_out_of_range_is_refused(field: PlayerField, rating: int) -> None:
    with pytest.raises(EditError, match=f"{rating} is not a rating"):
        set_player_field(four(), 1, field, rating)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (PlayerField.FIDE_ID, -5, "-5 is not a FIDE ID (1–99999999999)"),
        (PlayerField.FIDE_ID, 0, "0 is not a FIDE ID"),  # none is None, as the table and the files read it
        (PlayerField.K, 0, "0 is not a K factor (1–100)"),
        (PlayerField.K, 101, "101 is not a K factor"),
        (PlayerField.GAMES, -3, "-3 is not a number of games (0–99999)"),
        (PlayerField.TITLE, "XYZ", "“XYZ” is not a title"),
        (PlayerField.TITLE, "gm", "“gm” is written “GM”"),
        (PlayerField.FEDERATION, "germany", "“germany” is not a federation"),
        (PlayerField.FEDERATION, "ger", "“ger” is written “GER”"),
    ],
)
def test_a_value_breaking_its_rule_is_refused_whoever_sets_it(field: PlayerField, value: object, message: str) -> None:
    """The rating list and the files set fields too: each field keeps the rule core.values gives it."""
    with pytest.raises(EditError, match=f"^{re.escape(message)}"):
        set_player_field(four(), 1, field, value)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------- the event


def test_an_event_cannot_end_before_it_starts() -> None:
    t = four()
    one_day = set_event_info(t, EventInfo(start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 1)))
    assert one_day.info.end == dt.date(2026, 5, 1)
    with pytest.raises(EditError, match="cannot end before it starts"):
        set_event_info(t, EventInfo(start=dt.date(2026, 5, 2), end=dt.date(2026, 5, 1)))
    assert set_event_info(t, EventInfo(end=dt.date(2026, 5, 1))).info.start is None


# --------------------------------------------------------------------------------------- a pasted round


def test_paste_a_round() -> None:
    tournament = six()
    text = "1\t2\t+--\n3\t4\t0-0\n5\tbye\t1\n6\t1\t1-0\n9\t3\t1-0\n4\t3\t0-1\n"
    after, applied, errors = paste_round(tournament, 1, text)
    assert applied == 3
    assert errors == [
        "line 4: player 1 is already paired with 2 in round 1",
        "line 5: player 9 is not in the event",
        "line 6: player 4 is already paired with 3 in round 1",
    ]
    shown = [(b.white, b.black, b.result) for b in boards(after, 1)]
    assert shown == [(1, 2, R.FORFEIT_WIN), (3, 4, R.FORFEIT_LOSS), (5, None, R.PAIRING_BYE)]
    assert after.player(4).rounds[0].result is R.FORFEIT_LOSS  # a double forfeit: both lose
    # the same pairing pasted again sets its result instead of being refused
    again, applied, errors = paste_round(after, 1, "3\t4\t1-0\n1\t2\t0-0")
    assert (applied, errors) == (2, [])
    assert boards(again, 1)[1].result is R.WIN
    assert again.player(1).rounds[0].result is R.FORFEIT_LOSS
    assert again.player(2).rounds[0].result is R.FORFEIT_LOSS
    assert board_text(R.FORFEIT_LOSS, R.FORFEIT_LOSS) == "-/-"


def test_a_pasted_round_without_tabs_and_with_byes() -> None:
    text = "\n1 2 ½-½\n  \n3 - ½\n4\t\t1\n5  bye  0\n"
    pasted = paste_round(six(), 2, text)
    assert (pasted.applied, pasted.errors) == (4, [])
    assert boards(pasted.tournament, 2) == [
        Board(1, 2, R.DRAW, 1), Board(3, None, R.HALF_BYE, 2), Board(4, None, R.PAIRING_BYE, 3),
        Board(5, None, R.ZERO_BYE, 4),
    ]  # fmt: skip


def test_each_bad_pasted_line_says_why() -> None:
    text = "1\t2\t1-0\tx\nx\t2\t1-0\n1\ty\t1-0\n3\t4\t2-0\n5\tbye\t2\n6\t6\t1-0\n1\t2\t0-1\n"
    pasted = paste_round(six(), 1, text)
    assert pasted.applied == 1 and pasted.tournament.player(1).rounds[0].result is R.LOSS
    assert pasted.errors[:3] == [
        "line 1: expected white, black and a result",
        "line 2: “x” is not a start rank",
        "line 3: “y” is not a start rank",
    ]
    assert pasted.errors[3].startswith("line 4: “2-0” is not a result")
    assert pasted.errors[4].startswith("line 5: “2” is not a bye's score")
    assert pasted.errors[5] == "line 6: a player cannot be paired with themselves"
    assert len(pasted.errors) == 6


def test_a_digit_that_is_not_ascii_is_no_start_rank() -> None:
    """ "²" is a digit to Python's isdigit, and int() refuses it: the line is reported, not a crash."""
    assert paste_round(six(), 1, "²\t2\t1-0").errors == ["line 1: “²” is not a start rank"]


def test_a_pasted_unknown_player_is_named_whichever_side() -> None:
    assert paste_round(six(), 1, "7\t9\t1-0").errors == ["line 1: player 7 is not in the event"]
    assert paste_round(six(), 1, "1\t9\t1-0").errors == ["line 1: player 9 is not in the event"]
    assert paste_round(six(), 1, "9\tbye\t1").errors == ["line 1: player 9 is not in the event"]
