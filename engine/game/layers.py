"""Characteristics through the layers (613): copiable values, layer 4 types, layer 6 abilities, layer 7a-7d P/T;
characteristic-defining abilities (604.3), devotion (700.5), keyword counters (122.1b), filters."""
from __future__ import annotations

import re

from .. import vocabulary as V
from ..errors import EngineError
from .mechanics.characteristic_pt import cda_pt
from .objects import COLORS, Chars, _int, symbols


class LayersMixin:
    def devotion(self, player, colors) -> int:
        """700.5: mana symbols in the mana costs of permanents `player` controls that are of the colors.

        A hybrid symbol counts once if any of its halves is one of the colors; Phyrexian symbols count."""
        cols = set(colors)
        n = 0
        for o in self.bf:
            if o.controller != player:
                continue
            for s in symbols(o.card.cost):
                if cols.intersection(s.split("/")):
                    n += 1
        return n

    def _statics(self):
        """The static abilities of permanents in timestamp order; one with ``if`` ("as long as", 611.3) only
        while its CONDITION holds.  While conditions are evaluated, characteristics are computed without the
        conditional statics and not cached (no recursion through a condition reading characteristics)."""
        if self._statics_memo is not None:
            return self._statics_memo          # no permanent entered or left and nothing changed since (touch)
        extra = [x for h in V.STATIC_SOURCES for x in h(self)]      # e.g. the face-up plane (901, 311.7)
        out = []
        conditional = False
        sources = self.bf + extra if extra else self.bf
        for o in sources:
            for s in o.beh.statics:
                if "if" in s:
                    conditional = True
                    if self._in_static_if:
                        continue
                out.append((o.timestamp, o, s))
        if conditional and not self._in_static_if:
            self._in_static_if = True
            try:
                out = [x for x in out if "if" not in x[2] or self.condition(x[2]["if"], x[1], x[1].controller, None)]
            finally:
                self._in_static_if = False
        out.sort(key=lambda x: x[0])
        if not conditional:                   # (a STATIC_SOURCES object changes with a touch, e.g. planeswalking)
            self._statics_memo = out
        return out

    def _layer_fns(self, statics) -> tuple:
        """The layer effects that apply with these statics (613): one declaring the static keys it reads runs only
        when one of them is there (``layer_effect(statics=)``); the same list gives the same answer."""
        if statics is self._pipe_for:
            return self._pipe
        if statics:
            keys = V.layer_static_keys()
            present = frozenset([k for _, _, s in statics for k in s if k in keys])
        else:
            present = _NONE
        self._pipe_for, self._pipe = statics, V.layer_pipeline(_LAYERS, present)
        return self._pipe

    def chars(self, o) -> Chars:
        if o.is_ability:
            return Chars(o.name, [], [], [], "", 0, 0, frozenset())
        if o.gone and o.lki is not None:
            return o.lki
        c = self._cc.get(o.oid)
        if c is None:
            c = self._compute(o)
            if not self._in_static_if:
                self._cc[o.oid] = c
        return c

    def _base(self, o) -> Chars:
        card = o.card
        if "devoid" in o.beh.keywords:
            colors = ""                                # 702.114a: devoid — the object has no color
        else:
            colors = card.colors or _cost_colors(card.cost)
        return Chars(card.name, list(card.types), list(card.subtypes), list(card.supertypes), colors,
                     _pt(card.power), _pt(card.toughness), set(o.beh.keywords))

    def _compute(self, o) -> Chars:
        c = self._base(o)
        for hook in V.CHARS_HOOKS:                    # e.g. bestow (702.103b): an Aura spell/permanent
            hook(self, o, c)
        if isinstance(o.beh.pt_cda, str):
            c.power = c.toughness = self.cda_value(o.beh.pt_cda)      # 604.3 / 613.4a (all zones)
        elif o.beh.pt_cda:
            cda_pt(self, o, c, o.beh.pt_cda)                           # a counted CDA (604.3, 613.4a)
        if o.zone != "battlefield":
            return c
        statics = self._statics()
        # 613.1d layer 4 (types), 613.1f layer 6 (abilities), 613.4b layer 7b (P/T set), 613.4c layer 7c (P/T
        # changes, counters), 613.4d layer 7d (P/T switched): every provider registered for a layer applies, in the
        # order of the layers (the CDA of 613.4a was applied above, before them all).
        for fn in self._layer_fns(statics):
            fn(self, o, c, statics)
        return c

    def cda_value(self, kind) -> int:
        if kind == "creature_cards_in_graveyards":
            return sum(1 for p in self.players for o in self.pz[p]["graveyard"] if "Creature" in o.card.types)
        raise EngineError(f"unknown characteristic-defining value {kind!r}")

    def _is_attached_aura(self, src) -> bool:
        return src.bestowed or "Aura" in src.card.subtypes

    def _affects(self, src, s, o, c) -> bool:
        f = s.get("affected")
        if f is None:
            return False
        return self.match(o, c, f, src, src.controller)

    def match(self, o, c, f, src, ctrl, ev=None) -> bool:
        """Whether object `o` (characteristics `c`) matches filter `f`, relative to source/controller."""
        for k, v in f.items():
            test = V.FILTERS.get(k)
            if test is None:
                raise EngineError(f"unknown filter key {k!r}")
            if not test(self, o, c, v, src, ctrl, ev):
                return False
        return True


_COST_COLORS: dict = {}
_PT: dict = {}


def _cost_colors(cost) -> str:
    """105.2 / 202.2: the colors of a mana cost's symbols (a hybrid symbol has both), memoised by cost."""
    hit = _COST_COLORS.get(cost)
    if hit is None:
        hit = _COST_COLORS[cost] = "".join(x for x in COLORS if any(x in s.split("/") for s in symbols(cost)))
    return hit


def _pt(v) -> int:
    """A printed power or toughness as a number ('*' and none: 0, 208.2), memoised by value."""
    try:
        return _PT[v]
    except KeyError:
        n = _PT[v] = _int(v)
        return n
    except TypeError:                          # not hashable: not a printed value
        return _int(v)


_LAYERS = ("4", "5", "6", "7b", "7c", "7d")
_NONE = frozenset()
_PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")
KEYWORD_COUNTERS = {"flying", "first_strike", "double_strike", "deathtouch", "hexproof", "indestructible",
                    "lifelink", "menace", "reach", "trample", "vigilance", "haste"}

V.static("pt", doc="layer 7c: +N/+N for the affected objects")
V.static("grant", doc="layer 6: keywords for the affected objects")
V.static("enchanted", doc="what an attached Aura gives its host (pt, grant)")


_GRANTED: dict[int, tuple] = {}


def granted_behaviour(spec: dict):
    """The Behaviour of a granted quoted ability ``{ability: BEHAVIOUR}`` (113.1a), built once per spec."""
    hit = _GRANTED.get(id(spec))
    if hit is None or hit[0] is not spec:
        from ..behaviours import Behaviour
        hit = _GRANTED[id(spec)] = (spec, Behaviour("granted ability", spec))
    return hit[1]


def grant(c, items) -> None:
    """613.1f layer 6: keywords join the keyword set; a quoted ability (113.1a) joins ``c.abilities`` — its
    triggers and activated abilities are the object's own while it has it (603.2, 602.1) — and its keywords."""
    for k in items:
        if isinstance(k, dict):
            b = granted_behaviour(k["ability"])
            if b not in c.abilities:
                c.abilities = tuple(c.abilities) + (b,)
            c.keywords.update(b.keywords)
        else:
            c.keywords.add(k)


@V.layer_effect("6")
def _grants(g, o, c, statics):
    """613.1f: static grants, an attached Aura's grants, until-end-of-turn grants, keyword counters (122.1b)."""
    for _, src, s in statics:
        if s.get("layer") == 6 and s.get("grant") and g._affects(src, s, o, c):
            grant(c, s["grant"])
        en = s.get("enchanted")
        if en and en.get("grant") and src.attached_to == o.oid and g._is_attached_aura(src):
            grant(c, en["grant"])                  # 303.4: what an attached Aura gives
        eq = s.get("equipped")                     # 301.5: what an attached Equipment gives
        if eq and eq.get("grant") and src.attached_to == o.oid and "Equipment" in src.card.subtypes:
            grant(c, eq["grant"])
    for e in g.effects:
        if o.oid in e["ids"] and e.get("grant"):
            grant(c, e["grant"])
        if o.oid in e["ids"] and e.get("lose"):       # 613.1f: an effect that removes an ability (timestamp order)
            c.keywords.difference_update(e["lose"])
    for kind in o.counters:
        if kind in KEYWORD_COUNTERS and o.counters[kind] > 0:
            c.keywords.add(kind)


@V.layer_effect("7c")
def _pt_changes(g, o, c, statics):
    """613.4c: P/T modifications from statics, an attached Aura, until-end-of-turn effects and counters."""
    p, t = c.power, c.toughness
    for _, src, s in statics:
        if s.get("layer") == "7c" and s.get("pt") and g._affects(src, s, o, c):
            p += s["pt"][0]
            t += s["pt"][1]
        en = s.get("enchanted")
        if en and en.get("pt") and src.attached_to == o.oid and g._is_attached_aura(src):
            dp, dt = en["pt"]
            if dp == "cda" or dt == "cda":
                x = g.cda_value(src.beh.pt_cda)
                dp, dt = (x if dp == "cda" else dp), (x if dt == "cda" else dt)
            p += dp
            t += dt
        eq = s.get("equipped")
        if eq and eq.get("pt") and src.attached_to == o.oid and "Equipment" in src.card.subtypes:
            p += eq["pt"][0]
            t += eq["pt"][1]
    for e in g.effects:
        if o.oid in e["ids"] and e.get("pt"):
            p += e["pt"][0]
            t += e["pt"][1]
    for kind, n in o.counters.items():
        m = _PT_COUNTER.fullmatch(kind)           # 122.1a: +1/+1, -1/-1, -0/-1, +1/+0 … counters
        if m:
            p += int(m.group(1)) * n
            t += int(m.group(2)) * n
    c.power, c.toughness = p, t


@V.layer_effect("7d")
def _pt_switches(g, o, c, statics):
    """613.4d: effects that switch power and toughness apply after every 7a-7c value, in timestamp order (two
    switches undo each other); each reads the power and toughness the earlier layers and switches left."""
    for e in sorted(g.effects, key=lambda e: e["ts"]):
        if o.oid in e["ids"] and e.get("switch"):
            c.power, c.toughness = c.toughness, c.power


V.keyword("devoid", "702.114")
