"""A player's typed fields (FIDE ID, federation, title, sex) refused the same way by every reader (issue 25).

What core.values refuses, a TRF ``001`` record, a ``.fidedesk`` file and a spreadsheet's cell refuse too,
each naming its place (line and column; key; sheet and cell) and the reason, instead of keeping the text
as written or dropping characters (``12ab34`` as 1234, ``ZZZ`` as a federation, ``x`` as a sex).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.core.tournament import TITLES, EventInfo, Player, Tournament
from fidedesk.core.values import FEDERATIONS, SEXES, InvalidValueError, parse_federation, parse_sex, parse_title
from fidedesk.io.excel.importing import build, propose
from fidedesk.io.native.fidedesk_file import dumps, loads
from fidedesk.io.native.fidedesk_json import FidedeskFileError
from fidedesk.io.trf.document import TrfError, parse_trf
from tests.xlsx_builders import grid

#: Three letters that are no federation of FIDE's: made up, or of a state that is gone.
NO_FEDERATION = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3).filter(lambda c: c not in FEDERATIONS)
#: One character that is no sex: TRF's column 10 holds one.
NO_SEX = st.characters(min_codepoint=33, max_codepoint=0x24F).filter(
    lambda c: c.strip() == c and c.lower() not in SEXES and c.upper().lower() not in SEXES
)
#: Up to three characters that are no title (nor the rating list's letters).
NO_TITLE = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=3).filter(
    lambda t: t not in TITLES and t.lower() not in ("g", "m", "f", "c", "wg", "wm", "wf", "wc")
)
#: Digits with a letter or sign among them: never a FIDE ID with the letter dropped.
NO_FIDE_ID = st.from_regex(r"[1-9][0-9]{0,3}[a-zA-Z+\-.][0-9]{1,4}", fullmatch=True)


def _record(*, sex: str = "m", title: str = "", fed: str = "ESP", fide_id: str = "1234567") -> str:
    """A 001 record, column by column as in tests/io/test_trf.py: sex 10, title 11-13, fed 54-56, ID 58-68."""
    return f"001    1 {sex:1}{title:>3} {'Player':<33} 2000 {fed:<3} {fide_id:>11} 1990/00/00"


def _trf_error(**field: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_trf(f"012 Fields\n{_record(**field)}\n", "fields.trf")
    return caught.value


# ---------------------------------------------------------------------------------------------- TRF


@settings(max_examples=40)
@given(NO_FEDERATION)
def test_trf_refuses_a_federation_fide_does_not_have(code: str) -> None:
    error = _trf_error(fed=code)
    assert (error.source, error.line, error.column) == ("fields.trf", 2, 54)
    assert f'expected one of FIDE\'s federations (three letters) or blank in columns 54-56, found "{code}"' in str(
        error
    )


@settings(max_examples=40)
@given(NO_SEX)
def test_trf_refuses_a_sex_other_than_m_w_f(sex: str) -> None:
    error = _trf_error(sex=sex)
    assert (error.line, error.column) == (2, 10) and "expected a sex m, w or f (u or blank: not known)" in error.message


@settings(max_examples=40)
@given(NO_TITLE, NO_FIDE_ID)
def test_trf_refuses_titles_and_fide_ids_it_cannot_hold(title: str, fide_id: str) -> None:
    assert _trf_error(title=title).column == 11
    error = _trf_error(fide_id=fide_id)
    assert error.column == 58 and f'found "{fide_id:>11}"' in error.message


def test_trf_reads_every_federation_sex_and_title_it_may_hold() -> None:
    records = [
        _record(fed=fed, sex=sex, title=title).replace("001    1", f"001 {rank:>4}")
        for rank, (fed, sex, title) in enumerate(
            zip(sorted(FEDERATIONS), [*SEXES, " "] * 60, [*TITLES, "g", "wf", "f", ""] * 20, strict=False), 1
        )
    ]
    players = parse_trf("\n".join(["012 All", *records]) + "\n").tournament.players
    assert [p.federation for p in players] == sorted(FEDERATIONS)
    assert {p.sex for p in players} == {*SEXES, ""} and {p.title for p in players} == {*TITLES, ""}


# ---------------------------------------------------------------------------------------------- .fidedesk


def _fidedesk_with(**player: object) -> str:
    data = json.loads(dumps(Tournament(EventInfo(name="Fields"), (Player(1, "Anna", 2100),))))
    data["tournament"]["players"][0].update(player)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("federation", "ZZZ", "expected one of FIDE's federations' three letters"),
        ("federation", "YUG", "expected one of FIDE's federations' three letters"),
        ("sex", "x", 'expected "m", "w", "f" or ""'),
        ("sex", "male", 'expected "m", "w", "f" or ""'),
        ("title", "XM", "expected one of"),
        ("fide_id", "12ab34", "expected"),
    ],
)
def test_a_fidedesk_file_refuses_what_the_field_cannot_hold(key: str, value: str, expected: str) -> None:
    with pytest.raises(FidedeskFileError, match=re.escape(f"f.fidedesk: tournament.players[0].{key}: {expected}")):
        loads(_fidedesk_with(**{key: value}), source="f.fidedesk")


@settings(max_examples=30)
@given(NO_FEDERATION, NO_SEX)
def test_a_fidedesk_file_refuses_any_unknown_federation_or_sex(code: str, sex: str) -> None:
    with pytest.raises(FidedeskFileError, match=r"\.federation: "):
        loads(_fidedesk_with(federation=code))
    with pytest.raises(FidedeskFileError, match=r"\.sex: "):
        loads(_fidedesk_with(sex=sex))


# ---------------------------------------------------------------------------------------------- Excel


def test_a_spreadsheet_names_the_cell_of_each_value_it_refuses() -> None:
    grids = [
        grid("Players", [
            ["No", "Name", "Sex", "Title", "Fed", "FIDE ID", "Rating"],
            [1, "Huber, Anna", "female", "wfm", "ger", "4611234", 2150],
            [2, "Maier, Karl", "x", "GM", "ZZZ", "12ab34", 2050],
            [3, "Wolf, Eva", "W", "XM", "YUG", 4612345, 1990],
        ]),
    ]  # fmt: skip
    result = build(grids, propose(grids))
    found = [str(problem) for problem in result.problems]
    assert sorted(found) == sorted(
        [
            "Players!C3: “x” is not a sex (m, w or f; u or blank: not known)",
            "Players!E3: “ZZZ” is not one of FIDE's federations (GER, ESP, ENG …; FID: FIDE's flag)",
            'Players!F3: "12ab34" is not a FIDE ID',
            "Players!D4: “XM” is not a title (GM IM FM CM WGM WIM WFM WCM, or blank)",
            "Players!E4: “YUG” is not one of FIDE's federations (GER, ESP, ENG …; FID: FIDE's flag)",
        ]
    )
    anna = result.tournament.players[0]
    assert (anna.sex, anna.title, anna.federation, anna.fide_id) == ("w", "WFM", "GER", 4611234)


# ---------------------------------------------------------------------------------------------- core


@settings(max_examples=40)
@given(NO_FEDERATION, NO_SEX, NO_TITLE)
def test_core_values_is_the_one_judge(code: str, sex: str, title: str) -> None:
    for parse, text in ((parse_federation, code), (parse_sex, sex), (parse_title, title)):
        with pytest.raises(InvalidValueError):
            parse(text)
