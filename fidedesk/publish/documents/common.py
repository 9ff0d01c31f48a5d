"""What every document shares: the rounds a document can show, and its page heading.

A round is *paired* when it has a game or a pairing-allocated bye (:attr:`Tournament.paired_rounds`: a bye
requested ahead pairs no round), and *played* up to :attr:`Tournament.rounds_played`: pairings and who plays
where are of a paired round, standings and crosstables after a played one. Nothing here formats a value of
its own: dates, counts and points are written by :mod:`fidedesk.core.values` and :mod:`fidedesk.core.notation`.
"""

from __future__ import annotations

from collections.abc import Iterable

from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted, date_range_text
from fidedesk.publish.documents.model import Block, Document, DocumentError, DocumentKind


def event_rounds(tournament: Tournament) -> int:
    """The rounds of the event: the number announced (:attr:`EventInfo.rounds`), else the last round any player
    has an entry for (a bye requested ahead tells that the event reaches that round)."""
    return tournament.info.rounds or tournament.last_round


def checked_round(tournament: Tournament, kind: DocumentKind, round_: int | None) -> int | None:
    """``round_`` when ``kind`` can show it; :class:`DocumentError` saying why not otherwise.

    A document of one round (pairings, who plays where) takes a paired round; one after a round (standings,
    crosstable) a round from 1 to the last played; the others take none.
    """
    if round_ is None:
        return None
    if not kind.takes_round:
        raise DocumentError(f"the {kind.title.lower()} document is of the whole event and takes no round "
                            f"(round {round_} was given)")  # fmt: skip
    if round_ < 1:
        raise DocumentError(f"there is no round {round_}: rounds are numbered from 1")
    if kind.of_one_round:
        paired = tournament.paired_rounds
        if round_ not in paired:
            raise DocumentError(f"round {round_} is not paired yet (the event has {counted(len(paired), 'round')} "
                                "paired)")  # fmt: skip
        return round_
    played = tournament.rounds_played
    if round_ > played:
        raise DocumentError(f"round {round_} is not played yet (the event has {counted(played, 'round')} played)")
    return round_


def document(
    tournament: Tournament, kind: DocumentKind, title: str, round_text: str, blocks: Iterable[Block]
) -> Document:
    """A document of the tournament: its heading from the event (name, city and federation, dates)."""
    info = tournament.info
    place = ", ".join(part for part in (info.city.strip(), info.federation.strip()) if part)
    dates = date_range_text(info.start, info.end)
    return Document(kind, title, info.name, place, dates, round_text, tuple(blocks))


def after_round_text(tournament: Tournament, round_: int | None) -> str:
    """``After round 5 of 9``, ``After round 9 (final)`` once the event's last round is played, ``Before
    round 1`` when none is: what every page of the standings, the crosstable and the whole-event documents
    says of the round (the whole-event documents are of the results entered so far)."""
    if round_ is None:
        return "Before round 1"
    rounds = event_rounds(tournament)
    if round_ >= rounds:
        return f"After round {round_} (final)"
    return f"After round {round_} of {rounds}"


def so_far(tournament: Tournament) -> str:
    """The round text of a whole-event document (ratings, players, warnings): after the last round played."""
    return after_round_text(tournament, tournament.rounds_played or None)
