"""Token creation (111)."""
from __future__ import annotations

from ..mechanics.doubling import multiplied
from ...vocabulary import KEYWORDS, effect, value_problems
from ..objects import TOKENS, Event, TokenCard, token_behaviour


def _token_kind(v):
    """A TOKENS name, or characteristics {types, subtypes, colors, pt, keywords, name} (111.4)."""
    if isinstance(v, str):
        return "" if v in TOKENS else v
    if not isinstance(v, dict) or not v.get("types"):
        return repr(v)
    bad = [k for k in v if k not in ("types", "subtypes", "colors", "pt", "keywords", "name", "supertypes")]
    if bad:
        return f"characteristic {bad[0]}"
    if "Creature" in v["types"] and not (isinstance(v.get("pt"), list) and len(v["pt"]) == 2 and
                                         all(isinstance(x, int) or not value_problems(x) for x in v["pt"])):
        return f"pt {v.get('pt')!r}"
    kws = [k for k in v.get("keywords") or [] if not (isinstance(k, str) and k in KEYWORDS or _ability_ok(k))]
    return f"keyword {kws[0]!r}" if kws else ""


def _ability_ok(k) -> bool:
    """A quoted ability a token is created with (111.4: "with '…'"): runnable by the engine as it stands."""
    from ...vocabulary import unhandled
    return isinstance(k, dict) and set(k) == {"ability"} and isinstance(k["ability"], dict) and \
        set(k["ability"]) <= {"triggers", "activated", "statics", "keywords"} and not unhandled(k["ability"])


def token_def(v) -> dict:
    if isinstance(v, str):
        return TOKENS[v]
    subs = list(v.get("subtypes") or [])
    name = v.get("name") or (" ".join(subs) or v["types"][-1]) + " Token"
    kws = [k for k in v.get("keywords") or [] if isinstance(k, str)]
    spec: dict = {}
    for k in v.get("keywords") or []:               # quoted abilities (111.4) join the token's behaviour
        if isinstance(k, dict):
            for part, items in k["ability"].items():
                spec.setdefault(part, []).extend(items)
    out = dict(name=name, types=list(v["types"]), subtypes=subs, colors=v.get("colors") or "",
               pt=tuple(v.get("pt") or (0, 0)), keywords=[k for k in kws if k not in spec.get("keywords", [])])
    if spec:
        out["spec"] = spec
    return out


@effect("create_token", keys=("token", "n", "for", "tapped"),
        enums={"token": _token_kind, "for": ("target_owner",)})
def create_token(g, arg, ctx):
    """111.1: create `n` tokens of a TOKENS kind or with the characteristics given (111.4: `{types, subtypes, colors, pt, keywords}`); ``for: target_owner`` gives them to the target's owner; `tapped`; they enter simultaneously (603.2c)."""
    d = token_def(arg["token"])
    if not all(isinstance(x, int) for x in d["pt"]):
        # 111.4 / 608.2h: "create an X/X token", "… whose power and toughness are each equal to …" — the numbers
        # are determined once, as the effect creates the token; they are its printed P/T from then on
        d = dict(d, pt=tuple(g.value(x, ctx) for x in d["pt"]))
    n = g.value(arg.get("n", 1), ctx)
    who = ctx.controller
    if arg.get("for") == "target_owner":
        objs = g.objects_of("target", ctx) or [x for x in ctx.targets if x is not None]
        if not objs:
            return
        who = objs[0].owner
    n = multiplied(g, "token_multiplier", who, n)                    # e.g. Parallel Lives (614.1a)
    news = []
    for _ in range(n):
        o = g.make(TokenCard(d), who, "battlefield", token=True, beh=token_behaviour(d))
        o.since_turn = g.turn
        o.tapped = bool(arg.get("tapped"))
        news.append(o)
        g.log("111.1", f"create {o.name}")
    # Tokens created by one effect enter simultaneously: one event per token (603.2c).
    ctx.created = news
    g.touch()
    g.detect([Event("zone", obj=None, new=o, frm=None, to="battlefield") for o in news])
