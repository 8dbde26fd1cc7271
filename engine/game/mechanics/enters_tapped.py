"""Conditional "enters tapped" replacement effects (614.1c, 614.12): "~ enters tapped unless you control a Plains
or an Island" (`{unless: CONDITION}`, checked as it enters: the permanent itself is not yet on the
battlefield), and "As ~ enters, you may pay 2 life. If you don't, it enters tapped" (`{unless_pay_life: N}`;
119.4: a player can pay life only up to their life total).  Scenario answer for the payment: `choose: {pay: yes}`."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if set(v) == {"unless"} and isinstance(v["unless"], dict):
        checker.conditions(v["unless"])
        return ""
    if set(v) == {"unless_pay_life"} and isinstance(v["unless_pay_life"], int):
        return ""
    return repr(v)


V.DICT_VALUE_CHECKS["enters_tapped"] = _check


@V.hook(V.ENTER_HOOKS)
def enters_tapped_unless(g, new, opts):
    """614.1c: the permanent enters tapped unless the condition holds / the life is paid."""
    v = new.beh.enters_tapped
    if not isinstance(v, dict) or new.tapped:
        return
    p = new.controller
    if "unless" in v:
        new.tapped = not g.condition(v["unless"], new, p, None)
    else:
        n = v["unless_pay_life"]
        if g.life[p] >= n and g.choose_yes(p, f"{new.name}: pay {n} life (else it enters tapped)?", kinds=("pay",)):
            g.life[p] -= n
            g.log("119.4", f"{p} pays {n} life: {new.name} enters untapped")
        else:
            new.tapped = True
    if new.tapped:
        g.log("614.1c", f"{new.name} enters tapped")
