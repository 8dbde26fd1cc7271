"""Self-sacrifice statements (「ほかにクリーチャーがいないなら、《X》自身を生け贄に捧げる」, CR 603.6a, 701.17a) read and
judged end to end with real cards compiled from the shared card file: Spined Fluke and Fleshbag Marauder
sacrifice a creature when they enter; Grizzly Bears has no such ability (not judged)."""
from __future__ import annotations

from functools import lru_cache

import pytest

from conftest import shared_path

NAMES = ("Spined Fluke", "Fleshbag Marauder", "Grizzly Bears")


@lru_cache(maxsize=1)
def _setup():
    import engine.game  # noqa: F401  (the engine's registrations)
    from extractor.japanese import build_nlp
    from kb.cards_coverage import compiled_table
    table = compiled_table(shared_path("cards", "AtomicCards.json"), NAMES)
    return table, build_nlp([(c.name_ja, c.name) for c in table])


def verdicts(text: str) -> list[tuple[str, str]]:
    from engine import crosscheck as cc
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument
    table, nlp = _setup()
    raw = RawDocument(title="t", text=text, path="p.txt", form="text", key="p.txt")
    prov = Provenance(document="t", section=("解説",), line=1, file="p.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:p.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    return [(c.kind, cc.check_claim(c, table).verdict) for c in doc.claims if c.kind == "zone_after"]


CASES = [
    ("ほかにクリーチャーがいないなら、《針刺吸虫》自身を生贄に捧げることになります。", "confirmed"),
    ("他にクリーチャーをコントロールしていない場合、《肉袋の匪賊》はそれ自体を生け贄に捧げなければならない。", "confirmed"),
    ("ほかにクリーチャーがいないとき、針刺吸虫は自身を生け贄に捧げる。", "confirmed"),
    ("ほかにクリーチャーがいないなら、《針刺吸虫》自身を生け贄に捧げる必要はない。", "contradicted"),
    ("他にクリーチャーがいない場合、《肉袋の匪賊》自身を生け贄に捧げなくてもよい。", "contradicted"),
    ("ほかにクリーチャーがいないなら、《針刺吸虫》自身を生け贄に捧げることはありません。", "contradicted"),
    # no ability that sacrifices when it enters: the cause the sentence implies is not staged
    ("ほかにクリーチャーがいないなら、《灰色熊》自身を生け贄に捧げることになる。", "unsimulable"),
]


@pytest.mark.parametrize("text, want", CASES)
def test_self_sacrifice(text, want):
    assert verdicts(text) == [("zone_after", want)]
