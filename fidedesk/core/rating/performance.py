"""Performance ratings: the Title Regulations' Rp and the tie-break regulations' TPR and PTP.

Title Regulations 1.4.7-1.4.9 (B01 2024): Ra is the opponents' average, rounded to the nearest
whole number with 0.5 upward; p is rounded to the nearest whole percent, 0.5 upward; Rp = Ra + dp,
with dp from table 1.4.9 (= 8.1.1, 1.00 -> +800, .00 -> -800). The tie-break regulations C.07
(2024) 10.2 define the TPR the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from fidedesk.core.rating.tables import dp_for, pd_hundredths, percent


def average_rating(ratings: Sequence[int]) -> int:
    """Ra: the average of the opponents' ratings, 0.5 rounded upward (Title Regulations 1.4.7)."""
    if not ratings:
        raise ValueError("an average rating needs at least one opponent")
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))  # 0.5 upward, in integers


def performance_rating(ratings: Sequence[int], score: Fraction) -> int:
    """Rp = Ra + dp(p) over the games against these opponents (Title Regulations 1.4.8, C.07 10.2)."""
    return average_rating(ratings) + dp_for(percent(score, len(ratings)))


def perfect_performance(ratings: Sequence[int], score: Fraction) -> int | None:
    """PTP (C.07 10.3): the lowest rating whose expected score from table 8.1.2 (no cap) reaches the score.

    None for a score of 0 % or 100 %, where no finite rating is the lowest.
    """
    score = Fraction(score)
    n = len(ratings)
    if n == 0 or score <= 0 or score >= n:
        return None
    target = score * 100  # expected scores are summed in hundredths

    def expected(rating: int) -> int:
        return sum(pd_hundredths(rating - opponent) for opponent in ratings)

    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) = 0, expected(high) = 100 n
    while low < high:  # expected() never falls as the rating rises, so bisect
        middle = (low + high) // 2
        if expected(middle) >= target:
            high = middle
        else:
            low = middle + 1
    return low
