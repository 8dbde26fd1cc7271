"""Speed of the Oracle compiler without changing its output: the word pre-filter of the grammar
(engine/oracle/prefilter.py: fewer attempts, the same parses, and a failed parse still stops where the plain
grammar stops, so the failure reason names the same clause); card names found by a scan that replaces exactly
what the word-bounded regex replaced (normalise.py)."""
from __future__ import annotations

import re

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.oracle import compile as _compiled  # noqa: F401  (installs the filter on the whole grammar)
from engine.oracle.base import W, parse_or_fail_at
from engine.oracle.effects import EFFECTS
from engine.oracle.lines import Failure, effects
from engine.oracle.normalise import _replace_names
from engine.oracle.prefilter import FilteredFirst, exact, install


def _toy():
    deals = (W("x") + W("deals") + pp.Regex(r"\d+") + W("damage")).set_parse_action(lambda t: [("damage", t[0])])
    gains = (W("x") + W("gains") + pp.Regex(r"\d+") + W("life")).set_parse_action(lambda t: [("life", t[0])])
    return deals | gains


def test_alternative_without_its_words_is_skipped_and_values_unchanged():
    g = _toy()
    assert install(g) == 1 and isinstance(g, FilteredFirst)
    assert g._reqs[1] == [("damage", "deals", "x"), ("gains", "life", "x")]
    assert parse_or_fail_at(g, "x gains 3 life") == (("life", "3"), None)
    assert parse_or_fail_at(g, "x deals 2 damage") == (("damage", "2"), None)


def test_failure_place_is_the_plain_grammars():
    # "x deals 3" fails deepest in the first alternative (after "x deals 3"), which the filter skips (no
    # "damage"): the place is measured again without the filter
    g = _toy()
    install(g)
    with exact():
        try:
            g.parse_string("x deals 3", parse_all=True)
        except pp.ParseException as e:
            plain = e.loc
    assert plain == len("x deals 3")
    assert parse_or_fail_at(g, "x deals 3") == (None, plain)


@pytest.mark.parametrize("text", [
    "target player draws two cards.",
    "~ deals 3 damage to any target.",
    "destroy target creature. its controller gains 3 life.",
    "you gain 2 life and draw a card, then discard a card.",
])
def test_real_grammar_same_value_fewer_attempts(text):
    filtered = EFFECTS.parse_string(text, parse_all=True).as_list()
    tried_filtered = pp.ParserElement.packrat_cache_stats[1]
    with exact():
        plain = EFFECTS.parse_string(text, parse_all=True).as_list()
        tried_plain = pp.ParserElement.packrat_cache_stats[1]
    assert filtered == plain
    assert tried_filtered < tried_plain


def test_failure_reason_names_the_same_clause():
    text = "target player draws two cards. ~ deals 3 damage to any target and zorblax."
    reasons = []
    for mode in (exact, None):
        try:
            if mode is None:
                effects(text)
            else:
                with mode():
                    effects(text)
        except Failure as f:
            reasons.append(f.reason)
    assert len(reasons) == 2 and reasons[0] == reasons[1]


def _verbs():
    return (W("deals") + pp.Regex(r"\d+") + W("damage")) | (W("gains") + pp.Regex(r"\d+") + W("life")) | \
        (pp.Regex(r"\d+") + W("cards"))


@pytest.mark.parametrize("text", ["gains 3 life", "loses 3 life", "gains 3 cards", "3 cards", "deals 3", " deals 3"])
def test_lead_phrase_check_keeps_the_failure_place_even_without_the_word_filter(text):
    plain, filtered = _verbs(), _verbs()
    install(filtered)
    assert [x is not None for x in filtered._reqs[2]] == [True, True, False]
    out = []
    for g in (plain, filtered):
        with exact():
            try:
                out.append((g.parse_string(text, parse_all=True).as_list(), None))
            except pp.ParseException as e:
                out.append((None, e.loc))
            out.append(pp.ParserElement.packrat_cache_stats[1])
    assert out[0] == out[2]
    if text in ("loses 3 life", "3 cards"):     # "deals"/"gains" cannot open here: not tried
        assert out[3] < out[1]


_NAME_CHARS = "ab _-é1'.,~"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_NAME_CHARS, max_size=16),
       st.lists(st.text(alphabet=_NAME_CHARS, min_size=1, max_size=3), min_size=1, max_size=3))
def test_name_scan_replaces_what_the_word_bounded_regex_replaces(text, names):
    names = sorted(set(names), key=len, reverse=True)
    expected = text
    for n in names:
        expected = re.sub(r"(?<![\w])" + re.escape(n) + r"(?![\w])", "~", expected)
    assert _replace_names(text, names) == expected


def test_name_scan_on_card_wording():
    assert _replace_names("Fireball deals X damage. Fire spreads; Fire's heat.", ["Fire"]) == \
        "Fireball deals X damage. ~ spreads; ~'s heat."
    assert _replace_names("Séance of Séance_ and aSéance", ["Séance"]) == "~ of Séance_ and aSéance"
