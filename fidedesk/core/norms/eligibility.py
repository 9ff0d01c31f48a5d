"""Whether the event is a title tournament at all (B.01 2024, 1.1.2-1.1.5): the rate of play, the rounds a day, the
event's length and the chief arbiter, read from the event's fields the arbiter fills in.

A field not given is a condition not known (:attr:`Condition.known` False): it is listed with what to fill in, and
a norm is not put out of reach by it. A field given that breaks the article puts every norm of the event out of
reach. 1.1.1 (the registration with FIDE 30 days ahead, the Laws of Chess) and 1.1.3a (a round a day for three days,
an application's matter) are not the event file's to tell.
"""

from __future__ import annotations

from fidedesk.core.norms.conditions import Condition
from fidedesk.core.norms.rules import NormRules
from fidedesk.core.notation import score_text
from fidedesk.core.rating.eligibility import MOVES_ASSUMED, parse_time_control
from fidedesk.core.tournament import EventInfo
from fidedesk.core.values import counted

_WHERE = "not given in the event"


def rate_of_play(info: EventInfo, rules: NormRules) -> Condition:
    """B.01 1.1.3: each player has at least 2 hours for all the moves, assuming a game of 60 moves (the base time
    plus 60 increments, and time added at a control reached within 60 moves: core.rating.eligibility)."""
    least = rules.least_minutes_for_60_moves
    if not info.time_control.strip():
        return Condition("1.1.3", False, f"the time control is {_WHERE}; at least {least} minutes for "
                         f"{MOVES_ASSUMED} moves", known=False)  # fmt: skip
    control = parse_time_control(info.time_control)
    if control is None:
        return Condition("1.1.3", False, f"the time control \u201c{info.time_control}\u201d cannot be read; at "
                         f"least {least} minutes for {MOVES_ASSUMED} moves", known=False)  # fmt: skip
    minutes = control.minutes_for_60_moves
    return Condition("1.1.3", minutes >= least, f"{score_text(minutes)} minutes each for {MOVES_ASSUMED} moves "
                     f"(\u201c{info.time_control}\u201d), at least {least}")  # fmt: skip


def rounds_a_day(info: EventInfo, rules: NormRules) -> Condition:
    """B.01 1.1.3: no more than 2 rounds a day."""
    most = rules.most_rounds_a_day
    if info.rounds_a_day is None:
        return Condition("1.1.3", False, f"the most rounds on one day is {_WHERE}; at most {most}",
                         known=False)  # fmt: skip
    return Condition(
        "1.1.3", info.rounds_a_day <= most, f"{counted(info.rounds_a_day, 'round')} on the busiest day, at most {most}"
    )


def hours_a_day(info: EventInfo, rules: NormRules) -> Condition | None:
    """B.01 1.1.2: no more than 12 hours of play in one day, counted on games of 60 moves: both players' time for
    60 moves, times the rounds of the day. None when the rate of play or the rounds a day are not known (the
    conditions of 1.1.3 say what to fill in)."""
    control = parse_time_control(info.time_control) if info.time_control.strip() else None
    if control is None or info.rounds_a_day is None:
        return None
    hours = control.minutes_for_60_moves * 2 * info.rounds_a_day / 60
    most = rules.most_hours_a_day
    rounds = counted(info.rounds_a_day, "round")
    return Condition("1.1.2", hours <= most, f"{score_text(hours)} hours of play a day ({rounds} of "
                     f"{MOVES_ASSUMED}-move games), at most {most}")  # fmt: skip


def chief_arbiter(info: EventInfo, rules: NormRules) -> Condition:
    """B.01 1.1.5: the chief arbiter is an International Arbiter (IA) or a FIDE Arbiter (FA)."""
    titles = " or ".join(sorted(rules.arbiter_titles, reverse=True))
    name = info.chief_arbiter or "the chief arbiter"
    if info.arbiter_licence is None:
        return Condition("1.1.5", False, f"the title of {name} is {_WHERE}; {titles} needed", known=False)
    licence = info.arbiter_licence.value
    return Condition("1.1.5", licence in rules.arbiter_titles, f"{name} is {licence}; {titles} needed")


def long_event(info: EventInfo, rules: NormRules) -> Condition | None:
    """B.01 1.1.4: in an event of more than 30 days the opponents' ratings and titles are those applying when each
    game was played. An event file holds one rating and title per player (the list of the start, 1.4.6a): for a
    longer event the condition is not known, and says so. None for an event of 30 days or less, or without dates."""
    if info.start is None or info.end is None:
        return None
    days = (info.end - info.start).days + 1
    if days <= rules.longest_event_days:
        return None
    return Condition("1.1.4", False, f"the event lasts {days} days (more than {rules.longest_event_days}): the "
                     "ratings and titles of when each game was played count, and the file gives those of one list; "
                     "check them by hand", known=False)  # fmt: skip


def event_conditions(info: EventInfo, rules: NormRules) -> tuple[Condition, ...]:
    """Every condition of 1.1 the event's fields can tell, in the articles' order."""
    hours, long = hours_a_day(info, rules), long_event(info, rules)
    found = [*((hours,) if hours else ()), rate_of_play(info, rules), rounds_a_day(info, rules)]
    found += [*((long,) if long else ()), chief_arbiter(info, rules)]
    return tuple(found)
