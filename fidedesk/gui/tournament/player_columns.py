"""The players table's columns, without Qt: what each shows and how a typed cell is read.

Each column reads typed text through the one parser of its value in :mod:`fidedesk.core.values` and shows
what that value's formatter writes; :func:`edited` turns a typed cell into the tournament's change
(:func:`fidedesk.core.editing.set_player_field`). The table itself is :mod:`fidedesk.gui.tournament.players`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from fidedesk.core.editing import FieldValue, PlayerField, set_player_field
from fidedesk.core.tournament import TITLES as TOURNAMENT_TITLES
from fidedesk.core.tournament import Player, Tournament
from fidedesk.core.values import (
    BIRTH_HINT,
    FEDERATION_HINT,
    GAMES_RANGE,
    K_RANGE,
    RATING_TYPED,
    birth_text,
    count_text,
    fide_id_text,
    parse_birth_date,
    parse_federation,
    parse_fide_id,
    parse_games,
    parse_k,
    parse_rating,
    parse_sex,
    parse_title,
    rating_text,
)

TITLES = ("", *TOURNAMENT_TITLES)  # empty: no title
SEXES = ("", "m", "w")
YES_NO = ("", "yes", "no")


# ---------------------------------------------------------------------------------------------- parsing


def _choice(text: str, choices: tuple[str, ...], what: str) -> str:
    for choice in choices:
        if text.casefold() == choice.casefold():
            return choice
    raise ValueError(f"“{text}”: {what} is one of {', '.join(c for c in choices if c)}, or empty")


def _name(text: str) -> str:
    if not text:
        raise ValueError("a player needs a name")
    return text


def _ever_2400(text: str) -> bool | None:
    """yes, no, or blank (unknown): the player's yes/no of the K rule's 2400 (FIDE 8.3.3)."""
    choice = _choice(text, YES_NO, "2400+")
    return None if choice == "" else choice == "yes"


# ---------------------------------------------------------------------------------------------- model


@dataclasses.dataclass(frozen=True)
class Column:
    """One column: header, tip, how a player shows in it (of the tournament: the points are those after the
    rounds played) and (when editable) how typed text changes it.

    ``parse`` turns the typed text into the value of the PlayerField named ``field`` and raises
    ValueError with a message for the arbiter; ``text`` writes the value back as typed (blank for None).
    Whether the value belongs in the player's PlayerRecord is the field's to say (``PlayerField.in_record``).
    """

    header: str
    tip: str
    field: str
    show: Callable[[Player, Tournament], object]
    parse: Callable[[str], FieldValue] | None = None
    numeric: bool = False
    text: Callable[[Any], str] = str


def _show_yes_no(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "no")


COLUMNS: tuple[Column, ...] = (
    Column("No", "Start rank: fixed once given, sorting does not change it", "start_rank", lambda p, _t: p.start_rank,
           numeric=True),
    Column("Name", "Family name, given name", "name", lambda p, _t: p.name, _name),
    Column("Sex", "m or w (f: as some files write w)", "sex", lambda p, _t: p.sex, parse_sex),
    Column("Title", "GM IM FM CM WGM WIM WFM WCM, or empty", "title", lambda p, _t: p.title, parse_title),
    Column("Fed", f"Federation: {FEDERATION_HINT}", "federation", lambda p, _t: p.federation, parse_federation),
    # the rating before the FIDE ID: at 1024 x 640 the pane shows the columns up to the rating (issue 29)
    Column("Rating", f"{RATING_TYPED}; empty: unrated", "rating", lambda p, _t: p.rating, parse_rating, numeric=True,
           text=rating_text),
    Column("FIDE ID", "Digits only", "fide_id", lambda p, _t: p.fide_id, parse_fide_id, numeric=True,
           text=fide_id_text),
    Column("Born", BIRTH_HINT, "birth", lambda p, _t: p.birth, parse_birth_date, text=birth_text),
    Column("Games", f"Rated games before this event ({GAMES_RANGE}; K: 40 under 30 games)", "games",
           lambda p, _t: p.record.games, parse_games, numeric=True, text=count_text),
    Column("2400+", "Has the player's rating ever reached 2400? (K 10 for life)", "ever_2400",
           lambda p, _t: p.record.ever_2400, _ever_2400, text=_show_yes_no),
    Column("K", f"K set by hand ({K_RANGE}); empty: found from the record by the edition's rules", "k",
           lambda p, _t: p.record.k, parse_k, numeric=True, text=count_text),
    Column("Points", "Points after the last round played (a bye entered for a later round counts once that round is "
           "played)", "points", lambda p, t: t.points(p), numeric=True,
           text=lambda score: f"{float(score):g}"),
)  # fmt: skip


#: The Rating column, which the narrowest pane still shows (the name column gives way down to NAME_LEAST).
RATING_COLUMN = next(number for number, column in enumerate(COLUMNS) if column.field == "rating")
#: The letters (of the widest, M) a name column keeps however narrow the pane: about 20 letters of a name.
NAME_LEAST = 12

#: The Points column, which changes for every player when a round is played.
POINTS = next(number for number, column in enumerate(COLUMNS) if column.field == "points")


def cell_text(column: Column, player: Player, tournament: Tournament) -> str:
    return column.text(column.show(player, tournament))


def parse_cell(column: int, text: str) -> dict[str, FieldValue]:
    """The change typed ``text`` makes in ``column``: {PlayerField's value: the value} for
    set_player_field. ValueError with the reason when the text is refused."""
    spec = COLUMNS[column]
    if spec.parse is None:
        raise ValueError(f"{spec.header} cannot be edited")
    return {spec.field: spec.parse(text.strip())}


def edited(tournament: Tournament, start_rank: int, column: int, text: str) -> Tournament:
    """The tournament with ``text`` typed into the player's cell (ValueError/EditError when refused):
    the column reads the text, core.editing.set_player_field makes the change."""
    ((field, value),) = parse_cell(column, text).items()
    return set_player_field(tournament, start_rank, PlayerField(field), value)
