"""Theros gods: "as long as your devotion to [colors] is less than N, this isn't a creature" (700.5, layer 4).

Registers the static ``not_creature_unless_devotion: {color, n}`` and its layer-4 effect (613.1d)."""
from __future__ import annotations

from ...vocabulary import layer_effect, static

static("not_creature_unless_devotion", doc="layer 4: not a creature while devotion to color < n (700.5)")


@layer_effect("4", statics=("not_creature_unless_devotion",))
def devotion_type_change(g, o, c, statics):
    """613.1d: the type-changing effect removes Creature while the controller's devotion is too low."""
    for _, src, s in statics:
        dv = s.get("not_creature_unless_devotion")
        if dv and (src is o if s.get("self_only") else g._affects(src, s, o, c)):
            cols = dv["color"] if isinstance(dv["color"], list) else [dv["color"]]
            if g.devotion(src.controller, cols) < dv["n"] and "Creature" in c.types:
                c.types.remove("Creature")      # 700.5 / Theros gods
