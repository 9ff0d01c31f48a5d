"""Irregular Swiss events, generated and paired by fidedesk itself, for properties over every round (a test helper).

``make_event(seed, players=..., rounds=...)`` builds a Swiss as the arbiter would at the desk, through fidedesk's
own edits (:mod:`fidedesk.core.editing`) and its own pairing (:func:`fidedesk.engine.pairing.pair_round`,
FIDE TEC's Dutch engine behind fidedesk's adapter), round by round:

- before each round is paired: half-, full- and zero-point byes requested *ahead* (entered for this round or one
  of the next two, :func:`give_bye`), withdrawals (zero-point byes for every round left, :func:`withdraw`), and
  from round 2 on late entries (players added, :func:`add_player`, with no entry for the rounds they missed);
- the round paired, then its results: games by the players' ratings, forfeits either way (``+``/``-``,
  ``-``/``+``) and double forfeits (``-``/``-``, :func:`double_forfeit`), which gacrux's own generator
  (tests/data/pairing/make_generated.py) never makes.

The same seed makes the same event (the engine is deterministic; every draw comes from ``random.Random(seed)``).
A draw the Dutch rules cannot pair to the end (few players, many byes) is drawn again from the next attempt's
seed, as make_generated.py does. :meth:`IrregularEvent.as_of` gives the event as it stood after any round.
Sizes are small (8-40 players, 5-9 rounds) so that a property can walk some dozens of events in CI.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections import Counter
from collections.abc import Iterator
from typing import Final

from fidedesk.core.editing import add_player, double_forfeit, entry_for, give_bye, set_result
from fidedesk.core.pairing.round import NoLegalPairing, Pairing, apply_pairing
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.pairing.setup_edits import set_initial_colour, withdraw
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, System, Tournament
from fidedesk.engine.pairing import pair_round

#: The sizes a generated event may have (players, rounds).
PLAYERS: Final = range(8, 41)
ROUNDS: Final = range(5, 10)
#: Seeds of the attempts after the first: ``seed + ATTEMPT_STRIDE × attempt``.
ATTEMPT_STRIDE: Final = 1_000_003
ATTEMPTS: Final = 50


@dataclasses.dataclass(frozen=True)
class Odds:
    """How irregular one event is: the chance of each irregularity, drawn once per event from its seed."""

    requested_bye: float  # a player asks for a bye, each time a round is prepared
    withdrawal: float  # a player withdraws, each time a round is prepared
    forfeit: float  # a board ends in a forfeit, one way or the other
    double_forfeit: float  # a board ends in a double forfeit
    late_entries: int  # players who join before round 2 or 3


@dataclasses.dataclass(frozen=True)
class IrregularEvent:
    """A generated event: ``before[k]`` is the event as it stood just before round k + 1 was paired (the results
    of rounds 1..k entered, the byes requested for round k + 1 and later and the late entries so far in),
    ``pairings[k]`` fidedesk's pairing of round k + 1 from ``before[k]`` (:func:`pair_round`), ``paired[k]`` the
    event with it applied (results still to come); ``final`` the event after its last round."""

    seed: int
    odds: Odds
    before: tuple[Tournament, ...]
    pairings: tuple[Pairing, ...]
    paired: tuple[Tournament, ...]
    final: Tournament
    #: (start rank, the first round missed) of each withdrawal, and (start rank, the first round) of each late entry.
    withdrawals: tuple[tuple[int, int], ...] = ()
    late_entries: tuple[tuple[int, int], ...] = ()

    @property
    def rounds(self) -> int:
        return len(self.before)

    def as_of(self, k: int, *, next_paired: bool = False) -> Tournament:
        """The event after round ``k`` (0: before round 1): results of rounds 1..k entered and every entry
        ahead that was in then; with ``next_paired`` round k + 1 paired too (its results not entered).
        After the last round, the final event."""
        if not 0 <= k <= self.rounds:
            raise ValueError(f"round {k}: the event has rounds 0-{self.rounds}")
        if k == self.rounds:
            return self.final
        return (self.paired if next_paired else self.before)[k]

    def stages(self) -> Iterator[tuple[int, Tournament]]:
        """(k, the event before round k + 1 was paired) for each round k + 1 that was paired."""
        return enumerate(self.before)

    def tally(self) -> Counter[str]:
        """How many of each irregularity the event holds: ``double forfeit``, ``forfeit`` (boards), each kind
        of bye (entries), ``requested ahead`` (byes entered before the round before theirs was paired),
        ``double forfeit before a round`` (rounds paired after one), ``withdrawal``, ``late entry``."""
        found: Counter[str] = Counter()
        for player in self.final.players:
            for entry in player.rounds:
                if entry.result.is_bye:
                    found[entry.result.name.lower().replace("_", " ")] += 1
                elif entry.color == "w" and entry.result in (R.FORFEIT_WIN, R.FORFEIT_LOSS):
                    back = entry_for(self.final.player(entry.opponent or 0), entry.round)
                    double = back is not None and back.result is R.FORFEIT_LOSS is entry.result
                    found["double forfeit" if double else "forfeit"] += 1
        for k, event in self.stages():
            found["requested ahead"] += sum(
                e.round > k + 1 and e.result.is_bye for p in event.players for e in p.rounds
            )
            found["double forfeit before a round"] += any(
                e.result is R.FORFEIT_LOSS and e.opponent is not None and e.round <= k and e.color == "w"
                and (back := entry_for(event.player(e.opponent), e.round)) is not None
                and back.result is R.FORFEIT_LOSS
                for p in event.players for e in p.rounds
            )  # fmt: skip
        found["withdrawal"] = len(self.withdrawals)
        found["late entry"] = len(self.late_entries)
        return found


def make_event(seed: int, *, players: int = 16, rounds: int = 7) -> IrregularEvent:
    """The irregular Swiss of ``players`` players (before late entries) and ``rounds`` rounds drawn from ``seed``:
    the first attempt the Dutch rules can pair to the end."""
    if players not in PLAYERS or rounds not in ROUNDS:
        raise ValueError(f"{players} players, {rounds} rounds: generated events have {PLAYERS} and {ROUNDS}")
    for attempt in range(ATTEMPTS):
        try:
            return _event(seed, seed + ATTEMPT_STRIDE * attempt, players, rounds)
        except NoLegalPairing:
            continue
    raise RuntimeError(f"seed {seed}: no draw of {ATTEMPTS} could be paired to the end")


def _event(seed: int, drawn: int, players: int, rounds: int) -> IrregularEvent:
    draw = random.Random(drawn)
    odds = Odds(
        requested_bye=draw.uniform(0.0, 0.06),
        withdrawal=draw.uniform(0.0, 0.02),
        forfeit=draw.uniform(0.0, 0.08),
        double_forfeit=draw.uniform(0.02, 0.10),
        late_entries=draw.choice([0, 0, 1, 2]),
    )
    ratings = sorted((draw.randint(1200, 2500) for _ in range(players)), reverse=True)
    info = EventInfo(name=f"Irregular {seed}", start=dt.date(2026, 3, 1), system=System.SWISS, rounds=rounds)
    event = Tournament(info, tuple(Player(rank, f"Player {rank}", rating) for rank, rating in enumerate(ratings, 1)))
    event = set_initial_colour(event, draw.choice(list(InitialColour)))
    joining = [draw.randint(2, 3) for _ in range(odds.late_entries)]
    before: list[Tournament] = []
    pairings: list[Pairing] = []
    paired: list[Tournament] = []
    withdrawals: list[tuple[int, int]] = []
    late_entries: list[tuple[int, int]] = []
    for number in range(1, rounds + 1):
        for late in range(joining.count(number)):
            event = add_player(event, Player(0, f"Late {number}.{late + 1}", draw.randint(1200, 2200)))
            late_entries.append((event.players[-1].start_rank, number))
        event = _requests(event, number, draw, odds, withdrawals)
        before.append(event)
        pairings.append(pair_round(event, number))
        event = apply_pairing(event, pairings[-1])
        paired.append(event)
        event = _results(event, number, draw, odds)
    return IrregularEvent(
        seed, odds, tuple(before), tuple(pairings), tuple(paired), event, tuple(withdrawals), tuple(late_entries)
    )


#: The byes a player asks for, and how often of each kind: mostly half-point ones.
_REQUESTED: Final = (R.HALF_BYE, R.HALF_BYE, R.HALF_BYE, R.ZERO_BYE, R.FULL_BYE)


def _requests(
    event: Tournament, number: int, draw: random.Random, odds: Odds, withdrawals: list[tuple[int, int]]
) -> Tournament:
    """Before round ``number`` is paired: byes asked for this round or one of the next two, and withdrawals
    from this round on (added to ``withdrawals``). At least four players are left without an entry for the
    round, to be paired."""
    last = event.info.rounds or number
    for rank in [player.start_rank for player in event.players]:
        if sum(entry_for(p, number) is None for p in event.players) <= 4:
            break
        if draw.random() < odds.withdrawal and entry_for(event.player(rank), number) is None:
            event = withdraw(event, rank, number)
            withdrawals.append((rank, number))
        elif draw.random() < odds.requested_bye:
            ahead = draw.randint(number, min(last, number + 2))
            if entry_for(event.player(rank), ahead) is None:
                event = give_bye(event, ahead, rank, draw.choice(_REQUESTED))
    return event


def _results(event: Tournament, number: int, draw: random.Random, odds: Odds) -> Tournament:
    """Round ``number``'s results: a double forfeit, a forfeit either way, or a game by the ratings (C.04's
    expected score, a third of the close games drawn)."""
    for player in event.players:
        entry = entry_for(player, number)
        if entry is None or entry.opponent is None or entry.color != "w":
            continue
        white, black = player.start_rank, entry.opponent
        chance = draw.random()
        if chance < odds.double_forfeit:
            event = double_forfeit(event, number, white, black)
        elif chance < odds.double_forfeit + odds.forfeit:
            event = set_result(event, number, white, draw.choice([R.FORFEIT_WIN, R.FORFEIT_LOSS]))
        else:
            event = set_result(event, number, white, _game(player, event.player(black), draw))
    return event


def _game(white: Player, black: Player, draw: random.Random) -> R:
    """White's result of a game between the two: White's expected score from the rating difference."""
    expected = 1 / (1 + 10 ** (((black.rating or 1400) - (white.rating or 1400)) / 400))
    drawn = 0.35 * (1 - abs(2 * expected - 1))
    chance = draw.random()
    if chance < drawn:
        return R.DRAW
    return R.WIN if chance < drawn + (1 - drawn) * expected else R.LOSS
