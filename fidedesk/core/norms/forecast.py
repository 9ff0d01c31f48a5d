"""Who made a title norm after a round, who still can, and who cannot (B.01 2024, 1.4.1-1.4.9).

For every player and every title they do not hold: ``achieved`` with the figures, ``possible`` with the score
still needed from the rounds left and the composition conditions still to be met, or ``out-of-reach`` with the
condition that cannot be met. A Swiss norm may rest on the games up to the title result (1.4.1e: later games may
be ignored), so every round from the ninth game on is tried; a round robin's rests on every scheduled round.

Fast on a large Swiss: a bound on the best performance a player can still reach (all rounds left won against
the strongest players not yet met) sends most players out of reach before any condition is worked out.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from fidedesk.core.norms.conditions import (
    NO_FEDERATION,
    Condition,
    NormGame,
    Opponent,
    adjusted_ratings,
    federation_conditions,
    games_condition,
    minimum_games,
    norm_performance,
    opponents_average,
    performance_conditions,
    score_for_norm,
    titled_conditions,
)
from fidedesk.core.norms.eligibility import event_conditions
from fidedesk.core.norms.event import PlayerGames, opponent, player_games, swiss_exemption, zero_scorers
from fidedesk.core.norms.left_out import MIX, choices_without_defeated, left_out_condition, without_defeated
from fidedesk.core.norms.rules import B01_2024, EventType, NormRules, Title, TitleFigures
from fidedesk.core.notation import score_text
from fidedesk.core.rating.tables import dp_for, percent, round_half_up
from fidedesk.core.tournament import Player, System, Tournament

_WOMEN = ("w", "f")
#: The titles that make a norm useless: holding any of these, a player is no candidate for the key's title.
_COVERED_BY = {
    Title.GM: {"GM"},
    Title.IM: {"GM", "IM"},
    Title.WGM: {"GM", "WGM"},
    Title.WIM: {"GM", "IM", "WGM", "WIM"},
}


Made = Callable[..., "NormRow"]


class Status(enum.Enum):
    ACHIEVED = "achieved"
    POSSIBLE = "possible"
    OUT_OF_REACH = "out-of-reach"


@dataclasses.dataclass(frozen=True)
class NormRow:
    """One player and one title after a round: the status, the figures over the games the norm rests on, the
    score still needed from the rounds left (``possible`` only) and every condition with its article."""

    player: Player
    title: Title
    status: Status
    games: int
    score: Fraction
    opponents_average: int | None
    performance: int | None
    needed: Fraction | None
    conditions: tuple[Condition, ...]
    rounds_left: int
    #: The games the row's figures are over: the norm's own (an IT1 lists them), a Swiss norm's perhaps only the
    #: first of the player's games (1.4.1e); in the order played.
    rests_on: tuple[NormGame, ...] = ()


#: Candidates first: the norms achieved, then those still possible, then those out of reach.
_STATUS_ORDER = {Status.ACHIEVED: 0, Status.POSSIBLE: 1, Status.OUT_OF_REACH: 2}


def candidates_first(rows: Sequence[NormRow]) -> list[NormRow]:
    """``rows`` (by start rank, titles GM, IM, WGM, WIM, as :func:`norms` gives them) with the achieved first, then
    the possible, then the out-of-reach; the order within each kept. The order every front end shows them in (the
    Norms view, the Excel export's Norms sheet)."""
    return sorted(rows, key=lambda row: _STATUS_ORDER[row.status])


def candidate_titles(player: Player) -> tuple[Title, ...]:
    """The norm titles a player is a candidate for: those they do not hold, nor a higher one (a GM is none; an IM
    is for GM, and a woman IM for WGM too). The women's titles are for women (B.01 0.5 names them "Woman
    Grandmaster", "Woman International Master"), known by the file's sex (``w``/``f``) or a woman's title held; a
    player of unknown sex is checked for the open titles only."""
    woman = player.sex in _WOMEN or player.title.startswith("W")
    return tuple(title for title in Title if (woman or not title.for_women) and player.title not in _COVERED_BY[title])


def planned_rounds(tournament: Tournament, after: int) -> int:
    """The rounds the event will have: the number announced, else the last round any entry reaches."""
    return max(tournament.info.rounds or 0, tournament.last_round, after)


def norms(
    tournament: Tournament,
    after_round: int | None = None,
    event_type: EventType | None = None,
    rules: NormRules = B01_2024,
) -> tuple[NormRow, ...]:
    """Every player's norm status for every title they are a candidate for, after ``after_round`` (default:
    the last round played), players by start rank, titles GM, IM, WGM, WIM. ``event_type`` None: the event's own.

    The event's conditions of 1.1 (core.norms.eligibility) follow each row's own: one the event's fields break puts
    every norm out of reach (listed first); one they do not tell is listed, not known, and changes no status."""
    after = tournament.rounds_played if after_round is None else after_round
    judge = _Judge(tournament, after, tournament.info.event_type if event_type is None else event_type, rules)
    event = event_conditions(tournament.info, rules)
    broken = tuple(condition for condition in event if condition.known and not condition.holds)
    rows: list[NormRow] = []
    for player in sorted(tournament.players, key=lambda p: p.start_rank):
        titles = candidate_titles(player)
        if titles:
            games = player_games(tournament, player, after, judge.excluded)
            rows.extend(_with_event(judge.row(player, games, title), event, broken) for title in titles)
    return tuple(rows)


def _with_event(row: NormRow, event: tuple[Condition, ...], broken: tuple[Condition, ...]) -> NormRow:
    if broken:
        return dataclasses.replace(row, status=Status.OUT_OF_REACH, needed=None, conditions=(*broken, *row.conditions))
    return dataclasses.replace(row, conditions=(*row.conditions, *event))


@dataclasses.dataclass(frozen=True)
class _Pool:
    """What the players a Swiss player has not met yet could bring: how many hold a title (1.4.5a), how many the
    norm's titles (1.4.5), and their federations (1.4.3)."""

    titled: int
    share: int
    federations: frozenset[str]


class _Judge:
    """What is worked out once per event: the rounds left, the exemption, the opponents each player may meet."""

    def __init__(self, tournament: Tournament, after: int, event_type: EventType, rules: NormRules) -> None:
        self.tournament, self.after, self.event_type, self.rules = tournament, after, event_type, rules
        self.round_robin = tournament.info.system.is_round_robin
        self.rounds = planned_rounds(tournament, after)
        self.left = self.rounds - after
        self.excluded = zero_scorers(tournament, after)
        self.minimum = minimum_games(rules, event_type)
        self.swiss_exempt = (
            swiss_exemption(tournament, after, rules) if tournament.info.system is System.SWISS else None
        )
        # the strongest ratings first: a bound on the opponents a Swiss player may still meet
        self.eligible = [opponent(p) for p in tournament.players if p.federation]
        self.federation_counts = Counter(o.federation for o in self.eligible)
        self.titled_count = sum(1 for o in self.eligible if o.title in rules.titled)
        self.share_count = {
            figures.title: sum(1 for o in self.eligible if o.title in figures.share_titles) for figures in rules.figures
        }
        self.by_rating = sorted(tournament.players, key=lambda p: -(p.rating or rules.unrated_rating))

    def exemption(self, player: Player) -> str | None:
        """The 1.4.3a-d exemption that applies to this player, in words; None for none."""
        kind = self.event_type
        if kind is EventType.NATIONAL_CHAMPIONSHIP:
            return "1.4.3a, the final of a national championship"
        if kind is EventType.ZONAL:
            return "1.4.3c, a zonal or sub-zonal tournament"
        if kind is EventType.NATIONAL_TEAM_CHAMPIONSHIP and player.federation == self.tournament.info.federation:
            return "1.4.3b, a national team championship, for the host federation's players"
        if self.swiss_exempt is not None and self.swiss_exempt.holds:
            return f"1.4.3d, {self.swiss_exempt.text}"
        return None

    def future(self, player: Player, games: PlayerGames) -> tuple[list[Opponent], int]:
        """The opponents still to come: a round robin's scheduled ones (known), else the number of rounds left."""
        if not self.round_robin:
            return [], self.left
        times = 2 if self.tournament.info.system is System.DOUBLE_ROUND_ROBIN else 1
        ahead = [
            opponent(other)
            for other in self.tournament.players
            if other.start_rank != player.start_rank and other.start_rank not in games.met
            and other.start_rank not in self.excluded and other.federation
        ]  # fmt: skip
        return ahead * times, 0

    def conditions(
        self, player: Player, games: Sequence[NormGame], figures: TitleFigures, short: bool
    ) -> tuple[list[Condition], int | None, int | None]:
        """Every condition over these games, with the opponents' average and the performance."""
        rules = self.rules
        opponents = [game.opponent for game in games]
        if not opponents:
            return [games_condition(0, rules, self.event_type, self.rounds, short)], None, None
        ratings = adjusted_ratings(opponents, figures, rules)
        score = sum((game.score for game in games), Fraction(0))
        least = score_for_norm(ratings, figures, rules)
        overscore = int(score - least) if least is not None and score >= least else 0
        found = [games_condition(len(games), rules, self.event_type, self.rounds, short, overscore)]
        found += federation_conditions(player.federation, opponents, rules, self.exemption(player))
        double = self.tournament.info.system is System.DOUBLE_ROUND_ROBIN
        found += titled_conditions(opponents, figures, rules, double)
        if double:
            players, fewest = len(self.tournament.players), rules.double_round_robin_players
            found.append(Condition("1.4.5f", players >= fewest, f"a double round robin of {players} players, "
                                   f"at least {fewest}"))  # fmt: skip
        found += performance_conditions(ratings, score, figures, rules)
        return found, opponents_average(ratings), norm_performance(ratings, score)

    def row(self, player: Player, games: PlayerGames, title: Title) -> NormRow:
        figures = self.rules.of(title)
        played = list(games.counted)
        score = sum((game.score for game in played), Fraction(0))
        ahead, left = self.future(player, games)
        to_come = len(ahead) + left

        def made(
            status: Status,
            over: Sequence[NormGame],
            found: list[Condition],
            average: int | None,
            rp: int | None,
            needed: Fraction | None = None,
        ) -> NormRow:
            total = sum((game.score for game in over), Fraction(0))
            if average is None and over:  # the figures of an out-of-reach row too: they say how far it is
                ratings = adjusted_ratings([game.opponent for game in over], figures, self.rules)
                average, rp = opponents_average(ratings), norm_performance(ratings, total)
            return NormRow(
                player, title, status, len(over), total, average, rp, needed, tuple(found), to_come, tuple(over)
            )

        short = games.forfeit_win_or_bye
        if len(played) + to_come < self.minimum and not (short and len(played) + to_come == self.minimum - 1):
            text = f"{len(played)} games counted and {to_come} to come, at least {self.minimum} needed"
            return made(Status.OUT_OF_REACH, played, [Condition("1.4.1", False, text)], None, None)
        best = self._bound(player, played, to_come, ahead, figures)
        if best < figures.performance:
            if to_come:
                text = f"performance at most {best} even winning the {to_come} games to come"
            else:
                text = f"performance at most {best} over the games a norm may rest on"
            text += f", at least {figures.performance}"
            return made(Status.OUT_OF_REACH, played, [Condition("1.4.8", False, text)], None, None)
        if to_come == 0 or not self.round_robin:
            # a round robin's norm may leave games out only if its mix over every game makes a norm possible
            mix = not self.round_robin or all(
                c.holds for c in self.conditions(player, played, figures, short)[0] if c.article in MIX
            )
            for end in self._ends(played, to_come):
                fewest = self.minimum if mix else end
                for choices in choices_without_defeated(played[:end], fewest, self.rules):
                    for index, (kept, left_out) in enumerate(choices):
                        if left_out and self._rp_above(kept, figures) < figures.performance:
                            # not even with every rating at the floor: no need to work out the conditions; the
                            # weakest left out (the first choice) the best performance of any as many
                            if index == 0:
                                break
                            continue
                        whole = short and end == len(played) and not left_out  # 1.4.1c: the 8 games themselves
                        found, average, rp = self.conditions(player, kept, figures, whole)
                        if all(condition.holds for condition in found):
                            found += [left_out_condition(left_out)] if left_out else []
                            return made(Status.ACHIEVED, kept, found, average, rp)
                        if index == 0 and any(not c.holds for c in found if c.article not in MIX):
                            break  # a condition the first choice meets best: no other of as many meets it
        found, average, rp = self.conditions(player, played, figures, short)
        if to_come == 0:
            return made(Status.OUT_OF_REACH, played, found, average, rp)
        return self._forecast(player, played, score, ahead, left, figures, made)

    def _rp_above(self, games: Sequence[NormGame], figures: TitleFigures) -> int:
        """A performance at least the one of these games: every rating raised to the floor (1.4.6 raises one)."""
        floored = sum(max(g.opponent.rating or self.rules.unrated_rating, figures.floor) for g in games)
        return _rp(floored, sum((g.score for g in games), Fraction(0)), len(games))

    def _ends(self, played: Sequence[NormGame], to_come: int) -> list[int]:
        """The numbers of games a norm may rest on, most first: all of them, and in a Swiss every shorter run of
        the first games down to the minimum (1.4.1e); a round robin only all of them, once every round is in."""
        if self.round_robin:
            return [len(played)]
        return list(range(len(played), self.minimum - 1, -1)) or [len(played)]

    def _strongest(self, player: Player, played: Sequence[NormGame], count: int) -> list[Opponent]:
        """The ``count`` strongest players a Swiss player has not met yet: the best the rounds left can bring."""
        met = {game.opponent.start_rank for game in played} | {player.start_rank}
        found: list[Opponent] = []
        for other in self.by_rating:
            if len(found) == count:
                break
            if other.start_rank not in met and other.federation:
                found.append(opponent(other))
        return found

    def _bound(
        self,
        player: Player,
        played: Sequence[NormGame],
        to_come: int,
        ahead: Sequence[Opponent],
        figures: TitleFigures,
    ) -> int:
        """The best performance still possible over any run of games a norm may rest on: a run of the first games
        from the minimum on (1.4.1e), or every game with every game to come won against the strongest players not
        met yet; every rating raised to the floor, so a bound above 1.4.6's figure, never below it."""
        rules = self.rules
        coming = list(ahead) or self._strongest(player, played, to_come)
        best, total, points = -10_000, 0, Fraction(0)
        strongest, runs = 0, []  # (games, the strongest's floored rating, points) of every run from the minimum on
        for count, game in enumerate(played, start=1):
            rating = max(game.opponent.rating or rules.unrated_rating, figures.floor)
            total += rating
            points += game.score
            strongest = max(strongest, rating)
            if count >= self.minimum and not self.round_robin:
                best = max(best, _rp(total, points, count))
                runs.append((count, strongest, points))
        # fewer games to come (a bye, an absence) against only the very strongest may average higher: try each count
        ratings = sorted((max(o.rating or rules.unrated_rating, figures.floor) for o in coming), reverse=True)
        best = max(best, _rp(total, points, len(played)))
        if self.round_robin and played:
            runs.append((len(played), strongest, points))
        for count, rating in enumerate(ratings, start=1):
            total += rating
            best = max(best, _rp(total, points + count, len(played) + count))
        if ratings:
            runs.append((len(played) + len(ratings), max(strongest, ratings[0]), points + len(ratings)))
        # 1.4.1f: leaving out wins against the weakest raises the average more than the score falls, at times: the
        # runs the achieved check tries, and every game with the games to come won. Leaving wins out lowers the
        # score's share, so no run does better than its strongest opponent plus the dp of its whole score: the runs
        # that cannot reach the title's performance that way (almost all of a big Swiss) are not tried.
        won = [NormGame(0, Opponent(0, rating, "", ""), Fraction(1)) for rating in ratings]
        for count, top, run_points in runs:
            if best >= figures.performance or top + dp_for(percent(run_points, count)) < figures.performance:
                continue
            run = [*played, *won][:count]
            for kept, left_out in without_defeated(run, self.minimum, rules):
                if left_out:
                    best = max(best, self._rp_above(kept, figures))
        return best

    def _forecast(
        self,
        player: Player,
        played: list[NormGame],
        score: Fraction,
        ahead: list[Opponent],
        left: int,
        figures: TitleFigures,
        made: Made,
    ) -> NormRow:
        """A norm not achieved yet, with games to come: possible with the score still needed and the conditions
        still to be met, or out of reach naming the condition that no result to come can meet."""
        rules = self.rules
        short = False
        if ahead:  # a round robin: every opponent is known, so every condition over the whole event is known
            scheduled = [game.opponent for game in played] + ahead
            now, average, _ = self.conditions(player, [*played, *(NormGame(0, o, Fraction(0)) for o in ahead)],
                                              figures, short)  # fmt: skip
            composition = [c for c in now if c.article not in ("1.4.1", "1.4.8", "1.4.8b") and not c.holds]
            if composition:
                return made(Status.OUT_OF_REACH, played, composition, None, None)
            ratings = adjusted_ratings(scheduled, figures, rules)
            needed = _needed(ratings, score, figures, rules)
            still = [c for c in now if c.article not in ("1.4.8", "1.4.8b")]
            if needed is None or needed > len(ahead):
                text = f"needs {_points(needed)} from the {len(ahead)} games to come; at most {len(ahead)}"
                return made(Status.OUT_OF_REACH, played, [*still, Condition("1.4.8", False, text)], None, None)
            text = f"{score_text(needed)} more from {len(ahead)} games makes {figures.performance} against {average}"
            return made(Status.POSSIBLE, played, [*still, Condition("1.4.8", False, text)], None, None, needed)
        now, average, rp = self.conditions(player, played, figures, short)
        final = len(played) + left
        checks = self._still_possible(player, played, left, final, figures)
        blocked = [Condition(c.article, False, f"{c.text}; cannot be met in the {left} rounds left")
                   for c in checks if not c.holds]  # fmt: skip
        if blocked:
            return made(Status.OUT_OF_REACH, played, blocked, average, rp)
        needed, against = self._score_needed(player, played, score, left, figures)
        if needed is None:
            text = f"no score from the {left} rounds left makes a norm performance (at least {figures.performance})"
            return made(Status.OUT_OF_REACH, played, [*now, Condition("1.4.8", False, text)], average, rp)
        games_left = Condition("1.4.1", False, f"{len(played)} games so far and {left} rounds left, at least "
                               f"{self.minimum}; still to be met")  # fmt: skip
        still = [
            (games_left if c.article == "1.4.1" else Condition(c.article, False, f"{c.text}; still to be met"))
            if not c.holds else c
            for c in now if c.article not in ("1.4.8", "1.4.8b")
        ]  # fmt: skip
        text = f"{score_text(needed)} more needed against {against}"
        return made(Status.POSSIBLE, played, [*still, Condition("1.4.8", False, text)], average, rp, needed)

    def _score_needed(
        self, player: Player, played: Sequence[NormGame], score: Fraction, left: int, figures: TitleFigures
    ) -> tuple[Fraction | None, str]:
        """The score still needed from the rounds left for 1.4.8 and 1.4.8b, and against whom; None when no score
        is enough. All the rounds left first, then fewer (a norm may rest on the first games, 1.4.1e), each against
        opponents like the present ones (at least the title's average), else the strongest players not met yet;
        failing every one, the same with the games against the weakest defeated opponents left out (1.4.1f), as
        the achieved check leaves them out: a weak win can hold the average below 1.4.8a's or the performance
        below the title's when every game counts."""
        rules = self.rules
        strongest = self._strongest(player, played, left)
        for kept, left_out in without_defeated(played, 0, rules):
            mine = [game.opponent for game in kept]
            level = max(opponents_average(adjusted_ratings(mine, figures, rules)) if mine else 0,
                        figures.minimum_average)  # fmt: skip
            points = score - len(left_out)
            dropped = f", {left_out_condition(left_out).text}" if left_out else ""
            for count in range(left, max(self.minimum - 1 - len(kept), 0) - 1, -1):
                for coming, words in (([Opponent(0, level, "", "")] * count, f"opponents averaging {level}"),
                                      (strongest[:count], "the strongest players not met yet")):  # fmt: skip
                    found = _needed(adjusted_ratings([*mine, *coming], figures, rules), points, figures, rules)
                    if found is not None and found <= count:
                        return found, f"{words} in {count} of the {left} rounds left{dropped}"
        return None, ""

    def _still_possible(
        self, player: Player, played: Sequence[NormGame], left: int, final: int, figures: TitleFigures
    ) -> list[Condition]:
        """The composition of a Swiss norm, each condition true when some number of the rounds left could still
        meet it against players not met yet who have what it needs: a norm may rest on fewer games than the most
        (1.4.1e), where a third of 9 is 3 GMs and a third of 10 is 4, and may leave out games against defeated
        opponents (1.4.1f), where 3 GMs of 9 games are enough with a win against a 2350 IM left out of 10. Every
        norm of ``games`` games is some wins left out (``dropped``) and the rest of its games still to come; the
        last tried, every round and nothing left out, words a condition that none meets."""
        pool = self._pool(player, played, figures)
        wins = sum(1 for game in played if game.score == 1)
        tried = [
            self._composition_at(player, played, pool, games, dropped, figures)
            for games in range(max(self.minimum - 1, 1), final + 1)
            for dropped in range(max(len(played) - games, 0), min(wins, final - games) + 1)
        ]
        combined = []
        for index, at_most in enumerate(tried[-1]):
            holding = next((found[index] for found in tried if found[index].holds), None)
            combined.append(holding or at_most)
        return combined

    def _composition_at(
        self, player: Player, played: Sequence[NormGame], pool: _Pool, games: int, dropped: int, figures: TitleFigures
    ) -> list[Condition]:
        """1.4.3-1.4.5 for a norm of ``games`` games: the games played less ``dropped`` wins (1.4.1f) and the rest
        still to come, each against the best the players not met yet could bring. Each condition leaves out the
        wins that help it most (those against players without a title for 1.4.5a, against the applicant's
        federation for 1.4.4), so each holds here if any choice of the wins left out meets it."""
        rules, extra = self.rules, games - len(played) + dropped
        opponents = [game.opponent for game in played]
        beaten = [game.opponent for game in played if game.score == 1]

        def kept_at_least(has: Callable[[Opponent], bool]) -> int:  # the wins left out spare these where they can
            forced = max(0, dropped - sum(1 for o in beaten if not has(o)))
            return sum(1 for o in opponents if has(o)) - forced

        def kept_at_most(federation: str) -> int:  # the wins left out are against this federation where they can
            return sum(1 for o in opponents if o.federation == federation) - min(
                dropped, sum(1 for o in beaten if o.federation == federation)
            )

        found = []
        titled = kept_at_least(lambda o: o.title in rules.titled)
        could = titled + min(extra, pool.titled)
        need = -(-games // 2)
        found.append(Condition("1.4.5a", could >= need, f"{titled} title-holders so far, at least {need} of {games}"))
        share = kept_at_least(lambda o: o.title in figures.share_titles)
        could = share + min(extra, pool.share)
        need = max(rules.share_minimum, -(-games // 3))
        found.append(Condition("1.4.5", could >= need, f"{share} {figures.title.value}-share opponents so far, "
                               f"at least {need} of {games}"))  # fmt: skip
        if self.exemption(player) is None:
            # leaving wins out never adds a federation: the played games' own are the most there can be
            others = _federations(opponents) - {player.federation}
            new = pool.federations - others - {player.federation}
            could = len(others) + min(extra, len(new))
            found.append(
                Condition(
                    "1.4.3",
                    could >= rules.other_federations,
                    f"{len(others)} other federations so far, at least {rules.other_federations}",
                )
            )
            own = kept_at_most(player.federation)
            own_cap = int(rules.own_federation_share * games)
            found.append(
                Condition(
                    "1.4.4", own <= own_cap, f"{own} from {player.federation} so far, at most {own_cap} of {games}"
                )
            )
            # no choice of wins left out leaves fewer from a federation than leaving out only its own
            most = max((kept_at_most(fed) for fed in _federations(opponents)), default=0)
            one_cap = int(rules.one_federation_share * games)
            found.append(
                Condition("1.4.4", most <= one_cap, f"{most} from one federation so far, at most {one_cap} of {games}")
            )
        return found  # fmt: skip

    def _pool(self, player: Player, played: Sequence[NormGame], figures: TitleFigures) -> _Pool:
        """The players not met yet, counted from the event's totals less those met (a few players, not all)."""
        met = [game.opponent for game in played]
        if player.federation:
            met.append(opponent(player))
        rules = self.rules
        share = self.share_count[figures.title]
        left = self.federation_counts - Counter(o.federation for o in met)
        return _Pool(
            self.titled_count - sum(1 for o in met if o.title in rules.titled),
            share - sum(1 for o in met if o.title in figures.share_titles),
            frozenset(fed for fed in left if fed != NO_FEDERATION),
        )


def _rp(total: int, points: Fraction, games: int) -> int:
    """Ra + dp from a total of ratings, a score and a number of games (1.4.7-1.4.9), without building a list."""
    if games == 0:
        return -10_000
    return round_half_up(Fraction(total, games)) + dp_for(percent(points, games))


def _needed(ratings: Sequence[int], score: Fraction, figures: TitleFigures, rules: NormRules) -> Fraction | None:
    """The score still needed over these opponents for 1.4.8 and 1.4.8b; None when no score is enough."""
    least = score_for_norm(ratings, figures, rules)
    return None if least is None else max(Fraction(0), least - score)


def _points(needed: Fraction | None) -> str:
    return "more than a full score" if needed is None else score_text(needed)


def _federations(opponents: Sequence[Opponent]) -> set[str]:
    return {o.federation for o in opponents if o.federation and o.federation != NO_FEDERATION}
