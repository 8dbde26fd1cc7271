"""Object filters (the FILTER keys of behaviours): ``affected``, trigger ``object``, target ``filter``.

Every key of a filter must hold (``match`` in layers.py).  Add a key = one ``@filter_key`` function here."""
from __future__ import annotations

from ..errors import EngineError
from .mechanics.ability_x import has_x
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


@filter_key("controller", values=("you", "opponent", "defending_player", "that_player", "target_player"))
def _controller(g, o, c, v, src, ctrl, ev):
    """`you|opponent`: controlled by the source's controller or not; `defending_player`: by the player the
    attacking source attacks (506.2; none while it isn't attacking); `that_player`: by the player the ability
    names (608.2c: its targeted player, else the player its event is about, else the controller of its
    targeted object); `target_player`: by a player the
    ability targets (115.1) — outside an ability's resolution or targeting, nobody."""
    if v == "defending_player":
        return src is not None and g.defending_player(src.oid) == o.controller
    if v in ("that_player", "target_player"):
        ctx = g.ctx_now
        if ctx is None:
            return False
        players = [x for x in ctx.targets if isinstance(x, str)]
        if v == "that_player" and not players:
            if ctx.event is not None and ctx.event.player:
                players = [ctx.event.player]
            else:           # "destroy target creature an opponent controls. … that player controls": its controller
                players = [x.controller for x in ctx.targets if x is not None and not isinstance(x, str)]
        return o.controller in players
    return (o.controller == ctrl) == (v == "you")


@filter_key("owner", values=("you", "opponent"))
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
    """The object the source is attached to; for an event of a permanent leaving the battlefield, also the one it
    was attached to until then (603.10a: "when enchanted creature dies" looks back)."""
    if src is None:
        return False
    on = src.attached_to == o.oid
    if not on and ev is not None and ev.kind == "zone" and ev.frm == "battlefield":
        on = g.__dict__.get("detached", {}).get(src.oid) == o.oid
    return on == bool(v)


@filter_key("self_or_enchanted")
def _self_or_enchanted(g, o, c, v, src, ctrl, ev):
    """The source or the object it is attached to."""
    return src is not None and (o.oid == src.oid or src.attached_to == o.oid)


@filter_key("attacking")
def _attacking(g, o, c, v, src, ctrl, ev):
    """An attacking creature (506.4)."""
    return (o.oid in g.attackers) == bool(v)


@filter_key("historic", values=(True,))
def _historic(g, o, c, v, src, ctrl, ev):
    """`true`: historic — an artifact, a legendary or a Saga (700.6)."""
    return ("Artifact" in c.types or "Legendary" in c.supertypes or "Saga" in c.subtypes) == bool(v)


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


def _kw_list(v):
    return [v] if isinstance(v, str) else list(v)


@filter_key("has_keyword")
def _has_keyword(g, o, c, v, src, ctrl, ev):
    """Has any of these keyword abilities (after layer 6, 613.1f)."""
    return any(k in c.keywords for k in _kw_list(v))


@filter_key("lacks_keyword")
def _lacks_keyword(g, o, c, v, src, ctrl, ev):
    """Has none of these keyword abilities."""
    return not any(k in c.keywords for k in _kw_list(v))


@filter_key("tapped")
def _tapped(g, o, c, v, src, ctrl, ev):
    """A tapped (`true`) or untapped (`false`) permanent (110.5)."""
    return o.tapped == bool(v)


@filter_key("blocking")
def _blocking(g, o, c, v, src, ctrl, ev):
    """A blocking creature (509.1)."""
    return (o.oid in g.blockers) == bool(v)


@filter_key("attacking_or_blocking")
def _attacking_or_blocking(g, o, c, v, src, ctrl, ev):
    """An attacking or blocking creature."""
    return (o.oid in g.attackers or o.oid in g.blockers) == bool(v)


@filter_key("blocked")
def _blocked(g, o, c, v, src, ctrl, ev):
    """A blocked attacking creature (509.1h)."""
    return (o.oid in g.attackers and o.oid in g.blocked) == bool(v)


def _mana_value(o) -> int:
    """202.3: the total mana in the mana cost (X = 0 off the stack, 202.3e: a spell's announced X on it); hybrid
    counts its larger half."""
    from .objects import symbols
    n = xs = 0
    for s in symbols(o.card.cost):
        best = 0
        for part in s.split("/"):
            best = max(best, int(part) if part.isdigit() else (0 if part in ("X", "Y", "Z") else 1))
        n += best
        xs += s == "X"
    if xs and getattr(o, "zone", None) == "stack" and not getattr(o, "is_ability", False):
        n += xs * (getattr(o, "x", 0) or 0)                 # 202.3e
    return n


mana_value = _mana_value          # (public: the scenario runner's mana_value expectation)


def _compare(name, read, op, doc):
    def test(g, o, c, v, src, ctrl, ev):
        if v == "X":            # 107.3: the X announced for the spell, or the activated ability (602.2b)
            ab = g.ctx_now.ability if g.ctx_now is not None else None
            if g.ctx_now is None or ab is not None and not (ab.kind == "activated" and has_x(ab.spec)):
                raise EngineError(f"{name} X outside a spell: X has no announced value here (107.3)")
            v = g.ctx_now.x
        return op(read(o, c), v)
    test.__doc__ = doc + " `X`: the X announced for the spell or activated ability (107.3, 602.2b)."
    filter_key(name, values=_int_or_x)(test)


def _int_or_x(v) -> bool:
    return v == "X" or isinstance(v, int) and not isinstance(v, bool)


for _name, _read, _op, _doc in (
        ("mana_value_at_most", lambda o, c: _mana_value(o), lambda a, b: a <= b, "Mana value at most N (202.3)."),
        ("mana_value_at_least", lambda o, c: _mana_value(o), lambda a, b: a >= b, "Mana value at least N (202.3)."),
        ("toughness_at_most", lambda o, c: c.toughness, lambda a, b: a <= b, "Toughness at most N."),
        ("toughness_at_least", lambda o, c: c.toughness, lambda a, b: a >= b, "Toughness at least N."),
        ("power_at_most", lambda o, c: c.power, lambda a, b: a <= b, "Power at most N."),
        ("power_at_least", lambda o, c: c.power, lambda a, b: a >= b, "Power at least N.")):
    _compare(_name, _read, _op, _doc)


@filter_key("not_colors")
def _not_colors(g, o, c, v, src, ctrl, ev):
    """None of these colours (105.2)."""
    return not any(x in c.colors for x in _chosen_colors(v, src))


@filter_key("colorless")
def _colorless(g, o, c, v, src, ctrl, ev):
    """Colorless (`true`, 105.2c) or not."""
    return (not c.colors) == bool(v)


@filter_key("multicolored")
def _multicolored(g, o, c, v, src, ctrl, ev):
    """Two or more colours (105.2b)."""
    return (len(set(c.colors)) >= 2) == bool(v)


@filter_key("monocolored")
def _monocolored(g, o, c, v, src, ctrl, ev):
    """Exactly one colour (105.2b)."""
    return (len(set(c.colors)) == 1) == bool(v)


@filter_key("entered_this_turn")
def _entered_this_turn(g, o, c, v, src, ctrl, ev):
    """A permanent that came under its controller's control this turn (entered this turn)."""
    return (o.since_turn == g.turn) == bool(v)


@filter_key("has_counter")
def _has_counter(g, o, c, v, src, ctrl, ev):
    """Has one or more counters of this kind (122.1)."""
    return o.counters.get(v, 0) > 0


@filter_key("not_supertypes")
def _not_supertypes(g, o, c, v, src, ctrl, ev):
    """None of these supertypes (e.g. nonlegendary, nonbasic)."""
    return not any(s in c.supertypes for s in v)


@filter_key("equipped")
def _equipped(g, o, c, v, src, ctrl, ev):
    """An equipped creature: an Equipment is attached to it (301.5)."""
    return any(x.attached_to == o.oid and "Equipment" in x.card.subtypes for x in g.bf) == bool(v)
