"""Maximum hand size (402.2: seven) and the cleanup discard (514.1): as the cleanup step begins, the active
player discards down to their maximum hand size (their choice: `card` answers); "you have no maximum hand size"
/ "players have no maximum hand size" (402.2, a `no_max_hand_size` static: `you` | `all`).  The discard
happens with the other cleanup actions of 514 (the engine's cleanup step has no priority, 514.3)."""
from __future__ import annotations

from ... import vocabulary as V

MAX_HAND = 7

V.static("no_max_hand_size", doc="402.2: `you` — the controller has no maximum hand size; `all` — no player has one")
V.STATIC_CHECKS["no_max_hand_size"] = lambda v, c: "" if v in ("you", "all") else repr(v)


def has_no_maximum(g, p) -> bool:
    for _, x, s in g._statics():
        v = s.get("no_max_hand_size")
        if v == "all" or (v == "you" and x.controller == p):
            return True
    return False


@V.hook(V.CLEANUP_HOOKS)
def _discard_to_maximum(g):
    """514.1: the active player discards down to the maximum hand size."""
    p = g.active
    hand = g.pz[p]["hand"]
    if len(hand) <= MAX_HAND or has_no_maximum(g, p):
        return
    while len(hand) > MAX_HAND:
        o = g.choose_card(p, list(hand), f"discard down to {MAX_HAND} cards (514.1)")
        g.log("514.1", f"{p} discards {o.name} (maximum hand size)")
        g.move(o, "graveyard")
