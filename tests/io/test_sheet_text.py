"""The one rule for text handed to a spreadsheet, by the clipboard and by the Excel export (issue 13, item 9)."""

from __future__ import annotations

import pytest

from fidedesk.io.excel.sheet_text import FORMULA_STARTS, pasted_cell, pasted_rows, runs_as_formula


@pytest.mark.parametrize(
    ("text", "pasted"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1+1", "' =1+1"),  # a spreadsheet that strips the tab would run what follows
        ("\r=1+1", "' =1+1"),
        ("Smith, John", "Smith, John"),
        ("O'Neil = Neil", "O'Neil = Neil"),  # only the start makes a formula
        ("", ""),
    ],
)
def test_outside_text_that_would_run_gets_a_leading_apostrophe(text: str, pasted: str) -> None:
    assert pasted_cell(text, outside=True) == pasted
    assert runs_as_formula(text) == (pasted != text.replace("\t", " ").replace("\r", " "))


@pytest.mark.parametrize("figure", ["-12.40", "-1", "-½", "+", "-", "0-1", "+0.39", "-/-"])
def test_own_figures_are_pasted_as_shown(figure: str) -> None:
    assert pasted_cell(figure, outside=False) == figure


@pytest.mark.parametrize("inside", ["\t", "\n", "\r", "\r\n", "\v", "\f", "\u2028", "\u2029", "\x85", "\x1e"])
def test_a_tab_or_line_break_inside_a_cell_becomes_a_space(inside: str) -> None:
    for outside in (True, False):
        assert pasted_cell(f"Smith{inside}John", outside=outside) == "Smith John"
    text = pasted_rows([["1", f"a{inside}b", "2"], ["3", "c", "4"]], [False, True, False])
    assert [line.split("\t") for line in text.splitlines()] == [["1", "a b", "2"], ["3", "c", "4"]]


def test_the_list_is_owasps() -> None:
    assert set(FORMULA_STARTS) == {"=", "+", "-", "@", "\t", "\r"}
