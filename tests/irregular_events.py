"""A hypothesis strategy for irregular Swiss events, made without a pairing engine (fast): forfeits, double
forfeits, pairing-allocated byes, half-, full- and zero-point byes (some requested ahead, for rounds not paired
yet), withdrawals (``core.pairing.setup_edits.withdraw``: a zero-point bye in every round from the one named), late
entries (no entries for the rounds missed) and a round in progress (paired, its results ``?``).

An event is built by the core's own edits in the order an arbiter makes them, round after round: the requests
before the round (byes, a withdrawal), the pairing (games pending, a ``U`` for the odd player), the results.
:meth:`IrregularEvent.as_of` replays that story up to round ``k``: the results of rounds 1 to ``k`` entered, the
requests made before round ``k + 1`` entered (some for later rounds: entries ahead), round ``k + 1`` maybe paired
with its results pending (now and then a few of them entered: the round in progress). Every event made is
checked with ``core.pairing.consistency``' consistency checks.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from fidedesk.core.editing import add_player, double_forfeit, give_bye, pair, set_result
from fidedesk.core.pairing.consistency import board_problems, colour_clashes, pairing_problems
from fidedesk.core.pairing.setup_edits import withdraw
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tiebreaks.codes import TieBreak, TieBreakRules, parse_tiebreaks
from fidedesk.core.tournament import EventInfo, Player, Tournament

#: Tie-break lists the events choose among: None is the system's defaults; the others cover every kind the
#: front ends show (counts, ratings, averages, DE, cuts and modifiers).
TIEBREAK_CHOICES: tuple[tuple[TieBreak, ...] | None, ...] = (
    None,
    parse_tiebreaks("BH-C1 BH SB DE WIN"),
    parse_tiebreaks("BPG ARO AOB PS KS FB"),
    parse_tiebreaks("DE BH SB-C1 ARO-C1 BH-M1 WIN"),
    parse_tiebreaks("FB-C1 PS-C1 KS AOB BPG"),
)

#: A game's result for white, by weight: wins, draws and losses most often, then forfeits (one side), double
#: forfeits, and games of less than one move.
_RESULTS = (
    (R.WIN, 30), (R.DRAW, 20), (R.LOSS, 30), (R.FORFEIT_WIN, 4), (R.FORFEIT_LOSS, 4), (None, 6),
    (R.WIN_UNPLAYED, 2), (R.DRAW_UNPLAYED, 2), (R.LOSS_UNPLAYED, 2),
)  # fmt: skip
_REQUESTED = (R.HALF_BYE, R.FULL_BYE, R.ZERO_BYE)

#: One edit of the story: a function of the tournament.
Edit = Callable[[Tournament], Tournament]


@dataclasses.dataclass(frozen=True)
class RoundStory:
    """What happens around one round: the requests entered before it is paired (byes for it or later rounds,
    withdrawals), its pairing (games pending, byes ``U``) and its results, each a list of edits."""

    requests: tuple[Edit, ...]
    pairing: tuple[Edit, ...]
    results: tuple[Edit, ...]


@dataclasses.dataclass(frozen=True)
class IrregularEvent:
    """A generated event's whole story, and the round ``k`` it is looked at after (results of 1 to ``k`` in)."""

    start: Tournament  # the players registered, nothing paired
    story: tuple[RoundStory, ...]  # one per round
    k: int
    next_paired: bool  # whether round k + 1 is paired (pending) as of k
    entered: int = 0  # results of round k + 1 entered already (the others pending), when it is paired

    def __repr__(self) -> str:
        # the event itself, not the edits' closures: a failing example is read as its TRF-like story
        told = f"k={self.k}, next_paired={self.next_paired}, entered={self.entered}"
        return f"IrregularEvent({told}):\n{story_text(self.event)}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # hypothesis prints a failing example with its own printer, which would list the edits' closures
        printer.text(repr(self))

    @property
    def rounds(self) -> int:
        return len(self.story)

    def as_of(self, k: int, next_paired: bool, entered: int = 0) -> Tournament:
        """The event after round ``k``'s results: the requests before round ``k + 1`` entered (entries ahead),
        and round ``k + 1`` paired with its results pending when ``next_paired``, the first ``entered`` of them
        entered already."""
        tournament = self.start
        for number, told in enumerate(self.story, 1):
            if number > k + 1:
                break
            edits = told.requests
            if number <= k:
                edits += told.pairing + told.results
            elif next_paired:
                edits += told.pairing + told.results[:entered]
            for edit in edits:
                tournament = edit(tournament)
        check_consistent(tournament)
        return tournament

    @property
    def played(self) -> int:
        """The rounds played as of :attr:`event`: ``k``, or ``k + 1`` once some result of it is in."""
        return self.k + 1 if self.entered else self.k

    @property
    def event(self) -> Tournament:
        """The event as of round :attr:`k`."""
        return self.as_of(self.k, self.next_paired, self.entered)

    @property
    def finished(self) -> Tournament:
        """The whole story: every round paired and entered."""
        return self.as_of(self.rounds, False)


def check_consistent(tournament: Tournament) -> None:
    """Every game recorded the same way by both players, one White and one Black, one board each."""
    players = tournament.players
    assert not list(pairing_problems(players)), list(pairing_problems(players))
    assert not colour_clashes(players)
    assert not list(board_problems(players))
    for player in players:
        rounds = [entry.round for entry in player.rounds]
        assert rounds == sorted(set(rounds)), (player.start_rank, rounds)


def story_text(tournament: Tournament) -> str:
    """One line per player: start rank, rating and each round's entry (``r3 12w1``, ``r5 -H``), to read a
    failing example."""
    info = tournament.info
    lines = [f"rounds={info.rounds} tiebreaks={info.tiebreaks} rules={info.tiebreak_rules} start={info.start}"]
    for player in tournament.players:
        cells = [f"r{e.round} {e.opponent or '-'}{e.color or ''}{e.result.value}" for e in player.rounds]
        lines.append(f"{player.start_rank:3} {player.rating or 'unrated':>7}  " + "  ".join(cells))
    return "\n".join(lines)


def without_entries_after(tournament: Tournament, k: int) -> Tournament:
    """The event with no entry for a round after ``k`` (no request ahead, no round in progress)."""
    players = tuple(
        dataclasses.replace(player, rounds=tuple(entry for entry in player.rounds if entry.round <= k))
        for player in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def _edit(function: Callable[..., Tournament], *arguments: object) -> Edit:
    """One of core.editing's edits with its arguments after the tournament."""
    return lambda tournament: function(tournament, *arguments)


def _story(chance: random.Random, players: int, rounds: int, late: dict[int, int]) -> tuple[RoundStory, ...]:
    """The story of the event, worked out on a shadow of it: who is present, scores, opponents met."""
    score = dict.fromkeys(range(1, players + 1), 0)  # half points
    met: dict[int, set[int]] = {rank: set() for rank in score}
    booked: dict[int, set[int]] = {rank: set() for rank in score}  # rounds with a bye or withdrawal entered
    withdrawn: dict[int, int] = {}
    had_pairing_bye: set[int] = set()
    story = []
    for number in range(1, rounds + 1):
        requests: list[Edit] = []
        active = [rank for rank in score if rank not in withdrawn]
        for rank in active:
            if chance.random() < 0.08:
                ahead = chance.choice(range(number, rounds + 1))
                if ahead not in booked[rank] and not (rank in late and ahead < late[rank]):
                    booked[rank].add(ahead)
                    code = chance.choice(_REQUESTED)
                    requests.append(_edit(give_bye, ahead, rank, code))
        if len(active) > 6 and chance.random() < 0.3:
            rank = chance.choice(active)
            start = chance.choice(range(number, rounds + 1))
            if not all(later in booked[rank] for later in range(start, rounds + 1)):
                withdrawn[rank] = start
                booked[rank].update(range(start, rounds + 1))
                requests.append(_edit(withdraw, rank, start))
        present = [rank for rank in score if number not in booked[rank] and late.get(rank, 1) <= number]
        pairing: list[Edit] = []
        results: list[Edit] = []
        # a Swiss of sorts: by score, then start rank; each takes the first below not met yet
        waiting = sorted(present, key=lambda rank: (-score[rank], rank))
        if len(waiting) % 2:
            odd = next((rank for rank in reversed(waiting) if rank not in had_pairing_bye), waiting[-1])
            waiting.remove(odd)
            had_pairing_bye.add(odd)
            score[odd] += 2
            pairing.append(_edit(give_bye, number, odd, R.PAIRING_BYE))
        while waiting:
            first = waiting.pop(0)
            second = next((rank for rank in waiting if rank not in met[first]), waiting[0])
            waiting.remove(second)
            met[first].add(second)
            met[second].add(first)
            white, black = (first, second) if chance.random() < 0.5 else (second, first)
            pairing.append(_edit(pair, number, white, black))
            result = chance.choices([code for code, _ in _RESULTS], [weight for _, weight in _RESULTS])[0]
            if result is None:
                results.append(_edit(double_forfeit, number, white, black))
            else:
                score[white] += result.halves
                score[black] += result.mirrored().halves
                results.append(_edit(set_result, number, white, result))
        story.append(RoundStory(tuple(requests), tuple(pairing), tuple(results)))
    return tuple(story)


@st.composite
def irregular_events(
    draw: st.DrawFn, min_players: int = 8, max_players: int = 30, min_rounds: int = 3, max_rounds: int = 9
) -> IrregularEvent:
    """An irregular Swiss (see the module's docstring) and a round ``k`` from 1 to its last to look at it after."""
    players = draw(st.integers(min_players, max_players), label="players")
    rounds = draw(st.integers(min_rounds, max_rounds), label="rounds")
    k = draw(st.integers(1, rounds), label="k")
    next_paired = k < rounds and draw(st.booleans(), label="next paired")
    tiebreaks = draw(st.sampled_from(TIEBREAK_CHOICES), label="tiebreaks")
    rules = draw(st.sampled_from((None, *TieBreakRules)), label="rules")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    chance = random.Random(seed)
    start = chance.choice((dt.date(2025, 6, 1), dt.date(2026, 6, 1)))
    info = EventInfo(name="Irregular open", start=start, rounds=rounds, tiebreaks=tiebreaks, tiebreak_rules=rules)
    tournament = Tournament(info, ())
    for number in range(1, players + 1):
        rating = None if chance.random() < 0.15 else chance.randrange(1400, 2600)
        tournament = add_player(tournament, Player(0, f"Player {number}", rating, federation="ESP"))
    late = {rank: chance.randrange(2, rounds + 1) for rank in range(1, players + 1) if chance.random() < 0.1}
    story = _story(chance, players, rounds, late)
    # a round in progress has some results in now and then: the event is then after round k + 1 (its games
    # still to finish count as games without points so far, core.tiebreaks.event)
    entered = (
        draw(st.integers(0, len(story[k].results)), label="entered") if next_paired and chance.random() < 0.3 else 0
    )
    return IrregularEvent(tournament, story, k, next_paired, entered)
