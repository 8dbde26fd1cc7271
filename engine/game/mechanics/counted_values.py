"""Value forms of clause family EV (issue 21): counts and amounts read as an effect resolves (608.2h) or
continuously by a static ability (611.3, 613.4c).

- ``{counters_on: {kind, of}}`` (122.1): the number of ``kind`` counters on the source (``self``, as it last
  existed if it has left: "sacrifice ~: … X, where X is the number of verse counters on ~", 608.2h), or on the
  object an object word names (``target``, ``event`` …);
- ``{greatest: {of: power|toughness|mana_value, filter: FILTER}}``: the greatest such number among the objects
  matching (on the battlefield, or in the ``zone`` the filter names); 0 when there are none (107.1 / 208.3);
- ``life_gained:you`` (119.3): the life the controller gained this turn;
- ``opponents:you`` (102.3): the number of opponents the controller has;
- ``{product: [V, V]}``: the values multiplied ("two … for each opponent", 107.3).
"""
from __future__ import annotations

from ... import vocabulary as V
from ..filters import mana_value
from ..objects import Ctx
from .party import values_arg


def _counters_arg(arg, checker):
    if not isinstance(arg, dict) or set(arg) != {"kind", "of"} or not isinstance(arg["kind"], str):
        return repr(arg)
    if arg["of"] != "self" and not (isinstance(arg["of"], str) and arg["of"] in V.OBJECT_WORDS):
        return f"object {arg['of']!r}"
    return ""


@V.value_form("counters_on", args=_counters_arg)
def _counters_on(g, arg, ctx):
    """122.1: `{counters_on: {kind, of}}` — the `kind` counters on the source (`of: self`, last known information
    608.2h) or on the first object the object word names."""
    if arg["of"] == "self":
        o = ctx.source
    else:
        objs = g.objects_of(arg["of"], ctx)
        o = objs[0] if objs else None
    return o.counters.get(arg["kind"], 0) if o is not None else 0


_READ = {"power": lambda g, o: g.chars(o).power, "toughness": lambda g, o: g.chars(o).toughness,
         "mana_value": lambda g, o: mana_value(o)}


def _greatest_arg(arg, checker):
    if not isinstance(arg, dict) or set(arg) != {"of", "filter"} or arg["of"] not in _READ:
        return repr(arg)
    return V.VALUE_ARGS["count"](arg["filter"], checker)


@V.value_form("greatest", args=_greatest_arg)
def _greatest(g, arg, ctx):
    """`{greatest: {of, filter}}`: the greatest power / toughness / mana value among the objects matching FILTER
    (battlefield, or the filter's `zone`); 0 when none match."""
    f = dict(arg["filter"])
    zone = f.pop("zone", "battlefield")
    pool = g.bf if zone == "battlefield" else [o for p in g.players for o in g.pz[p][zone]]
    read = _READ[arg["of"]]
    return max((read(g, o) for o in pool if g.match(o, g.chars(o), f, ctx.source, ctx.controller, ctx.event)),
               default=0)


@V.value_form("life_gained", args=("you",))
def _life_gained(g, arg, ctx):
    """119.3: `life_gained:you` — the total life the controller gained this turn."""
    return g.life_gained.get((g.turn, ctx.controller), 0)


@V.value_form("opponents", args=("you",))
def _opponents(g, arg, ctx):
    """102.3: `opponents:you` — how many opponents the controller has."""
    return len(g.opponents(ctx.controller))


@V.value_form("product", args=values_arg("product", most=2))
def _product(g, arg, ctx):
    """`{product: [V, V]}`: the two values multiplied ("two … for each opponent")."""
    return g.value(arg[0], ctx) * g.value(arg[1], ctx)


@V.hook(V.EVENT_WATCHERS, kinds=("zone",))
def _remember_deaths(g, events):
    """700.4: what died this turn, as it last existed on the battlefield (for ``died_this_turn``)."""
    for ev in events:
        if ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" and ev.obj is not None:
            g.__dict__.setdefault("died", []).append((g.turn, ev.obj))


def _died_arg(arg, checker):
    if not isinstance(arg, dict) or arg.get("zone") not in (None, "battlefield"):
        return repr(arg)
    checker.filter(arg)
    return ""


@V.value_form("died_this_turn", args=_died_arg)
def _died_this_turn(g, arg, ctx):
    """700.4: `{died_this_turn: FILTER}` — the permanents matching FILTER (read as they last existed, 608.2h) that
    died (battlefield to graveyard) this turn."""
    f = {k: v for k, v in arg.items() if k != "zone"}
    n = 0
    for turn, o in g.__dict__.get("died", []):
        if turn == g.turn:
            c = o.lki or g.chars(o)
            n += bool(g.match(o, c, f, ctx.source, ctx.controller, ctx.event))
    return n


@V.filter_key("attached_to", values=("self",))
def _attached_to(g, o, c, v, src, ctrl, ev):
    """`attached_to: self` — an Aura or Equipment attached to the source (303.4, 301.5): "for each Aura attached to
    ~"."""
    return src is not None and o.attached_to == src.oid


_OPS = {"lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}


def _vs_ok(v) -> bool:
    return isinstance(v, dict) and set(v) == {"op", "n"} and v["op"] in _OPS and not V.value_problems(v["n"])


def _vs(name, read, doc):
    def test(g, o, c, v, src, ctrl, ev):
        ctx = g.ctx_now if g.ctx_now is not None and g.ctx_now.source is src else Ctx(src, ctrl, [], ev, None)
        return _OPS[v["op"]](read(o, c), g.value(v["n"], ctx))
    test.__doc__ = doc
    V.filter_key(name, values=_vs_ok)(test)


for _name, _read, _what in (("power_vs", lambda o, c: c.power, "power"),
                            ("toughness_vs", lambda o, c: c.toughness, "toughness"),
                            ("mana_value_vs", lambda o, c: mana_value(o), "mana value")):
    _vs(_name, _read, f"`{{op: lt|le|gt|ge, n: VALUE}}`: {_what} less than / at most / greater than / at least a value "
        "read for the source (\"with power less than ~'s power\", \"… or equal to the number of …\").")


# 613.4b (layer 7b): "enchanted creature has base power and toughness 0/2" — a static setting P/T
V.static("base_pt", filters=("affected",), keys=("layer", "affected", "base_pt"),
         doc="layer 7b (613.4b): `base_pt: [P, T]` — the affected objects' power and toughness are set to P/T")


def _base_pt_ok(s) -> bool:
    v = s.get("base_pt")
    return isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


@V.layer_effect("7b", statics=("base_pt",))
def _base_pt(g, o, c, statics):
    """613.4b: statics that set power and toughness to specific values (before 7c changes and counters)."""
    for _, src, s in statics:
        if "base_pt" in s and _base_pt_ok(s) and g._affects(src, s, o, c):
            c.power, c.toughness = s["base_pt"]


@V.value_form("life", args=("you",))
def _life_total(g, arg, ctx):
    """119.1: `life:you` — the controller's life total ("where X is your life total"; never below 0 as a count)."""
    return max(0, g.life[ctx.controller])
