"""``result`` of a permanent sacrificed to pay for its own activated ability (issue 20, staging):
「《X》を生け贄に捧げると、あなたはN点のライフを得る」 — the reader's ``events: [sacrificed]`` with X the subject.

Generated cards (Oracle text built here from a grid of costs and effects, compiled by ``engine.oracle``) give the
key: the amount in the text is what activating the ability does (602.2b, 608.2).  Each true statement is mutated
— the number, the polarity, the player, the card swapped for another of the grid — into a false one.  Asserted:
no false statement is confirmed, no true one contradicted, every one decided; a card with two sacrifice abilities
that differ, or with none, is never decided.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from engine import crosscheck as cc
from engine.cardbase import Card, CardTable
from engine.oracle import compile_face
from extractor.facts import Claim, Provenance

COSTS = ("{1}, {T}, ", "{2}, ", "{T}, ", "")
# (effect text, outcome of the result claim) — the amount is the one the effect text states
EFFECTS = [(f"You gain {n} life.", {"life": {"gain": n}}) for n in (1, 2, 3, 4, 5)] + \
          [(f"Each opponent loses {n} life.", {"life": {"lose": n, "player": "opponent"}}) for n in (1, 2, 3)] + \
          [(f"Create {w} 1/1 white Soldier creature tokens.", {"tokens": n})
           for w, n in (("two", 2), ("three", 3))]


def _card(name: str, text: str) -> Card:
    face = {"name": name, "types": ["Artifact"], "text": text, "manaCost": "{1}"}
    compiled = compile_face(face)
    assert compiled.supported, (text, compiled.reason)
    return Card(name=name, types=["Artifact"], cost="{1}", has_text=True, text=text, behaviour=compiled.behaviour)


@lru_cache(maxsize=1)
def grid() -> tuple[CardTable, list[tuple[str, dict]]]:
    """The bundled cards plus one generated artifact per (cost, effect), half of them with a mana ability that
    also sacrifices it listed first (the statement's ability is then the second)."""
    table, keyed = CardTable.bundled(), []
    for i, cost in enumerate(COSTS):
        for j, (effect, out) in enumerate(EFFECTS):
            name = f"Sacrifice Probe {i}-{j}"
            ability = f"{cost}Sacrifice {name}: {effect}"
            text = ability if (i + j) % 2 else f"{{1}}, {{T}}, Sacrifice {name}: Add one mana of any color.\n{ability}"
            table.add(_card(name, text))
            keyed.append((name, out))
    return table, keyed


def _claim(card: str, out: dict, events=("sacrificed",)) -> Claim:
    prov = Provenance(document="生成", section=("解説",), line=1, file="gen.txt")
    return Claim(id=f"claim:{card}:{out}", kind="result", text=f"《{card}》を生け贄に捧げる", prov=prov, subject=card,
                 cards=[card], situation={"events": list(events)}, outcome=out)


def _mutations(out: dict, other: dict) -> list[tuple[str, dict]]:
    muts = [("card", other)] if other != out else []
    if "tokens" in out:
        return muts + [("number", {"tokens": out["tokens"] + 1})]
    life = out["life"]
    n, way = (life["gain"], "gain") if "gain" in life else (life["lose"], "lose")
    flip = "lose" if way == "gain" else "gain"
    player = life.get("player")
    return muts + [("number", {"life": {**life, way: n + 1}}),
                   ("polarity", {"life": {**{k: v for k, v in life.items() if k != way}, flip: n}}),
                   ("player", {"life": {way: n, "player": "you" if player == "opponent" else "opponent"}})]


def test_generated_sacrifice_statements_and_their_mutations():
    table, keyed = grid()
    wrong, undecided, mutants = [], [], 0
    for k, (card, out) in enumerate(keyed):
        v = cc.check_claim(_claim(card, out), table)
        if v.verdict != "confirmed":
            (wrong if v.verdict == "contradicted" else undecided).append((card, out, v.verdict, v.reason))
        # the statement made about this card holds for another card of the grid (same kind of change, another
        # amount or player): the card swapped
        other = next(o for _, o in keyed[k + 1:] + keyed[:k] if o.keys() == out.keys() and o != out)
        for what, mut in _mutations(out, other):
            mutants += 1
            m = cc.check_claim(_claim(card, mut), table)
            if m.verdict != "contradicted":
                (wrong if m.verdict == "confirmed" else undecided).append((card, what, mut, m.verdict, m.reason))
    assert not wrong, wrong
    assert not undecided, undecided
    assert len(keyed) == 40 and mutants >= 120


def test_the_sacrifice_is_staged_as_the_cost_of_the_ability_that_makes_the_change():
    table, keyed = grid()
    card, out = next((c, o) for c, o in keyed if "life" in o and "Add one mana" in table.get(c).text)
    [sc] = cc.synthesize(_claim(card, out), table)
    assert sc["actions"][0] == {"activate": card, "ability": 2}           # not the mana ability listed first
    assert {"zone": {"card": card, "zone": "graveyard"}} in sc["expect"]   # the cost was paid (701.17a)


@pytest.mark.parametrize("text", [
    # two sacrifice abilities that make different life changes: which one the statement means is open
    "{1}, Sacrifice Two Way Probe: You gain 2 life.\n{3}, Sacrifice Two Way Probe: You gain 5 life.",
    # no ability sacrificed as a cost: the stated sacrifice is not staged, never judged without it
    "When Two Way Probe enters, you gain 2 life.",
    # an option, a condition with an 'instead', an amount X: the statement does not give the answer
    "Sacrifice Two Way Probe: You may gain 2 life.",
    "Sacrifice Two Way Probe: You gain 2 life. If you control a Forest, you gain 5 life instead.",
    "{X}, Sacrifice Two Way Probe: You gain X life.",
])
def test_open_or_unstaged_sacrifice_is_never_decided(text):
    table = CardTable.bundled()
    table.add(_card("Two Way Probe", text))
    for n in (2, 5):
        v = cc.check_claim(_claim("Two Way Probe", {"life": {"gain": n}}), table)
        assert v.verdict == "unsimulable", (n, v.verdict, v.reason)


def test_a_sacrifice_stated_beside_another_event_is_not_staged_here():
    table, keyed = grid()
    card, out = keyed[0]
    v = cc.check_claim(_claim(card, out, events=("sacrificed", "enters")), table)
    assert v.verdict == "unsimulable"
