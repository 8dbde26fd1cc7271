"""Family xm of issue 21 (the families another engine's rules tests exercise): the mechanics this group added,
each played out with a wrong twin that must fail, then the compiler's honesty on the group's constructions (a
nonsense noun or an added clause is never supported, a changed number changes the behaviour).  Lines are
constructions around a made-up name, not any card's text."""
from __future__ import annotations

from family_honesty import family_honesty_tests
from test_breadth import _forget, both, card, spell  # noqa: F401  (_forget: the autouse fixture)

NAME = "XM Probe"


def _tokens(n=2):
    return spell("XM Alarm", [{"create_token": {"token": {"pt": [1, 1], "types": ["Creature"],
                                                          "subtypes": ["Soldier"], "colors": "W"}, "n": n}}])


def _count(player, n):
    return {"count": {"player": player, "zone": "battlefield", "token": True, "n": n}}


def test_616_1_token_multiplier_any_doubles_every_players_tokens():
    """614.1a / 616.1: "if one or more tokens would be created, twice that many …" — the opponent's tokens too
    (``token_multiplier_any``), where "under your control" (``token_multiplier``) doubles only its controller's."""
    vigor = card("XM Vigor", ("Enchantment",), {"statics": [{"token_multiplier_any": 2}]})
    z = {"you": {"battlefield": ["XM Vigor"]}, "opponent": {"hand": ["XM Alarm"]}}
    acts = [{"cast": "XM Alarm", "by": "opponent"}, {"resolve": "all"}]
    both([vigor, _tokens()], z, acts, [_count("opponent", 4)], [_count("opponent", 2)])


def test_616_1_two_token_multipliers_apply_each_once():
    """616.1: a doubler for everyone and one for its controller both apply to the controller's tokens (×4)."""
    vigor = card("XM Vigor", ("Enchantment",), {"statics": [{"token_multiplier_any": 2}]})
    lives = card("XM Lives", ("Enchantment",), {"statics": [{"token_multiplier": 2}]})
    z = {"you": {"battlefield": ["XM Vigor", "XM Lives"], "hand": ["XM Alarm"]}}
    acts = [{"cast": "XM Alarm"}, {"resolve": "all"}]
    both([vigor, lives, _tokens(1)], z, acts, [_count("you", 4)], [_count("you", 2)])


def test_603_7c_delayed_ability_exiles_the_tokens_its_creator_made():
    """603.7c: "create two tokens. exile them at the beginning of the next end step" — "them" are those tokens."""
    maker = spell("XM Maker", [{"create_token": {"token": {"pt": [3, 1], "types": ["Creature"], "colors": "R",
                                                           "subtypes": ["Elemental"]}, "n": 2}},
                               {"delayed": {"at": "next_end_step", "effects": [{"exile": {"what": "created"}}]}}])
    z = {"you": {"hand": ["XM Maker"], "battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "XM Maker"}, {"resolve": "all"}, {"advance": {"turn": 1, "step": "cleanup"}}]
    both([maker], z, acts, [_count("you", 0), {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [_count("you", 2), {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_701_26b_untap_up_to_asks_nothing_when_nothing_is_tapped():
    """701.26b: "untap up to two lands" with no tapped land: no answer needed; with one, the answer untaps it."""
    wake = spell("XM Wake", [{"untap_up_to": {"n": 2, "filter": {"types": ["Land"]}}}])
    z = {"you": {"hand": ["XM Wake"], "battlefield": ["Forest"]}}
    both([wake], z, [{"cast": "XM Wake"}, {"resolve": "all"}], [{"tapped": {"card": "Forest", "value": False}}],
         [{"tapped": {"card": "Forest", "value": True}}])
    z = {"you": {"hand": ["XM Wake"], "battlefield": [{"card": "Forest", "tapped": True}]}}
    both([wake], z, [{"choose": {"card": ["Forest"]}}, {"cast": "XM Wake"}, {"resolve": "all"}],
         [{"tapped": {"card": "Forest", "value": False}}], [{"tapped": {"card": "Forest", "value": True}}])


def test_702_16_protection_from_a_quality_or_the_color_of_your_choice():
    """702.16 / 608.2d: "protection from colorless or from the color of your choice" — the `mode` answer picks the
    quality (a colorless Rod can't target it, a red spell can) or a color (then the red spell can't)."""
    ward = spell("XM Ward", [{"pump": {"grant": ["protection_colorless_or_chosen_color"], "affected": "target"}}],
                 [{"kind": "creature"}])
    rod = card("XM Rod", ("Artifact",), {"activated": [{"tap": True, "targets": [{"kind": "any"}],
                                                        "effects": [{"damage": {"n": 1}}]}]})
    red = spell("XM Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}], colors="R", cost="{R}")
    z = {"you": {"battlefield": ["Grizzly Bears"], "hand": ["XM Ward"]},
         "opponent": {"battlefield": ["XM Rod"], "hand": ["XM Bolt"]}}
    rod_t = {"illegal": {"action": {"activate": "XM Rod", "by": "opponent", "targets": ["Grizzly Bears"]}}}
    bolt = {"can_target": {"spell": "XM Bolt", "target": "Grizzly Bears", "by": "opponent", "value": True}}
    acts = [{"cast": "XM Ward", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([ward, rod, red], z, [{"choose": {"mode": "colorless"}}] + acts, [rod_t, bolt],
         [rod_t, dict(bolt, can_target=dict(bolt["can_target"], value=False))])
    both([ward, rod, red], z, [{"choose": {"mode": "color", "color": "R"}}] + acts,
         [dict(bolt, can_target=dict(bolt["can_target"], value=False))], [bolt])


def test_601_3_cant_cast_this_turn_binds_the_named_players_and_spells_for_this_turn_only():
    """601.3 / 611.2a: "target player can't cast creature spells this turn" — that player's creature spells only,
    until the turn ends."""
    lock = spell("XM Lock", [{"cant_cast_this_turn": {"player": "target", "filter": {"types": ["Creature"]}}}],
                 [{"kind": "player"}])
    red = spell("XM Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}], colors="R", cost="{R}")
    z = {"you": {"hand": ["XM Lock"]}, "opponent": {"hand": ["Grizzly Bears", "XM Bolt"]}}
    acts = [{"cast": "XM Lock", "targets": ["opponent"]}, {"resolve": "all"}, {"advance": {"turn": 2, "step": "main1"}}]
    can = {"can_cast": {"player": "opponent", "card": "Grizzly Bears", "value": True}}
    both([lock, red], z, acts, [can], [{"can_cast": dict(can["can_cast"], value=False)}])
    acts = [{"cast": "XM Lock", "targets": ["opponent"]}, {"resolve": "all"}]
    bolt = {"can_cast": {"player": "opponent", "card": "XM Bolt", "value": True}}
    both([lock, red], z, acts, [bolt], [{"can_cast": dict(bolt["can_cast"], value=False)}])
    both([lock, red], dict(z, you={"hand": ["XM Lock", "Grizzly Bears"]}), acts,
         [{"can_cast": {"player": "you", "card": "Grizzly Bears", "value": True}}],
         [{"can_cast": {"player": "you", "card": "Grizzly Bears", "value": False}}])


def test_603_2c_a_counter_trigger_per_counter_and_one_or_more_once():
    """603.2c / 122.6: "whenever a +1/+1 counter is put on ~" triggers once per counter of the event (each_counter);
    "whenever one or more … are put on ~" once per event."""
    each = card("XM Each", spec={"triggers": [{"event": "counters_put", "object": {"self": True}, "counter_kind": "+1/+1",
                                               "each_counter": True, "effects": [{"gain_life": 1}]}]})
    once = card("XM Once", spec={"triggers": [{"event": "counters_put", "object": {"self": True},
                                               "counter_kind": "+1/+1", "effects": [{"gain_life": 1}]}]})
    grow = spell("XM Grow", [{"put_counters": {"to": "target", "kind": "+1/+1", "n": 3}}], [{"kind": "creature"}])
    for name, gained in (("XM Each", 3), ("XM Once", 1)):
        z = {"you": {"battlefield": [name], "hand": ["XM Grow"]}}
        both([each, once, grow], z, [{"cast": "XM Grow", "targets": [name]}, {"resolve": "all"}],
             [{"life_change": {"you": gained}}], [{"life_change": {"you": 4 - gained}}])


def test_702_100d_a_creature_evolves_only_when_its_evolve_ability_puts_a_counter():
    """702.100d: "whenever ~ evolves" — the evolve ability resolved and put its counter; a +1/+1 counter from
    another effect is no evolving."""
    krasis = card("XM Krasis", spec={"keywords": ["evolve"], "triggers": [
        {"event": "evolves", "object": {"self": True}, "effects": [{"gain_life": 2}]}]}, pt=(1, 1))
    grow = spell("XM Grow", [{"put_counters": {"to": "target", "kind": "+1/+1", "n": 1}}], [{"kind": "creature"}])
    z = {"you": {"battlefield": ["XM Krasis"], "hand": ["Grizzly Bears"]}}
    both([krasis], z, [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
         [{"life_change": {"you": 2}}, {"counters": {"card": "XM Krasis", "kind": "+1/+1", "n": 1}}],
         [{"life_change": {"you": 0}}, {"counters": {"card": "XM Krasis", "kind": "+1/+1", "n": 1}}])
    z = {"you": {"battlefield": ["XM Krasis"], "hand": ["XM Grow"]}}
    both([krasis, grow], z, [{"cast": "XM Grow", "targets": ["XM Krasis"]}, {"resolve": "all"}],
         [{"life_change": {"you": 0}}], [{"life_change": {"you": 2}}])


def test_707_9b_a_copy_has_the_quoted_ability_of_its_exception_and_the_added_type():
    """707.9b: "enter as a copy of any creature, except it's an Illusion in addition to its other types and it has
    '{1}: you gain 2 life'" — both exceptions are the copy's (the original has neither)."""
    image = card("XM Image", spec={"statics": [{"enters_as_copy": {"filter": {"types": ["Creature"]}, "may": True,
                                                                   "except": {"subtypes": ["Illusion"], "grant": [
                                                                       {"ability": {"activated": [
                                                                           {"cost": "{1}", "effects": [{"gain_life": 2}]}]}}]}}}]},
                 pt=(0, 0))
    z = {"you": {"hand": ["XM Image"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"choose": {"may": "yes", "card": "Grizzly Bears"}}, {"cast": "XM Image"}, {"resolve": "all"},
            {"activate": "Grizzly Bears", "by": "you"}, {"resolve": "all"}]
    illusion = {"types": {"card": "Grizzly Bears", "controller": "you", "has": ["Illusion", "Bear"]}}
    both([image], z, acts, [{"life_change": {"you": 2}}, illusion], [{"life_change": {"you": 0}}, illusion])
    plain = {"types": {"card": "Grizzly Bears", "controller": "opponent", "lacks": ["Illusion"]}}
    both([image], z, acts[:3], [plain], [dict(plain, types=dict(plain["types"], lacks=[], has=["Illusion"]))])


def test_114_emblem_abilities_trigger_and_apply_from_the_command_zone():
    """114.4: an emblem's triggered ability triggers (here at the beginning of its owner's end steps, every turn
    after), and its static ability applies to what enters later — the emblem never leaves (114.1)."""
    ember = spell("XM Ember", [{"emblem": {"ability": {"triggers": [
        {"event": "end_step", "whose": "you", "effects": [{"gain_life": 2}]}]}}}], types=("Sorcery",))
    z = {"you": {"hand": ["XM Ember"]}}
    acts = [{"cast": "XM Ember"}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "cleanup"}}]
    both([ember], z, acts, [{"life_change": {"you": 4}}], [{"life_change": {"you": 0}}])
    anthem = spell("XM Crown", [{"emblem": {"ability": {"statics": [
        {"layer": "7c", "affected": {"types": ["Creature"], "controller": "you"}, "pt": [1, 1]}]}}}], types=("Sorcery",))
    z = {"you": {"hand": ["XM Crown", "Grizzly Bears"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "XM Crown"}, {"resolve": "all"}, {"cast": "Grizzly Bears"}, {"resolve": "all"}]
    theirs = {"pt": {"card": "Grizzly Bears", "controller": "opponent", "power": 2, "toughness": 2}}
    both([anthem], z, acts, [{"pt": {"card": "Grizzly Bears", "controller": "you", "power": 3, "toughness": 3}}, theirs],
         [{"pt": {"card": "Grizzly Bears", "controller": "you", "power": 2, "toughness": 2}}, theirs])


def test_401_4_third_from_the_top():
    """401.4: "put target nonland permanent into its owner's library third from the top"."""
    tuck = spell("XM Tuck", [{"put_in_library": {"what": "target", "where": "third"}}], [{"kind": "permanent"}])
    z = {"you": {"hand": ["XM Tuck"]},
         "opponent": {"battlefield": ["Grizzly Bears"], "library": ["Forest", "Island", "Swamp", "Plains"]}}
    acts = [{"cast": "XM Tuck", "targets": ["Grizzly Bears"]}, {"resolve": "all"}, {"draw": 3, "by": "opponent"}]
    both([tuck], z, acts, [{"count": {"player": "opponent", "zone": "hand", "card": "Grizzly Bears", "n": 1}}],
         [{"count": {"player": "opponent", "zone": "hand", "card": "Grizzly Bears", "n": 0}}])
    both([tuck], z, acts[:2] + [{"draw": 2, "by": "opponent"}],
         [{"count": {"player": "opponent", "zone": "hand", "card": "Grizzly Bears", "n": 0}}],
         [{"count": {"player": "opponent", "zone": "hand", "card": "Grizzly Bears", "n": 1}}])


def test_602_5_activated_abilities_cant_be_activated_unless_mana_abilities():
    """602.5: "activated abilities of artifacts can't be activated unless they're mana abilities" — the artifact's
    mana ability still works, its other ability doesn't, a creature's does."""
    lock = card("XM Matrix", ("Artifact",), {"statics": [{"cant_activate": {"filter": {"types": ["Artifact"]},
                                                                             "except_mana": True}}]})
    rock = card("XM Rock", ("Artifact",), {"activated": [
        {"tap": True, "mana": True, "effects": [{"add_mana": {"mana": "C"}}]},
        {"cost": "{1}", "effects": [{"gain_life": 1}]}]})
    z = {"you": {"battlefield": ["XM Matrix", "XM Rock"]}}
    ok = {"allowed": {"action": {"activate": "XM Rock", "ability": 1}, "value": True}}
    no = {"illegal": {"action": {"activate": "XM Rock", "ability": 2}}}
    both([lock, rock], z, [], [ok, no], [ok, {"allowed": {"action": {"activate": "XM Rock", "ability": 2},
                                                           "value": True}}])
    both([rock], {"you": {"battlefield": ["XM Rock"]}}, [], [{"allowed": {"action": {"activate": "XM Rock", "ability": 2},
                                                                           "value": True}}], [no])


def test_611_2b_prevention_until_your_next_turn_lasts_through_the_opponents_turn():
    """611.2b / 615.1a: "until your next turn, prevent all damage target permanent would deal" — the creature deals
    none during the opponent's next turn, and deals damage again once the ability's controller's next turn began."""
    calm = spell("XM Calm", [{"prevent": {"by": "target", "until": "your_next_turn"}}], [{"kind": "permanent"}])
    z = {"you": {"hand": ["XM Calm"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    attack = [{"attack": ["Grizzly Bears"], "defender": "you"}]
    acts = [{"cast": "XM Calm", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"advance": {"turn": 2, "step": "declare_attackers"}}, *attack, {"advance": {"turn": 2, "step": "main2"}}]
    both([calm], z, acts, [{"life": {"you": 20}}], [{"life": {"you": 18}}])
    later = acts[:2] + [{"advance": {"turn": 4, "step": "declare_attackers"}}, *attack,
                        {"advance": {"turn": 4, "step": "main2"}}]
    both([calm], z, later, [{"life": {"you": 18}}], [{"life": {"you": 20}}])


def test_508_1g_a_tax_on_attacking_you_or_your_planeswalkers():
    """508.1g-h: "can't attack you unless … pays {2}": attacking that player's planeswalker is free; with "or
    planeswalkers you control" it is taxed too (declining: the declaration is illegal and undone)."""
    walker = card("XM Walker", ("Planeswalker",), {"activated": [{"loyalty": 1, "effects": [{"gain_life": 1}]}]})
    you_only = card("XM Prison", ("Enchantment",), {"statics": [{"attack_tax": {"n": 2}}]})
    both_ = card("XM Sphere", ("Enchantment",), {"statics": [{"attack_tax": {"n": 1, "planeswalkers": True}}]})
    atk = {"attack": ["Grizzly Bears"], "defender": "XM Walker"}
    for prison, taxed in (("XM Prison", False), ("XM Sphere", True)):
        z = {"you": {"battlefield": [prison, {"card": "XM Walker", "counters": {"loyalty": 5}}]},
             "opponent": {"battlefield": ["Grizzly Bears"]}}
        acts = [{"choose": {"pay": "no"}, "by": "opponent"}] if taxed else []
        right = [{"illegal": {"action": atk}}, {"tapped": {"card": "Grizzly Bears", "value": False}}] if taxed else \
            [{"allowed": {"action": atk}}, {"tapped": {"card": "Grizzly Bears", "value": True}}]
        wrong = [right[0], {"tapped": {"card": "Grizzly Bears", "value": not right[1]["tapped"]["value"]}}]
        both([walker, you_only, both_], z, acts, right, wrong, active="opponent")


def test_707_9_a_copy_of_a_creature_card_in_a_graveyard():
    """707.9: "enter as a copy of any creature card in a graveyard" — the candidates are graveyard cards, not the
    battlefield's creatures (the zone is part of the compiled filter)."""
    from engine.oracle.compile import compile_face
    c = compile_face(_face("You may have ~ enter the battlefield as a copy of any creature card in a graveyard."))
    assert c.supported and c.behaviour["statics"][0]["enters_as_copy"]["filter"]["zone"] == "graveyard"
    double = card("XM Double", spec=c.behaviour, pt=(0, 0))
    z = {"you": {"hand": ["XM Double"]}, "opponent": {"graveyard": ["Grizzly Bears"]}}
    acts = [{"choose": {"may": "yes", "card": "Grizzly Bears"}}, {"cast": "XM Double"}, {"resolve": "all"}]
    both([double], z, acts, [{"count": {"player": "you", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}],
         [{"count": {"player": "you", "zone": "battlefield", "card": "Grizzly Bears", "n": 0}}])


def test_603_10a_an_aura_sees_its_creature_die():
    """603.10a: "when enchanted creature dies, …" looks back: the Aura was attached to it as it died (the
    attachment ends with the move, the trigger still sees it); another creature dying does nothing."""
    guide = card("XM Guide", ("Enchantment",), {"enchant": {"types": ["Creature"]}, "triggers": [
        {"event": "dies", "object": {"enchanted": True}, "effects": [{"gain_life": 3}]}]}, subtypes=("Aura",))
    z = {"you": {"battlefield": ["Grizzly Bears", {"card": "XM Guide", "attached_to": "Grizzly Bears"}]},
         "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([guide], z, [{"destroy": "Grizzly Bears"}, {"resolve": "all"}], [{"life_change": {"you": 3}}],
         [{"life_change": {"you": 0}}])
    both([guide], z, [{"destroy": "Grizzly Bears#2"}, {"resolve": "all"}], [{"life_change": {"you": 0}}],
         [{"life_change": {"you": 3}}])


# ---------------------------------------------------------------------------- the compiler's honesty
LINES = [
    "Enchanted creature gets +1/+1 for each enchantment you control and has first strike.",
    "Equipped creature gets +1/+0 for each Gate you control and has vigilance and menace.",
    "{T}: Add {G} for each Elf you control.",
    "{T}: Add {G} for each +1/+1 counter on ~.",
    "Target creature you control gains protection from artifacts or from the color of your choice until end of turn.",
    "Target creature you control gains protection from colorless or from the color of your choice until end of turn.",
    "Your opponents can't cast noncreature spells this turn.",
    "Target player can't cast creature spells this turn.",
    "Whenever ~ evolves, you gain 2 life.",
    "Whenever a +1/+1 counter is put on ~, you may draw a card.",
    "You may have ~ enter the battlefield as a copy of any creature on the battlefield, except it's an Illusion in "
    "addition to its other types and it has flying.",
    "You get an emblem with \"Creatures you control get +2/+2 and have flying.\"",
    "You get an emblem with \"At the beginning of your end step, you gain 2 life.\"",
    "Put target nonland permanent into its owner's library third from the top.",
    "Activated abilities of creatures your opponents control can't be activated.",
    "Activated abilities of artifacts can't be activated unless they're mana abilities.",
    "Until your next turn, prevent all damage target permanent would deal.",
    "Until end of turn, ~ becomes a 5/5 Human Soldier creature with indestructible that's still a planeswalker.",
    "Creature spells you cast with mana value 6 or greater cost {2} less to cast.",
    "Creature spells you cast of the chosen type cost {1} less to cast.",
    "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
    "Creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those "
    "creatures.",
    "At the beginning of your upkeep, if ~ isn't a token, create a token that's a copy of ~.",
    "Until your next turn, creatures you control get +1/+0 and gain lifelink.",
    "If one or more tokens would be created, twice that many of those tokens are created instead.",
    "If one or more tokens would be created under your control, twice that many of those tokens are created instead.",
]
_SWAPS = {"+1/+0 and gain": "+2/+0 and gain", "pays {2}": "pays {3}", "pays {1}": "pays {4}", "5/5": "6/6", "{2} less": "{3} less", "{1} less": "{2} less", "6 or greater": "5 or greater", "gain 2": "gain 3", "+1/+1 counter": "-1/-1 counter", "+1/+1 for": "+2/+2 for", "+1/+0": "+2/+0", "{G}": "{R}", "twice": "three times"}
NOUNS = ("enchantment", "Gate", "Elf", "tokens", "counter", "artifacts", "colorless", "color", "spells", "opponents", "player", "emblem", "library", "creatures", "nonland", "artifacts", "abilities", "planeswalker", "permanent", "planeswalkers", "controller")


def _face(text):
    text = text.replace("~", NAME)
    if text.startswith("Enchanted"):
        return {"name": NAME, "text": "Enchant creature\n" + text, "types": ["Enchantment"], "subtypes": ["Aura"]}
    if text.startswith("Equipped"):
        return {"name": NAME, "text": text + "\nEquip {2}", "types": ["Artifact"], "subtypes": ["Equipment"]}
    if text.startswith(("Target", "Your", "You get", "Put", "Until your")):
        return {"name": NAME, "text": text, "types": ["Instant"]}
    if text.startswith("Until end"):
        return {"name": NAME, "text": "+1: " + text, "types": ["Planeswalker"], "loyalty": "3"}
    if text.startswith("Creature spells"):
        return {"name": NAME, "text": "As ~ enters, choose a creature type.\n".replace("~", NAME) + text,
                "types": ["Artifact"]}
    if text.startswith(("If", "You may ", "Activated", "Creatures can't")):
        return {"name": NAME, "text": text, "types": ["Enchantment"]}
    return {"name": NAME, "text": text, "types": ["Creature"], "power": "1", "toughness": "1"}


globals().update(family_honesty_tests(_face, LINES, NOUNS, _SWAPS))
