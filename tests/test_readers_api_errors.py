"""A web API's error answer saved in place of its papers (a rate limit's, a bad query's)
is said to be one, with the API that gave it where its words or shape tell it, as
arXiv's error answer is: not a list of one object with the fields 'message' and 'code'."""

from __future__ import annotations

import json

import pytest

from tuireader.cli import main
from tuireader.ingest.readers import read_file

S2_429 = {
    "message": "Too Many Requests. Please wait and try again or apply for a key for higher "
    "rate limits. https://www.semanticscholar.org/product/api#api-key-form",
    "code": "429",
}

ANSWERS = {
    "semantic scholar rate limit": (
        S2_429,
        (
            "Semantic Scholar's API answered with an error: Too Many Requests (429). Please wait "
            "and try again or apply for a key for higher rate limits. "
            "https://www.semanticscholar.org/product/api#api-key-form"
        ),
    ),
    "openalex bad query": (
        {
            "error": "Invalid query parameters error.",
            "message": "authorships.author.id is not a valid select field. Valid fields for "
            "select are: abstract_inverted_index, authorships, biblio",
        },
        (
            "OpenAlex's API answered with an error: Invalid query parameters error: "
            "authorships.author.id is not a valid select field. Valid fields for select are: "
            "abstract_inverted_index, authorships, biblio"
        ),
    ),
    "openreview not found": (
        {
            "name": "NotFoundError",
            "message": "The Note abc123 was not found",
            "status": 404,
            "details": {"path": "id", "value": "abc123"},
        },
        "OpenReview's API answered with an error: The Note abc123 was not found (404)",
    ),
    "crossref validation": (
        {
            "status": "failed",
            "message-type": "validation-failure",
            "message-version": "1.0.0",
            "message": [
                {
                    "value": "from-pub",
                    "message": "Filter from-pub specified but there is no such filter.",
                    "type": "filter-not-available",
                }
            ],
        },
        (
            "Crossref's API answered with an error: "
            "Filter from-pub specified but there is no such filter."
        ),
    ),
    "unknown api": (
        {"message": "Forbidden"},
        "the file holds an error answer from a web API: Forbidden",
    ),
    "unknown api with its status": (
        {"error": "Paper with id 123 not found", "code": 404},
        "the file holds an error answer from a web API: Paper with id 123 not found (404)",
    ),
}


@pytest.mark.parametrize("answer, said", ANSWERS.values(), ids=ANSWERS.keys())
def test_an_apis_error_answer_is_said_to_be_one(tmp_path, answer, said) -> None:
    path = tmp_path / "papers.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    result = read_file(path)
    assert result.records == ()
    assert [(p.message, p.severity) for p in result.problems] == [(said, "error")]


def test_a_long_error_message_is_cut(tmp_path) -> None:
    fields = ", ".join(f"field_{number}" for number in range(200))
    path = tmp_path / "works.json"
    path.write_text(json.dumps({"error": "Bad select.", "message": fields}), encoding="utf-8")
    (problem,) = read_file(path).problems
    assert problem.message.startswith("the file holds an error answer from a web API: Bad select")
    assert problem.message.endswith("…") and len(problem.message) < 400


@pytest.mark.parametrize(
    "data",
    [
        {"a": 1},
        {"message": "Too Many Requests", "code": "429", "title": "A paper"},
        {"code": "429", "status": 429},
    ],
    ids=["other fields", "a paper", "no message"],
)
def test_other_objects_are_no_error_answers(tmp_path, data) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = read_file(path)
    assert not any("error answer" in p.message or "answered" in p.message for p in result.problems)


def test_add_of_an_error_answer_says_so_and_adds_nothing(capsys, tmp_path) -> None:
    path = tmp_path / "s2_429.json"
    path.write_text(json.dumps(S2_429), encoding="utf-8")
    assert main(["add", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Semantic Scholar's API answered with an error: Too Many Requests (429)" in err
    assert "nothing added" in err
    assert main(["lists", "--json"]) == 0
    stored = json.loads(capsys.readouterr().out)["library"]
    assert [entry["kind"] for entry in stored["entries"]] == ["seeds"]
