""""Becomes an N/N [colour] [subtype] creature [with abilities] until end of turn" (611.2c) through the layers
(613.1d-f, 613.4b): types and subtypes in layer 4 (205.1a replaces them; "it's still a land" keeps them,
205.1b), colours in layer 5, abilities in layer 6, P/T set in layer 7b (before 7c changes and counters)."""
from __future__ import annotations

from ... import vocabulary as V


def _ok_pt(v):
    return "" if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) else repr(v)


@V.effect("animate", keys=("what", "pt", "colors", "subtypes", "types", "keywords", "until", "still"),
          objects=("what",), keywords=("keywords",), values=(), enums={"until": ("end_of_turn",), "pt": _ok_pt,
                                                                      "still": ("land", "artifact", "enchantment")})
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


@V.layer_effect("4")
def _types(g, o, c, statics):
    """613.1d: the new card types and subtypes (205.1a), the old ones kept with "still" (205.1b)."""
    if not g.animating:
        return
    for a in _animations(g, o):
        keep = bool(a.get("still"))
        if a.get("types"):
            c.types = list(dict.fromkeys((c.types if keep else []) + list(a["types"])))
            c.subtypes = list(dict.fromkeys((c.subtypes if keep else []) + list(a.get("subtypes") or [])))


@V.layer_effect("5")
def _colors(g, o, c, statics):
    """613.1e: the colour the effect gives it (105.3)."""
    if not g.animating:
        return
    for a in _animations(g, o):
        if a.get("colors"):
            c.colors = a["colors"]


@V.layer_effect("6")
def _abilities(g, o, c, statics):
    """613.1f: the abilities it gains."""
    if not g.animating:
        return
    for a in _animations(g, o):
        c.keywords.update(a.get("keywords") or [])


@V.layer_effect("7b")
def _set_pt(g, o, c, statics):
    """613.4b: effects that set power and toughness to specific values."""
    if not g.animating:
        return
    for a in _animations(g, o):
        if a.get("pt"):
            c.power, c.toughness = a["pt"]


@V.hook(V.CLEANUP_HOOKS)
def _ends(g):
    g.animating = False
