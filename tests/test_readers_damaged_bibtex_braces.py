"""A "}" too many inside a BibTeX value closes it, or the entry, early. Where taking
one "}" of that value out reads the entry whole in one way only, it is taken out and
said; the value reads as its writer meant, and no text of it is lost. So does a value
whose "{", or the comma after it, was typed as another character."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file


def _read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.bib"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def _entry(title: str, abstract: str = "Fine.") -> str:
    """An entry written as PMLR writes its volumes: capitalised names, no spaces around
    "=", and the abstract last, closed with the entry on its line."""
    return (
        "@inproceedings{Zhang20a,\n"
        "\tAuthor={Kaiqing Zhang and Bin Hu},\n"
        f"\tTitle={{{title}}},\n"
        "\tPages={179--190},\n"
        f"\tAbstract={{{abstract}}}}}\n\n\n"
        "@inproceedings{Next20,\n\tTitle={Next},\n\tAbstract={Also fine.}}\n"
    )


def test_a_brace_too_many_after_a_group_in_a_title_is_taken_out(tmp_path: Path) -> None:
    result = _read(tmp_path, _entry("Policy Optimization for $\\mathcal{H}}_{2}$ Control"))
    zhang, following = result.records
    assert zhang.title == "Policy Optimization for $\\mathcal{H}_{2}$ Control"
    assert (zhang.authors, zhang.abstract) == (("Kaiqing Zhang", "Bin Hu"), "Fine.")
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 1, key Zhang20a, has one “}” too many in its title field; read "
        "the entry without it, check that entry"
    )


def test_a_brace_too_many_in_a_title_in_braces_is_taken_out(tmp_path: Path) -> None:
    result = _read(tmp_path, _entry("New Width Parameters for {{SAT}}} and \\#{{SAT}}"))
    assert result.records[0].title == "New Width Parameters for SAT and #SAT"


def test_a_brace_too_many_in_a_last_abstract_keeps_all_its_text(tmp_path: Path) -> None:
    # a "{" further on was taken out instead: the entry read whole, but its abstract
    # stopped at the "}" too many, its end lost
    abstract = (
        "We show a regret bound $\\tilde{\\mathcal{O}}(d\\sqrt{H^{3}T})$, where $H, T, d$ "
        "are the horizon, total number of steps and dimension of $\\theta$."
    )
    damaged = abstract.replace("\\mathcal{O}}", "\\mathcal{O}}}")
    result = _read(tmp_path, _entry("Regret Bounds", damaged))
    zhang, following = result.records
    assert zhang.abstract == abstract
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 1, key Zhang20a, has one “}” too many in its abstract field; "
        "read the entry without it, check that entry"
    )


def test_a_brace_too_many_that_two_readings_take_out_is_left_as_it_was(
    tmp_path: Path,
) -> None:
    # the "}" after "Foo" or the one after "Bar" taken out: no one reading is the writer's
    result = _read(tmp_path, _entry("{Foo} {Bar}} baz"))
    zhang, following = result.records
    assert zhang.abstract == "Fine."
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert "read the entry without it" not in message


def test_a_values_opening_brace_typed_as_a_closing_one_is_read_as_it(tmp_path: Path) -> None:
    # "Abstract=}Fine.}}": the entry closed at once, its abstract empty, without a word
    result = _read(tmp_path, _entry("Regret Bounds").replace("Abstract={", "Abstract=}", 1))
    zhang, following = result.records
    assert (zhang.title, zhang.abstract) == ("Regret Bounds", "Fine.")
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 1, key Zhang20a, has a “}” where the “{” that opens its abstract "
        "field's value belongs; read it as that “{”, check that entry"
    )


@pytest.mark.parametrize("char", ["}", "[", "]", ":", ","])
def test_a_values_opening_brace_typed_as_another_character_is_read_as_it(
    tmp_path: Path, char: str
) -> None:
    # the title read as ":Regret Bounds", a volume's booktitle so as every paper's venue;
    # or the entry closed at once, or skipped
    result = _read(tmp_path, _entry("Regret Bounds").replace("Title={", f"Title={char}", 1))
    zhang, following = result.records
    assert (zhang.title, zhang.abstract, zhang.pages) == ("Regret Bounds", "Fine.", "179--190")
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f"the entry at line 1, key Zhang20a, has a “{char}” where the “{{” that opens its "
        "title field's value belongs; read it as that “{”, check that entry"
    )


@pytest.mark.parametrize("char", ['"', "{", "[", "]", ":"])
def test_a_comma_after_a_value_typed_as_another_character_is_read_as_it(
    tmp_path: Path, char: str
) -> None:
    # a quote or a "{" left open, the entry skipped; a bracket or colon, the next field
    # read as text after the value and lost
    result = _read(tmp_path, _entry("Regret Bounds").replace("Bounds},\n", f"Bounds}}{char}\n", 1))
    zhang, following = result.records
    assert (zhang.title, zhang.pages, zhang.abstract) == ("Regret Bounds", "179--190", "Fine.")
    assert following.title == "Next"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f"the entry at line 1, key Zhang20a, has a “{char}” where the comma after its title "
        "field belongs; read it as that comma, check that entry"
    )
