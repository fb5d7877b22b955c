"""Search over a real on-disk index: the query language, prefixes, CJK, URLs, suggestions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from corpus_util import RECORDS, many_records, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.search.analysis import raw_words
from tuireader.search.engine import Engine, Marker, open_engine
from tuireader.search.highlight import spans_of
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def engine(tmp_path):
    source = write_jsonl(tmp_path / "lists" / "demo.jsonl", RECORDS)
    library = load_library([source])
    eng = open_engine(library, resolve(tmp_path / "data"))
    yield eng
    eng.close()


@pytest.fixture(scope="module")
def seeds_engine(tmp_path_factory):
    library = load_library(None)
    eng = open_engine(library, resolve(tmp_path_factory.mktemp("seeds-data")))
    yield eng
    eng.close()


def titles(result):
    return [hit.paper.title for hit in result.hits]


def test_all_words_must_match_and_word_forms_fold(engine):
    # "diffusion model" finds the paper titled "... Diffusion Models" first
    result = engine.search("diffusion model")
    assert titles(result) == [
        "Bayesian Optimization with Diffusion Models",
        "Scaling Laws of Language Models",
    ]
    assert engine.search("optimisation diffusion").total == 1
    assert engine.search("optimisation language").total == 0


def test_title_matches_rank_above_abstract_matches(engine):
    result = engine.search("diffusion")
    assert titles(result)[0] == "Bayesian Optimization with Diffusion Models"
    assert "Scaling Laws of Language Models" in titles(result)


def test_phrase_exclusion_and_or(engine):
    assert titles(engine.search('"neural networks" -graph')) == ["Scaling Laws of Language Models"]
    assert engine.search('"networks neural"').total == 0
    assert set(titles(engine.search("privacy OR molecules"))) == {
        "Privacy Amplification by Subsampling",
        "Graph Neural Networks for Molecules",
    }
    assert set(titles(engine.search("(privacy OR molecules) gaussian"))) == {
        "Privacy Amplification by Subsampling"
    }


def test_field_prefixes(engine):
    assert titles(engine.search("author:lovelace title:privacy")) == [
        "Privacy Amplification by Subsampling"
    ]
    assert engine.search("title:subsampling").total == 1
    assert engine.search("abstract:subsampling").total == 1
    assert engine.search("year:2023").total == 1
    assert engine.search("venue:neurips").total == 1
    assert engine.search("list:demo").total == 4


def test_has_code_and_github_urls(engine):
    assert titles(engine.search("has:code")) == ["Bayesian Optimization with Diffusion Models"]
    assert titles(engine.search("github")) == ["Bayesian Optimization with Diffusion Models"]
    assert titles(engine.search("arxiv")) == ["Privacy Amplification by Subsampling"]


def test_prefix_search_uses_raw_words_not_stems(engine):
    # Whoosh would stem "bay*" to "bai*" and find nothing
    assert engine.search("bay", prefix=True).total == 1
    assert engine.search("bay", prefix=False).total == 0
    assert engine.search("subsamp", prefix=True).total == 1
    assert engine.search("lovel", prefix=True).total == 2  # an author prefix


def test_highlights_are_plain_spans_over_the_paper_text(engine):
    hit = engine.search("diffusion").hits[0]
    spans = hit.title_spans
    assert [hit.paper.title[a:b] for a, b in spans] == ["Diffusion"]


@pytest.mark.parametrize(
    "query", ["diffusion", "diffusion mod", "model", "neural netw -graph", '"neural networks"', "b"]
)
def test_a_result_carries_the_words_the_viewer_highlights(engine, query):
    """The viewer highlights a paper's abstract from the result's words: the same spans
    as parsing the query again (``term_spans``) gives."""
    result = engine.search(query, prefix=True)
    assert result.terms
    for hit in result.hits:
        text = hit.paper.abstract
        assert spans_of(text, result.terms) == engine.term_spans(text, query)
    assert engine.search("", prefix=True).terms == frozenset()


def test_a_scan_result_carries_the_words_too(tmp_path):
    source = write_jsonl(tmp_path / "lists" / "demo.jsonl", RECORDS)
    library = load_library([source])
    data = tmp_path / "data"
    data.write_text("not a folder")  # no index can be had: the engine scans
    engine = open_engine(library, resolve(data))
    result = engine.search("diffusion models", prefix=True)
    assert engine.problem and result.total
    assert result.terms == {"diffusion", "models"}
    text = result.hits[0].paper.abstract
    assert spans_of(text, result.terms) == engine.term_spans(text, "diffusion models")


def test_term_spans_find_any_word_form(engine):
    text = "Modelling models: a model."
    spans = engine.term_spans(text, "model")
    assert [text[a:b] for a, b in spans] == ["models", "model"]


def _spans_word_by_word(text, forms):
    return tuple((a, b) for word, a, b in raw_words(text, stops=False) if word in forms)


def test_marker_spans_are_the_words_found_word_by_word():
    """The fast path for ASCII text finds exactly the whole words a word-by-word scan
    finds: not inside longer words, at the ends of the text, repeated, next to digits."""
    texts = [p.abstract for p in load_library(None).papers] + [
        "model models modelmodel model",
        "a-model_model(model)model2 2model",
        "Diffusion models, and the models of diffusion, model the diffusing of heat.",
        "Müller and Muller meet naïve naive café cafe",
        "Grøtli and Grotli, Łukasz and Lukasz, Straße and Strasse",
    ]
    for text in texts:
        words = sorted({w for w, _, _ in raw_words(text, stops=False)})
        for forms in (
            {"model", "models"},
            {"the", "of"},
            set(words[::7]),
            set(words[-3:]),
            {"zzz"},
        ):
            assert Marker(forms).spans(text) == _spans_word_by_word(text, forms), (text, forms)


def test_did_you_mean_suggests_real_words(engine):
    result = engine.search("difusion modle")
    assert result.total == 0
    assert result.suggestion == "diffusion model"


def test_a_name_that_finds_its_papers_is_not_taken_for_a_misspelling(tmp_path):
    # "posa" (Michael Posa, two CoRL 2023 papers) was met with "did you mean: pose": the
    # vocabulary corrections are made from holds no author names
    records = [
        {"title": f"Pose Estimation {i}", "abstract": f"We estimate the pose of object {i}."}
        for i in range(4)
    ]
    records.append(
        {
            "title": "Learning Contact Dynamics",
            "authors": ["Michael Posa"],
            "abstract": "We learn contact dynamics.",
        }
    )
    source = write_jsonl(tmp_path / "lists" / "names.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        for prefix in (False, True):
            result = eng.search("posa", prefix=prefix)
            assert titles(result) == ["Learning Contact Dynamics"]
            assert result.suggestion is None
        # a misspelt word beside it is still corrected, the name kept
        assert eng.search("posa dynamcs").suggestion == "posa dynamics"
        assert eng.search("pse").suggestion == "pose"
    finally:
        eng.close()


def test_did_you_mean_leaves_out_the_space_typed_after_the_last_word(engine):
    # the reader searches as you type: "Did you mean: diffusion model ?"
    result = engine.search("  difusion modle ", prefix=True)
    assert result.total == 0
    assert result.suggestion == "diffusion model"


def test_did_you_mean_keeps_the_query_s_operators(tmp_path):
    # "AND" was corrected as a word: 'difusion AND polcy' to 'diffusion any policy'
    records = [
        {"title": f"Diffusion Policy {i}", "abstract": f"Any robot learns a diffusion policy {i}."}
        for i in range(4)
    ]
    source = write_jsonl(tmp_path / "lists" / "words.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        for operator in ("AND", "OR"):
            suggestion = eng.search(f"difusion {operator} polcy").suggestion
            assert suggestion == f"diffusion {operator} policy"
        assert eng.search("diffusion NOT polcy").suggestion in (None, "diffusion NOT policy")
    finally:
        eng.close()


def test_phrases_are_checked_on_the_text(engine):
    # words in order, with punctuation and stop words between them allowed
    assert titles(engine.search('"graph neural network"')) == [
        "Graph Neural Networks for Molecules"
    ]
    assert engine.search('"tight bounds gaussian"').total == 1  # "for the" between
    # a phrase that says a stop word says which: "for the", not "for" alone
    assert engine.search('"tight bounds for the gaussian"').total == 1
    assert engine.search('"tight bounds for gaussian"').total == 0
    assert engine.search('"subsampling we give tight"').total == 1  # across a ";"
    assert engine.search('"networks predict molecular properties"').total == 1
    # all the words, but not in a row
    assert engine.search('"privacy subsampling"').total == 0
    assert engine.search('abstract:"language predictably"').total == 0
    assert engine.search('title:"neural networks"').total == 1
    # a phrase inside OR and NOT keeps its meaning
    assert engine.search('"networks neural" OR bandits').total == 0
    assert engine.search('neural -"neural networks predict"').total == 1
    assert engine.search('author:"ada lovelace"').total == 2


@pytest.mark.parametrize(
    "text", ['"unbalanced', "((privacy", "privacy)", "-", "OR", "foo:bar", "title:", "a OR"]
)
def test_malformed_queries_never_raise(engine, text):
    result = engine.search(text)
    assert result.message
    assert result.total >= 0


def test_only_negative_query_lists_the_rest(engine):
    result = engine.search("-privacy")
    assert result.total == 3


def test_empty_query_lists_every_paper_in_list_order(engine):
    result = engine.search("")
    assert result.total == 4
    assert titles(result) == [r["title"] for r in RECORDS]


def test_warming_changes_no_result(engine):
    queries = ["d", "di", "model", "graph neural", "is:new"]
    before = [[(h.paper.id, h.score) for h in engine.search(q, prefix=True).hits] for q in queries]
    assert len(engine.warm(times=3)) == 3  # the milliseconds of each search after the first
    after = [[(h.paper.id, h.score) for h in engine.search(q, prefix=True).hits] for q in queries]
    assert after == before
    assert engine.vocabulary.words  # sorted for prefixes, before any key asks


def test_warming_an_empty_library_does_nothing(tmp_path):
    from tuireader.model import Library

    empty = open_engine(Library(), resolve(tmp_path).ensure())
    assert empty.warm() == ()
    assert empty.search("d", prefix=True).total == 0
    empty.close()


def test_similar_papers_exclude_the_paper_itself(engine):
    first = engine.library.papers[0]
    result = engine.similar(first.id)
    assert first.id not in [hit.paper.id for hit in result.hits]
    assert result.hits


def test_similar_papers_share_topics_not_a_symbol_of_their_math(tmp_path):
    # "α-MDF" (robot state estimation) found a paper on Λ_α first: α (and "alpha", as
    # the index also spells it) is rare, and weighed most
    path = tmp_path / "mixed.jsonl"
    write_jsonl(
        path,
        [
            {
                "title": r"$\alpha$-MDF: An Attention-based Multimodal Differentiable Filter",
                "abstract": "State estimation for robot manipulation with a differentiable "
                "filter; attention gains fuse camera and tactile inputs in 45 tasks.",
            },
            {
                "title": r"From dyadic $\Lambda_\alpha$ to $\Lambda_\alpha$",
                "abstract": r"We show $\Lambda_\alpha$ spaces for $\alpha > 0$ and every "
                r"$\alpha$ are dyadic; $\alpha$ in 45 cases.",
            },
            {
                "title": "Learned Filters for Robot State Estimation",
                "abstract": "A differentiable Kalman filter learns state estimation for a "
                "robot arm from camera inputs.",
            },
            {"title": "Sheaves on Schemes", "abstract": "Cohomology of quasi-coherent sheaves."},
        ],
    )
    engine = open_engine(load_library([path]), resolve(tmp_path / "data").ensure())
    first = engine.library.papers[0]
    hits = [hit.paper.title for hit in engine.similar(first.id).hits]
    assert hits == ["Learned Filters for Robot State Estimation"]


def test_cjk_list_name_is_found_by_a_bigram(seeds_engine):
    result = seeds_engine.search("论文")
    assert result.total == 19
    assert all("ICML 2024 论文列表" in hit.paper.lists for hit in result.hits)


def test_seed_library_finds_the_igsg_paper_by_github(seeds_engine):
    result = seeds_engine.search("github igsg")
    assert result.total == 1
    assert any("IGSG" in link.url for link in result.hits[0].paper.links)


def test_triage_filters_use_the_resolver(engine):
    ids = {p.id for p in engine.library.papers}
    kept = {engine.library.papers[1].id}

    def resolve(name, value):
        if name == "is" and value == "kept":
            return kept
        if name == "is" and value == "*":
            return kept
        return None

    assert [h.paper.id for h in engine.search("is:kept", resolve=resolve).hits] == list(kept)
    assert {h.paper.id for h in engine.search("is:new", resolve=resolve).hits} == ids - kept
    without = engine.search("is:kept")
    assert without.message and "triage" in without.message


def test_an_unknown_filter_value_is_said_with_the_values_it_takes(engine):
    # the reader's search box says what the command line says of 'has:cod'
    result = engine.search("has:cod", resolve=lambda name, value: None)
    assert result.total == 0 and result.message == (
        "unknown filter has:cod; did you mean has:code? (has: takes code, paper, project, video, slides, poster, note)"
    )
    result = engine.search("is:kep")
    assert result.message is not None and "did you mean is:kept?" in result.message
    # a list's decision is searched with status:, which is: is a slip away from
    for value in ("oral", "Spotlight", "poster"):
        said = engine.search(f"is:{value}").message
        assert said is not None and f"did you mean status:{value.lower()}?" in said, said


@pytest.mark.parametrize(
    "text",
    [
        "network",
        "neural net",
        "diffusion -video",
        "has:code models",
        "author:zh",
        "gith",
        "title:attack adv",
        "论文",
    ],
)
def test_fast_path_agrees_with_whoosh_matching(seeds_engine, text):
    from tuireader.search import query as ql
    from tuireader.search.compiled import compile_query
    from tuireader.search.terms import Compiled

    engine = seeds_engine
    fast = engine.search(text, prefix=True, limit=None)
    out = Compiled()
    compiled = compile_query(engine._context, ql.parse(text, prefix=True).root, out, None)
    slow_ids = {engine._searcher.stored_fields(d)["id"] for d in compiled.docs(engine._searcher)}
    assert {hit.paper.id for hit in fast.hits} == slow_ids
    assert fast.total == len(slow_ids)


def test_a_short_author_name_is_found_while_typing(tmp_path):
    source = write_jsonl(
        tmp_path / "names.jsonl",
        [
            {"title": "Graph Sampling", "authors": ["Wei Wu"], "abstract": "About sampling."},
            {"title": "Other Work", "authors": ["Ada Wulf"], "abstract": "About others."},
        ],
    )
    engine = open_engine(load_library([source]), resolve(tmp_path / "data"))
    assert [h.paper.title for h in engine.search("wu", prefix=True).hits] == ["Graph Sampling"]
    assert engine.search("wul", prefix=True).total == 1  # three letters expand
    engine.close()


def test_word_forms_from_saved_stems_match_stemming_every_word(seeds_engine):
    from tuireader.search.engine import Vocabulary
    from tuireader.search.index import vocab_stems

    counts = seeds_engine.vocabulary.counts
    saved = Vocabulary(counts, vocab_stems(counts))
    computed = Vocabulary(counts, None)
    for word in counts:
        assert set(saved.forms_of(word)) == set(computed.forms_of(word)), word
    assert {"model", "models", "modeling"} <= set(saved.forms_of("modelling"))


def test_typing_word_by_word_ranks_as_a_fresh_search_does(tmp_path):
    """The matches of a query's finished words are kept between keystrokes: each
    keystroke still gives the hits, scores and total a fresh engine gives."""
    source = write_jsonl(tmp_path / "many.jsonl", RECORDS + many_records(300))
    library = load_library([source])
    typing = open_engine(library, resolve(tmp_path / "data"))
    queries = [
        "diffusion methods results",
        "this work improves privacy",
        "graph neural net",
        "we report x",
    ]
    keystrokes = [q[:i] for q in queries for i in range(1, len(q) + 1) if not q[:i].endswith(" ")]
    for text in keystrokes:
        typed = typing.search(text, prefix=True, limit=10)
        fresh_engine = open_engine(library, resolve(tmp_path / "data"))
        fresh = fresh_engine.search(text, prefix=True, limit=10)
        fresh_engine.close()
        assert [(h.paper.id, h.score) for h in typed.hits] == [
            (h.paper.id, h.score) for h in fresh.hits
        ], text
        assert typed.total == fresh.total, text
    typing.close()


def test_letters_without_a_combining_accent_fold_as_typed(tmp_path):
    records = [
        {"title": "Planning under Contact", "abstract": "Contact.", "authors": ["Maren Grøtli"]},
        {"title": "Sparse Codes", "abstract": "Codes.", "authors": ["Łukasz Kaiser"]},
        {"title": "Straße Scenes", "abstract": "Street scenes.", "authors": ["A. Æsir"]},
        {"title": "Priors for Bayes", "abstract": "A naïve prior.", "authors": ["B. Café"]},
    ]
    source = write_jsonl(tmp_path / "lists" / "letters.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        assert titles(eng.search("author:grotli")) == ["Planning under Contact"]
        assert titles(eng.search("grøtli")) == ["Planning under Contact"]
        assert titles(eng.search("lukasz")) == ["Sparse Codes"]
        assert titles(eng.search("strasse")) == ["Straße Scenes"]
        assert titles(eng.search("aesir")) == ["Straße Scenes"]
        # An accented word is stemmed as the same word typed without its accent is.
        assert titles(eng.search("naive")) == titles(eng.search("naïve")) == ["Priors for Bayes"]
        assert titles(eng.search('"naive prior"')) == ["Priors for Bayes"]
    finally:
        eng.close()


def test_latex_accents_in_a_list_are_found_as_shown(tmp_path):
    # Paper lists scraped from proceedings keep BibTeX's accents: H\"{o}lderian, Gr{\o}tli.
    records = [
        {
            "title": 'Accelerated Gradient under H\\"{o}lderian Error Bound',
            "abstract": 'Restarts for the H\\"olderian error bound with $\\ell_1$ norms.',
            "authors": ["Mingrui Liu"],
        },
        {"title": "Other Work", "abstract": "Nothing of the kind.", "authors": ["A. B."]},
    ]
    source = write_jsonl(tmp_path / "lists" / "tex.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        wanted = ["Accelerated Gradient under Hölderian Error Bound"]  # as BibTeX reads it
        for query in ("holderian", "Hölderian", "title:holderian", '"holderian error bound"'):
            assert titles(eng.search(query)) == wanted, query
        assert titles(eng.search("lderian")) == []  # no longer split at the accent
    finally:
        eng.close()


def test_math_in_a_list_is_found_as_shown_and_as_written(tmp_path):
    # NeurIPS lists write math as LaTeX: $\ell_0$ is shown as ℓ₀, which a reader types "l0".
    records = [
        {
            "title": "Approximation Algorithms for $\\ell_0$-Low Rank Approximation",
            "abstract": "We study the $\\ell_0$-Low Rank problem with $L_2$ costs.",
            "authors": ["Karl Bringmann"],
        },
        {"title": "Other Work", "abstract": "It costs $5 and $10, not l1.", "authors": ["A. B."]},
    ]
    source = write_jsonl(tmp_path / "lists" / "math.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        wanted = ["Approximation Algorithms for $\\ell_0$-Low Rank Approximation"]
        for query in ("l0", "ℓ₀", "title:l0", "ell", "l2", "l0 low rank", '"low rank"'):
            assert titles(eng.search(query)) == wanted, query
        assert titles(eng.search("l1")) == ["Other Work"]  # prices are not math
    finally:
        eng.close()


#: names with math in a word (ICML 2024), as the reader shows them and as they are typed
MATH_NAMES = {
    "E$^2$GAN: Efficient": ("E²GAN", "E2GAN", "e2gan"),
    "$S^2$IP-LLM: Semantic": ("S²IP-LLM", "S2IP-LLM", "s2ip llm"),
    "RoboMP$^2$: A Robotic": ("RoboMP²", "RoboMP2"),
    "EMC$^2$: Efficient": ("EMC²", "EMC2"),
    "MS$^3$D: A RG": ("MS³D", "MS3D"),
    "Hybrid$^2$ Neural": ("Hybrid²", "Hybrid2", "title:hybrid2"),
    "S$\\Omega$I: Score": ("SΩI", "sωi"),
    "$\\bf{\\Phi}_\\textrm{Flow}$: Differentiable": ("ΦFlow", "PhiFlow", "phiflow"),
}


@pytest.mark.parametrize("index", [True, False], ids=["index", "scan"])
def test_a_name_with_math_in_a_word_is_found_as_shown_and_as_typed(tmp_path, index):
    # E$^2$GAN is shown "E²GAN": "E²GAN" was corrected to "egnn", "E2GAN" found nothing,
    # and so did "RoboMP2", "EMC2", "MS3D", "Hybrid2", "SΩI" and "ΦFlow" (shown "Φ_Flow")
    source = tmp_path / "lists" / "icml2024.jsonl"
    source.parent.mkdir()
    shutil.copy(FIXTURES / "queries" / "icml2024_math_names.jsonl", source)
    library = load_library([source])
    eng = open_engine(library, resolve(tmp_path / "data")) if index else Engine(library, None)
    try:
        for start, queries in MATH_NAMES.items():
            for query in queries:
                for prefix in (False, True):
                    result = eng.search(query, prefix=prefix, limit=None)
                    found = [title[: len(start)] for title in titles(result)]
                    assert found == [start], (query, prefix)
                    assert result.suggestion is None, query
        # as typed so far
        assert [t[:8] for t in titles(eng.search("E2G", prefix=True))] == ["E$^2$GAN"]
        assert [t[:8] for t in titles(eng.search("robomp", prefix=True))] == ["RoboMP$^"]
        # as written, and the math alone, as before
        for query, wanted in (("E$^2$GAN", "E$^2$GAN"), ("Ω", "S$\\Omega$I"), ("Φ_Flow", "$\\bf")):
            assert titles(eng.search(query))[0].startswith(wanted), query
        # the other papers with the word are found as before
        assert len(titles(eng.search("hybrid"))) == 3
        assert {t[:3] for t in titles(eng.search("gan"))} == {"E$^", "MS$"}
    finally:
        eng.close()


def test_a_whole_word_typed_as_a_prefix_finds_what_it_finds_finished(tmp_path):
    # live search: "fairness", in no paper, found nothing until the space, then the paper
    # with "fair" (word forms fold: fairness is fair)
    records = [
        {"title": "Dark Energy", "abstract": "Results in fair agreement with data.", "authors": []},
        {"title": "Other Work", "abstract": "Nothing of the kind.", "authors": ["C. D."]},
    ]
    source = write_jsonl(tmp_path / "lists" / "words.jsonl", records)
    eng = open_engine(load_library([source]), resolve(tmp_path / "data"))
    try:
        for query in ("fairness", "darkness", "title:darkness", "energy fairness"):
            finished = titles(eng.search(query))
            assert finished == ["Dark Energy"], query
            assert titles(eng.search(query, prefix=True)) == finished, query
        assert titles(eng.search("energ", prefix=True)) == ["Dark Energy"]
        assert titles(eng.search("kind", prefix=True)) == ["Other Work"]
    finally:
        eng.close()


def test_a_word_with_a_star_finds_the_words_it_begins(engine):
    # "mode*" found nothing while "model*" (a whole word) found both model papers
    assert engine.search("mode*").total == engine.search("model").total == 2
    assert engine.search("molec*").total == 1
    assert engine.search("molec*").suggestion is None
    assert engine.search("lerning*").total == 0


def test_a_prefix_that_begins_known_words_is_not_corrected(engine):
    # "molec" begins "molecular" and "molecules": it was offered "model" instead
    assert engine.search("molec", prefix=True).suggestion is None
    assert engine.search("molec*").suggestion is None
    assert engine.search("difusion*").suggestion == "diffusion*"


@pytest.mark.parametrize("index", [True, False], ids=["index", "scan"])
def test_knows_the_words_of_the_papers_titles_and_abstracts(tmp_path, index):
    # asked as a key is handled: a word pasted key by key ("stochastic") is a query
    library = load_library([FIXTURES / "text" / "icml2024_sample.jsonl"])
    eng = open_engine(library, resolve(tmp_path / "data")) if index else Engine(library, None)
    try:
        if not index:
            assert not eng.knows("stochastic")  # no words read yet: none known
            eng.prepare_scan()
        assert eng.knows("stochastic") and eng.knows("Stochastic")
        assert not eng.knows("mttheory") and not eng.knows("xjmta")
    finally:
        eng.close()


@pytest.mark.parametrize("index", [True, False], ids=["index", "scan"])
def test_knows_the_words_of_the_papers_authors_venues_keywords_and_lists(tmp_path, index):
    # a plain query finds papers by these too: an author's name pasted is a query
    record = {
        "title": "Plain title",
        "abstract": "Plain words only.",
        "authors": ["Jacob Steinhardt", "Ion Stoica"],
        "venue": "7th Annual Conference on Robot Learning",
        "keywords": ["Sturdiness"],
    }
    other = {"title": "Other title", "abstract": "Other words."}
    named = write_jsonl(tmp_path / "venue.jsonl", [record])  # (named by its venue)
    library = load_library([named, write_jsonl(tmp_path / "stmarks_reading.jsonl", [other])])
    eng = open_engine(library, resolve(tmp_path / "data")) if index else Engine(library, None)
    try:
        for word in ("Steinhardt", "stoica", "corl", "robot", "sturdiness", "stmarks"):
            assert not eng.vocabulary.counts.get(word.lower())  # no word of the texts
            assert eng.knows(word), word
        assert not eng.knows("mttheory") and not eng.knows("stanley")
    finally:
        eng.close()


def test_a_page_of_words_is_read_and_spelled_no_further_than_the_words_searched(
    engine, monkeypatch
):
    # 1,000 words no paper has took 6.2 s, 3,000 words 20 to 44 s, to search 64 of them:
    # each was read, and looked at for a spelling suggestion
    from tuireader.search import engine as engine_module
    from tuireader.search import query as ql

    read: list[str] = []
    spelled: list[str] = []
    lexer, suggest = ql._Lexer, engine_module.suggest

    def reading(text: str) -> object:
        read.append(text)
        return lexer(text)

    def spelling(ctx, text, *args):  # type: ignore[no-untyped-def]
        spelled.append(text)
        return suggest(ctx, text, *args)

    monkeypatch.setattr(ql, "_Lexer", reading)
    monkeypatch.setattr(engine_module, "suggest", spelling)
    words = [f"zq{n:04d}x" for n in range(1000)]
    result = engine.search(" ".join(words))
    assert result.total == 0 and "searched the first 64 words of the query's 1000" in (
        result.message or ""
    )
    assert read and spelled
    assert all(len(text.split()) <= ql.MAX_WORDS for text in [*read, *spelled])
