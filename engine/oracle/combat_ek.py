"""Group ek (issue 21): trigger conditions of keyword actions and combat, as tables: "whenever you exert a
creature" (701.39a; the `exerted` event of engine/game/mechanics/exert.py)."""
from __future__ import annotations

from .base import V, guard

# 701.39a: a creature its controller exerts (as it attacks, or as a cost)
_EXERT = {"a creature": {"types": ["Creature"], "controller": "you"},
          "one or more creatures": {"types": ["Creature"], "controller": "you"}}
EVENTS = None
for _words, _f in _EXERT.items():
    _e = V(f"you exert {_words}", {"event": "exerted", "object": dict(_f), **({"batch": True} if "more" in _words else {})})
    EVENTS = _e if EVENTS is None else EVENTS | _e


def _blocker_attacker(blocker, attacker) -> dict:
    """A pronoun attacker ("blocks it") names what the clause before named, not the blocker just read: it is
    put first (compile resolves a mapping in order); two targets keep their written order (115.1d)."""
    if isinstance(attacker, dict) and "ref" in attacker:
        return {"attacker": attacker, "blocker": blocker}
    return {"blocker": blocker, "attacker": attacker}


# ---------------------------------------------------------------- effect clauses (defaults of effects.CLAUSE)
def _effect_clauses():
    """Built on first use of the effect grammar (filters' OBJECT is complete by then)."""
    import pyparsing as pp

    from .base import W, choice
    from .filters import OBJ_REF, OBJECT, TARGET

    one = TARGET | OBJ_REF
    # 701.14a: "it fights target creature", "that creature fights up to one target …", "have it fight …"
    fight = ((OBJ_REF + W("fights") + one) | (W("have") + OBJ_REF + W("fight") + one)).set_parse_action(
        lambda t: [{"fight": {"a": t[0], "b": t[1]}}])
    # 509.1c requirements until end of turn: "all creatures able to block target creature this turn do so"
    lure = (W("all creatures able to block") + one + W("this turn do so")).set_parse_action(
        lambda t: [{"pump": {"affected": t[0], "grant": ["all_must_block"]}}]) | \
        (one + W("must be blocked this turn if able")).set_parse_action(
            lambda t: [{"pump": {"affected": t[0], "grant": ["must_be_blocked"]}}])
    # "target creature blocks ~ this turn if able", "have target creature block it this turn if able",
    # "target creature blocks this turn if able" (any attacker)
    blocks = ((one + W("blocks this turn if able")).set_parse_action(lambda t: [{"must_block": {"blocker": t[0]}}]) |
              (W("have") + one + W("block this turn if able")).set_parse_action(
                  lambda t: [{"must_block": {"blocker": t[0]}}]) |
              ((one + W("blocks") + one + W("this turn if able")) |
               (W("have") + one + W("block") + one + W("this turn if able"))).set_parse_action(
                  lambda t: [{"must_block": _blocker_attacker(t[0], t[1])}]))
    # 614.1a: "if that creature would die this turn, exile it instead"; "if a creature dealt damage this way would
    # die this turn, exile it instead" (the objects named when the effect begins, 611.2c)
    who = choice({"that creature": {"ref": "that"}, "that creature or planeswalker": {"ref": "that"},
                  "that permanent": {"ref": "that"}, "it": {"ref": "it"}, "the creature": {"ref": "it"},
                  "a creature dealt damage this way": "damaged_this_way",
                  "a permanent dealt damage this way": "damaged_this_way",
                  "a creature or planeswalker dealt damage this way": "damaged_this_way"})
    exile_instead = (W("if") + who + W("would die this turn, exile it instead")).set_parse_action(
        lambda t: [{"exile_if_dies": t[0]}])
    # 506.4 "(and) remove it from combat"; 701.15c "it can't be regenerated this turn"
    removal = (pp.Opt(W("and")) + W("remove") + one + W("from combat")).set_parse_action(
        lambda t: [{"remove_from_combat": t[0]}]) | \
        ((one | choice({"a creature dealt damage this way": "damaged_this_way",
                        "creatures dealt damage this way": "damaged_this_way"})) +
         W("can't be regenerated this turn")).set_parse_action(lambda t: [{"no_regeneration": t[0]}])
    # 120.3 / 120.4: "target creature deals damage to itself equal to its power", "each creature deals …"
    each = (W("each") + OBJECT).set_parse_action(guard(
        lambda t: t[0]["kind"] == "permanent" and "Creature" in (t[0]["filter"].get("types") or []),
        lambda t: [{"each": t[0]["filter"]}]))
    itself = ((TARGET | each) + W("deals damage to itself equal to its power")).set_parse_action(
        lambda t: [{"damage_itself": t[0]}])
    return [fight, lure, blocks, exile_instead, removal, itself]


DEFAULTS_EK = _effect_clauses()


# ---------------------------------------------------------------- static abilities (merged before statics_ex's)
def _statics():
    import pyparsing as pp

    from .base import V as phrase, W
    from .filters import OBJECT

    unblocked = phrase("you may have ~ assign its combat damage as though it weren't blocked",
                       {"keywords": ["damage_as_unblocked"]})
    by_toughness = "assigns combat damage equal to its toughness rather than its power"
    self_toughness = phrase(f"~ {by_toughness}", {"keywords": ["damage_by_toughness"]})
    # 613.1f (layer 6): "each creature (you control …) assigns combat damage equal to its toughness …"
    each_toughness = (W("each") + OBJECT + W(by_toughness)).set_parse_action(guard(
        lambda t: t[0]["kind"] == "permanent" and "Creature" in (t[0]["filter"].get("types") or []),
        lambda t: [[{"layer": 6, "affected": t[0]["filter"], "grant": ["damage_by_toughness"]}]]))
    return (unblocked | self_toughness | each_toughness) + pp.Opt(pp.Literal(".")).suppress()


STATICS_EK = _statics()
