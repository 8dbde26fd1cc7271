"""508.1c / 509.1b with 611.3: "~ can't attack unless CONDITION" / "~ can't block unless CONDITION" — the
restriction applies while the condition is false, read continuously (a `not` CONDITION on the static).
Constructions around made-up names, compiled by the Oracle compiler and run by the engine, each with a wrong
twin that must fail; a changed number or noun changes the reading."""
from __future__ import annotations

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card  # noqa: F401  (_forget: the autouse fixture)

_TEXT = "RU Serpent can't attack unless you control another artifact."


def _serpent(text=_TEXT):
    c = compile_face({"name": "RU Serpent", "text": text, "types": ["Artifact", "Creature"]})
    assert c.supported, (c.reason, c.behaviour)
    return card("RU Serpent", ("Artifact", "Creature"), c.behaviour, pt=(5, 5))


def _attack(bf):
    return {"you": {"battlefield": bf}}, [{"attack": ["RU Serpent"]}]


def test_508_1c_cant_attack_unless_you_control_another_artifact():
    """508.1c: without another artifact the attack is illegal; with one it attacks (the condition is read
    when attackers are declared)."""
    trinket = card("RU Trinket", ("Artifact",))
    z, acts = _attack(["RU Serpent"])
    both([_serpent(), trinket], z, [], [{"illegal": {"action": acts[0], "message": "can't attack"}}],
         [{"illegal": {"action": acts[0], "message": "flying"}}])
    z, acts = _attack(["RU Serpent", "RU Trinket"])
    both([_serpent(), trinket], z, acts + [{"advance": {"turn": 1, "step": "main2"}}], [{"life": {"opponent": 15}}],
         [{"life": {"opponent": 20}}])


def test_611_3_the_number_and_the_noun_are_read():
    b = compile_face({"name": "RU Serpent", "text": "RU Serpent can't block unless you control four or more lands.",
                      "types": ["Creature"]}).behaviour
    s = b["statics"][0]
    assert s["grant"] == ["cant_block"]
    assert s["if"] == {"not": {"control_at_least": {"n": 4, "filter": {"types": ["Land"]}}}}
    m = compile_face({"name": "RU Serpent", "text": "RU Serpent can't block unless you control five or more "
                      "zorblaxes.", "types": ["Creature"]})
    assert not m.supported
