"""Token creation (111)."""
from __future__ import annotations

from ...vocabulary import effect
from ..objects import TOKENS, Event, TokenCard, token_behaviour


@effect("create_token", keys=("token", "n", "for"),
        enums={"token": TOKENS, "for": ("target_owner",)})
def create_token(g, arg, ctx):
    """111.1: create `n` tokens of a TOKENS kind (``for: target_owner`` gives them to the target's owner); they enter simultaneously (603.2c)."""
    d = TOKENS[arg["token"]]
    n = g.value(arg.get("n", 1), ctx)
    who = ctx.controller
    if arg.get("for") == "target_owner":
        objs = g.objects_of("target", ctx) or [x for x in ctx.targets if x is not None]
        if not objs:
            return
        who = objs[0].owner
    news = []
    for _ in range(n):
        o = g.make(TokenCard(d), who, "battlefield", token=True, beh=token_behaviour(d))
        o.since_turn = g.turn
        news.append(o)
        g.log("111.1", f"create {o.name}")
    # Tokens created by one effect enter simultaneously: one event per token (603.2c).
    g.touch()
    g.detect([Event("zone", obj=None, new=o, frm=None, to="battlefield") for o in news])
