"""Claims for the cross-check tests (tests/engine and tests/kb)."""
from __future__ import annotations

import pytest

from extractor.facts import Claim, Provenance
from extractor.lexicon import lexicon


def claim(kind, situation=None, outcome=None, subject=None, cards=(), keywords=(), text="例文", line=7,
          cid="claim:test"):
    """A claim as the extractor builds it: English topics from the keywords and the 'about this effect' flag
    from the sentence, both through the extractor's lexicon (extractor/data/lexicon.yaml)."""
    from extractor.claims import claim_topics

    situation = dict(situation or {})
    if lexicon().is_about_effect(text):
        situation.setdefault("about_effect", True)
    return Claim(id=cid, kind=kind, text=text, prov=Provenance("誘発型能力", "42", ("解説", "誘発する"), line),
                 subject=subject, cards=list(cards), keywords=list(keywords), topics=claim_topics(list(keywords)),
                 situation=situation, outcome=outcome or {})


def _engine_ready() -> bool:
    try:
        import engine
        return callable(getattr(engine, "simulate", None)) and callable(getattr(engine, "has_behaviour", None))
    except Exception:
        return False


needs_engine = pytest.mark.skipif(not _engine_ready(), reason="the rules engine (engine.simulate) is not built yet")


def example_doc(nlp, text: str, links: tuple[tuple[str, str], ...] = ()):
    """The claims of one hand-built example (as the wiki extractor would give it): its document, claims read."""
    from extractor.claims import attach_claims
    from extractor.facts import CardRef, Example, ExtractedDocument, RawDocument

    raw = RawDocument(title="テスト", text=text, path="t.txt", form="wikitext", key="t.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="t.txt")
    ex = Example(id="ex:t.txt:1", text=text, prov=prov,
                 cards=[CardRef(name_ja=ja, name_en=en, via="link", prov=prov) for ja, en in links])
    doc = ExtractedDocument(raw=raw, examples=[ex])
    attach_claims(doc, nlp)
    return doc
