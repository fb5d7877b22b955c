"""Spelling suggestions: the word a typo was meant to be, among the known words."""

from __future__ import annotations

import pytest

from tuireader.search.suggest import correction, typo_cost
from tuireader.search.vocabulary import Vocabulary

#: words of CoRL 2023, NeurIPS 2017 (its first 300 papers) and 200 arXiv abstracts near
#: the typos below, with the number of papers each is in (titles, abstracts, keywords)
COUNTS = {
    "da": 1,
    "data": 241,
    "date": 4,
    "datt": 1,
    "day": 2,
    "dft": 1,
    "diffusion": 22,
    "division": 3,
    "dot": 2,
    "dt": 1,
    "face": 11,
    "fock": 1,
    "force": 10,
    "language": 49,
    "languages": 2,
    "lds": 1,
    "lobe": 1,
    "log": 20,
    "losed": 1,
    "loss": 26,
    "lot": 1,
    "low": 70,
    "made": 15,
    "main": 37,
    "making": 36,
    "manin": 1,
    "mapping": 11,
    "mappings": 2,
    "meaning": 4,
    "mesh": 1,
    "middle": 2,
    "mile": 1,
    "mining": 4,
    "mixing": 11,
    "mle": 1,
    "mobile": 12,
    "modal": 6,
    "mode": 13,
    "model": 235,
    "modeled": 8,
    "models": 169,
    "modes": 16,
    "module": 14,
    "modules": 7,
    "moduli": 2,
    "modulo": 1,
    "monte": 10,
    "more": 127,
    "mouse": 1,
    "move": 6,
    "movie": 1,
    "moving": 6,
    "ms": 4,
    "mse": 2,
    "mst": 1,
    "mth": 1,
    "office": 2,
    "offline": 20,
    "online": 40,
    "outline": 2,
    "safe": 14,
    "same": 51,
    "scale": 74,
    "send": 1,
    "sense": 18,
    "sensed": 1,
    "sensor": 13,
    "sensors": 9,
    "sensory": 4,
    "sent": 1,
    "sets": 27,
    "shape": 18,
    "share": 4,
    "slate": 1,
    "snr": 2,
    "spaa": 1,
    "space": 83,
    "spaced": 1,
    "spaces": 20,
    "span": 4,
    "sparse": 28,
    "spike": 2,
    "spine": 1,
    "spite": 1,
    "stage": 13,
    "state": 154,
    "table": 9,
    "tackle": 15,
    "tackled": 1,
    "tackles": 2,
    "tactile": 5,
    "tagle": 1,
    "take": 19,
    "takes": 11,
    "taps": 1,
    "task": 112,
    "tasks": 155,
    "trajectory": 24,
    "which": 290,
    "wish": 1,
    "with": 507,
}


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("tactle", "tactile"),  # was "tackle" (15 papers to 5): a t struck for the k
        ("wich", "which"),  # was "with": a c struck for the t
        ("sensr", "sensor"),  # was "sense"
        ("los", "loss"),  # was "low": a doubled letter dropped
        ("spase", "sparse"),  # was "space"
        ("foce", "force"),  # was "face"
        ("ofline", "offline"),  # was "online"
        ("maping", "mapping"),  # was "making"
        ("msh", "mesh"),  # was "ms"
        # as before: the commoner word where the slips are alike, and the fewest edits
        ("dat", "data"),  # not "datt", in one paper, with a doubled letter dropped
        ("lose", "loss"),  # not "losed"
        ("difusion", "diffusion"),
        ("modle", "model"),
        ("taks", "tasks"),  # "task" and "tasks" are one slip each: the commoner
        ("trajctory", "trajectory"),
        ("lanugage", "language"),
    ],
)
def test_a_typo_is_corrected_to_the_word_a_slip_likeliest_makes_it(typed: str, meant: str):
    assert correction(Vocabulary(dict(COUNTS)), typed) == meant


def test_a_letter_dropped_beats_a_far_key_over_a_word_far_commoner():
    # ICML 2024: "tackle" in 110 papers, "tactile" in 3; "tactle" said "did you mean
    # tackle", where the README gives it as "tactile"
    assert correction(Vocabulary({"tackle": 110, "tactile": 3}), "tactle") == "tactile"


def test_a_dropped_letter_costs_less_than_a_key_beside_it_and_that_less_than_a_far_one():
    dropped = typo_cost("tactle", "tactile")
    beside = typo_cost("sensr", "sense")  # r is beside e
    far = typo_cost("tactle", "tackle")  # t is far from k
    assert typo_cost("maping", "mapping") < dropped < beside < far
    assert typo_cost("modle", "model") == dropped  # two letters swapped
    # a letter too many is likelier beside the one it follows than anywhere
    assert (
        typo_cost("graspo", "grasp") == typo_cost("graspp", "grasp") < typo_cost("graspq", "grasp")
    )
    assert typo_cost("same", "same") == 0
    # any one slip costs less than any two: the fewest edits still come first
    one = [("xbcd", "abcd"), ("abcdq", "abcd"), ("bacd", "abcd"), ("abd", "abcd")]
    two = [("maping", "mappping"), ("xbcq", "abcd"), ("ad", "abcd"), ("ab", "abbb")]
    assert max(typo_cost(*pair) for pair in one) < min(typo_cost(*pair) for pair in two)
