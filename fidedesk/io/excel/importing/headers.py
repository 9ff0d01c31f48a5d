"""Finding the header and the columns, and proposing which sheets to read.

The header is the row among the first 100 with the most cells that are known column names (at least
two; one if no row has two): notes and titles above it, blank rows anywhere and merged cells (their
top-left value) do not disturb it. Names are compared in lower case, without accents, punctuation and
extra spaces (``Föd.`` = ``fod``, ``FIDE-ID`` = ``fide id``, ``№`` = ``no``), in English, German,
French, Spanish and Russian (see ``_ALIASES``). A field is mapped once (the first column, or the
stronger name: ``FIDE ID`` wins over a bare ``ID``, which is then a national ID and ignored). A
``Name`` column beside ``First name`` is the last name (``Nom``/``Prénom``, ``Name``/``Vorname``,
``Фамилия``/``Имя``); a ``Nombre`` beside ``Apellidos`` the first name; the name is then
``Last, First``. ``1.Rd``, ``Rd 1``, ``R1``, ``Round 1``, ``1. Runde``, ``Ronde 1``, ``Ronda 1``,
``1 тур`` are round columns; a bare number (``1``, ``2`` ...) is a round when the cells below look
like ``12w1``, else the column of the opponent with that start rank. In a pairings sheet a ``No``,
``Rtg``, ``Tit``, ``Fed`` or ``FIDE ID`` column is White's or Black's (number, rating, title, federation,
FIDE ID), whichever name column it stands nearer to (``White Rtg``, ``Black Fed`` ... say it outright).
Unknown columns are ignored; the user can change any mapping.

A workbook with a sheet of pairings per round (``R1``, ``R2``, ``Round 3``, ``Rd 4``, ``5. Runde`` ...)
is read whole: the first round sheet is the results sheet and the others follow it
(:attr:`~fidedesk.io.excel.importing.model.ImportPlan.more_rounds`), each read as the round its name says.

fidedesk's own workbook (the spreadsheet export) has the sheets ``Event`` (Field | Value), ``Players``
and ``Rounds`` (pairings); ``Crosstable``, ``Standings``, ``Rating changes`` and ``Norms`` are then ignored.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Final

from fidedesk.io.excel.grid import CellValue, SheetGrid
from fidedesk.io.excel.importing.cells import loose, plain_text
from fidedesk.io.excel.importing.model import (
    IGNORED,
    NAME_FIELDS,
    SIDE_FIELDS,
    Column,
    Field,
    ImportPlan,
    Layout,
    SheetPlan,
)
from fidedesk.io.excel.importing.result_cells import diagonal_mark, looks_swiss

__all__ = [
    "detect_layout",
    "find_header_row",
    "header_text",
    "is_round_sheet",
    "is_totals",
    "map_columns",
    "other_rounds",
    "propose",
    "propose_sheet",
    "round_header",
    "round_title",
]


def _aliases(field: Field, *names: str) -> dict[str, Field]:
    return {loose(name): field for name in names}


#: Column names in English, German, French, Spanish and Russian (compared with :func:`_normal`).
_ALIASES: Final[dict[str, Field]] = {
    **_aliases(Field.START_RANK, "No", "No.", "Nr", "Nr.", "SNo", "SNr", "Start no", "Start number", "Start rank",
               "Startnummer", "Startnr", "St.Nr", "Seed", "Num", "Numero", "Número", "N°", "Nº", "№", "#", "Lfd. Nr.",
               "Tln", "Dossard", "Ст. номер", "Стартовый номер", "Номер", "Ном", "Н"),
    **_aliases(Field.NAME, "Name", "Player", "Player name", "Players", "Participant", "Spieler", "Spielername",
               "Teilnehmer", "Nom", "Joueur", "Nom Prénom", "Nombre", "Jugador", "Apellidos y nombre",
               "Nombre y apellidos", "Игрок", "Участник", "ФИО", "Фамилия Имя", "Фамилия, имя", "Фамилия и имя",
               "Name, Vorname", "Nom et prénom"),
    **_aliases(Field.LAST_NAME, "Last name", "Surname", "Family name", "Nachname", "Familienname", "Nom de famille",
               "Apellido", "Apellidos", "Фамилия"),
    **_aliases(Field.FIRST_NAME, "First name", "Given name", "Forename", "Vorname", "Prénom", "Имя", "Nombre de pila"),
    **_aliases(Field.TITLE, "Title", "Tit", "Tit.", "Titel", "Titre", "Título", "Titulo", "Звание", "Титул"),
    **_aliases(Field.FEDERATION, "Fed", "Fed.", "FED", "Federation", "FIDE Fed", "Nat", "Nation", "Country", "Land",
               "Föd.", "Föderation", "Pays", "Fédération", "País", "Federación", "Федерация", "Страна"),
    **_aliases(Field.FIDE_ID, "FIDE ID", "FIDE-ID", "FideID", "FIDE No", "FIDE Nr", "FIDE code", "FIDE number",
               "ID FIDE", "Code FIDE", "FIDE-Nr", "ФИДЕ ID", "ID ФИДЕ", "Код ФИДЕ", "FIDE-ID-Nr"),
    **_aliases(Field.RATING, "Rating", "Rtg", "RtgI", "Elo", "FIDE rating", "FIDE Elo", "Elo FIDE", "Rating FIDE",
               "FIDE-Elo", "Ratg", "Rat", "Classement Elo", "Рейтинг", "Эло", "Рейтинг ФИДЕ", "Ro"),
    **_aliases(Field.BIRTH, "Born", "Birth", "Birth year", "Year of birth", "Birthday", "Date of birth", "DOB", "B-day",
               "Bdate", "YOB", "Geb.", "Geb", "Geb.-Datum", "Geburtsdatum", "Geburtsjahr", "Jahrgang", "Jg.",
               "Né", "Né le", "Naissance", "Date de naissance", "Année de naissance", "Année", "Nacimiento",
               "Fecha de nacimiento", "Año de nacimiento", "Año nac.", "Год рождения", "Г.р.", "Г. р.",
               "Дата рождения", "Год р.", "Год"),
    **_aliases(Field.SEX, "Sex", "Gender", "M/F", "M/W", "Geschlecht", "Geschl.", "Sexe", "Genre", "Sexo", "Пол"),
    **_aliases(Field.GAMES, "Games", "Games before", "Rated games", "Partien", "Parties", "Partidas", "Партии",
               "Партий"),
    **_aliases(Field.EVER_2400, "2400+", "Ever 2400", "Reached 2400", ">2400"),
    **_aliases(Field.K, "K", "K factor", "K-factor", "K-Faktor", "Facteur K", "Factor K", "Коэффициент", "К"),
    **_aliases(Field.STANDARD_RATING, "Std rating", "Standard rating", "Std", "Rtg std", "Elo standard",
               "Standard Elo", "Классический рейтинг"),
    **_aliases(Field.POINTS, "Points", "Pts", "Pts.", "Pt", "Pt.", "Score", "Punkte", "Pkt", "Pkt.", "Pkte",
               "Puntos", "Ptos", "Очки", "Очк", "Total points"),
    **_aliases(Field.RANK, "Rank", "Rk", "Rk.", "Place", "Pl", "Pl.", "Platz", "Pos", "Pos.", "Position", "Rang",
               "Classement", "Clt", "Puesto", "Место", "Final rank"),
    **_aliases(Field.ROUND_NUMBER, "Round", "Rd", "Rd.", "Rnd", "Runde", "Rde", "Ronde", "Ronda", "Тур"),
    **_aliases(Field.BOARD, "Board", "Bo", "Bo.", "Bd", "Bd.", "Brett", "Br.", "Table", "Échiquier", "Tablero",
               "Mesa", "Доска"),
    **_aliases(Field.WHITE, "White No", "White no.", "White SNo", "No White", "Nr Weiß", "Weiß Nr", "No Blancs",
               "Nº Blancas", "Номер белых"),
    **_aliases(Field.WHITE_NAME, "White", "White player", "Weiß", "Weiss", "Blancs", "Blanc", "Blancas", "Белые"),
    **_aliases(Field.BLACK, "Black No", "Black no.", "Black SNo", "No Black", "Nr Schwarz", "Schwarz Nr", "No Noirs",
               "Nº Negras", "Номер черных"),
    **_aliases(Field.BLACK_NAME, "Black", "Black player", "Schwarz", "Noirs", "Noir", "Negras", "Черные", "Чёрные"),
    **_aliases(Field.RESULT, "Result", "Res", "Res.", "Erg", "Erg.", "Ergebnis", "Résultat", "Resultat", "Resultado",
               "Результат", "Рез."),
    **_aliases(Field.COLOURS, "Colours", "Colors", "Colour", "Color"),
    **_aliases(Field.WHITE_RATING, "White Rtg", "White rating", "White Elo", "Rtg White", "Elo White", "Elo Weiß",
               "Weiß Elo", "Elo Blancs", "Elo Blancas", "Рейтинг белых"),
    **_aliases(Field.BLACK_RATING, "Black Rtg", "Black rating", "Black Elo", "Rtg Black", "Elo Black", "Elo Schwarz",
               "Schwarz Elo", "Elo Noirs", "Elo Negras", "Рейтинг черных"),
    **_aliases(Field.WHITE_TITLE, "White title", "White Tit", "Titel Weiß"),
    **_aliases(Field.BLACK_TITLE, "Black title", "Black Tit", "Titel Schwarz"),
    **_aliases(Field.WHITE_FEDERATION, "White Fed", "White federation", "Föd. Weiß"),
    **_aliases(Field.BLACK_FEDERATION, "Black Fed", "Black federation", "Föd. Schwarz"),
    **_aliases(Field.WHITE_FIDE_ID, "White FIDE ID", "FIDE ID White", "FIDE-ID Weiß"),
    **_aliases(Field.BLACK_FIDE_ID, "Black FIDE ID", "FIDE ID Black", "FIDE-ID Schwarz"),
}  # fmt: skip

#: Names that map a field only when no stronger name does (a bare "ID" is often a national one).
_WEAK: Final[dict[str, Field]] = {"id": Field.FIDE_ID, "identifier": Field.FIDE_ID, "code": Field.FIDE_ID}

_ROUND_WORDS = r"(?:rd|rnd|r|round|runde|rde|ronde|ronda|rodada|тур|т)"
_ROUND_HEADER = re.compile(rf"(?:{_ROUND_WORDS}\s*(\d{{1,3}})|(\d{{1,3}})\s*(?:{_ROUND_WORDS}|a|e|er|eme|st|nd|th))")
_NUMBER_HEADER = re.compile(r"\d{1,4}")
_ROUND_TITLE = re.compile(rf"(?:{_ROUND_WORDS}\s*(\d{{1,3}})|(\d{{1,3}})\s*{_ROUND_WORDS})(?:\s.*)?")
_TOTALS: Final = frozenset(
    loose(word)
    for word in ("Total", "Totals", "Sum", "Summe", "Gesamt", "Insgesamt", "Average", "Durchschnitt", "Schnitt",
                 "Moyenne", "Totaux", "Suma", "Promedio", "Итого", "Всего", "Среднее", "Σ", "Ø")
)  # fmt: skip
_HEADER_SEARCH = 100


def is_totals(text: str) -> bool:
    """A word of a totals row: ``Total``, ``Summe``, ``Итого`` ..."""
    return loose(text) in _TOTALS


def round_title(values: Sequence[CellValue]) -> int | None:
    """A line such as ``Round 3`` or ``3. Runde on 2024/05/01`` above a round's boards."""
    texts = [plain_text(v) for v in values if plain_text(v)]
    if len(texts) != 1 or not isinstance(next(v for v in values if plain_text(v)), str):
        return None
    match = _ROUND_TITLE.fullmatch(loose(texts[0]))
    return int(match[1] or match[2]) if match else None


def header_text(value: CellValue) -> str:
    """A header cell's text: text stripped, a whole number as digits, anything else ""."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return ""


def _known_field(text: str) -> tuple[Field, int] | None:
    """The field a header names and how strongly (2 a proper name, 1 a weak one); None when unknown."""
    if text.strip() == "#":
        return Field.START_RANK, 2
    key = loose(text)
    if key in _ALIASES:
        return _ALIASES[key], 2
    if key in _WEAK:
        return _WEAK[key], 1
    return None


def round_header(text: str) -> int | None:
    """The round a header such as ``1.Rd``, ``R3`` or ``Runde 2`` names."""
    match = _ROUND_HEADER.fullmatch(loose(text))
    if match is None:
        return None
    number = int(match[1] or match[2])
    return number if number > 0 else None


def _header_score(row: Sequence[CellValue]) -> int:
    score = 0
    for value in row:
        text = header_text(value)
        if text and not _NUMBER_HEADER.fullmatch(text) and (_known_field(text) or round_header(text)):
            score += 1
    return score


def find_header_row(grid: SheetGrid) -> int | None:
    """The 0-based header row: the first with most known column names (two or more, else one); None."""
    best, best_score = None, 0
    for index, row in enumerate(grid.rows[:_HEADER_SEARCH]):
        score = _header_score(row)
        if score > best_score:
            best, best_score = index, score
    return best


def map_columns(grid: SheetGrid, header_row: int) -> tuple[Column, ...]:
    """One Column per grid column, from the header names (and, for bare numbers, the cells below)."""
    width = grid.width
    found: list[tuple[Field, int] | None] = []
    numbers: dict[int, int] = {}
    for column in range(width):
        text = header_text(grid.value(header_row, column))
        known = _known_field(text) if text else None
        if known is None and text:
            round_ = round_header(text)
            if round_ is not None:
                known = (Field.ROUND, 2)
                numbers[column] = round_
            elif _NUMBER_HEADER.fullmatch(text) and int(text) > 0:
                known = (_numbered_field(grid, header_row, column), 2)
                numbers[column] = int(text)
        found.append(known)
    columns = [IGNORED] * width
    chosen: dict[Field, tuple[int, int]] = {}  # field -> (column, strength)
    pairings = any(f is not None and f[0] in (Field.WHITE_NAME, Field.BLACK_NAME, Field.WHITE) for f in found)
    for column, known in enumerate(found):
        if known is None:
            continue
        field, strength = known
        if field.numbered:
            columns[column] = Column(field, numbers[column])
            continue
        if pairings and (field is Field.START_RANK or field in SIDE_FIELDS):
            sides = (Field.WHITE, Field.BLACK) if field is Field.START_RANK else SIDE_FIELDS[field]
            field = sides[_nearer_side(found, column)]
        previous = chosen.get(field)
        if previous is not None and previous[1] >= strength:
            continue
        if previous is not None:
            columns[previous[0]] = IGNORED
        chosen[field] = (column, strength)
        columns[column] = Column(field)
    _split_names(columns, chosen)
    if not pairings:
        _find_grid_block(grid, header_row, columns, chosen)
    return tuple(columns)


def _numbered_field(grid: SheetGrid, header_row: int, column: int) -> Field:
    """ROUND when the cells under a bare number look like ``12w1``, else OPPONENT."""
    swiss = other = 0
    for row in range(header_row + 1, min(len(grid.rows), header_row + 60)):
        text = plain_text(grid.value(row, column))
        if not text:
            continue
        if looks_swiss(text):
            swiss += 1
        else:
            other += 1
    return Field.ROUND if swiss > other else Field.OPPONENT


def _nearer_side(found: Sequence[tuple[Field, int] | None], column: int) -> int:
    """In a pairings sheet a ``No``, ``Rtg``, ``Tit``, ``Fed`` or ``FIDE ID`` column is White's (0) or Black's
    (1), by the nearer name column; between the two, White's (the column before it)."""
    distance = [len(found), len(found)]
    for other, known in enumerate(found):
        if known is not None and known[0] in (Field.WHITE_NAME, Field.BLACK_NAME):
            side = 0 if known[0] is Field.WHITE_NAME else 1
            distance[side] = min(distance[side], abs(other - column))
    return 0 if distance[0] <= distance[1] else 1


def _split_names(columns: list[Column], chosen: dict[Field, tuple[int, int]]) -> None:
    """``Name`` beside ``First name`` is the last name; beside ``Last name`` the first name."""
    if Field.NAME not in chosen:
        return
    column = chosen[Field.NAME][0]
    if Field.FIRST_NAME in chosen and Field.LAST_NAME not in chosen:
        columns[column] = Column(Field.LAST_NAME)
    elif Field.LAST_NAME in chosen and Field.FIRST_NAME not in chosen:
        columns[column] = Column(Field.FIRST_NAME)


def _find_grid_block(
    grid: SheetGrid, header_row: int, columns: list[Column], chosen: dict[Field, tuple[int, int]]
) -> None:
    """A round-robin grid whose opponent columns have no numbers: n unnamed columns after the name for
    n player rows, the diagonal blank or ``X``: they become the columns of players 1..n."""
    if any(c.field in (Field.ROUND, Field.OPPONENT) for c in columns):
        return
    names = [chosen[f][0] for f in NAME_FIELDS if f in chosen]
    if not names:
        return
    rows = [r for r in range(header_row + 1, len(grid.rows)) if plain_text(grid.value(r, max(names)))]
    rows = [r for r in rows if not is_totals(plain_text(grid.value(r, max(names))))]
    n = len(rows)
    if n < 2:
        return
    for start in range(max(names) + 1, len(columns) - n + 1):
        if any(columns[c] != IGNORED for c in range(start, start + n)):
            continue
        diagonal = all(diagonal_mark(grid.value(r, start + i)) for i, r in enumerate(rows))
        filled = sum(1 for i, r in enumerate(rows) for j in range(n) if i != j and grid.value(r, start + j) is not None)
        if diagonal and filled >= n:
            for j in range(n):
                columns[start + j] = Column(Field.OPPONENT, j + 1)
            return


def detect_layout(grid: SheetGrid, header_row: int, columns: Sequence[Column]) -> Layout:
    """PAIRINGS with white, black and result columns; SWISS_TABLE with round columns; ROUND_ROBIN with
    opponent columns; else PLAYER_LIST."""
    fields = {column.field for column in columns}
    if fields & {Field.WHITE, Field.WHITE_NAME} and fields & {Field.BLACK, Field.BLACK_NAME} and Field.RESULT in fields:
        return Layout.PAIRINGS
    if Field.ROUND in fields:
        return Layout.SWISS_TABLE
    if Field.OPPONENT in fields:
        return Layout.ROUND_ROBIN
    return Layout.PLAYER_LIST


def propose_sheet(grid: SheetGrid) -> SheetPlan:
    """The header row, columns and layout found in one sheet (header row 0 and all ignored when none)."""
    header = find_header_row(grid)
    if header is None:
        return SheetPlan(grid.name, Layout.PLAYER_LIST, 0, (IGNORED,) * grid.width)
    columns = map_columns(grid, header)
    return SheetPlan(grid.name, detect_layout(grid, header, columns), header, columns)


def propose(grids: Sequence[SheetGrid]) -> ImportPlan:
    """Which sheets to read and how: fidedesk's own workbook (Players + Rounds + Event), else the first
    sheet with results (a grid, Swiss table or pairings) and, for pairings, a player list beside it and,
    when it is a round sheet (:func:`is_round_sheet`), every other round sheet."""
    named = {grid.name.strip().casefold(): grid for grid in grids}
    event = next((grid.name for grid in grids if _is_event_sheet(grid)), None)
    if "players" in named and "rounds" in named:
        players = _forced(named["players"], Layout.PLAYER_LIST)
        rounds = _forced(named["rounds"], Layout.PAIRINGS)
        return ImportPlan(rounds, players, event)
    plans = [propose_sheet(grid) for grid in grids if grid.name != event and find_header_row(grid) is not None]
    lists = [plan for plan in plans if plan.layout is Layout.PLAYER_LIST and _has_names(plan)]
    results = [plan for plan in plans if plan.layout is not Layout.PLAYER_LIST]
    result = results[0] if results else None
    player_list = lists[0] if lists and (result is None or result.layout is Layout.PAIRINGS) else None
    # the other round sheets among the plans just made (proposing them again read each header twice)
    others = [plan for plan in plans if plan is not result] if result is not None and is_round_sheet(result) else []
    return ImportPlan(result, player_list, event, tuple(plan for plan in others if is_round_sheet(plan)))


def other_rounds(grids: Sequence[SheetGrid], first: SheetPlan) -> tuple[SheetPlan, ...]:
    """When ``first`` is a round sheet, the workbook's other round sheets as proposed, in workbook order."""
    if not is_round_sheet(first):
        return ()
    plans = (propose_sheet(grid) for grid in grids if grid.name != first.sheet and round_header(grid.name))
    return tuple(plan for plan in plans if is_round_sheet(plan))


def is_round_sheet(plan: SheetPlan) -> bool:
    """A sheet of pairings named as a round (``R1``, ``Round 2``, ``Rd 3``, ``4. Runde``): one of a workbook
    with a sheet per round, which are read together, each as its round."""
    return plan.layout is Layout.PAIRINGS and round_header(plan.sheet) is not None


def _forced(grid: SheetGrid, layout: Layout) -> SheetPlan:
    plan = propose_sheet(grid)
    return dataclasses.replace(plan, layout=layout)


def _has_names(plan: SheetPlan) -> bool:
    return any(column.field in NAME_FIELDS for column in plan.columns)


def _is_event_sheet(grid: SheetGrid) -> bool:
    if loose(grid.name) in ("event", "turnier", "tournoi", "torneo", "турнир", "tournament"):
        return True
    first = [loose(header_text(v)) for v in (grid.rows[0] if grid.rows else ())][:2]
    return first == ["field", "value"]
