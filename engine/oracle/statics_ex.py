"""Static abilities of Auras and Equipment (group ex of issue 21: the most printed cards that still failed),
tried before the statics of ``statics_s.py``:

- "enchanted/equipped creature gets +P/+T and <restriction>", "… gets +P/+T, has <keywords>, and
  <restriction>", "… has <keywords> and <restriction>" (303.4 / 301.5: what the attached permanent gives its
  host, layers 6 and 7c) — the restrictions are the keyword table ``statics._RESTRICT``;
- "enchanted/equipped creature gets +P/+T for each <objects>" and "… gets +x/+x, where x is <value>" (613.4c, a
  ``pt_per`` static affecting the host);
- "you control enchanted <permanent>" (303.4, 613.1b: control-changing Auras of any permanent type).

Tables are data: a new host noun is one entry of ``_HOST``, a new restriction one entry of ``statics._RESTRICT``.
"""
from __future__ import annotations

import pyparsing as pp

from . import effects_ex  # noqa: F401  (registers the group's effect clauses)
from .base import SIGNED_PT, W, choice, guard
from .effects import _KW_LIST
from .quantities import FOR_EACH, X_IS
from .statics import _RESTRICT, _kws
from .statics_es import STATIC as _OLDER
from .combat_ek import STATICS_EK

# the host an attached Aura (303.4) or Equipment (301.5) modifies; the engine's key for what it gives
_HOST = choice({"enchanted creature": "enchanted", "enchanted permanent": "enchanted", "enchanted land": "enchanted",
                "enchanted artifact": "enchanted", "equipped creature": "equipped"})
_GETS, _HAS, _AND = W("gets"), W("has"), W("and")
_RESTRICTION = choice(_RESTRICT).copy().add_parse_action(lambda t: [_kws(t[0])])


def _body(pt=None, kws=(), restrict=()):
    out = {}
    if pt is not None:
        out["pt"] = pt
    if kws or restrict:
        out["grant"] = list(kws) + list(restrict)
    return out


# "gets +2/+2 and can't block" | "gets +1/+1, has flying, and can't block" | "has flying and can't block"
_PT_RESTRICT = (_GETS + SIGNED_PT + _AND + _RESTRICTION).set_parse_action(lambda t: [_body(t[0], (), t[1])])
_PT_KW_RESTRICT = (_GETS + SIGNED_PT + W(",") + _HAS + _KW_LIST + W(", and") + _RESTRICTION).set_parse_action(
    lambda t: [_body(t[0], t[1], t[2])])
_KW_RESTRICT = (_HAS + _KW_LIST + _AND + _RESTRICTION).set_parse_action(lambda t: [_body(None, t[0], t[1])])
HOST_COMPOUND = (_HOST + (_PT_KW_RESTRICT | _PT_RESTRICT | _KW_RESTRICT)).set_parse_action(
    lambda t: [[{t[0]: t[1]}]])

def _other_is_source(host: str, count) -> bool:
    """"for each OTHER …" names the engine's ``other`` (other than the source) only when the source itself is of
    that kind: an Aura counting enchantments, an Equipment counting artifacts.  "each other creature" of an Aura
    means other than the enchanted creature (Vampirism), which no filter says: refused, not guessed."""
    f = count.get("count") if isinstance(count, dict) else None
    if not isinstance(f, dict) or not f.get("other"):
        return True
    return ({"enchanted": "Enchantment", "equipped": "Artifact"}[host] in (f.get("types") or [])
            and set(f) <= {"other", "types", "zone", "controller"})


# 613.4c: "equipped creature gets +1/+0 for each artifact you control" — the host is the affected object
HOST_PER = (_HOST + _GETS + SIGNED_PT + FOR_EACH).set_parse_action(guard(
    lambda t: _other_is_source(t[0], t[2]),
    lambda t: [[{"layer": "7c", "affected": {"enchanted": True}, "pt_per": {"pt": t[1], "count": t[2]}}]]))

# 613.4c: "enchanted creature gets +x/+x, where x is <value>" — X counted continuously, times each sign
_XPT = choice({"+x/+x": [1, 1], "+x/+0": [1, 0], "+0/+x": [0, 1], "-x/-x": [-1, -1], "-x/-0": [-1, 0]})
HOST_WHERE_X = (_HOST + _GETS + _XPT + W(", where x is") + X_IS).set_parse_action(guard(
    lambda t: _other_is_source(t[0], t[2]),
    lambda t: [[{"layer": "7c", "affected": {"enchanted": True}, "pt_per": {"pt": t[1], "count": t[2]}}]]))

# 613.1b layer 2: "you control enchanted artifact" (Auras that steal any permanent type)
CONTROL_HOST = W("you control enchanted creature", "you control enchanted permanent", "you control enchanted artifact",
                 "you control enchanted land", "you control enchanted planeswalker").set_parse_action(
    lambda: [[{"control_enchanted": True}]])

EX_STATIC = (HOST_COMPOUND | HOST_PER | HOST_WHERE_X | CONTROL_HOST) + pp.Opt(pp.Literal(".")).suppress()
STATIC = EX_STATIC | STATICS_EK | _OLDER
