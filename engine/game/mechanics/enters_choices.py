"""Choices made as a permanent enters (614.12, 614.1c) and what later reads them, beyond "choose a color" (state.py)
and "choose a creature type" (chosen_type.py):

- `enters_choice: {color: {except: C}}` — "choose a color other than red" (answer `color:`; the excluded colour is
  refused);
- `protection_from_chosen: FILTER` — "~ has protection from the chosen color" (702.16, layer 6: the keyword
  `protection_from_<c>` of the colour chosen as the source entered, 613.1f);
- `is_chosen_type: true` — "~ is the chosen type in addition to its other types" (205.3, layer 4, 613.1d);
- `enters_with_additional: {filter, counters}` — "each other creature you control of the chosen type enters with an
  additional +1/+1 counter on it" (614.1c, 122.6: the counters are put on it, so counter replacements apply).
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..objects import COLORS
from .counter_replacements import add_counters, checked_static, whole


def _choice_check(v, checker) -> str:
    c = v.get("color") if set(v) == {"color"} else None
    if isinstance(c, dict) and set(c) == {"except"} and c["except"] in COLORS:
        return ""
    checker.missing("enters_choice", repr(v), v, "color")
    return repr(v)


V.DICT_VALUE_CHECKS["enters_choice"] = _choice_check


@V.hook(V.ENTER_HOOKS)
def choose_color_except(g, new, opts):
    """614.12: "as ~ enters, choose a color other than C" — chosen before it is on the battlefield."""
    v = new.beh.enters_choice
    if not isinstance(v, dict) or "color" not in v:
        return
    banned = v["color"]["except"]
    col = g.choose_color(new.controller, f"{new.name}: choose a color other than {banned} as it enters")
    if col == banned or col not in COLORS:
        raise IllegalAction(f"{new.name}: {col} is not a color other than {banned} (614.12)")
    new.chosen = col
    g.log("614.12", f"{new.name}: {new.controller} chooses {col}")


V.static("protection_from_chosen", filters=("protection_from_chosen",),
         doc="702.16 / 613.1f: the affected objects have protection from the colour chosen as the source entered")
V.static("is_chosen_type", doc="205.3 / 613.1d: the source is the creature type chosen as it entered, in addition")


@V.layer_effect("4", statics=("is_chosen_type",))
def chosen_type_in_addition(g, o, c, statics):
    """613.1d layer 4: "~ is the chosen type in addition to its other types"."""
    for _, src, s in statics:
        if s.get("is_chosen_type") and src is o and getattr(o, "chosen", None) and o.chosen not in c.subtypes:
            c.subtypes.append(o.chosen)


@V.layer_effect("6", statics=("protection_from_chosen",))
def protection_from_chosen(g, o, c, statics):
    """613.1f layer 6: protection from the chosen colour (none while no colour was chosen)."""
    for _, src, s in statics:
        f = s.get("protection_from_chosen")
        col = getattr(src, "chosen", None)
        if f is not None and col in COLORS and g.match(o, c, f, src, src.controller):
            c.keywords.add(f"protection_from_{col.lower()}")


def _additional_check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"filter", "counters"} or not isinstance(v["counters"], dict):
        return repr(v)
    if any(not isinstance(k, str) or not whole(n) for k, n in v["counters"].items()):
        return repr(v)
    checker.filter(v["filter"])
    return ""


checked_static("enters_with_additional", _additional_check,
               "614.1c: permanents matching `filter` enter with `counters` more")


@V.hook(V.ENTER_HOOKS)
def enters_with_additional(g, new, opts):
    """614.1c / 122.6: another permanent's static gives the entering one more counters (its characteristics as it
    would exist on the battlefield, 614.12)."""
    for _, src, s in g._statics():
        v = s.get("enters_with_additional")
        if v and src is not new and g.match(new, g.chars(new), v["filter"], src, src.controller):
            for kind, n in v["counters"].items():
                g.log("614.1c", f"{new.name} enters with {add_counters(g, new, kind, n)} additional {kind} "
                                f"counter(s) ({src.name})")


def _counter_choice_check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"kinds", "n"} or not isinstance(v["kinds"], list) \
            or not all(isinstance(k, str) for k in v["kinds"]) or not whole(v["n"]) or v["n"] > len(v["kinds"]):
        return repr(v)
    return ""


checked_static("enters_with_counter_choice", _counter_choice_check, "614.1c / 122.1b: enters with `n` different "
               "counters of the controller's choice among `kinds` (answer `mode: KIND` for each)")


@V.hook(V.ENTER_HOOKS)
def enters_with_counter_choice(g, new, opts):
    """614.1c: the controller chooses the kinds as it enters; each is one counter put on it (122.6)."""
    for s in new.beh.statics:
        v = s.get("enters_with_counter_choice")
        if not v:
            continue
        left = list(v["kinds"])
        for _ in range(v["n"]):
            kind = g.answer(new.controller, "mode", f"{new.name}: the counter it enters with, one of {left}", left[0])
            kind = str(kind).replace(" ", "_")
            if kind not in left:
                raise IllegalAction(f"{new.name}: {kind!r} is not one of {left} (614.1c)")
            left.remove(kind)
            g.log("614.1c", f"{new.name} enters with {add_counters(g, new, kind, 1)} {kind} counter(s) (its "
                            f"controller's choice)")


def _sacrifice_check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"n", "filter"} or not whole(v["n"]):
        return repr(v)
    checker.filter(v["filter"])
    return ""


checked_static("enter_sacrifice", _sacrifice_check, "614.1c: \"if ~ would enter, sacrifice N <filter> instead; if you "
               "do, it enters, else it goes to its owner's graveyard\" (the player picks: answers `card`)")


@V.hook(V.MOVE_REPLACEMENTS, to=("battlefield",))
def enter_sacrifice(g, o, to):
    """614.1c: as it would enter, its controller sacrifices the permanents it names (701.17a) — all of them, or it
    is put into its owner's graveyard instead (614.6: the event is replaced)."""
    if to != "battlefield" or o.zone == "battlefield":
        return to
    spec = next((s["enter_sacrifice"] for s in o.beh.statics if s.get("enter_sacrifice")), None)
    if spec is None:
        return to
    p = o.controller if o.controller is not None else o.owner
    cands = [x for x in g.bf if x.controller == p and g.match(x, g.chars(x), spec["filter"], o, p)]
    if len(cands) < spec["n"]:
        g.log("614.1c", f"{o.name}: nothing to sacrifice — it is put into its owner's graveyard instead")
        return "graveyard"
    picked = []
    for _ in range(spec["n"]):
        picked.append(g.choose_card(p, [c for c in cands if c not in picked], f"{o.name}: sacrifice (614.1c)",
                                    by_object=True))
    g.log("701.17a", f"{p} sacrifices {', '.join(x.name for x in picked)} as {o.name} would enter")
    g.move_batch([(x, "graveyard", None) for x in picked])
    return to


def _escaped(g) -> set:
    e = getattr(g, "escaped_oids", None)
    if e is None:
        e = g.escaped_oids = set()
    return e


@V.hook(V.MOVED_HOOKS, to=("battlefield",))
def _remember_escape(g, old, new, opts):
    """702.138c: a permanent spell cast with escape becomes a permanent that "escaped" (before it enters, so "~
    escapes with N counters" applies as it enters, 614.1c)."""
    if new.zone == "battlefield" and getattr(old, "mode", None) == "escape":
        _escaped(g).add(new.oid)


@V.condition("escaped")
def _escaped_condition(g, v, src, ctrl, ev):
    """702.138c: the source escaped (it was cast with escape and resolved into this permanent)."""
    return (src is not None and src.oid in _escaped(g)) == bool(v)
