""""Becomes an N/N [colour] [subtype] creature [with abilities] until end of turn" (611.2c) through the layers
(613.1d-f, 613.4b): types and subtypes in layer 4 (205.1a replaces them; "it's still a land" keeps them,
205.1b), colours in layer 5, abilities in layer 6, P/T set in layer 7b (before 7c changes and counters)."""
from __future__ import annotations

from ... import vocabulary as V


def _ok_pt(v):
    return "" if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) else repr(v)


@V.effect("animate", keys=("what", "pt", "colors", "subtypes", "types", "keywords", "until", "still", "lose_all"),
          objects=("what",), keywords=("keywords",), values=(), enums={"until": ("end_of_turn",), "pt": _ok_pt,
                                                                      "still": ("land", "artifact", "enchantment", "planeswalker"),
                                                                      "lose_all": lambda v: "" if v is True else repr(v)})
def animate(g, arg, ctx):
    """611.2c: until end of turn the objects named become what the effect says (locked in as it begins)."""
    ids = {o.oid for o in g.objects_of(arg.get("what", "self"), ctx)}
    g.ts += 1
    g.effects.append({"ids": ids, "animate": arg, "ts": g.ts})
    g.animating = True
    g.touch()
    g.log("611.2c", f"{ctx.source.name}: {len(ids)} object(s) become {arg.get('pt')} {arg.get('types')}")


def _animations(g, o):
    return [e["animate"] for e in sorted(g.effects, key=lambda e: e["ts"]) if "animate" in e and o.oid in e["ids"]]


def _layer(layer):
    """Register ``fn(animation, chars)`` for a layer, applied in timestamp order while an animation exists."""
    def deco(fn):
        def run(g, o, c, statics):
            if g.animating:
                for a in _animations(g, o):
                    fn(a, c)
        run.__doc__ = fn.__doc__
        V.layer_effect(layer)(run)
        return fn
    return deco


@_layer("4")
def _types(a, c):
    """613.1d: the new card types and subtypes (205.1a), the old ones kept with "still" (205.1b)."""
    keep = bool(a.get("still"))
    if a.get("types"):
        c.types = list(dict.fromkeys((c.types if keep else []) + list(a["types"])))
        c.subtypes = list(dict.fromkeys((c.subtypes if keep else []) + list(a.get("subtypes") or [])))
    elif a.get("subtypes"):                        # "becomes a blue Frog": the new creature type, its card types kept
        c.subtypes = list(a["subtypes"])


@_layer("5")
def _colors(a, c):
    """613.1e: the colour the effect gives it (105.3)."""
    if a.get("colors"):
        c.colors = a["colors"]


@_layer("6")
def _abilities(a, c):
    """613.1f: the abilities it loses ("loses all abilities") and those it gains, in that order."""
    if a.get("lose_all"):
        c.keywords.clear()
    c.keywords.update(a.get("keywords") or [])


@_layer("7b")
def _set_pt(a, c):
    """613.4b: effects that set power and toughness to specific values."""
    if a.get("pt"):
        c.power, c.toughness = a["pt"]


@V.trigger_suppressor
def _lost_all(g, ev, subj, sc, sources, trig_src) -> bool:
    """An object that lost all abilities (613.1f) has no triggered abilities to trigger (DEBT: its static and
    activated abilities other than keywords are not removed)."""
    return trig_src is not None and g.animating and any(a.get("lose_all") for a in _animations(g, trig_src))


@V.hook(V.CLEANUP_HOOKS)
def _ends(g):
    g.animating = False
