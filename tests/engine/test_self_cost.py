"""self_cost (602.2b, 701.17a): a permanent sacrificed to pay its own ability's cost — read from the release-note
ruling 「《X》の(最後の)能力のコストを支払うために、それ自身を生け贄に捧げてもよい」 and judged from the ability's
compiled cost.  Cards built here from constructions (no ../shared); every true statement has mutated false twins
(polarity, the card swapped for one whose cost says 「他の」 or names a type it is not) that must NOT be confirmed."""
from __future__ import annotations

import pytest

from engine.cardbase import Card
from engine.crosscheck import check_claim
from engine.oracle.compile import compile_face
from extractor.claims.context import build_context
from extractor.claims.self_cost import find_self_cost
from extractor.claims.sentences import Sentence, normalise
from extractor.facts import Claim, Provenance

from tests.kb.test_quoted_wording import Table  # noqa: E402


def card(name, text, types, subtypes=()):
    c = compile_face({"name": name, "text": text, "types": list(types)})
    return Card(name=name, types=list(types), subtypes=list(subtypes), has_text=True, text=text,
                behaviour=c.behaviour if c.supported else None, power="2", toughness="2")


TABLE = Table(
    card("Zz Husk", "Sacrifice a creature: Zz Husk gets +2/+2 until end of turn.", ["Creature"], ["Zombie"]),
    card("Zz Bairn", "Sacrifice another creature: Zz Bairn gets +2/+2 until end of turn.", ["Creature"]),
    card("Zz Battery", "Sacrifice a creature: Zz Battery deals 1 damage to any target.", ["Enchantment"]),
    card("Zz Fanatic", "Sacrifice Zz Fanatic: It deals 1 damage to any target.", ["Creature"]),
    card("Zz Smith", "Flying\n{T}, Sacrifice two artifacts: Draw a card.", ["Artifact", "Creature"]),
    card("Zz Chief", "Sacrifice a Goblin: Zz Chief gets +1/+1 until end of turn.", ["Creature"], ["Elf"]),
)


def claim(name, can, ability=None):
    sit = {"card": name, **({"ability": ability} if ability is not None else {})}
    return Claim(id="claim:s", kind="self_cost", text="…", prov=Provenance("test", line=1), subject=name,
                 situation=sit, outcome={"can": can})


@pytest.mark.parametrize("name,can,ability", [("Zz Husk", True, None), ("Zz Husk", True, "last"),
                                              ("Zz Bairn", False, None), ("Zz Battery", False, None),
                                              ("Zz Fanatic", True, 1), ("Zz Smith", True, "last"),
                                              ("Zz Smith", True, 2), ("Zz Chief", False, None)])
def test_the_true_statement_is_confirmed_and_its_polarity_twin_contradicted(name, can, ability):
    v = check_claim(claim(name, can, ability), TABLE)
    assert v.verdict == "confirmed" and v.origin == "compared" and "701.17a" in v.reason, v.reason
    assert check_claim(claim(name, not can, ability), TABLE).verdict == "contradicted"


def test_an_ability_that_is_not_one_with_a_sacrifice_cost_is_not_judged():
    assert check_claim(claim("Zz Smith", True, 1), TABLE).verdict == "unsimulable"       # its first: 飛行
    assert check_claim(claim("Zz Smith", True, 3), TABLE).verdict == "unsimulable"       # no third paragraph
    odd = Table(card("Zz Odd", "Sacrifice a creature: Zz Odd sings to the moon.", ["Creature"]))
    v = check_claim(claim("Zz Odd", True), odd)
    assert v.verdict == "unsimulable" and "does not compile" in v.reason


def read(text, cards, page_card=None):
    s = Sentence(text=text, norm=normalise(text), line=1, cards=list(cards))
    return find_self_cost(s, 0, build_context([s], [], page_card))


def test_the_reader_takes_the_named_card_the_ordinal_and_the_polarity():
    (f,) = read("〔0〕の最後の能力のコストを支払うために、それ自身を生け贄に捧げてもよい。", ["Zz Husk"])
    assert (f.situation, f.outcome, f.subject) == ({"card": "Zz Husk", "ability": "last"}, {"can": True}, "Zz Husk")
    (f,) = read("〔0〕の2つ目の能力のコストとして、〔0〕自身を生け贄に捧げることはできない。", ["Zz Smith"])
    assert (f.situation, f.outcome) == ({"card": "Zz Smith", "ability": 2}, {"can": False})
    (f,) = read("〔0〕の能力を起動するために、それ自身を生け贄に捧げることもできる。", ["Zz Husk"])
    assert (f.situation, f.outcome) == ({"card": "Zz Husk"}, {"can": True})
    # no card named: the release-note block's card (page_card); none: no claim
    (f,) = read("その能力のコストを支払うために、それ自身を生け贄に捧げることができる。", [], "Zz Bairn")
    assert f.situation == {"card": "Zz Bairn"}
    assert read("その能力のコストを支払うために、それ自身を生け贄に捧げることができる。", []) == []
    # the cost of one card paid with another card 「自身」: not this construction
    assert read("〔0〕の能力のコストとして、〔1〕自身を生け贄に捧げてもよい。", ["Zz Husk", "Zz Bairn"]) == []
