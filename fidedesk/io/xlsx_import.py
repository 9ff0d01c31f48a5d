"""Tournaments from spreadsheets: find the header, map the columns, read the rows, report every problem.

Works on :class:`~fidedesk.io.xlsx_grid.SheetGrid` lists (no openpyxl, no Qt): :mod:`fidedesk.io.xlsx_read`
makes the grids, the import wizard and the command line call :func:`propose`, let the user correct the
:class:`ImportPlan` (with :func:`preview_rows` as the live preview) and call :func:`build`, which never
changes anything: it returns a new Tournament with every problem found, placed as ``Results!D7``.

Layouts
  a) ``PLAYER_LIST``: one player a row; a tournament without rounds.
  b) ``ROUND_ROBIN``: players down, opponents across (column ``Column(OPPONENT, n)`` holds the games
     against start rank n), a player's own cell ``X`` or blank.
  c) ``SWISS_TABLE``: players down, a column per round (``Column(ROUND, n)``) holding opponent, colour
     and result.
  d) ``PAIRINGS``: one board a row: round, board, white, black, result.

Finding the header and the columns
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
  like ``12w1``, else the column of the opponent with that start rank. In a pairings sheet a ``No``
  column is White's or Black's number, whichever name column it stands nearer to. Unknown columns
  are ignored; the user can change any mapping.

Players
  Numbered by the start-rank column (``No``, ``SNo``, ``Nr.``, ``№`` ...) when there is one, else in row
  order (the n-th row with a name is player n, imported or not, so that grids still line up). A row
  without a name is not a player: it is skipped and reported (a totals row, one with a cell
  ``Total``, ``Summe``, ``Итого`` ... and no start rank, says so). Blank rows, repeats of the header
  row and a template's unused rows (no text; numbers only in the No, rank or points column) are
  passed over silently.
  Values: text is stripped; numbers may be written as text with thousands separators (``2,350``,
  ``2 350``, ``2.350``, ``2'350``) or as ``2350.0``. Ratings 1-4000; ``0``, ``-``, ``NC``, ``unrated``
  or blank mean unrated. FIDE ID: a positive whole number (0 = none). Born: a year (``1985``), a date
  cell, ``YYYY-MM-DD``, ``YYYY-MM``, ``YYYY/MM/DD`` (``00`` for unknown parts), ``DD.MM.YYYY`` or
  ``DD/MM/YYYY``. Title: FIDE's codes in upper case, other text kept. Federation: three letters in upper
  case, other text kept. Sex: ``male``/``female`` words in the five languages become ``m``/``w``,
  other text is kept as written. ``2400+``: yes/no (ja/nein, oui/non, sí/no, да/нет, true/false, 1/0,
  x) or blank. Points: a number, ``5.5``, ``5,5``, ``5½``. Games, rank: whole numbers; K 1-100.

Swiss table cells (spaces and case do not matter; ``−`` and ``–`` are ``-``)
  * ``12w1``, ``5b½``, ``7b0``, ``12w=``, ``12b0.5``, ``12b0,5``, ``12w1/2``: opponent, colour, result;
    colours ``w`` (white), ``b``/``s``/``n`` (black: black, schwarz, noir/negras), Cyrillic ``б``
    (белые, white) and ``ч`` (чёрные, black); without a colour letter the colour is unknown (None).
  * ``12w+`` / ``12b-``: forfeit won / lost; ``12w(1)``, ``12b(½)``, ``12w(0)``: games not played
    out (TRF ``W``, ``D``, ``L``, as fidedesk's crosstable writes them); ``12w`` or ``12w?``: paired,
    result not entered yet. A bare number (``12``, ``121``) is refused: it has neither colour nor
    result (``12 1``, with a space, is opponent 12 and a win).
  * ``+12w``, ``-12b``, ``=12w``, ``½12b``: the result before the opponent (a played game).
    ``-1`` and ``-0`` alone are byes (below), so a loss against player 1 in that form needs its colour.
  * Byes (no opponent): ``-1``, ``bye``, ``+``, ``U``: pairing-allocated bye (1 point; ``+`` alone is
    how TRF16 files wrote it); ``bye 1``, ``F``, ``1F``: full-point bye; ``-½``, ``-=``, ``-0.5``,
    ``bye ½``, ``H``: half-point bye; ``-0``, ``-``, ``bye 0``, ``Z``, ``0F``: zero-point bye or
    absence; ``-+`` and ``--``: a forfeit won or lost without an opponent (TRF ``+``/``-`` with 0000).
  * Blank: no entry for that round (the player was not in the event then).
  * ``1``, ``½``, ``0`` alone are refused: a result without an opponent is not a game.
  Every game must be written by both players: ``12w1`` in player 5's row needs ``5b0`` in player 12's
  row (core.pairings); a mismatch is reported at both cells and neither is imported, as are two
  players both with white. The players themselves are imported.

Round-robin grid cells
  ``1``, ``0``, ``½`` (``0.5``, ``0,5``, ``1/2``, ``=``), ``+``, ``-``, ``(1)``, ``(½)``, ``(0)``, ``?``;
  a double round robin has two results in a cell, space-separated (``1 ½``) or run together (``1½``,
  ``10``). A player's own cell may be blank, ``X``, ``*``, ``-`` or ``—``. A blank cell is a game not
  (yet) played. When both cells of a pair are filled they must mirror each other (else the problem is
  reported at both and the game skipped); when only one is (a grid filled above the diagonal), the
  other is taken as its mirror. Colours are unknown (None). Rounds follow FIDE's Berger tables (C.05
  Annex 1) by the players' order of start rank: the pair (i, j) of n players (one more, a dummy, when
  n is odd) meets in round ((i + j - 2) mod (N - 1)) + 1, and a player i against the dummy's place N
  in round ((2i - 2) mod (N - 1)) + 1; the second game of a double round robin N - 1 rounds later.
  The grid does not say when a game was played; no rating figure depends on it. System: round robin,
  or double round robin when a cell holds two results.

Pairings (layout d)
  Results as :func:`fidedesk.core.notation.parse_board_result` reads them: ``1-0``, ``½-½``, ``1/2-1/2``,
  ``0-1``, ``+--``, ``--+``, ``0-0`` (double forfeit), ``-/-``, ``1-0 u`` ..., blank or ``?``: not entered.
  A line without Black (blank, ``bye`` or ``-``) is a bye: ``bye 1`` (full point), ``bye ½``,
  ``bye 1 (pairing)``, ``bye 0``, ``1``, ``½``, ``0`` (:func:`~fidedesk.core.notation.parse_bye_result`),
  or any board result, which is White's code without an opponent. White and Black are start ranks or
  names (looked up in the player list; without a player list, players are made from the names and
  numbers in the order they appear). The round comes from a Round column, else from a title line
  above the boards (``Round 3``, ``Runde 3``, ``3. Runde``, ``Тур 3`` ...), else from the sheet's name
  (``R3``), else it is round 1. A ``Colours`` column reading ``unknown`` gives both players no colour.
  A player on two boards of one round: the second line is skipped.

fidedesk's own workbook (the spreadsheet export) is read losslessly: sheets ``Event`` (Field | Value),
``Players`` and ``Rounds`` (layout d); ``Crosstable``, ``Standings`` and ``Rating changes`` are then
ignored. Text cells are stripped, so a name's leading or trailing spaces are not kept.

Counts and skipping: ``rows_imported`` and ``rows_skipped`` count the data rows of the sheets read
(players and boards). A row with a problem in a player's own cells, a board line with any problem, and
a row without a name are skipped; a problem in a result cell of a grid or Swiss table drops that game
(both players' cells), the players stay. Games against a player who is not imported are dropped and
reported at the cell. The event sheet is read when there is one; ``build(info=...)`` replaces it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Final, cast

from fidedesk.core.notation import (
    BOARD_RESULT_HINT,
    BOARD_TEXT,
    board_text,
    cell_text,
    parse_board_result,
    parse_bye_result,
    score_text,
)
from fidedesk.core.pairings import PairingFault, pairing_problems
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import (
    TITLES,
    BirthDate,
    EventInfo,
    Player,
    PlayerRecord,
    RatingKind,
    RoundEntry,
    System,
    Tournament,
)
from fidedesk.io.folding import fold
from fidedesk.io.xlsx_grid import CellValue, SheetGrid, Unreadable, cell_place

__all__ = [
    "Column",
    "Field",
    "ImportPlan",
    "ImportResult",
    "Layout",
    "PreviewCell",
    "PreviewRow",
    "Problem",
    "SheetPlan",
    "build",
    "detect_layout",
    "find_header_row",
    "map_columns",
    "preview_rows",
    "propose",
    "propose_sheet",
]


class Layout(enum.Enum):
    """How a sheet lays out what it holds."""

    PLAYER_LIST = "player list"
    ROUND_ROBIN = "round-robin grid"
    SWISS_TABLE = "Swiss table"
    PAIRINGS = "pairings"


class Field(enum.Enum):
    """What a column holds; the value is the label the wizard shows."""

    IGNORE = "(ignore)"
    START_RANK = "Start rank"
    NAME = "Name"
    LAST_NAME = "Last name"
    FIRST_NAME = "First name"
    TITLE = "Title"
    FEDERATION = "Federation"
    FIDE_ID = "FIDE ID"
    RATING = "Rating"
    BIRTH = "Born"
    SEX = "Sex"
    GAMES = "Games before"
    EVER_2400 = "Reached 2400"
    K = "K"
    STANDARD_RATING = "Standard rating"
    POINTS = "Points"
    RANK = "Rank"
    #: A Swiss table's round column (Column.number is the round).
    ROUND = "Round"
    #: A round-robin grid's column (Column.number is the opponent's start rank).
    OPPONENT = "Opponent"
    ROUND_NUMBER = "Round number"
    BOARD = "Board"
    #: White's start rank (or name).
    WHITE = "White no."
    WHITE_NAME = "White"
    BLACK = "Black no."
    BLACK_NAME = "Black"
    RESULT = "Result"
    #: ``unknown`` on a board whose colours are not known (fidedesk's export).
    COLOURS = "Colours"

    @property
    def label(self) -> str:
        return self.value

    @property
    def numbered(self) -> bool:
        """A field that needs Column.number (a round or an opponent)."""
        return self in (Field.ROUND, Field.OPPONENT)


@dataclasses.dataclass(frozen=True)
class Column:
    """What one grid column holds; ``number`` is the round (ROUND) or the opponent's start rank (OPPONENT)."""

    field: Field
    number: int | None = None

    @property
    def label(self) -> str:
        return f"{self.field.label} {self.number}" if self.number is not None else self.field.label


IGNORED: Final = Column(Field.IGNORE)


@dataclasses.dataclass(frozen=True)
class SheetPlan:
    """How to read one sheet: its layout, its 0-based header row and one Column per grid column."""

    sheet: str
    layout: Layout
    header_row: int
    columns: tuple[Column, ...]


@dataclasses.dataclass(frozen=True)
class Problem:
    """Something that could not be imported: where (``Results!D7``, or ``Results!7`` for a row) and why."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclasses.dataclass(frozen=True)
class ImportPlan:
    """Which sheets to read: the results (any layout), a player list, the event sheet; None when absent."""

    results: SheetPlan | None
    players: SheetPlan | None
    event_sheet: str | None


@dataclasses.dataclass(frozen=True)
class ImportResult:
    """The tournament the plan gives, every problem, and the data rows imported and skipped."""

    tournament: Tournament
    problems: tuple[Problem, ...]
    rows_imported: int
    rows_skipped: int


@dataclasses.dataclass(frozen=True)
class PreviewCell:
    """One cell as it will be read: ``shown`` is the value understood ("" when blank), or the problem."""

    column: int
    field: Field
    shown: str
    problem: str | None = None


@dataclasses.dataclass(frozen=True)
class PreviewRow:
    """One row below the header: ``status`` is "import", "skip" (with ``problem``) or "ignore" (blank,
    a repeated header, a round's title line)."""

    row: int
    status: str
    cells: tuple[PreviewCell, ...]
    problem: str | None = None


# ---------------------------------------------------------------------------------------------- header names


def _normal(text: str) -> str:
    """A header or word compared loosely: lower case, no accents, punctuation as spaces."""
    return " ".join(re.sub(r"[^\w+]+", " ", fold(text)).split())


def _aliases(field: Field, *names: str) -> dict[str, Field]:
    return {_normal(name): field for name in names}


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
}  # fmt: skip

#: Names that map a field only when no stronger name does (a bare "ID" is often a national one).
_WEAK: Final[dict[str, Field]] = {"id": Field.FIDE_ID, "identifier": Field.FIDE_ID, "code": Field.FIDE_ID}

_ROUND_WORDS = r"(?:rd|rnd|r|round|runde|rde|ronde|ronda|rodada|тур|т)"
_ROUND_HEADER = re.compile(rf"(?:{_ROUND_WORDS}\s*(\d{{1,3}})|(\d{{1,3}})\s*(?:{_ROUND_WORDS}|a|e|er|eme|st|nd|th))")
_NUMBER_HEADER = re.compile(r"\d{1,4}")
_ROUND_TITLE = re.compile(rf"(?:{_ROUND_WORDS}\s*(\d{{1,3}})|(\d{{1,3}})\s*{_ROUND_WORDS})(?:\s.*)?")
_TOTALS: Final = frozenset(
    _normal(word)
    for word in ("Total", "Totals", "Sum", "Summe", "Gesamt", "Insgesamt", "Average", "Durchschnitt", "Schnitt",
                 "Moyenne", "Totaux", "Suma", "Promedio", "Итого", "Всего", "Среднее", "Σ", "Ø")
)  # fmt: skip

#: Fields read from a player's row (any layout but pairings).
_PLAYER_FIELDS: Final = (
    Field.START_RANK, Field.NAME, Field.LAST_NAME, Field.FIRST_NAME, Field.TITLE, Field.FEDERATION, Field.FIDE_ID,
    Field.RATING, Field.BIRTH, Field.SEX, Field.GAMES, Field.EVER_2400, Field.K, Field.STANDARD_RATING, Field.POINTS,
    Field.RANK,
)  # fmt: skip
_NAME_FIELDS: Final = (Field.NAME, Field.LAST_NAME, Field.FIRST_NAME)
_BOARD_FIELDS: Final = (
    Field.ROUND_NUMBER, Field.BOARD, Field.WHITE, Field.WHITE_NAME, Field.BLACK, Field.BLACK_NAME, Field.RESULT,
    Field.COLOURS,
)  # fmt: skip
_HEADER_SEARCH = 100


def _header_text(value: CellValue) -> str:
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
    key = _normal(text)
    if key in _ALIASES:
        return _ALIASES[key], 2
    if key in _WEAK:
        return _WEAK[key], 1
    return None


def _round_header(text: str) -> int | None:
    """The round a header such as ``1.Rd``, ``R3`` or ``Runde 2`` names."""
    match = _ROUND_HEADER.fullmatch(_normal(text))
    if match is None:
        return None
    number = int(match[1] or match[2])
    return number if number > 0 else None


def _header_score(row: Sequence[CellValue]) -> int:
    score = 0
    for value in row:
        text = _header_text(value)
        if text and not _NUMBER_HEADER.fullmatch(text) and (_known_field(text) or _round_header(text)):
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
        text = _header_text(grid.value(header_row, column))
        known = _known_field(text) if text else None
        if known is None and text:
            round_ = _round_header(text)
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
        if pairings and field is Field.START_RANK:
            field = _nearer_player(found, column)
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
        text = _plain_text(grid.value(row, column))
        if not text:
            continue
        if _looks_swiss(text):
            swiss += 1
        else:
            other += 1
    return Field.ROUND if swiss > other else Field.OPPONENT


def _nearer_player(found: Sequence[tuple[Field, int] | None], column: int) -> Field:
    """In a pairings sheet a ``No`` column is White's or Black's number, by the nearer name column."""
    distance = {Field.WHITE: len(found), Field.BLACK: len(found)}
    for other, known in enumerate(found):
        if known is not None and known[0] in (Field.WHITE_NAME, Field.BLACK_NAME):
            side = Field.WHITE if known[0] is Field.WHITE_NAME else Field.BLACK
            distance[side] = min(distance[side], abs(other - column))
    return Field.WHITE if distance[Field.WHITE] <= distance[Field.BLACK] else Field.BLACK


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
    names = [chosen[f][0] for f in _NAME_FIELDS if f in chosen]
    if not names:
        return
    rows = [r for r in range(header_row + 1, len(grid.rows)) if _plain_text(grid.value(r, max(names)))]
    rows = [r for r in rows if _normal(_plain_text(grid.value(r, max(names)))) not in _TOTALS]
    n = len(rows)
    if n < 2:
        return
    for start in range(max(names) + 1, len(columns) - n + 1):
        if any(columns[c] != IGNORED for c in range(start, start + n)):
            continue
        diagonal = all(_diagonal_mark(grid.value(r, start + i)) for i, r in enumerate(rows))
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


_EXPORT_PEOPLE: Final = ("crosstable", "standings", "rating changes")


def propose(grids: Sequence[SheetGrid]) -> ImportPlan:
    """Which sheets to read and how: fidedesk's own workbook (Players + Rounds + Event), else the first
    sheet with results (a grid, Swiss table or pairings) and, for pairings, a player list beside it."""
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
    return ImportPlan(result, player_list, event)


def _forced(grid: SheetGrid, layout: Layout) -> SheetPlan:
    plan = propose_sheet(grid)
    return dataclasses.replace(plan, layout=layout)


def _has_names(plan: SheetPlan) -> bool:
    return any(column.field in _NAME_FIELDS for column in plan.columns)


def _is_event_sheet(grid: SheetGrid) -> bool:
    if _normal(grid.name) in ("event", "turnier", "tournoi", "torneo", "турнир", "tournament"):
        return True
    first = [_normal(_header_text(v)) for v in (grid.rows[0] if grid.rows else ())][:2]
    return first == ["field", "value"]


# ---------------------------------------------------------------------------------------------- cell values


class _Bad(Exception):
    """A cell that cannot be read as its column says; the message says why."""


def _show(value: CellValue) -> str:
    """A cell's value for a message."""
    if isinstance(value, str):
        return f'"{value.strip()}"'
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return f"the date {value.date().isoformat()}" if value.time() == dt.time() else f"the time {value}"
    if isinstance(value, dt.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _unreadable(value: Unreadable) -> _Bad:
    if value is Unreadable.FORMULA_WITHOUT_VALUE:
        return _Bad("a formula without a saved result: open the file in Excel or LibreOffice and save it")
    return _Bad("an error value (#REF!, #DIV/0! ...): correct the cell")


def _plain_text(value: CellValue) -> str:
    """The text of a cell for a field that takes text; numbers as written (2350, 0.5)."""
    if value is None or isinstance(value, Unreadable):
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def _text(value: CellValue) -> str:
    if isinstance(value, Unreadable):
        raise _unreadable(value)
    return _plain_text(value)


_GROUPED = re.compile(r"\d{1,3}(?:([ ,.'\u00a0\u202f])\d{3})(?:\1\d{3})*")
_WHOLE_DECIMAL = re.compile(r"(\d+)[.,]0+")


def _whole(value: CellValue, what: str) -> int | None:
    """A whole number from a number cell or text (``2,350``, ``2 350``, ``2350.0``); None when blank."""
    if value is None:
        return None
    if isinstance(value, Unreadable):
        raise _unreadable(value)
    if isinstance(value, (bool, dt.date, dt.time)):
        raise _Bad(f"{_show(value)}, not {what}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise _Bad(f"{_show(value)} is not {what}")
    text = value.strip()
    if not text:
        return None
    if text.isdigit() and text.isascii():
        return int(text)
    if _GROUPED.fullmatch(text):
        return int(re.sub(r"\D", "", text))
    match = _WHOLE_DECIMAL.fullmatch(text)
    if match:
        return int(match[1])
    raise _Bad(f"{_show(value)} is not {what}")


def _bounded(value: CellValue, what: str, low: int, high: int) -> int | None:
    number = _whole(value, what)
    if number is not None and not low <= number <= high:
        raise _Bad(f"{number} is not {what} ({low}–{high})")
    return number


_UNRATED_WORDS: Final = frozenset({"-", "nc", "unr", "unrated", "n a", "na", "none", "ohne", "нет", "sin elo", "s e"})


def _rating(value: CellValue) -> int | None:
    """A rating 1-4000; 0, blank and words for unrated give None."""
    if isinstance(value, str) and (_normal(value) in _UNRATED_WORDS or value.strip() in ("-", "–", "—")):
        return None
    rating = _bounded(value, "a rating", 0, 4000)
    return rating or None


def _fide_id(value: CellValue) -> int | None:
    number = _whole(value, "a FIDE ID")
    if number is not None and number < 0:
        raise _Bad(f"{number} is not a FIDE ID")
    return number or None


def _start_rank(value: CellValue) -> int | None:
    return _bounded(value, "a start rank", 1, 99999)


_TITLES: Final = frozenset({*TITLES, "HGM"})


def _title(value: CellValue) -> str:
    text = _text(value)
    return text.upper() if text.upper() in _TITLES else text


def _federation(value: CellValue) -> str:
    text = _text(value)
    return text.upper() if re.fullmatch(r"[A-Za-z]{3}", text) else text


_SEXES: Final[dict[str, str]] = {
    **dict.fromkeys(["male", "man", "mannlich", "masculin", "homme", "masculino", "hombre", "мужской", "муж"], "m"),
    **dict.fromkeys(["female", "woman", "weiblich", "feminin", "femme", "femenino", "mujer", "женский", "жен", "ж"],
                    "w"),
}  # fmt: skip


def _sex(value: CellValue) -> str:
    text = _text(value)
    return _SEXES.get(_normal(text), text)


_YES: Final = frozenset({"yes", "y", "ja", "j", "oui", "si", "да", "true", "1", "x", "wahr", "vrai"})
_NO: Final = frozenset({"no", "n", "nein", "non", "нет", "false", "0", "falsch", "faux"})


def _yes_no(value: CellValue) -> bool | None:
    if isinstance(value, bool):
        return value
    text = _normal(_text(value))
    if not text:
        return None
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise _Bad(f"{_show(value)} is not yes or no")


_POINTS_TEXT = re.compile(r"(\d{1,4})?(?:([.,]\d{1,4})|\s*(½))?")


def _points(value: CellValue) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, Unreadable):
        raise _unreadable(value)
    if isinstance(value, (bool, dt.date, dt.time)):
        raise _Bad(f"{_show(value)}, not points")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    text = value.strip()
    if not text:
        return None
    match = _POINTS_TEXT.fullmatch(text)
    if match is None or not (match[1] or match[2] or match[3]):
        raise _Bad(f"{_show(value)} is not a number of points")
    points = Fraction(int(match[1] or 0))
    if match[2]:
        points += Fraction(match[2].replace(",", "."))
    if match[3]:
        points += Fraction(1, 2)
    return points


_BIRTH_YEAR_FIRST = re.compile(r"(\d{4})(?:([-/.])(\d{1,2})(?:\2(\d{1,2}))?)?")
_BIRTH_DAY_FIRST = re.compile(r"(\d{1,2})([./-])(\d{1,2})\2(\d{4})")
_BIRTH_HINT = "YYYY, YYYY-MM-DD or DD.MM.YYYY"


def _birth(value: CellValue) -> BirthDate | None:
    if value is None:
        return None
    if isinstance(value, Unreadable):
        raise _unreadable(value)
    if isinstance(value, dt.datetime):
        return BirthDate(value.year, value.month, value.day)
    if isinstance(value, dt.date):
        return BirthDate(value.year, value.month, value.day)
    if isinstance(value, (bool, dt.time)):
        raise _Bad(f"{_show(value)} is not a birth date ({_BIRTH_HINT})")
    if isinstance(value, (int, float)):
        if float(value).is_integer() and 1 <= value <= 9999:
            return BirthDate(int(value))
        raise _Bad(f"{_show(value)} is not a birth date ({_BIRTH_HINT})")
    text = value.strip()
    if not text:
        return None
    year_first = _BIRTH_YEAR_FIRST.fullmatch(text)
    day_first = _BIRTH_DAY_FIRST.fullmatch(text)
    if year_first:
        year, month, day = int(year_first[1]), int(year_first[3] or 0), int(year_first[4] or 0)
    elif day_first:
        year, month, day = int(day_first[4]), int(day_first[3]), int(day_first[1])
    else:
        raise _Bad(f"{_show(value)} is not a birth date ({_BIRTH_HINT})")
    if year == 0 or month > 12 or (day and not month):
        raise _Bad(f"{_show(value)} is not a birth date ({_BIRTH_HINT})")
    if day:
        try:
            dt.date(year, month, day)
        except ValueError:
            raise _Bad(f"{_show(value)} is not a date in the calendar") from None
    return BirthDate(year, month or None, day or None)


_READERS: Final[dict[Field, Callable[[CellValue], object]]] = {
    Field.START_RANK: _start_rank,
    Field.NAME: _text,
    Field.LAST_NAME: _text,
    Field.FIRST_NAME: _text,
    Field.TITLE: _title,
    Field.FEDERATION: _federation,
    Field.FIDE_ID: _fide_id,
    Field.RATING: _rating,
    Field.BIRTH: _birth,
    Field.SEX: _sex,
    Field.GAMES: lambda value: _bounded(value, "a number of games", 0, 10**6),
    Field.EVER_2400: _yes_no,
    Field.K: lambda value: _bounded(value, "a K factor", 1, 100),
    Field.STANDARD_RATING: _rating,
    Field.POINTS: _points,
    Field.RANK: lambda value: _bounded(value, "a rank", 0, 10**6),
}


def _shown(value: object) -> str:
    """A parsed value as the preview shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return score_text(value)
    if isinstance(value, BirthDate):
        parts = [f"{value.year:04d}"] + [f"{part:02d}" for part in (value.month, value.day) if part]
        return "-".join(parts)
    if isinstance(value, RoundEntry):
        return cell_text(value)
    return str(value)


# ---------------------------------------------------------------------------------------------- result cells

_COLOURS: Final[dict[str, str]] = {"w": "w", "б": "w", "b": "b", "s": "b", "n": "b", "ч": "b"}
_SCORE = r"1|0|½|=|\+|-|0?[.,]5|1/2|\(1\)|\(½\)|\(0\)|\(=\)|\?"
_SWISS_GAME = re.compile(rf"(?P<opp>\d{{1,5}}) ?(?P<col>[wbsnбч])? ?(?P<res>{_SCORE})?")
_SWISS_PREFIX = re.compile(r"(?P<res>[+\-=½]) ?(?P<opp>\d{1,5}) ?(?P<col>[wbsnбч])?")
_SUFFIX_CODES: Final[dict[str, R]] = {
    "1": R.WIN, "0": R.LOSS, "½": R.DRAW, "=": R.DRAW, "0.5": R.DRAW, "0,5": R.DRAW, ".5": R.DRAW, ",5": R.DRAW,
    "1/2": R.DRAW, "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS, "(1)": R.WIN_UNPLAYED, "(½)": R.DRAW_UNPLAYED,
    "(=)": R.DRAW_UNPLAYED, "(0)": R.LOSS_UNPLAYED, "?": R.PENDING, "": R.PENDING,
}  # fmt: skip
_PREFIX_CODES: Final[dict[str, R]] = {"+": R.WIN, "-": R.LOSS, "=": R.DRAW, "½": R.DRAW}
_SWISS_BYES: Final[dict[str, R]] = {
    **dict.fromkeys(["-1", "bye", "+", "u", "bye1(pairing)"], R.PAIRING_BYE),
    **dict.fromkeys(["bye1", "f", "1f"], R.FULL_BYE),
    **dict.fromkeys(["-½", "-=", "-0.5", "-0,5", "-1/2", "-.5", "bye½", "bye1/2", "bye0.5", "h"], R.HALF_BYE),
    **dict.fromkeys(["-0", "-", "bye0", "z", "0f"], R.ZERO_BYE),
    "-+": R.FORFEIT_WIN,
    "--": R.FORFEIT_LOSS,
    "-(1)": R.WIN_UNPLAYED,
    "-(0)": R.LOSS_UNPLAYED,
    "-(½)": R.DRAW_UNPLAYED,
}  # fmt: skip
_SWISS_HINT = "12w1, 5b½, 7b0, 12w+, 12b-, -1 or bye, -½, -0"
_RR_HINT = "1, ½, 0, =, +, -"


def _cell_key(text: str, sep: str = "") -> str:
    """A cell's text in lower case, dashes as ``-``, without spaces (``sep=" "``: single spaces)."""
    return sep.join(text.split()).lower().replace("−", "-").replace("–", "-").replace("—", "-")


#: Bye forms that a round-robin cell may also hold (forfeits): they do not make a column a round.
_SHARED_FORMS: Final = frozenset({"-", "+", "--", "-+", "f", "h", "u", "z"})


def _looks_swiss(text: str) -> bool:
    """A cell that only a Swiss table holds: an opponent with a colour (12w1) or a bye (-1, -½)."""
    match = _SWISS_GAME.fullmatch(_cell_key(text, " "))
    key = _cell_key(text)
    return bool(match and match["col"]) or (key in _SWISS_BYES and key not in _SHARED_FORMS)


def _result_text(value: CellValue) -> str:
    """A result cell's text: numbers as written (1, 0.5, -1), text stripped; a date is refused."""
    if isinstance(value, Unreadable):
        raise _unreadable(value)
    if isinstance(value, (dt.date, dt.time, bool)):
        raise _Bad(f"{_show(value)}, not a result: format the column as text")
    return _plain_text(value)


def _swiss_cell(value: CellValue, round_: int) -> RoundEntry | None:
    """A Swiss table's cell: the round entry (opponent None for a bye), None when blank."""
    text = _result_text(value)
    if not text:
        return None
    key, spaced = _cell_key(text), _cell_key(text, " ")
    if key in _SWISS_BYES:
        return RoundEntry(round_, None, None, _SWISS_BYES[key])
    match = _SWISS_GAME.fullmatch(spaced)
    if match and (match["col"] or match["res"]):
        colour = _COLOURS.get(match["col"] or "")
        return RoundEntry(round_, int(match["opp"]), colour, _SUFFIX_CODES[match["res"] or ""])
    match = _SWISS_PREFIX.fullmatch(spaced)
    if match:
        return RoundEntry(round_, int(match["opp"]), _COLOURS.get(match["col"] or ""), _PREFIX_CODES[match["res"]])
    if key in _SUFFIX_CODES:
        raise _Bad(f"{_show(value)} has no opponent: write the game as 12w1, a bye as -1, -½ or -0")
    raise _Bad(f"{_show(value)} is not a round ({_SWISS_HINT})")


_RR_CODES: Final[dict[str, R]] = {
    "1": R.WIN, "0": R.LOSS, "½": R.DRAW, "=": R.DRAW, "0.5": R.DRAW, "0,5": R.DRAW, ".5": R.DRAW, ",5": R.DRAW,
    "1/2": R.DRAW, "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS, "(1)": R.WIN_UNPLAYED, "(½)": R.DRAW_UNPLAYED,
    "(=)": R.DRAW_UNPLAYED, "(0)": R.LOSS_UNPLAYED, "?": R.PENDING, "1.0": R.WIN, "0.0": R.LOSS,
}  # fmt: skip
_DIAGONAL: Final = frozenset({"x", "xx", "*", "-", "--", "×", "■", "#", "/", "\\"})


def _diagonal_mark(value: CellValue) -> bool:
    return value is None or (isinstance(value, str) and _cell_key(value) in (_DIAGONAL | {""}))


def _grid_cell(value: CellValue) -> tuple[R, ...]:
    """A round-robin cell: one result, or two (or more) for a double round robin; () when blank."""
    text = _result_text(value)
    if not text:
        return ()
    parts = text.replace(";", " ").split()
    codes: list[R] = []
    for part in parts:
        key = _cell_key(part)
        if key in _RR_CODES:
            codes.append(_RR_CODES[key])
        elif len(key) > 1 and all(ch in "10½=+-?" for ch in key):
            codes.extend(_RR_CODES[ch] for ch in key)
        else:
            raise _Bad(f"{_show(value)} is not a result ({_RR_HINT})")
    return tuple(codes)


def _board_result(value: CellValue) -> tuple[R, R]:
    text = _result_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise _Bad(f"{_show(value)} is not a result ({BOARD_RESULT_HINT})")
    try:
        return parse_board_result(text)
    except ValueError:
        raise _Bad(f"{_show(value)} is not a result ({BOARD_RESULT_HINT})") from None


def _bye_result(value: CellValue) -> R:
    text = _result_text(value)
    try:
        return parse_bye_result(text)
    except ValueError:
        pass
    try:
        code, _black = parse_board_result(text)
    except ValueError:
        code = R.PENDING
    if not text or code is R.PENDING:
        raise _Bad(f"{_show(value) if text else 'blank'} is not a bye's result (bye 1, bye ½, bye 0, 1, ½, 0)")
    return code


# ---------------------------------------------------------------------------------------------- reading rows


@dataclasses.dataclass
class _Row:
    """One data row as read: the values of its single fields, its round/opponent cells, its problems."""

    row: int
    values: dict[Field, object]
    problems: dict[int | None, str]  # column (None: the row) -> message
    shown: dict[int, str]
    cells: dict[int, object]  # ROUND/OPPONENT/RESULT columns -> parsed cell
    status: str = "import"
    #: A player's row (it has a name, or a name cell that cannot be read): it takes a start rank.
    player: bool = False


class _CellRef:
    """A cell's place and its text as understood, worked out only when a message names the cell (few do)."""

    __slots__ = ("_column", "_row", "_sheet", "_value")

    def __init__(self, sheet: _Sheet, row: int, column: int, value: object) -> None:
        self._sheet, self._row, self._column, self._value = sheet, row, column, value

    def __getitem__(self, index: int) -> str:
        return self._sheet.place(self._row, self._column) if index == 0 else _shown(self._value)

    def __iter__(self) -> Iterator[str]:
        yield self[0]
        yield self[1]


class _Sheet:
    """A sheet under a plan: columns by field, and the data rows in order."""

    def __init__(self, grid: SheetGrid, plan: SheetPlan, *, preview: bool = False) -> None:
        self.grid = grid
        self.plan = plan
        #: Whether rows keep each cell's text as understood (the wizard's preview); a build needs it only
        #: for the few cells a message names, and works those out when it does.
        self.preview = preview
        width = max(grid.width, len(plan.columns))
        self.columns = tuple(plan.columns[c] if c < len(plan.columns) else IGNORED for c in range(width))
        self.single: dict[Field, int] = {}
        for index, column in enumerate(self.columns):
            if not column.field.numbered and column.field is not Field.IGNORE:
                self.single.setdefault(column.field, index)
        self.header = tuple(_header_text(grid.value(plan.header_row, c)) for c in range(width))

    def place(self, row: int, column: int | None = None) -> str:
        return cell_place(self.grid.name, row, column)

    def rows(self) -> Iterable[tuple[int, tuple[CellValue, ...]]]:
        for index in range(self.plan.header_row + 1, len(self.grid.rows)):
            yield index, tuple(self.grid.value(index, c) for c in range(len(self.columns)))

    def is_blank(self, values: Sequence[CellValue]) -> bool:
        return all(v is None or (isinstance(v, str) and not v.strip()) for v in values)

    def is_header_repeat(self, values: Sequence[CellValue]) -> bool:
        if not any(self.header) or len(values) != len(self.header):
            return False
        return all(_header_text(value) == header for value, header in zip(values, self.header, strict=True))


def _read_player_cells(sheet: _Sheet, index: int, values: Sequence[CellValue], row: _Row) -> None:
    for field in _PLAYER_FIELDS:
        column = sheet.single.get(field)
        if column is None:
            continue
        try:
            parsed = _READERS[field](values[column])
        except _Bad as bad:
            row.problems[column] = str(bad)
            row.shown[column] = _plain_text(values[column])
            continue
        row.values[field] = parsed
        if sheet.preview:
            row.shown[column] = _shown(parsed)


def _player_name(row: _Row) -> str:
    name = str(row.values.get(Field.NAME) or "")
    last = str(row.values.get(Field.LAST_NAME) or "")
    first = str(row.values.get(Field.FIRST_NAME) or "")
    if name:
        return name
    if last and first:
        return f"{last}, {first}"
    return last or first


def _totals_word(values: Sequence[CellValue]) -> str | None:
    for value in values:
        if isinstance(value, str) and _normal(value) in _TOTALS:
            return value.strip()
    return None


def _read_player_row(sheet: _Sheet, index: int, values: Sequence[CellValue]) -> _Row:
    """A row of a player list, grid or Swiss table: the player's cells, then its round/opponent cells."""
    row = _Row(index, {}, {}, {}, {})
    _read_player_cells(sheet, index, values, row)
    for column, spec in enumerate(sheet.columns):
        if spec.field is Field.ROUND and spec.number is not None:
            try:
                entry = _swiss_cell(values[column], spec.number)
            except _Bad as bad:
                row.problems[column] = str(bad)
                row.shown[column] = _plain_text(values[column])
                continue
            row.cells[column] = entry
            if sheet.preview:
                row.shown[column] = _shown(entry)
        elif spec.field is Field.OPPONENT and spec.number is not None:
            row.cells[column] = values[column]  # read later: the diagonal depends on the player's number
            if sheet.preview:
                row.shown[column] = _plain_text(values[column])
    # a player may be called "Total": with a start rank of its own the row is a player's
    totals = _totals_word(values) if row.values.get(Field.START_RANK) is None else None
    name_columns = [sheet.single[f] for f in _NAME_FIELDS if f in sheet.single]
    row.player = totals is None and (bool(_player_name(row)) or any(c in row.problems for c in name_columns))
    if totals is not None:
        row.status = "skip"
        row.problems.clear()
        row.problems[None] = f'a totals row ("{totals}"), not a player: not imported'
    elif not _player_name(row) and not any(c in row.problems for c in name_columns):
        row.status = "skip"
        where = name_columns[0] if name_columns else None
        row.problems[where] = "no name: the row is not imported"
    elif any(column in row.problems for column, spec in enumerate(sheet.columns) if spec.field in _PLAYER_FIELDS):
        row.status = "skip"
    return row


#: Cells that a template or formulas fill in on rows nobody has used yet.
_PREFILLED: Final = frozenset({Field.START_RANK, Field.RANK, Field.POINTS, Field.IGNORE})


def _classify(sheet: _Sheet, values: Sequence[CellValue]) -> str | None:
    """Why a row is passed over silently, or None for a data row: blank, the header again, or an unused
    row of a template (numbers only in the No, rank, points or unmapped columns, no text anywhere)."""
    if sheet.is_blank(values):
        return "blank"
    if sheet.is_header_repeat(values):
        return "header"
    if sheet.plan.layout is not Layout.PAIRINGS and not any(isinstance(v, str) and v.strip() for v in values):
        filled = [c for c, v in enumerate(values) if v is not None]
        if all(sheet.columns[c].field in _PREFILLED for c in filled):
            return "unused"
    return None


# ---------------------------------------------------------------------------------------------- building


@dataclasses.dataclass
class _Builder:
    """The state of one build: problems in order, counts, players by start rank, where their cells are."""

    problems: list[Problem] = dataclasses.field(default_factory=list)
    imported: int = 0
    skipped: int = 0
    players: dict[int, Player] = dataclasses.field(default_factory=dict)
    order: list[int] = dataclasses.field(default_factory=list)
    #: start ranks of rows that were skipped (so that games against them say so)
    skipped_ranks: dict[int, str] = dataclasses.field(default_factory=dict)
    entries: dict[int, dict[int, RoundEntry]] = dataclasses.field(default_factory=dict)
    #: (start rank, round) -> (place of the cell, its text) for messages
    cells: dict[tuple[int, int], tuple[str, str] | _CellRef] = dataclasses.field(default_factory=dict)
    double: bool = False
    #: (start rank, round) -> place of a Swiss cell that could not be read
    bad_cells: dict[tuple[int, int], str] = dataclasses.field(default_factory=dict)

    def problem(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def add_player(self, player: Player) -> None:
        self.players[player.start_rank] = player
        self.order.append(player.start_rank)
        self.entries.setdefault(player.start_rank, {})


def _read_players(sheet: _Sheet, builder: _Builder) -> list[tuple[_Row, int | None]]:
    """Every data row of a player-bearing sheet with its start rank (None when it has none); players added."""
    rows: list[tuple[_Row, int | None]] = []
    used: dict[int, int] = {}
    position = 0
    numbered = Field.START_RANK in sheet.single
    for index, values in sheet.rows():
        if _classify(sheet, values) is not None:
            continue
        row = _read_player_row(sheet, index, values)
        rank: int | None = None
        if row.player:
            position += 1
            if numbered:
                column = sheet.single[Field.START_RANK]
                value = row.values.get(Field.START_RANK)
                if column not in row.problems:
                    if value is None:
                        row.problems[column] = "no start rank"
                        row.status = "skip"
                    elif isinstance(value, int) and value in used:
                        row.problems[column] = (
                            f"start rank {value} is already used in {sheet.place(used[value], column)}"
                        )
                        row.status = "skip"
                    elif isinstance(value, int):
                        rank = value
                        used[value] = index
            else:
                rank = position
        rows.append((row, rank))
        for where, message in row.problems.items():
            builder.problem(sheet.place(index, where), message)
        if row.status == "import" and rank is not None:
            builder.add_player(_make_player(row, rank))
        elif rank is not None:
            builder.skipped_ranks[rank] = sheet.place(index)
    return rows


def _make_player(row: _Row, rank: int) -> Player:
    values = row.values

    def opt_int(field: Field) -> int | None:
        value = values.get(field)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(field: Field) -> str:
        value = values.get(field)
        return value if isinstance(value, str) else ""

    birth = values.get(Field.BIRTH)
    points = values.get(Field.POINTS)
    ever = values.get(Field.EVER_2400)
    return Player(
        start_rank=rank,
        name=_player_name(row),
        rating=opt_int(Field.RATING),
        sex=text(Field.SEX),
        title=text(Field.TITLE),
        federation=text(Field.FEDERATION),
        fide_id=opt_int(Field.FIDE_ID),
        birth=birth if isinstance(birth, BirthDate) else None,
        points=points if isinstance(points, Fraction) else None,
        rank=opt_int(Field.RANK),
        record=PlayerRecord(
            games=opt_int(Field.GAMES),
            ever_2400=ever if isinstance(ever, bool) else None,
            k=opt_int(Field.K),
            standard_rating=opt_int(Field.STANDARD_RATING),
        ),
    )


def _count(builder: _Builder, rows: Iterable[tuple[_Row, object]]) -> None:
    for row, _rank in rows:
        if row.status == "import":
            builder.imported += 1
        else:
            builder.skipped += 1


def _swiss(sheet: _Sheet, builder: _Builder, rows: list[tuple[_Row, int | None]]) -> None:
    """The round entries of a Swiss table's imported rows; then the mirror check drops what does not match."""
    for row, rank in rows:
        if row.status != "import" or rank is None:
            continue
        for column, spec in enumerate(sheet.columns):
            if spec.field is Field.ROUND and spec.number is not None and column in row.problems:
                builder.bad_cells[(rank, spec.number)] = sheet.place(row.row, column)
        for column, cell in row.cells.items():
            if not isinstance(cell, RoundEntry):
                continue
            builder.cells[(rank, cell.round)] = _CellRef(sheet, row.row, column, cell)
            builder.entries[rank][cell.round] = cell
    _check_games(builder)


def _check_games(builder: _Builder) -> None:
    """Report every inconsistent game at its cells (core.pairings) and drop it, until all are consistent.

    A game whose two cells disagree is dropped at both; an entry naming a player who names someone
    else is dropped alone; an entry whose other side is gone (already reported) is dropped silently.
    """
    dropped: set[tuple[int, int]] = set()
    while True:
        players = [
            dataclasses.replace(builder.players[rank], rounds=_sorted_entries(builder.entries[rank]))
            for rank in builder.order
        ]
        problems = list(pairing_problems(players))
        clashes = _colour_clashes(players)
        if not problems and not clashes:
            return
        remove: set[tuple[int, int]] = set()
        for problem in problems:
            player = players[problem.player]
            entry = player.rounds[problem.slot]
            assert entry.opponent is not None
            key, other_key = (player.start_rank, entry.round), (entry.opponent, entry.round)
            remove.add(key)
            if problem.fault is PairingFault.NOT_MIRRORED:
                remove.add(other_key)
            if key in dropped or other_key in dropped:
                continue  # the other side of a game already reported
            place, text = builder.cells.get(key, ("", ""))
            builder.problem(place, _game_message(builder, problem.fault, player.start_rank, entry, text))
        for key in clashes:
            remove.add(key)
            place, text = builder.cells.get(key, ("", ""))
            entry = builder.entries[key[0]][key[1]]
            there = builder.cells.get((entry.opponent or 0, key[1]), ("", ""))[0]
            colour = _COLOUR_NAME[entry.color or ""]
            builder.problem(place, f'"{text}": player {entry.opponent} also has {colour} in round {key[1]} ({there})')
        for rank, round_ in remove:
            builder.entries.get(rank, {}).pop(round_, None)
        dropped |= remove


def _sorted_entries(entries: dict[int, RoundEntry]) -> tuple[RoundEntry, ...]:
    return tuple(entries[round_] for round_ in sorted(entries))


_COLOUR_NAME: Final = {"w": "white", "b": "black", "": "no colour"}


def _colour_clashes(players: Sequence[Player]) -> list[tuple[int, int]]:
    colours = {(p.start_rank, e.round): e for p in players for e in p.rounds}
    clashes = []
    for (rank, round_), entry in colours.items():
        back = colours.get((entry.opponent, round_)) if entry.opponent is not None else None
        if back is not None and back.opponent == rank and entry.color is not None and entry.color == back.color:
            clashes.append((rank, round_))
    return clashes


def _game_message(builder: _Builder, fault: PairingFault, rank: int, entry: RoundEntry, text: str) -> str:
    shown = f'"{text}"'
    opponent = entry.opponent
    assert opponent is not None
    if fault is PairingFault.UNKNOWN_OPPONENT:
        if opponent in builder.skipped_ranks:
            return f"{shown}: player {opponent} is not imported ({builder.skipped_ranks[opponent]}), nor is this game"
        return f"{shown}: there is no player {opponent}"
    if fault is PairingFault.SELF:
        return f"{shown}: player {rank} is paired with themselves"
    back_place, back_text = builder.cells.get((opponent, entry.round), ("", ""))
    if (opponent, entry.round) in builder.bad_cells:
        return (
            f"{shown}: player {opponent}'s cell of this game ({builder.bad_cells[(opponent, entry.round)]}) "
            "cannot be read: the game is not imported"
        )
    if fault is PairingFault.NO_ENTRY:
        return f"{shown}: player {opponent} has nothing in round {entry.round}" + (
            f" ({back_place})" if back_place else ""
        )
    if fault is PairingFault.NOT_BACK:
        return f'{shown}: player {opponent} has "{back_text}" in round {entry.round} ({back_place}), not player {rank}'
    return f'{shown} is not mirrored by player {opponent}\'s "{back_text}" ({back_place})'


def _berger_round(i: int, j: int, n: int) -> int:
    """The round in which positions i and j (1-based) of n players meet in FIDE's Berger tables."""
    size = n + (n % 2)
    if j == size:
        i, j = j, i
    if i == size:
        return (2 * j - 2) % (size - 1) + 1
    return (i + j - 2) % (size - 1) + 1


def _round_robin(sheet: _Sheet, builder: _Builder, rows: list[tuple[_Row, int | None]]) -> None:
    """The games of a grid: each pair's two cells checked against each other, rounds by Berger table."""
    known = sorted(rank for _row, rank in rows if rank is not None)
    position = {rank: index + 1 for index, rank in enumerate(known)}
    cells: dict[tuple[int, int], tuple[tuple[R, ...], str, str]] = {}  # (rank, opponent) -> codes, place, text
    bad: set[tuple[int, int]] = set()
    for row, rank in rows:
        if rank is None or row.status != "import":
            continue
        for column, raw in row.cells.items():
            spec = sheet.columns[column]
            if spec.field is not Field.OPPONENT or spec.number is None:
                continue
            value = cast(CellValue, raw)
            place = sheet.place(row.row, column)
            if spec.number == rank:
                if not _diagonal_mark(value):
                    builder.problem(place, f"{_show(value)} is in the player's own cell (leave it blank or X)")
                continue
            try:
                codes = _grid_cell(value)
            except _Bad as error:
                builder.problem(place, f"{error}: the game is not imported")
                bad.add((rank, spec.number))
                continue
            if codes:
                cells[(rank, spec.number)] = (codes, place, _plain_text(value))
    size = len(known) + len(known) % 2
    for (rank, opponent), (codes, place, text) in sorted(cells.items()):
        back = cells.get((opponent, rank))
        if (opponent, rank) in bad:
            continue
        if opponent not in builder.players:
            where = builder.skipped_ranks.get(opponent)
            reason = f"player {opponent} is not imported ({where})" if where else f"there is no player {opponent}"
            builder.problem(place, f'"{text}": {reason}, nor is this game')
            continue
        if back is not None and rank > opponent:
            continue  # the pair was read from the lower start rank
        back_codes = back[0] if back is not None else tuple(code.mirrored() for code in codes)
        if len(back_codes) != len(codes) or not all(
            b is a.mirrored() or a is b is R.FORFEIT_LOSS for a, b in zip(codes, back_codes, strict=False)
        ):
            assert back is not None
            builder.problem(place, f'"{text}" is not mirrored by "{back[2]}" ({back[1]}): the game is not imported')
            builder.problem(back[1], f'"{back[2]}" is not mirrored by "{text}" ({place}): the game is not imported')
            continue
        if len(codes) > 1:
            builder.double = True
        first = _berger_round(position[rank], position[opponent], len(known))
        for game, (code, back_code) in enumerate(zip(codes, back_codes, strict=True)):
            round_ = first + game * (size - 1)
            builder.entries[rank][round_] = RoundEntry(round_, opponent, None, code)
            builder.entries[opponent][round_] = RoundEntry(round_, rank, None, back_code)
            builder.cells[(rank, round_)] = (place, text)
            builder.cells[(opponent, round_)] = (back[1], back[2]) if back is not None else (place, text)


# ---------------------------------------------------------------------------------------------- pairings


@dataclasses.dataclass(frozen=True)
class _Board:
    row: int
    round: int
    white: int | str
    black: int | str | None
    white_code: R
    black_code: R | None
    unknown_colours: bool


def _side(row: _Row, number_field: Field, name_field: Field) -> int | str | None:
    number = row.values.get(number_field)
    if isinstance(number, int):
        return number
    name = row.values.get(name_field)
    if isinstance(name, str) and name:
        return int(name) if name.isdigit() else name
    if isinstance(number, str) and number:
        return number
    return None


def _read_board_row(sheet: _Sheet, index: int, values: Sequence[CellValue], round_: int) -> tuple[_Row, _Board | None]:
    row = _Row(index, {}, {}, {}, {})
    for field in _BOARD_FIELDS:
        column = sheet.single.get(field)
        if column is None:
            continue
        value = values[column]
        try:
            parsed: object
            if field in (Field.ROUND_NUMBER, Field.BOARD):
                parsed = _bounded(value, "a round" if field is Field.ROUND_NUMBER else "a board", 1, 99999)
            elif field in (Field.WHITE, Field.BLACK):
                text = _text(value)
                parsed = _start_rank(value) if text.isdigit() or isinstance(value, (int, float)) else (text or None)
                if isinstance(parsed, str) and _cell_key(parsed) in ("bye", "-", "spielfrei", "exempt", "libre"):
                    parsed = None
            elif field is Field.RESULT:
                parsed = _result_text(value)
            elif field is Field.COLOURS:
                parsed = _normal(_text(value))
            else:
                parsed = _text(value)
        except _Bad as bad:
            row.problems[column] = str(bad)
            row.shown[column] = _plain_text(value)
            continue
        row.values[field] = parsed
        row.shown[column] = _shown(parsed)
    if row.problems:
        row.status = "skip"
        return row, None
    number = row.values.get(Field.ROUND_NUMBER)
    round_ = number if isinstance(number, int) else round_
    white = _side(row, Field.WHITE, Field.WHITE_NAME)
    black = _side(row, Field.BLACK, Field.BLACK_NAME)
    if isinstance(black, str) and _cell_key(black) in ("bye", "-", "spielfrei", "exempt", "libre", "бай"):
        black = None
    result_column = sheet.single.get(Field.RESULT)
    raw = values[result_column] if result_column is not None else None
    white_column = sheet.single.get(Field.WHITE, sheet.single.get(Field.WHITE_NAME))
    if white is None:
        row.status = "skip"
        row.problems[white_column] = "no white player"
        return row, None
    try:
        if black is None:
            white_code, black_code = _bye_result(raw), None
        else:
            white_code, black_code = _board_result(raw)
    except _Bad as bad:
        row.status = "skip"
        row.problems[result_column] = str(bad)
        return row, None
    if result_column is not None:
        row.shown[result_column] = board_text(white_code, black_code) if black is not None else BOARD_TEXT[white_code]
    unknown = row.values.get(Field.COLOURS) in ("unknown", "unbekannt", "inconnu", "desconocido", "неизвестно", "?")
    return row, _Board(index, round_, white, black, white_code, black_code, unknown)


def _round_title(values: Sequence[CellValue]) -> int | None:
    """A line such as ``Round 3`` or ``3. Runde on 2024/05/01`` above a round's boards."""
    texts = [_plain_text(v) for v in values if _plain_text(v)]
    if len(texts) != 1 or not isinstance(next(v for v in values if _plain_text(v)), str):
        return None
    match = _ROUND_TITLE.fullmatch(_normal(texts[0]))
    return int(match[1] or match[2]) if match else None


def _pairings(sheet: _Sheet, builder: _Builder, have_players: bool) -> None:
    named = _names(builder)
    sheet_round = _round_header(sheet.grid.name) or 1
    round_ = sheet_round
    for index, values in sheet.rows():
        if _classify(sheet, values) is not None:
            continue
        title = _round_title(values) if Field.ROUND_NUMBER not in sheet.single else None
        if title is not None:
            round_ = title
            continue
        row, board = _read_board_row(sheet, index, values, round_)
        if board is not None:
            message = _apply_board(sheet, builder, board, named, have_players)
            if message is not None:
                column, text = message
                row.problems[column] = text
                row.status = "skip"
        for column, text in row.problems.items():
            builder.problem(sheet.place(index, column) if column is not None else sheet.place(index), text)
        if row.status == "import":
            builder.imported += 1
        else:
            builder.skipped += 1


def _names(builder: _Builder) -> dict[str, list[int]]:
    named: dict[str, list[int]] = {}
    for rank in builder.order:
        named.setdefault(_normal(builder.players[rank].name), []).append(rank)
    return named


def _resolve(
    builder: _Builder, who: int | str, named: dict[str, list[int]], have_players: bool, name: str
) -> int | str:
    """A start rank for a board's player; a message (str starting with '!') when there is none."""
    if isinstance(who, int):
        if who in builder.players:
            if have_players and name and not name.isdigit() and _normal(name) != _normal(builder.players[who].name):
                return f'!player {who} is "{builder.players[who].name}", not "{name}"'
            return who
        if have_players:
            where = builder.skipped_ranks.get(who)
            return f"!player {who} is not imported ({where})" if where else f"!player {who} is not in the player list"
        builder.add_player(Player(who, name if name and not name.isdigit() else ""))
        named.setdefault(_normal(name), []).append(who)
        return who
    ranks = named.get(_normal(who), [])
    if len(ranks) == 1:
        return ranks[0]
    if len(ranks) > 1:
        return f'!"{who}" is the name of players {", ".join(map(str, ranks))}: use start ranks'
    if have_players:
        return f'!"{who}" is not in the player list'
    rank = max(builder.players, default=0) + 1
    builder.add_player(Player(rank, who))
    named[_normal(who)] = [rank]
    return rank


def _apply_board(
    sheet: _Sheet, builder: _Builder, board: _Board, named: dict[str, list[int]], have_players: bool
) -> tuple[int | None, str] | None:
    """Enter one board; (column, message) when it cannot be."""
    single = sheet.single
    white_column = single.get(Field.WHITE, single.get(Field.WHITE_NAME))
    black_column = single.get(Field.BLACK, single.get(Field.BLACK_NAME))
    white_name = (
        _plain_text(sheet.grid.value(board.row, single[Field.WHITE_NAME])) if Field.WHITE_NAME in single else ""
    )
    black_name = (
        _plain_text(sheet.grid.value(board.row, single[Field.BLACK_NAME])) if Field.BLACK_NAME in single else ""
    )
    white = _resolve(builder, board.white, named, have_players, white_name)
    if isinstance(white, str):
        return white_column, white[1:]
    black: int | str | None = None
    if board.black is not None:
        black = _resolve(builder, board.black, named, have_players, black_name)
        if isinstance(black, str):
            return black_column, black[1:]
        if black == white:
            return black_column, f"player {white} is paired with themselves"
    for rank, column in ((white, white_column), (black, black_column)):
        if rank is None:
            continue
        assert isinstance(rank, int)
        if board.round in builder.entries[rank]:
            there = builder.cells.get((rank, board.round), ("", ""))[0]
            return column, f"player {rank} already plays in round {board.round} ({there})"
    place = sheet.place(board.row)
    if black is None:
        builder.entries[white][board.round] = RoundEntry(board.round, None, None, board.white_code)
        builder.cells[(white, board.round)] = (place, "")
        return None
    assert isinstance(black, int) and board.black_code is not None
    colours = (None, None) if board.unknown_colours else ("w", "b")
    builder.entries[white][board.round] = RoundEntry(board.round, black, colours[0], board.white_code)
    builder.entries[black][board.round] = RoundEntry(board.round, white, colours[1], board.black_code)
    builder.cells[(white, board.round)] = (place, "")
    builder.cells[(black, board.round)] = (place, "")
    return None


# ---------------------------------------------------------------------------------------------- the event

_EVENT_KEYS: Final[dict[str, str]] = {
    **dict.fromkeys(["event", "name", "tournament", "turnier", "tournoi", "torneo", "турнир"], "name"),
    **dict.fromkeys(["city", "place", "ort", "ville", "ciudad", "город"], "city"),
    **dict.fromkeys(["federation", "fed", "foderation", "federacion", "федерация"], "federation"),
    **dict.fromkeys(["start", "start date", "from", "beginn", "debut", "inicio", "начало"], "start"),
    **dict.fromkeys(["end", "end date", "to", "ende", "fin", "конец"], "end"),
    **dict.fromkeys(["chief arbiter", "arbiter", "schiedsrichter", "arbitre", "arbitro", "главный судья"],
                    "chief_arbiter"),
    **dict.fromkeys(["time control", "bedenkzeit", "cadence", "ritmo", "контроль времени"], "time_control"),
    **dict.fromkeys(["system", "system of play", "modus", "systeme", "sistema", "система"], "system"),
    **dict.fromkeys(["rating", "rating kind", "kind", "wertung", "classement", "тип рейтинга"], "kind"),
}  # fmt: skip


def _read_event(grid: SheetGrid, builder: _Builder) -> EventInfo:
    """The Field | Value rows of an event sheet; a bad value is reported and left at its default."""
    values: dict[str, object] = {}
    for index, row in enumerate(grid.rows):
        cells = [(c, v) for c, v in enumerate(row) if v is not None and not (isinstance(v, str) and not v.strip())]
        if not cells or not isinstance(cells[0][1], str):
            continue
        key = _EVENT_KEYS.get(_normal(cells[0][1]))
        if key is None:
            continue
        column = cells[0][0] + 1
        value = grid.value(index, column)
        try:
            values[key] = _event_value(key, value)
        except _Bad as bad:
            builder.problem(grid.place(index, column), str(bad))

    def text(key: str) -> str:
        value = values.get(key)
        return value if isinstance(value, str) else ""

    def date(key: str) -> dt.date | None:
        value = values.get(key)
        return value if isinstance(value, dt.date) else None

    system, kind = values.get("system"), values.get("kind")
    return EventInfo(
        name=text("name"),
        city=text("city"),
        federation=text("federation"),
        start=date("start"),
        end=date("end"),
        chief_arbiter=text("chief_arbiter"),
        time_control=text("time_control"),
        system=system if isinstance(system, System) else System.SWISS,
        kind=kind if isinstance(kind, RatingKind) else RatingKind.STANDARD,
    )


def _event_value(key: str, value: CellValue) -> object:
    if key in ("start", "end"):
        return _date(value)
    if key == "system":
        return _system(_text(value))
    if key == "kind":
        return _kind(_text(value))
    return _text(value)


def _date(value: CellValue) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = _text(value)
    if not text:
        return None
    match = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text) or None
    day_first = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", text)
    try:
        if match:
            return dt.date(int(match[1]), int(match[2]), int(match[3]))
        if day_first:
            return dt.date(int(day_first[3]), int(day_first[2]), int(day_first[1]))
    except ValueError:
        pass
    raise _Bad(f"{_show(value)} is not a date (YYYY-MM-DD or DD.MM.YYYY)")


def _system(text: str) -> System:
    for system in System:
        if text.strip().lower() == system.value:
            return system
    words = _normal(text).replace("-", " ")
    if not words:
        return System.SWISS
    if re.search(r"round ?robin|rundenturnier|berger|toutes rondes|todos contra todos|круговая|all play all", words):
        return System.DOUBLE_ROUND_ROBIN if re.search(r"double|doppel|doble|двух", words) else System.ROUND_ROBIN
    if re.search(r"team|mannschaft|equipe|equipos|команд", words):
        return System.TEAM_SWISS
    if re.search(r"match|wettkampf|матч", words):
        return System.MATCH
    if re.search(r"swiss|schweizer|suisse|suizo|швейцар", words):
        return System.SWISS
    raise _Bad(f'"{text}" is not a system (swiss, round-robin, double-round-robin, match, team-swiss)')


def _kind(text: str) -> RatingKind:
    words = _normal(text)
    if not words:
        return RatingKind.STANDARD
    for word, kind in (("blitz", RatingKind.BLITZ), ("rapid", RatingKind.RAPID), ("schnell", RatingKind.RAPID),
                       ("rapide", RatingKind.RAPID), ("rapido", RatingKind.RAPID), ("standard", RatingKind.STANDARD),
                       ("classic", RatingKind.STANDARD), ("klassisch", RatingKind.STANDARD)):  # fmt: skip
        if word in words:
            return kind
    raise _Bad(f'"{text}" is not a rating kind (standard, rapid, blitz)')


# ---------------------------------------------------------------------------------------------- build


def build(grids: Sequence[SheetGrid], plan: ImportPlan, *, info: EventInfo | None = None) -> ImportResult:
    """The tournament ``plan`` reads from ``grids``, every problem, the rows imported and skipped.

    Never raises for bad content; ValueError only for a plan naming a sheet that is not in ``grids``.
    """
    by_name = {grid.name: grid for grid in grids}
    for sheet_plan in (plan.results, plan.players):
        if sheet_plan is not None and sheet_plan.sheet not in by_name:
            raise ValueError(f"the plan names a sheet {sheet_plan.sheet!r} that is not in the workbook")
    if plan.event_sheet is not None and plan.event_sheet not in by_name:
        raise ValueError(f"the plan names an event sheet {plan.event_sheet!r} that is not in the workbook")
    builder = _Builder()
    event = _read_event(by_name[plan.event_sheet], builder) if plan.event_sheet is not None else None
    player_plan = plan.players
    results = plan.results
    if player_plan is None and results is not None and results.layout is Layout.PLAYER_LIST:
        player_plan, results = results, None
    if player_plan is not None:
        sheet = _Sheet(by_name[player_plan.sheet], player_plan)
        _count(builder, _read_players(sheet, builder))
    layout = results.layout if results is not None else Layout.PLAYER_LIST
    if results is not None:
        sheet = _Sheet(by_name[results.sheet], results)
        if results.layout is Layout.PAIRINGS:
            _pairings(sheet, builder, have_players=player_plan is not None)
        elif player_plan is None:
            rows = _read_players(sheet, builder)
            _count(builder, rows)
            if results.layout is Layout.SWISS_TABLE:
                _swiss(sheet, builder, rows)
            elif results.layout is Layout.ROUND_ROBIN:
                _round_robin(sheet, builder, rows)
        else:
            builder.problem(sheet.place(results.header_row), "a player list is read beside pairings only")
    _check_games(builder)
    players = tuple(
        dataclasses.replace(builder.players[rank], rounds=_sorted_entries(builder.entries[rank]))
        for rank in builder.order
    )
    if info is None:
        info = event if event is not None else EventInfo(system=_default_system(layout, builder.double))
    return ImportResult(Tournament(info, players), tuple(builder.problems), builder.imported, builder.skipped)


def _default_system(layout: Layout, double: bool) -> System:
    if layout is Layout.ROUND_ROBIN:
        return System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    return System.SWISS


# ---------------------------------------------------------------------------------------------- preview


def preview_rows(grid: SheetGrid, plan: SheetPlan, limit: int = 20) -> list[PreviewRow]:
    """The first ``limit`` rows below the header as they will be read: each mapped cell's value as
    understood, or its problem; the row's status. Checks that need the whole workbook (the two cells
    of a game, a start rank used twice) are left to :func:`build`."""
    sheet = _Sheet(grid, plan, preview=True)
    shown: list[PreviewRow] = []
    round_ = _round_header(grid.name) or 1
    for index, values in sheet.rows():
        if len(shown) >= limit:
            break
        reason = _classify(sheet, values)
        if reason == "blank":
            continue
        if reason is not None:
            why = "the header again" if reason == "header" else "an unused row"
            shown.append(PreviewRow(index, "ignore", _preview_cells(sheet, values, None), why))
            continue
        if plan.layout is Layout.PAIRINGS:
            title = _round_title(values) if Field.ROUND_NUMBER not in sheet.single else None
            if title is not None:
                round_ = title
                shown.append(PreviewRow(index, "ignore", _preview_cells(sheet, values, None), f"round {title}"))
                continue
            row, _board = _read_board_row(sheet, index, values, round_)
        else:
            row = _read_player_row(sheet, index, values)
        cells = _preview_cells(sheet, values, row)
        problem = row.problems.get(None) or next(iter(row.problems.values()), None) if row.status == "skip" else None
        shown.append(PreviewRow(index, row.status, cells, problem))
    return shown


def _preview_cells(sheet: _Sheet, values: Sequence[CellValue], row: _Row | None) -> tuple[PreviewCell, ...]:
    cells = []
    for column, spec in enumerate(sheet.columns):
        if spec.field is Field.IGNORE:
            continue
        if row is None:
            cells.append(PreviewCell(column, spec.field, _plain_text(values[column])))
            continue
        text = row.shown.get(column, _plain_text(values[column]))
        cells.append(PreviewCell(column, spec.field, text, row.problems.get(column)))
    return tuple(cells)
