"""Which parts of a compiled behaviour the engine cannot run yet — the ONE place that knows.

``unhandled(behaviour) -> list[str]`` (empty = the engine runs all of it).  The sets below are read off the
engine as it is: effect verbs are the ``Game.fx_*`` methods, behaviour keys / trigger events come from the
behaviour loader (engine/behaviours.py), filter keys from ``engine.game.FILTERS``, token names from
``engine.game.TOKENS``; argument shapes, conditions, player/object words, values and keywords were read from
the handlers (``Game.fx_*``, ``condition``, ``players_of``, ``objects_of``, ``value``, ``candidates`` and the
keyword checks in game.py/behaviours.py).  When the engine gains a vocabulary module
(``engine.vocabulary.unhandled``), this function is the one to point at it.
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _engine():
    from engine import behaviours as B
    from engine.game import FILTERS, TOKENS, Game
    verbs = {n[3:] for n in dir(Game) if n.startswith("fx_")}
    return {"verbs": verbs, "top": B.TOP_KEYS, "trigger": B.TRIGGER_KEYS, "activated": B.ACTIVATED_KEYS,
            "static": B.STATIC_KEYS, "events": B.EVENTS, "filters": set(FILTERS), "tokens": set(TOKENS)}


# Game.condition
CONDITIONS = {"control_at_least", "control_none", "event_object_no_counters", "creature_entered_last_turn",
              "first_draw_on_your_turn"}
# Game.players_of / Game.objects_of
PLAYERS = {None, "you", "each_opponent", "each_player", "target", "event_player", "event_controller", "owner"}
OBJECTS = {"target", "self", "event"}
# Game.candidates
TARGET_KINDS = {"spell", "graveyard_card", "ability", "permanent", "creature", "player", "any"}
# keyword checks in game.py (combat, targeting, casting, layers) and behaviours.py (persist/undying/prowess)
KEYWORDS = {"flying", "reach", "deathtouch", "lifelink", "vigilance", "haste", "indestructible", "first_strike",
            "double_strike", "trample", "menace", "intimidate", "unblockable", "cant_block", "cant_attack_alone",
            "attacks_each_combat", "devoid", "flash", "hexproof", "shroud", "persist", "undying", "prowess"}
WHOSE = {"you", "opponent", "each"}
PUMP_AFFECTED = {"self", "target", "enchanted_or_self"}
DAMAGE_TO = {"target", "each_opponent", "you", "each_player", "event_player"}


def _value_ok(v) -> bool:
    """Game.value: int, devotion:COLORS, power:self|target, toughness:self, event:amount."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    if isinstance(v, str):
        kind, _, arg = v.partition(":")
        return (kind == "devotion" and arg and set(arg) <= set("WUBRG")) or v in (
            "power:self", "power:target", "toughness:self", "event:amount")
    return False


class _Check:
    def __init__(self):
        self.e = _engine()
        self.out: list[str] = []

    def miss(self, what: str):
        if what not in self.out:
            self.out.append(what)

    def keys(self, d, allowed, kind):
        for k in d:
            if k not in allowed:
                self.miss(f"{kind} key: {k}")

    def filt(self, f):
        if not isinstance(f, dict):
            self.miss(f"filter: {f!r}")
            return
        for k, v in f.items():
            if k not in self.e["filters"]:
                self.miss(f"filter: {k}")
            elif k in ("controller", "owner") and v not in ("you", "opponent"):
                self.miss(f"filter: {k}={v}")
            elif k == "any_of":
                for x in v:
                    self.filt(x)
            elif k in ("power_at_most", "power_at_least") and not isinstance(v, int):
                self.miss(f"filter: {k}={v}")

    def target(self, t):
        if not isinstance(t, dict) or t.get("kind") not in TARGET_KINDS:
            self.miss(f"target kind: {t.get('kind') if isinstance(t, dict) else t}")
            return
        self.keys(t, {"kind", "filter"}, "target")
        self.filt(t.get("filter") or {})

    def value(self, v, where):
        if not _value_ok(v):
            self.miss(f"value: {where}={v}")

    def player(self, p, where):
        if not (p is None or isinstance(p, str) and p in PLAYERS):
            self.miss(f"player: {where}={p}")

    def obj(self, o, where):
        if not (isinstance(o, str) and o in OBJECTS):
            self.miss(f"object: {where}={o}")

    def kw(self, kws):
        for k in kws or []:
            if not isinstance(k, str):
                self.miss("keyword: granted ability")
            elif k not in KEYWORDS:
                self.miss(f"keyword: {k}")

    def effects(self, effects):
        for e in effects or []:
            if not isinstance(e, dict) or len(e) != 1:
                self.miss(f"effect: {sorted(e) if isinstance(e, dict) else e}")
                continue
            (verb, arg), = e.items()
            if verb not in self.e["verbs"]:
                self.miss(f"effect: {verb}")
                continue
            self.arg(verb, arg)

    def dict_arg(self, verb, arg, allowed):
        if not isinstance(arg, dict):
            self.miss(f"effect: {verb}({arg!r})")
            return False
        for k in arg:
            if k not in allowed:
                self.miss(f"effect: {verb}.{k}")
        return True

    def arg(self, verb, a):      # argument shapes each Game.fx_* reads
        if verb in ("counter", "destroy", "tap", "sacrifice", "copy_ability"):
            self.obj(a, verb)
        elif verb == "destroy_all":
            self.filt(a)
        elif verb in ("draw", "scry", "monstrosity"):
            if isinstance(a, dict):
                if self.dict_arg(verb, a, {"n"}):
                    self.value(a.get("n", 1), verb)
            else:
                self.value(a, verb)
        elif verb == "gain_life":
            if isinstance(a, dict):
                if self.dict_arg(verb, a, {"n", "player"}):
                    self.value(a.get("n", 1), verb)
                    self.player(a.get("player"), verb)
            else:
                self.value(a, verb)
        elif verb in ("lose_life", "discard", "mill"):
            if self.dict_arg(verb, a, {"n", "player"}):
                self.value(a.get("n", 1), verb)
                self.player(a.get("player"), verb)
        elif verb == "damage":
            if self.dict_arg(verb, a, {"n", "to"}):
                self.value(a.get("n", 1), verb)
                if a.get("to", "target") not in DAMAGE_TO:
                    self.miss(f"effect: damage.to={a.get('to')}")
        elif verb == "create_token":
            if self.dict_arg(verb, a, {"token", "n", "for"}):
                if not isinstance(a.get("token"), str) or a["token"] not in self.e["tokens"]:
                    self.miss("effect: create_token(token with characteristics)")
                self.value(a.get("n", 1), verb)
        elif verb == "add_mana":
            if self.dict_arg(verb, a, {"mana", "any_color", "player"}):
                if "mana" not in a and "any_color" not in a:
                    self.miss("effect: add_mana()")
                if "mana" in a and a["mana"] != "chosen" and not set(a["mana"]) <= set("WUBRGC"):
                    self.miss(f"effect: add_mana.mana={a['mana']}")
        elif verb == "search":
            if self.dict_arg(verb, a, {"filter", "to", "tapped"}):
                self.filt(a.get("filter", {}))
                if a.get("to", "hand") not in ("hand", "battlefield", "graveyard"):
                    self.miss(f"effect: search.to={a.get('to')}")
        elif verb == "pump":
            if self.dict_arg(verb, a, {"affected", "pt", "grant"}):
                aff = a.get("affected", "self")
                if isinstance(aff, dict):
                    self.filt(aff)
                elif aff not in PUMP_AFFECTED:
                    self.miss(f"effect: pump.affected={aff}")
                for x in a.get("pt") or []:
                    if not isinstance(x, int):
                        self.value(x, "pump.pt")
                self.kw(a.get("grant"))
        elif verb == "exile":
            if isinstance(a, dict):
                if self.dict_arg(verb, a, {"what", "link"}):
                    self.obj(a.get("what", "target"), verb)
            else:
                self.obj(a, verb)
        elif verb == "put_counters":
            if self.dict_arg(verb, a, {"to", "kind", "n"}):
                self.obj(a.get("to", "self"), verb)
                self.value(a.get("n", 1), verb)
        elif verb == "return_to_hand":
            if a != "event":
                self.miss(f"effect: return_to_hand({a})")
        elif verb == "return_to_battlefield":
            self.dict_arg(verb, a, {"counter"})
        elif verb == "fight":
            if a != "targets":
                self.miss(f"effect: fight({a})")
        elif verb == "exile_graveyard":
            self.player(a, verb)
        elif verb == "transform":
            if a != "self":
                self.miss(f"effect: transform({a})")
        elif verb == "unless":
            if self.dict_arg(verb, a, {"player", "pay", "pay_life", "sacrifice", "else"}):
                self.player(a.get("player", "target"), verb)
                self.effects(a.get("else"))
        elif verb == "blink":
            if isinstance(a, dict):
                self.dict_arg(verb, a, {"what", "tapped"})
                self.obj(a.get("what", "target"), verb)
        elif verb == "discard_chosen":
            if self.dict_arg(verb, a, {"player", "filter"}):
                self.player(a.get("player", "target"), verb)
                self.filt(a.get("filter", {}))

    def ability(self, a, kind, allowed):
        self.keys(a, allowed, kind)
        for t in a.get("targets") or []:
            self.target(t)
        self.effects(a.get("effects"))

    def behaviour(self, b):
        self.keys(b, self.e["top"], "behaviour")
        self.kw(b.get("keywords"))
        if "enchant" in b:
            self.filt(b["enchant"])
        sp = b.get("spell")
        if sp is not None:
            self.ability(sp, "spell", {"targets", "effects"})
        for t in b.get("triggers") or []:
            self.ability(t, "trigger", self.e["trigger"])
            if t.get("event") not in self.e["events"]:
                self.miss(f"event: {t.get('event')}")
            if "whose" in t and t["whose"] not in WHOSE:
                self.miss(f"trigger whose: {t['whose']}")
            if t.get("object") is not None:
                self.filt(t["object"])
            for k in (t.get("if") or {}):
                if k not in CONDITIONS:
                    self.miss(f"condition: {k}")
        for a in b.get("activated") or []:
            self.ability(a, "activated", self.e["activated"])
            if "sacrifice_other" in a:
                self.filt(a["sacrifice_other"])
        for s in b.get("statics") or []:
            self.keys(s, self.e["static"], "static")
            if "affected" in s:
                self.filt(s["affected"])
            self.kw(s.get("grant"))
            en = s.get("enchanted")
            if en:
                self.keys(en, {"pt", "grant"}, "enchanted")
                self.kw(en.get("grant"))
        if "enters_tapped" in b and b["enters_tapped"] is not True:
            self.miss("enters_tapped: conditional")
        if "pt_cda" in b and b["pt_cda"] != "creature_cards_in_graveyards":
            self.miss(f"pt_cda: {b['pt_cda']}")
        if "enters_choice" in b and b["enters_choice"] != "color":
            self.miss(f"enters_choice: {b['enters_choice']}")


def unhandled(behaviour: dict) -> list[str]:
    """What in ``behaviour`` the engine has no handler for (first = most important for ranking)."""
    c = _Check()
    c.behaviour(behaviour or {})
    return c.out
