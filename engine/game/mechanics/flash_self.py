"""Casting a card "as though it had flash" by its own permission (clause family ec, issue 21; 702.8a, 601.3):
`flash_self: {}` — the card may be cast any time its owner could cast an instant; `{if: CONDITION}` — only while
the condition holds (spell mastery); `{more: MANA}` — "if you pay {2} more to cast it": cast at a time a sorcery
couldn't have been (307.1), its total cost is that much more (601.2f, read by ``total_cost``);
`{sacrifice_at_cleanup: true}` — "if you cast it any time a sorcery couldn't have been cast, the controller of
the permanent it becomes sacrifices it at the beginning of the next cleanup step" (514.3a, 701.21)."""
from __future__ import annotations

from ... import vocabulary as V

V.static("flash_self", keys=("if", "more", "sacrifice_at_cleanup"),
         doc="702.8a / 601.3: this card may be cast as though it had flash (`if`: while a CONDITION holds; `more`: "
             "for that much more at a time a sorcery couldn't be cast, 601.2f; `sacrifice_at_cleanup`: the "
             "permanent it becomes is then sacrificed at the next cleanup step, 514.3a)")


def _ids(g, key) -> set:
    return g.__dict__.setdefault(key, set())


def own_flash(g, o) -> dict | None:
    """The card's own "as though it had flash" permission that applies now, or None."""
    for s in o.beh.statics:
        f = s.get("flash_self")
        if f is not None and ("if" not in f or g.condition(f["if"], o, o.owner, None)):
            return f
    return None


def at_instant_time(g, p, o) -> bool:
    """307.1: the card is (was) cast at a time its controller couldn't cast a sorcery."""
    if o.zone == "stack":
        return o.oid in _ids(g, "flash_cast_ids")
    return not g.sorcery_timing(p)


def flash_extra(g, p, o) -> str | None:
    """601.2f: the extra cost of casting it "as though it had flash" now, or None."""
    for s in o.beh.statics:
        f = s.get("flash_self")
        if f and f.get("more") and at_instant_time(g, p, o):
            return f["more"]
    return None


@V.hook(V.MOVED_HOOKS, to=("stack", "battlefield"))
def _remember_timing(g, old, new, opts):
    """307.1: a spell put on the stack when a sorcery couldn't have been cast (another object on the stack, not
    its controller's main phase); the permanent it becomes remembers it (608.3)."""
    if new.zone == "stack" and old.zone != "stack":
        if not (g.active == new.controller and g.step in ("main1", "main2") and all(x is new for x in g.stack)):
            _ids(g, "flash_cast_ids").add(new.oid)
    elif new.zone == "battlefield" and old.zone == "stack" and old.oid in _ids(g, "flash_cast_ids"):
        _ids(g, "flash_cast_ids").add(new.oid)


@V.hook(V.CLEANUP_HOOKS)
def _sacrifice_at_cleanup(g):
    """514.3a / 701.21: the permanent of a spell cast "as though it had flash" at a time a sorcery couldn't have
    been cast is sacrificed by its controller in the next cleanup step."""
    doomed = [o for o in g.bf if o.oid in _ids(g, "flash_cast_ids") and
              any((s.get("flash_self") or {}).get("sacrifice_at_cleanup") for s in o.beh.statics)]
    for o in doomed:
        g.log("701.21", f"{o.controller} sacrifices {o.name} (cast as though it had flash)")
    if doomed:
        g.move_batch([(o, "graveyard", None) for o in doomed])
