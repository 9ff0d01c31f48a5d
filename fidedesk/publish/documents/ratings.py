"""The rating calculations: FIDE's individual calculation of every player, as the rating panel shows it.

Each player is a table of their own (kept on one page where it fits): a heading naming the player, their
federation, rating and K; a line per round (:func:`fidedesk.core.rating.calculation.calculation`: the opponent's
rating as used, ``*`` where the point cap of 8.3.1 applied, the score, PD, score − PD and K × (score −
PD), or why the result is not rated); then a total line: W of n, Rc, ΣPD, Σ(score − PD), K × Σ and the new
rating (8.3.2, 8.3.4), or for an unrated player the first rating of 8.2 and whether FIDE would publish it.
The figures are those :func:`fidedesk.core.rating.event.rate_tournament` works out, in the text of
:mod:`fidedesk.core.notation` (PD to two decimals, the logistic edition's expected score to four, as the
window and the Excel export write it).
"""

from __future__ import annotations

from fidedesk.core.notation import fixed, rated_texts, score_text, signed_int
from fidedesk.core.rating.calculation import Calculation, GameLine, LineKind, calculation
from fidedesk.core.rating.editions import Edition, Expectancy
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted, rating_text, result_text
from fidedesk.publish.documents.common import document, so_far
from fidedesk.publish.documents.model import (
    Align,
    Block,
    Column,
    Document,
    DocumentKind,
    TableBlock,
    TextBlock,
    TextStyle,
)

COLUMNS = (
    Column("Rd", Align.RIGHT),
    Column("Opp. No", Align.RIGHT),
    Column("Opponent"),
    Column("Opp. rating", Align.RIGHT),
    Column("Score", Align.RIGHT),
    Column("PD", Align.RIGHT),
    Column("Score − PD", Align.RIGHT),
    Column("K × (score − PD)", Align.RIGHT),
    Column("Note", wrap=True),
)


def edition_note(edition: Edition) -> str:
    """The rules the figures follow: ``Rating changes under fide-2025: FIDE Rating Regulations …``."""
    return f"Rating changes under {edition.name}: {edition.title}"


def ratings_document(tournament: Tournament, edition: Edition) -> Document:
    """Every player's individual calculation under ``edition``, by start rank (see the module's docstring)."""
    rating = rate_tournament(tournament, edition)
    players = tournament.by_rank()
    places = 2 if edition.expectancy is Expectancy.TABLE else 4
    blocks: list[Block] = [TextBlock(edition_note(edition), TextStyle.NOTE)]
    for found in sorted(rating.players, key=lambda item: item.player.start_rank):
        calc = calculation(found, players)
        rows = [_game_row(line, places) for line in calc.games]
        rows.append(_total_row(calc, places))
        blocks.append(TableBlock(COLUMNS, rows, heading=_heading(calc, found.player.federation),
                                 strong=frozenset({len(rows) - 1}), keep_together=True))  # fmt: skip
    return document(tournament, DocumentKind.RATINGS, "Rating calculations", so_far(tournament), blocks)


def _heading(calc: Calculation, federation: str) -> str:
    """``12  Name, First  FED  Rtg 2315  K 20``, or ``… unrated`` for a player without a rating."""
    line = calc.player
    parts = [str(line.start_rank), line.name, federation]
    if line.rating is None:
        parts.append("unrated")
    else:
        parts.append(f"Rtg {line.rating}")
    if line.k is not None:
        parts.append(f"K {line.k.value}")
    return "  ".join(part for part in parts if part)


def _game_row(line: GameLine, places: int) -> tuple[str, ...]:
    opponent = "bye" if line.opponent is None else line.opponent_name or ""
    number = "" if line.opponent is None else str(line.opponent)
    score = result_text(line.score) if line.score is not None else ""
    note = line.note or ""
    if line.kind is LineKind.GAME:
        used, pd, chg, k_chg = rated_texts(line, places)
        return (str(line.round or ""), number, opponent, used, score, pd, chg, k_chg, note)
    # counted towards Ra, or not rated: the opponent's rating as published, no PD
    return (str(line.round or ""), number, opponent, rating_text(line.rating), score, "", "", "", note)


def _total_row(calc: Calculation, places: int) -> tuple[str, ...]:
    """W of n against Rc, ΣPD, Σ(score − PD), K × Σ; the new rating and the performance, or the first rating."""
    line = calc.player
    games = f"Total: {counted(line.n, 'game')}"
    expected = fixed(line.expected, places) if line.expected is not None else ""
    chg = fixed(line.chg, 2, signed=True) if line.chg is not None else ""
    k_chg = fixed(line.k_chg, 2, signed=True) if line.k_chg is not None else ""
    notes: list[str] = []
    if line.new_rating is not None and line.change is not None:
        notes.append(f"New rating {line.new_rating} ({signed_int(line.change)}, K × Σ rounded once, 8.3.4)")
    if line.k is not None:
        notes.append(line.k.reason)  # says K itself: "K 20: rated 2400 or more"
    initial = line.initial
    if initial is not None:
        value = "none" if initial.value is None else str(initial.value)
        published = "published" if initial.published else "not published"
        notes.append(f"First rating {value} ({published}): {initial.reason}")
        if initial.performance is not None:
            notes.append(initial.performance.formula)
        notes.extend(initial.disregarded)
    if line.performance is not None:
        notes.append(f"Performance {line.performance} (against rated opponents)")
    rc = rating_text(line.rc)
    return ("", "", games, rc, score_text(line.w), expected, chg, k_chg, "; ".join(notes))
