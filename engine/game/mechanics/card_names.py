"""Choosing a card name (201.3): "choose a nonland card name" (effect ``choose_name``) and what reads the name
("cards with that name": filter ``chosen_name``) — Memoricide, Slaughter Games, Cabal Therapy.

201.3: the player chooses the name of a card (any card in the card table, of the card types the effect asks
for: its `filter`, card types only); the scenario answers ``choose: {name: CARD}``. The name belongs to the
spell or ability that chose it (read by its later effects only)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect, filter_key


def _fits(card, f) -> bool:
    types = set(card.types or ())
    return set(f.get("types") or ()) <= types and not types & set(f.get("not_types") or ())


@effect("choose_name", keys=("filter",), values=(),
        enums={"filter": lambda v: "" if isinstance(v, dict) and set(v) <= {"types", "not_types"} else repr(v)})
def choose_name(g, arg, ctx):
    """201.3: the controller chooses a card name (`choose: {name: CARD}`) — the name of a card of the card types
    `filter` asks for ("a nonland card name": not a land); later effects of the same spell or ability read it
    (filter `chosen_name`)."""
    name = g.answer(ctx.controller, "name", f"{ctx.source.name}: choose a card name")
    card = g.cards.get(str(name)) if name is not None else None
    if card is None:
        raise IllegalAction(f"name: {name!r} is not the name of a card (201.3)")
    f = arg.get("filter") or {}
    if not _fits(card, f):
        raise IllegalAction(f"name: {card.name} is not the name of a card the effect allows ({f})")
    g.__dict__.setdefault("chosen_names", {})[ctx.source.oid] = card.name
    g.log("201.3", f"{ctx.controller} chooses the name {card.name}")


@filter_key("chosen_name", values=(True,))
def _chosen_name(g, obj, chars, value, src, ctrl, ev):
    """201.3: the object has the name the spell or ability (the filter's source) chose (`choose_name`)."""
    chosen = getattr(g, "chosen_names", {}).get(getattr(src, "oid", None))
    return chosen is not None and obj.name == chosen
