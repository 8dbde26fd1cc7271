"""Claim-level variants of every confirmed seed claim must come out ``contradicted``.

The text mutations of tests/test_mutations.py only reach claims whose sentence contains a substitutable
word.  Here every confirmed (synthesized) claim of the two seed documents is changed at the claim level —
each stated number ±1, each stated polarity flipped, the counterspell swapped for one whose reach is the
complement (Essence Scatter: creature spells / Negate: noncreature spells), the stated first trigger or
target controller swapped, the stated effect order reversed — and checked again with the same card table.
A variant that comes out ``confirmed`` means the check could not tell the claim from its opposite (a
tautology, a setup that reads the answer back, or a verdict rule that picks a passing reading).
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine import crosscheck as cc
from engine.crosscheck.builder import repeat
from engine.crosscheck.cards import Cards
from kb import validate as kv
from kb.ingest import ingest
from kb.store import Store

SWAP_COUNTER = {"Essence Scatter": "Negate", "Negate": "Essence Scatter"}


@pytest.fixture(scope="module")
def seed_claims(tmp_path_factory):
    """(claim, verdict) for every claim of the bundled seeds, and the card table used to check them."""
    folder = tmp_path_factory.mktemp("variants")
    with Store(folder / "kb.sqlite") as store:
        ingest(None, store)
        table = kv._store_cards(store)
        verdicts, _ = kv.validate(store, table=table)
        out = []
        for v in verdicts:
            n = store.node(v.claim_id)
            c = cc.claim_from_data(n["data"], n["id"], n["text"])
            c.id = n["id"]
            out.append((c, v))
    return out, Cards(table)


def _with(claim, kind=None, outcome=None, situation=None):
    c = copy.deepcopy(claim)
    if kind:
        c.kind = kind
    if outcome is not None:
        c.outcome = outcome
    if situation is not None:
        c.situation = situation
    return c


def variants(claim) -> list[tuple[str, object]]:
    """(description, changed claim) for everything the claim states that can be stated otherwise."""
    out: list[tuple[str, object]] = []
    o, s = claim.outcome or {}, claim.situation or {}

    def number(path: tuple, value: int):
        for d in (-1, 1):
            if value + d < 0:
                continue
            new = copy.deepcopy(o)
            cur = new
            for k in path[:-1]:
                cur = cur[k]
            cur[path[-1]] = value + d
            out.append((f"{'.'.join(path)} {value}→{value + d}", _with(claim, outcome=new)))

    for key in ("times", "value", "destroyed", "tokens", "max_times"):
        if isinstance(o.get(key), int) and not isinstance(o.get(key), bool) and claim.kind != "no_trigger":
            number((key,), o[key])
    if isinstance(o.get("counters"), dict) and isinstance(o["counters"].get("n"), int):
        number(("counters", "n"), o["counters"]["n"])
    if isinstance(o.get("life"), dict):
        for k in ("gain", "lose"):
            if isinstance(o["life"].get(k), int):
                number(("life", k), o["life"][k])
    for key in ("can", "returned", "found", "extra_trigger"):
        if isinstance(o.get(key), bool):
            out.append((f"{key} {o[key]}→{not o[key]}", _with(claim, outcome={**o, key: not o[key]})))
    if claim.kind == "no_trigger":
        # 'the second activation does not trigger it' flipped: each of the n activations triggers it once
        rep = repeat(s)
        times = rep[1] if rep and rep[1] >= 2 else 1
        out.append(("誘発しない→誘発する", _with(claim, kind="trigger_count", outcome={"times": times})))
    if claim.kind == "trigger_count":
        out.append(("negated", _with(claim, outcome={**o, "negated": not o.get("negated", False)})))
    if claim.kind in ("can_counter", "cannot_counter"):
        counter = s.get("counter") or claim.subject
        if counter in SWAP_COUNTER:
            other = SWAP_COUNTER[counter]
            out.append((f"{counter}→{other}", _with(claim, situation={**s, "counter": other})))
    if claim.kind == "can_target" and s.get("source") in SWAP_COUNTER:
        other = SWAP_COUNTER[s["source"]]
        out.append((f"{s['source']}→{other}", _with(claim, situation={**s, "source": other})))
    if claim.kind == "stack_order" and o.get("first"):
        others = [t for t in s.get("triggers") or [] if t != o["first"]]
        if others:
            out.append((f"first {o['first']}→{others[0]}", _with(claim, outcome={**o, "first": others[0]})))
    if claim.kind == "must_target" and o.get("controller") in ("you", "opponent"):
        flip = "opponent" if o["controller"] == "you" else "you"
        out.append((f"controller →{flip}", _with(claim, outcome={**o, "controller": flip})))
    if isinstance(o.get("order"), list) and len(o["order"]) > 1:
        out.append(("order reversed", _with(claim, outcome={**o, "order": list(reversed(o["order"]))})))
    if claim.kind == "enters_as" and isinstance(o.get("types"), list) and "Aura" not in o["types"]:
        out.append(("enters as an Aura", _with(claim, outcome={**o, "types": [*o["types"], "Aura"]})))
    return out


def test_every_variant_of_a_confirmed_claim_is_contradicted(seed_claims):
    claims, cards = seed_claims
    confirmed = [c for c, v in claims if v.verdict == "confirmed" and v.origin == "synthesized"]
    assert len(confirmed) >= 25, f"only {len(confirmed)} confirmed synthesized claims on the seeds"
    failures, checked, without = [], 0, []
    for claim in confirmed:
        vs = variants(claim)
        if not vs:
            without.append(f"{claim.kind}: {claim.text}")
        for desc, changed in vs:
            checked += 1
            v = cc.check_claim(changed, cards)
            if v.verdict != "contradicted":
                failures.append(f"{claim.kind} {desc} in {claim.text!r}: {v.verdict} ({v.reason})")
    assert checked >= len(confirmed), f"{checked} variants for {len(confirmed)} claims"
    # claims that state nothing with an opposite (nothing happens, decided on resolution, any order) only
    assert all(k.split(":")[0] in ("nothing_happens", "choice_on_resolution", "stack_order") for k in without), without
    assert not failures, "variants not contradicted:\n" + "\n".join(failures)


def test_the_original_claims_still_confirm_when_checked_again(seed_claims):
    """The variant check is not contradicting everything: each original claim, re-checked alone, holds."""
    claims, cards = seed_claims
    for c, v in claims:
        if v.verdict == "confirmed" and v.origin == "synthesized":
            assert cc.check_claim(c, cards).verdict == "confirmed", c.text


def test_negated_count_is_checked_as_a_different_count(seed_claims):
    """'2回は誘発しない' holds exactly when the ability triggers some other number of times."""
    claims, cards = seed_claims
    (soul,) = [c for c, v in claims if c.kind == "trigger_count" and c.subject == "Soul Warden"
               and v.verdict == "confirmed"]
    times = soul.outcome["times"]
    assert cc.check_claim(_with(soul, outcome={"times": times, "negated": True}), cards).verdict == "contradicted"
    assert cc.check_claim(_with(soul, outcome={"times": times + 1, "negated": True}), cards).verdict == "confirmed"
    assert cc.check_claim(_with(soul, outcome={"times": times - 1, "negated": True}), cards).verdict == "confirmed"


# Rephrasings that keep the meaning: (from, to).  Applied to the whole seed text; the claims read from the
# rephrased sentences must be the same claims, and still confirmed.
REPHRASINGS = [
    ("2回誘発する", "二回誘発します"),
    ("で打ち消せる。", "で打ち消すことができる。"),
    ("では対象に取れず打ち消せない。", "では対象に取ることができず、打ち消すことはできない。"),
    ("能力は誘発しない。", "能力は誘発しません。"),
    ("の数だけ誘発する。", "の数と同じ回数だけ誘発する。"),
    ("合計3となる", "合計３になる"),
    ("１体しか破壊できない", "一体のみ破壊できる"),
    ("２回起動したとしても", "二回起動したとしても"),
]


def test_rephrased_true_sentences_still_confirm(seed_claims, tmp_path):
    from conftest import SEED_000, SEED_001

    claims, _ = seed_claims
    before = {c.id: (c, v) for c, v in claims if v.verdict == "confirmed" and v.origin == "synthesized"}
    changed_lines: set[tuple[str, int]] = set()
    files = []
    for seed in (SEED_000, SEED_001):
        lines = seed.read_text(encoding="utf-8").split("\n")
        for i, line in enumerate(lines):
            new = line
            for a, b in REPHRASINGS:
                new = new.replace(a, b)
            if new != line:
                changed_lines.add((seed.stem, i + 1))
                lines[i] = new
        out = tmp_path / seed.name
        out.write_text("\n".join(lines), encoding="utf-8")
        files.append(str(out))
    assert len(changed_lines) >= 8, changed_lines
    with Store(tmp_path / "kb.sqlite") as store:
        ingest(files, store)
        after = {v.claim_id: v for v in kv.validate(store)[0]}
        data = {cid: store.node(cid)["data"] for cid in after}
    rephrased = [(c, v) for c, v in before.values() if (Path(c.prov.file or "").stem, c.prov.line) in changed_lines]
    assert len(rephrased) >= 8, f"only {len(rephrased)} confirmed claims sit on rephrased lines"
    problems = []
    for c, _v in rephrased:
        v = after.get(c.id)
        if v is None:
            problems.append(f"{c.kind} {c.text!r}: no claim read from the rephrased sentence")
        elif data[c.id].get("outcome") != c.outcome:
            problems.append(f"{c.kind} {c.text!r}: outcome {c.outcome} became {data[c.id].get('outcome')}")
        elif v.verdict != "confirmed":
            problems.append(f"{c.kind} {v.text!r}: {v.verdict} ({v.reason})")
    assert not problems, "\n".join(problems)


def test_an_attached_scenario_speaks_only_for_the_numbers_it_checks(seed_claims):
    """A hand-written scenario attached to a claim decides its verdict only when it checks what the claim
    states: the same scenario cannot confirm the claim with its number changed."""
    claims, cards = seed_claims
    attached = [(c, v) for c, v in claims if v.origin == "attached" and c.kind in ("devotion", "result")]
    assert attached, "the bundled sample attaches scenarios to devotion/result claims"
    for c, v in attached:
        assert v.verdict == "confirmed" and v.scenario
        assert cc.check_claim(c, cards, [v.scenario]).verdict == "confirmed"
        key = "value" if c.kind == "devotion" else "tokens"
        if not isinstance(c.outcome.get(key), int):
            continue
        for d in (-1, 1):
            changed = _with(c, outcome={**c.outcome, key: c.outcome[key] + d})
            w = cc.check_claim(changed, cards, [v.scenario])
            assert w.verdict != "confirmed", f"{c.text!r} with {key} {c.outcome[key] + d}: {w.reason}"


def _trigger_claim(subject, situation, outcome):
    from extractor.facts import Claim, Provenance
    prov = Provenance(document="t", section=(), line=1, file="t.txt")
    return Claim(id="claim:t", kind="trigger_count", text="t", prov=prov, subject=subject, cards=[subject],
                 keywords=[], situation=situation, outcome=outcome)


@pytest.mark.parametrize("situation, n", [
    ({"event": "dies", "objects": [{"type": "creature", "n": 2}]}, 2),                       # the source stays
    ({"event": "dies", "objects": [{"type": "creature", "n": 2}], "cause": "Day of Judgment"}, 3),  # it dies too
    ({"event": "dies", "objects": [{"card": "Zulaport Cutthroat"}]}, 1),                     # only it (603.10a)
])
def test_one_trigger_per_object_counts_the_source_only_when_it_left(situation, n):
    """'triggers once per creature that died': the source counts only when the staged event removed it (a
    true claim is never contradicted because a stand-in shares the source's type), and the count is exact."""
    v = cc.check_claim(_trigger_claim("Zulaport Cutthroat", situation, {"times": "per_object"}))
    assert v.verdict == "confirmed", v.reason
    assert v.observed == [n]
    for wrong in (n - 1, n + 1):
        w = cc.check_claim(_trigger_claim("Zulaport Cutthroat", situation, {"times": wrong}))
        assert w.verdict == "contradicted", (wrong, w.reason)


# Sentences outside the seeds, through the whole path (text → claim → scenario → verdict): a true sentence
# confirms and its opposite is contradicted, whatever the phrasing.
PIPELINE = [
    ("《否認》で《急報》を打ち消せる。", "can_counter", "confirmed"),
    ("《否認》では《急報》を打ち消せない。", "can_counter", "contradicted"),
    ("《本質の散乱》では《急報》を打ち消せない。", "can_counter", "confirmed"),
    ("《本質の散乱》では《急報》を打ち消すことができる。", "can_counter", "contradicted"),
    ("《魂の管理人》の能力は、《急報》によって戦場に出たクリーチャーの数だけ誘発する。", "trigger_count", "confirmed"),
    ("《魂の管理人》の能力は、《急報》によって戦場に出たクリーチャーの数だけ誘発しない。", "trigger_count", "contradicted"),
    ("《急報》によって2体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は2回しか誘発しない。", "trigger_count", "confirmed"),
    ("《急報》によって2体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は1回しか誘発しない。", "trigger_count", "contradicted"),
    ("《急報》によって２体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は三回は誘発しない。", "trigger_count", "confirmed"),
    ("《急報》によって二体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は２回は誘発しない。", "trigger_count", "contradicted"),
    ("《急報》によって2体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は2回誘発しません。", "trigger_count", "contradicted"),
    ("《否認》はスタック上の《通行の神、エイスリオス》を対象に取れない。", "can_target", "confirmed"),
    ("《否認》はスタック上の《通行の神、エイスリオス》を対象に取れる。", "can_target", "contradicted"),
    ("《本質の散乱》はスタック上の《通行の神、エイスリオス》を対象に取ることができる。", "can_target", "confirmed"),
    # who is the active player comes from the attack, not from the clause that names the first trigger
    ("《台所の嫌がらせ屋》が攻撃し、《残忍なレッドキャップ》にブロックされ相打ちとなった。スタックに置く順は"
     "アクティブ・プレイヤーのコントロールする《台所の嫌がらせ屋》の頑強が先になる。", "stack_order", "confirmed"),
    ("《台所の嫌がらせ屋》が攻撃し、《残忍なレッドキャップ》にブロックされ相打ちとなった。スタックに置く順は"
     "アクティブ・プレイヤーのコントロールする《残忍なレッドキャップ》の頑強が先になる。", "stack_order", "contradicted"),
    ("《残忍なレッドキャップ》が《台所の嫌がらせ屋》をブロックし、相打ちとなった。スタックに置く順は"
     "《残忍なレッドキャップ》の頑強が先になる。", "stack_order", "contradicted"),
    ("不死能力の解決前に《トーモッドの墓所》によって《絡み根の霊》が墓地から追放された場合、不死は《絡み根の霊》を"
     "戦場に戻すことができる。", "no_return", "contradicted"),
    ("あなたが《ヘリオッドの福音者》と《鋤引きの雄牛》をコントロールしているとき、白への信心は三である。", "devotion", "confirmed"),
    ("あなたが《ヘリオッドの福音者》と《鋤引きの雄牛》をコントロールしているとき、白への信心は４である。", "devotion", "contradicted"),
    ("あなたが《ヘリオッドの福音者》と《鋤引きの雄牛》をコントロールしているとき、白への信心は、両方のマナ・シンボルを"
     "数えて三であり、3体のトークンが出る。", "devotion", "confirmed"),
    ("あなたが《ヘリオッドの福音者》と《鋤引きの雄牛》をコントロールしているとき、白への信心は、両方のマナ・シンボルを"
     "数えて四であり、4体のトークンが出る。", "devotion", "contradicted"),
    ("《急報》によって２体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は十回誘発する。", "trigger_count", "contradicted"),
    ("《魂の管理人》の能力で、あなたは1点のライフを得る。", "result", "confirmed"),
    ("《魂の管理人》の能力で、あなたは2点のライフを得る。", "result", "contradicted"),
]


@pytest.mark.parametrize("text, kind, verdict", PIPELINE)
def test_sentences_outside_the_seeds(nlp, text, kind, verdict):
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument
    from extractor.claims import attach_claims

    raw = RawDocument(title="テスト", text=text, path="t.txt", form="wikitext", key="t.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="t.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:t.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    got = [c for c in doc.claims if c.kind == kind]
    assert len(got) == 1, [(c.kind, c.outcome) for c in doc.claims]
    v = cc.check_claim(got[0])
    assert v.verdict == verdict, f"{got[0].outcome}: {v.reason}"


@pytest.mark.parametrize("text", [
    "《否認》で《急報》を打ち消せないわけではない。",
    "《魂の管理人》の能力は誘発しないとは限らない。",
    "《本質の散乱》で《急報》を対象に取れないことはない。",
    "《形見持ちのゴルゴン》を2回起動した。2体破壊できない。",
    "《形見持ちのゴルゴン》を2回起動した。カウンターは2個置かれない。",
    "《魂の管理人》の能力で、あなたは1点のライフを得ることはない。",
])
def test_denied_or_negated_statements_are_not_read_as_claims(nlp, text):
    """A sentence that denies a statement, or a negated number, gives no claim rather than the opposite one."""
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument
    from extractor.claims import attach_claims

    raw = RawDocument(title="テスト", text=text, path="t.txt", form="wikitext", key="t.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="t.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:t.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    assert [c for c in doc.claims if c.kind in ("can_counter", "can_target", "no_trigger", "trigger_count",
                                                 "result")] == []


def test_an_unstated_count_cannot_confirm_a_claim_and_its_opposite():
    """Readings fill in what the text leaves open (here: how many creatures died); a number of triggers that
    holds for one count and not another is not confirmed — else '1 time' and '2 times' would both be."""
    sit = {"event": "dies", "objects": [{"type": "creature"}]}
    verdicts = {n: cc.check_claim(_trigger_claim("Zulaport Cutthroat", sit, {"times": n})).verdict
                for n in (1, 2)}
    assert "confirmed" not in verdicts.values(), verdicts
    assert cc.check_claim(_trigger_claim("Zulaport Cutthroat", sit, {"times": 3})).verdict == "contradicted"
    assert cc.check_claim(_trigger_claim("Zulaport Cutthroat", sit, {"times": "per_object"})).verdict == "confirmed"


def test_targets_expectation_reports_what_a_waiting_ability_targets():
    """The engine's ``targets`` expectation (used by must_target claims) observes the chosen target and fails
    for another controller or card type."""
    import engine

    def run(want):
        sc = {"name": "t", "strict_choices": False,
              "zones": {"you": {"battlefield": ["Strionic Resonator"], "hand": ["Manic Vandal"]}},
              "actions": [{"cast": "Manic Vandal"}, {"resolve": 1}, {"expect": [{"targets": want}]}],
              "expect": []}
        return engine.simulate(sc)

    ok = run({"source": "Manic Vandal", "controller": "you", "type": "Artifact"})
    assert ok.passed, ok.to_dict()
    assert ok.checks[0]["observed"] == [{"card": "Strionic Resonator", "controller": "you"}]
    for wrong in ({"source": "Manic Vandal", "controller": "opponent"},
                  {"source": "Manic Vandal", "type": "Creature"},
                  {"source": "Manic Vandal", "card": "Manic Vandal"}):
        assert not run(wrong).passed, wrong


def test_a_choice_on_resolution_claim_checks_when_the_answer_is_used(seed_claims):
    """'the cost is decided on resolution': one reading checks the moment the engine uses the answer, so an
    engine that decided when the ability was put on the stack would fail it."""
    import engine

    claims, cards = seed_claims
    choice = [c for c, v in claims if c.kind == "choice_on_resolution" and v.verdict == "confirmed"]
    assert choice
    for c in choice:
        scs = cc.synthesize(c, cards)
        timed = [sc for sc in scs if any("choice_made" in e for e in sc["expect"])]
        assert timed, c.text
        for sc in timed:
            assert engine.simulate(sc, cards=cards.table).passed
            early = {**sc, "expect": [{"choice_made": {**e["choice_made"], "at": "stack"}} for e in sc["expect"]]}
            assert not engine.simulate(early, cards=cards.table).passed


def _setup(sc: dict) -> tuple:
    """What a scenario stages (zones, and actions without the checks between them)."""
    acts = [a for a in sc.get("actions") or [] if not (isinstance(a, dict) and set(a) == {"expect"})]
    return sc.get("zones"), acts, sc.get("active"), sc.get("at")


def test_the_setup_never_depends_on_the_claimed_outcome(seed_claims):
    """Synthesis may not read the expected outcome back into the board or the actions (a check that stages its
    own answer cannot fail): a claim and each outcome-only variant of it stage the same game.  A yes/no claim
    about countering may leave out casting the counterspell it says cannot be cast, nothing else."""
    claims, cards = seed_claims
    compared = 0
    for c, v in claims:
        if v.verdict != "confirmed" or v.origin != "synthesized":
            continue
        base = cc.synthesize(c, cards)
        for desc, changed in variants(c):
            if changed.kind != c.kind or changed.situation != c.situation:
                continue
            other = cc.synthesize(changed, cards)
            if isinstance(other, cc.Unsimulable):
                pytest.fail(f"{c.kind} {desc}: the changed claim cannot be staged ({other.reason})")
            assert len(other) == len(base), (c.text, desc)
            for a, b in zip(base, other):
                if "can" in desc:
                    assert a["zones"] == b["zones"], (c.text, desc)
                else:
                    assert _setup(a) == _setup(b), (c.text, desc)
            compared += 1
    assert compared >= 20, compared
