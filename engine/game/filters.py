"""Object filters (the FILTER keys of behaviours): ``affected``, trigger ``object``, target ``filter``.

Every key of a filter must hold (``match`` in layers.py).  Add a key = one ``@filter_key`` function here."""
from __future__ import annotations

from ..vocabulary import filter_key


def _chosen_colors(v, src):
    """A filter's colours; ``chosen`` is the colour chosen as the source entered (614.12)."""
    if v == "chosen":
        return (src.chosen or "") if src is not None else ""
    return v


def _among(name, attr, how, doc):
    """A FILTER key testing one characteristic list: ``how`` (all/any/none) of the values are in it."""
    def test(g, o, c, v, src, ctrl, ev):
        have = getattr(c, attr)
        if how == "none":
            return not any(t in have for t in v)
        return (all if how == "all" else any)(t in have for t in v)
    test.__doc__ = doc
    filter_key(name)(test)


for _name, _attr, _how, _doc in (("types", "types", "all", "All of these card types."),
                                 ("types_any", "types", "any", "Any of these card types."),
                                 ("not_types", "types", "none", "None of these card types."),
                                 ("subtypes", "subtypes", "any", "Any of these subtypes."),
                                 ("not_subtypes", "subtypes", "none", "None of these subtypes."),
                                 ("supertypes", "supertypes", "all", "All of these supertypes.")):
    _among(_name, _attr, _how, _doc)


@filter_key("controller")
def _controller(g, o, c, v, src, ctrl, ev):
    """`you|opponent`: controlled by the source's controller or not."""
    return (o.controller == ctrl) == (v == "you")


@filter_key("owner")
def _owner(g, o, c, v, src, ctrl, ev):
    """`you|opponent`: owned by the controller or not."""
    return (o.owner == ctrl) == (v == "you")


@filter_key("self")
def _self(g, o, c, v, src, ctrl, ev):
    """Is (`true`) or is not the source."""
    return (src is not None and o.oid == src.oid) == bool(v)


@filter_key("other")
def _other(g, o, c, v, src, ctrl, ev):
    """`true`: not the source (nor the same card)."""
    return src is None or (o.oid == src.oid or o.card_no == src.card_no) != bool(v)


@filter_key("other_than_event")
def _other_than_event(g, o, c, v, src, ctrl, ev):
    """Not the object the event is about."""
    return not (v and ev is not None and (s := ev.subject()) is not None and o.card_no == s.card_no)


@filter_key("enchanted")
def _enchanted(g, o, c, v, src, ctrl, ev):
    """The object the source is attached to."""
    return src is not None and (src.attached_to == o.oid) == bool(v)


@filter_key("self_or_enchanted")
def _self_or_enchanted(g, o, c, v, src, ctrl, ev):
    """The source or the object it is attached to."""
    return src is not None and (o.oid == src.oid or src.attached_to == o.oid)


@filter_key("attacking")
def _attacking(g, o, c, v, src, ctrl, ev):
    """An attacking creature (506.4)."""
    return (o.oid in g.attackers) == bool(v)


@filter_key("token")
def _token(g, o, c, v, src, ctrl, ev):
    """A token (111) or not."""
    return o.token == bool(v)


@filter_key("name")
def _name(g, o, c, v, src, ctrl, ev):
    """Has this name."""
    return c.name == v


@filter_key("colors")
def _colors(g, o, c, v, src, ctrl, ev):
    """Any of these colours (`chosen`: the colour chosen as it entered, 614.12)."""
    return any(x in c.colors for x in _chosen_colors(v, src))


@filter_key("power_at_most")
def _power_at_most(g, o, c, v, src, ctrl, ev):
    """Power at most N."""
    return c.power <= v


@filter_key("power_at_least")
def _power_at_least(g, o, c, v, src, ctrl, ev):
    """Power at least N."""
    return c.power >= v


@filter_key("any_of")
def _any_of(g, o, c, v, src, ctrl, ev):
    """Any of these FILTERs."""
    return any(g.match(o, c, sub, src, ctrl, ev) for sub in v)


@filter_key("ability_kind")
def _ability_kind(g, o, c, v, src, ctrl, ev):
    """An ability on the stack of this kind (`trigger|activated`)."""
    return o.is_ability and o.kind == v


@filter_key("event_color_chosen")
def _event_color_chosen(g, o, c, v, src, ctrl, ev):
    """The event's mana colour is the colour the source chose."""
    return ev is not None and src is not None and ev.color == src.chosen
