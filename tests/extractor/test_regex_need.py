"""The regex prefilters (extractor/regex_need.py, the registry's ``needs`` keys) never skip a match."""
import re
from pathlib import Path

import pytest
import yaml

from extractor.claims import REGISTRY
from extractor.claims.compose import _PRED, _PRED_NEED
from extractor.claims.registry import _need_keys
from extractor.claims.sentences import normalise
from extractor.regex_need import needed_chars

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
