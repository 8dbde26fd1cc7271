"""Group ex of issue 21 (the most printed cards that still failed): Aura and Equipment statics and Aura
triggers.  Each construction compiles to a supported behaviour, a nonsense noun or an added clause makes it
unparsed, a changed number changes the behaviour, and each mechanic is played out (XMage style: cast, resolve,
advance, check the state) with the behaviour compiled from a line around a made-up name — not any card's text."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine import behaviours
from engine.cardbase import Card, CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_added_clause_rejected

NAME = "Quillbeast"
AURA_LINES = [
    "Enchant creature\nEnchanted creature gets +3/+1 and can't block.",
    "Enchant creature\nEnchanted creature gets +1/+2, has flying, and can't attack alone.",
    "Enchant creature\nEnchanted creature has trample and attacks each combat if able.",
    "Enchant creature\nEnchanted creature gets +2/+1 for each Swamp you control.",
    "Enchant creature\nEnchanted creature gets +X/+X, where X is the number of artifacts you control.",
    "Enchant artifact\nYou control enchanted artifact.",
    "Enchant land\nYou control enchanted land.",
    "Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, Quillbeast deals 2 damage "
    "to that player.",
    "Enchant artifact\nAt the beginning of the upkeep of enchanted artifact's controller, that player loses 3 life.",
    "Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, put a -1/-1 counter on "
    "that creature.",
]
EQUIP_LINES = ["Equipped creature gets +2/+0 for each artifact you control.\nEquip {2}",
               "Equipped creature gets +1/+1 and can't block.\nEquip {1}"]
LINES = AURA_LINES + EQUIP_LINES


def _line(start: str) -> str:
    return next(x for x in AURA_LINES if x.split("\n")[1].startswith(start))


def _face(text):
    if text.startswith("Enchant "):
        return {"name": NAME, "text": text, "types": ["Enchantment"], "subtypes": ["Aura"]}
    return {"name": NAME, "text": text, "types": ["Artifact"], "subtypes": ["Equipment"]}


def _compiled(text) -> dict:
    c = compile_face(_face(text))
    assert c.supported, (text, c.reason, c.behaviour)
    return c.behaviour


@pytest.mark.parametrize("line", LINES)
def test_family_line_is_supported(line):
    _compiled(line)


@pytest.mark.parametrize("line", LINES)
def test_added_clause_is_not_parsed(line):
    assert_added_clause_rejected(_face, line, parsed_too=False)


@pytest.mark.parametrize("line", LINES)
def test_nonsense_noun_is_not_parsed(line):
    body = line.split("\n", 1)[1] if line.startswith("Enchant ") else line.split("\n")[0]
    words = [w for w in ("creature", "artifact", "land", "Swamp", "player", "counter", "upkeep", "block", "alone",
                         "flying", "trample") if w in body]
    assert words
    for w in words:
        mutated = line.replace(body, body.replace(w, "zorblax", 1))
        c = compile_face(_face(mutated))
        assert not c.supported, (line, w, c.behaviour)


@pytest.mark.parametrize("line", [x for x in LINES if any(d in x for d in "123")])
def test_changed_number_changes_behaviour(line):
    base = compile_face(_face(line)).behaviour
    body = line.replace("{1}", "").replace("{2}", "")
    for old, new in (("3", "4"), ("2", "5"), ("1", "6")):
        if old in body:
            i = line.index(old, line.index(next(x for x in ("+", "-", "deals", "loses", "a -") if x in line)))
            changed = compile_face(_face(line[:i] + new + line[i + 1:])).behaviour
            assert changed != base, (line, old, new)
            return
    pytest.fail(f"no number in {line}")


def test_that_creature_of_an_enchanted_controller_trigger_is_the_enchanted_creature():
    """608.2c: "put a -1/-1 counter on that creature" names the enchanted creature, not the Aura."""
    b = _compiled(AURA_LINES[-1])
    assert b["triggers"][0]["effects"] == [{"put_counters": {"to": "enchanted", "kind": "-1/-1", "n": 1}}]


def _with(text, scenario):
    f = _face(text)
    table = CardTable(list(CardTable.bundled()) + [
        Card(name=NAME, cost="{2}", types=f["types"], subtypes=f["subtypes"], has_text=True),
        Card(name="Hill Giant", cost="{3}{R}", colors="R", types=["Creature"], subtypes=["Giant"], power="3",
             toughness="3")])
    behaviours.register(NAME, _compiled(text))
    try:
        return engine.simulate(scenario, cards=table)
    finally:
        behaviours.unregister(NAME)


def _aura(text, host_zone, host, actions, expect):
    zones = {"you": {"hand": [NAME]}, "opponent": {}}
    zones[host_zone[0]]["battlefield"] = [host]
    return _with(text, {"zones": zones, "actions": [{"cast": NAME, "targets": [host]}, {"resolve": "all"}, *actions],
                        "expect": expect})


def test_upkeep_of_enchanted_controller_triggers_in_that_players_upkeep_only():
    """303.4 / 503.1: the Aura's controller's own upkeep does not trigger it; the host's controller's does,
    each turn, and "that player" is that controller."""
    text = _line("At the beginning of the upkeep of enchanted creature's controller, Quillbeast")
    r = _aura(text, ("opponent",), "Grizzly Bears", [{"advance": {"turn": 4, "step": "main1"}}],
              [{"life": {"you": 20, "opponent": 16}}, {"triggered": {"source": NAME, "times": 2}}])
    assert r.passed, (r.checks, r.error)
    r = _aura(text, ("you",), "Grizzly Bears", [{"advance": {"turn": 4, "step": "main1"}}],
              [{"life": {"you": 18, "opponent": 20}}])
    assert r.passed, (r.checks, r.error)


def test_aura_pump_and_cant_block():
    """303.4: the enchanted creature gets +3/+1 (layer 7c) and can't block (509.1a)."""
    r = _aura(_line("Enchanted creature gets +3/+1 and can't block"), ("you",), "Grizzly Bears",
              [{"expect": [{"pt": {"card": "Grizzly Bears", "power": 5, "toughness": 3}}]},
               {"put": {"card": "Hill Giant", "zone": "battlefield", "player": "opponent"}},
               {"advance": {"turn": 2, "step": "main1"}}, {"attack": ["Hill Giant"], "defender": "you"},
               {"expect": [{"illegal": {"action": {"block": {"Grizzly Bears": "Hill Giant"}}}}]}], [])
    assert r.passed, (r.checks, r.error)


def test_equipment_pump_for_each_counts_now():
    """613.4c: +2/+0 for each artifact its controller controls, counted continuously."""
    r = _with(EQUIP_LINES[0], {"zones": {"you": {"battlefield": [{"card": NAME, "attached_to": "Grizzly Bears"},
                                                                 "Grizzly Bears", "Ornithopter"]},
                                         "opponent": {"battlefield": ["Ornithopter"]}},
                               "actions": [{"expect": [{"pt": {"card": "Grizzly Bears", "power": 6, "toughness": 2}}]},
                                           {"destroy": "Ornithopter"}],
                               "expect": [{"pt": {"card": "Grizzly Bears", "power": 4, "toughness": 2}}]})
    assert r.passed, (r.checks, r.error)


def test_control_changing_aura_of_an_artifact_and_back():
    """613.1b: you control the enchanted artifact; when the Aura leaves, control returns."""
    r = _aura(_line("You control enchanted artifact"), ("opponent",), "Ornithopter",
              [{"expect": [{"count": {"player": "you", "zone": "battlefield", "card": "Ornithopter", "n": 1}}]},
               {"destroy": NAME}],
              [{"count": {"player": "opponent", "zone": "battlefield", "card": "Ornithopter", "n": 1}}])
    assert r.passed, (r.checks, r.error)


@pytest.fixture(scope="module")
def card_table():
    from conftest import shared_path
    from kb.cards_coverage import compiled_table
    return compiled_table(shared_path("cards/AtomicCards.json"), {"Animate Dead", "Hill Giant", "Grizzly Bears",
                                                                   "Disenchant"})


def test_reanimation_aura_returns_a_card_from_any_graveyard_and_its_leaving_sacrifices_it(card_table):
    """303.4 (Animate Dead, compiled from the card file): the Aura spell targets a creature card in a graveyard
    (not a creature on the battlefield), enters attached to it, returns it under its controller's control with
    -1/-0; when the Aura leaves, the creature is sacrificed and goes to its OWNER's graveyard."""
    assert card_table.get("Animate Dead").behaviour is not None, card_table.get("Animate Dead").behaviour_reason
    zones = {"you": {"hand": ["Animate Dead", "Disenchant"], "battlefield": ["Grizzly Bears"]},
             "opponent": {"graveyard": ["Hill Giant"]}}
    r = engine.simulate({"zones": zones, "actions": [
        {"expect": [{"can_target": {"spell": "Animate Dead", "target": "Grizzly Bears", "value": False}},
                    {"can_target": {"spell": "Animate Dead", "target": "Hill Giant", "value": True}}]},
        {"cast": "Animate Dead", "targets": ["Hill Giant"]}, {"resolve": "all"},
        {"expect": [{"count": {"player": "you", "zone": "battlefield", "card": "Hill Giant", "n": 1}},
                    {"pt": {"card": "Hill Giant", "power": 2, "toughness": 3}},
                    {"attached": {"card": "Animate Dead", "to": "Hill Giant", "value": True}}]},
        {"cast": "Disenchant", "targets": ["Animate Dead"]}, {"resolve": "all"}],
        "expect": [{"zone": {"card": "Hill Giant", "zone": "graveyard", "owner": "opponent"}},
                   {"zone": {"card": "Animate Dead", "zone": "graveyard"}}]}, cards=card_table)
    assert r.passed, (r.checks, r.error)


def test_reanimation_aura_whose_card_left_the_graveyard_does_nothing(card_table):
    """400.7 / 608.2b: the targeted card left the graveyard before the Aura resolved — the spell has no legal
    target and returns nothing."""
    zones = {"you": {"hand": ["Animate Dead"]}, "opponent": {"graveyard": ["Hill Giant"]}}
    r = engine.simulate({"zones": zones, "actions": [
        {"cast": "Animate Dead", "targets": ["Hill Giant"]}, {"exile": "Hill Giant"}, {"resolve": "all"}],
        "expect": [{"count": {"zone": "battlefield", "card": "Hill Giant", "n": 0}},
                   {"zone": {"card": "Animate Dead", "zone": "graveyard"}}]}, cards=card_table)
    assert r.passed, (r.checks, r.error)


def test_reanimation_aura_mutants_are_not_supported(card_table):
    """Honesty: Animate Dead's own text compiles; with a noun replaced (in the enchant line, the return, the
    sacrifice) or a meaningless clause added it does not."""
    card = card_table.get("Animate Dead")
    face = {"name": card.name, "text": card.text, "types": list(card.types), "subtypes": list(card.subtypes)}
    assert compile_face(face).supported
    for old in ("graveyard", "enchanted creature card", "under your control", "sacrifices", "leaves"):
        assert old in card.text, old
        mutated = dict(face, text=card.text.replace(old, "zorblax", 1))
        assert not compile_face(mutated).supported, old
    added = dict(face, text=card.text.replace("attach Animate Dead to it.", "attach Animate Dead to it unless you flimwick."))
    assert added["text"] != card.text and not compile_face(added).supported


def test_other_of_an_aura_count_is_refused_unless_it_means_the_aura():
    """"for each other creature you control" of an Aura means other than the enchanted creature — no filter
    says that, so the face is not supported; "each other enchantment" is other than the Aura itself."""
    assert not compile_face(_face("Enchant creature\nEnchanted creature gets +1/+1 for each other creature you "
                                  "control.")).supported
    assert compile_face(_face("Enchant creature\nEnchanted creature gets +1/+1 for each other enchantment you "
                              "control.")).supported
