"""Hook dispatch by declared needs (issue 21, engine throughput): a hook that declares the zones or event kinds it
looks at (``vocabulary.hook(table, frm=, to=, kinds=)``), a layer effect the static keys it reads
(``layer_effect(layer, statics=)``) and a state-based check the sweep list or game attribute it looks at
(``sba_check(on=)``) is skipped when those are absent.  The selection, the replacement chain (614.1a), that every
declaration names what the hook reads, and mechanics appearing mid-game (a copy 707.9, a granted ability 613.1f, a
history a card cast later reads) are checked here."""
from __future__ import annotations

import inspect

import engine.game  # noqa: F401 — the mechanics' registrations
from engine import vocabulary as V
from engine.game.sba import _LISTS, Sweep
from test_breadth import _forget, both, card, spell  # noqa: F401  (_forget: the autouse fixture)

ZONES = {"library", "hand", "graveyard", "exile", "stack", "battlefield", "command", "sideboard"}


# ---------------------------------------------------------------------------- the selection itself
def _table():
    calls = []

    def make(name, result=None):
        def fn(g, o, to):
            calls.append((name, to))
            return result or to
        fn.__name__ = name
        return fn
    table: list = []
    V.hook(table)(make("any"))
    V.hook(table, to=("graveyard",))(make("gy_to_exile", "exile"))
    V.hook(table, to=("graveyard",))(make("gy_later"))
    V.hook(table, frm=("stack",), to=("exile",))(make("stack_exile"))
    V.hook(table, to=("exile",))(make("exile_later"))
    return table, calls


def test_hooks_are_selected_by_the_zones_they_declare_in_registration_order():
    table, _ = _table()
    names = lambda fns: [f.__name__ for f in fns]          # noqa: E731
    assert names(V.hooks_for(table, "battlefield", "graveyard")) == ["any", "gy_to_exile", "gy_later"]
    assert names(V.hooks_for(table, "stack", "exile")) == ["any", "stack_exile", "exile_later"]
    assert names(V.hooks_for(table, "hand", "exile")) == ["any", "exile_later"]
    assert names(V.hooks_for(table, "hand", "library")) == ["any"]
    V.hook(table, frm=("hand",))(lambda g, o, to: to)      # a later registration is seen (the memo is per length)
    assert len(V.hooks_for(table, "hand", "library")) == 2


def test_a_replacement_changing_the_zone_hands_on_to_the_later_hooks_of_the_new_zone():
    """614.1a: the hooks apply in order, each to the zone the earlier ones left: after graveyard -> exile, the
    later graveyard hook is not asked and the later exile hooks are (and no earlier one is asked again)."""
    table, calls = _table()
    assert V.replaced_zone(table, None, None, "stack", "graveyard") == "exile"
    assert calls == [("any", "graveyard"), ("gy_to_exile", "graveyard"), ("stack_exile", "exile"),
                     ("exile_later", "exile")]
    calls.clear()
    assert V.replaced_zone(table, None, None, "hand", "library") == "library"
    assert calls == [("any", "library")]


def test_watchers_are_selected_by_the_event_kinds_of_the_batch():
    table: list = []
    V.hook(table)(lambda g, evs: None)
    V.hook(table, kinds=("cast",))(lambda g, evs: None)
    V.hook(table, kinds=("zone", "draw"))(lambda g, evs: None)
    assert len(V.watchers_for(table, frozenset({"cast"}))) == 2
    assert len(V.watchers_for(table, frozenset({"draw", "attacks"}))) == 2
    assert len(V.watchers_for(table, frozenset({"cast", "zone"}))) == 3
    assert len(V.watchers_for(table, frozenset({"attacks"}))) == 1


def test_layer_effects_run_only_with_a_static_they_read():
    on = V.layer_pipeline(("7c",), frozenset({"pt_per"}))
    off = V.layer_pipeline(("7c",), frozenset())
    assert [f.__name__ for f in on] == ["_pt_per", "_pt_changes"] and [f.__name__ for f in off] == ["_pt_changes"]
    assert {"pt_per", "base_pt", "protection_from_chosen"} <= V.layer_static_keys()


# ---------------------------------------------------------------------------- every declaration is what it reads
def test_every_declared_zone_and_kind_is_real_and_read_by_the_hook():
    kinds = set(V.EVENTS) | {"zone", "cast", "draw", "attacks", "blocks", "dealt_damage", "combat_damage_player"}
    declared = 0
    for fn, needs in V.HOOK_NEEDS.items():
        if not fn.__module__.startswith("engine."):
            continue                                       # this file's own tables
        src = inspect.getsource(fn)
        for k in ("frm", "to"):
            for z in needs.get(k, ()):
                assert z in ZONES, (fn, z)
                assert f'"{z}"' in src, f"{fn.__module__}.{fn.__name__} declares {k}={z!r} but never reads it"
                declared += 1
        for kind in needs.get("kinds", ()):
            assert kind in kinds and f'"{kind}"' in src, (fn, kind)
            declared += 1
        for key in needs.get("statics", ()):
            assert key in V.STATICS and f'"{key}"' in src, (fn, key)
            declared += 1
    assert declared >= 40


def test_every_sba_check_looks_at_what_it_declares():
    lists = _LISTS
    assert lists <= set(vars(Sweep(_empty_game())))           # the sweep's own lists exist
    for rule, fn, on in V.SBA_CHECKS:
        for n in (on,) if isinstance(on, str) else on or ():
            assert n in lists or f'"{n}"' in inspect.getsource(fn) or f".{n}" in inspect.getsource(fn), (rule, fn, n)


def _empty_game():
    from engine.cardbase import CardTable
    from engine.game import Game
    return Game(CardTable.bundled(), ["you", "opponent"])


# ---------------------------------------------------------------------------- mechanics that appear mid-game
def test_707_9_a_copy_entering_mid_game_brings_a_layer_effect_no_permanent_had():
    """707.9 / 613.4c: "gets +1/+1 for each other creature you control" arrives with a copy entering later — the
    layer effect (skipped while no static read it) applies to the copy at once."""
    lord = card("HD Counter", spec={"statics": [{"pt_per": {"pt": [1, 1], "count": {"count": {
        "types": ["Creature"], "controller": "you", "other": True}}}, "affected": {"self": True}}]}, pt=(1, 1))
    mimic = card("HD Mimic", spec={"statics": [{"enters_as_copy": {"filter": {"types": ["Creature"]}}}]}, pt=(0, 0))
    z = {"you": {"hand": ["HD Mimic"], "battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["HD Counter"]}}
    acts = [{"cast": "HD Mimic"}, {"choose": {"card": "HD Counter"}}, {"resolve": "all"},
            {"exile": "HD Counter"}]                     # the original leaves: the name names the copy
    both([lord, mimic], z, acts, [{"pt": {"card": "HD Counter", "power": 2, "toughness": 2}}],
         [{"pt": {"card": "HD Counter", "power": 1, "toughness": 1}}])


def test_613_1f_a_granted_triggered_ability_reads_a_death_from_before_it_was_granted():
    """613.1f / 603.4: an Aura cast after a creature died grants "at the beginning of the end step, if a creature
    died this turn, you gain 3 life" — the death, remembered while nothing on the battlefield asked, counts."""
    aura = card("HD Gift", types=("Enchantment",), subtypes=("Aura",), spec={
        "keywords": ["enchant_creature"], "spell": {"targets": [{"kind": "creature"}], "effects": []},
        "statics": [{"enchanted": {"grant": [{"ability": {"triggers": [{
            "event": "end_step", "if": {"creature_died_this_turn": True},
            "targets": [], "effects": [{"gain_life": 3}]}]}}]}}]})
    bolt = spell("HD Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    z = {"you": {"hand": ["HD Gift", "HD Bolt"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "HD Bolt", "targets": ["Grizzly Bears#2"]}, {"resolve": "all"},
            {"cast": "HD Gift", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"advance": {"turn": 1, "step": "end"}}, {"resolve": "all"}]
    both([aura, bolt], z, acts, [{"life": {"you": 23}}], [{"life": {"you": 20}}])


def test_700_4_a_spell_cast_later_counts_the_deaths_before_it_was_cast():
    """700.4 / 608.2h: "gain 2 life for each creature that died this turn" on a spell cast after the deaths, when
    no card in the game read that history as they died."""
    bolt = spell("HD Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    count = spell("HD Tally", [{"gain_life": {"n": {"died_this_turn": {"types": ["Creature"]}}}}])
    z = {"you": {"hand": ["HD Bolt", "HD Tally"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "HD Bolt", "targets": ["Grizzly Bears"]}, {"resolve": "all"}, {"cast": "HD Tally"},
            {"resolve": "all"}]
    both([bolt, count], z, acts, [{"life": {"you": 21}}], [{"life": {"you": 20}}])


# ---------------------------------------------------------------------------- made in bulk
def test_make_many_is_make_n_times():
    """A scenario's default library is made in one go: the same card numbers, ordinals, order and objects as
    making the cards one by one."""
    one, bulk = _empty_game(), _empty_game()
    plains = one.cards.get("Plains")
    for g in (one, bulk):
        g.make(plains, "you", "hand")
    made = [one.make(plains, "you", "library") for _ in range(3)]
    got = bulk.make_many(plains, "you", "library", 3)
    sig = lambda objs: [(o.oid, o.card_no, o.ordinal, o.zone, o.owner, o.beh) for o in objs]   # noqa: E731
    assert sig(got) == sig(made) == sig(bulk.pz["you"]["library"]) and [o.ordinal for o in got] == [2, 3, 4]
    assert bulk.find("Plains#4") is got[-1] and bulk.current[got[0].card_no] is got[0]
    assert bulk.make_many(plains, "you", "library", 0) == [] and "Grizzly Bears" not in bulk.ordinals
    assert bulk.make_many(bulk.cards.get("Grizzly Bears"), "you", "graveyard", 0) == [] \
        and "Grizzly Bears" not in bulk.ordinals           # nothing made, no name known
