"""The documents an arbiter hands out, as plain data (:mod:`.model`) built from a tournament.

:func:`build_document` makes one; :func:`document_rounds` and :func:`default_round` say which rounds a
document of one round (pairings, who plays where) or after one (standings, crosstable) can show and which
it shows when none is chosen. The builders live by kind: :mod:`.rounds` (pairings, who plays where),
:mod:`.ranking` (standings, crosstable), :mod:`.ratings` (FIDE's individual calculations), :mod:`.lists`
(players, warnings), :mod:`.norm_forms` (FIDE's norm certificate IT1 and tournament report IT3, offered where
:func:`document_kinds` finds them); :mod:`.common` holds the heading and the rounds. Every cell is text written by
:mod:`fidedesk.core.values` and :mod:`fidedesk.core.notation`, as the window and the Excel export write it.
"""

from __future__ import annotations

from collections.abc import Sequence

from fidedesk.core.rating.editions import Edition
from fidedesk.core.tiebreaks.codes import TieBreak
from fidedesk.core.tournament import Tournament
from fidedesk.publish.documents.common import checked_round
from fidedesk.publish.documents.lists import players_document, warnings_document
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
from fidedesk.publish.documents.norm_forms import certificates_document, event_norms, has_norm_rules, report_document
from fidedesk.publish.documents.ranking import crosstable_document, standings_document
from fidedesk.publish.documents.ratings import ratings_document
from fidedesk.publish.documents.rounds import pairings, who_plays_where

__all__ = ["ALL", "EVERY_EVENT", "Align", "Block", "Column", "Document", "DocumentError", "DocumentKind", "PageBreak",
           "TableBlock", "TextBlock", "TextStyle", "build_document", "default_round", "document_kinds",
           "document_plan", "document_rounds"]  # fmt: skip

#: Every document at once, by the name the command line takes (``fidedesk-cli print --document all``) and the
#: window's "All documents" stands for: each kind :func:`document_kinds` offers, in :class:`DocumentKind`'s order.
ALL = "all"
#: The kinds every tournament has; the norm forms are offered by :func:`document_kinds`.
EVERY_EVENT: tuple[DocumentKind, ...] = tuple(
    kind for kind in DocumentKind if kind not in (DocumentKind.IT1, DocumentKind.IT3)
)


def document_kinds(tournament: Tournament) -> tuple[DocumentKind, ...]:
    """The documents there are of ``tournament``: every kind of :data:`EVERY_EVENT`; the tournament report
    (IT3) where B.01 applies (an event from 1 January 2024 on, or without a date); the norm certificates (IT1)
    where a norm is achieved after the last round played. What the window's chooser lists and ``all`` makes."""
    kinds: list[DocumentKind] = list(EVERY_EVENT)
    if has_norm_rules(tournament):
        if event_norms(tournament).achieved:
            kinds.append(DocumentKind.IT1)
        kinds.append(DocumentKind.IT3)
    return tuple(kinds)


def document_rounds(tournament: Tournament, kind: DocumentKind) -> tuple[int, ...]:
    """The rounds a document of ``kind`` can show: the paired rounds for pairings and who plays where, 1 to the
    last round played for standings and crosstables, none for the documents of the whole event."""
    if kind.of_one_round:
        return tournament.paired_rounds
    if kind.takes_round:
        return tuple(range(1, tournament.rounds_played + 1))
    return ()


def default_round(tournament: Tournament, kind: DocumentKind) -> int | None:
    """The round shown when none is chosen: for pairings and who plays where the current round
    (:attr:`Tournament.current_round`) when it is paired, else the last round paired; the last round played
    for standings and crosstables; None for the documents of the whole event, and when there is no such round
    (standings and crosstable then show the start: every player on 0 points, in start order)."""
    rounds = document_rounds(tournament, kind)
    if kind.of_one_round and tournament.current_round in rounds:
        return tournament.current_round
    return rounds[-1] if rounds else None


def document_plan(
    tournament: Tournament, kinds: Sequence[DocumentKind], round: int | None = None
) -> tuple[tuple[DocumentKind, int | None], ...]:
    """Each of ``kinds`` with the round it shows: ``round`` for a kind that takes one (default
    :func:`default_round`), None for a document of the whole event. Of several kinds (:data:`ALL` before round 1
    is paired), a document of one round with no round to show is left out: the documents there are. Asked for
    alone it stays, and :func:`build_document` says why it cannot be made. The command line's ``print`` and the
    window's "All documents" make what this plans."""
    planned = []
    for kind in kinds:
        number = (round if round is not None else default_round(tournament, kind)) if kind.takes_round else None
        if number is None and kind.of_one_round and len(kinds) > 1:
            continue
        planned.append((kind, number))
    return tuple(planned)


def build_document(
    tournament: Tournament,
    kind: DocumentKind,
    *,
    edition: Edition,
    round: int | None = None,
    tiebreaks: Sequence[TieBreak] | None = None,
) -> Document:
    """The document ``kind`` of ``tournament``: of or after ``round`` (default :func:`default_round`) for the
    kinds that take one, the rating figures under ``edition``, the standings under ``tiebreaks`` (default the
    event's own, :attr:`EventInfo.tiebreaks_in_use`, in the event's edition of C.07).

    Raises :class:`DocumentError` for a round the kind cannot show (not paired or not played yet, below 1) or
    a round given to a document of the whole event, for pairings when no round is paired yet, for the norm
    forms of an event before B.01 2024 and for IT1 when no norm is achieved.
    """
    chosen = checked_round(tournament, kind, round)
    if chosen is None:
        chosen = default_round(tournament, kind)
    if tiebreaks is None:
        tiebreaks = tournament.info.tiebreaks_in_use
    if kind.of_one_round:
        if chosen is None:
            raise DocumentError(f"no round is paired yet: there are no {kind.title.lower()} to show")
        return pairings(tournament, chosen) if kind is DocumentKind.PAIRINGS else who_plays_where(tournament, chosen)
    if kind is DocumentKind.STANDINGS:
        return standings_document(tournament, tiebreaks, chosen)
    if kind is DocumentKind.CROSSTABLE:
        return crosstable_document(tournament, tiebreaks, chosen)
    if kind is DocumentKind.RATINGS:
        return ratings_document(tournament, edition)
    if kind is DocumentKind.PLAYERS:
        return players_document(tournament)
    if kind is DocumentKind.IT1:
        return certificates_document(tournament)
    if kind is DocumentKind.IT3:
        return report_document(tournament)
    return warnings_document(tournament, edition)
