"""Documents laid out on pages (publish/paper/layout.py): header and footer on every page, nothing past the
margins, one orientation and size per document, header rows repeated, bands of columns, wrapping cells,
keep-together tables, page breaks, and outside text printed as it is."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fidedesk.publish.documents.model import (
    Align,
    Block,
    Column,
    Document,
    DocumentKind,
    PageBreak,
    TableBlock,
    TextBlock,
    TextStyle,
)
from fidedesk.publish.paper.fonts import text_width
from fidedesk.publish.paper.layout import MARGIN, lay_out, printable_area
from fidedesk.publish.paper.lines import elide, wrap
from fidedesk.publish.paper.pages import PAPER_POINTS, FillItem, LineItem, Page, TextItem

EVENT = "Wrocław Open 2026"
ROUND = "After round 5 of 9"
STANDINGS_COLUMNS = (
    Column("Rk", Align.RIGHT, key=True),
    Column("SNo", Align.RIGHT),
    Column("Name", key=True),
    Column("Fed", Align.CENTRE),
    Column("Rtg", Align.RIGHT),
    Column("Pts", Align.RIGHT),
    Column("BH", Align.RIGHT),
    Column("SB", Align.RIGHT),
)


def document(*blocks: Block, event: str = EVENT, round_text: str = ROUND, title: str = "Standings") -> Document:
    return Document(DocumentKind.STANDINGS, title, event, "Wrocław", "1–9 July 2026", round_text, blocks)


def standings(count: int, **options: object) -> TableBlock:
    rows = [
        (f"{n}", f"{n}", f"Player {n:04d} Łukasz Şahin", "POL", f"{2700 - n}", f"{n % 9}½", f"{n % 40}.5", "12.25")
        for n in range(1, count + 1)
    ]
    return TableBlock(STANDINGS_COLUMNS, rows, **options)  # type: ignore[arg-type]


def texts(page: Page) -> list[TextItem]:
    return [item for item in page.items if isinstance(item, TextItem)]


def words(page: Page) -> list[str]:
    return [item.text for item in texts(page)]


def body_texts(page: Page) -> list[TextItem]:
    """The texts between the header's rule and the footer's."""
    return [item for item in texts(page) if MARGIN + 30 < item.y < page.height - MARGIN - 10]


def has_body(page: Page) -> bool:
    """Whether anything is printed between the header's rule and the footer's."""

    def top(item: TextItem | LineItem | FillItem) -> float:
        return item.y1 if isinstance(item, LineItem) else item.y

    return any(MARGIN + 30 < top(item) < page.height - MARGIN - 12 for item in page.items)


def assert_inside(pages: Sequence[Page]) -> None:
    """No text, rule or fill outside the printable area (a text's width measured as the renderers draw it)."""
    for page in pages:
        left, top, right, bottom = printable_area(page)
        for item in page.items:
            if isinstance(item, TextItem):
                assert left - 0.01 <= item.x, item
                assert item.x + text_width(item.text, item.size, item.bold) <= right + 0.01, item
                assert top <= item.y - 0.7 * item.size and item.y <= bottom + 0.01, item
                assert "\n" not in item.text and item.text == item.text.strip("\x00\x07\t")
            elif isinstance(item, FillItem):
                assert left - 0.01 <= item.x and item.x + item.width <= right + 0.01, item
                assert top <= item.y and item.y + item.height <= bottom + 0.01, item
            else:
                assert left - 0.01 <= min(item.x1, item.x2) and max(item.x1, item.x2) <= right + 0.01, item
                assert top <= min(item.y1, item.y2) and max(item.y1, item.y2) <= bottom + 0.01, item


def body_size(pages: Sequence[Page], text: str) -> float:
    return next(item.size for page in pages for item in texts(page) if item.text == text)


def test_every_page_has_the_event_the_round_and_its_number() -> None:
    pages = lay_out(document(standings(300)))
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        found = words(page)
        assert EVENT in found and ROUND in found and "Standings" in found
        assert f"Page {number} of {len(pages)}" in found
        assert "Wrocław, 1–9 July 2026" in found
    assert_inside(pages)


def test_a_long_table_repeats_its_header_row_on_every_page_and_keeps_its_rows_in_order() -> None:
    pages = lay_out(document(standings(300)))
    assert len(pages) >= 3
    for page in pages:
        header = [item for item in body_texts(page) if item.bold]
        assert [item.text for item in header][:8] == [column.title for column in STANDINGS_COLUMNS]
        # the header row is the page's first line of the table
        assert min(item.y for item in body_texts(page)) == header[0].y
    names = [text for page in pages for text in words(page) if text.startswith("Player ")]
    assert names == [f"Player {n:04d} Łukasz Şahin" for n in range(1, 301)]
    assert_inside(pages)


def test_cells_align_within_their_columns() -> None:
    pages = lay_out(document(standings(20)))
    body = body_texts(pages[0])
    rtg = [item for item in body if item.text.isdigit() and len(item.text) == 4]
    rights = {round(item.x + text_width(item.text, item.size, item.bold), 3) for item in rtg}
    assert len(rights) == 1  # right-aligned: one right edge
    names = [item for item in body if item.text.startswith("Player ")]
    assert len({item.x for item in names}) == 1  # left-aligned: one left edge
    feds = [item for item in body if item.text in ("POL", "Fed")]
    centres = {round(item.x + text_width(item.text, item.size, item.bold) / 2, 3) for item in feds}
    assert len(centres) == 1


def test_a_narrow_table_stays_upright_in_nine_points() -> None:
    pages = lay_out(document(standings(10)))
    assert not pages[0].landscape
    assert body_size(pages, "Player 0001 Łukasz Şahin") == 9.0


def test_a_wide_table_turns_the_page_or_takes_a_smaller_size() -> None:
    columns = (Column("Name", key=True), *(Column(f"Round {n}", Align.CENTRE) for n in range(1, 15)))
    rows = [(f"Player {r}", *(f"{r}w½ long" for _ in range(14))) for r in range(5)]
    pages = lay_out(document(TableBlock(columns, rows), standings(3)))
    size = body_size(pages, "Player 0")
    assert pages[0].landscape or size < 9.0
    assert all(page.landscape == pages[0].landscape for page in pages)
    assert body_size(pages, "Player 0001 Łukasz Şahin") == size  # one size for the whole document
    assert [text for page in pages for text in words(page) if text.startswith("Round ")] == [
        f"Round {n}" for n in range(1, 15)
    ]  # every column on the one band
    assert_inside(pages)


def wide_table(rows: int = 5) -> TableBlock:
    keys = (Column("No", Align.RIGHT, key=True), Column("Name", key=True), Column("Rating", Align.RIGHT, key=True))
    columns = (*keys, *(Column(f"c{n:02d}", Align.CENTRE) for n in range(60)))
    body = [(str(r), f"Someone Longname {r}", "2345", *(f"{n % 10}w1" for n in range(60))) for r in range(rows)]
    return TableBlock(columns, body, heading="Crosstable")


def test_a_table_too_wide_for_any_page_is_cut_into_bands_repeating_its_key_columns() -> None:
    pages = lay_out(document(wide_table()))
    assert all(page.landscape for page in pages)
    bands = [page for page in pages if any(text.startswith("Crosstable (part ") for text in words(page))]
    assert len(bands) >= 2 and bands == list(pages)  # one page per band here, each saying which part it is
    seen: list[str] = []
    for page in pages:
        found = words(page)
        assert {"No", "Name", "Rating", "Someone Longname 4"} <= set(found)
        seen += [text for text in found if text.startswith("c") and len(text) == 3]
    assert seen == [f"c{n:02d}" for n in range(60)]  # every other column once, in order
    heading = next(text for text in words(pages[0]) if text.startswith("Crosstable"))
    assert heading == f"Crosstable (part 1 of {len(pages)}: columns c00–{seen[len(body_columns(pages[0])) - 1]})"
    assert_inside(pages)


def body_columns(page: Page) -> list[str]:
    return [text for text in words(page) if text.startswith("c") and len(text) == 3]


def test_a_later_band_starts_on_a_new_page() -> None:
    pages = lay_out(document(TextBlock("Before"), wide_table(rows=2)))
    first_band = [number for number, page in enumerate(pages) if "Before" in words(page)]
    assert first_band == [0]
    assert "c00" in words(pages[0]) and "c00" not in words(pages[1])


def test_a_wrapping_column_wraps_on_words_and_rows_grow_to_their_lines() -> None:
    reason = "The game was played after the closing date of the rating period and is rated next month. " * 4
    columns = (Column("No", Align.RIGHT), Column("Name"), Column("Reason", wrap=True))
    rows = [(str(n), f"Player {n}", reason if n % 2 else "short") for n in range(1, 9)]
    pages = lay_out(document(TableBlock(columns, rows)))
    assert len(pages) == 1 and not pages[0].landscape
    body = body_texts(pages[0])
    numbers = [item for item in body if item.text.isdigit()]
    assert [item.text for item in numbers] == [str(n) for n in range(1, 9)]
    for this, following in itertools.pairwise(numbers):
        lines = [item for item in body if this.y <= item.y < following.y and item.x > this.x + 20]
        reason_lines = [item for item in lines if not item.text.startswith("Player")]
        if this.text in ("1", "3", "5", "7"):
            assert len(reason_lines) > 1
            assert " ".join(item.text for item in reason_lines) == reason.strip()
        # the next row starts below this row's last line
        assert following.y - max(item.y for item in lines) >= following.size
    assert_inside(pages)


def test_a_word_longer_than_the_column_is_broken() -> None:
    lines = wrap("x" * 400, 100.0, 9.0)
    assert len(lines) > 3 and "".join(lines) == "x" * 400
    assert all(text_width(line, 9.0) <= 100.0 for line in lines)
    assert wrap("", 100.0, 9.0) == [""]
    assert wrap("one\ntwo", 100.0, 9.0) == ["one", "two"]


def test_elide_cuts_short_with_an_ellipsis() -> None:
    assert elide("short", 100.0, 9.0) == "short"
    cut = elide("a rather long name " * 10, 100.0, 9.0)
    assert cut.endswith("…") and text_width(cut, 9.0) <= 100.0
    assert elide("anything", 0.1, 9.0) == ""


def test_a_row_taller_than_a_page_goes_on_over_pages() -> None:
    columns = (Column("No"), Column("Reason", wrap=True))
    long = " ".join(f"word{n}" for n in range(6000))
    pages = lay_out(document(TableBlock(columns, [("1", long), ("2", "end")])))
    assert len(pages) >= 2
    printed = [text for page in pages for item in body_texts(page) if (text := item.text).startswith("word")]
    assert " ".join(printed) == long
    assert_inside(pages)


def fill_page_nearly(paper_lines: int) -> list[Block]:
    return [TextBlock(f"Line {n}") for n in range(paper_lines)]


def lines_on_a_page() -> int:
    """How many normal lines of text the first page holds."""
    pages = lay_out(document(*fill_page_nearly(200)))
    return sum(1 for text in words(pages[0]) if text.startswith("Line "))


def test_a_keep_together_table_moves_to_a_new_page_rather_than_split() -> None:
    filler = fill_page_nearly(lines_on_a_page() - 8)
    kept = lay_out(document(*filler, standings(15, keep_together=True, heading="Group A")))
    assert len(kept) == 2
    assert "Group A" not in words(kept[0]) and "Player 0001 Łukasz Şahin" in words(kept[1])
    split = lay_out(document(*filler, standings(15, heading="Group A")))
    assert "Player 0001 Łukasz Şahin" in words(split[0]) and "Player 0015 Łukasz Şahin" in words(split[1])
    # too long for one page anyway: split, as any table
    long = lay_out(document(standings(150, keep_together=True)))
    assert "Player 0001 Łukasz Şahin" in words(long[0]) and len(long) >= 2


def test_a_heading_stays_with_the_header_row_and_the_first_row() -> None:
    filler = fill_page_nearly(lines_on_a_page() - 1)
    pages = lay_out(document(*filler, standings(5, heading="Group B")))
    assert "Group B" not in words(pages[0])
    assert {"Group B", "Rk", "Player 0001 Łukasz Şahin"} <= set(words(pages[1]))


def test_strong_rows_are_bold_and_rule_before_rows_get_a_line() -> None:
    pages = lay_out(document(standings(6, strong=frozenset({2}), rule_before=frozenset({4}))))
    body = body_texts(pages[0])
    bold = {item.text for item in body if item.bold}
    assert "Player 0003 Łukasz Şahin" in bold and "Player 0002 Łukasz Şahin" not in bold
    fifth = next(item for item in body if item.text == "Player 0005 Łukasz Şahin")
    rules = [item for item in pages[0].items if isinstance(item, LineItem) and item.y1 == item.y2]
    assert any(fifth.y - fifth.size * 1.5 < rule.y1 < fifth.y - fifth.size * 0.7 for rule in rules)
    bands = [item for item in pages[0].items if isinstance(item, FillItem) and item.grey > 0.9]
    assert len(bands) == 3  # every other row of six


def test_fills_come_before_rules_and_texts() -> None:
    for page in lay_out(document(standings(100))):
        kinds = [type(item).__name__ for item in page.items]
        assert kinds.index("FillItem") < kinds.index("TextItem")
        assert max(i for i, kind in enumerate(kinds) if kind == "FillItem") < min(
            i for i, kind in enumerate(kinds) if kind == "TextItem"
        )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes(paper: str) -> None:
    upright = lay_out(document(standings(5)), paper)  # type: ignore[arg-type]
    assert (upright[0].width, upright[0].height) == PAPER_POINTS[paper]  # type: ignore[index]
    across = lay_out(document(wide_table(1)), paper)  # type: ignore[arg-type]
    assert (across[0].height, across[0].width) == PAPER_POINTS[paper]  # type: ignore[index]
    assert_inside([*upright, *across])


def test_outside_text_is_printed_as_it_is() -> None:
    hostile = ["<b>x</b>", "&amp;", "=1+1", "%PDF-1.4", "\\(x\\)", "(unbalanced", "Robert'); DROP TABLE--"]
    rows = [(str(n), text) for n, text in enumerate(hostile)]
    blocks: list[Block] = [TextBlock(text) for text in hostile]
    blocks.append(TableBlock((Column("No"), Column("Name")), rows, heading="<i>heading</i>"))
    pages = lay_out(document(*blocks, event="<script>alert(1)</script>", round_text="&lt;Round&gt;"))
    found = words(pages[0])
    for text in [*hostile, "<i>heading</i>", "<script>alert(1)</script>", "&lt;Round&gt;"]:
        assert text in found


def test_control_characters_print_as_spaces() -> None:
    table = TableBlock((Column("Name"), Column("Note", wrap=True)), [("a\x00b\tc", "line\none\x07bell")])
    pages = lay_out(document(TextBlock("x\x1by\rz"), table, event="Open\x00\n2026"))
    found = words(pages[0])
    assert "a b c" in found and "Open  2026" in found
    assert {"line", "one bell", "x y", "z"} <= set(found)
    assert all(not any(ord(c) < 32 for c in text) for text in found)
    assert_inside(pages)


def test_long_header_texts_are_cut_short_and_never_overlap() -> None:
    long = "Championship " * 30
    pages = lay_out(document(standings(2), event=long, round_text="Round " * 30, title=long))
    page = pages[0]
    for y in sorted({item.y for item in texts(page) if item.y < MARGIN + 30}):
        line = sorted((item for item in texts(page) if item.y == y), key=lambda item: item.x)
        assert all(item.text.endswith("…") for item in line if len(item.text) > 40)
        for left, right in itertools.pairwise(line):
            assert left.x + text_width(left.text, left.size, left.bold) < right.x
    assert_inside(pages)


def test_an_empty_table_prints_its_header_row() -> None:
    pages = lay_out(document(TableBlock(STANDINGS_COLUMNS, [], heading="Nobody yet")))
    assert len(pages) == 1
    assert {"Nobody yet", "Rk", "Name", "SB"} <= set(words(pages[0]))


def test_an_empty_document_is_one_page_with_its_header() -> None:
    pages = lay_out(document())
    assert len(pages) == 1
    assert {EVENT, ROUND, "Page 1 of 1"} <= set(words(pages[0]))
    assert lay_out(document(PageBreak(), PageBreak())) == pages


def test_page_breaks_start_new_pages_but_never_an_empty_one() -> None:
    pages = lay_out(document(PageBreak(), TextBlock("one"), PageBreak(), PageBreak(), TextBlock("two"), PageBreak()))
    assert len(pages) == 2
    assert "one" in words(pages[0]) and "two" in words(pages[1])


def test_blank_lines_never_push_text_off_the_page() -> None:
    pages = lay_out(document(TextBlock("\n" * 500 + "after"), TextBlock("")))
    assert "after" in [text for page in pages for text in words(page)]
    assert_inside(pages)


def test_text_styles() -> None:
    pages = lay_out(
        document(TextBlock("Big", TextStyle.HEADING), TextBlock("Body"), TextBlock("Small", TextStyle.NOTE))
    )
    by_text = {item.text: item for item in texts(pages[0])}
    assert by_text["Big"].bold and not by_text["Body"].bold
    assert by_text["Big"].size > by_text["Body"].size > by_text["Small"].size
    assert by_text["Big"].y < by_text["Body"].y < by_text["Small"].y
    paragraph = lay_out(document(TextBlock("word " * 400)))
    assert len([item for item in body_texts(paragraph[0]) if item.text.startswith("word")]) > 3
    assert_inside(paragraph)


def test_a_standings_table_of_two_thousand_rows() -> None:
    pages = lay_out(document(standings(2000)))
    names = [text for page in pages for text in words(page) if text.startswith("Player ")]
    assert len(names) == 2000 and names[-1] == "Player 2000 Łukasz Şahin"
    assert_inside(pages[:3])


# -- a property: whatever the table, everything is inside and every row is printed once, in order

cell_text = st.text(alphabet=st.sampled_from("abcdefgh XYZ½ŁŞ–<>&=\t0123456789"), max_size=30)


@st.composite
def tables(draw: st.DrawFn) -> tuple[TableBlock, int]:
    count = draw(st.integers(min_value=1, max_value=30))
    wrap_at = draw(st.one_of(st.none(), st.integers(min_value=1, max_value=count)))
    columns = [Column("#", Align.RIGHT, key=True)]
    for index in range(1, count + 1):
        align = draw(st.sampled_from(list(Align)))
        columns.append(Column(draw(cell_text), align, key=draw(st.booleans()), wrap=index == wrap_at))
    row_count = draw(st.integers(min_value=0, max_value=120))
    rows = []
    for number in range(row_count):
        wide = draw(st.booleans())
        others = tuple(draw(st.text(alphabet="wxyz ", max_size=400)) if wide else draw(cell_text) for _ in range(count))
        rows.append((f"#{number}", *others))
    strong = frozenset(draw(st.sets(st.integers(min_value=0, max_value=max(row_count - 1, 0)))))
    keep = draw(st.booleans())
    return TableBlock(tuple(columns), rows, strong=strong, keep_together=keep), row_count


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.sampled_from(["a4", "letter"]), st.integers(min_value=0, max_value=40))
def test_any_table_stays_inside_and_prints_every_row_once_in_order(
    table_and_rows: tuple[TableBlock, int], paper: str, before: int
) -> None:
    table, row_count = table_and_rows
    pages = lay_out(document(*fill_page_nearly(before), table), paper)  # type: ignore[arg-type]
    assert_inside(pages)
    firsts = [
        item.text for page in pages for item in texts(page) if item.text.startswith("#") and item.text[1:].isdigit()
    ]
    # a table cut into bands prints its key column once per band
    band_count = max(1, len(firsts) // row_count) if row_count else 1
    assert firsts == [f"#{n}" for n in range(row_count)] * band_count


block_strategy = st.one_of(
    st.builds(TextBlock, st.text(alphabet="ab ½\n\t", max_size=300), st.sampled_from(list(TextStyle))),
    st.just(PageBreak()),
    tables().map(lambda drawn: drawn[0]),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(block_strategy, max_size=6))
def test_any_document_stays_inside_and_has_no_empty_page(blocks: list[Block]) -> None:
    pages = lay_out(document(*blocks))
    assert_inside(pages)
    assert len({(page.width, page.height) for page in pages}) == 1
    if len(pages) > 1:
        assert all(has_body(page) for page in pages)  # a page break never leaves a page empty
    for number, page in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in words(page)
