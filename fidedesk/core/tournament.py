"""The tournament as the rating rules see it: event data, players, their rounds.

Frozen records: a reader builds one, the rating functions read it, nothing mutates it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
from collections.abc import Iterator
from fractions import Fraction

from fidedesk.core.norms.rules import EventType
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import TieBreak, TieBreakRules, default_tiebreaks, rules_for_date

#: FIDE's titles a player can hold (``Player.title``): the open ones, then the women's.
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")

#: The letters FIDE's rating-list legend and old TRF files write for the titles.
_TITLE_LETTERS = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def title_code(text: str) -> str:
    """A title as a file writes it (``GM``, ``gm``, the legend's ``g``) in FIDE's form, ``GM``; any
    other text upper-cased, for the reader to judge."""
    text = text.strip()
    return _TITLE_LETTERS.get(text.lower(), text.upper())


class RatingKind(enum.Enum):
    """Which of FIDE's three lists an event is rated for."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class System(enum.Enum):
    """Pairing system of the event, as far as the rating rules care."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    MATCH = "match"
    TEAM_SWISS = "team-swiss"

    @property
    def is_round_robin(self) -> bool:
        return self in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN)


class ArbiterLicence(enum.Enum):
    """An arbiter's title: International or FIDE Arbiter (FIDE B.06), or a national arbiter. B.01 1.1.5: the
    chief arbiter of a title tournament is an IA or an FA."""

    IA = "IA"
    FA = "FA"
    NA = "NA"

    @property
    def is_fide(self) -> bool:
        """Whether the licence is one of FIDE's own (B.01 1.1.5)."""
        return self is not ArbiterLicence.NA


@dataclasses.dataclass(frozen=True)
class BirthDate:
    """A birth date as real files give it: often only the year is known."""

    year: int
    month: int | None = None
    day: int | None = None

    def __str__(self) -> str:
        return f"{self.year:04d}/{self.month or 0:02d}/{self.day or 0:02d}"


@dataclasses.dataclass(frozen=True)
class PlayerRecord:
    """What the K-factor depends on (FIDE 8.3.3), as known before the event.

    ``games`` is the number of rated games the player had completed before this event (None when
    unknown); ``ever_2400`` whether a published rating of theirs ever reached 2400; ``k`` a K set by
    hand (or taken from the rating list), which overrides the inference.
    """

    games: int | None = None
    ever_2400: bool | None = None
    k: int | None = None
    #: A standard rating, used in rapid and blitz by a player with no rating of that kind (R&B 7.2.1).
    standard_rating: int | None = None


#: The record of a player of whom nothing is known beyond the rating.
UNKNOWN_RECORD = PlayerRecord()


@dataclasses.dataclass(frozen=True)
class RoundEntry:
    """One player's round: opponent's start rank (None for a bye), colour, result code and board.

    ``board`` is the game's number in its round, the same on both players' entries: boards keep the
    number in which they were paired (the order of a pairing sheet, or of the Berger tables of C.05
    Annex 1), not an order worked out from start ranks. None for a bye, and for a game whose file gave
    no board (TRF has no place for one): such boards follow the numbered ones (core.editing.boards).
    """

    round: int
    opponent: int | None
    color: str | None
    result: ResultCode
    board: int | None = None


def is_pairing(entry: RoundEntry) -> bool:
    """Whether a round entry is the pairing's (a game, or the pairing-allocated bye), not a bye or absence
    entered before pairing."""
    return entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE


@dataclasses.dataclass(frozen=True)
class Player:
    """A tournament participant. ``rating`` None means unrated (FIDE 7.1: no published rating)."""

    start_rank: int
    name: str
    rating: int | None = None
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    birth: BirthDate | None = None
    points: Fraction | None = None
    rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()
    record: PlayerRecord = UNKNOWN_RECORD

    @property
    def is_rated(self) -> bool:
        return self.rating is not None

    @property
    def score(self) -> Fraction:
        """Points from every entry the player has, rounds not played yet included (a bye requested for a later
        round, a withdrawal's zero-point byes): the points a finished event's file reports. The points of the
        event as it stands are :meth:`Tournament.points`."""
        return Fraction(sum(entry.result.halves for entry in self.rounds), 2)

    def entries_before(self, round_: int) -> tuple[RoundEntry, ...]:
        """The entries of the rounds before ``round_``: the player's record as it stood when it was paired."""
        return tuple(entry for entry in self.rounds if entry.round < round_)

    def halves_before(self, round_: int) -> int:
        """Half points from the rounds before ``round_``, as a whole number (for sorting many boards)."""
        return sum(entry.result.halves for entry in self.rounds if entry.round < round_)

    def score_after(self, round_: int) -> Fraction:
        """Points from rounds 1 to ``round_``: the standings after that round see no entry of a later one."""
        return Fraction(self.halves_before(round_ + 1), 2)

    def score_before(self, round_: int) -> Fraction:
        """Points from the rounds before ``round_``: the score a Swiss round is paired on (C.04), and the
        points a pairing sheet shows beside each player."""
        return Fraction(self.halves_before(round_), 2)


@dataclasses.dataclass(frozen=True)
class EventInfo:
    """Header data of an event (TRF records 012-122)."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    system: System = System.SWISS
    kind: RatingKind = RatingKind.STANDARD
    #: The organiser's tie-breaks after the points, in order (C.07 4.2); None: the system's defaults.
    tiebreaks: tuple[TieBreak, ...] | None = None
    #: The edition of C.07 the organiser chose; None: ``auto``, the one in force on the start date.
    tiebreak_rules: TieBreakRules | None = None
    #: The number of rounds announced (TRF ``XXR`` / ``142``); None: not given, the last round played.
    rounds: int | None = None
    #: The colour of the top-ranked player in round 1 (TRF ``152`` / ``XXC``); None: not drawn yet.
    initial_colour: InitialColour | None = None
    #: Players who must not be paired together (TRF-2026 ``260``), in the file's order.
    forbidden: tuple[ForbiddenPairs, ...] = ()
    #: Virtual points of accelerated pairings (TRF-2026 ``250``; C.04.7), in the file's order.
    acceleration: tuple[AcceleratedRound, ...] = ()
    #: The chief arbiter's FIDE ID and title (TRF ``102`` as FIDE TEC writes it: ``IA Name 12345678``), for
    #: B.01 1.1.5 and the norm forms IT1 and IT3; None: not given.
    arbiter_fide_id: int | None = None
    arbiter_licence: ArbiterLicence | None = None
    #: Who organises the event (the IT3 form); TRF has no record for it.
    organiser: str = ""
    #: Which of B.01's events it is, for the exemptions of 1.4.1b and 1.4.3a-c; TRF has no record for it.
    event_type: EventType = EventType.NORMAL
    #: The most rounds played on one day (B.01 1.1.3 allows 2); None: not given. TRF has no record for it.
    rounds_a_day: int | None = None

    @property
    def tiebreaks_in_use(self) -> tuple[TieBreak, ...]:
        """The tie-breaks the standings use: the organiser's, else the defaults of the system."""
        return self.tiebreaks if self.tiebreaks is not None else default_tiebreaks(self.system.is_round_robin)

    @property
    def rules_in_use(self) -> TieBreakRules:
        """The edition of C.07 the standings use: the organiser's, else the one in force on the start date."""
        return self.tiebreak_rules if self.tiebreak_rules is not None else rules_for_date(self.start)


@dataclasses.dataclass(frozen=True)
class Tournament:
    """An event: its header and its players with their rounds.

    ``extra_records`` are the lines of a TRF source that fidedesk has no place for (team lists ``013``,
    round dates ``132``, ``3xx``/``8xx`` records...), verbatim and in their order, for a TRF
    export to write back; formats without a place for them say they leave them out.
    """

    info: EventInfo
    players: tuple[Player, ...]
    extra_records: tuple[str, ...] = ()

    def player(self, start_rank: int) -> Player:
        """The player with this start rank; KeyError if there is none."""
        return self._ranks[start_rank]

    def by_rank(self) -> dict[int, Player]:
        """A new dict of the players by start rank."""
        return dict(self._ranks)

    @functools.cached_property
    def last_round(self) -> int:
        """The number of the last round any player has an entry for (0 before the first pairing), a bye
        requested ahead or a withdrawal's zero-point byes included: how far the file's rounds reach, not how
        far the event has come (that is :attr:`rounds_played`)."""
        return max((entry.round for player in self.players for entry in player.rounds), default=0)

    @functools.cached_property
    def paired_rounds(self) -> tuple[int, ...]:
        """The rounds that are paired, in order: those with a game or a pairing-allocated bye (C.04.1). Byes and
        absences entered ahead of the pairing (requested byes, a withdrawal's rounds) pair no round."""
        return tuple(sorted({entry.round for player in self.players for entry in player.rounds if is_pairing(entry)}))

    @functools.cached_property
    def rounds_played(self) -> int:
        """The last round played, 0 before the first result: the last round with a game whose result is
        entered (a forfeit is a result). The one definition of how far the event has come: the standings, the
        ranks, the tie-breaks, the crosstable's points, every export and document and the default round of
        every command and dialog read the event after this round, so an entry for a later round (a bye
        requested ahead, a withdrawal) counts only once its round is played (C.07 2026 article 16 reads the
        rounds played; C.04.1 pairs on the scores of the rounds before)."""
        return max(
            (
                entry.round
                for player in self.players
                for entry in player.rounds
                if entry.opponent is not None and entry.result is not ResultCode.PENDING
            ),
            default=0,
        )

    @functools.cached_property
    def current_round(self) -> int:
        """The round the arbiter works in: the first paired round with a result still to enter, else the first
        round not paired yet; once every round the event announced is paired and entered, the last of them."""
        paired = self.paired_rounds
        pending = {
            entry.round for player in self.players for entry in player.rounds if entry.result is ResultCode.PENDING
        }
        waiting = [number for number in paired if number in pending]
        if waiting:
            return waiting[0]
        first_unpaired = next(number for number in range(1, len(paired) + 2) if number not in paired)
        if self.info.rounds is not None and first_unpaired > self.info.rounds:
            return max(self.info.rounds, 1)
        return first_unpaired

    def points(self, player: Player, after_round: int | None = None) -> Fraction:
        """A player's points after ``after_round`` (default :attr:`rounds_played`): the points of the standings."""
        return player.score_after(self.rounds_played if after_round is None else after_round)

    @functools.cached_property
    def _ranks(self) -> dict[int, Player]:
        # built once per tournament (it never changes): views look players up for every cell they draw
        return {player.start_rank: player for player in self.players}

    def played_games(self) -> Iterator[tuple[Player, Player, RoundEntry]]:
        """Each played game from each side: (player, opponent, the player's round entry)."""
        players = self.by_rank()
        for player in self.players:
            for entry in player.rounds:
                if entry.result.is_played and entry.opponent in players:
                    yield player, players[entry.opponent], entry
