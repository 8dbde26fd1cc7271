"""Keywords that let other things pay part of a spell's cost as it is cast (601.2g-h): convoke (702.51: tap
untapped creatures you control), improvise (702.126: tap untapped artifacts you control), delve (702.66: exile
cards from your graveyard).  The scenario names them on `cast` (`convoke: [CARD, …]`); the engine keeps no mana
pool for costs, so what is checked and done is the tapping or exiling, each allowed only by the keyword."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction


def _helper(keyword, rule, zone, what, ok, act):
    V.keyword(keyword, rule)

    def run(g, p, spell, names):
        """Check the named objects can help (before the spell moves); returns the payment to make."""
        if keyword not in spell.beh.keywords:
            raise IllegalAction(f"{spell.name} has no {keyword} ({rule})")
        pool = [o for o in (g.bf if zone == "battlefield" else g.pz[p][zone]) if ok(g, p, o)]
        picked = []
        for name in names if isinstance(names, list) else [names]:
            o = next((x for x in pool if x.name == g.resolve_name(str(name)) and x not in picked), None)
            if o is None:
                raise IllegalAction(f"{spell.name}: {name} can't be {what} for {keyword} ({rule})")
            picked.append(o)

        def pay():
            act(g, picked)
            g.log(rule, f"{p} casts {spell.name} with {keyword}: {[o.name for o in picked]} {what}")
        return pay
    V.CAST_HELPERS[keyword] = run


def _tap(g, objs):
    for o in objs:
        o.tapped = True
    g.touch()


def _exile(g, objs):
    g.move_batch([(o, "exile", None) for o in objs])


_helper("convoke", "702.51a", "battlefield", "tapped",
        lambda g, p, o: o.controller == p and not o.tapped and "Creature" in g.chars(o).types, _tap)
_helper("improvise", "702.126a", "battlefield", "tapped",
        lambda g, p, o: o.controller == p and not o.tapped and "Artifact" in g.chars(o).types, _tap)
_helper("delve", "702.66a", "graveyard", "exiled", lambda g, p, o: True, _exile)
