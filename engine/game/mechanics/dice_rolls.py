"""Die-roll trigger conditions (706.2): "whenever you roll a 4 or higher on a die" — the trigger event ``roll_die``
(effects/dice_clash.py) with the condition ``die_result_at_least`` on the result of the roll that triggered it."""
from __future__ import annotations

from ...vocabulary import condition


@condition("die_result_at_least")
def _die_result_at_least(g, v, src, ctrl, ev):
    """706.2: the die roll the trigger event is (`roll_die`) has a result of at least N."""
    return ev is not None and ev.kind == "roll_die" and ev.amount >= int(v)
