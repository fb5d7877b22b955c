"""Titles and author names read as people write them in the list row and the viewer."""

from __future__ import annotations

import pytest
from rich.style import Style

from tuireader.model import Paper
from tuireader.ui.text import (
    Palette,
    abstract_text,
    list_label,
    middle_cut,
    paper_header,
    result_line,
)

PAPER = Paper(
    id="abcd2345",
    title=r"$\ell_1$-Regression for {RL} with \textit{Sparse} Rewards",
    abstract="We regress.",
    authors=(r"C. Bal\'azs", r"A. Gr{\o}tli"),
)


def test_a_row_shows_the_rendered_title():
    row = result_line(PAPER, Palette()).plain
    assert "ℓ₁-Regression for RL with Sparse Rewards" in row
    assert "\\" not in row and "$" not in row and "{" not in row


def test_the_viewer_header_renders_title_and_names():
    header = paper_header(PAPER, Palette()).plain
    assert "ℓ₁-Regression for RL with Sparse Rewards" in header
    assert "C. Balázs, A. Grøtli" in header


def test_html_a_scraper_left_in_a_title_is_shown_as_the_page_shows_it():
    """As the command line, notices and citations show it ("H₂O"); the list and the
    viewer showed the tags ("H<sub>2</sub>O"), and a "<" that is no tag stays."""
    tagged = Paper(id="efgh2345", title="Imaging <i>in vivo</i> with H<sub>2</sub>O", abstract="")
    for shown in (result_line(tagged, Palette()).plain, paper_header(tagged, Palette()).plain):
        assert "Imaging in vivo with H₂O" in shown and "<" not in shown
    sign = Paper(id="efgh2346", title="Bounds for x < y in <3 steps", abstract="")
    assert "Bounds for x < y in <3 steps" in result_line(sign, Palette()).plain


def test_mathml_in_a_title_and_tags_on_names_are_shown_as_read():
    """MathML a list took from Crossref is shown as the title's other math is ("L₂"), and
    a name without the tags a page left on it, as the citations give them; the reader,
    the command line and the Markdown export showed the tags."""
    paper = Paper(
        id="efgh2347",
        title="Norms in <math><msub><mi>L</mi><mn>2</mn></msub></math> spaces",
        abstract="",
        authors=("<b>Ann Smith</b>", "Bob Jones<sup>1</sup>"),
    )
    header = paper_header(paper, Palette()).plain
    assert "Norms in L₂ spaces" in header and "Ann Smith, Bob Jones" in header
    assert "<" not in header and "Norms in L₂ spaces" in result_line(paper, Palette()).plain


def test_a_plain_title_keeps_its_match_highlights():
    plain = Paper(id="efgh2345", title="Sparse  Rewards", abstract="x")
    row = result_line(plain, Palette(match=Style(bold=True)), title_spans=[(0, 6)])
    assert "Sparse Rewards" in row.plain
    assert row.spans, "the matched word is highlighted"


def test_a_bibtex_tie_in_a_title_reads_as_a_space_in_the_row_and_the_viewer():
    tied = Paper(id="ijkl2345", title="Random Instances of~Weighted Model Counting", abstract="x")
    assert "Random Instances of Weighted Model Counting" in result_line(tied, Palette()).plain
    assert "of Weighted" in paper_header(tied, Palette()).plain


def test_tex_quotes_in_a_title_read_as_curly_quotes_in_the_row_and_the_viewer():
    quoted = Paper(id="mnop2345", title="Impairs ``Difficult'' Downstream Tasks", abstract="x")
    assert "Impairs \u201cDifficult\u201d Downstream" in result_line(quoted, Palette()).plain
    assert "Impairs \u201cDifficult\u201d Downstream" in paper_header(quoted, Palette()).plain


def test_list_names_too_long_for_their_column_stay_apart():
    from tuireader.ui.text import middle_cut

    def shown(lists: tuple[str, ...]) -> str:
        paper = Paper(id="ijkl2345", title="A Title", abstract="x", lists=lists)
        return result_line(paper, Palette(), list_width=12).plain[3:16]

    # a file's stem reads from its start, as the user named the file ("arxiv_…t_200" cut
    # in the middle); lists their starts do not tell apart go by their own words (below)
    assert shown(("arxiv_kaggle_snapshot_200",)) == "arxiv_kaggl… "
    assert shown(("zotero_better_csl",)) == "zotero_bett… "
    assert shown(("my_reading.jsonl",)) == "my_reading   "  # its extension goes first
    # a venue spelled out goes by its acronym, with its year if the name has one
    assert shown(("7th Annual Conference on Robot Learning",)) == "CoRL         "
    nips = "Advances in Neural Information Processing Systems 2017"
    assert shown((nips,)) == "NeurIPS 2017 "
    # other names of words read from their start
    assert shown(("A Reading Group's Picks",)) == "A Reading G… "
    assert shown(("ICML",)) == "ICML         "
    assert middle_cut("ICML 2024 论文列表", 12).endswith("…")
    assert all(len(middle_cut("pmlr_v120_l4dc2020", n)) <= n for n in range(20))


def test_a_name_of_wide_letters_cut_ends_in_its_ellipsis_with_no_gap_before_it():
    # the built-in seeds' "ICML 2024 论文列表" showed as "ICML 论文 …" in the list: a
    # letter two cells wide that did not fit left a blank cell before the ellipsis
    from rich.cells import cell_len

    from tuireader.ui.text import middle_cut

    assert middle_cut("ICML 论文列表", 11) == "ICML 论文…"
    assert middle_cut("ICML 论文列表", 12) == "ICML 论文列…"
    for width in range(1, 14):
        cut = middle_cut("ICML 论文列表 extra words", width)
        assert cell_len(cut) <= width and " …" not in cut, (width, cut)


def test_the_viewer_names_the_first_twelve_authors_and_counts_the_rest():
    many = Paper(
        id="mnop2345",
        title="A Consortium Paper",
        abstract="x",
        authors=tuple(f"Author Number{i}" for i in range(50_000)),
    )
    header = paper_header(many, Palette()).plain
    names = header.splitlines()[1]
    assert names.startswith("Author Number0, Author Number1")
    assert "Author Number11 and 49,988 more" in names and "Number12" not in names
    few = paper_header(PAPER, Palette()).plain
    assert "more" not in few


@pytest.mark.parametrize(
    ("stem", "label"),
    [
        ("pmlr_v120_l4dc2020", "L4DC 2020"),
        ("pmlr_v199_collas2022", "CoLLAs 2022"),
        ("papercopilot_corl2023", "CoRL 2023"),
        ("icml_2024_orals", "ICML 2024"),
        ("neurips-accepted-papers", "NeurIPS"),
        ("zotero_better_csl", "zotero_bett…"),  # no venue: its start
    ],
)
def test_a_file_stem_that_names_a_venue_goes_by_it_when_it_does_not_fit(stem, label):
    # "pmlr_…c2020" and "pmlr_…s2022" told two lists apart by their last letters only
    from tuireader.ui.text import list_cut

    assert list_cut(list_label(stem, 12), 12) == label


def test_lists_a_cut_would_show_alike_go_by_the_words_that_tell_them_apart():
    # two Zotero exports read together were both "zoter…xport" in an 11-cell column (and
    # cut at their end, all three begin "zotero_")
    from tuireader.ui.text import list_labels

    names = ("zotero_betterbibtex_export", "zotero_biblatex_export", "zotero_better_csl")
    labels = list_labels(names, 11)

    def shown(lists: tuple[str, ...]) -> str:
        paper = Paper(id="ijkl2345", title="A Title", abstract="x", lists=lists)
        return result_line(paper, Palette(), list_width=11, labels=labels).plain[3:14]

    rows = [shown((name,)) for name in names]
    assert len(set(rows)) == 3, rows
    assert rows[0].startswith("bette") and rows[1].startswith("biblatex")
    assert rows[2] == "better_csl "
    # lists that a cut keeps apart, and venues, are shown as before
    assert list_labels(("pmlr_v120_l4dc2020", "pmlr_v199_collas2022"), 11) == {
        "pmlr_v120_l4dc2020": "L4DC 2020",
        "pmlr_v199_collas2022": "CoLLAs 2022",
    }


@pytest.mark.parametrize("width", [11, 13, 14, 15])
def test_lists_of_one_venue_told_apart_by_a_track_word_keep_the_venue(width):
    # "ICML 2024 Oral" and "ICML 2024 Poster" were "Oral" and "Poster" in the list column
    # (at 14 cells "ICML 2024 Oral" and "ICML 2024", the posters taken for all of ICML)
    from tuireader.ui.text import list_labels

    names = ("ICML 2024 Oral", "ICML 2024 Poster", "CoRL 2023")
    labels = list_labels(names, width)

    def shown(name: str) -> str:
        paper = Paper(id="ijkl2345", title="A Title", abstract="x", lists=(name,))
        line = result_line(paper, Palette(), list_width=width, labels=labels).plain
        return line[3 : 3 + width].rstrip()

    assert [shown(name) for name in names] == ["ICML Oral", "ICML Poster", "CoRL 2023"]
    # with room for all of it, each name is shown whole
    assert list_labels(names, 16) == {name: name for name in names}


def test_a_venue_kept_before_a_track_word_is_cut_rather_than_dropped():
    from tuireader.ui.text import list_labels

    # file stems naming the venue: "ICML 2024" each, in an 11-cell column
    labels = list_labels(("icml2024_orals", "icml2024_posters"), 11)
    assert [middle_cut(label, 11) for label in labels.values()] == ["ICML orals", "ICML poste…"]
    # the built-in seeds, "ICML 2024 论文列表" and "ICML 2024 Papers"
    labels = list_labels(("ICML 2024 论文列表", "ICML 2024 Papers"), 13)
    assert list(labels.values()) == ["ICML 论文列表", "ICML Papers"]
    # too narrow for the venue and a word of the track: the track's words alone
    labels = list_labels(("ICML 2024 Oral", "ICML 2024 Poster"), 8)
    assert list(labels.values()) == ["Oral", "Poster"]


def test_the_viewer_says_the_decision_the_list_gives_a_paper():
    # a CoRL 2023 oral read as a poster does: the list's "Oral" was only a filter
    oral = Paper(
        id="qrst2345",
        title="Robot Parkour Learning",
        abstract="x",
        lists=("CoRL 2023",),
        venue="7th Annual Conference on Robot Learning",
        year=2023,
        status="Oral",
    )
    where = paper_header(oral, Palette()).plain.splitlines()[2]
    assert where.startswith("CoRL 2023 · 7th Annual Conference on Robot Learning · 2023 · Oral")
    assert "Oral" not in paper_header(PAPER, Palette()).plain


def test_the_viewer_gives_a_journal_reference_as_one_not_as_the_venue():
    # arXiv's "Phys.Rev.D76:013009,2007" was shown as the venue
    paper = Paper(
        id="qrst2345",
        title="Calculation of prompt diphoton production cross sections",
        abstract="x",
        lists=("arxiv_kaggle_snapshot_200",),
        year=2007,
        journal_ref="Phys.Rev.D76:013009,2007",
    )
    lines = paper_header(paper, Palette()).plain.splitlines()
    assert lines[2] == "arxiv_kaggle_snapshot_200 · 2007 · id qrst2345"
    assert lines[3] == "journal ref: Phys.Rev.D76:013009,2007"


def test_the_viewer_shows_the_authors_keywords_on_one_line():
    # CoRL's keywords were searchable (keyword:) but never shown
    paper = Paper(
        id="qrst2345",
        title="Stabilize to Act",
        abstract="x",
        lists=("CoRL 2023",),
        keywords=("Bimanual Manipulation", "Learning from Demonstrations", "Deformable  Object"),
    )
    lines = paper_header(paper, Palette()).plain.splitlines()
    assert lines[3] == (
        "keywords: Bimanual Manipulation, Learning from Demonstrations, Deformable Object"
    )
    assert "keywords" not in paper_header(PAPER, Palette()).plain


def test_the_viewer_reads_a_papers_commands_dashes_emphasis_and_degrees():
    abstract = (
        r"the seminal _projected gradient descent_ (PGD) at 0.25$^\circ$ and $4500\kms$, "
        r"a Hilbert $G$-$\cla$ module and $L^p$--$L^q$ decay in num_layers"
    )
    text, plain = abstract_text(abstract, Palette(em=Style(italic=True)))
    assert plain == (
        "the seminal projected gradient descent (PGD) at 0.25° and 4500 km s⁻¹, "
        "a Hilbert G-\\cla module and L^p–L^q decay in num_layers"
    )
    assert text.plain == plain
    italic = [plain[s.start : s.end] for s in text.spans if Style.parse(str(s.style)).italic]
    assert italic == ["projected gradient descent"]


@pytest.mark.parametrize(
    ("written", "read"),
    [
        (
            "State-Free Inference: The *Transfer Function* Approach",
            "State-Free Inference: The Transfer Function Approach",
        ),
        ("Renormalization of the phi^4 model", "Renormalization of the phi⁴ model"),
        (
            "A useful variant of the Davis--Kahan theorem",
            "A useful variant of the Davis–Kahan theorem",
        ),
    ],
)
def test_a_title_reads_the_same_in_the_row_as_on_the_command_line(written, read):
    """Emphasis, a power and TeX's dash in a title with no LaTeX command are rendered in
    the row and the viewer as ``tuireader show`` renders them (the row showed ``*…*``)."""
    from tuireader.render.textrender import display_title

    paper = Paper(id="qrst2345", title=written, abstract="x")
    assert display_title(written) == read
    assert read in result_line(paper, Palette()).plain
    assert read in paper_header(paper, Palette()).plain


@pytest.mark.parametrize(("width", "venue"), [(48, "ICML"), (78, "ICML 2024"), (120, "ICML 2024")])
def test_a_paper_in_two_lists_of_one_venue_names_the_venue_once(width, venue):
    # the seed lists beside the venue's own list: every seed paper read "ICML, ICML…"
    # (or "ICML Paper…", the second list cut off); at 50 columns by its acronym alone,
    # the title keeping the room its year took
    from tuireader.ui.widgets.results import list_column

    names = ["ICML 2024 论文列表", "ICML 2024 Papers", "icml2024"]
    column, labels = list_column(names, width)
    seed = Paper(id="ijkm2345", title="A Seed Paper", abstract="x", lists=tuple(names[1:]))
    row = result_line(seed, Palette(), list_width=column, labels=labels).plain
    shown = row[3 : 3 + column].strip()
    assert shown == venue, row
    # lists of different venues are each named
    both = Paper(id="npqr2345", title="Two", abstract="x", lists=("NeurIPS 2023", "icml2024"))
    assert "NeurIPS" in result_line(both, Palette(), list_width=40).plain


def test_the_viewer_names_the_authors_two_rows_hold_at_its_width():
    # RT-2's 54 authors: twelve names took three rows at 80x24, and with a tag, a note
    # and its TL;DR the abstract was below the first screen
    from tuireader.ui.text import _word_rows

    names = [f"Firstname{i} Lastname{i}" for i in range(54)]
    many = Paper(id="rt2aaaaa", title="RT-2", abstract="x", authors=tuple(names))
    line = paper_header(many, Palette(), width=76).plain.splitlines()[1]
    assert len(_word_rows(line.split(" "), 76)) == 1 and line.endswith(" more")  # two rows
    assert 1 < line.count(",") + 1 < 12
    # seven shorter names that two rows hold are all named, as before
    seven = Paper(id="seven777", title="T", abstract="x", authors=tuple(names[:7]))
    line = paper_header(seven, Palette(), width=76).plain.splitlines()[1]
    assert "more" not in line and "Lastname6" in line
    # without a width, twelve as before
    assert "Firstname11 Lastname11 and 42 more" in paper_header(many, Palette()).plain


def test_a_row_shows_emoji_as_their_base_the_title_keeps_them():
    # 👍 with a skin tone took four cells in tmux where Rich counted two, and ❤ with the
    # emoji selector one where Rich counted two: the rest of the row moved
    title = "Thumbs 👍🏽 and ❤\ufe0f for wombats 👩🏽\u200d🔬"
    paper = Paper(id="abcd2345", title=title, abstract="We thumb.")
    start = title.index("wombats")
    match = Style(bold=True)
    row = result_line(paper, Palette(match=match), title_spans=[(start, start + 7)])
    assert row.plain.endswith("Thumbs 👍 and ❤ for wombats 👩🔬")
    (span,) = [span for span in row.spans if span.style == match]
    assert row.plain[span.start : span.end] == "wombats"
    # the paper's title, its header in the viewer, and what is copied keep them
    assert "👍🏽 and ❤\ufe0f" in paper_header(paper, Palette()).plain
    assert paper.title == title
