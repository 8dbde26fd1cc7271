"""The scenario format's expectations (``expect:`` entries, docs/scenario-format.md): one ``x_<key>`` check per
key, each returning ``(what was observed, whether it holds)``.  :class:`engine.scenario.Runner` mixes them in."""
from __future__ import annotations

from .errors import IllegalAction
from .game import label_matches, split_ordinal, tname


class _Lab:
    """Adapter so an effect-log entry can be matched like a triggered ability label."""
    is_ability = True

    def __init__(self, name, label):
        self.source = type("S", (), {})()
        self.source.card = type("C", (), {"name": name})()
        self.source.ordinal = 0
        lab = label.partition(":")[2].strip()
        self.spec = {"name": lab, "event": lab}


def _compare(observed: int, want) -> bool:
    """``N`` (exactly), ``{at_most: N}`` or ``{at_least: N}`` (a bound: "can deal N damage" is at most -N life)."""
    if isinstance(want, dict):
        return observed <= int(want.get("at_most", observed)) and observed >= int(want.get("at_least", observed))
    return observed == int(want)


class ExpectationsMixin:
    """The expectation checks of a scenario run (``self.g`` is the Game, ``self._one`` / ``self._objs`` find
    the named objects)."""

    def x_triggered(self, v, e):
        label = str(v["source"])
        if self.g.find(label) is not None or split_ordinal(label)[0] in self.g.ordinals:
            src, lab = label, ""             # a whole name with a colon (a stand-in's): no ability label
        else:
            src, _, lab = label.partition(":")
        base, k = split_ordinal(self.g.resolve_name(src.strip()))
        lab = lab.strip()
        n = 0
        for name, abil, event, ordinal in self.g.triggered:
            if name != base or (k is not None and ordinal != k):
                continue
            if lab and not (lab == abil or lab == event or abil.startswith(lab)):
                continue
            n += 1
        if v.get("at_least"):              # "it triggers" without a number: at least that many times
            return n, n >= int(v.get("times", 1))
        return n, n == int(v.get("times", 1))

    def _player(self, p, v, key):
        if p not in self.g.players:
            raise self.err(v, key, f"unknown player {p!r} (players: {', '.join(self.g.players)})")
        return p

    def x_life(self, v, e):
        if not isinstance(v, dict):
            raise self.err(e, "life", "life takes {PLAYER: N, …}")
        obs = {self._player(p, v, p): self.g.life.get(p) for p in v}
        return obs, all(self.g.life.get(p) == int(n) for p, n in v.items())

    def x_life_change(self, v, e):
        """Life now minus life when the scenario began, per player (e.g. {you: 2} for "you gain 2 life")."""
        if not isinstance(v, dict):
            raise self.err(e, "life_change", "life_change takes {PLAYER: N, …}")
        if any(isinstance(n, dict) and (not n or set(n) - {"at_most", "at_least"}) for n in v.values()):
            raise self.err(e, "life_change", "a life_change bound is {at_most: N} or {at_least: N}")
        obs = {self._player(p, v, p): self.g.life[p] - self.start_life[p] for p in v}
        return obs, all(_compare(obs[p], n) for p, n in v.items())

    def x_zone(self, v, e):
        objs = self._objs(v["card"], v)
        if v.get("owner"):
            objs = [o for o in objs if o.owner == v["owner"]]
        if v.get("controller"):
            objs = [o for o in objs if o.controller == v["controller"]]
        zones = sorted({o.zone for o in objs})
        obs = zones[0] if len(zones) == 1 else (zones or None)
        return obs, v["zone"] in zones

    def x_count(self, v, e):
        g = self.g
        zone = v.get("zone", "battlefield")
        p = v.get("player")
        n = 0
        base = None
        if v.get("card") is not None:
            base, k = split_ordinal(g.resolve_name(str(v["card"])))
        for o in g.objects():
            if o.zone != zone:
                continue
            if p is not None and (o.controller if zone == "battlefield" else o.owner) != p:
                continue
            if base is not None and o.name != base:
                continue
            if "tapped" in v and o.tapped != bool(v["tapped"]):
                continue
            if "token" in v and o.token != bool(v["token"]):
                continue
            if "face_down" in v and (o.beh.name == "<face-down>") != bool(v["face_down"]):
                continue
            n += 1
        return n, n == int(v["n"])

    def x_types(self, v, e):
        o = self._one(v["card"], v, controller=v.get("controller"))
        if o is None:
            return None, False
        c = self.g.chars(o)
        have = set(c.types) | set(c.subtypes) | set(c.supertypes)
        obs = sorted(have)
        ok = all(t in have for t in v.get("has") or []) and not any(t in have for t in v.get("lacks") or [])
        return obs, ok

    def x_colors(self, v, e):
        """105.2: the object's colours (its characteristics after the layers, 613.1e) include each of ``has``
        and none of ``lacks`` (colour letters W U B R G)."""
        o = self._one(v["card"], v)
        if o is None:
            return None, False
        have = set(self.g.chars(o).colors or "")
        ok = all(c in have for c in v.get("has") or []) and not any(c in have for c in v.get("lacks") or [])
        return "".join(sorted(have)), ok

    def x_pt(self, v, e):
        objs = sorted(self._objs(v["card"], v, zones=("battlefield",)), key=lambda o: o.ordinal)
        if v.get("controller"):
            objs = [o for o in objs if o.controller == v["controller"]]
        if not v.get("all"):
            objs = objs[:1]
        if not objs:
            return None, False
        cs = [self.g.chars(o) for o in objs]
        obs = [f"{c.power}/{c.toughness}" for c in cs]
        ok = all(("power" not in v or c.power == int(v["power"]))
                 and ("toughness" not in v or c.toughness == int(v["toughness"]))
                 for c in cs)           # (a power or a toughness alone: 「パワーは1になる」「タフネスは3になる」)
        return (obs[0] if len(obs) == 1 else obs), ok

    def x_damage(self, v, e):
        o = self._one(v["card"], v, zones=("battlefield",))
        obs = o.damage if o else None
        return obs, obs == int(v["n"])

    def x_has_ability(self, v, e):
        o = self._one(v["card"], v)
        if o is None:
            return None, False
        c = self.g.chars(o)
        want = str(v["ability"]).lower().replace(" ", "_")
        names = {str(t.get("name")) for t in o.beh.triggers} | {str(a.get("name")) for a in o.beh.activated}
        has = want in c.keywords or any(n.startswith(str(v["ability"])) for n in names)
        return has, has == bool(v.get("value", True))

    def x_player_counters(self, v, e):
        n = self.g.pcounters.get(v["player"], {}).get(v["kind"], 0)
        return n, n == int(v["n"])

    def x_counters(self, v, e):
        o = self._one(v["card"], v)
        # kind 'any': counters of every kind together (a text that says 'counters' without a kind, 122.1)
        n = (sum(o.counters.values()) if v["kind"] == "any" else o.counters.get(str(v["kind"]), 0)) if o else None
        return n, n == int(v["n"])

    def x_devotion(self, v, e):
        col = v["color"]
        cols = col if isinstance(col, list) else list(str(col))
        n = self.g.devotion(v["player"], cols)
        return n, n == int(v["n"])

    def x_tapped(self, v, e):
        o = self._one(v["card"], v, zones=("battlefield",))
        obs = o.tapped if o else None
        return obs, obs == bool(v.get("value", True))

    def x_blocking(self, v, e):         # `card` is (still) a blocking creature, blocking `attacker` (509.1, 506.4)
        o = self._one(v["card"], v, zones=("battlefield",))
        a = self._one(v["attacker"], v, "attacker", zones=("battlefield",)) if v.get("attacker") else None
        obs = o is not None and o.oid in self.g.blockers and (a is None or a.oid in self.g.blockers[o.oid])
        return obs, obs == bool(v.get("value", True))

    def x_blocked(self, v, e):          # the attacking `card` is blocked: it stays so once blocked (509.1h, 506.4)
        o = self._one(v["card"], v, zones=("battlefield",))
        obs = o is not None and o.oid in self.g.blocked
        return obs, obs == bool(v.get("value", True))

    def x_attached(self, v, e):        # the Aura / Equipment `card` is attached to `to` (301.5, 303.4, 701.3)
        o, host = self._one(v["card"], v, zones=("battlefield",)), self._one(v["to"], v, "to", zones=("battlefield",))
        on = next((x for x in self.g.bf if o is not None and x.oid == o.attached_to), None)
        return (on.name if on else None), (host is not None and on is host) == bool(v.get("value", True))

    def x_monstrous(self, v, e):
        o = self._one(v["card"], v, zones=("battlefield",))
        obs = o.monstrous if o else None
        return obs, obs == bool(v.get("value", True))

    def x_mana_value(self, v, e):
        """202.3: the object's mana value (the engine's own count, as its mana-value filters read it)."""
        from .game.filters import mana_value
        o = self._one(v["card"], v)
        if o is None:
            return None, False
        n = mana_value(o)
        return n, n == int(v["n"])

    def x_total_cost(self, v, e):
        """601.2f: the total cost `by` (default: the card's owner) would pay to cast the card now, with the cost
        increases and reductions that apply (engine/game/mechanics/cost_changes.py) — with `targets` (names) the
        targets it would be cast with (601.2c); with `ability` (a number or name) the total cost to activate that
        ability of the card instead (602.2b)."""
        from .game.mechanics.cost_changes import total_cost
        o = self._one(v["card"], v)
        if o is None:
            return None, False
        targets = []                                 # 601.2c: the targets it would be cast with
        for name in v.get("targets") or []:
            t = name if name in self.g.players else self._one(name, v)
            if t is None:
                return None, False
            targets.append(t)
        ability = None
        if "ability" in v:                           # 602.2b: the total cost of one of its activated abilities
            abil = self.g.abilities_of(o)
            i = v["ability"]
            ability = abil[i - 1] if isinstance(i, int) and 0 < i <= len(abil) else next(
                (a for a in abil if str(a.get("name", "")).startswith(str(i))), None)
            if ability is None:
                return f"no ability {i!r}", False
        obs = total_cost(self.g, v.get("by") or o.owner, o, targets, ability)
        return obs, obs == str(v["mana"]).upper()

    def x_mana_pool(self, v, e):
        pool = self.g.pool[v["player"]]
        obs = "".join(c * n for c, n in sorted(pool.items()))
        return obs, obs == "".join(sorted(str(v["mana"]).replace("{", "").replace("}", "")))

    def x_lost(self, v, e):
        obs = v["player"] in self.g.lost
        return obs, obs == bool(v.get("value", True))

    def x_effects(self, v, e):
        """The effects performed by abilities/spells of a source, in order (e.g. ["scry 1", "draw 1"])."""
        label = str(v["source"])
        g = self.g
        src = g.resolve_name(label.partition(":")[0].strip())
        obs = [summ for name, lab, summ in g.effect_log
               if name == src and (":" not in label or label_matches(label, _Lab(name, lab), g))]
        want = [str(x) for x in v.get("sequence") or []]
        return obs, obs == want

    def x_choice_made(self, v, e):
        """A queued choice was used at that moment: at = cast | activation | stack | resolution | sba."""
        g = self.g
        obs = []
        ok = False
        for p, kind, value, at, what in g.choice_log:
            if v.get("player") and p != v["player"]:
                continue
            if v.get("kind") and kind != v["kind"]:
                continue
            if v.get("source") and not str(what).startswith(g.resolve_name(str(v["source"]))):
                continue
            obs.append({"player": p, "kind": kind, "at": at, "source": what})
            if (not v.get("at") or at == v["at"]) and ("value" not in v or str(value) == str(v["value"])):
                ok = True
        return obs, ok

    def x_targets(self, v, e):
        """What the spells/abilities of ``source`` on the stack target (115.1): observed [{card, controller}
        | {player}]; holds when one target fits every key given (card name, controller, card type, player)."""
        g = self.g
        obs, ok = [], False
        want = g.resolve_name(str(v["card"])) if v.get("card") else None
        for x in reversed(g.stack):
            if not label_matches(str(v["source"]), x, g):
                continue
            for t in x.targets or []:
                if t is None:
                    continue
                if isinstance(t, str):
                    obs.append({"player": t})
                    fits = v.get("player") == t and not (want or v.get("controller") or v.get("type"))
                else:
                    obs.append({"card": t.name, "controller": t.controller})
                    fits = (not v.get("player") and (want is None or t.name == want)
                            and (not v.get("controller") or t.controller == v["controller"])
                            and (not v.get("type") or v["type"] in g.chars(t).types))
                ok = ok or fits
        return obs, ok

    def x_priority(self, v, e):
        """Who receives priority now (117.3; ``player``: a player, ``none`` — no one, 502.4 / 514.3 — or ``any``:
        some player) and, with ``step``, the step the game is in (117.4, 500.2); ``value`` (default true): whether
        that player is the one.  Observed: both."""
        g = self.g
        holder = g.holder() or "none"
        want = v.get("player")
        fits = want is None or holder == want or (want == "any" and holder != "none")
        ok = fits == (v.get("value", True) is not False) and (v.get("step") is None or g.step == v["step"])
        return {"player": holder, "step": g.step}, ok

    def x_stack(self, v, e):
        st = list(reversed(self.g.stack))
        obs = [tname(x) for x in st]
        if isinstance(v, dict):
            return len(st), len(st) == int(v["n"])
        if not isinstance(v, list):
            raise self.err(e, "stack", "stack takes a list (top first) or {n: N}")
        ok = len(v) == len(st) and all(label_matches(str(name), x, self.g) for name, x in zip(v, st))
        return obs, ok

    def x_can_cast(self, v, e):
        g = self.g
        p = v["player"]
        o = self._one(v["card"], v, zones=("hand",), controller=None)
        if o is None or o.owner != p:
            o = g.make(self.card(v["card"], v), p, "hand")   # hypothetical copy in that player's hand
            tmp = True
        else:
            tmp = False
        ok, why = g.can_cast(p, o, v.get("mode"))
        if tmp:
            g.pz[p]["hand"].remove(o)
            g.current.pop(o.card_no, None)
            g.ordinals[o.name] -= 1
        return ok, ok == bool(v.get("value", True))

    def x_can_target(self, v, e):
        g = self.g
        spell = self._one(v["spell"], v, "spell")
        if spell is None:
            raise self.err(v, "spell", f"{v['spell']} is not in the game")
        ctrl = v.get("by") or spell.controller
        tgt_name = str(v["target"])
        specs = g.spell_target_specs(spell, v.get("mode") or (spell.mode if spell.zone == "stack" else None))
        if spell.zone != "stack" and not getattr(spell, "modes", None) and (spell.beh.spell or {}).get("modes"):
            # 700.2a, 601.2b-c: a modal spell not yet cast may target what any of its modes may (its controller
            # chooses that mode as it is cast)
            specs += [t for grp in spell.beh.spell["modes"] for m in grp.get("modes") or [] for t in m.get("targets") or []]
        if not specs and spell.beh.triggers:
            specs = [s for t in spell.beh.triggers for s in t.get("targets") or []]
        if not specs and spell.beh.activated:
            specs = [s for t in spell.beh.activated for s in t.get("targets") or []]
        if tgt_name in g.players:
            tgt = tgt_name
        else:
            tgt = self._one(tgt_name, v, "target")
            if tgt is None:
                raise self.err(v, "target", f"{tgt_name} is not in the game")
        ok = any(tgt in g.candidates(s, spell, ctrl) for s in specs)
        return ok, ok == bool(v.get("value", True))

    def _attempt(self, v, what: str) -> str | None:
        """Perform an expectation's ``action``; the rules' refusal (None when they allow it)."""
        action = v["action"]
        if not isinstance(action, dict):
            raise self.err(v, "action", f"{what}: action must be an action mapping")
        try:
            self.act(action)
        except IllegalAction as ex:
            return str(ex)
        return None

    def x_illegal(self, v, e):
        msg = self._attempt(v, "illegal")
        if msg is None:
            return "allowed", False
        want = v.get("message")
        return msg, (want is None or str(want).lower() in msg.lower())

    def x_library(self, v, e):
        """Where the player's cards are after library manipulation (701.22a scry, 701.25a surveil): ``top`` — the
        library's first len(top) cards are exactly these (in any order), ``bottom`` — its last len(bottom) cards
        are, ``graveyard`` — each is in the graveyard; ``ordered`` (a list of ``top`` / ``bottom``): those are in
        exactly the stated order, first on top (701.22a "in any order"); ``value`` (default true): whether that
        arrangement is the one observed.  Observed: the library, top first, and the graveyard."""
        g, p = self.g, v.get("player", "you")
        lib = [o.name for o in g.pz[p]["library"]]
        grave = [o.name for o in g.pz[p]["graveyard"]]
        ordered = v.get("ordered") or []
        names = lambda k: [g.resolve_name(str(x)) for x in v.get(k) or []]  # noqa: E731
        same = lambda got, want, k: got == want if k in ordered else sorted(got) == sorted(want)  # noqa: E731
        top, bottom, gy = names("top"), names("bottom"), names("graveyard")
        ok = (same(lib[:len(top)], top, "top") and same(lib[len(lib) - len(bottom):], bottom, "bottom")
              and all(grave.count(x) >= gy.count(x) for x in gy))
        return {"library": lib, "graveyard": grave}, ok == (v.get("value", True) is not False)

    def x_allowed(self, v, e):
        """Whether the rules allow an action (``value``, default true): it is performed when they do, and
        the observed value is ``allowed`` or the rules' refusal (so a can / can't claim is one expectation)."""
        msg = self._attempt(v, "allowed")
        allowed = msg is None
        return ("allowed" if allowed else msg), allowed == (v.get("value", True) is not False)
