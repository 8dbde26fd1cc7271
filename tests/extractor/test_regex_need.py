"""The regex prefilters (extractor/regex_need.py, the registry's ``needs`` keys) never skip a match."""
import re
from pathlib import Path

import pytest
import yaml

from extractor.claims import REGISTRY
from extractor.claims.compose import _PRED, _PRED_NEED
from extractor.claims.registry import _need_keys
from extractor.claims.sentences import normalise
from extractor.regex_need import NeedIndex, needed_chars

CASES = Path(__file__).parent / "cases"


@pytest.mark.parametrize("pattern, need", [
    (r"タップ(?:され|状態にな)", "タップ"),
    (r"攻撃(?:に(?:は|も)?参加)?でき", "攻撃でき"),
    (r"(?:ゲームに)?(?:敗北|負け)", ""),            # no character common to both alternatives
    (r"(?:置かれ|置く)", "置"),                       # the common prefix of a branch
    (r"a|ab", "a"),
    (r"(?P<n>\d+)個", "個"),                         # a class needs nothing, the literal after it does
    (r"[ab]c{2,}d*", "c"),                           # a repeat of at least one needs its body, ``*`` nothing
    (r"(?<!アン)タップ(?=し)", "タップ"),            # look-arounds need nothing
    (r"(?i)abc", ""), (r"x(?i:ab)c", "xc"),          # case-insensitive parts need nothing
    (r"(a)?(?(1)b|c)", ""),                          # a conditional group needs nothing
])
def test_needed_chars(pattern, need):
    assert needed_chars(re.compile(pattern)) == frozenset(need)


def _texts() -> list[str]:
    out = []
    for p in sorted(CASES.glob("*.yaml")):
        for case in yaml.safe_load(p.read_text(encoding="utf-8")) or []:
            if isinstance(case, dict) and isinstance(case.get("text"), str):
                out.append(normalise(case["text"]))
    return out


def test_predicate_matches_hold_their_needed_chars():
    """Every match of every composed predicate over the extractor's case sentences holds the characters the
    prefilter needs (a match the prefilter would skip would fail here); and the prefilter skips most scans."""
    texts = _texts()
    assert len(texts) > 100
    matched = skipped = 0
    for (rx, _name, _roles), need in zip(_PRED, _PRED_NEED):
        for t in texts:
            ms = list(rx.finditer(t))
            for m in ms:
                assert need <= set(m.group(0)), (rx.pattern, t, m.group(0))
            matched += bool(ms)
            skipped += not need <= set(t)
    assert matched > 50 and skipped > matched


def test_finder_keys_cover_their_needs():
    """A sentence holding one of a finder's ``needs`` literals holds one of its key characters."""
    for f in REGISTRY.finders:
        keys = _need_keys(f.needs)
        if keys is None:
            assert not f.needs or not all(f.needs)
            continue
        for literal in f.needs:
            assert not keys.isdisjoint(literal), (f.name, literal)


def test_need_index_gives_the_subset_tests_entries_in_order():
    """``NeedIndex.candidates`` is the per-entry subset test (same entries, same order) for every case sentence
    and clause, and it leaves most entries out."""
    from extractor.claims.compose import _PRED_INDEX, clauses

    texts = _texts()
    total = kept = 0
    for t in texts:
        for text in [t, *clauses(t)]:
            chars = set(text)
            want = [i for i, need in enumerate(_PRED_NEED) if need <= chars]
            got = _PRED_INDEX.candidates(chars)
            assert got == want, text
            total += len(_PRED_NEED)
            kept += len(got)
    assert kept < total / 4
    index = NeedIndex([frozenset("ab"), frozenset(), frozenset("b"), frozenset("ca")])
    assert index.candidates(set("ab")) == [0, 1, 2]
    assert index.candidates(set("c")) == [1]
    assert index.candidates(set("abc")) == [0, 1, 2, 3]


def test_registry_candidates_are_the_key_tests_finders_in_order():
    """The registry's index of key characters gives, for each sentence and each plan, exactly the finders whose
    key characters the sentence holds (or that have none), in finder order."""
    from extractor.claims import OWN_EVENTS

    texts = _texts()
    for kinds in (None, OWN_EVENTS):
        plan = REGISTRY._plan(kinds)
        finders = [f for f in REGISTRY.finders if kinds is None or not kinds.isdisjoint(f.kinds)]
        for t in texts:
            want = [f.name for f in finders if _need_keys(f.needs) is None or not set(t).isdisjoint(_need_keys(f.needs))]
            assert [f.name for f, _ in plan.candidates(t)] == want, t
        assert len(plan.candidates("")) < len(finders)


def test_a_sentence_composed_again_gets_the_same_reading_untouched_by_changes_to_the_first():
    from extractor.claims import compose as C
    from extractor.claims.sentences import Sentence

    s = Sentence(text="", line=1, norm="〔0〕は〔1〕に3点のダメージを与える。", cards=["Shock", "Grizzly Bears"])
    first = C.composed(s)
    assert first is not None and first == C.compose(s)
    assert first.outcome["n"] == 3 and first.situation["actors"] == {"A": "Shock", "B": "Grizzly Bears"}
    first.situation["actors"]["A"] = "Lightning Bolt"       # what a caller does to its reading stays its own
    first.outcome["n"] = 4
    again = C.composed(s)
    assert again == C.compose(s) and again.outcome["n"] == 3 and again.situation["actors"]["A"] == "Shock"
    other = Sentence(text="", line=1, norm=s.norm, cards=["Grizzly Bears", "Shock"])   # the cards are part of the key
    assert C.composed(other).situation["actors"] == {"A": "Grizzly Bears", "B": "Shock"}
    assert C.composed(Sentence(text="", line=1, norm="〔0〕は〔1〕に2点のダメージを与える。", cards=s.cards)).outcome["n"] == 2


def test_context_patterns_matches_hold_their_needed_chars():
    """The example context's scans skipped by their needed characters (extractor.claims.context) never skip a
    match over the case sentences."""
    from extractor.claims.context import _EVENT_NEEDS, _EVENTS, _MODE_NEEDS, _MODES, _NEEDS, PATTERNS

    rows = [*zip((rx for _, rx in _EVENTS), _EVENT_NEEDS), *zip((rx for _, rx in _MODES), _MODE_NEEDS),
            *((PATTERNS[k], need) for k, need in _NEEDS.items())]
    texts = _texts()
    matched = 0
    for rx, need in rows:
        assert need, rx.pattern                     # every one of them needs something (else no prefilter)
        for t in texts:
            for m in rx.finditer(t):
                assert need <= set(m.group(0)), (rx.pattern, t)
                matched += 1
    assert matched > 20


def test_sentence_split_reads_only_the_characters_it_acts_on():
    from extractor.claims import sentences as S

    texts = _texts() + ["A。（B。）C", "「X。Y」。Z\nW", "(a。)(b)", "）。（", "「「。」」。", "", "。\n。"]
    seen = []
    orig = S.split_sentences.__globals__["_SPLIT_AT"]
    for t in texts:
        got = S.split_sentences(t)
        # the same first pass gives the same sentences after the merge and cut steps
        S.split_sentences.__globals__["_SPLIT_AT"] = re.compile(r"[\s\S]")     # every character, as before
        try:
            assert S.split_sentences(t) == got, t
        finally:
            S.split_sentences.__globals__["_SPLIT_AT"] = orig
        seen.append(len(got))
    assert sum(seen) > len(texts)
    assert S.split_sentences("A。（B。）C") == [(0, 6), (6, 7)]      # a remark joins the sentence before it
