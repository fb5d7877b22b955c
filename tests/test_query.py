"""The query language parser: operators, prefixes and repairs of malformed queries."""

from __future__ import annotations

import pytest

from tuireader.search import query as query_module
from tuireader.search.query import And, Filter, Not, Or, Phrase, Term, parse


def test_words_are_all_required():
    assert parse("diffusion models").root == And((Term("diffusion"), Term("models")))


def test_phrase_exclusion_or_and_grouping():
    # (a word of two or three letters is also looked for as letters with full stops)
    foo = Or((Term("foo"), Phrase("f.o.o.")))
    assert parse('"exact phrase" -foo').root == And((Phrase("exact phrase"), Not(foo)))
    assert parse("a OR b").root == Or((Term("a"), Term("b")))
    assert parse("(a OR b) c").root == And((Or((Term("a"), Term("b"))), Term("c")))


def test_lowercase_or_is_an_ordinary_word():
    assert parse("a or b").root == And((Term("a"), Term("or"), Term("b")))


def test_fields_and_filters():
    root = parse('title:bayes author:"Ada Lovelace" list:论文 has:code is:kept tag:ToRead').root
    assert root == And(
        (
            Term("bayes", "title"),
            Phrase("Ada Lovelace", "authors"),
            Term("论文", "lists"),
            Filter("has", "code"),
            Filter("is", "kept"),
            Filter("tag", "toread"),
        )
    )


def test_prefix_marks_only_the_unfinished_last_word():
    assert parse("diffusion mod", prefix=True).root == And(
        (Term("diffusion"), Term("mod", prefix=True))
    )
    # a trailing space means the word is finished
    mod = Or((Term("mod"), Phrase("m.o.d.")))  # (also as letters with full stops)
    assert parse("diffusion mod ", prefix=True).root == And((Term("diffusion"), mod))
    assert parse("mod", prefix=False).root == mod


@pytest.mark.parametrize(
    ("text", "expected_root", "problem"),
    [
        ('"unbalanced', Phrase("unbalanced"), "unbalanced quote"),
        ("((a", Term("a"), "unbalanced '('"),
        ("a)", Term("a"), "unmatched ')'"),
        ("-", None, "lone '-'"),
        ("OR", None, "'OR'"),
        ("a OR", Term("a"), "'OR'"),
        ("title:", None, "needs a value"),
        ("foo:bar", Term("foo:bar"), "unknown field “foo:”"),
    ],
)
def test_malformed_queries_are_repaired_and_explained(text, expected_root, problem):
    parsed = parse(text)
    assert parsed.root == expected_root
    assert parsed.message is not None and problem in parsed.message


def test_is_takes_the_triage_verb_and_the_status_lines_word_for_a_state():
    assert parse("is:keep").root == Filter("is", "kept")
    assert parse("is:Skipped").root == Filter("is", "skip")
    assert parse("is:kept").root == Filter("is", "kept")
    assert parse("tag:keep").root == Filter("tag", "keep")  # only is: has these words


def test_parentheses_nested_a_thousand_deep_are_repaired_not_a_crash():
    deep = parse("(" * 1000 + "diffusion" + ")" * 1000)
    assert deep.root == Term("diffusion")
    assert deep.problems == ("ignored parentheses nested more than 32 deep",)
    # up to the limit, groups are kept as written
    nested = "(" * 32 + "a OR b" + ")" * 32 + " c"
    assert parse(nested).root == And((Or((Term("a"), Term("b"))), Term("c")))
    assert parse(nested).problems == ()
    unbalanced = parse("(" * 2000 + "a")
    assert unbalanced.root == Term("a") and unbalanced.problems


def test_a_star_after_a_word_makes_it_the_beginning_of_words():
    # "manip*" was searched as the word "manip" and found nothing
    assert parse("manip*").root == Term("manip", prefix=True)
    assert parse("robot manip* -sim*").root == And(
        (Term("robot"), Term("manip", prefix=True), Not(Term("sim", prefix=True)))
    )
    assert parse("title:manip**").root == Term("manip", "title", prefix=True)
    assert parse("manip*", prefix=True).root == Term("manip", prefix=True)


def test_a_word_without_letters_or_digits_is_left_out_and_said():
    # "!!!" or "*" alone found nothing, and said nothing, while "robot !!!" found robots
    for text in ("*", "!!!", "∞"):
        parsed = parse(text)
        assert parsed.root is None, text
        assert parsed.problems == (f"ignored “{text}”: no letters or digits to search for",)
    assert parse("robot ***").root == Term("robot")
    assert parse("ℓ₀").root == Term("ℓ₀")  # letters and digits of any script count


@pytest.mark.parametrize("text", ['author:","', '","', '"..."', 'title:"—"', '-"∞"'])
def test_a_phrase_without_letters_or_digits_is_left_out_and_said(text):
    """``author:","`` found nothing and said nothing, where ``author:,`` is said."""
    parsed = parse(text)
    assert parsed.root is None
    said = text.removeprefix("-")
    assert parsed.problems == (f"ignored “{said}”: no letters or digits to search for",)
    assert parse(f"robot {text}").root == Term("robot")


def test_parentheses_or_quotes_with_nothing_in_them_are_no_query():
    # "))))" found nothing while "((((((" listed every paper; '""' found nothing
    for text in ("))))", "((((((", "()", '""'):
        parsed = parse(text)
        assert parsed.root is None, text
    assert parse('""').problems == ('ignored empty quotes ""',)
    assert parse('a "" b').root == And((Term("a"), Term("b")))


def test_not_and_and_in_capitals_read_as_the_query_language_writes_them():
    # "NOT diffusion" found the papers that say diffusion
    assert parse("NOT diffusion").root == Not(Term("diffusion"))
    assert parse('robot NOT "diffusion model"').root == And(
        (Term("robot"), Not(Phrase("diffusion model")))
    )
    assert parse("robot AND grasp").root == parse("robot grasp").root
    assert parse("not robots").root == And((Term("not"), Term("robots")))  # lower case: a word
    assert parse("NOT (a b)").root == Not(And((Term("a"), Term("b"))))
    assert "NOT with nothing after it" in (parse("(a NOT)").message or "")
    assert "NOT with nothing after it" in (parse("a NOT").message or "")


def test_a_group_can_be_left_out():
    """``robot -(grasp OR manipulation)`` said "ignored a lone '-'" and found the robot
    papers on grasping or manipulation, the very ones left out."""
    parsed = parse("robot -(grasp OR manipulation)")
    assert parsed.root == And((Term("robot"), Not(Or((Term("grasp"), Term("manipulation"))))))
    assert parsed.problems == ()
    assert parse("robot NOT (grasp push)").root == And(
        (Term("robot"), Not(And((Term("grasp"), Term("push")))))
    )
    assert parse("-(diffusion)").root == Not(Term("diffusion"))
    assert parse("robot -()").root == Term("robot")
    assert parse("robot -(grasp").root == And((Term("robot"), Not(Term("grasp"))))


def test_a_page_of_text_as_a_query_is_cut_to_its_first_words():
    words = [f"w{n}" for n in range(1000)]
    long = parse(" ".join(words))
    assert long.root == And(tuple(Term(w) for w in words[:64]))
    assert long.problems == ("searched the first 64 words of the query's 1000",)
    phrase = parse('"' + " ".join(words) + '" -w9')
    assert phrase.root == Phrase(" ".join(words[:64]))  # the words after it are cut too
    assert "first 64 words" in (phrase.message or "")
    # a query being typed past the limit marks no cut word as unfinished
    assert parse(" ".join(words) + " diff", prefix=True).root == long.root
    exactly = parse(" ".join(words[:64]), prefix=True)
    assert exactly.problems == () and exactly.root.children[-1] == Term("w63", prefix=True)


def test_a_page_of_text_is_read_no_further_than_the_words_searched(monkeypatch):
    # 3,000 words were read, analysed and spelled whole to search the first 64 of them
    read: list[str] = []
    lexer = query_module._Lexer

    def reading(text: str) -> object:
        read.append(text)
        return lexer(text)

    monkeypatch.setattr(query_module, "_Lexer", reading)
    words = [f"w{n}" for n in range(3000)]
    long = parse(" OR ".join(words[:10]) + " " + " ".join(words[10:]) + ' "a b" sort:list')
    assert len(read) == 1 and len(read[0].split()) <= 64 + 9 + 1  # (its ORs, and sort:)
    assert long.sort == "list"  # the order asked for, wherever it stands
    assert long.problems == ("searched the first 64 words of the query's 3002",)
    assert long.searched is not None and long.searched.split()[-2:] == ["w63", "sort:list"]
    read.clear()
    # a quotation that goes past the words searched is cut to them
    phrase = parse("(" + " ".join(words[:60]) + ' "x y z v u") ' + " ".join(words[60:]))
    assert read[0].split()[-1] == 'u")' and phrase.root.children[-1] == Phrase("x y z v")
    assert phrase.problems == ("searched the first 64 words of the query's 3005",)
    typed = parse(" ".join(words) + " diff", prefix=True)  # no cut word is being typed
    assert not any(word.prefix for word in query_module.words(typed.root))


def test_a_year_that_names_no_years_is_left_out_as_an_empty_field_is():
    alone = parse("year:abc")
    assert alone.root is None and alone.problems[0].startswith("year:abc was ignored")
    assert parse("robot -year:abc").root == Term("robot")
    assert parse("(a OR year:x) b").root == And((Term("a"), Term("b")))
    assert parse("year:2020").root == Term("2020", "year") and not parse("year:2020").problems
    typing = parse("year:20", prefix=True)  # still being typed: kept, and not complained of
    assert typing.root == Term("20", "year", prefix=True) and not typing.problems
    assert parse("year:20", prefix=False).root is None


@pytest.mark.parametrize(
    "title",
    [
        "Position: Rethinking Post-Hoc Search-Based Neural Approaches",
        "GaLore: Memory-Efficient LLM Training by Gradient Low-Rank Projection",
        "Position:",
    ],
)
def test_a_title_pasted_with_a_colon_is_searched_as_words_without_a_word_of_fields(title):
    """A pasted title, "Position: …" or "GaLore: …" (538 of the ICML 2024 titles begin
    with a word and a colon), was said to name an unknown field 'position:', the list of
    fields after it: its colon is prose, with a space after it."""
    parsed = parse(title)
    assert parsed.message is None
    assert parse(title.replace(": ", ":x ", 1)).message is not None or title.endswith(":")


def test_unknown_fields_are_said_once_together_and_only_among_the_words_searched():
    # a pasted README named 'exception:', 'licenses:', 'note:' from words past the 64
    # searched, and repeated the list of fields for each
    message = parse("foo:bar baz:x foo:y").message
    assert message is not None and message.count("(fields:") == 1
    assert "unknown fields “foo:”, “baz:” searched as words" in message
    words = " ".join(f"w{n}" for n in range(70))
    message = parse(f"{words} exception:x licenses:y").message
    assert message is not None and "exception" not in message and "licenses" not in message


@pytest.mark.parametrize(
    "text", ["a AND OR b", "a OR AND b", "AND a", "a AND", "a AND AND b", "(a AND) b", "AND"]
)
def test_an_and_with_nothing_on_one_side_is_said_as_ignored(text):
    # 'a AND OR b' was searched as 'a OR b' without a word, where a dangling OR is said
    assert "ignored an 'AND' with nothing on one side" in parse(text).problems, text


@pytest.mark.parametrize("text", ["a AND b", "a AND NOT b", "a AND -b", "a AND (b OR c)"])
def test_an_and_between_terms_is_no_repair(text):
    assert parse(text).problems == (), text


@pytest.mark.parametrize(
    "text",
    ["“graph neural network”", "„graph neural network“", "«graph neural network»"],
)
def test_typographic_quotes_make_a_phrase(text):
    """A phrase pasted from a PDF or typed on a phone comes in curly quotes: it was read
    as its words, each anywhere ("“models diffusion”" found 208 papers, not none)."""
    parsed = parse(text, prefix=True)  # the closing quote ends the phrase: nothing typed
    assert parsed.root == Phrase("graph neural network")
    assert parsed.text == text
    assert parsed.message is None


def test_an_unclosed_typographic_quote_is_closed_and_said():
    parsed = parse("“graph neural")
    assert parsed.root == Phrase("graph neural")
    assert parsed.message == "closed an unbalanced quote"


def test_a_possessive_is_its_word():
    assert parse("Bellman's equation").root == And((Term("Bellman"), Term("equation")))
    assert parse("Newton’s").root == Term("Newton")
    assert parse("title:Stein's").root == Term("Stein", "title")
    # not an "'s" of a possessive: kept
    assert parse("author:O'Brien").root == Term("O'Brien", "authors")
    # a possessive's ending apart from its word is no word: left out, and said
    alone = parse("'s")
    assert alone.root is None
    assert alone.message == "ignored “'s”: the ending of a possessive, no word"
    assert parse("Bellman 's").root == Term("Bellman")


def test_a_word_joined_by_hyphens_is_a_phrase_or_one_word():
    assert parse("model-based").root == Or((Phrase("model-based"), Term("modelbased")))
    assert parse("title:non-convex").root == Or(
        (Phrase("non-convex", "title"), Term("nonconvex", "title"))
    )
    # with a stop word too: a phrase that says one is found as written
    assert parse("in-context").root == Or((Phrase("in-context"), Term("incontext")))
    # being typed, words; a link's words, words
    assert parse("model-b", prefix=True).root == Term("model-b", prefix=True)
    assert parse("url:chained-diffuser").root == Term("chained-diffuser", "urls")


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2012", "\u2013", "\u2212", "\uff0d"])
def test_a_word_joined_by_a_unicode_hyphen_or_an_en_dash_is_joined_by_a_hyphen(dash):
    """A title copied from a PDF writes "non‐convex" with Unicode's hyphen, "Frank–Wolfe"
    with an en dash: searched as the words apart, "non–convex" found 59 ICML 2024 papers
    that say "non" and "convex" anywhere, not the 73 that "non-convex" finds."""
    assert parse(f"non{dash}convex").root == Or((Phrase(f"non{dash}convex"), Term("nonconvex")))
    assert parse(f"title:Frank{dash}Wolfe").root == Or(
        (Phrase(f"Frank{dash}Wolfe", "title"), Term("FrankWolfe", "title"))
    )
    # an em dash sets off a clause: the words stay apart
    assert parse("shifts\u2014the").root == Term("shifts\u2014the")


def test_an_author_last_name_first_is_also_first_name_first():
    assert parse('author:"Schölkopf, Bernhard"').root == Or(
        (Phrase("Schölkopf, Bernhard", "authors"), Phrase("Bernhard Schölkopf", "authors"))
    )
    # a comma elsewhere, or two, is a phrase as written
    assert parse('"Schölkopf, Bernhard"').root == Phrase("Schölkopf, Bernhard")
    assert parse('author:"a, b, c"').root == Phrase("a, b, c", "authors")


@pytest.mark.parametrize(
    ("typed", "said_whole"),
    [
        ("robot -", "ignored a lone '-' (write -word to exclude a word)"),
        ("title:", "'title:' needs a value, e.g. title:word"),
        ("robot author:", "'author:' needs a value, e.g. author:word"),
        ("robot sort:", "'sort:' needs a value (fit, relevance, list), e.g. sort:fit"),
    ],
)
def test_a_dash_or_field_being_typed_is_not_said_before_its_word(typed, said_whole):
    # live search: the word they take is the next key, so nothing is wrong yet
    assert parse(typed, prefix=True).problems == ()
    assert parse(typed).problems == (said_whole,)
    # one left before other words is said while typing too
    assert said_whole in parse(typed + " graph", prefix=True).problems


def test_a_hyphen_after_a_group_written_into_a_word_is_no_exclusion() -> None:
    """A title pasted ("Structure-Aware E(3)-Invariant …"): the word after "(3)-" is the
    title's, where it was left out and the pasted title found nothing."""
    root = parse("E(3)-Invariant networks").root
    assert not any(isinstance(child, Not) for child in root.children)
    assert Term("Invariant") in root.children and Term("networks") in root.children
    # an exclusion written apart stays one
    assert Not(Term("c")) in parse("(a OR b) -c").root.children
