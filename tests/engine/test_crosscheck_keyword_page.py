"""Rule statements on a keyword's own page that leave their object unsaid (「生け贄に捧げることはできる」 on
the page 「破壊されない」) are about an object with that keyword (extractor.claims.described.elided_object):
read end to end and judged — every true statement confirmed, every false paraphrase contradicted."""
from __future__ import annotations

import pytest

from test_paraphrases import _nlp

# (page title, statement, truth, kind judged)
CASES = [
    ("破壊されない", "生け贄に捧げることはできる。", True, "can_destroy"),
    ("破壊されない", "生け贄に捧げることはできない。", False, "can_destroy"),
    ("破壊されない", "あくまでも破壊されることを無視するだけであり、生け贄に捧げることはできるし、タフネスが0以下であれば状況起因処理で墓地に置かれる。", True, "zone_after"),
    ("破壊されない", "生け贄に捧げても墓地に置かれない。", False, "zone_after"),
    ("破壊されない", "タフネスが0以下でも墓地に置かれない。", False, "zone_after"),
    ("破壊不能", "生け贄に捧げることができます。", True, "can_destroy"),
    ("破壊されない", "破壊されないパーマネントは、タフネスが0以下でも墓地に置かれない。", False, "zone_after"),
    ("破壊されない", "破壊されないパーマネントは、タフネスが0以下であれば墓地に置かれる。", True, "zone_after"),
]


def _verdicts(title: str, text: str, kind: str):
    from engine import crosscheck as cc
    from extractor.claims import attach_claims
    from extractor.facts import ExtractedDocument, RawDocument

    raw = RawDocument(title=title, text=f"ルール\n{text}\n", path="k.txt", form="rendered", key="k.txt")
    doc = ExtractedDocument(raw=raw)
    attach_claims(doc, _nlp())
    return [cc.check_claim(c) for c in doc.claims if c.kind == kind]


@pytest.mark.parametrize("title, text, truth, kind", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_keyword_page_statement(title, text, truth, kind):
    vs = _verdicts(title, text, kind)
    want = "confirmed" if truth else "contradicted"
    assert vs, f"no {kind} claim read from {text!r} on {title}"
    assert all(v.verdict == want for v in vs), [(v.verdict, v.reason[:200]) for v in vs]


def test_a_page_that_is_no_keyword_leaves_the_object_unsaid():
    vs = _verdicts("テスト", "生け贄に捧げることはできる。", "can_destroy")
    assert vs and all(v.verdict == "unsimulable" for v in vs)
