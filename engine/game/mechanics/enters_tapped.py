"""Conditional "enters tapped" replacement effects (614.1c, 614.12): "~ enters tapped unless you control a Plains
or an Island" (`{unless: CONDITION}`, checked as it enters: the permanent itself is not yet on the
battlefield), "As ~ enters, you may reveal a Dragon card from your hand. If you don't, it enters tapped"
(`{unless_reveal: FILTER}`, answers `may` and `card`), and "As ~ enters, you may pay 2 life. If you don't, it enters tapped" (`{unless_pay_life: N}`;
119.4: a player can pay life only up to their life total).  Scenario answer for the payment: `choose: {pay: yes}`."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if set(v) == {"unless"} and isinstance(v["unless"], dict):
        checker.conditions(v["unless"])
        return ""
    if set(v) == {"unless_pay_life"} and isinstance(v["unless_pay_life"], int):
        return ""
    if set(v) == {"unless_reveal"} and isinstance(v["unless_reveal"], dict):
        checker.filter(v["unless_reveal"])
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
    elif "unless_reveal" in v:                     # "you may reveal a … card from your hand" (701.20a reveal)
        cands = [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), v["unless_reveal"], new, p)]
        if cands and g.choose_yes(p, f"{new.name}: reveal a card from your hand (else it enters tapped)?"):
            shown = g.choose_card(p, cands, f"{new.name}: the card to reveal")
            g.log("701.20a", f"{p} reveals {shown.name}: {new.name} enters untapped")
        else:
            new.tapped = True
    else:
        n = v["unless_pay_life"]
        if g.life[p] >= n and g.choose_yes(p, f"{new.name}: pay {n} life (else it enters tapped)?", kinds=("pay",)):
            g.life[p] -= n
            g.log("119.4", f"{p} pays {n} life: {new.name} enters untapped")
        else:
            new.tapped = True
    if new.tapped:
        g.log("614.1c", f"{new.name} enters tapped")
