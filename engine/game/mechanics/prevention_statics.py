"""Static prevention effects (615.1): "Prevent all damage that would be dealt to ~", "… to ~ by creatures",
"Prevent all combat damage that would be dealt by enchanted creature", "… to and dealt by …", "… to you".

A ``prevent_damage`` static is ``{to: WHO | from: WHO, combat: bool, by: FILTER}``: WHO is a FILTER read from
the static's source (``{self: true}``, ``{enchanted: true}``) or ``you`` (the source's controller); ``by``
limits the sources whose damage is prevented.  Statics with an ``if`` ("as long as", 611.3) apply only while
it holds (``Game._statics``)."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if not isinstance(v, dict) or not isinstance(v.get("combat"), bool) or ("to" in v) == ("from" in v):
        return repr(v)
    keys = {"to", "from", "combat", "by", "remove_counter", "noncombat"}
    if set(v) - keys:
        return f"keys {sorted(set(v) - keys)}"
    if v.get("noncombat", True) is not True or (v.get("noncombat") and v["combat"]):
        return "noncombat"
    if "remove_counter" in v and (v.get("to") != {"self": True} or not isinstance(v["remove_counter"], str)):
        return "remove_counter"
    who = v.get("to", v.get("from"))
    if who != "you":
        if "from" in v and who == "you":
            return "from you"
        checker.filter(who)
    if "by" in v:
        checker.filter(v["by"])
    return ""


V.static("prevent_damage", doc="615.1: `{to|from: FILTER|you, combat: bool, by: FILTER}` — all (combat; with "
                               "`noncombat: true` noncombat) damage "
                               "that would be dealt to or by those (by those sources) is prevented; `remove_counter: "
                               "KIND` (with `to: {self: true}`): and a counter of that kind is removed from it")
V.STATIC_CHECKS["prevent_damage"] = _check


def _is(g, x, who, holder) -> bool:
    if x is None:
        return False
    if who == "you":
        return x == holder.controller
    if isinstance(x, str):
        return False
    return g.match(x, g.chars(x), who, holder, holder.controller)


@V.hook(V.PREVENTION_CHECKS)
def _static_prevention(g, src, tgt, combat) -> bool:
    """615.1: the damage event is prevented when a static's recipient (or source) matches."""
    for _, holder, s in g._statics():
        p = s.get("prevent_damage")
        if not p or (p["combat"] and not combat) or (p.get("noncombat") and combat):
            continue
        if "to" in p and _is(g, tgt, p["to"], holder) and \
                ("by" not in p or (src is not None and g.match(src, g.chars(src), p["by"], holder, holder.controller))):
            g.log("615.1", f"{holder.name}: damage to that is prevented")
            kind = p.get("remove_counter")            # "prevent that damage. Remove a +1/+1 counter from ~."
            if kind and holder.counters.get(kind, 0) > 0:
                holder.counters[kind] -= 1
                g.touch()
                g.log("615.1", f"{holder.name}: a {kind} counter is removed")
            return True
        if "from" in p and _is(g, src, p["from"], holder):
            g.log("615.1", f"{holder.name}: damage dealt by {src.name} is prevented")
            return True
    return False


@V.effect("prevent_source", keys=("filter", "to", "once"), filters=("filter",),
          enums={"once": lambda v: "" if v is True else repr(v),
                 "to": lambda v: "" if isinstance(v, str) and (v in V.PLAYER_WORDS or v in V.OBJECT_WORDS or v == "any"
                                                               or v.startswith("target:")) else repr(v)})
def prevent_source(g, arg, ctx):
    """609.7a / 615.7: the controller chooses a source (a permanent or a spell on the stack matching `filter`, a
    `card` answer); this turn all damage it would deal to `to` (`any`: to anyone) is prevented — with `once: true`
    only the next time it would deal damage to them."""
    from .prevention import _recipients
    f = arg.get("filter") or {}
    cands = [o for o in list(g.bf) + list(g.stack) if not o.is_ability and g.match(o, g.chars(o), f, ctx.source,
                                                                                        ctx.controller)]
    src = g.choose_card(ctx.controller, cands, f"{ctx.source.name}: a source of your choice", by_object=True)
    if src is None:
        return
    to = arg.get("to", "you")
    if to == "any":                             # "… would deal this turn": to any player or object (group el)
        g.prevention.append({"from_source": src.oid, "who": "*", "once": bool(arg.get("once"))})
        g.log("615.7", f"{ctx.source.name}: damage {src.name} would deal this turn will be prevented")
        return
    for r in (V.PLAYER_WORDS[to](g, ctx) if to in V.PLAYER_WORDS else _recipients(g, to, ctx)):
        if r is None or (not isinstance(r, str) and r.gone):
            continue
        g.prevention.append({"from_source": src.oid, "who": r if isinstance(r, str) else r.oid,
                             "once": bool(arg.get("once"))})
        g.log("615.7", f"{ctx.source.name}: damage {src.name} would deal to "
                       f"{r if isinstance(r, str) else r.name} this turn will be prevented")


@V.hook(V.PREVENTION_CHECKS)
def _chosen_source(g, src, tgt, combat) -> bool:
    """615.7: a shield against the chosen source; a "next time" one is used up by the damage it prevents."""
    who = tgt if isinstance(tgt, str) else tgt.oid
    for p in g.prevention:
        if "from_source" in p and src is not None and p["from_source"] == src.oid and p["who"] in (who, "*"):
            if p["once"]:
                g.prevention.remove(p)
            return True
    return False
