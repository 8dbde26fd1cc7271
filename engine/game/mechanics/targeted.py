"""Becoming the target of a spell or ability (115.1, 603.2): the trigger events "whenever ~ becomes the target of
a spell or ability" (`becomes_target`; `becomes_target_spell`: of a spell; `becomes_target_opponent`: of a spell
or ability an opponent controls) and heroic's "whenever you cast a spell that targets ~" (the FILTER key
`targets_self` of the cast spell)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


@V.hook(V.TARGETED_HOOKS)
def becomes_target(g, obj, targets):
    """115.1: each object a spell or ability targets becomes its target once, as the targets are chosen — an
    event made only when a permanent has a trigger for it."""
    if not any(str(t.get("event", "")).startswith("becomes_target") for o in g.bf for t in o.beh.triggers):
        return
    seen, events = set(), []
    for t in targets:
        if t is None or isinstance(t, str) or getattr(t, "is_ability", False) or t.oid in seen:
            continue
        seen.add(t.oid)
        events.append(Event("becomes_target", obj=t, source=obj, player=obj.controller))
    if events:
        g.detect(events)


@V.event("becomes_target")
def _becomes_target(g, t, ev, src, subj, sc):
    """603.2: an object becomes the target of a spell or ability (`object` filters the targeted object)."""
    return ev.kind == "becomes_target"


@V.event("becomes_target_spell")
def _becomes_target_spell(g, t, ev, src, subj, sc):
    """… the target of a spell (not an ability)."""
    return ev.kind == "becomes_target" and not getattr(ev.source, "is_ability", False)


@V.event("becomes_target_opponent")
def _becomes_target_opponent(g, t, ev, src, subj, sc):
    """… the target of a spell or ability an opponent (of this object's controller) controls."""
    return ev.kind == "becomes_target" and ev.player != src.controller


@V.filter_key("targets_self", values=(True,))
def _targets_self(g, o, c, v, src, ctrl, ev):
    """Heroic: the spell targets the source (among its chosen targets, 115.1)."""
    return any(t is src or getattr(t, "card_no", None) == src.card_no and not getattr(t, "gone", True)
               for t in (getattr(o, "targets", None) or [])) == bool(v)
