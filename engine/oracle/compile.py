"""Compile one MTGJSON face into behaviour data (engine/README.md "Behaviour format", new keys in
VOCABULARY.md).  ``compile_face(face) -> Compiled``; ``compile_card(faces) -> list[Compiled]``.

A face is ``supported`` only when every line parsed completely (pyparsing, all-or-nothing) and
``support.unhandled(behaviour)`` finds nothing the engine cannot run.  The parsed values are symbolic
(``{target: TARGET}``, ``{ref: it}``, ``{each: FILTER}``); ``Binder`` turns them into the engine's words:
targets become the ability's target list, pronouns the object they refer to (608.2c).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import hand_el, prevention_el  # noqa: F401  (register group el's hand and prevention clauses)
from .effects import resolve_instead, set_ability_compiler
from .lines import GRAMMARS, Failure, parse_line
from .links import link_abilities
from .normalise import normalise_face
from .prefilter import install as install_prefilter
from .support import unhandled
from .supplementary import problems as supplementary_problems, returns_self
from .if_you_do import if_you_do_problems
from .values_ev import AMOUNT_EVENTS
from ..game.mechanics.ability_x import has_x
from ..vocabulary import PAIR_EVENTS

SPELL_TYPES = {"Instant", "Sorcery"}


@dataclass
class Compiled:
    name: str
    supported: bool
    reason: str | None
    behaviour: dict | None
    clauses: list = field(default_factory=list)
    parsed: bool = False


class _T:
    __slots__ = ("i",)

    def __init__(self, i):
        self.i = i


_TARGET_PLAYER = {"target_player": {"kind": "player"},
                  "target_opponent": {"kind": "player", "filter": {"controller": "opponent"}}}


_NAMED = ("enchanted", "equipped")     # the host an Aura / Equipment names (303.4, 301.5)


class Binder:
    """Bind one ability's symbolic objects (115.1 targets, 608.2c pronouns)."""

    def __init__(self, event_is_self: bool | None, other_party: bool = False):
        self.other_party = other_party          # the event has a second object ("deals damage to a creature")
        self.specs: list[dict] = []
        self.event_is_self = event_is_self       # None: not a trigger
        self._last = None
        self.self_recent = False                 # ~ was named after `last` ("put a counter on ~. It gains …")
        self.dealer = "self"                     # the last damage effect's dealer (120.3)
        self.spell_named = False                 # "if this spell was kicked": the next "it deals" is the spell

    @property
    def last(self):
        return self._last

    @last.setter
    def last(self, v):
        self._last, self.self_recent = v, False

    def target(self, spec) -> _T:
        f = spec.get("filter") or {}
        if f.get("controller") in _TARGET_PLAYER:
            # "target creature target player controls": the player would be chosen with the creature, which
            # the engine's targeting (all candidates at once) cannot express — left unhandled, not guessed
            spec = dict(spec, filter=dict(f, controller="target_player_of_another_target"))
        self.specs.append(spec)
        self.last = _T(len(self.specs) - 1)
        return self.last

    def ref(self, r: str):
        if r == "dealer":
            return self.dealer
        that = r == "that"
        if that:                # "that creature": the other party of a self-event (608.2c), else like "it"
            if self.last is None and self.event_is_self and self.other_party:
                self.last = "event_other"       # "tap that creature and it doesn't untap …": "it" is it too
                return "event_other"
            r = "it"
        if r in ("it", "them"):
            if self.self_recent and r == "it" and not that:
                return "self"
            if self.last is not None:
                return self.last
            if self.event_is_self is False:
                return "event"
            return "self"
        return r

    def value(self, v):
        if isinstance(v, str) and ":" in v:
            kind, _, arg = v.partition(":")
            if arg == "it":
                r = self.ref("it")
                return f"{kind}:{'target' if isinstance(r, _T) else r}"
            if arg == "that":       # "that creature's toughness": never the source itself (608.2c) — else unbound
                r = self.ref("that")
                return f"{kind}:{'target' if isinstance(r, _T) else 'unbound_that' if r == 'self' else r}"
        if isinstance(v, dict) and "count" in v:
            return {k: self.walk(x) for k, x in v.items()}
        return v

    def damage(self, d):
        """120.3: "it deals …" — `by` the source itself is the plain effect; another dealer stays in `by`."""
        if isinstance(d, dict) and "by" in d:
            self.dealer = d["by"]       # "it deals 3 damage to … and 3 damage to …": one dealer (DAMAGE_TWO)
        if isinstance(d, dict) and "by" in d and d["by"] == "self":
            d = {k: x for k, x in d.items() if k != "by"}
        return d

    def walk(self, v):
        if isinstance(v, list):
            return [self.walk(x) for x in v]
        if not isinstance(v, dict):
            return self.value(v)
        if set(v) == {"target"}:
            return self.target(v["target"])
        if set(v) == {"ref"}:
            return self.ref(v["ref"])
        if "player" in v and "target" in v and isinstance(v["target"], dict) and v.get("player") == "target":
            rest = {k: self.walk(x) for k, x in v.items() if k not in ("player", "target")}
            self.target(v["target"])
            return dict(rest, player="target")
        if v.get("controller") in _TARGET_PLAYER:
            # "all lands target player controls" (115.1): the player is a target of the ability; the filter
            # reads the targeted player.  "them" after it would be the set, which no object word names.
            self.target(_TARGET_PLAYER[v["controller"]])
            self.last = "unbound_set"
            v = dict(v, controller="target_player")
        out = {}
        if "affected" in v and self.last not in ("found", "created"):
            # 608.2c: "target creature gets +X/+X, where X is its power": "its" is the creature the sentence names
            # (walked first); after "reveal the top card", "that card's mana value" is still the card
            v = {"affected": v["affected"], **v}
        for k, x in v.items():
            out[k] = self.walk(x)
            named = x if isinstance(x, str) else x.get("ref") if isinstance(x, dict) and set(x) == {"ref"} else None
            if k == "damage" and self.spell_named and isinstance(x, dict) and x.get("by") == {"ref": "it"}:
                out[k] = self.damage(dict(out[k], by="self"))
            if named == "self" and out[k] == "self":
                self.self_recent = True     # "that creature" still names the object before (608.2c)
            elif named in _NAMED and named == out[k]:
                # 608.2c: "tap enchanted creature. It deals damage … equal to its power": "it" / "that creature"
                # after the host was named is the host (303.4 / 301.5), never the Aura or Equipment itself;
                # "sacrifice ~ and it deals 3 damage": after ~ was named, "it" is ~
                self.last = out[k]
            elif k == "if" and isinstance(x, dict) and any("kicked" in c for c in x):
                self.spell_named = True     # "if this spell was kicked, it deals …": "it" is this spell (702.33d)
            if k == "damage":
                out[k] = self.damage(out[k])
            if k == "create_token":
                self.last = "created"
            elif k in ("search", "dig", "exile_top", "reveal_random"):
                self.last = "found"
            elif k == "return_to_battlefield" and isinstance(x, dict) and isinstance(x.get("what"), dict) \
                    and set(x["what"]) == {"each"}:
                self.last = "unbound_set"       # "those creatures" after "return each …": no word names the set
        return out

    def finish(self, v):
        n = len(self.specs)

        def fin(x):
            if isinstance(x, _T):
                return "target" if n == 1 else f"target:{x.i}"
            if isinstance(x, list):
                return [fin(y) for y in x]
            if isinstance(x, dict):
                if n > 1 and isinstance(x.get("unless"), dict) and x["unless"].get("player") == "its_controller":
                    # 118.12 "… unless its controller pays": with several targets the engine's word would ask
                    # every target's controller; left unhandled (never guessed)
                    x = {"unless": dict(x["unless"], player="its_controller_of_several_targets")}
                return {k: fin(y) for k, y in x.items()}
            return x
        return fin(v)


def _player(p):
    return p["player"] if isinstance(p, dict) and set(p) == {"player"} else p


_EACH_PLAYER = ("each_opponent", "each_player")


def _per_player(e):
    """"… to each opponent equal to the number of lands that player controls": a value counted once per player,
    which one effect evaluated once cannot express — its "that player" is left unhandled (never guessed)."""
    if not isinstance(e, dict) or len(e) != 1:
        return e
    (verb, arg), = e.items()
    if verb == "unless" and isinstance(arg, dict) and arg.get("each"):
        return e                # 101.4: each player decides; `that_player` in `else` is each of them (flow.py)
    if isinstance(arg, dict) and any(arg.get(k) in _EACH_PLAYER or arg.get(k) == {"player": w}
                                     for k in ("to", "player") for w in _EACH_PLAYER) \
            and "that_player" in repr({k: v for k, v in arg.items() if k not in ("to", "player")}):
        return {verb: _rename(arg, "that_player", "that_player_of_each")}
    return e


_X_FILTER_KEYS = ("mana_value_at_most", "mana_value_at_least", "power_at_most", "power_at_least",
                  "toughness_at_most", "toughness_at_least")


def _ability_x(v):
    """107.3: the engine knows X only for a spell (announced as it is cast); an ability's "X target …" or
    "with mana value X or less" is left unhandled (never read as 0)."""
    if isinstance(v, list):
        return [_ability_x(x) for x in v]
    if not isinstance(v, dict):
        return "-X_of_an_ability" if v == "-X" else v
    if isinstance(v.get("token"), dict) and isinstance(v["token"].get("pt"), list):     # "create an X/X token"
        v = dict(v, token=dict(v["token"], pt=["X_of_an_ability" if x == "X" else x for x in v["token"]["pt"]]))
    return {k: ("X_of_an_ability" if x == "X" and k in _X_FILTER_KEYS else _ability_x(x)) for k, x in v.items()}


def _ability_x_targets(specs):
    return [dict(_ability_x(s), n="X_of_an_ability") if s.get("n") == "X" else _ability_x(s) for s in specs]


def _rename(v, old, new):
    if isinstance(v, dict):
        return {k: _rename(x, old, new) for k, x in v.items()}
    if isinstance(v, list):
        return [_rename(x, old, new) for x in v]
    return new if v == old else v


def engine_words(effects: list) -> list:
    """Parsed effect shapes → the engine's effect names where it has them (engine/README.md EFFECT)."""
    out = []
    for e in map(_per_player, effects):
        (verb, arg), = e.items() if len(e) == 1 else (("if", e),)
        if isinstance(arg, dict) and set(arg) == {"each"}:
            each = arg["each"]
            if verb in ("destroy", "exile", "tap", "untap", "return_to_hand", "regenerate", "sacrifice"):
                out.append({f"{verb}_all": each})
                continue
        if verb == "return_to_battlefield" and isinstance(arg, dict) and isinstance(arg.get("what"), dict) \
                and set(arg["what"]) == {"each"}:       # "return each … card from your graveyard" (group el)
            out.append({"return_all_to_battlefield": dict(arg, what=arg["what"]["each"])})
            continue
        if verb == "destroy" and isinstance(arg, dict) and "each" in arg:
            out.append({"destroy_all_no_regen" if arg.get("no_regen") else "destroy_all": arg["each"]})  # 701.15c
            continue
        if verb == "exile" and not isinstance(arg, dict):
            out.append({"exile": {"what": arg}})
            continue
        if verb == "damage":
            to = arg["to"]
            a = dict(arg)
            if isinstance(to, dict) and "each" in to:
                a.update(to="each", filter=to["each"])
            elif isinstance(to, dict) and "each_and_players" in to:
                a.update(to="each_and_players", filter=to["each_and_players"])
            else:
                a["to"] = _player(to)
            out.append({"damage": a})
            continue
        if verb == "pump" and isinstance(arg["affected"], dict) and "each" in arg["affected"]:
            out.append({"pump": dict(arg, affected=arg["affected"]["each"])})
            continue
        if verb == "put_counters" and isinstance(arg["to"], dict) and "each" in arg["to"]:
            out.append({"put_counters": dict(arg, to="each", filter=arg["to"]["each"])})
            continue
        if verb == "fight" and arg.get("a") == "target:0" and arg.get("b") == "target:1":
            out.append({"fight": "targets"})
            continue
        if verb == "may":
            out.append({"may": engine_words(arg)})
            continue
        if isinstance(arg, dict):
            arg = {k: (engine_words(v) if isinstance(v, list) and (k in ("effects", "else", "then", "otherwise", "if_you_do") or
                                                                 k in ("win", "lose") and verb in ("flip_coin", "clash"))
                       else _player(v) if k == "player" else v) for k, v in arg.items()}
            if "modes" in arg:
                arg["modes"] = [engine_words(m) for m in arg["modes"]]
        elif isinstance(arg, list):
            arg = engine_words(arg)
        out.append({verb: arg})
    return out


# Events of a self-object with a second participant that "that creature" names.
OTHER_PARTY_EVENTS = {"blocks_or_blocked_by_creature", "blocks_creature", "combat_damage_creature", "damage_creature", "blocks", "blocks_or_blocked", "becomes_blocked",
                      "blocked_by_creature", "attacks_or_blocks", "becomes_target", "becomes_target_opponent",
                      "becomes_target_spell", "becomes_target_yours", "deals_damage", "combat_damage"}


def _bind_effects(effects, event_is_self, other_party=False):
    b = Binder(event_is_self, other_party)
    eff = b.walk(effects)
    return b.finish(b.specs), engine_words(b.finish(eff))


def _merge_keywords(beh, kw):
    for k, v in kw.items():
        if k == "keywords":
            beh.setdefault("keywords", []).extend(v)
        else:
            beh[k] = v


_TOP_STATIC = ("enters_tapped", "enters_with_counters", "enters_choice", "pt_cda")


def _add_static(beh, st):
    items = st if isinstance(st, list) else [st]
    for s in items:
        if "keywords" in s and len(s) == 1:
            beh.setdefault("keywords", []).extend(s["keywords"])
        elif len(s) == 1 and next(iter(s)) in _TOP_STATIC:
            beh.update(s)
        else:
            beh.setdefault("statics", []).append(s)


def _rename_key(v, old, new):
    if isinstance(v, list):
        return [_rename_key(x, old, new) for x in v]
    if isinstance(v, dict):
        return {(new if k == old else k): _rename_key(x, old, new) for k, x in v.items()}
    return v


def _that_is_host(v):
    """303.4 / 608.2c: in "at the beginning of the upkeep of enchanted creature's controller, … that creature",
    "that creature" is the enchanted one."""
    if isinstance(v, list):
        return [_that_is_host(x) for x in v]
    if isinstance(v, dict):
        return {"ref": "enchanted"} if v == {"ref": "that"} else {k: _that_is_host(x) for k, x in v.items()}
    if isinstance(v, str) and v.endswith(":that"):      # "that creature's power" (608.2h)
        return v[:-len("that")] + "enchanted"
    return v


def _trigger(beh, head, effects):
    t = dict(head)
    if t.get("whose") == "enchanted_controller":
        effects = _that_is_host(effects)
    if not (t["event"] == "leaves" and (t.get("object") or {}).get("self")):
        # "that creature's controller sacrifices it" names the Aura's creature only in its leaves trigger (303.4)
        effects = _rename_key(effects, "sacrifice_linked", "sacrifice_linked_outside_leaves")
    obj = t.get("object")
    event_is_self = bool(obj and obj.get("self")) or t["event"] in ("upkeep", "end_step", "begin_combat") \
        or obj is None
    if t["event"] == "cast" and t.get("whose") != "each":
        obj = dict(obj or {})
        if not obj.get("self"):
            obj["controller"] = "you" if t["whose"] == "you" else "opponent"
        t["object"] = obj
        t.pop("whose")
        if obj.get("self"):
            t["event"] = "cast_self"
    elif t["event"] == "cast":
        t.pop("whose")
    if len(effects) == 1 and "may" in effects[0] and not any("may" in x for x in effects[0]["may"]):
        t["may"] = True
        effects = effects[0]["may"]
    elif effects and "may" in effects[0] and all("if_you_do" in x for x in effects[1:]) and len(effects) > 1 \
            and not any(k in x for x in effects[0]["may"] for k in ("pay_energy", "sacrifice", "discard")):
        # 608.2c: "you may X. If you do, Y" — the trigger asks on resolution (603.5); Y stays under `if_you_do`,
        # which reads whether X happened (a payment that can't be made, nothing to exile or return)
        t["may"] = True
        effects = effects[0]["may"] + effects[1:]
    if len(effects) == 1 and "modal" in effects[0]:
        # 700.2b: a modal triggered ability's mode is chosen as it is put on the stack, and only that mode's
        # targets are chosen (603.3c): each mode is bound on its own
        m = effects[0]["modal"]
        modes = []
        for me in m["modes"]:
            mt, mf = _bind_effects(me, event_is_self, t["event"] in OTHER_PARTY_EVENTS)
            modes.append({"targets": _ability_x_targets(mt), "effects": _ability_x(mf)})
        t["targets"], t["effects"], t["modes"] = [], [], {"choose": m["choose"], "modes": modes}
        beh.setdefault("triggers", []).append(t)
        return
    targets, eff = _bind_effects(effects, event_is_self, t["event"] in OTHER_PARTY_EVENTS)
    if t["event"] in AMOUNT_EVENTS:                 # "draw that many cards": the event's amount (damage, life)
        eff = _rename(eff, "that_many:amount", "event:amount")
    t["targets"], t["effects"] = _ability_x_targets(targets), _ability_x(eff)
    if t["event"] not in ("cast", "cast_self"):
        t["effects"] = _counter_event(t["effects"])
    if t["event"] in ("upkeep", "end_step", "begin_combat") and returns_self(eff):
        t["source_zone"] = "graveyard"      # 113.6k: it works while its card is in the graveyard
    if t["event"] == "cycle_self":
        t["source_zone"] = "graveyard"      # 702.29d: the cycled card triggers from where the cost put it
    if t["event"] in PAIR_EVENTS and event_is_self and not targets:
        t["effects"] = _rename(t["effects"], "its_controller", "event_other_controller")   # "that creature's controller"
    if t["event"] not in PAIR_EVENTS:
        # "that creature" of an event with no second object the engine records: left unhandled, not guessed
        t["effects"] = _rename(t["effects"], "event_other", f"event_other_of_{t['event']}")
    if t["event"] == "tapped_for_mana" and not targets and eff and all("add_mana" in e for e in eff):
        t["mana"] = True            # 605.1b: a triggered mana ability — it resolves at once (605.4a)
    beh.setdefault("triggers", []).append(t)


def compile_face(face: dict) -> Compiled:
    name = face.get("faceName") or face.get("name") or "?"
    types = set(face.get("types") or [])
    spell_face = bool(types & SPELL_TYPES)
    parsed = []
    for line in normalise_face(face):
        try:
            kind, val = parse_line(line, spell_face)
        except Failure as f:
            return Compiled(name, False, f.reason, None, [(k, x) for k, _v, x in parsed] + [("fail", line)])
        parsed.append((kind, val, line))
    return assemble(name, types, parsed)


def assemble(name: str, types: set, parsed: list) -> Compiled:
    """Parsed lines ``[(kind, symbolic value, line)]`` (the shapes ``lines.parse_line`` returns, whichever
    grammar read them: the Japanese card grammar in extractor/ja_card gives the same shapes) → one face's
    bound behaviour, supported when the engine handles all of it."""
    beh: dict = {}
    clauses = []
    spell_raw: list = []
    for kind, val, line in parsed:
        clauses.append((kind, line))
        if kind == "keywords":
            _merge_keywords(beh, val)
        elif kind == "static":
            _add_static(beh, val)
        elif kind == "additional_cost":
            beh["additional_cost"] = val
        elif kind == "trigger":
            head = val[0]
            if "Creature" in types and head.get("event") == "dies_any" and (head.get("object") or {}).get("self"):
                # 700.4: a creature's own "is put into a graveyard from the battlefield" (the wording printed
                # before "dies"; Oracle errata) is its "dies" trigger
                head = dict(head, event="dies")
            _trigger(beh, head, val[1])
        elif kind == "exert":                       # 701.39a: chosen as it attacks; "when you do" 603.12
            beh["exert"] = True
            if val:
                _trigger(beh, {"event": "exerted", "object": {"self": True}}, val)
        elif kind == "activated":
            cost, effects, restr = val
            targets, eff = _bind_effects(effects, None)
            a = dict(cost, **restr)
            if any("add_mana" in e for e in eff) and not targets and not a.get("loyalty"):
                if "Land" in types and len(eff) == 1 and set(a) == {"tap"} and "mana" in eff[0]["add_mana"] \
                        and "land_mana" not in beh and len(eff[0]["add_mana"]) == 1:
                    beh["land_mana"] = eff[0]["add_mana"]["mana"]
                    continue
                a["mana"] = True
            if has_x(a):        # 602.2b: X announced as the ability is activated (engine mechanics/ability_x.py)
                a["targets"], a["effects"] = targets, eff
            else:
                a["targets"], a["effects"] = _ability_x_targets(targets), _ability_x(eff)
            beh.setdefault("activated", []).append(a)
        elif kind in ("spell", "modal"):
            sp = beh.setdefault("spell", {"targets": [], "effects": []})
            if kind == "modal":
                modes = []
                for m in val["modes"]:
                    t, e = _bind_effects(m, None)
                    modes.append({"targets": t, "effects": e})
                sp.setdefault("modes", []).append({"choose": val["choose"], "modes": modes})
            else:
                spell_raw.extend(val)       # all of a spell's sentences share one target list (601.2c)
    if spell_raw:
        try:
            spell_raw = resolve_instead(spell_raw)  # "… instead" on a line of its own (e.g. addendum)
        except ValueError as e:
            return Compiled(name, False, f"instead: {e}", None, clauses, parsed=True)
        sp = beh.setdefault("spell", {"targets": [], "effects": []})
        sp["targets"], sp["effects"] = _bind_effects(spell_raw, None)
    if beh.get("keywords"):
        beh["keywords"] = list(dict.fromkeys(beh["keywords"]))
    unlinked = link_abilities(beh)                  # 607.2a: "the exiled card" of a linked ability
    missing = ([unlinked] if unlinked else []) + unhandled(beh) + supplementary_problems(beh, types) + \
        if_you_do_problems(beh)
    return Compiled(name, not missing, missing[0] if missing else None, beh, clauses, parsed=True)


def _counter_event(v):
    """701.5a: "counter it / that spell" names the event's spell only in a cast trigger; elsewhere the event's
    object is no spell (a permanent becoming the target, a creature dying): left unhandled, never guessed."""
    if isinstance(v, list):
        return [_counter_event(x) for x in v]
    if isinstance(v, dict):
        return {k: ("event_of_a_non_cast_trigger" if k == "counter" and x == "event" else _counter_event(x))
                for k, x in v.items()}
    return v


def _compile_granted(text: str) -> Compiled:
    return compile_face({"name": "~", "text": text, "types": ["Creature"]})


set_ability_compiler(_compile_granted)
install_prefilter(*GRAMMARS)        # the whole grammar is built (all clause tables registered) by now


def compile_card(faces: list[dict]) -> list[Compiled]:
    """Every face of a card; a transforming card's front names its back face (712, ``transform_to``)."""
    out = [compile_face(f) for f in faces]
    if len(faces) == 2 and faces[0].get("layout") == "transform":
        for c, f in zip(out, faces):
            if c.behaviour is not None and f.get("side") in ("a", "b"):     # 712.8: either face turns over
                other = faces[1] if f.get("side") == "a" else faces[0]
                c.behaviour["transform_to"] = other.get("faceName") or other.get("name")
    return out
