"""Damage to a permanent replaced by counters on it (group el, issue 21): the static ``damage_to_counters``
``{kind, mode: add|remove, n: that_many|1, while?: kind, noncombat?: true}`` of the permanent itself.

- 614.1a (a replacement: "put that many +1/+1 counters on it instead") and 615.1 ("prevent that damage. Put a
  -1/-1 counter on ~ for each 1 damage prevented this way"): the damage is not dealt; `mode: add` puts that many
  counters of `kind` on it;
- 615.1 with an action ("prevent that damage and remove that many +1/+1 counters from it"): `mode: remove` removes
  that many (or `n: 1`, one) — all the damage is prevented even if fewer counters are there; with `while`, only
  while it has a counter of that kind (otherwise the damage is dealt normally);
- `noncombat`: only noncombat damage is replaced."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) - {"kind", "mode", "n", "while", "noncombat"}:
        return repr(v)
    if v.get("mode") not in ("add", "remove") or v.get("n") not in ("that_many", 1) or not isinstance(v.get("kind"), str):
        return repr(v)
    if v.get("noncombat", True) is not True or ("while" in v and v["while"] != v["kind"]):
        return repr(v)
    return ""


V.static("damage_to_counters", doc="614.1a / 615.1: damage that would be dealt to this permanent is replaced by "
                                   "counters: `mode: add` puts that many `kind` counters on it, `mode: remove` "
                                   "prevents it and removes that many (`n: 1`: one); `while: KIND` only while it "
                                   "has such a counter; `noncombat: true` only noncombat damage")
V.STATIC_CHECKS["damage_to_counters"] = _check


@V.hook(V.DAMAGE_REDUCERS)
def _damage_to_counters(g, src, tgt, n, combat) -> int:
    """614.1a / 615.1: the permanent's own replacement — the damage becomes counters (or removes counters)."""
    if n <= 0 or isinstance(tgt, str) or tgt.gone or tgt.zone != "battlefield":
        return n
    for s in tgt.beh.statics:
        r = s.get("damage_to_counters")
        if not r or (r.get("noncombat") and combat):
            continue
        if "while" in r and tgt.counters.get(r["while"], 0) <= 0:
            continue
        k = n if r["n"] == "that_many" else 1
        if r["mode"] == "add":
            tgt.counters[r["kind"]] = tgt.counters.get(r["kind"], 0) + k
            g.log("614.1a", f"{tgt.name}: {n} damage becomes {k} {r['kind']} counter(s)")
        else:
            tgt.counters[r["kind"]] = max(0, tgt.counters.get(r["kind"], 0) - k)
            g.log("615.1", f"{tgt.name}: {n} damage is prevented, {k} {r['kind']} counter(s) removed")
        g.touch()
        return 0
    return n
