"""Protection (702.16): DEBT — damage from a source with the quality is prevented (702.16e), the permanent can't
be enchanted or equipped by (702.16c/d: the 704.5m Aura check puts such an Aura into the graveyard, the 704.5n
Equipment check in ``equipment`` unattaches such an Equipment), blocked by (702.16f) or targeted by (702.16b) such
sources.  ``protection: [{colors: R} | {everything: true} | FILTER …]``; ``hexproof_from`` (702.11d) is the
targeting part only, and only for sources an opponent controls."""
from __future__ import annotations

from ... import vocabulary as V
from .protection_choice import color_qualities


def _check(v, checker=None):
    if not isinstance(v, list) or not v:
        return repr(v)
    for q in v:
        if not isinstance(q, dict):
            return repr(q)
        if q.get("everything") is True and len(q) == 1:
            continue
        bad = [k for k in q if k not in V.FILTERS]
        if bad:
            return f"quality {bad[0]}"
    return ""


V.top_key("protection", _check, "702.16: protection from each quality (DEBT)")
V.top_key("hexproof_from", _check, "702.11d: hexproof from each quality")


def _source(g, src):
    """The object whose qualities count: a spell, or the source of an ability (702.16a)."""
    return src.source if getattr(src, "is_ability", False) else src


def has_quality(g, obj, key, src) -> bool:
    """Whether ``src`` has one of the qualities ``obj`` is protected from (its own ``key`` list)."""
    quals = obj.beh.extra.get(key) or []
    if key == "protection":                        # protection from a chosen color, granted (protection_choice)
        quals = list(quals) + color_qualities(g.chars(obj))
    if not quals or src is None or isinstance(src, str):
        return False
    s = _source(g, src)
    sc = g.chars(s)
    for q in quals:
        if q.get("everything") or g.match(s, sc, q, obj, obj.controller):
            return True
    return False


@V.hook(V.TARGET_CHECKS)
def _not_targeted(g, o, c, src):
    """702.16b / 702.11d: can't be the target of spells or abilities from such sources."""
    if has_quality(g, o, "protection", src):
        return True
    return has_quality(g, o, "hexproof_from", src) and _source(g, src).controller != o.controller


@V.hook(V.PREVENTION_CHECKS)
def _damage_prevented(g, src, tgt, combat):
    """702.16e: all damage from such sources is prevented."""
    return not isinstance(tgt, str) and has_quality(g, tgt, "protection", src)


@V.hook(V.BLOCK_CHECKS)
def _not_blocked(g, b, bc, a, ac):
    """702.16f: can't be blocked by creatures with the quality."""
    return "protection, 702.16f" if has_quality(g, a, "protection", b) else ""


@V.hook(V.ATTACH_ILLEGAL)
def _not_enchanted(g, aura, host):
    """702.16c/d: a permanent with protection can't be enchanted by Auras or equipped by Equipment with the
    quality (704.5m puts such an Aura into the graveyard, 704.5n unattaches such an Equipment)."""
    return has_quality(g, host, "protection", aura)
