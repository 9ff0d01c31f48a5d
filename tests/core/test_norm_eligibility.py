"""B.01 2024 1.1.2, 1.1.3 and 1.1.5: whether the event is a title tournament, from the fields the arbiter fills in.

Figures are read from B.01's text as copied in tests/data/norms/b01-2024-section-1-1.md (see tests/data/SOURCES.md).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.core.norms.eligibility import (
    chief_arbiter,
    event_conditions,
    hours_a_day,
    long_event,
    rate_of_play,
    rounds_a_day,
)
from fidedesk.core.norms.forecast import Status, norms
from fidedesk.core.norms.rules import B01_2024
from fidedesk.core.tournament import ArbiterLicence, EventInfo
from fidedesk.io.trf.document import read_trf

from ..conftest import DATA

TEXT = (DATA / "norms" / "b01-2024-section-1-1.md").read_text(encoding="utf-8")
RR = DATA / "norms" / "im_norm_rr.trf"
RULES = B01_2024


def test_the_figures_are_b01s() -> None:
    assert re.search(r"`1\.1\.2`: Maximum calculated play in one day is (\d+) hours", TEXT)[1] == "12"  # type: ignore[index]
    assert RULES.most_hours_a_day == 12
    assert re.search(r"`1\.1\.3`: Maximum (\d) rounds per day", TEXT)[1] == str(RULES.most_rounds_a_day)  # type: ignore[index]
    hours = re.search(r"at least (\d) hours for all moves, assuming a (\d+)-move game", TEXT)
    assert hours is not None and int(hours[1]) * 60 == RULES.least_minutes_for_60_moves and hours[2] == "60"
    assert "must be IA or FA" in TEXT and RULES.arbiter_titles == {"IA", "FA"}


RATES = [
    ("90 min + 30 s/move", True, "120 minutes each for 60 moves"),  # 90 + 60 x 0.5: just 2 hours
    ("90'+30\"", True, "120 minutes"),
    ("40/120, 60", True, "180 minutes"),  # 40 moves in 2 hours, then an hour: within the 60 moves
    ("60 min + 30 s/move", False, "90 minutes each for 60 moves"),
    ("90 min", False, "90 minutes"),
    ("15 minutes plus 10 sec per move", False, "25 minutes"),
]


@pytest.mark.parametrize(("control", "holds", "words"), RATES)
def test_rate_of_play_is_two_hours_each_for_60_moves(control: str, holds: bool, words: str) -> None:
    condition = rate_of_play(EventInfo(time_control=control), RULES)
    assert (condition.article, condition.holds, condition.known) == ("1.1.3", holds, True)
    assert words in condition.text


def test_what_the_event_does_not_tell_is_not_known_and_says_what_to_fill_in() -> None:
    for condition in (rate_of_play(EventInfo(), RULES), rate_of_play(EventInfo(time_control="moves/time"), RULES),
                      rounds_a_day(EventInfo(), RULES), chief_arbiter(EventInfo(), RULES)):  # fmt: skip
        assert not condition.known and not condition.holds
    assert "not given" in chief_arbiter(EventInfo(), RULES).text
    assert hours_a_day(EventInfo(time_control="90+30"), RULES) is None  # rounds a day unknown: nothing to add up


def test_rounds_and_hours_a_day() -> None:
    assert rounds_a_day(EventInfo(rounds_a_day=2), RULES).holds
    assert not rounds_a_day(EventInfo(rounds_a_day=3), RULES).holds
    # 2 rounds of 2 x 120 minutes: 8 hours; 2 rounds of 2 x 180 minutes: 12 hours, the most; 2 x 2 x 190: 12 2/3
    assert hours_a_day(EventInfo(time_control="90+30", rounds_a_day=2), RULES).holds  # type: ignore[union-attr]
    twelve = hours_a_day(EventInfo(time_control="40/120, 60", rounds_a_day=2), RULES)
    assert twelve is not None and twelve.holds and "12 hours" in twelve.text
    over = hours_a_day(EventInfo(time_control="40/120, 70", rounds_a_day=2), RULES)
    assert over is not None and not over.holds


@pytest.mark.parametrize(("licence", "holds"), [(ArbiterLicence.IA, True), (ArbiterLicence.FA, True),
                                                (ArbiterLicence.NA, False)])  # fmt: skip
def test_the_chief_arbiter_is_an_ia_or_fa(licence: ArbiterLicence, holds: bool) -> None:
    condition = chief_arbiter(EventInfo(chief_arbiter="Ruth Schmidt", arbiter_licence=licence), RULES)
    assert (condition.article, condition.holds, condition.known) == ("1.1.5", holds, True)
    assert condition.text.startswith(f"Ruth Schmidt is {licence.value}")


FIELDS = st.builds(
    EventInfo,
    time_control=st.sampled_from(["", "90+30", "60+30", "40/120, 60", "G/90"]),
    rounds_a_day=st.none() | st.integers(1, 4),
    arbiter_licence=st.none() | st.sampled_from(ArbiterLicence),
)


@settings(max_examples=25, deadline=None)
@given(FIELDS)
def test_the_events_fields_never_change_a_status_but_to_put_every_norm_out_of_reach(fields: EventInfo) -> None:
    """What the event does not tell changes no status; what it breaks puts every norm out of reach, the broken
    condition first; the figures of each row stay those of the games."""
    tournament = read_trf(RR).tournament
    plain = norms(tournament)
    info = dataclasses.replace(tournament.info, time_control=fields.time_control, rounds_a_day=fields.rounds_a_day,
                               arbiter_licence=fields.arbiter_licence)  # fmt: skip
    judged = norms(dataclasses.replace(tournament, info=info))
    broken = [c for c in event_conditions(info, RULES) if c.known and not c.holds]
    assert [(r.player, r.title, r.games, r.score, r.opponents_average) for r in judged] == [
        (r.player, r.title, r.games, r.score, r.opponents_average) for r in plain
    ]
    for before, after in zip(plain, judged, strict=True):
        if broken:
            assert after.status is Status.OUT_OF_REACH and list(after.conditions[: len(broken)]) == broken
        else:
            assert after.status is before.status


def test_an_event_of_more_than_30_days_says_its_ratings_are_to_be_checked_1_1_4() -> None:
    """B.01 1.1.4 (verbatim in tests/data/norms/title-regulations-b01-2024.md): "In tournaments which last longer
    than 30 days, the opponents' ratings and titles used shall be those applying when the games were played"."""
    text = (DATA / "norms" / "title-regulations-b01-2024.md").read_text(encoding="utf-8")
    assert "In tournaments which last longer than 30 days" in text and RULES.longest_event_days == 30
    month = EventInfo(start=dt.date(2025, 1, 1), end=dt.date(2025, 1, 30))  # 30 days, first and last included
    assert long_event(month, RULES) is None
    league = long_event(dataclasses.replace(month, end=dt.date(2025, 4, 30)), RULES)
    assert league is not None and (league.article, league.known) == ("1.1.4", False)
    assert "lasts 120 days" in league.text
    assert long_event(EventInfo(start=dt.date(2025, 1, 1)), RULES) is None
