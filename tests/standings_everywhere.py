"""The standings of an event as each front end gives them, read back into one shape to compare (issue 25).

A standings line is ``(rank, rank_to, start rank, points, tie-breaks)``; points and tie-breaks are Fractions
(None for a tie-break without a value), whatever the front end wrote: ``3½``, ``3.5``, a float in a cell or in
JSON. Texts are read as numbers (``½`` is 0.5) so that a front end is judged on its figures; the digits each
shows are core.notation's (tests/test_standings_everywhere.py checks the texts against it too).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from fidedesk.cli import main as cli_main
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.tiebreaks.codes import TieBreak, TieBreakRules
from fidedesk.core.tiebreaks.standings import Standing, standings
from fidedesk.core.tournament import Tournament
from fidedesk.io.excel.export import CROSSTABLE, PLAYERS, STANDINGS, workbook_bytes
from fidedesk.io.formats import write_tournament
from fidedesk.io.trf.document import parse_trf
from fidedesk.publish.documents import DocumentKind, build_document
from fidedesk.publish.documents.model import Document, TableBlock
from fidedesk.publish.web import write_web_page

Figure = Fraction | None
#: One line of the standings: rank, rank_to (the same when not shared), start rank, points, tie-breaks.
Line = tuple[int, int, int, Fraction, tuple[Figure, ...]]
#: A player's points and place by start rank, as a crosstable or TRF's 001 record gives them (rank_to None:
#: the format keeps the first place only).
Ends = dict[int, tuple[Fraction, int, int | None]]


def figure(value: object) -> Figure:
    """A figure as a Fraction: a text (``3½``, ``½``, ``12.50``, blank), a JSON or cell number, None."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return Fraction(value.replace("½", ".5"))
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(repr(value))  # the shortest text of the float: what was written (12.35, not its binary)
    assert isinstance(value, int), value
    return Fraction(value)


def place(text: str) -> tuple[int, int]:
    """``"3"`` or ``"3–4"``: the first and last place."""
    first, _, last = text.partition("–")
    return int(first), int(last or first)


def core_lines(rows: Sequence[Standing]) -> list[Line]:
    return [(row.rank, row.rank_to, row.player.start_rank, row.points, tuple(map(figure, row.tiebreaks)))
            for row in rows]  # fmt: skip


def core_ends(rows: Sequence[Standing], *, rank_to: bool = True) -> Ends:
    return {row.player.start_rank: (row.points, row.rank, row.rank_to if rank_to else None) for row in rows}


def in_use(tournament: Tournament) -> tuple[tuple[TieBreak, ...], TieBreakRules]:
    return tournament.info.tiebreaks_in_use, tournament.info.rules_in_use


def core(tournament: Tournament, after_round: int | None = None) -> list[Line]:
    """``core.tiebreaks.standings.standings`` under the event's tie-breaks and edition."""
    return core_lines(standings(tournament, after_round=after_round))


def cli(path: Path, *options: str) -> list[Line]:
    """``fidedesk-cli standings --json`` on a file."""
    out = io.StringIO()
    assert cli_main(["standings", "--json", *options, str(path)], out) == 0
    listed = json.loads(out.getvalue())
    return [(row["rank"], row.get("rank_to", row["rank"]), row["start_rank"], Fraction(figure(row["points"]) or 0),
             tuple(figure(value) for value in row["tiebreaks"].values())) for row in listed["standings"]]  # fmt: skip


def cli_options(tournament: Tournament) -> list[str]:
    """The event's tie-breaks and edition on the command line (a TRF16 file keeps neither)."""
    tiebreaks, rules = in_use(tournament)
    return ["--tiebreaks", ",".join(t.code for t in tiebreaks), "--tiebreak-rules", rules.code]


def cli_on_files(tournament: Tournament, folder: Path, after_round: int | None = None) -> dict[str, list[Line]]:
    """The command line's standings of the event saved as .fidedesk (its own choice) and as TRF (told it)."""
    fidedesk, trf = folder / "event.fidedesk", folder / "event.trf"
    write_tournament(fidedesk, tournament)
    write_tournament(trf, tournament)
    after = [] if after_round is None else ["--after-round", str(after_round)]
    return {"cli .fidedesk": cli(fidedesk, *after), "cli TRF": cli(trf, *after, *cli_options(tournament))}


def trf_ends(tournament: Tournament, folder: Path) -> Ends:
    """The points and rank columns of TRF's 001 records, as the TRF export writes them and a reader reads them."""
    path = folder / "points.trf"
    write_tournament(path, tournament)
    read = parse_trf(path.read_bytes(), str(path)).tournament
    return {player.start_rank: (Fraction(player.points or 0), player.rank or 0, None) for player in read.players}


def _sheet_rows(book: Any, name: str) -> tuple[list[str], list[list[Any]]]:
    rows = list(book[name].iter_rows())
    header_at = next(index for index, row in enumerate(rows) if row[0].value in ("Rank", "No"))
    header = [str(cell.value) for cell in rows[header_at]]
    return header, [[cell for cell in row] for row in rows[header_at + 1 :] if row[0].value is not None]


def _cell_place(cell: Any) -> tuple[int, int]:
    value = cell.value
    if isinstance(value, str):
        return place(value)
    shown = re.fullmatch(r'0"–(\d+)"', cell.number_format or "")
    return int(value), int(shown.group(1)) if shown else int(value)


def excel(tournament: Tournament) -> tuple[list[Line], Ends, Ends]:
    """The Excel export's Standings sheet, the Pts and Rank columns of its Crosstable sheet, and the Points and
    Rank columns of its Players sheet (the first place of a shared one)."""
    book = load_workbook(io.BytesIO(workbook_bytes(tournament, edition=DEFAULT_EDITION)))
    header, rows = _sheet_rows(book, STANDINGS)
    first = header.index("Pts") + 1
    lines: list[Line] = []
    for row in rows:
        rank, rank_to = _cell_place(row[0])
        points = figure(row[header.index("Pts")].value)
        assert points is not None
        lines.append((rank, rank_to, int(row[1].value), points, tuple(figure(cell.value) for cell in row[first:])))
    header, rows = _sheet_rows(book, CROSSTABLE)
    pts, rank = header.index("Pts"), header.index("Rank")
    ends: Ends = {}
    for row in rows:
        points = figure(row[pts].value)
        assert points is not None
        ends[int(row[0].value)] = (points, *_cell_place(row[rank]))
    header, rows = _sheet_rows(book, PLAYERS)
    pts, rank = header.index("Points"), header.index("Rank")
    players: Ends = {}
    for row in rows:
        points = figure(row[pts].value)
        assert points is not None
        players[int(row[0].value)] = (points, int(row[rank].value), None)
    return lines, ends, players


def _table(document: Document) -> TableBlock:
    return next(block for block in document.blocks if isinstance(block, TableBlock))


def _standings_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[Line]:
    first = header.index("Pts") + 1
    lines: list[Line] = []
    for row in rows:
        points = figure(row[header.index("Pts")])
        assert points is not None
        lines.append((*place(row[0]), int(row[1]), points, tuple(figure(text) for text in row[first:])))
    return lines


def _crosstable_ends(header: Sequence[str], rows: Sequence[Sequence[str]]) -> Ends:
    pts, rank = header.index("Pts"), header.index("Rank")
    return {int(row[0]): (Fraction(figure(row[pts]) or 0), *place(row[rank])) for row in rows}


def printed(tournament: Tournament, round_: int | None = None) -> tuple[list[Line], Ends]:
    """The printed standings' table and the crosstable's Pts and Rank (publish.documents)."""
    kind = {"edition": DEFAULT_EDITION, "round": round_}
    table = _table(build_document(tournament, DocumentKind.STANDINGS, **kind))  # type: ignore[arg-type]
    lines = _standings_lines([column.title for column in table.columns], table.rows)
    table = _table(build_document(tournament, DocumentKind.CROSSTABLE, **kind))  # type: ignore[arg-type]
    return lines, _crosstable_ends([column.title for column in table.columns], table.rows)


class _Tables(HTMLParser):
    """The cells of an HTML page's table rows, header cells included."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _page_rows(document: Document, path: Path) -> tuple[list[str], list[list[str]]]:
    write_web_page(document, path)
    parser = _Tables()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.rows[0], parser.rows[1:]


def web(tournament: Tournament, folder: Path, round_: int | None = None) -> tuple[list[Line], Ends]:
    """The web pages of the standings and the crosstable (publish.web), their HTML tables read back."""
    standings_page = build_document(tournament, DocumentKind.STANDINGS, edition=DEFAULT_EDITION, round=round_)
    lines = _standings_lines(*_page_rows(standings_page, folder / "standings.html"))
    crosstable_page = build_document(tournament, DocumentKind.CROSSTABLE, edition=DEFAULT_EDITION, round=round_)
    return lines, _crosstable_ends(*_page_rows(crosstable_page, folder / "crosstable.html"))
