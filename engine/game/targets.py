"""Targets (115): candidates by target kind, hexproof/shroud (702.11/702.18), legality on resolution (608.2b)."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import EngineError, IllegalAction
from .objects import Ctx, label_matches, split_ordinal, tname


class TargetsMixin:
    def candidates(self, spec, src, ctrl):
        """115.1: the legal choices for one TARGET spec, by its kind (registered below)."""
        kind = spec.get("kind", "permanent")
        fn = V.TARGETS.get(kind)
        if fn is None:
            raise EngineError(f"unknown target kind {kind!r}")
        return fn(self, spec.get("filter") or {}, src, ctrl)

    def _targetable(self, o, c, ctrl, src=None) -> bool:
        if src is not None and V.TARGET_CHECKS and any(f(self, o, c, src) for f in V.TARGET_CHECKS):
            return False                               # e.g. protection 702.16b
        kw = c.keywords
        if "shroud" in kw:
            return False
        if "hexproof" in kw and o.controller != ctrl:
            return False
        return True



    def legal_target(self, x, spec, src, ctrl) -> bool:
        if isinstance(x, str):
            return x not in self.lost and x in self.candidates(spec, src, ctrl)
        if x.gone:
            return False
        return x in self.candidates(spec, src, ctrl)

    def pick_targets(self, player, specs, given, src, what, ability=None, x=None):
        if x is None:       # a spell's announced X (107.3a); an activated ability passes its own (602.2b)
            x = getattr(src, "x", 0) or 0 if ability is None else getattr(ability, "x", 0)
        prev, self.ctx_now = self.ctx_now, Ctx(src if ability is None else ability.source, player, [],
                                               ability.event if ability is not None else None, ability, x=x)
        try:
            cands = [self.candidates(s, src if ability is None else ability.source, player) for s in specs]
        finally:
            self.ctx_now = prev
        if any(not c for c, s in zip(cands, specs) if not s.get("optional")):
            return None
        if any(s.get("optional") for s in specs):
            return self._pick_optional(player, specs, cands, given, what)
        if given is None:
            if all(len(c) == 1 for c in cands):
                only = [c[0] for c in cands]
                # No answer is needed; one that names exactly the only legal targets is taken, though.
                self._take_matching(player, "targets", lambda v: self._names_match(v, only))
                return only
            e = self._take(player, ("targets",))
            if e is None:
                if not self.strict:
                    return [c[0] for c in cands]
                names = [[tname(x) for x in c] for c in cands]
                self._need(player, "targets", f"{what}: legal targets {names}")
            given = e[1] if isinstance(e[1], list) else [e[1]]
        if len(given) != len(specs):
            raise IllegalAction(f"{what} needs {len(specs)} target(s), got {given}")
        out = []
        for name, c, s in zip(given, cands, specs):
            if "group" in s:                       # 601.2c: once per instance of the word "target"
                c = [y for y in c if not any(y is o for o, t in zip(out, specs) if t.get("group") == s["group"])]
            x = self.lookup_target(name, c)
            if x is None:
                raise IllegalAction(f"{name} is not a legal target for {what} (115.1, 601.2c)")
            out.append(x)
        return _one_graveyard(specs, out, what)

    def _pick_optional(self, player, specs, cands, given, what):
        """601.2c: "up to N targets" — any number up to N are chosen (the scenario's list; fewer = the
        optional ones left out); one object at most once per instance of "target"."""
        if given is None:
            v = self.answer(player, "targets", f"{what}: up to {len(specs)} of {[tname(x) for x in cands[0]]}", [])
            given = v if isinstance(v, list) else [v]
        required = sum(1 for s in specs if not s.get("optional"))
        if not required <= len(given) <= len(specs):
            raise IllegalAction(f"{what} needs {required}-{len(specs)} target(s), got {given}")
        out = []
        for name, c in zip(given, cands):
            x = self.lookup_target(name, [y for y in c if y not in out])
            if x is None:
                raise IllegalAction(f"{name} is not a legal target for {what} (115.1, 601.2c)")
            out.append(x)
        return _one_graveyard(specs, out, what)

    def lookup_target(self, name, cands):
        name = str(name)
        if name in self.players:
            return name if name in cands else None
        base, k = split_ordinal(self.resolve_name(name))
        best = None
        for x in cands:
            if isinstance(x, str):
                continue
            if x.name == base and (k is None or x.ordinal == k) or (x.is_ability and label_matches(name, x, self)):
                if best is None or (not x.is_ability and x.ordinal < best.ordinal):
                    best = x
        return best


def _one_graveyard(specs, out, what):
    """601.2c: targets "from a single graveyard" (TARGET key `single_graveyard`) are all in one player's graveyard."""
    if any(s.get("single_graveyard") for s in specs) and len({x.owner for x in out if not isinstance(x, str)}) > 1:
        raise IllegalAction(f"{what}: the targets must be in a single graveyard (601.2c)")
    return out


# ---------------------------------------------------------------------------- target kinds (115)
@V.target_kind("spell")
def _spell(g, f, src, ctrl):
    """A spell on the stack (not the source itself)."""
    return [o for o in reversed(g.stack) if not o.is_ability and o is not src and g.match(o, g.chars(o), f, src, ctrl)]


@V.target_kind("graveyard_card")
def _graveyard_card(g, f, src, ctrl):
    """A card in a graveyard."""
    return [o for q in g.players for o in g.pz[q]["graveyard"] if g.match(o, g.chars(o), f, src, ctrl)]


@V.target_kind("ability")
def _ability(g, f, src, ctrl):
    """An ability on the stack."""
    return [o for o in reversed(g.stack) if o.is_ability and (not f or g.match(o, g.chars(o), f, src, ctrl))]


@V.target_kind("permanent")
def _permanent(g, f, src, ctrl):
    """A permanent (hexproof/shroud respected, 702.11/702.18)."""
    out = []
    for o in g.bf:
        c = g.chars(o)
        if g.match(o, c, f, src, ctrl) and g._targetable(o, c, ctrl, src):
            out.append(o)
    out.sort(key=lambda o: o.controller == ctrl)
    return out


@V.target_kind("creature")
def _creature(g, f, src, ctrl):
    """A creature permanent."""
    return _permanent(g, dict(f, types=["Creature"] + list(f.get("types", []))), src, ctrl)


@V.target_kind("player")
def _player(g, f, src, ctrl):
    """A player (`filter: {controller: opponent}`)."""
    ps = [q for q in g.players if q not in g.lost]
    if f.get("controller") == "opponent" or f.get("opponent"):
        ps = [q for q in ps if q != ctrl]
    return sorted(ps, key=lambda q: q == ctrl)


@V.target_kind("any")
def _any(g, f, src, ctrl):
    """115.4: "any target" = a creature, player, planeswalker or battle."""
    opp = [q for q in g.players if q != ctrl and q not in g.lost]
    objs = []
    for o in g.bf:
        c = g.chars(o)
        if any(t in c.types for t in ("Creature", "Planeswalker", "Battle")) and g._targetable(o, c, ctrl, src):
            objs.append(o)
    objs.sort(key=lambda o: o.controller == ctrl)
    return opp + objs + ([ctrl] if ctrl not in g.lost else [])


@V.target_kind("player_or_planeswalker")
def _player_or_planeswalker(g, f, src, ctrl):
    """115.4: a player or a planeswalker (`filter` applies to the planeswalker; `controller: opponent` also
    limits the players)."""
    ps = _player(g, f, src, ctrl)
    pw = _permanent(g, dict(f, types=["Planeswalker"]), src, ctrl)
    return ps + pw


V.keyword("hexproof", "702.11")
V.keyword("shroud", "702.18")
