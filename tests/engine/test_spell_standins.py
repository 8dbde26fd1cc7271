"""A spell described only by its card type (「エンチャント呪文を打ち消す」, can_counter with ``spell_types``) is
staged with a spell of exactly those types that is cast with no target (an Aura targets what it will enchant,
303.4a; a spell with targets needs a legal one, 601.2c): the stand-in must be castable on the staged board.

Key: the bundled counterspells' compiled target filters (115.1, 701.6a) — whether a spell of the type is one the
counterspell may target.  Each statement is generated for every counterspell and type, then mutated — polarity,
and the counterspell swapped for one whose filter answers the other way.  None confirmed when false, every one
decided.
"""
from __future__ import annotations

from engine import crosscheck as cc
from engine.crosscheck.cards import Cards
from extractor.facts import Claim, Provenance

COUNTERS = ("Annul", "Essence Scatter", "Negate", "Counterspell")
TYPES = ("Artifact", "Enchantment", "Creature", "Instant", "Sorcery")


def _fits(counter: str, t: str) -> bool:
    f = Cards.of(None).behaviour(counter).spell["targets"][0].get("filter") or {}
    return (t in f.get("types_any", [t]) and all(x == t for x in f.get("types", [t]))
            and t not in f.get("not_types", []))


def _claim(counter: str, t: str, can: bool) -> Claim:
    prov = Provenance(document="生成", section=("解説",), line=1, file="gen.txt")
    return Claim(id=f"claim:{counter}:{t}:{can}", kind="can_counter", text=f"{t} spell", prov=prov, subject=counter,
                 cards=[counter], situation={"counter": counter, "spell": None, "mode": None, "spell_types": [t]},
                 outcome={"can": can})


def test_type_described_spells_against_each_counterspell_and_mutations():
    wrong, undecided, mutants = [], [], 0
    for counter in COUNTERS:
        for t in TYPES:
            truth = _fits(counter, t)
            v = cc.check_claim(_claim(counter, t, truth), None)
            if v.verdict != "confirmed":
                (wrong if v.verdict == "contradicted" else undecided).append((counter, t, truth, v.reason))
            swapped = [c for c in COUNTERS if _fits(c, t) != truth]
            for c, can in [(counter, not truth)] + [(c, truth) for c in swapped[:1]]:
                mutants += 1
                m = cc.check_claim(_claim(c, t, can), None)
                if m.verdict != "contradicted":
                    (wrong if m.verdict == "confirmed" else undecided).append((c, t, can, m.verdict, m.reason))
    assert not wrong, wrong
    assert not undecided, undecided
    assert mutants >= 30


def test_the_enchantment_spell_stand_in_is_cast_with_no_target():
    [sc] = cc.synthesize(_claim("Annul", "Enchantment", True), None)
    spell = sc["actions"][0]["cast"]
    card = Cards.of(None).card(spell)
    assert "Aura" not in card.subtypes and not (Cards.of(None).behaviour(spell).spell or {}).get("targets")
