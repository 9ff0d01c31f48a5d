"""FIDE's title-norm forms: the norm certificate (IT1), one per norm achieved, and the tournament report (IT3).

Laid out with the fields of FIDE's forms, each a row of a two-column table (the field, what the event says), a
field the event does not give printed as a line to fill in by hand (:data:`BLANK`). The norms are
:func:`fidedesk.core.norms.forecast.norms` after the last round played, under the edition of B.01 in force on
the event's start date and for the event's own type (:attr:`EventInfo.event_type`); an IT1's games, the rating
each counts at and its opponents' counts come from :mod:`fidedesk.core.norms.certificate`. Nothing here judges
a norm: it writes what core found.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Sequence
from typing import Final

from fidedesk.core.norms.certificate import CertificateGame, certificate_games, opponent_counts, rounds_not_in_norm
from fidedesk.core.norms.forecast import NormRow, Status, norms
from fidedesk.core.norms.rules import EventType, NoNormRulesError, NormRules, norm_rules
from fidedesk.core.notation import score_text
from fidedesk.core.tournament import TITLES, System, Tournament
from fidedesk.core.values import (
    EVENT_TYPE_TEXT,
    birth_text,
    counted,
    date_text,
    fide_id_text,
    rating_text,
    result_text,
)
from fidedesk.publish.documents.common import document, event_rounds, so_far
from fidedesk.publish.documents.model import (
    Align,
    Block,
    Column,
    Document,
    DocumentError,
    DocumentKind,
    PageBreak,
    TableBlock,
    TextBlock,
    TextStyle,
)

#: What a field the event does not give prints as: a line to write it in by hand.
BLANK: Final = "_" * 30
GAME_COLUMNS = (
    Column("Rd", Align.RIGHT),
    Column("Opponent"),
    Column("Title"),
    Column("Fed"),
    Column("Rating", Align.RIGHT),
    Column("Rating used (1.4.6)", Align.RIGHT),
    Column("Result", Align.RIGHT),
)
SIGNATURE_COLUMNS = (Column("Signed by"), Column("Name"), Column("Signature", wrap=True), Column("Date"))
CONDITION_COLUMNS = (Column("Article"), Column("Holds"), Column("Condition", wrap=True))
NORM_COLUMNS = (
    Column("No", Align.RIGHT),
    Column("Player"),
    Column("Fed"),
    Column("FIDE ID", Align.RIGHT),
    Column("Norm"),
    Column("Score", Align.RIGHT),
    Column("Games", Align.RIGHT),
    Column("Ra", Align.RIGHT),
    Column("Rp", Align.RIGHT),
)
_SYSTEMS = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.MATCH: "Match",
    System.TEAM_SWISS: "Team Swiss",
}
_SHORT = "_" * 12  # a date or a name signed by hand
#: What the IT3 says when no norm was achieved.
NO_NORMS: Final = "No title norm was achieved."


def filled(text: str) -> str:
    """``text``, or :data:`BLANK` when the event does not give it: a form's field is never left empty or None."""
    return text.strip() or BLANK


@dataclasses.dataclass(frozen=True)
class EventNorms:
    """The norms of an event as the forms show them: the edition, the round they are after, every row."""

    rules: NormRules
    after: int
    rows: tuple[NormRow, ...]

    @property
    def achieved(self) -> tuple[NormRow, ...]:
        return tuple(row for row in self.rows if row.status is Status.ACHIEVED)


#: The norms of the last tournament asked about, kept for that very object (frozen: an edit makes another). The
#: chooser asks which forms there are, then the IT1 and the IT3 are built from the same norms: worked out once,
#: not three times (0.6 s each at 2,000 players). One name rebound whole, so a worker thread reads it safely.
_last: tuple[weakref.ref[Tournament], EventNorms] | None = None


def event_norms(tournament: Tournament) -> EventNorms:
    """The event's norms after its last round played, under B.01 of its start date and for its type;
    :class:`DocumentError` for an event that started before the first edition fidedesk knows."""
    global _last
    last = _last
    if last is not None and last[0]() is tournament:
        return last[1]
    try:
        rules = norm_rules(None, tournament.info.start)
    except NoNormRulesError as error:
        raise DocumentError(f"no norm forms: {error}") from None
    after = tournament.rounds_played
    found = EventNorms(rules, after, norms(tournament, after, tournament.info.event_type, rules))
    _last = (weakref.ref(tournament), found)
    return found


def has_norm_rules(tournament: Tournament) -> bool:
    """Whether B.01 applies to the event at all (it started on or after 1 January 2024, or has no date)."""
    try:
        norm_rules(None, tournament.info.start)
    except NoNormRulesError:
        return False
    return True


def event_rows(tournament: Tournament) -> list[tuple[str, str]]:
    """The event's fields both forms carry: name, place, dates, organiser, chief arbiter (licence and FIDE ID),
    rate of play, rounds, players, system and the kind of event where it is one of B.01's exemptions."""
    info = tournament.info
    licence = info.arbiter_licence.value if info.arbiter_licence is not None else ""
    system = _SYSTEMS[info.system]
    if info.event_type is not EventType.NORMAL:
        system += f"; {EVENT_TYPE_TEXT[info.event_type]}"
    return [
        ("Event", filled(info.name)),
        ("City, federation", f"{info.city.strip() or _SHORT}, {info.federation.strip() or _SHORT}"),
        ("Dates", f"{date_text(info.start) or _SHORT} to {date_text(info.end) or _SHORT}"),
        ("Organiser", filled(info.organiser)),
        (
            "Chief arbiter",
            f"{filled(info.chief_arbiter)}, licence {licence or _SHORT}, "
            f"FIDE ID {fide_id_text(info.arbiter_fide_id) or _SHORT}",
        ),
        ("Rate of play", filled(info.time_control)),
        ("Rounds, players", f"{event_rounds(tournament) or _SHORT}, {len(tournament.players)}"),
        ("System", system),
    ]


def _fields(*sections: tuple[str, Sequence[tuple[str, str]]], heading: str = "") -> TableBlock:
    """Sections of fields in one table, so their entries line up: the first section's name in the header row,
    each later one's as a bold row under a rule."""
    (first, rows), *more = sections
    table = list(rows)
    strong, rules = set(), set()
    for name, section in more:
        strong.add(len(table))
        rules.add(len(table))
        table.append((name, ""))
        table.extend(section)
    columns = (Column(first), Column("", wrap=True))
    return TableBlock(columns, table, heading, frozenset(strong), frozenset(rules), keep_together=True)


def _signatures(heading: str, *who: tuple[str, str]) -> TableBlock:
    """Lines to sign on: who signs, their name (the event's, or a line), a long line, a date line."""
    rows = [(role, name.strip() or _SHORT, BLANK, _SHORT) for role, name in who]
    return TableBlock(SIGNATURE_COLUMNS, rows, heading=heading, keep_together=True)


# ---------------------------------------------------------------------------------------------- IT1


def certificates_document(tournament: Tournament) -> Document:
    """The IT1 of every norm achieved after the last round played, each on pages of its own (players by start
    rank, titles GM, IM, WGM, WIM); :class:`DocumentError` when none is achieved."""
    found = event_norms(tournament)
    achieved = found.achieved
    if not achieved:
        raise DocumentError(f"no title norm is achieved after round {found.after}: there is no norm certificate "
                            "(IT1) to print")  # fmt: skip
    blocks: list[Block] = []
    for number, row in enumerate(achieved):
        if number:
            blocks.append(PageBreak())
        blocks.extend(_certificate(tournament, found, row))
    return document(tournament, DocumentKind.IT1, "Title norm certificate (IT1)", so_far(tournament), blocks)


def _certificate(tournament: Tournament, found: EventNorms, row: NormRow) -> list[Block]:
    player, title = row.player, row.title.value
    games = certificate_games(row, found.rules)
    players = tournament.by_rank()
    person = [
        ("Name", filled(player.name)),
        ("FIDE ID", filled(fide_id_text(player.fide_id))),
        ("Federation", filled(player.federation)),
        ("Birth date", filled(birth_text(player.birth))),
    ]
    rows = [_game_row(game, players[game.opponent.start_rank].name) for game in games]
    conditions = [(c.article, c.holds_text, c.text) for c in row.conditions]
    # named again: they may start a second page
    named = f"Conditions of the {title} norm of {player.name} (B.01 {found.rules.name}, 1.4, after round {found.after})"
    return [  # one page of A4 or Letter for a norm of up to 9 games (13 take two)
        # the form's "title of the norm" first
        _fields(("Player", person), ("Event", event_rows(tournament)), heading=f"{title} norm: {player.name}"),
        TableBlock(GAME_COLUMNS, rows, heading=f"Games counted ({counted(len(rows), 'game')}, B.01 1.4.2)"),
        *_totals(row, games, found.rules),
        *_not_in_norm(tournament, row, found.after),
        TableBlock(CONDITION_COLUMNS, conditions, heading=named, keep_together=True),
        # named: on a page of their own they still say what they certify
        _signatures(
            f"Signed for the {title} norm of {player.name} (B.01 1.8)",
            ("Chief arbiter", tournament.info.chief_arbiter),
            ("Federation rating officer", ""),
        ),
    ]


def _not_in_norm(tournament: Tournament, row: NormRow, after: int) -> list[Block]:
    """The player's other rounds, with why the norm leaves each out: the form shows every round."""
    rounds = rounds_not_in_norm(tournament, row, after)
    if not rounds:
        return []
    return [TextBlock("Rounds not in the norm: " + "; ".join(f"round {number}: {why}" for number, why in rounds))]


def _game_row(game: CertificateGame, name: str) -> tuple[str, ...]:
    opponent = game.opponent
    published = rating_text(opponent.rating) or "unrated"
    return (str(game.round), name, opponent.title, opponent.federation, published, str(game.rating_used),
            result_text(game.score))  # fmt: skip


def _totals(row: NormRow, games: Sequence[CertificateGame], rules: NormRules) -> list[Block]:
    """The norm's figures in one row (games, score, Ra, Rp, title-holders, holders of the norm's titles), and the
    opponents by federation and by title."""
    counts = opponent_counts(games, row.title, rules)
    share = "/".join(sorted(rules.of(row.title).share_titles, key=("GM", "IM", "WGM", "WIM").index))
    columns = (*(Column(name, Align.RIGHT) for name in ("Games", "Score", "Ra (1.4.7)", "Rp (1.4.8)",
                                                        "Title-holders (1.4.5a)")),
               Column(f"{share} (1.4.5)", Align.RIGHT))  # fmt: skip
    figures = (str(row.games), score_text(row.score), rating_text(row.opponents_average) or _SHORT,
               rating_text(row.performance) or _SHORT, str(counts.titled), str(counts.norm_titled))  # fmt: skip
    federations = ", ".join(f"{fed} {count}" for fed, count in counts.by_federation)
    titles = ", ".join(f"{name} {count}" for name, count in counts.by_title) or "none"
    return [
        TableBlock(columns, [figures], keep_together=True),
        TextBlock(f"Opponents by federation: {federations}; by title: {titles}"),
    ]


# ---------------------------------------------------------------------------------------------- IT3


def report_document(tournament: Tournament) -> Document:
    """The tournament report (IT3): the event's fields, who played (players, rated players, federations, titled
    players by title), the norms achieved after the last round played, and the chief arbiter's signature."""
    found = event_norms(tournament)
    players = tournament.players
    federations = sorted({player.federation for player in players if player.federation})
    titles = [(name, sum(1 for p in players if p.title == name)) for name in TITLES]
    titled = ", ".join(f"{name} {count}" for name, count in titles if count) or "none"
    who = [  # the players' number is the event's (event_rows)
        ("Rated players", str(sum(1 for player in players if player.is_rated))),
        ("Federations", f"{len(federations)}: {', '.join(federations)}" if federations else "0"),
        ("Titled players", titled),
    ]
    achieved = found.achieved
    rows = [
        (str(row.player.start_rank), row.player.name, row.player.federation, fide_id_text(row.player.fide_id) or _SHORT,
         row.title.value, score_text(row.score), str(row.games), rating_text(row.opponents_average),
         rating_text(row.performance))
        for row in achieved
    ]  # fmt: skip
    blocks: list[Block] = [
        TextBlock(f"Norms under {found.rules.text}, after round {found.after}.", TextStyle.NOTE),
        _fields(("Event", event_rows(tournament)), ("Participants", who)),
        TableBlock(NORM_COLUMNS, rows, heading=f"Title norms achieved ({len(rows)})") if rows else TextBlock(NO_NORMS),
        _signatures("Signed", ("Chief arbiter", tournament.info.chief_arbiter)),
    ]
    return document(tournament, DocumentKind.IT3, "Tournament report (IT3)", so_far(tournament), blocks)
