"""Mutation tests: a confirmed claim whose source sentence is changed (a number, the polarity, the
counterspell) must come out ``contradicted``.

The mutations are text substitutions applied to the claim's own sentence inside a copy of the seed
document; the copy is ingested into a fresh store and validated.  Mutations of different sentences are
applied together (one round per mutation index), since claims stay separable by line and sentence.
"""
from __future__ import annotations

import json
import re
import unicodedata
import warnings
from pathlib import Path

import pytest
from rapidfuzz import fuzz

from kb import validate as kv
from kb.ingest import ingest
from kb.store import Store

from conftest import SEED_000, SEED_001

# (from, to, the claim kinds whose statement the substitution changes)
NUMBERS = ("trigger_count", "no_trigger", "result", "devotion", "once_per_turn")
COUNTERING = ("can_counter", "cannot_counter")
TRIGGERING = ("trigger_count", "no_trigger", "once_per_turn")
TARGETING = ("can_counter", "cannot_counter", "can_target", "cannot_target")
SUBSTITUTIONS = [
    ("2回", "3回", NUMBERS),
    ("５", "４", NUMBERS),
    ("３", "４", NUMBERS),
    ("打ち消せる", "打ち消せない", COUNTERING),
    ("打ち消せない", "打ち消せる", COUNTERING),
    ("誘発する", "誘発しない", TRIGGERING),
    ("誘発しない", "誘発する", TRIGGERING),
    ("本質の散乱", "否認", TARGETING),
    ("否認", "本質の散乱", TARGETING),
]
FAMILY = {"trigger_count": "trigger", "no_trigger": "trigger", "can_counter": "counter",
          "cannot_counter": "counter", "can_target": "target", "cannot_target": "target"}


def _family(kind: str) -> str:
    return FAMILY.get(kind, kind)


def _plain(s: str) -> str:
    """Wiki markup stripped roughly, for matching a raw sentence to a claim's plain text."""
    s = re.sub(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]", r"\1", s)
    s = re.sub(r"'{2,}|<[^>]+>|^[*#:;\s]+", "", s)
    return unicodedata.normalize("NFKC", s).strip()


def _sentences(line: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of a raw line (split after 。)."""
    spans, start = [], 0
    for m in re.finditer(r"。", line):
        spans.append((start, m.end()))
        start = m.end()
    if start < len(line):
        spans.append((start, len(line)))
    return spans


def _locate(line: str, text: str) -> tuple[int, int] | None:
    """The span of the raw line that is the claim's sentence."""
    want = _plain(text)
    best, score = None, 0.0
    for a, b in _sentences(line):
        s = fuzz.ratio(_plain(line[a:b]), want)
        if s > score:
            best, score = (a, b), s
    return best if score >= 60 else None


def _mutations(line: str, text: str, kind: str) -> list[tuple[str, str, tuple[int, int]]]:
    span = _locate(line, text)
    if span is None:
        return []
    sentence = line[span[0]:span[1]]
    out = []
    for old, new, kinds in SUBSTITUTIONS:
        if kind not in kinds or old not in sentence:
            continue
        if old == "誘発する" and sentence.count("誘発する") == sentence.count("誘発すること"):
            continue      # 誘発することはない / 誘発することもない: already negated, no plain polarity to flip
        out.append((old, new, span))
    return out


@pytest.fixture(scope="module")
def confirmed(tmp_path_factory):
    """The confirmed claims of the seed documents: (verdict, what the claim states)."""
    if not callable(getattr(__import__("engine"), "simulate", None)):
        pytest.skip("the rules engine (engine.simulate) is not built yet")
    folder = tmp_path_factory.mktemp("orig")
    with Store(folder / "kb.sqlite") as store:
        ingest(None, store)
        verdicts, _ = kv.validate(store)
        return [(v, _statement(store, v)) for v in verdicts if v.verdict == "confirmed" and v.origin == "synthesized"]


def _statement(store, v) -> tuple:
    """What a claim states, to tell whether a mutation changed the claim read from the sentence."""
    d = store.node(v.claim_id)["data"]
    return (v.kind, json.dumps(d.get("situation"), sort_keys=True, ensure_ascii=False),
            json.dumps(d.get("outcome"), sort_keys=True, ensure_ascii=False))


def _seed_for(document: str) -> Path:
    for p in (SEED_000, SEED_001):
        if document in (p.name, p.stem) or document in p.read_text(encoding="utf-8")[:400]:
            return p
    raise AssertionError(f"no seed file for document {document!r}")


def _plan(confirmed):
    """Every applicable mutation: (seed path, line number, old, new, span, original verdict)."""
    plan, skipped = [], []
    for v, stated in confirmed:
        seed = _seed_for_verdict(v)
        lines = seed.read_text(encoding="utf-8").split("\n")
        line = lines[v.line - 1] if v.line and v.line <= len(lines) else ""
        muts = _mutations(line, v.text, v.kind)
        if not muts:
            skipped.append(v)
        for old, new, span in muts:
            plan.append((seed, v.line, old, new, span, (v, stated)))
    return plan, skipped


def _seed_for_verdict(v) -> Path:
    # verdicts name the document title; the claim id ties it to the store key = the file name
    for p in (SEED_000, SEED_001):
        lines = p.read_text(encoding="utf-8").split("\n")
        if v.line and v.line <= len(lines) and _locate(lines[v.line - 1], v.text):
            return p
    return _seed_for(v.document)


def _rounds(plan):
    """Group mutations so that each round changes every sentence at most once."""
    rounds: list[list] = []
    for m in plan:
        key = (m[0], m[1], m[4])
        for r in rounds:
            if all((x[0], x[1], x[4]) != key for x in r):
                r.append(m)
                break
        else:
            rounds.append([m])
    return rounds


def _apply(seed: Path, muts: list, folder: Path) -> Path:
    lines = seed.read_text(encoding="utf-8").split("\n")
    # apply right to left within a line so spans stay valid
    for m in sorted(muts, key=lambda m: (m[1], -m[4][0])):
        _, ln, old, new, (a, b), _v = m
        line = lines[ln - 1]
        lines[ln - 1] = line[:a] + line[a:b].replace(old, new) + line[b:]
    out = folder / seed.name
    out.write_text("\n".join(lines), encoding="utf-8")
    return out


def test_mutated_claims_are_contradicted(confirmed, tmp_path):
    """Every mutation the extractor turns into a changed claim must come out contradicted; a changed claim
    that comes out confirmed or unsimulable fails the test.  Mutations the extractor does not read (no
    claim from the mutated sentence, or the same claim as before)
    are reported and must stay a minority."""
    plan, skipped = _plan(confirmed)
    assert confirmed, "no confirmed claim to mutate"
    mutated_claims = {id(m[5][0]) for m in plan}
    assert len(mutated_claims) >= len(confirmed) / 2, (
        f"a mutation applies to only {len(mutated_claims)} of {len(confirmed)} confirmed claims")
    failures, unread, contradicted = [], [], 0
    for i, muts in enumerate(_rounds(plan)):
        folder = tmp_path / f"round{i}"
        folder.mkdir()
        files = [_apply(seed, [m for m in muts if m[0] == seed], folder) for seed in {m[0] for m in muts}]
        with Store(folder / "kb.sqlite") as store:
            ingest([str(f) for f in files], store)
            verdicts, _ = kv.validate(store)
            stated = {v.claim_id: _statement(store, v) for v in verdicts}
        for seed, ln, old, new, span, (orig, orig_stated) in muts:
            same = [v for v in verdicts if v.line == ln and _family(v.kind) == _family(orig.kind)
                    and new in v.text]
            desc = f"{seed.name}:{ln} {old}→{new} in {orig.text!r} ({orig.kind})"
            changed = [v for v in same if stated[v.claim_id] != orig_stated]
            if any(v.verdict == "contradicted" for v in same):
                contradicted += 1
            elif any(v.verdict == "confirmed" for v in changed):
                failures.append(f"{desc}: " + "; ".join(f"{v.kind} {v.verdict} ({v.reason})" for v in same))
            elif changed:
                # the claim was read, changed, and is no longer checkable: the synthesis depends on the stated
                # outcome, or 'unsimulable' hides what would be a contradiction
                failures.append(f"{desc} (changed claim not checked): "
                                + "; ".join(f"{v.kind} {v.verdict} ({v.reason})" for v in changed))
            else:
                unread.append(f"{desc}: " + ("; ".join(f"{v.kind} {v.verdict} ({v.reason})" for v in same)
                                             or "no claim of that kind read from the mutated sentence"))
    print(f"mutations: {len(plan)} on {len(mutated_claims)} of {len(confirmed)} confirmed claims; "
          f"{contradicted} contradicted, {len(unread)} not read by the extractor")
    assert not failures, "changed claims confirmed:\n" + "\n".join(failures)
    if unread:
        warnings.warn("mutations the extractor did not turn into a checkable claim:\n" + "\n".join(unread))
    assert contradicted >= 2 * len(unread), (f"{contradicted} contradicted, {len(unread)} unread:\n"
                                             + "\n".join(unread))


def test_mutation_helpers_find_the_sentence():
    line = "　つまり、クリーチャー呪文であるので、《本質の散乱》で打ち消せる。が、一方、《否認》では対象に取れず打ち消せない。"
    muts = _mutations(line, "が、一方、《否認》では対象に取れず打ち消せない。", "can_counter")
    assert {(o, n) for o, n, _ in muts} == {("打ち消せない", "打ち消せる"), ("否認", "本質の散乱")}
    (a, b) = muts[0][2]
    assert line[a:b].startswith("が、一方")
    assert _mutations(line, "が、一方、《否認》では対象に取れず打ち消せない。", "devotion") == []
    wiki = "*例：[[急報/Raise the Alarm]]によって2体のクリーチャーが戦場に出たとき、[[魂の管理人/Soul Warden]]の能力は2回誘発する。"
    muts = _mutations(wiki, "例：急報/Raise the Alarmによって2体のクリーチャーが戦場に出たとき、魂の管理人/Soul Wardenの能力は2回誘発する。",
                      "trigger_count")
    assert [(o, n) for o, n, _ in muts] == [("2回", "3回"), ("誘発する", "誘発しない")]


# ---- claim-level mutations (issue 12): every mutation of a confirmed seed claim — a number, the polarity, a
# swapped card, a swapped cast mode, a dropped condition — comes out contradicted or unsimulable, never confirmed.

def _bump_numbers(o):
    """Every number of an outcome + 1 (a different count, value, life change …)."""
    if isinstance(o, bool) or o is None:
        return o
    if isinstance(o, int):
        return o + 1
    if isinstance(o, dict):
        return {k: _bump_numbers(v) for k, v in o.items()}
    if isinstance(o, list):
        return [_bump_numbers(v) for v in o]
    return o


def _claim_mutations(c):
    """(label, mutated claim) for one claim: only mutations that change what the claim states."""
    import copy as _copy
    from dataclasses import replace

    sit, out = c.situation or {}, c.outcome or {}
    muts = []
    bumped = _bump_numbers(out)
    if bumped != out and c.kind != "no_trigger":              # (no_trigger fixes its count: 0)
        muts.append(("number", replace(c, outcome=bumped)))
    for key in ("can", "returned", "extra_trigger"):
        if isinstance(out.get(key), bool):
            muts.append((f"polarity {key}", replace(c, outcome={**out, key: not out[key]})))
    repeated = bool(sit.get("actions"))       # (a claim about the last of repeated actions: not a total count)
    if c.kind == "no_trigger" and not repeated:
        muts.append(("polarity: it triggers", replace(c, kind="trigger_count", outcome={**out, "times": 1})))
    if c.kind == "trigger_count" and isinstance(out.get("times"), int) and out["times"] > 0 and not repeated:
        muts.append(("polarity: it does not trigger", replace(c, kind="no_trigger", outcome={**out, "times": 0})))
    positive = out.get("can") is True or out.get("returned") is True or c.kind in (
        "trigger_count", "devotion", "result", "must_target", "enters_as", "choice_on_resolution")
    if c.subject and c.subject != "Grizzly Bears" and positive:   # (a vanilla card 'can't …' stays true)
        # a vanilla creature has no ability: nothing the claim says of its subject's rules can hold for it
        swapped = _copy.deepcopy(sit)
        for k, v in list(swapped.items()):
            if v == c.subject:
                swapped[k] = "Grizzly Bears"
            elif isinstance(v, list):
                swapped[k] = ["Grizzly Bears" if x == c.subject else x for x in v]
        muts.append(("swapped card", replace(c, subject="Grizzly Bears", situation=swapped)))
    if sit.get("mode") in ("normal", "bestow"):
        # (the other mode may keep the statement true — Annul counters an enchantment spell either way —, so
        # this one is checked with its opposite: never both confirmed)
        muts.append(("swapped cast mode", replace(c, situation={**sit, "mode": "bestow" if sit["mode"] == "normal"
                                                                else "normal"})))
    for k, v in sit.items():
        if v not in (None, "", [], {}) and k != "unrepresented":
            # the reader saw the condition but could not represent it: it is dropped into `unrepresented`
            rest = {kk: vv for kk, vv in sit.items() if kk != k}
            muts.append((f"dropped condition {k}", replace(c, situation={**rest, "unrepresented": [f"({k})"]})))
    muts.append(("a fact no synthesizer stages", replace(c, situation={**sit, "weather": "rain"})))
    return muts


@pytest.fixture(scope="module")
def confirmed_claims(tmp_path_factory):
    from engine import crosscheck as cc

    folder = tmp_path_factory.mktemp("claims")
    with Store(folder / "kb.sqlite") as store:
        ingest(None, store)
        verdicts, _ = kv.validate(store)
        return [cc.claim_from_data(store.node(v.claim_id)["data"], v.claim_id)
                for v in verdicts if v.verdict == "confirmed" and v.origin == "synthesized"]


def test_no_mutation_of_a_confirmed_claim_is_confirmed(confirmed_claims):
    from dataclasses import replace

    from engine import crosscheck as cc

    assert len(confirmed_claims) >= 30
    confirmed, tally = [], {}
    for c in confirmed_claims:
        assert cc.check_claim(c).verdict == "confirmed", c.text
        for label, m in _claim_mutations(c):
            v = cc.check_claim(m)
            tally.setdefault(label.split(" ")[0], {}).setdefault(v.verdict, 0)
            tally[label.split(" ")[0]][v.verdict] += 1
            if label == "swapped cast mode":
                if v.verdict == "confirmed" and isinstance((m.outcome or {}).get("can"), bool):
                    opposite = cc.check_claim(replace(m, outcome={**m.outcome, "can": not m.outcome["can"]}))
                    assert opposite.verdict != "confirmed", ("a claim and its opposite both confirmed", m)
                continue
            if v.verdict == "confirmed":
                confirmed.append(f"{label}: {c.kind} {c.text!r} → {m.situation} {m.outcome}: {v.reason}")
            if label.startswith("dropped"):
                assert v.verdict == "unsimulable" and "not stage" in v.reason, (label, c.text, v.reason)
            if label.startswith("a fact"):
                assert v.verdict == "unsimulable", (label, c.text, v.reason)
    print("claim mutations:", tally)
    assert not confirmed, "mutated claims confirmed:\n" + "\n".join(confirmed)
    # the numbers and polarities are not merely unsimulable: most are contradicted
    for family in ("number", "polarity"):
        got = tally.get(family, {})
        assert got.get("contradicted", 0) >= got.get("unsimulable", 0), (family, got)


# ---- the same claim-level mutations on the claims the reader confirms on real pages (../shared/corpus/pages,
# with the full card file): a new reading must not confirm what its mutation states either.

@pytest.fixture(scope="module")
def corpus_confirmed(tmp_path_factory):
    from conftest import shared_path
    from engine import crosscheck as cc

    pages, atomic = shared_path("corpus", "pages"), shared_path("cards", "AtomicCards.json")
    folder = tmp_path_factory.mktemp("corpus")
    store = Store(folder / "kb.sqlite")
    ingest([str(pages)], store, cards=str(atomic))
    verdicts, _ = kv.validate(store)
    table = store.card_table
    claims = [cc.claim_from_data(store.node(v.claim_id)["data"], v.claim_id)
              for v in verdicts if v.verdict == "confirmed" and v.origin == "synthesized"]
    yield claims, table
    store.close()


def test_no_mutation_of_a_corpus_confirmed_claim_is_confirmed(corpus_confirmed):
    from dataclasses import replace

    from engine import crosscheck as cc

    claims, table = corpus_confirmed
    assert claims, "the reader confirms no claim on the corpus pages"
    confirmed = []
    for c in claims:
        assert cc.check_claim(c, table).verdict == "confirmed", c.text
        for label, m in _claim_mutations(c):
            if label == "swapped card" and not isinstance(c.subject, str):
                continue               # (only a named card is swapped for a vanilla one)
            v = cc.check_claim(m, table)
            if label == "swapped cast mode":
                if v.verdict == "confirmed" and isinstance((m.outcome or {}).get("can"), bool):
                    opposite = cc.check_claim(replace(m, outcome={**m.outcome, "can": not m.outcome["can"]}), table)
                    assert opposite.verdict != "confirmed", ("a claim and its opposite both confirmed", m)
                continue
            if v.verdict == "confirmed":
                confirmed.append(f"{label}: {c.kind} {c.text!r} → {m.situation} {m.outcome}: {v.reason}")
            if label.startswith(("dropped", "a fact")):
                assert v.verdict == "unsimulable", (label, c.text, v.reason)
    assert not confirmed, "mutated claims confirmed:\n" + "\n".join(confirmed)
