"""608.2c: "if you do" / "if you don't" refers to the action just before it.  The engine's `if_you_do` reads
``ctx.did``: set by an optional action's answer (`may`, a trigger's "you may", `pay`, `pay_life`, `pay_energy`)
and by the actions that say whether they happened (``action_done`` in engine/game/effects/flow.py: sacrifice,
discard, exile, return to hand, tap, remove or put counters).  After any other mandatory action the engine could
not tell, so "if you do" would never (or always) happen: such a face is reported unhandled, never run falsely
("Sacrifice it at the beginning of the next end step. If you do, …" inside a delayed trigger read outside it)."""
from __future__ import annotations

_OPTIONAL = ("may", "pay", "pay_life", "pay_energy")
_REPORTS = ("sacrifice", "discard", "exile", "return_to_hand", "tap", "remove_counters", "put_counters")


def _scan(effects, did: bool) -> list[str]:
    out: list[str] = []
    prev = None
    for e in effects or []:
        if not isinstance(e, dict) or len(e) != 1:
            prev = None
            continue
        (k, v), = e.items()
        if k in ("if_you_do", "if_you_dont") and not did and prev not in _REPORTS and prev != "if":
            out.append(f"{k.replace('_', ' ')} after {prev or 'nothing'}: whether it happened is not known (608.2c)")
        if k in _OPTIONAL:
            did = True
        if isinstance(v, list):
            out += _scan(v, did or k == "may")
        elif isinstance(v, dict):
            for kk in ("then", "otherwise", "else", "effects"):
                if isinstance(v.get(kk), list):
                    out += _scan(v[kk], did)
        prev = k
    return out


def if_you_do_problems(beh: dict) -> list[str]:
    """The abilities whose "if you do" follows an action that doesn't report whether it happened."""
    abilities = [(beh.get("spell") or {}, False)] + [(t, bool(t.get("may"))) for t in beh.get("triggers", [])] + \
        [(a, False) for a in beh.get("activated", [])]
    out = []
    for a, did in abilities:
        out += _scan(a.get("effects"), did)
        for m in a.get("modes") or []:
            for mode in (m.get("modes") if isinstance(m, dict) else None) or []:
                out += _scan(mode.get("effects"), did)
    return out
