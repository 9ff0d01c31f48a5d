"""FIDE rating lists kept offline in one SQLite file: import, the list in force on a date, search.

Each imported list has a row in ``lists`` and two tables of its own: ``players_<id>`` (one row per
player, the FIDE ID its key) and ``names_<id>`` (one search key per way of reading the name from one of
its words: "carlsen magnus" and "magnus carlsen", kept in key order). An import is one
transaction: a failed or cancelled import leaves the file as it was, and a list imported again for
the same month and kind replaces the old one only when the new one is complete.

A name search takes the folded words typed ("carlsen m", "Sebastien") as the start of a name read from
any of its words, so "carlsen m", "magnus" and "lagrave" find "Carlsen, Magnus" and "Vachier-Lagrave,
Maxime"; digits alone look up a FIDE ID.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sqlite3
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Final

from fidedesk.core.editing import FieldValue, PlayerField, set_player_field
from fidedesk.core.tournament import TITLES, BirthDate, Player, PlayerRecord, RatingKind, Tournament
from fidedesk.io.folding import search_key, words
from fidedesk.io.plain_words import Plain
from fidedesk.io.ratinglist.fide_list import FIELDS, ListFormatError, ListKind, ListSource, Month, Row, read_rows
from fidedesk.io.user_folders import UserFolder, user_folder

__all__ = [
    "Figures",
    "ListPlayer",
    "RatingDatabase",
    "StoredList",
    "Update",
    "apply_updates",
    "default_database",
    "import_list",
    "in_force",
    "updates_from_list",
]

SCHEMA: Final = 1
#: Rows per executemany: large enough that SQLite's per-call overhead vanishes, small enough to cancel quickly.
_BATCH: Final = 20000
#: The most players a search gives: more than anyone reads, few enough to show at once.
SEARCH_LIMIT: Final = 200
_TOP: Final = "\U0010ffff"  # sorts after every character: the end of a prefix range
#: What the window and the command line say first when the kept lists cannot be read (plain_words).
_UNREADABLE: Final = Plain.LISTS_UNREADABLE


@dataclasses.dataclass(frozen=True)
class Figures:
    """A player's figures in one of FIDE's lists: rating, games rated in the last period, K."""

    rating: int | None
    games: int | None
    k: int | None


@dataclasses.dataclass(frozen=True)
class ListPlayer:
    """One player as the rating list gives them."""

    fide_id: int
    name: str
    federation: str
    sex: str  # "M" or "F"
    title: str
    women_title: str
    other_titles: str
    foa: str
    standard: Figures
    rapid: Figures
    blitz: Figures
    birth_year: int | None
    flag: str

    @property
    def inactive(self) -> bool:
        """FIDE's flag ``i``/``wi``: no rated game for a year (the rating stays published)."""
        return "i" in self.flag

    def figures(self, kind: RatingKind) -> Figures:
        return {RatingKind.STANDARD: self.standard, RatingKind.RAPID: self.rapid, RatingKind.BLITZ: self.blitz}[kind]

    @classmethod
    def from_row(cls, row: Row) -> ListPlayer:
        values = dict(zip(FIELDS, row, strict=True))
        return cls(
            fide_id=int(values["fide_id"]),  # type: ignore[call-overload]
            name=str(values["name"]),
            federation=str(values["fed"]),
            sex=str(values["sex"]),
            title=str(values["title"]),
            women_title=str(values["wtitle"]),
            other_titles=str(values["otitle"]),
            foa=str(values["foa"]),
            standard=Figures(*row[8:11]),  # type: ignore[arg-type]
            rapid=Figures(*row[11:14]),  # type: ignore[arg-type]
            blitz=Figures(*row[14:17]),  # type: ignore[arg-type]
            birth_year=values["birth_year"],  # type: ignore[arg-type]
            flag=str(values["flag"]),
        )

    def player(self, kind: RatingKind) -> Player:
        """The tournament player this list entry makes for an event of ``kind``.

        K is FIDE's own figure from the list (it already applies 8.3.3: games, age, 2400), so the
        K-factor rules need not guess it from a record the list does not give. The list's games are
        those of the last period, not the career count K depends on, so ``games`` stays unknown. A
        standard K of 10 tells that the rating once reached 2400 (K 10 is for life, FIDE 8.3.3.d).
        """
        figures = self.figures(kind)
        title = self.title if self.title in TITLES else self.women_title if self.women_title in TITLES else ""
        record = PlayerRecord(
            k=figures.k if figures.rating is not None else None,
            ever_2400=(self.standard.k == 10) if kind is RatingKind.STANDARD and self.standard.k else None,
            standard_rating=self.standard.rating if kind is not RatingKind.STANDARD else None,
        )
        return Player(
            start_rank=0,
            name=self.name,
            rating=figures.rating,
            sex={"M": "m", "F": "w"}.get(self.sex, ""),
            title=title,
            federation=self.federation,
            fide_id=self.fide_id,
            birth=BirthDate(self.birth_year) if self.birth_year else None,
            record=record,
        )


_KINDS: Final = {
    RatingKind.STANDARD: ListKind.STANDARD,
    RatingKind.RAPID: ListKind.RAPID,
    RatingKind.BLITZ: ListKind.BLITZ,
}


@dataclasses.dataclass(frozen=True)
class StoredList:
    """A list kept in the database."""

    id: int
    month: Month
    kind: ListKind
    source: str
    imported: str
    players: int
    federations: tuple[str, ...]

    def covers(self, kind: RatingKind) -> bool:
        return self.kind in (ListKind.COMBINED, _KINDS[kind])

    def __str__(self) -> str:
        kind = "combined" if self.kind is ListKind.COMBINED else self.kind.value
        return f"{self.month.label} {kind} list ({self.players:,} players)"


DATABASE_NAME: Final = "ratinglists.sqlite"


def default_database() -> Path:
    """Where the window keeps the lists: Qt's AppDataLocation for organisation and application "fidedesk"
    (the command line finds the same file without Qt; a GUI test checks the two agree)."""
    return user_folder(UserFolder.DATA) / "fidedesk" / DATABASE_NAME


def _connect(path: Path) -> sqlite3.Connection:
    if path.exists() and not path.is_file():  # a folder, a device, a FIFO (which SQLite would wait on)
        raise ListFormatError(f"{path}: not a regular file, so not a rating list database", _UNREADABLE)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = sqlite3.connect(path, isolation_level=None)  # transactions are begun by hand
    except sqlite3.Error as error:
        raise ListFormatError(f"{path}: cannot be opened as a rating list database ({error})", _UNREADABLE) from None
    try:
        # large pages: a 1.7-million-player list imports faster and its name keys take less room (before
        # the first table is made; an existing file keeps its pages)
        connection.execute("PRAGMA page_size = 65536")
        connection.execute(
            "CREATE TABLE IF NOT EXISTS lists (id INTEGER PRIMARY KEY, month TEXT NOT NULL, kind TEXT NOT NULL,"
            " source TEXT NOT NULL, imported TEXT NOT NULL, players INTEGER NOT NULL, federations TEXT NOT NULL)"
        )
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            connection.execute(f"PRAGMA user_version = {SCHEMA}")
        elif version != SCHEMA:
            raise ListFormatError(f"{path}: a rating list database of a newer fidedesk (schema {version})", _UNREADABLE)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise ListFormatError(f"{path}: not a rating list database ({error})", _UNREADABLE) from None
    return connection


def _keys(name: str) -> Collection[str]:
    """The name read from each of its words: "carlsen magnus", "magnus carlsen"."""
    parts = words(name)
    if len(parts) == 2:  # most names: spelt out, as this runs once per player of a 1.7-million list
        first, second = parts
        return (f"{first} {second}", f"{second} {first}") if first != second else (f"{first} {second}",)
    return {" ".join(parts[i:] + parts[:i]) for i in range(len(parts))}


def import_list(
    database: str | Path,
    source: ListSource,
    *,
    month: Month | None = None,
    kind: ListKind | None = None,
    progress: Callable[[int], bool] | None = None,
) -> StoredList:
    """Read the list ``source`` into ``database`` as the list of ``month`` (default: the month found in it).

    One transaction: on any error, or when ``progress`` returns False (ImportCancelled), nothing changes.
    """
    month = month or source.month
    if month is None:
        raise ListFormatError(
            f"{source.path.name}: the list's month cannot be told from the file; say which (2026-11)", None
        )
    if kind is not None:
        source = dataclasses.replace(source, kind=kind)
    if source.kind is None:
        raise ListFormatError(f"{source.path.name}: say whether this is the standard, rapid or blitz list", None)
    path = Path(database)
    connection = _connect(path)
    try:
        connection.execute("PRAGMA cache_size = -262144")  # 256 MB: the name table stays in memory while it grows
        connection.execute("BEGIN IMMEDIATE")
        try:
            stored = _fill(connection, source, month, progress)
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    finally:
        connection.close()
    return stored


def _fill(
    connection: sqlite3.Connection, source: ListSource, month: Month, progress: Callable[[int], bool] | None
) -> StoredList:
    kind = source.kind
    assert kind is not None
    imported = dt.datetime.now().isoformat(timespec="seconds")
    cursor = connection.execute(
        "INSERT INTO lists (month, kind, source, imported, players, federations) VALUES (?, ?, ?, ?, 0, '')",
        (str(month), kind.value, source.path.name, imported),
    )
    list_id = int(cursor.lastrowid or 0)
    columns = ", ".join(f"{field} INTEGER" if field != "name" else "name TEXT" for field in FIELDS[1:])
    connection.execute(f"CREATE TABLE players_{list_id} (fide_id INTEGER PRIMARY KEY, {columns})")
    # the names in key order once, as the table itself (no separate index to build and store)
    connection.execute(
        f"CREATE TABLE names_{list_id} (key TEXT NOT NULL, pid INTEGER NOT NULL, PRIMARY KEY (key, pid)) WITHOUT ROWID"
    )
    insert_player = f"INSERT INTO players_{list_id} VALUES ({', '.join('?' * len(FIELDS))})"
    insert_names = f"INSERT INTO names_{list_id} VALUES (?, ?)"
    federations: set[str] = set()
    count = 0
    batch: list[Row] = []
    names: list[tuple[str, int]] = []

    def flush() -> None:
        try:
            connection.executemany(insert_player, batch)
        except sqlite3.IntegrityError:
            stored = connection.execute(f"SELECT count(*) FROM players_{list_id}").fetchone()[0]
            twice = batch[stored - (count - len(batch))]
            raise ListFormatError(f"{source.path.name}: FIDE ID {twice[0]} ({twice[1]}) appears twice") from None
        names.sort()  # in key order a batch's inserts walk the name table once: the import 1.3 s faster at 1.7M
        connection.executemany(insert_names, names)
        batch.clear()
        names.clear()

    for row in read_rows(source, progress):
        batch.append(row)
        fide_id = row[0]
        names.extend((key, fide_id) for key in _keys(row[1]))  # type: ignore[misc, arg-type]
        federations.add(str(row[2]))
        count += 1
        if len(batch) == _BATCH:
            flush()
    flush()
    if count == 0:
        raise ListFormatError(f"{source.path.name}: the list holds no players", Plain.NOT_RATING_LIST)
    for (old,) in connection.execute(
        "SELECT id FROM lists WHERE month = ? AND kind = ? AND id != ?", (str(month), kind.value, list_id)
    ).fetchall():
        _drop(connection, old)
    feds = ",".join(sorted(fed for fed in federations if fed))
    connection.execute("UPDATE lists SET players = ?, federations = ? WHERE id = ?", (count, feds, list_id))
    return StoredList(list_id, month, kind, source.path.name, imported, count, tuple(feds.split(",")))


def in_force(lists: Iterable[StoredList], kind: RatingKind, on: dt.date | None) -> StoredList | None:
    """Of ``lists``, the one of ``kind`` in force on ``on``: the newest whose month began by then (FIDE
    publishes on the first of the month). No date: the newest. A combined list and a single list of the
    same month hold the same ratings; the combined one is taken."""
    candidates = [stored for stored in lists if stored.covers(kind)]
    if on is not None:
        candidates = [stored for stored in candidates if stored.month.first_day <= on]
    return max(candidates, key=lambda stored: (stored.month, stored.kind is ListKind.COMBINED), default=None)


def _drop(connection: sqlite3.Connection, list_id: int) -> None:
    connection.execute(f"DROP TABLE IF EXISTS players_{list_id}")
    connection.execute(f"DROP TABLE IF EXISTS names_{list_id}")
    connection.execute("DELETE FROM lists WHERE id = ?", (list_id,))


class RatingDatabase:
    """The lists kept in one database file, for looking players up. Use from one thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._connection = _connect(self.path)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> RatingDatabase:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def lists(self) -> list[StoredList]:
        """The lists kept, newest month first."""
        rows = self._connection.execute(
            "SELECT id, month, kind, source, imported, players, federations FROM lists"
            " WHERE players > 0 ORDER BY month DESC, kind"
        ).fetchall()
        return [
            StoredList(id_, Month.parse(month), ListKind(kind), source, imported, players, tuple(feds.split(",")))
            for id_, month, kind, source, imported, players, feds in rows
        ]

    def remove(self, list_id: int) -> None:
        self._connection.execute("BEGIN IMMEDIATE")
        try:
            _drop(self._connection, list_id)
            self._connection.execute("COMMIT")
        except BaseException:
            self._connection.execute("ROLLBACK")
            raise

    def find(self, list_id: int, text: str, *, federation: str = "", limit: int = SEARCH_LIMIT) -> list[ListPlayer]:
        """Players of the list whose FIDE ID is ``text`` (digits), or whose name starts as ``text`` read
        from any of its words (case and accents ignored); at most ``limit``, in name order."""
        text = text.strip()
        players = f"players_{list_id}"
        if text.isdigit():
            query = f"SELECT * FROM {players} WHERE fide_id = ? AND (? = '' OR fed = ?)"
            return [
                ListPlayer.from_row(row) for row in self._connection.execute(query, (int(text), federation, federation))
            ]
        key = search_key(text)
        if not key:
            return []
        found: dict[int, ListPlayer] = {}
        cursor = self._connection.execute(
            f"SELECT p.* FROM names_{list_id} AS n JOIN {players} AS p ON p.fide_id = n.pid"
            " WHERE n.key >= ? AND n.key < ? AND (? = '' OR p.fed = ?) ORDER BY n.key LIMIT ?",
            (key, key + _TOP, federation, federation, limit * 2),
        )
        for row in cursor:
            found.setdefault(int(row[0]), ListPlayer.from_row(row))
            if len(found) == limit:
                break
        return list(found.values())

    def by_ids(self, list_id: int, ids: Iterable[int]) -> dict[int, ListPlayer]:
        """The players of the list with these FIDE IDs (those not in the list are left out)."""
        wanted = sorted(set(ids))
        found: dict[int, ListPlayer] = {}
        for start in range(0, len(wanted), 500):  # SQLite's limit on parameters is 999 in old builds
            chunk = wanted[start : start + 500]
            rows = self._connection.execute(
                f"SELECT * FROM players_{list_id} WHERE fide_id IN ({', '.join('?' * len(chunk))})", chunk
            )
            found.update((int(row[0]), ListPlayer.from_row(row)) for row in rows)
        return found


@dataclasses.dataclass(frozen=True)
class Update:
    """A player's detail that differs from the list: the player's value of ``field``, and the list's."""

    start_rank: int
    name: str
    field: PlayerField
    old: FieldValue
    new: FieldValue


#: The details "Update ratings from list" compares; the last three are the player's K record.
UPDATED_FIELDS: Final = (
    PlayerField.RATING, PlayerField.TITLE, PlayerField.FEDERATION, PlayerField.BIRTH,
    PlayerField.K, PlayerField.EVER_2400, PlayerField.STANDARD_RATING,
)  # fmt: skip


def updates_from_list(tournament: Tournament, entries: Mapping[int, ListPlayer]) -> list[Update]:
    """What the list changes for each player with a FIDE ID in ``entries``: rating, title, federation,
    birth year and the K record, for the event's kind. Names and sex are the arbiter's to keep."""
    kind = tournament.info.kind
    updates: list[Update] = []
    for player in tournament.players:
        entry = entries.get(player.fide_id) if player.fide_id is not None else None
        if entry is None:
            continue
        listed = entry.player(kind)
        for field in UPDATED_FIELDS:
            old, new = field.of(player), field.of(listed)
            if field is PlayerField.BIRTH and (new is None or _same_year(old, new)):
                continue  # the list gives the year only: keep what the arbiter typed unless the year differs
            if old != new:
                updates.append(Update(player.start_rank, player.name, field, old, new))
    return updates


def _same_year(old: FieldValue, new: FieldValue) -> bool:
    return isinstance(old, BirthDate) and isinstance(new, BirthDate) and old.year == new.year


def apply_updates(tournament: Tournament, updates: Iterable[Update]) -> Tournament:
    """The tournament with ``updates`` made (see :func:`updates_from_list`)."""
    for update in updates:
        tournament = set_player_field(tournament, update.start_rank, update.field, update.new)
    return tournament
