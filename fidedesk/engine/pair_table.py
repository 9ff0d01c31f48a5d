"""The engine's table of pairs (gacrux's crosstable: a record for every two players, 2 million at 2,000 players)
as :mod:`fidedesk.engine.dutch` makes and goes through it: made a row at once (:func:`made_table`), and the
passes over every pair made over numpy columns of the records' levels and players for lists of
``progress.COLUMNS_FROM`` pairs or more: the pairs that can meet listed and sorted (:func:`listed`), counted by
score level (:func:`hamilton`), picked (:func:`picked`, :func:`with_the_bye_at`), each player's counted
(:func:`who_has_met`). Each is gacrux 1.11.65's own, line for line or as the same figures in the same order;
where the records or the engine are not as gacrux makes them, the caller runs gacrux's own.
``tests/engine/test_dutch_counts.py`` holds each to gacrux's."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from fidedesk.engine.dutch_records import PairRecord, PlayersOfPairs, table_records


def hamilton(engine: Any, nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """gacrux's ``compute_hamilton`` (gacrux 1.11.65, ``pairing.py``) over columns: for each score level, from
    the lowest up, whether the players of that level and below can all be paired (``rem_*``, from the number of
    pairs each can make), within the level (``cur_*``) and across to the next level down (``cross_hamilton``).
    gacrux sorts the pairs by their higher level, then their lower, and goes through them counting each player's
    pairs (two million pairs at 2,000 players: seven seconds); here the pairs' levels and players are read as
    columns once, sorted by numpy in the same stable order, and each level's counts made at once. The engine's
    ``is_complete`` is asked the same questions in the same order, with the same pairs and counts.

    None, before anything is asked, where gacrux's own would not run as this does (a level or a
    player not a non-negative integer, a level not below ``levels`` or not above 0, a pair's player not among
    the nodes or not at the level counted), and for fewer pairs than ``progress.COLUMNS_FROM``: the caller then
    runs gacrux's own, its errors included."""
    from fidedesk.engine import progress
    from fidedesk.engine.columns import read_columns
    from fidedesk.engine.progress import gathered, phase, phase_step, stable_order

    levels = engine.levels
    if type(levels) is not int:
        return None
    if engine.checkonly:  # gacrux's own: nothing counted for a check
        engine.pablevel = -1
        return [{} for _ in range(levels)]
    if len(edges) < progress.COLUMNS_FROM:
        return None
    import numpy as np

    rest_nodes = nodes[::-1]
    numnodes = len(rest_nodes)
    if any(type(node["scorelevel"]) is not int or type(node["cid"]) is not int for node in rest_nodes):
        return None
    # gacrux's own: nodeptr[level] is where the players below ``level`` begin (0 for a level passed over)
    nodeptr = [0] * (levels + 1)
    lastn = 0
    for i, node in enumerate([*rest_nodes, {"scorelevel": levels}]):
        if (firstn := node["scorelevel"]) > lastn:
            if lastn + 1 > levels:
                return None
            nodeptr[lastn + 1] = i
            lastn = firstn
    cids = [node["cid"] for node in rest_nodes]
    if len(set(cids)) != numnodes or (cids and min(cids) < 0):
        return None
    columns = read_columns(edges, ("sa", "sb", "ca", "cb"), "counted")
    if columns is None:
        return None
    sa, sb, ca, cb = columns
    high, low = np.maximum(sa, sb), np.minimum(sa, sb)
    if len(edges) and (int(low.min()) < 0 or int(high.min()) <= 0 or int(high.max()) >= levels):
        return None
    if len(edges) and min(int(ca.min()), int(cb.min())) < 0:
        return None
    phase("keys set out", len(edges))
    order = stable_order(np.stack((high, low), axis=1))
    if order is None:
        return None
    sa, sb, high = sa[order], sb[order], high[order]
    placed = _node_places(cids, ca[order], cb[order])
    del columns, ca, cb, low
    if placed is None:
        return None
    first, second = placed
    bounds = np.asarray(nodeptr, np.int64)
    alike, apart = sa == sb, np.abs(sa - sb) == 1
    lower, upper = np.where(sa < sb, first, second), np.where(sa < sb, second, first)
    # each pair counted in its level's own counts must be at that level (gacrux's ll_id and ff_id lack it else)
    # (a level's end before its start holds no player: the test fails there as it should)
    level_start, level_end, below_start = bounds[high], bounds[high + 1], bounds[high - 1]
    for chosen, node, start, end in (
        (alike, first, level_start, level_end),
        (alike, second, level_start, level_end),
        (apart, upper, level_start, level_end),
        (apart, lower, below_start, level_start),
    ):
        if not np.all(~chosen | ((start <= node) & (node < np.minimum(end, numnodes)))):
            return None
    rest_edges = gathered(edges, order)
    del order
    phase("counted", len(rest_edges))
    starts = [0, *(np.flatnonzero(high[1:] != high[:-1]) + 1).tolist()] if len(rest_edges) else []
    result: list[dict[str, Any]] = [{} for _ in range(levels)]
    engine.pablevel = -1
    hist = np.zeros(numnodes, np.int64)
    laste, position = 0, 0
    ll_nodes: list[dict[str, Any]] = []
    ff_nodes: list[dict[str, Any]] = []
    for start in [*starts, len(rest_edges)]:
        phase_step(start - position)
        part = slice(position, start)
        hist += np.bincount(first[part], minlength=numnodes) + np.bincount(second[part], minlength=numnodes)
        rest = result[laste]
        if laste > 0:
            ll_at, ff_at = nodeptr[laste], nodeptr[laste - 1]
            same, next_to = alike[part], apart[part]
            ll_hist = _counts((first[part][same] - ll_at, second[part][same] - ll_at), len(ll_nodes))
            fl_hist = _counts((lower[part][next_to] - ff_at,), len(ff_nodes))
            lf_hist = _counts((upper[part][next_to] - ll_at,), len(ll_nodes))
            rest["cur_pairs"], rest["cur_unpaired"], rest["cur_hamilton"] = engine.is_complete(
                ll_nodes, None, weight=False, hist=ll_hist
            )
            _, _, fh = engine.is_complete(ll_nodes, None, weight=False, hist=fl_hist)
            _, _, lh = engine.is_complete(ff_nodes, None, weight=False, hist=lf_hist)
            rest["cross_hamilton"] = min(fh, lh)
        firste = int(high[start]) if start < len(rest_edges) else levels
        below = nodeptr[laste + 1]
        rest["rem_pairs"], rest["rem_unpaired"], rest["rem_hamilton"] = engine.is_complete(
            rest_nodes[:below], rest_edges[:start], hist=hist[:below].tolist(), pab=firste == levels
        )
        if start == len(rest_edges):
            break
        laste, position = firste, start
        ff_nodes = rest_nodes[nodeptr[laste - 1] : nodeptr[laste]]
        ll_nodes = rest_nodes[nodeptr[laste] : nodeptr[laste + 1]]
    return result


def _counts(places: tuple[Any, ...], size: int) -> list[int]:
    """How many times each of ``size`` places is among ``places`` (numpy arrays), as a list of ints."""
    import numpy as np

    counted = np.zeros(size, np.int64)
    for part in places:
        counted += np.bincount(part, minlength=size)[:size]
    counts: list[int] = counted.tolist()
    return counts


#: A list of at least this many pairs has its players' columns read to pick pairs from it (:func:`picked`) where
#: they are not known already: as long as gacrux's own pick, and the next picks from the list, or from those
#: picked, are then numpy's.
PICKED_FROM = 50_000


def picked(
    edges: list[dict[str, Any]],
    end: int,
    players: list[int],
    blob: int,
    condition: Any,
    others: list[int] | None = None,
) -> list[dict[str, Any]] | None:
    """gacrux's pick in ``get_edges``, ``[edge for edge in edges[:end] if cmps[edge["ca"]] and cmps[edge["cb"]]]``
    (and ``edge[condition]``, where ``condition`` is set) with ``cmps`` the ``blob + 1`` flags of ``players``,
    over the columns of the pairs' players (kept, or read where the list is long: :data:`PICKED_FROM`); the
    columns of the pairs picked kept in turn. None where the columns are not known and the list is short, or
    where a player's id is not a place among the flags (gacrux's own then runs, its errors included).

    ``others``: the second player's flags are of these, not of ``players`` (the pick of ``get_modifiededges``,
    ``cmpHO1[edge["ca"]] and cmpHO2[edge["cb"]]``)."""
    from fidedesk.engine.columns import keep_columns, kept_columns, read_columns

    names = ("ca", "cb")
    columns = kept_columns(edges, names)
    if columns is None and len(edges) >= PICKED_FROM:
        columns = read_columns(edges, names, "gone through")
        if columns is not None:
            keep_columns(edges, names, columns)
    if columns is None or type(blob) is not int or blob < 0:
        return None
    import numpy as np

    first, second = columns[0][:end], columns[1][:end]
    if len(first) and (min(int(first.min()), int(second.min())) < 0 or max(int(first.max()), int(second.max())) > blob):
        return None
    flags = _flags(players, blob)
    second_flags = flags if others is None else _flags(others, blob)
    if flags is None or second_flags is None:
        return None
    places = np.flatnonzero(flags[first] & second_flags[second])
    if condition:
        places = places[[bool(edges[place][condition]) for place in places.tolist()]]
    return _picked_at(edges, places, names, columns)


def _flags(ids: list[int], blob: int) -> Any | None:
    """gacrux's ``blob + 1`` flags of ``ids`` as a numpy array; None where an id is no place among them (gacrux's
    list of flags takes -1 as its last place and raises past its end: its own pick then runs)."""
    import numpy as np

    if any(type(cid) is not int or not 0 <= cid <= blob for cid in ids):
        return None
    flags = np.zeros(blob + 1, bool)
    flags[ids] = True
    return flags


def with_the_bye_at(edges: list[dict[str, Any]], pab: Any) -> list[dict[str, Any]] | None:
    """gacrux's last pick in ``find_pab``, ``[edge for edge in edges if edge["ca"] != 0 or edge["sb"] == pab]``,
    over the columns kept of ``edges`` (the pairs sorted and counted); the columns of those picked kept in turn.
    None where they are not kept, or ``pab`` is not an ``int`` (gacrux's own pick then runs)."""
    from fidedesk.engine.columns import kept_columns

    columns = kept_columns(edges, ("ca", "cb", "sb"))
    if columns is None or type(pab) is not int:
        return None
    import numpy as np

    first, second, level = columns
    return _picked_at(edges, np.flatnonzero((first != 0) | (level == pab)), ("ca", "cb"), [first, second])


def _picked_at(edges: list[dict[str, Any]], places: Any, names: tuple[str, ...], columns: list[Any]) -> list[Any]:
    """The pairs of ``edges`` at ``places`` (a numpy array), as a pick's phase of the set-up or bracket under way
    ends; their ``columns`` (those of ``names``, of ``edges``) kept for the next pick from them."""
    from fidedesk.engine.columns import keep_columns
    from fidedesk.engine.progress import gathered, phase_over

    chosen = gathered(edges, places)
    keep_columns(chosen, names, [column[places] for column in columns])
    phase_over()
    return chosen


def who_has_met(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> list[int] | None:
    """gacrux's ``compute_whohasmet_histogram``: for each of ``nodes``, in their order, how many of ``edges`` hold
    that player (as either of the two), counted over the columns kept of ``edges``' players (a list picked:
    :func:`picked`), where gacrux goes through a million records at 2,000 players, a bracket's pass several
    times. None where no columns are kept, where a node's id is not a non-negative ``int`` or is there twice, or
    where a pair's player is not among the nodes (gacrux's own then runs, its errors included)."""
    from fidedesk.engine.columns import kept_columns

    columns = kept_columns(edges, ("ca", "cb"))
    cids = [node["cid"] for node in nodes]
    if columns is None or any(type(cid) is not int or cid < 0 for cid in cids) or len(set(cids)) != len(cids):
        return None
    import numpy as np

    first, second = columns
    if len(first) and (int(first.min()) < 0 or int(second.min()) < 0):
        return None
    placed = _node_places(cids, first, second)
    if placed is None:
        return None
    at_first, at_second = placed
    counted = np.bincount(at_first, minlength=len(cids)) + np.bincount(at_second, minlength=len(cids))
    hist: list[int] = counted.tolist()
    return hist


def _node_places(cids: list[int], first: Any, second: Any) -> tuple[Any, Any] | None:
    """The places among the nodes (their ids ``cids``: distinct, non-negative) of each pair's two players (numpy
    columns of non-negative ids); None where a pair's player is not among the nodes (gacrux's own, looking each up
    in a dict of the nodes, meets a KeyError)."""
    import numpy as np

    node_of = np.full(max([*cids, int(first.max(initial=0)), int(second.max(initial=0))]) + 1, -1, np.int64)
    node_of[cids] = np.arange(len(cids))
    at_first, at_second = node_of[first], node_of[second]
    if len(first) and (int(at_first.min()) < 0 or int(at_second.min()) < 0):
        return None
    return at_first, at_second


def listed(opponents: list[Any], key_columns: Callable[..., tuple[Any, ...]]) -> list[dict[str, Any]] | None:
    """gacrux's ``list_edges`` (``pairing.py``): the records of the engine's table of pairs above its diagonal,
    but those with the bye's dummy (each row ``i``'s ``line[i + 1:-1]``), whose ``canmeet`` holds, sorted by
    gacrux's key of their levels and players (``key_columns``, as numpy columns). The players and levels are
    not read from each record but known from its place in the table (record ``[i][j]``, ``i < j``, holds
    players ``i`` and ``j``, the levels of the diagonal's records ``[i][i]``), checked on 64 records spread over
    it; only ``canmeet`` is read from every one, in C. The columns of those listed are kept for the count that
    follows (:func:`hamilton`). None, for gacrux's own, for fewer pairs than ``progress.COLUMNS_FROM`` and
    where the table or its records are not as gacrux makes them."""
    from fidedesk.engine import columns, progress

    size = len(opponents) - 1  # the bye's dummy: the last row, and each row's last record
    pairs = size * (size - 1) // 2
    if pairs < progress.COLUMNS_FROM or any(type(line) is not list or len(line) != size + 1 for line in opponents):
        return None
    try:
        levels = [opponents[i][i]["sa"] for i in range(size)]
        sample = [levels, *([line[i + 1]["ca"], line[i + 1]["sb"]] for i, line in enumerate(opponents[:-2]))]
    except (KeyError, TypeError):
        return None
    if any(type(value) is not int for values in sample for value in values):
        return None
    import numpy as np

    if not pairs:
        return []
    progress.phase("players' pairs listed", size + 1)
    flat: list[dict[str, Any]] = []
    for i, line in enumerate(opponents):
        flat += line[i + 1 : -1]
        progress.phase_step(1)
    lengths = np.maximum(0, size - 1 - np.arange(size + 1, dtype=np.int64))  # row i: players i + 1 to size - 1
    level = np.array(levels, np.int64)
    ca = np.repeat(np.arange(size + 1, dtype=np.int64), lengths)
    starts = np.cumsum(lengths) - lengths
    cb = np.arange(len(flat), dtype=np.int64) - np.repeat(starts - np.arange(1, size + 2, dtype=np.int64), lengths)
    sa, sb = level[ca], level[cb]
    getter = columns.record_getter(flat, ("ca", "cb", "sa", "sb"))
    meets = columns.record_getter(flat, ("canmeet",))
    for place in [*range(0, len(flat), max(1, len(flat) // 64)), len(flat) - 1]:
        if getter(flat[place]) != (int(ca[place]), int(cb[place]), int(sa[place]), int(sb[place])):
            return None
    progress.phase("read", len(flat))
    meet = np.empty(len(flat), bool)
    try:
        for first in range(0, len(flat), progress._COLUMNS_EVERY):
            part = flat[first : first + progress._COLUMNS_EVERY]
            meet[first : first + len(part)] = np.fromiter(map(meets, part), bool, len(part))
            progress.phase_step(len(part))
    except (AttributeError, KeyError, TypeError, ValueError):  # a record not as the first, or not gacrux's
        return None
    chosen = np.flatnonzero(meet)
    del meet
    sa, sb, ca, cb = sa[chosen], sb[chosen], ca[chosen], cb[chosen]
    progress.phase("keys set out", len(chosen))
    order = progress.stable_order(np.stack(key_columns(sa, sb, ca, cb), axis=1))
    if order is None:
        return None
    edges = progress.gathered(flat, chosen[order])
    columns.keep_columns(edges, ("sa", "sb", "ca", "cb"), [sa[order], sb[order], ca[order], cb[order]])
    progress.phase_over()
    return edges


def tiebreak_figures(crosstable: Any, tournament: Any, rnd: Any) -> Any:
    """gacrux 1.11.65's ``crosstable.compute_tiebreak`` (the players' standings figures the engine pairs by), line
    for line, a step of the set-up's words once the results are read and after each figure: at 2,000 players it
    takes most of a second before the first pair is made, with no step of the engine's own."""
    from gacrux.tiebreak import tiebreak  # type: ignore[import-untyped]

    from fidedesk.engine.progress import phase, phase_over, phase_step

    # gacrux makes the list after the results are read; floatrule() only names the rule, so it is made first here
    tblist = ["PTS", "ACC", "ACC/X", "RFP", "NUM", "RIP", "COD", "CSQ", crosstable.floatrule(), "TOP", "PTS/X"]
    phase("players' figures worked out", 1 + len(tblist))  # the results read, then each figure
    tb = tiebreak(tournament, rnd - 1, None)
    if tournament["teamTournament"] and "primary" in tournament["scoreSystem"]:
        tb.set_primaryscore(tournament["scoreSystem"]["primary"])
    phase_step(1)
    for pos in range(0, len(tblist)):
        mytb = tb.parse_tiebreak(pos + 1, tblist[pos])
        tb.compute_single_tiebreak(mytb)
        phase_step(1)
    phase_over()
    return tb.cmps


def made_table(
    crosstable: Any, cmps: Any, maxmeets: Any, topcolor: Any, prohibited: Any, blank: list[PairRecord] | None
) -> tuple[list[Any], list[Any]]:
    """gacrux 1.11.65's ``crosstable.list_edges``, line for line, but for its loop over every two players: where
    ``blank`` holds the first record made (``_Compact.create_edge``'s), each row's records are made at once, as
    that method makes each (a :class:`PairRecord` of the first's figures and the pair's, whether the two
    can meet as gacrux's ``crosstable_dutch.update_canmeet`` says), the figures read of the players once a row:
    two million calls of a method, each reading the same players' figures again, took a third more time at
    2,000 players. With no ``blank`` (a pairing checked, another ``update_canmeet``), each by ``create_edge``."""
    from decimal import Decimal

    from gacrux.crosstable import ACC, ACX, COD, CSQ, FLT, NUM, PTS, PTX, RFP, RIP, TOP  # type: ignore[import-untyped]

    from fidedesk.engine.progress import made_pairs

    self = crosstable
    self.cmps = cmps
    self.size = self.BLOB = len(cmps.keys()) + 1
    self.ilen = 0
    self.score2level = None
    self.level2score = None

    cmps = self.cmps
    size = self.size
    opponents = self.opponents = [None] * (size + 1)
    competitors = self.competitors = [None] * (size + 1)
    self.numtop = 0
    for i in range(size + 1):
        tbval = cmps[i]["tiebreakDetails"] if i in cmps else None
        competitors[i] = {
            "cid": i,
            "rnk": cmps[i]["orgrank"] if i in cmps else i,
            "pts": tbval[PTS]["val"] if tbval else Decimal("0.0"),
            "ptx": tbval[PTX]["val"] if tbval else Decimal("-1.0"),
            "acc": tbval[ACC]["val"] if tbval else Decimal("-1.0"),
            "acx": tbval[ACX]["val"] if tbval else Decimal("-1.0"),
            "rfp": tbval[RFP]["val"] not in ["", "N"] if tbval else False,
            "hst": tbval[RFP] if tbval else {},
            "num": tbval[NUM] if tbval else {},
            "rip": tbval[RIP]["val"] if tbval else 0,
            "cod": tbval[COD]["val"] if tbval else 0,
            "csq": " " + tbval[CSQ]["val"] if tbval else " ",
            "flt": tbval[FLT]["val"] if tbval else 0,
            "top": tbval[TOP]["val"] if tbval else False,
            "cop": self.color_preference(tbval[COD]["val"], tbval[CSQ]["val"]) if tbval else "  ",
        }
        if i in cmps and not cmps[i]["present"] and not self.checkonly:
            competitors[i]["rfp"] = False
        opponents[i] = [None] * (size + 1)

        competitors[0]["rfp"] ^= competitors[i]["rfp"]
    self.level2score = acc = sorted({c["acc"] for c in competitors if c["rfp"] or c["cid"] == 0})
    self.score2level = score2level = {acc[i]: i for i in range(len(acc))}

    # update scorelevel
    competitors[0]["scorelevel"] = 0
    for i in range(1, size):
        competitors[i]["scorelevel"] = score2level[competitors[i]["acc"]] if competitors[i]["rfp"] else 0
    competitors[size]["scorelevel"] = -1

    self.assign_tpn(competitors, size)

    records_of(self, competitors)

    # Invariant c['ca'] < c['cb']
    players = None
    for i in range(size + 1):
        b = competitors[i]
        bhasmet = [opp for (key, opp) in b["num"].items() if key != "val"]
        if blank:  # the first record made (by gacrux's own, in the process's first pairing: row 0's)
            players = players or _Players(competitors)
            _made_row(self, players, b, opponents, bhasmet, blank[0])
            made_pairs(i + 1)
            continue
        for j in range(i + 1):
            a = competitors[j]
            opponents[j][i] = opponents[i][j] = self.create_edge(a, b, bhasmet)

    for elem in prohibited:
        if elem["firstRound"] <= self.rnd <= elem["lastRound"]:
            for c1, c2 in list(itertools.combinations(elem["competitors"], 2)):
                opponent = opponents[c1][c2]
                opponent["canmeet"] = opponent["qc"] = False

    return (competitors, opponents)


def records_of(crosstable: Any, competitors: list[Any]) -> None:
    """The class of the table's records (``crosstable.fidedesk_records``, :func:`dutch_records.table_records`),
    whose levels, bye's flags and rounds unplayed are those of their players ``competitors`` (each at its id's
    place), as gacrux's ``create_edge`` works them out: ``scorelevel``, ``rnd - 1`` less the games, ``BLOB``."""
    crosstable.fidedesk_records = table_records(
        PlayersOfPairs(
            [c["scorelevel"] for c in competitors],
            [crosstable.rnd - 1 - c["num"].get("val", 0) for c in competitors],
            crosstable.BLOB,
        )
    )


class _Players:
    """The players' figures a record is made of, read once for the table (``create_edge`` reads them again for
    each of a player's pairs): ids, score levels, whether to be paired, and the colour a player must have where it
    is absolute and the player is no topscorer (C.04.3 2.1.3 [C3]: two such of one colour cannot meet)."""

    def __init__(self, competitors: list[Any]) -> None:
        self.cids = [c["cid"] for c in competitors]
        self.levels = [c["scorelevel"] for c in competitors]
        self.ready = [c["rfp"] for c in competitors]
        self.absolute = [c["cop"] if c["cop"] in ("w2", "b2") and not c["top"] else None for c in competitors]


def _made_row(
    crosstable: Any, players: _Players, b: dict[str, Any], opponents: list[Any], bhasmet: list[Any], blank: Any
) -> None:
    """Row ``i``'s records (``b`` the player at place ``i``) of the players ``j <= i``, at ``opponents[j][i]``
    and ``opponents[i][j]``, each as ``_Compact.create_edge`` makes it of players ``j`` and ``i`` (the first's id
    the lower: a player's id is its place): a :class:`PairRecord` of ``blank``'s figures with the pair's own,
    whether the two can meet as gacrux's ``crosstable_dutch.update_canmeet`` says when not checking. The ids are
    the players' own objects (one ``int`` for all of a player's pairs, not one each: 50 MB at 2,000 players)."""
    i = b["cid"]
    cids, ready, absolute = players.cids, players.ready, players.absolute
    cb, ready_b, absolute_b = i, b["rfp"], absolute[i]
    maxmeets, blob = crosstable.maxmeets, crosstable.BLOB
    isblob = cb == blob
    record = crosstable.fidedesk_records  # its levels, bye's flag and rounds unplayed: the players' (made_table)
    # gacrux's list holds the games' opponents' ids and its own label ("NUM": a str, equal to no id)
    if all(type(opponent) is int or type(opponent) is str for opponent in bhasmet):
        played_with = [0] * (i + 1)
        for opponent in set(bhasmet):
            if type(opponent) is int and 0 <= opponent <= i:
                played_with[opponent] = bhasmet.count(opponent)
    else:  # as gacrux counts, player by player
        played_with = [bhasmet.count(cid) for cid in cids[: i + 1]]
    # the figures of the blank's that no pair's own changes, read once a row
    qlevel, quality, weight, qcweight = blank.qlevel, blank.quality, blank.weight, blank.qcweight
    heweight, howeight, colordiff = blank.heweight, blank.howeight, blank.colordiff
    row = opponents[i]
    for j in range(i + 1):
        c = record()
        c.ca = ca = cids[j]
        c.cb = cb
        c.played = played = played_with[j]
        canmeet = (played < maxmeets and ca != cb and ready[j] and ready_b) or (ca < blob and isblob)
        if absolute_b is not None and absolute[j] == absolute_b:
            canmeet = False
        c.canmeet = c.qc = canmeet
        c.qlevel = qlevel
        c.quality = quality
        c.weight = weight
        c.qcweight = qcweight
        c.heweight = heweight
        c.howeight = howeight
        c.colordiff = colordiff
        opponents[j][i] = row[j] = c
