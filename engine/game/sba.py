"""State-based actions (704) and settling before priority (117.5): one check function per 704.5x rule.

Each check is ``fn(game, sweep) -> bool`` registered with ``@sba_check("704.5x", on=LIST)`` and run in
registration order when the sweep's LIST (players at risk, stray tokens, creatures, auras, legendary,
countered permanents) is not empty; a sweep collects the objects to move so that all of them happen
simultaneously (704.3)."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import EngineError
from ..vocabulary import sba_check


class SBAMixin:
    def settle(self):
        """117.5: before a player gets priority, state-based actions are performed (repeatedly), then
        triggered abilities are put on the stack; repeat until neither happens."""
        for _ in range(1000):
            if self.sba():
                continue
            if self.has_state_triggers:
                self.state_triggers()
            if self.pending:
                self.put_triggers()
                continue
            return
        raise EngineError("runaway loop: state-based actions and triggers did not settle")

    def sba(self) -> bool:
        """704.3: check every state-based action at once, then perform them simultaneously."""
        self.phase = ("sba", "")
        sweep = Sweep(self)
        acted = False
        own, kept = sweep.__dict__, self.__dict__
        for _, check, on in V.SBA_CHECKS:
            if on is not None and not (own[on] if on in own else kept.get(on) if on.__class__ is str else
                                       any(own[n] if n in own else kept.get(n) for n in on)):
                continue                              # what it looks at (a sweep list, a game attribute) is empty
            if check(self, sweep):
                acted = True
        return sweep.perform() or acted

    def _can_enchant(self, aura, c, host) -> bool:
        if V.ATTACH_ILLEGAL and any(f(self, aura, host) for f in V.ATTACH_ILLEGAL):
            return False                              # e.g. protection 702.16c
        hc = self.chars(host)
        if "enchant_creature" in c.keywords:
            return "Creature" in hc.types
        spec = aura.beh.enchant
        if spec:
            return self.match(host, hc, spec, aura, aura.controller)
        return True


_LISTS = frozenset(("creatures", "auras", "legendary", "countered", "attached", "players", "tokens"))  # on= names


class Sweep:
    """One state-based-action check: objects handled so far and the simultaneous moves to make."""

    def __init__(self, g):
        self.g = g
        # Characteristics as the check begins (704.3), sorted by what the checks look at.
        self.creatures, self.auras, self.legendary, self.countered, self.attached = [], [], [], [], []
        for o in g.bf:
            c = g.chars(o)
            if o.attached_to is not None:
                self.attached.append((o, c))
            if "Creature" in c.types:
                self.creatures.append((o, c))
            if "Aura" in c.subtypes:
                self.auras.append((o, c))
            if "Legendary" in c.supertypes:
                self.legendary.append((o, c))
            if o.counters:
                self.countered.append((o, c))
        self.players = [p for p in g.players if p not in g.lost and (g.life[p] <= 0 or p in g.drew_empty or
                                                                     g.pcounters[p].get("poison", 0) >= 10)]
        self.tokens = g.stray_tokens               # a token has left the battlefield
        self.moves: list[tuple] = []               # (rank, obj) -> graveyard
        self.destroy: list = []
        self.done: set[int] = set()

    def live(self, items):
        """Those of ``items`` (permanents, characteristics) no earlier check has dealt with in this sweep."""
        done = self.done
        return [x for x in items if x[0].oid not in done] if done and items else items

    def put(self, o, rank=0):
        self.moves.append(((rank, self.g.bf.index(o) if o in self.g.bf else 0), o))
        self.done.add(o.oid)

    def perform(self) -> bool:
        if not (self.moves or self.destroy):
            return False
        self.moves.sort(key=lambda m: m[0])
        moves = [(o, "graveyard", None) for _, o in self.moves]
        ids = {id(m[0]) for m in moves}
        moves += [(o, "graveyard", None) for o in self.destroy if id(o) not in ids]
        self.g.move_batch(moves)
        return True


def _losers(g, rule, why, players) -> bool:
    """These players lose the game (704.5a-c); whether any did."""
    for p in players:
        g.lost.add(p)
        g.log(rule, f"{p} {why} and loses the game")
    return bool(players)


@sba_check("704.5a", on="players")
def zero_life(g, sweep):
    return _losers(g, "704.5a", "has 0 or less life", [p for p in sweep.players if g.life[p] <= 0 and p not in g.lost])


@sba_check("704.5c", on="players")
def poison(g, sweep):
    return _losers(g, "704.5c", "has ten poison counters",
                   [p for p in sweep.players if g.pcounters[p].get("poison", 0) >= 10 and p not in g.lost])


@sba_check("704.5b", on="players")
def drew_from_empty_library(g, sweep):
    return _losers(g, "704.5b", "drew from an empty library",
                   [p for p in sweep.players if p in g.drew_empty and p not in g.lost])


@sba_check("704.5d", on="tokens")
def stray_tokens(g, sweep):
    """704.5d: a token in a zone other than the battlefield ceases to exist."""
    g.stray_tokens = False
    acted = False
    for p in g.players:
        for z in ("hand", "graveyard", "exile", "library"):
            for o in list(g.pz[p][z]):
                if o.token:
                    g.pz[p][z].remove(o)
                    g.current.pop(o.card_no, None)
                    o.gone = True
                    g.log("704.5d", f"{o.name} ceases to exist")
                    acted = True
    return acted


@sba_check("704.5f", on="creatures")
def zero_toughness(g, sweep):
    for o, c in sweep.live(sweep.creatures):
        if c.toughness <= 0:
            sweep.put(o)
            g.log("704.5f", f"{o.name} has toughness {c.toughness} and is put into its owner's graveyard")
    return False


@sba_check("704.5g", on="creatures")
def lethal_damage(g, sweep):
    """704.5g lethal damage, 704.5h damage from a source with deathtouch: destroyed (indestructible: no)."""
    for o, c in sweep.live(sweep.creatures):
        if o.damage > 0 and (o.damage >= c.toughness or o.deathtouch):
            if "indestructible" not in c.keywords and not any(f(g, o) for f in V.DESTROY_REPLACEMENTS):
                sweep.destroy.append(o)
                sweep.done.add(o.oid)
                g.log("704.5h" if o.deathtouch and o.damage < c.toughness else "704.5g",
                      f"{o.name} has lethal damage and is destroyed")
    return False


@sba_check("704.5m", on="auras")
def unattached_aura(g, sweep):
    """704.5m: an Aura attached to an illegal object or to nothing goes to the graveyard (mechanics may
    handle the case instead, e.g. bestow 702.103f)."""
    acted = False
    byid = None
    for o, c in sweep.live(sweep.auras):
        if byid is None:
            byid = {x.oid: x for x in g.bf}
        host = byid.get(o.attached_to)
        if host is None and o.attached_to is not None:      # 303.4: "enchant creature card in a graveyard"
            host = next((x for q in g.players for x in g.pz[q]["graveyard"] if x.oid == o.attached_to), None)
        if host is not None and g._can_enchant(o, c, host):
            continue
        if any(hook(g, o, c) for hook in V.AURA_HOOKS):
            sweep.done.add(o.oid)
            acted = True
            continue
        sweep.put(o)
        g.log("704.5m", f"{o.name} is not attached to a legal object and goes to the graveyard")
    return acted


@sba_check("704.5q", on="countered")
def counter_pairs(g, sweep):
    """704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs."""
    acted = False
    for o, c in sweep.live(sweep.countered):
        pc, mc = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if pc and mc:
            n = min(pc, mc)
            o.counters["+1/+1"] -= n
            o.counters["-1/-1"] -= n
            for k in ("+1/+1", "-1/-1"):
                if not o.counters[k]:
                    del o.counters[k]
            g.touch()
            g.log("704.5q", f"{n} +1/+1 and -1/-1 counter pair(s) removed from {o.name}")
            acted = True
    return acted


@sba_check("704.5j", on="legendary")
def legend_rule(g, sweep):
    """704.5j: two or more legendary permanents with the same name: the controller keeps one."""
    legends = {}
    for o, c in sweep.live(sweep.legendary):
        legends.setdefault((o.controller, o.name), []).append(o)
    for (p, name), objs in legends.items():
        if len(objs) > 1:
            keep = g.choose_card(p, objs, f"legend rule: which {name} to keep", by_object=True)
            for o in objs:
                if o is not keep:
                    sweep.put(o, rank=1)
                    g.log("704.5j", f"legend rule: {o.name} is put into the graveyard")
    return False


V.keyword("indestructible", "702.12")
V.keyword("enchant_creature", "702.5")
