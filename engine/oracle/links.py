"""Linked abilities (607.2a): "When ~ enters, exile another target … / When ~ leaves the battlefield, return the
exiled card …" — the second ability names what the first exiled.  When an ability of a face refers to the
``linked`` cards, every plain exile of the face's other abilities records what it exiles (``link: true``); a
face with such a reference and no exile to link stays unsupported."""
from __future__ import annotations


def _uses_linked(v) -> bool:
    if isinstance(v, dict):
        return any(x == "linked" or _uses_linked(x) for x in v.values())
    if isinstance(v, list):
        return any(x == "linked" or _uses_linked(x) for x in v)
    return False


def _link_exiles(effects) -> int:
    n = 0
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            continue
        if "exile" in e and not _uses_linked(e["exile"]):
            arg = e["exile"]
            if isinstance(arg, dict) and "until" not in arg:
                e["exile"] = dict(arg, link=True)
                n += 1
            elif isinstance(arg, str):
                effects[i] = {"exile": {"what": arg, "link": True}}
                n += 1
        for v in e.values():
            if isinstance(v, dict):
                for k in ("effects", "then", "otherwise", "if_you_do"):
                    if isinstance(v.get(k), list):
                        n += _link_exiles(v[k])
            elif isinstance(v, list):
                n += _link_exiles(v)
    return n


def link_abilities(beh: dict) -> str | None:
    """Mark the exiles a ``linked`` reference reads; returns a reason when there is none to link."""
    abilities = list(beh.get("triggers") or []) + list(beh.get("activated") or [])
    users = [a for a in abilities if _uses_linked(a.get("effects"))]
    if not users:
        return None
    n = sum(_link_exiles(a.get("effects") or []) for a in abilities if a not in users)
    return None if n else "linked: no exile to link (607.2a)"
