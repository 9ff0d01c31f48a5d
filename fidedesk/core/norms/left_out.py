"""B.01 1.4.1f: the games against defeated opponents a norm may leave out, and which choices of them the norm
check tries (:mod:`fidedesk.core.norms.forecast`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from fidedesk.core.norms.conditions import Condition, NormGame
from fidedesk.core.norms.rules import NormRules

#: The articles of a norm's mix of opponents, which a round robin's games left out under 1.4.1f must not need.
MIX = frozenset({"1.4.3", "1.4.4", "1.4.5a", "1.4.5", "1.4.5f"})


def without_defeated(
    games: Sequence[NormGame], fewest: int, rules: NormRules
) -> Iterator[tuple[list[NormGame], tuple[NormGame, ...]]]:
    """B.01 1.4.1f: a player may leave out games against opponents they defeated, if the rest still meets the mix
    and the number of games. The games as they are, then without the lowest-rated defeated opponent, the two
    lowest, ... while ``fewest`` games stay: of every choice of as many wins left out, leaving out the weakest
    raises the opponents' average (1.4.7, 1.4.8a: each rating floored by 1.4.6 too) and so the performance (the
    score the same) most, which is all a bound on them needs."""
    for choices in choices_without_defeated(games, fewest, rules):
        yield next(choices)


def choices_without_defeated(
    games: Sequence[NormGame], fewest: int, rules: NormRules
) -> Iterator[Iterator[tuple[list[NormGame], tuple[NormGame, ...]]]]:
    """The choices 1.4.1f gives, by the number of wins left out (none, one, two, ... while ``fewest`` games
    stay): the games kept and those left out, the weakest left out first (:func:`without_defeated`), then the
    others of as many that may meet a norm's mix where it does not (:func:`_left_out_of`; the article lets the
    player choose any: leaving out a win against a GM may break 1.4.5a where another win left out keeps it). A
    choice other than the first can meet only conditions of the mix (:data:`MIX`) that the first does not; the
    caller stops at the first where it fails another."""
    yield iter([(list(games), ())])
    wins = sorted(
        (g for g in games if g.score == 1), key=lambda g: (g.opponent.rating or rules.unrated_rating, g.round)
    )
    for count in range(1, min(len(wins), len(games) - fewest) + 1):
        yield _left_out_of(games, wins, count)


def _left_out_of(
    games: Sequence[NormGame], wins: Sequence[NormGame], count: int
) -> Iterator[tuple[list[NormGame], tuple[NormGame, ...]]]:
    """The choices of ``count`` of ``wins`` (the weakest first) to leave out of ``games`` that can differ in what
    a norm needs: the ``count`` weakest first, then one for every other spread of ``count`` over the wins'
    kinds of opponent (federation and title: all the mix reads, 1.4.3-1.4.5), the weakest of each kind left out
    (of two choices of one spread, leaving out the weaker keeps the higher average and performance, 1.4.6-1.4.8).
    """
    first = tuple(wins[:count])
    yield _kept(games, first), first  # the weakest: all most callers read, so the others are made only as asked
    kinds: dict[tuple[str, str], list[NormGame]] = {}
    for game in wins:
        kinds.setdefault((game.opponent.federation, game.opponent.title), []).append(game)
    groups = list(kinds.values())
    firsts = tuple(sum(1 for game in first if game in group) for group in groups)
    for spread in _spreads([len(group) for group in groups], count):
        if spread != firsts:
            taken = {id(game) for group, n in zip(groups, spread, strict=True) for game in group[:n]}
            chosen = tuple(game for game in wins if id(game) in taken)
            yield _kept(games, chosen), chosen


def _kept(games: Sequence[NormGame], left_out: Sequence[NormGame]) -> list[NormGame]:
    """``games`` but those ``left_out``."""
    dropped = {id(game) for game in left_out}
    return [game for game in games if id(game) not in dropped]


def _spreads(sizes: Sequence[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every way of taking ``count`` from groups of ``sizes``, as the number taken from each."""
    if not sizes:
        if count == 0:
            yield ()
        return
    for taken in range(min(sizes[0], count), -1, -1):
        for rest in _spreads(sizes[1:], count - taken):
            yield (taken, *rest)


def left_out_condition(games: Sequence[NormGame]) -> Condition:
    named = ", ".join(
        f"round {g.round} (rated {g.opponent.rating})" if g.opponent.rating else f"round {g.round} (unrated)"
        for g in sorted(games, key=lambda g: g.round)
    )
    return Condition("1.4.1f", True, f"games against defeated opponents left out: {named}")
