"""core.values: one parser and one formatter per value; what one writes the other reads back, every range
edge is accepted and one past it refused, and every refusal is the value's own error saying what is expected."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import TITLES, BirthDate
from fidedesk.core.values import (
    BOARD_TEXT,
    BYES,
    DOUBLE_FORFEIT,
    FEDERATIONS,
    FIDE_ID_RANGE,
    GAMES_RANGE,
    K_RANGE,
    RATING_IN_FILE,
    RATING_TYPED,
    SEXES,
    BirthDateError,
    ByeError,
    DateError,
    FederationError,
    FideIdError,
    GamesError,
    InvalidValueError,
    KError,
    Range,
    RatingError,
    ResultError,
    SexError,
    TitleError,
    birth_date,
    birth_text,
    board_text,
    bye_text,
    check_fide_id,
    check_rating,
    count_text,
    date_text,
    federation_letters,
    fide_id_text,
    parse_birth_date,
    parse_board_result,
    parse_bye_result,
    parse_count,
    parse_date,
    parse_federation,
    parse_fide_id,
    parse_games,
    parse_k,
    parse_rating,
    parse_result,
    parse_sex,
    parse_title,
    rating_text,
    result_text,
)

ERRORS = (RatingError, ResultError, ByeError, BirthDateError, DateError, TitleError, FederationError, FideIdError,
          KError, GamesError)  # fmt: skip


@pytest.mark.parametrize("error", ERRORS)
def test_every_error_is_one_kind_of_value_error(error: type[Exception]) -> None:
    assert issubclass(error, InvalidValueError) and issubclass(error, ValueError)


# ---------------------------------------------------------------------------------------------- ratings


def test_the_ranges_a_person_and_a_file_give_are_fides_floor_to_above_any_published_rating() -> None:
    assert (RATING_TYPED.low, RATING_TYPED.high) == (1000, 3000)
    assert (RATING_IN_FILE.low, RATING_IN_FILE.high) == (1000, 3000)
    assert str(RATING_TYPED) == "1000–3000"


@given(st.integers(RATING_TYPED.low, RATING_TYPED.high))
def test_a_rating_written_reads_back(rating: int) -> None:
    assert parse_rating(rating_text(rating)) == rating
    assert parse_rating(f"  {rating_text(rating)} ", RATING_IN_FILE) == rating


@pytest.mark.parametrize("allowed", [RATING_TYPED, RATING_IN_FILE])
def test_rating_edges(allowed: Range) -> None:
    assert parse_rating(str(allowed.low), allowed) == allowed.low
    assert parse_rating(str(allowed.high), allowed) == allowed.high
    assert check_rating(allowed.low, allowed) == allowed.low
    for outside in (allowed.low - 1, allowed.high + 1):
        with pytest.raises(RatingError, match=f"{outside} is outside {allowed.low}–{allowed.high}"):
            parse_rating(str(outside), allowed)
        with pytest.raises(RatingError):
            check_rating(outside, allowed)


def test_blank_is_unrated_and_no_rating_written_is_blank() -> None:
    assert parse_rating("") is None and parse_rating("   ") is None
    assert rating_text(None) == ""


@pytest.mark.parametrize("text", ["abc", "2000.5", "-2000", "+2000", "2 000", "٢٠٠٠", "²⁰⁰⁰", "0x7d0"])
def test_only_ascii_digits_are_a_rating(text: str) -> None:
    with pytest.raises(RatingError, match=re.escape(f"“{text}” is not a rating (1000–3000)")):
        parse_rating(text)


def test_a_rating_check_refuses_a_bool() -> None:
    with pytest.raises(RatingError):
        check_rating(True)


# ---------------------------------------------------------------------------------------------- counts


@pytest.mark.parametrize(
    ("parse", "allowed", "error"), [(parse_k, K_RANGE, KError), (parse_games, GAMES_RANGE, GamesError)]
)
def test_k_and_games_edges(parse: object, allowed: Range, error: type[Exception]) -> None:
    assert callable(parse)
    assert parse(str(allowed.low)) == allowed.low
    assert parse(str(allowed.high)) == allowed.high
    assert parse(" ") is None
    for outside in (allowed.low - 1, allowed.high + 1, "x"):
        with pytest.raises(error, match=f"“{outside}” is not a .*\\({allowed.low}–{allowed.high}\\)"):
            parse(str(outside))


@given(st.integers(GAMES_RANGE.low, GAMES_RANGE.high))
def test_a_count_written_reads_back(games: int) -> None:
    assert parse_games(count_text(games)) == games
    assert parse_count(count_text(games), "a count", GAMES_RANGE) == games


def test_a_count_refused_is_a_value_error_naming_what() -> None:
    with pytest.raises(InvalidValueError, match="“1899” is not a birth year \\(1900–2026\\)"):
        parse_count("1899", "a birth year", Range(1900, 2026))


# ---------------------------------------------------------------------------------------------- a game's score


@pytest.mark.parametrize(
    ("text", "score"),
    [("1", 1), ("W", 1), ("win", 1), ("1-0", 1), ("1,0", 1), ("½", Fraction(1, 2)), ("0.5", Fraction(1, 2)),
     (",5", Fraction(1, 2)), ("1/2", Fraction(1, 2)), ("=", Fraction(1, 2)), ("Draw", Fraction(1, 2)),
     ("½-½", Fraction(1, 2)), ("0", 0), ("L", 0), ("0-1", 0), (" 0.0 ", 0)],
)  # fmt: skip
def test_every_form_of_a_score(text: str, score: Fraction) -> None:
    assert parse_result(text) == score


@given(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)]))
def test_a_score_written_reads_back(score: Fraction) -> None:
    assert parse_result(result_text(score)) == score


def test_a_blank_score_is_none_and_anything_else_refused() -> None:
    assert parse_result("  ") is None
    for text in ("2", "x", "1/3", "+", "-"):
        with pytest.raises(ResultError, match=re.escape(f"“{text}” is not a result (1, ½ (or 0.5, =), 0)")):
            parse_result(text)


# ---------------------------------------------------------------------------------------------- a board's result

GAME_CODES = [code for code in R if code not in BYES]


@given(st.sampled_from(GAME_CODES))
def test_a_boards_result_written_reads_back(white: R) -> None:
    code, black = parse_board_result(board_text(white))
    assert code is white
    assert black is (R.PENDING if white is R.PENDING else white.mirrored())


def test_a_double_forfeit_written_reads_back() -> None:
    assert board_text(R.FORFEIT_LOSS, R.FORFEIT_LOSS) == DOUBLE_FORFEIT
    assert parse_board_result(DOUBLE_FORFEIT) == (R.FORFEIT_LOSS, R.FORFEIT_LOSS)
    assert parse_board_result("0 - 0") == (R.FORFEIT_LOSS, R.FORFEIT_LOSS)


@pytest.mark.parametrize(
    ("text", "codes"),
    [("1 – 0", (R.WIN, R.LOSS)), ("1/2-1/2", (R.DRAW, R.DRAW)), ("=", (R.DRAW, R.DRAW)), ("0:1", (R.LOSS, R.WIN)),
     ("+ −", (R.FORFEIT_WIN, R.FORFEIT_LOSS)), ("-/+", (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
     ("½-½ U", (R.DRAW_UNPLAYED, R.DRAW_UNPLAYED)), ("", (R.PENDING, R.PENDING)), ("?", (R.PENDING, R.PENDING))],
)  # fmt: skip
def test_board_result_forms(text: str, codes: tuple[R, R]) -> None:
    assert parse_board_result(text) == codes


def test_a_board_result_refused_names_the_forms() -> None:
    with pytest.raises(ResultError, match="“1/2-” is not a result \\(1-0, ½-½, 0-1, \\+--, --\\+, 0-0, blank\\)"):
        parse_board_result(" 1/2- ")


def test_every_code_has_a_board_text() -> None:
    assert set(BOARD_TEXT) == set(R)


# ---------------------------------------------------------------------------------------------- byes


@given(st.sampled_from(BYES))
def test_a_bye_written_reads_back(code: R) -> None:
    assert parse_bye_result(bye_text(code)) is code


@pytest.mark.parametrize(
    ("text", "code"),
    [("1", R.PAIRING_BYE), ("U", R.PAIRING_BYE), ("bye 1", R.FULL_BYE), ("F", R.FULL_BYE), ("½", R.HALF_BYE),
     ("bye 1/2", R.HALF_BYE), ("H", R.HALF_BYE), ("0", R.ZERO_BYE), ("z", R.ZERO_BYE), ("bye 0", R.ZERO_BYE)],
)  # fmt: skip
def test_bye_forms(text: str, code: R) -> None:
    assert parse_bye_result(text) is code


def test_a_bye_refused() -> None:
    with pytest.raises(ByeError, match="“2” is not a bye's score \\(1, ½, 0\\)"):
        parse_bye_result("2")
    with pytest.raises(ByeError, match="win is not a bye"):
        bye_text(R.WIN)


# ---------------------------------------------------------------------------------------------- birth dates

births = st.one_of(
    st.integers(1, 9999).map(BirthDate),
    st.builds(BirthDate, st.integers(1, 9999), st.integers(1, 12)),
    st.dates().map(lambda d: BirthDate(d.year, d.month, d.day)),
)


@given(births)
def test_a_birth_date_written_reads_back(birth: BirthDate) -> None:
    assert parse_birth_date(birth_text(birth)) == birth


@pytest.mark.parametrize(
    ("text", "birth"),
    [("1978", BirthDate(1978)), ("1978-05", BirthDate(1978, 5)), ("1978-5-2", BirthDate(1978, 5, 2)),
     ("1978/05/02", BirthDate(1978, 5, 2)), ("1978.05.02", BirthDate(1978, 5, 2)), ("1978/00/00", BirthDate(1978)),
     ("02.05.1978", BirthDate(1978, 5, 2)), ("2/5/1978", BirthDate(1978, 5, 2)),
     ("1978/05/00", BirthDate(1978, 5)), ("0000/00/00", None), ("0000", None), ("", None), ("2000-02-29",
     BirthDate(2000, 2, 29))],
)  # fmt: skip
def test_birth_date_forms(text: str, birth: BirthDate | None) -> None:
    assert parse_birth_date(text) == birth


@pytest.mark.parametrize("text", ["78", "1978-13-01", "1978-05-32", "1978/00/05", "1978-05/02", "May 1978", "19780"])
def test_not_a_birth_date(text: str) -> None:
    with pytest.raises(
        BirthDateError, match=re.escape(f"“{text}” is not a birth date (YYYY, YYYY-MM-DD or DD.MM.YYYY)")
    ):
        parse_birth_date(text)


def test_a_birth_date_not_in_the_calendar() -> None:
    with pytest.raises(BirthDateError, match="“1999-02-29” is not a date in the calendar"):
        parse_birth_date("1999-02-29")
    assert birth_text(None) == ""


# ---------------------------------------------------------------------------- titles, federations, FIDE IDs


@given(st.sampled_from(TITLES))
def test_a_title_written_reads_back_in_any_case(title: str) -> None:
    assert parse_title(title) == title
    assert parse_title(title.lower()) == title


def test_title_forms() -> None:
    assert parse_title("") == ""
    assert parse_title(" g ") == "GM"
    assert parse_title("wf") == "WFM"
    with pytest.raises(TitleError, match="“HGM” is not a title \\(GM IM FM CM WGM WIM WFM WCM, or blank\\)"):
        parse_title("HGM")


@given(st.sampled_from(sorted(FEDERATIONS)))
def test_a_federation_written_reads_back(code: str) -> None:
    assert parse_federation(code) == code
    assert parse_federation(code.lower()) == code


@pytest.mark.parametrize("text", ["GE", "GERM", "G3R", "ÄÖÜ", "G R"])
def test_not_a_federation(text: str) -> None:
    with pytest.raises(FederationError, match=re.escape(f"“{text}” is not a federation (three letters")):
        parse_federation(text)
    assert parse_federation("  ") == ""


@settings(max_examples=50)
@given(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3).filter(lambda code: code not in FEDERATIONS))
def test_three_letters_that_are_no_federation_of_fides_are_refused(code: str) -> None:
    """``ZZZ`` and the codes of the past (``YUG``) have the shape and are no federation: refused, saying so."""
    with pytest.raises(FederationError, match=re.escape(f"“{code.lower()}” is not one of FIDE's federations")):
        parse_federation(code.lower())
    assert federation_letters(code) == code  # FIDE's own list says which codes exist


def test_fides_federations() -> None:
    assert {"GER", "ESP", "ENG", "FID", "IRI", "INA", "TPE"} <= FEDERATIONS
    assert not {"ZZZ", "YUG", "URS", "TCH", "GDR"} & FEDERATIONS
    assert all(len(code) == 3 and code.isascii() and code.isupper() for code in FEDERATIONS)
    assert 195 <= len(FEDERATIONS) <= 215


@pytest.mark.parametrize(
    ("text", "sex"),
    [("", ""), (" ", ""), ("m", "m"), ("M", "m"), ("w", "w"), ("f", "f"), ("F", "f"), ("u", "u"), ("U", "u")],
)
def test_sex_forms(text: str, sex: str) -> None:
    assert parse_sex(text) == sex


@given(st.text(max_size=4).filter(lambda text: text.strip().lower() not in ("", *SEXES)))
def test_anything_else_is_no_sex(text: str) -> None:
    with pytest.raises(SexError, match=re.escape(f"“{text.strip()}” is not a sex (m, w or f; u or blank: not known)")):
        parse_sex(text)


@given(st.from_regex(r"[0-9]{1,5}[A-Za-z .,\-][0-9]{1,5}", fullmatch=True))
def test_a_fide_id_with_anything_but_digits_is_refused(text: str) -> None:
    """``12ab34`` is no FIDE ID: refused, never read as 1234."""
    with pytest.raises(FideIdError, match="is not a FIDE ID"):
        parse_fide_id(text)


@given(st.integers(FIDE_ID_RANGE.low, FIDE_ID_RANGE.high))
def test_a_fide_id_written_reads_back(fide_id: int) -> None:
    assert parse_fide_id(fide_id_text(fide_id)) == fide_id
    assert check_fide_id(fide_id) == fide_id


def test_fide_id_edges() -> None:
    assert parse_fide_id("") is None and parse_fide_id("0") is None and parse_fide_id("00000000000") is None
    assert fide_id_text(None) == ""
    assert parse_fide_id("99999999999") == FIDE_ID_RANGE.high
    for text in ("100000000000", "12a", "-5", "1.5"):
        with pytest.raises(FideIdError, match=re.escape(f"“{text}” is not a FIDE ID (up to 11 digits)")):
            parse_fide_id(text)
    for value in (0, FIDE_ID_RANGE.high + 1):
        with pytest.raises(FideIdError, match=f"{value} is not a FIDE ID"):
            check_fide_id(value)


def test_a_birth_date_from_its_parts() -> None:
    assert birth_date(1978) == BirthDate(1978)
    assert birth_date(1978, 5, 2) == BirthDate(1978, 5, 2)
    with pytest.raises(BirthDateError, match="1990-02-30 is not a date in the calendar"):
        birth_date(1990, 2, 30)
    for parts in [(0, None, None), (10_000, None, None), (1978, 13, None), (1978, 0, None)]:
        with pytest.raises(BirthDateError, match="a birth date has a year 1-9999 and a month 1-12"):
            birth_date(*parts)
    with pytest.raises(BirthDateError, match="a day without a month"):
        birth_date(1978, None, 5)


@pytest.mark.parametrize("half", ["½", "0.5", "0,5", ".5", ",5", "1/2", "="])
def test_every_half_point_of_a_score_is_a_half_point_bye(half: str) -> None:
    """One rule for a half point: Excel's Swiss table wrote ``-.5`` for a half-point bye, which only the score read."""
    assert parse_result(half) == Fraction(1, 2)
    assert parse_bye_result(half) is R.HALF_BYE
    assert parse_bye_result(f"bye {half}") is R.HALF_BYE


# --- event dates: the event form, TRF's 042/052 and Excel's event sheet read them by one parser ---------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2016-06-28", dt.date(2016, 6, 28)),  # the event form, .fidedesk
        ("2016/06/28", dt.date(2016, 6, 28)),  # TRF year first
        ("24/09/2010", dt.date(2010, 9, 24)),  # TRF day first (Gros open)
        ("28. 07. 2005", dt.date(2005, 7, 28)),  # FIDE's own example TRF (Karl-Mala)
        ("28.6.2016", dt.date(2016, 6, 28)),  # Excel event sheets
        ("  ", None),
    ],
)
def test_date_forms(text: str, day: dt.date | None) -> None:
    assert parse_date(text) == day


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2016-02-30", "“2016-02-30” is not a date in the calendar"),
        ("2016-06/28", "“2016-06/28” is not a date (YYYY-MM-DD or DD.MM.YYYY)"),
        ("28.06.16", "“28.06.16” is not a date (YYYY-MM-DD or DD.MM.YYYY)"),
        ("June 2016", "“June 2016” is not a date (YYYY-MM-DD or DD.MM.YYYY)"),
    ],
)
def test_a_date_refused(text: str, message: str) -> None:
    with pytest.raises(DateError) as error:
        parse_date(text)
    assert str(error.value) == message


@given(st.dates(min_value=dt.date(1000, 1, 1)))
def test_a_date_written_reads_back(day: dt.date) -> None:
    assert parse_date(date_text(day)) == day
