"""Claim-reading cases as data (tests/extractor/cases/<family>.yaml), one test per case.

A case is ``{name, text, page_card?, links?, expect: [{kind, subject?, situation?, outcome?}] | none: true}``:
each expected entry must match a distinct claim of the example (``kind`` and ``subject`` equal,
``situation`` / ``outcome`` as subsets: dicts key by key, lists item by item in any order), and
``none: true`` means the example yields no claim at all.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from extractor.claims import attach_claims
from extractor.facts import CardRef, Example, ExtractedDocument, Provenance, RawDocument
from kb.cards import CardTable

CASES_DIR = Path(__file__).parent / "cases"
CASE_KEYS = {"name", "text", "page_card", "links", "expect", "none", "only"}
ENTRY_KEYS = {"kind", "subject", "situation", "outcome"}


def _load() -> list[Any]:
    out = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        cases = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for i, case in enumerate(cases):
            where = f"{path.name}[{i}] {case.get('name', '')}"
            bad = set(case) - CASE_KEYS
            assert not bad, f"{where}: unknown keys {sorted(bad)}"
            assert case.get("text") and ("expect" in case) != bool(case.get("none")), \
                f"{where}: a case has a text and either 'expect' or 'none: true'"
            for e in case.get("expect") or []:
                assert "kind" in e and not set(e) - ENTRY_KEYS, f"{where}: bad expectation {e}"
            out.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return out


CASES = _load()


@pytest.fixture(scope="module")
def ja_names():
    return {c.name: c.name_ja for c in CardTable.bundled()}


def subset(want: Any, got: Any) -> bool:
    """``want`` is contained in ``got``: dict keys recursively, list items each in some item of ``got``."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and subset(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and all(any(subset(w, g) for g in got) for w in want)
    return want == got


def _matches(e: dict, claim) -> bool:
    return (claim.kind == e["kind"]
            and ("subject" not in e or claim.subject == e["subject"])
            and subset(e.get("situation") or {}, claim.situation)
            and subset(e.get("outcome") or {}, claim.outcome))


def _claims(nlp, ja_names, case: dict):
    page = case.get("page_card")
    title = f"{ja_names[page]}/{page}" if page else "テスト"
    text = case["text"]
    raw = RawDocument(title=title, text=text, path="case.txt", form="wikitext", key="case.txt")
    prov = Provenance(document=title, section=("解説",), line=1, file="case.txt")
    refs = [CardRef(name_ja=ja, name_en=en, via="link", prov=prov) for ja, en in case.get("links") or []]
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:case.txt:1", text=text, prov=prov, cards=refs)])
    attach_claims(doc, nlp)
    return doc.claims


def test_subset_semantics():
    assert subset({"a": [{"n": 1}]}, {"a": [{"n": 1, "t": "x"}, {"n": 2}], "b": 0})
    assert not subset({"a": [{"n": 3}]}, {"a": [{"n": 1}]})
    assert not subset({"a": 1}, {}) and not subset([1], 1) and subset("x", "x")


@pytest.mark.parametrize("case", CASES)
def test_claim_case(nlp, ja_names, case):
    claims = _claims(nlp, ja_names, case)
    got = [(c.kind, c.subject, c.situation, c.outcome) for c in claims]
    if case.get("none"):
        assert claims == [], got
        return
    free = list(claims)
    for e in case["expect"]:
        hit = next((c for c in free if _matches(e, c)), None)
        assert hit is not None, f"no claim matches {e}\n  claims: {got}"
        free.remove(hit)
    if case.get("only"):                      # the listed claims and nothing else
        assert not free, f"claims beyond the expected ones: {[(c.kind, c.outcome) for c in free]}"


def test_every_family_has_cases():
    families = {p.stem for p in CASES_DIR.glob("*.yaml")}
    assert {"triggers", "targeting", "devotion", "zones", "stack", "results"} <= families
    for path in CASES_DIR.glob("*.yaml"):
        assert len(yaml.safe_load(path.read_text(encoding="utf-8"))) >= 5, path.name
