"""The event's tie-breaks and edition of C.07 as edits (core.editing), and how the edition is named."""

from __future__ import annotations

import datetime as dt

import pytest

from fidedesk.core.editing import EditError, set_tiebreak_rules, set_tiebreaks
from fidedesk.core.tiebreaks.codes import TieBreak, TieBreakRules, rules_text
from fidedesk.core.tournament import EventInfo, System, Tournament

SWISS = Tournament(EventInfo(name="Open"), ())


def test_a_choice_and_back_to_the_defaults() -> None:
    chosen = set_tiebreaks(SWISS, [TieBreak.WINS, TieBreak.SONNEBORN_BERGER])
    assert chosen.info.tiebreaks == (TieBreak.WINS, TieBreak.SONNEBORN_BERGER) and chosen.info.name == "Open"
    assert set_tiebreaks(chosen, None).info.tiebreaks is None
    assert set_tiebreaks(chosen, []).info.tiebreaks == ()  # none at all is a choice


def test_a_tiebreak_named_twice_is_refused() -> None:
    with pytest.raises(EditError, match="SB is chosen twice"):
        set_tiebreaks(SWISS, [TieBreak.SONNEBORN_BERGER, TieBreak.WINS, TieBreak.SONNEBORN_BERGER])


def test_the_edition_is_the_event_s() -> None:
    chosen = set_tiebreak_rules(SWISS, TieBreakRules.C07_2024)
    assert chosen.info.rules_in_use is TieBreakRules.C07_2024
    assert set_tiebreak_rules(chosen, None).info.tiebreak_rules is None
    assert Tournament(EventInfo(system=System.ROUND_ROBIN), ()).info.tiebreaks_in_use[0] == TieBreak.DIRECT_ENCOUNTER


@pytest.mark.parametrize(
    ("chosen", "start", "text"),
    [
        (None, dt.date(2026, 4, 2), "C.07 of 1 March 2026 (auto: the event starts 2026-04-02)"),
        (None, dt.date(2026, 2, 28), "C.07 of 1 August 2024 (auto: the event starts 2026-02-28)"),
        (None, None, "C.07 of 1 March 2026 (auto: the event has no start date, so the newest)"),
        (TieBreakRules.C07_2024, dt.date(2026, 4, 2), "C.07 of 1 August 2024 (chosen)"),
    ],
)
def test_the_edition_named_with_why(chosen: TieBreakRules | None, start: dt.date | None, text: str) -> None:
    assert rules_text(chosen, start) == text
