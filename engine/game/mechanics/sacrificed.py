""""The sacrificed creature" (608.2h): a permanent sacrificed to pay a cost of an ability or a spell, as it last
existed on the battlefield — its power, toughness and mana value are values of the effect (`power:sacrificed`,
`toughness:sacrificed`, `mana_value: {sacrificed: …}`; the object word `sacrificed`)."""
from __future__ import annotations

from ... import vocabulary as V


def _key(obj) -> tuple:
    return ("ability" if obj.is_ability else "spell", obj.oid)


def record_sacrificed(g, paying, objs) -> None:
    """Remember what was sacrificed to pay a cost of ``paying`` (an ability on the stack or a spell being cast)."""
    book = getattr(g, "sacrificed_for", None)
    if book is None:
        book = g.sacrificed_for = {}
    book.setdefault(_key(paying), []).extend(objs)


@V.object_word("sacrificed")
def _sacrificed(g, ctx):
    """608.2h: the permanent(s) sacrificed to pay the cost of this ability or spell, as they last existed."""
    book = getattr(g, "sacrificed_for", None) or {}
    paying = ctx.ability if ctx.ability is not None else ctx.source
    return list(book.get(_key(paying), [])) if paying is not None else []
