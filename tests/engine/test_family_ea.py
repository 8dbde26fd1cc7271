"""Clause family ea of issue 21 (enters-the-battlefield replacements and counters): one scenario per mechanic,
XMage style (setup → action → assertion, CR rule in the docstring), each with a wrong twin that must fail; then
the compiler's honesty on the family's constructions (a nonsense noun or an added clause is never supported, a
changed number changes the behaviour).  Lines are constructions around a made-up name, not any card's text."""
from __future__ import annotations


from engine.oracle.compile import compile_face
from family_honesty import family_honesty_tests
from test_breadth import _forget, both, card, run, spell  # noqa: F401  (_forget: the autouse fixture)

_P1 = "+1/+1"


def scales(name="EA Scales", mod=None):
    return card(name, ("Enchantment",), {"statics": [{"counter_modifier": mod or {
        "on": {"types": ["Creature"], "controller": "you"}, "kind": _P1, "plus": 1}}]})


def season(name="EA Season"):
    return card(name, ("Enchantment",), {"statics": [{"counter_modifier": {
        "on": {"types": ["Creature"], "controller": "you"}, "kind": _P1, "times": 2}}]})


def giant():
    return card("EA Giant", pt=(3, 3))


def grow(n=1, kind=_P1):
    return spell("EA Grow", [{"put_counters": {"to": "target", "kind": kind, "n": n}}], [{"kind": "creature"}])


def _counters(card_name, n, kind=_P1):
    return {"counters": {"card": card_name, "kind": kind, "n": n}}


def _grow_bears(extra_bf, choose=None, n=1, kind=_P1, owner="you"):
    z = {"you": {"hand": ["EA Grow"], "battlefield": list(extra_bf)}, "opponent": {"battlefield": []}}
    z[owner]["battlefield"].append("Grizzly Bears")
    acts = ([{"choose": choose}] if choose else []) + [{"cast": "EA Grow", "targets": ["Grizzly Bears"]},
                                                       {"resolve": "all"}]
    return z, acts


# ---------------------------------------------------------------------------- 614.1a counter replacements
def test_614_1a_that_many_plus_one_counters():
    """614.1a: "if one or more +1/+1 counters would be put on a creature you control, that many plus one …"."""
    z, acts = _grow_bears(["EA Scales"])
    both([scales(), grow()], z, acts, [_counters("Grizzly Bears", 2)], [_counters("Grizzly Bears", 1)])


def test_614_1a_only_creatures_you_control_and_only_that_kind():
    """614.1a: the replacement reads the permanent (an opponent's creature is not modified) and the kind."""
    z, acts = _grow_bears(["EA Scales"], owner="opponent")
    both([scales(), grow()], z, acts, [_counters("Grizzly Bears", 1)], [_counters("Grizzly Bears", 2)])
    z, acts = _grow_bears(["EA Scales"])
    both([scales(), grow(kind="-1/-1")], z, acts, [_counters("Grizzly Bears", 1, "-1/-1")],
         [_counters("Grizzly Bears", 2, "-1/-1")])


def test_614_1a_that_many_minus_one_can_put_none():
    """614.1a: "that many -1/-1 counters minus one are put on it instead" — one becomes none."""
    vizier = scales("EA Vizier", {"on": {"types": ["Creature"], "controller": "you"}, "kind": "-1/-1", "plus": -1})
    z, acts = _grow_bears(["EA Vizier"])
    both([vizier, grow(kind="-1/-1")], z, acts, [_counters("Grizzly Bears", 0, "-1/-1")],
         [_counters("Grizzly Bears", 1, "-1/-1")])


def test_616_1_the_controller_orders_addition_and_doubling():
    """616.1: with "plus one" and "twice that many" both applying, the creature's controller picks the order:
    plus first (1 → 2 → 4) or doubling first (1 → 2 → 3)."""
    cards = [scales(), season(), grow()]
    z, acts = _grow_bears(["EA Scales", "EA Season"], {"card": "EA Scales"})
    both(cards, z, acts, [_counters("Grizzly Bears", 4)], [_counters("Grizzly Bears", 3)])
    z, acts = _grow_bears(["EA Scales", "EA Season"], {"card": "EA Season"})
    both(cards, z, acts, [_counters("Grizzly Bears", 3)], [_counters("Grizzly Bears", 4)])


def test_614_1a_keyword_actions_and_wither_put_replaceable_counters():
    """614.1a: bolster (701.39a) puts counters, so "plus one" applies; wither damage (702.80a) is -1/-1 counters
    put, so "minus one" applies."""
    bolster = spell("EA Bolster", [{"bolster": 2}])
    z = {"you": {"hand": ["EA Bolster"], "battlefield": ["Grizzly Bears", "EA Scales"]}}
    both([scales(), bolster], z, [{"cast": "EA Bolster"}, {"resolve": "all"}], [_counters("Grizzly Bears", 3)],
         [_counters("Grizzly Bears", 2)])
    witherer = card("EA Witherer", spec={"keywords": ["wither"]}, pt=(2, 2))
    vizier = scales("EA Vizier", {"on": {"types": ["Creature"], "controller": "you"}, "kind": "-1/-1", "plus": -1})
    z = {"you": {"battlefield": ["EA Giant", "EA Vizier"]}, "opponent": {"battlefield": ["EA Witherer"]}}
    acts = [{"advance": {"turn": 2, "step": "declare_attackers"}}, {"attack": ["EA Witherer"], "by": "opponent"},
            {"block": {"EA Giant": "EA Witherer"}}, {"advance": {"turn": 2, "step": "end"}}]
    both([witherer, vizier, giant()], z, acts, [_counters("EA Giant", 1, "-1/-1")], [_counters("EA Giant", 2, "-1/-1")])


def test_614_1a_counters_a_creature_enters_with_are_modified():
    """122.6 / 614.1c: a creature entering with counters gets them modified too (plus one)."""
    hydra = card("EA Hydra", spec={"enters_with_counters": {_P1: 2}}, pt=(0, 0))
    z = {"you": {"hand": ["EA Hydra"], "battlefield": ["EA Scales"]}}
    both([scales(), hydra], z, [{"cast": "EA Hydra"}, {"resolve": "all"}], [_counters("EA Hydra", 3)],
         [_counters("EA Hydra", 2)])


def test_702_93a_undying_returns_with_a_modified_counter():
    """702.93a / 614.1a: undying returns the creature with a +1/+1 counter — plus one makes it two."""
    undy = card("EA Undying", spec={"keywords": ["undying"]})
    kill = spell("EA Kill", [{"destroy": "target"}], [{"kind": "creature"}])
    z = {"you": {"battlefield": ["EA Undying", "EA Scales"], "hand": ["EA Kill"]}}
    both([scales(), undy, kill], z, [{"cast": "EA Kill", "targets": ["EA Undying"]}, {"resolve": "all"}],
         [_counters("EA Undying", 2)], [_counters("EA Undying", 1)])


# ---------------------------------------------------------------------------- 122.8 doubling, 601.2d distributing
def test_122_8_double_the_number_of_counters():
    """"double the number of +1/+1 counters on target creature": put that many more (3 → 6)."""
    dbl = spell("EA Double", [{"double_counters": {"kind": _P1, "to": "target"}}], [{"kind": "creature"}])
    z = {"you": {"hand": ["EA Grow", "EA Double"], "battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "EA Grow", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"cast": "EA Double", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([grow(3), dbl], z, acts, [_counters("Grizzly Bears", 6)], [_counters("Grizzly Bears", 3)])


def test_122_8_doubling_each_creature_and_every_kind():
    """"… on each creature you control" touches only those; "each kind of counter" doubles all kinds."""
    each = spell("EA Each", [{"double_counters": {"kind": _P1, "to": "each",
                                                  "filter": {"types": ["Creature"], "controller": "you"}}}])
    kinds = spell("EA Kinds", [{"double_counters": {"to": "target"}}], [{"kind": "creature"}])
    z = {"you": {"hand": ["EA Grow", "EA Each"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["EA Giant"]}}
    acts = [{"cast": "EA Grow", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"cast": "EA Grow", "targets": ["EA Giant"]}, {"resolve": "all"}, {"cast": "EA Each"},
            {"resolve": "all"}]
    z["you"]["hand"].append("EA Grow")
    both([grow(2), each, giant()], z, acts, [_counters("Grizzly Bears", 4), _counters("EA Giant", 2)],
         [_counters("EA Giant", 4)])
    z = {"you": {"hand": ["EA Grow", "EA Grow", "EA Kinds"], "battlefield": ["Grizzly Bears"]}}
    g2 = spell("EA Wither", [{"put_counters": {"to": "target", "kind": "charge", "n": 1}}], [{"kind": "creature"}])
    z["you"]["hand"] = ["EA Grow", "EA Wither", "EA Kinds"]
    acts = [{"cast": "EA Grow", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"cast": "EA Wither", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"cast": "EA Kinds", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([grow(2), g2, kinds], z, acts, [_counters("Grizzly Bears", 4), _counters("Grizzly Bears", 2, "charge")],
         [_counters("Grizzly Bears", 1, "charge")])


def test_601_2d_distribute_counters_among_targets():
    """601.2d: "distribute three +1/+1 counters among one, two, or three target creatures" as chosen."""
    dist = spell("EA Distribute", [{"counters_divided": {"n": 3, "kind": _P1, "to": "target"}}],
                 [{"kind": "creature", "up_to": 3}])
    z = {"you": {"hand": ["EA Distribute"], "battlefield": ["Grizzly Bears", "EA Giant"]}}
    acts = [{"choose": {"divide": [1, 2]}}, {"cast": "EA Distribute", "targets": ["Grizzly Bears", "EA Giant"]},
            {"resolve": "all"}]
    both([dist, giant()], z, acts, [_counters("Grizzly Bears", 1), _counters("EA Giant", 2)],
         [_counters("Grizzly Bears", 2)])
    bad = [{"choose": {"divide": [3, 1]}}] + acts[1:]
    r = run([dist, giant()], z, bad, [])
    assert not r.passed and "601.2d" in (r.error or ""), r.error     # 4 counters is not a division of 3


# ---------------------------------------------------------------------------- 614.1c enters tapped unless
def test_614_1c_enters_tapped_unless_two_or_more_opponents():
    """614.1c: "enters tapped unless you have two or more opponents" — tapped in a two-player game, untapped
    with two opponents."""
    land = card("EA Promenade", ("Land",), {"enters_tapped": {"unless": {"opponents_at_least": 2}}})
    z = {"you": {"hand": ["EA Promenade"]}}
    both([land], z, [{"cast": "EA Promenade"}], [{"tapped": {"card": "EA Promenade", "value": True}}],
         [{"tapped": {"card": "EA Promenade", "value": False}}])
    both([land], z, [{"cast": "EA Promenade"}], [{"tapped": {"card": "EA Promenade", "value": False}}],
         [{"tapped": {"card": "EA Promenade", "value": True}}], players=["you", "opponent", "third"])


# ---------------------------------------------------------------------------- 122.6 counters-put triggers
def _watcher(obj, kind=_P1):
    t = {"event": "counters_put", "object": obj, "targets": [], "effects": [{"gain_life": 1}]}
    if kind:
        t["counter_kind"] = kind
    return card("EA Watcher", spec={"triggers": [t]})


def test_122_6_whenever_counters_are_put_on_it():
    """122.6 / 603.2: "whenever one or more +1/+1 counters are put on ~" — once per effect, not per counter; a
    counter of another kind does not trigger it."""
    z = {"you": {"hand": ["EA Grow"], "battlefield": ["EA Watcher"]}}
    acts = [{"cast": "EA Grow", "targets": ["EA Watcher"]}, {"resolve": "all"}]
    both([_watcher({"self": True}), grow(3)], z, acts, [{"life": {"you": 21}}], [{"life": {"you": 20}}])
    both([_watcher({"self": True}), grow(3, "charge")], z, acts, [{"life": {"you": 20}}], [{"life": {"you": 21}}])


def test_122_6_counters_a_creature_enters_with_are_put_on_it():
    """122.6: a creature entering with counters has them put on it — "whenever … counters are put on another
    creature you control" triggers; a creature entering without counters does not."""
    watcher = _watcher({"types": ["Creature"], "controller": "you", "other": True})
    hydra = card("EA Hydra", spec={"enters_with_counters": {_P1: 2}}, pt=(0, 0))
    z = {"you": {"hand": ["EA Hydra", "Grizzly Bears"], "battlefield": ["EA Watcher"]}}
    both([watcher, hydra], z, [{"cast": "EA Hydra"}, {"resolve": "all"}], [{"life": {"you": 21}}],
         [{"life": {"you": 20}}])
    both([watcher, hydra], z, [{"cast": "Grizzly Bears"}, {"resolve": "all"}], [{"life": {"you": 20}}],
         [{"life": {"you": 21}}])


def test_603_6a_when_it_enters_untapped():
    """603.6a / 614.1c: "~ enters tapped unless you control a Forest. When ~ enters untapped, you gain 1 life" —
    the trigger sees the status it entered with."""
    land = card("EA Cabin", ("Land",), {
        "enters_tapped": {"unless": {"control_at_least": {"n": 1, "filter": {"subtypes": ["Forest"]}}}},
        "triggers": [{"event": "enters", "object": {"self": True, "tapped": False}, "targets": [],
                      "effects": [{"gain_life": 1}]}]})
    forest = card("EA Forest", ("Land",), subtypes=("Forest",))
    acts = [{"cast": "EA Cabin"}, {"resolve": "all"}]
    both([land, forest], {"you": {"hand": ["EA Cabin"], "battlefield": ["EA Forest"]}}, acts,
         [{"life": {"you": 21}}, {"tapped": {"card": "EA Cabin", "value": False}}], [{"life": {"you": 20}}])
    both([land, forest], {"you": {"hand": ["EA Cabin"]}}, acts,
         [{"life": {"you": 20}}, {"tapped": {"card": "EA Cabin", "value": True}}], [{"life": {"you": 21}}])


def test_702_138c_escapes_with_counters_only_when_it_escaped():
    """702.138c: "~ escapes with two +1/+1 counters on it" — cast with escape it enters with them; cast from the
    hand it does not."""
    strider = card("EA Strider", spec={"escape": {"cost": "{1}", "exile_from_graveyard": 1},
                                       "statics": [{"enters_with_counters": {_P1: 2}, "if": {"escaped": True}}]})
    z = {"you": {"graveyard": ["EA Strider", "Grizzly Bears"]}}
    acts = [{"choose": {"card": "Grizzly Bears"}}, {"cast": "EA Strider", "mode": "escape"}, {"resolve": "all"}]
    both([strider], z, acts, [_counters("EA Strider", 2), {"zone": {"card": "Grizzly Bears", "zone": "exile"}}],
         [_counters("EA Strider", 0)])
    both([strider], {"you": {"hand": ["EA Strider"]}}, [{"cast": "EA Strider"}, {"resolve": "all"}],
         [_counters("EA Strider", 0)], [_counters("EA Strider", 2)])


# ---------------------------------------------------------------------------- counters as costs (602.2b, 122.8)
def _vault():
    return card("EA Vault", ("Land",), {"statics": [{"may_not_untap": True}], "activated": [
        {"tap": True, "remove_any_counters": {"kind": "storage"}, "mana": True, "targets": [],
         "effects": [{"add_mana": {"mana": "B", "n": "removed_this_way:storage"}}]}]})


def test_602_2b_remove_any_number_of_storage_counters_for_mana():
    """602.2b / 106.4: "{T}, remove any number of storage counters: add {B} for each removed this way" — the
    player's number of counters leaves, that much mana is added; more than it has is refused."""
    z = {"you": {"battlefield": [{"card": "EA Vault", "counters": {"storage": 3}}]}}
    acts = [{"choose": {"x": 2}}, {"activate": "EA Vault"}]
    both([_vault()], z, acts, [{"mana_pool": {"player": "you", "mana": "BB"}}, _counters("EA Vault", 1, "storage")],
         [{"mana_pool": {"player": "you", "mana": "BBB"}}])
    r = run([_vault()], z, [{"choose": {"x": 4}}, {"activate": "EA Vault"}], [])
    assert not r.passed and "602.2b" in (r.error or ""), r.error


def test_502_3_may_choose_not_to_untap():
    """502.3: "you may choose not to untap ~ during your untap step" — the controller's answer decides."""
    z = {"you": {"battlefield": [{"card": "EA Vault", "tapped": True}]}}
    keep = [{"choose": {"may": "yes"}}, {"advance": {"turn": 3, "step": "upkeep"}}]
    both([_vault()], z, keep, [{"tapped": {"card": "EA Vault", "value": True}}],
         [{"tapped": {"card": "EA Vault", "value": False}}])
    untap = [{"choose": {"may": "no"}}, {"advance": {"turn": 3, "step": "upkeep"}}]
    both([_vault()], z, untap, [{"tapped": {"card": "EA Vault", "value": False}}],
         [{"tapped": {"card": "EA Vault", "value": True}}])


def test_602_2b_remove_a_counter_from_a_creature_you_control():
    """602.2b: "remove a +1/+1 counter from a creature you control: draw a card" — from the creature picked; with
    none to remove the ability can't be activated."""
    sages = card("EA Sages", spec={"activated": [{"remove_counters_from": {
        "kind": _P1, "n": 1, "filter": {"types": ["Creature"], "controller": "you"}}, "targets": [],
        "effects": [{"draw": 1}]}]})
    z = {"you": {"battlefield": ["EA Sages", {"card": "Grizzly Bears", "counters": {_P1: 2}}],
                 "library": ["Grizzly Bears"]}}
    acts = [{"activate": "EA Sages"}, {"resolve": "all"}]
    both([sages], z, acts, [_counters("Grizzly Bears", 1), {"count": {"player": "you", "zone": "hand", "n": 1}}],
         [_counters("Grizzly Bears", 2)])
    z = {"you": {"battlefield": ["EA Sages", "Grizzly Bears"], "library": ["Grizzly Bears"]}}
    r = run([sages], z, acts, [])
    assert not r.passed and "602.2b" in (r.error or ""), r.error


def test_602_2b_put_a_counter_on_it_as_a_cost_and_replacements_apply():
    """602.2b / 122.1: "put a -1/-1 counter on ~: untap ~" — the counter is the cost; with "that many -1/-1
    counters minus one" the cost puts none (614.1a)."""
    druid = card("EA Druid", spec={"activated": [{"put_counters_cost": {"kind": "-1/-1", "n": 1}, "targets": [],
                                                  "effects": [{"untap": "self"}]}]}, pt=(0, 2))
    vizier = scales("EA Vizier", {"on": {"types": ["Creature"], "controller": "you"}, "kind": "-1/-1", "plus": -1})
    z = {"you": {"battlefield": [{"card": "EA Druid", "tapped": True}]}}
    acts = [{"activate": "EA Druid"}, {"resolve": "all"}]
    both([druid], z, acts, [_counters("EA Druid", 1, "-1/-1"), {"tapped": {"card": "EA Druid", "value": False}}],
         [_counters("EA Druid", 0, "-1/-1")])
    z["you"]["battlefield"].append("EA Vizier")
    both([druid, vizier], z, acts + acts, [_counters("EA Druid", 0, "-1/-1"),
                                           {"zone": {"card": "EA Druid", "zone": "battlefield"}}],
         [_counters("EA Druid", 2, "-1/-1")])


def test_122_8_remove_all_counters_of_a_kind_or_every_kind():
    """122.8: "remove all -1/-1 counters from it" leaves the other kinds; "remove all counters" leaves none."""
    one = spell("EA Mend", [{"remove_all_counters": {"from": "target", "kind": "-1/-1"}}], [{"kind": "creature"}])
    every = spell("EA Wipe", [{"remove_all_counters": {"from": "target"}}], [{"kind": "creature"}])
    z = {"you": {"hand": ["EA Mend", "EA Wipe"],
                 "battlefield": [{"card": "EA Giant", "counters": {"-1/-1": 2, "charge": 3}}]}}
    acts = [{"cast": "EA Mend", "targets": ["EA Giant"]}, {"resolve": "all"}]
    both([one, every, giant()], z, acts, [_counters("EA Giant", 0, "-1/-1"), _counters("EA Giant", 3, "charge")],
         [_counters("EA Giant", 2, "-1/-1")])
    acts = [{"cast": "EA Wipe", "targets": ["EA Giant"]}, {"resolve": "all"}]
    both([one, every, giant()], z, acts, [_counters("EA Giant", 0, "-1/-1"), _counters("EA Giant", 0, "charge")],
         [_counters("EA Giant", 3, "charge")])


def test_122_5_move_a_counter_onto_another_creature():
    """122.5: "move a +1/+1 counter from ~ onto target creature" — one leaves, one is put on (so "plus one"
    replacements apply to the put)."""
    rack = card("EA Rack", ("Artifact",), {"activated": [{"tap": True, "targets": [{"kind": "creature"}], "effects": [
        {"move_counters": {"n": 1, "kind": _P1, "from": "self", "to": "target"}}]}]})
    z = {"you": {"battlefield": [{"card": "EA Rack", "counters": {_P1: 3}}, "Grizzly Bears"]}}
    acts = [{"activate": "EA Rack", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([rack], z, acts, [_counters("EA Rack", 2), _counters("Grizzly Bears", 1)], [_counters("EA Rack", 3)])
    z["you"]["battlefield"].append("EA Scales")
    both([rack, scales()], z, acts, [_counters("EA Rack", 2), _counters("Grizzly Bears", 2)],
         [_counters("Grizzly Bears", 1)])


def test_106_4_mana_battery_adds_one_plus_the_counters_removed():
    """106.4: "remove any number of charge counters: add {R}, then add an additional {R} for each charge counter
    removed this way" — removing none still adds one."""
    battery = card("EA Battery", ("Artifact",), {"activated": [
        {"tap": True, "remove_any_counters": {"kind": "charge"}, "mana": True, "targets": [],
         "effects": [{"add_mana": {"mana": "R", "n": {"sum": [1, "removed_this_way:charge"]}}}]}]})
    z = {"you": {"battlefield": [{"card": "EA Battery", "counters": {"charge": 2}}]}}
    both([battery], z, [{"choose": {"x": 2}}, {"activate": "EA Battery"}], [{"mana_pool": {"player": "you", "mana": "RRR"}}],
         [{"mana_pool": {"player": "you", "mana": "RR"}}])
    both([battery], z, [{"choose": {"x": 0}}, {"activate": "EA Battery"}], [{"mana_pool": {"player": "you", "mana": "R"}}],
         [{"mana_pool": {"player": "you", "mana": "RRR"}}])


# ---------------------------------------------------------------------------- 614.12 choices as it enters
def test_614_12_a_color_other_than_one_and_mana_of_the_chosen_color():
    """614.12: "as ~ enters, choose a color other than red" — the chosen colour is what "{T}: add {R} or one mana
    of the chosen color" can add; red itself can't be chosen."""
    land = card("EA Thriving", ("Land",), {"enters_choice": {"color": {"except": "R"}}, "activated": [
        {"tap": True, "mana": True, "targets": [], "effects": [{"add_mana": {"one_of": ["R", "chosen"]}}]}]})
    z = {"you": {"hand": ["EA Thriving"]}}
    acts = [{"choose": {"color": "U"}}, {"cast": "EA Thriving"}, {"choose": {"color": "U"}}, {"activate": "EA Thriving"}]
    both([land], z, acts, [{"mana_pool": {"player": "you", "mana": "U"}}], [{"mana_pool": {"player": "you", "mana": "G"}}])
    bad = [{"choose": {"color": "U"}}, {"cast": "EA Thriving"}, {"choose": {"color": "G"}}, {"activate": "EA Thriving"}]
    r = run([land], z, bad, [])
    assert not r.passed and "is not one of" in (r.error or ""), r.error
    r = run([land], z, [{"choose": {"color": "R"}}, {"cast": "EA Thriving"}], [])
    assert not r.passed and "614.12" in (r.error or ""), r.error


def test_702_16_protection_from_the_chosen_color():
    """702.16 / 614.12: "~ has protection from the chosen color" — a red spell can't target it after red was chosen;
    after green was chosen it can."""
    knight = card("EA Knight", spec={"enters_choice": "color", "statics": [{"protection_from_chosen": {"self": True}}]})
    bolt = spell("EA Bolt", [{"damage": {"n": 3, "to": "target"}}], [{"kind": "creature"}], colors="R")
    z = {"you": {"hand": ["EA Knight"]}, "opponent": {"hand": ["EA Bolt"]}}
    chk = [{"can_target": {"spell": "EA Bolt", "target": "EA Knight", "value": False}}]
    both([knight, bolt], z, [{"choose": {"color": "R"}}, {"cast": "EA Knight"}, {"resolve": "all"}], chk,
         [{"can_target": {"spell": "EA Bolt", "target": "EA Knight", "value": True}}])
    both([knight, bolt], z, [{"choose": {"color": "G"}}, {"cast": "EA Knight"}, {"resolve": "all"}],
         [{"can_target": {"spell": "EA Bolt", "target": "EA Knight", "value": True}}], chk)


def test_205_3_is_the_chosen_type_and_others_enter_with_a_counter():
    """205.3 / 613.1d: "~ is the chosen type in addition to its other types"; 614.1c: "each other creature you
    control of the chosen type enters with an additional +1/+1 counter" — only that type."""
    mimic = card("EA Mimic", spec={"enters_choice": "creature_type", "statics": [{"is_chosen_type": True}, {
        "enters_with_additional": {"filter": {"types": ["Creature"], "controller": "you", "chosen_type": True},
                                   "counters": {_P1: 1}}}]}, subtypes=("Shapeshifter",))
    z = {"you": {"hand": ["EA Mimic", "Grizzly Bears"]}}
    acts = [{"choose": {"creature_type": "Bear"}}, {"cast": "EA Mimic"}, {"resolve": "all"},
            {"cast": "Grizzly Bears"}, {"resolve": "all"}]
    both([mimic], z, acts, [_counters("Grizzly Bears", 1), {"types": {"card": "EA Mimic", "has": ["Bear"]}},
                            _counters("EA Mimic", 0)],
         [_counters("Grizzly Bears", 0)])
    acts[0] = {"choose": {"creature_type": "Elf"}}
    both([mimic], z, acts, [_counters("Grizzly Bears", 0), {"types": {"card": "EA Mimic", "has": ["Elf"]}}],
         [_counters("Grizzly Bears", 1)])


def test_614_1c_enters_with_your_choice_of_keyword_counters():
    """614.1c / 122.1b: "enters with your choice of a flying counter or a first strike counter on it" — the
    chosen counter, and the keyword it gives; "two different counters from among …" takes two answers."""
    glider = card("EA Glider", spec={"statics": [{"enters_with_counter_choice": {"kinds": ["flying", "first_strike"],
                                                                                 "n": 1}}]})
    z = {"you": {"hand": ["EA Glider"]}}
    acts = [{"choose": {"mode": "first_strike"}}, {"cast": "EA Glider"}, {"resolve": "all"}]
    both([glider], z, acts, [_counters("EA Glider", 1, "first_strike"), _counters("EA Glider", 0, "flying"),
                             {"has_ability": {"card": "EA Glider", "ability": "first_strike", "value": True}}],
         [{"has_ability": {"card": "EA Glider", "ability": "flying", "value": True}}])
    dancer = card("EA Dancer", spec={"statics": [{"enters_with_counter_choice": {
        "kinds": ["menace", "deathtouch", "lifelink"], "n": 2}}]})
    z = {"you": {"hand": ["EA Dancer"]}}
    acts = [{"choose": {"mode": "lifelink"}}, {"choose": {"mode": "menace"}}, {"cast": "EA Dancer"}, {"resolve": "all"}]
    both([dancer], z, acts, [_counters("EA Dancer", 1, "lifelink"), _counters("EA Dancer", 1, "menace")],
         [_counters("EA Dancer", 1, "deathtouch")])
    r = run([dancer], z, [{"choose": {"mode": "lifelink"}}, {"choose": {"mode": "lifelink"}}, {"cast": "EA Dancer"},
                          {"resolve": "all"}], [])
    assert not r.passed and "614.1c" in (r.error or ""), r.error        # two different counters


def test_614_1c_sacrifice_as_it_would_enter_or_go_to_the_graveyard():
    """614.1c: "if ~ would enter, sacrifice an untapped Forest instead; if you do, put ~ onto the battlefield; if
    you don't, put it into its owner's graveyard" — a tapped Forest doesn't count."""
    lake = card("EA Lake", ("Land",), {"statics": [{"enter_sacrifice": {"n": 1, "filter": {
        "tapped": False, "subtypes": ["Forest"]}}}]})
    forest = card("EA Forest", ("Land",), subtypes=("Forest",))
    z = {"you": {"hand": ["EA Lake"], "battlefield": ["EA Forest"]}}
    both([lake, forest], z, [{"cast": "EA Lake"}], [{"zone": {"card": "EA Lake", "zone": "battlefield"}},
                                                    {"zone": {"card": "EA Forest", "zone": "graveyard"}}],
         [{"zone": {"card": "EA Forest", "zone": "battlefield"}}])
    z = {"you": {"hand": ["EA Lake"], "battlefield": [{"card": "EA Forest", "tapped": True}]}}
    both([lake, forest], z, [{"cast": "EA Lake"}], [{"zone": {"card": "EA Lake", "zone": "graveyard"}},
                                                    {"zone": {"card": "EA Forest", "zone": "battlefield"}}],
         [{"zone": {"card": "EA Lake", "zone": "battlefield"}}])


# ---------------------------------------------------------------------------- compiler honesty
NAME = "Quillbeast"
LINES = [
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are "
    "put on it instead.",
    "If one or more +1/+1 counters would be put on a creature you control, twice that many +1/+1 counters are put "
    "on that creature instead.",
    "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters minus one are "
    "put on it instead.",
    "If one or more counters would be put on an artifact or creature you control, that many plus one of each of "
    "those kinds of counters are put on that permanent instead.",
    "If one or more +1/+1 counters would be put on Quillbeast, that many plus one +1/+1 counters are put on it "
    "instead.",
    "Whenever Quillbeast attacks, double the number of +1/+1 counters on each creature you control.",
    "At the beginning of your upkeep, double the number of +1/+1 counters on Quillbeast.",
    "Double the number of each kind of counter on target permanent.",
    "Distribute three +1/+1 counters among one, two, or three target creatures you control.",
    "Distribute two -1/-1 counters among one or two target creatures.",
    "Distribute three +1/+1 counters among up to two target creatures, then double the number of +1/+1 counters on "
    "each of those creatures.",
    "Quillbeast enters the battlefield tapped unless you have two or more opponents.",
    "When Quillbeast enters the battlefield untapped, you gain 2 life.",
    "Quillbeast escapes with two +1/+1 counters on it.",
    "Quillbeast enters the battlefield tapped and doesn't untap during your untap step.",
    "{T}, Remove any number of storage counters from Quillbeast: Add {B} for each storage counter removed this way.",
    "{2}, Remove a +1/+1 counter from a creature you control: Draw a card.",
    "{1}, Remove two +1/+1 counters from among creatures you control: Draw a card.",
    "Remove three quest counters from Quillbeast and sacrifice it: Draw two cards.",
    "{T}, Remove any number of charge counters from Quillbeast: Add {R}, then add an additional {R} for each charge "
    "counter removed this way.",
    "Sacrifice Quillbeast: Remove all counters from target permanent.",
    "Whenever Quillbeast deals combat damage to a player, remove all -1/-1 counters from it.",
    "{1}{U}, {T}: Move a +1/+1 counter from Quillbeast onto target creature.",
    "{2}: Move two +1/+1 counters from target creature onto a second target creature.",
    "Whenever one or more +1/+1 counters are put on Quillbeast, you may create a 1/1 green Squirrel creature token.",
    "Whenever one or more +1/+1 counters are put on another creature you control, you gain 2 life.",
    "As Quillbeast enters the battlefield, choose a color other than red.",
    "{T}: Add {R} or one mana of the chosen color.",
    "Quillbeast has protection from the chosen color.",
    "Each other creature you control of the chosen type enters the battlefield with an additional +1/+1 counter on it.",
    "Each other creature you control enters the battlefield with two additional +1/+1 counters on it.",
    "Quillbeast enters the battlefield with your choice of a flying counter or a first strike counter on it.",
    "Quillbeast enters the battlefield with your choice of two different counters on it from among menace, "
    "deathtouch, and lifelink.",
    "If Quillbeast would enter the battlefield, sacrifice two untapped lands instead. If you do, put Quillbeast onto "
    "the battlefield. If you don't, put it into its owner's graveyard.",
]
_SWAPS = {"one +1/+1": "two +1/+1", "minus one": "minus two", "plus one of": "plus two of", "twice": "three times",
          "three +1/+1": "four +1/+1", "two -1/-1": "three -1/-1", "two or more": "three or more", "gain 2 life": "gain 3 life",
          "other than red": "other than blue", "{R}": "{G}", "two additional": "three additional", "two different": "three different", "two untapped": "three untapped", "escapes with two": "escapes with three", "{1}{U}": "{2}{U}", "two +1/+1 counters from target": "three +1/+1 counters from target",
          "three quest": "four quest", "two +1/+1 counters from": "three +1/+1 counters from"}


def _face(text):
    if text.startswith(("Double", "Distribute")):                 # a spell's effect
        return {"name": NAME, "text": text, "types": ["Instant"]}
    return {"name": NAME, "text": text, "types": ["Creature"], "power": "1", "toughness": "1"}


NOUNS = ("creatures", "creature", "counters", "counter", "opponents", "permanent", "artifact", "+1/+1", "-1/-1",
         "storage", "quest", "color", "type", "lands", "graveyard")
globals().update(family_honesty_tests(_face, LINES, NOUNS, _SWAPS))


def test_a_result_naming_another_kind_is_not_supported():
    """The replaced counters must be the kind the event names: "+1/+1 … would be put …, that many plus one
    -1/-1 counters" is not this construction."""
    c = compile_face(_face("If one or more +1/+1 counters would be put on a creature you control, that many plus "
                           "one -1/-1 counters are put on it instead."))
    assert not c.supported
