"""``target:N`` — the N-th target of a spell or ability with several (115.1d: each "target" word is a separate
target choice, in the order written).  The compiler numbers the targets as written; a target with a count
("two target creatures", "up to N") is expanded into several choices when behaviours load (601.2c), so the
N-th written target is the group of choices made for it."""
from __future__ import annotations

from .. import vocabulary as V

MAX_INDEXED = 6


def _written_specs(ctx):
    holder = ctx.ability if ctx.ability is not None else ctx.source
    spec = getattr(holder, "spec", None)
    if isinstance(spec, dict):
        return spec.get("targets") or []
    beh = getattr(ctx.source, "beh", None)
    return ((beh.spell or {}).get("targets") or []) if beh is not None else []


def indexed_targets(g, ctx, i: int) -> list:
    """The chosen targets (objects or players) of the i-th written target, the illegal ones left out."""
    specs = _written_specs(ctx)
    chosen = list(ctx.targets)
    if len(specs) != len(chosen):              # a mode's own targets, or no expansion: one choice per index
        return [chosen[i]] if i < len(chosen) and chosen[i] is not None else []
    groups, last = [], object()
    for k, s in enumerate(specs):
        g_id = s.get("group") if isinstance(s, dict) else None
        if g_id is None or g_id != last:
            groups.append([])
        groups[-1].append(k)
        last = g_id if g_id is not None else object()
    if i >= len(groups):
        return []
    return [chosen[k] for k in groups[i] if chosen[k] is not None]


def _word(i):
    def fn(g, ctx):
        return [x for x in indexed_targets(g, ctx, i) if not isinstance(x, str)]
    fn.__doc__ = f"The objects chosen for the target written {i + 1}{'st' if i == 0 else 'th'} (115.1d)."
    return fn


def _player_word(i):
    def fn(g, ctx):
        return [x for x in indexed_targets(g, ctx, i) if isinstance(x, str)]
    fn.__doc__ = f"The player chosen for the target written {i + 1}{'st' if i == 0 else 'th'} (115.1d)."
    return fn


for _i in range(MAX_INDEXED):
    V.object_word(f"target:{_i}")(_word(_i))
    V.player_word(f"target:{_i}")(_player_word(_i))
