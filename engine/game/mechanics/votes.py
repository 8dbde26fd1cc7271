"""Voting (701.32): will of the council — "starting with you, each player votes for A or B. If A gets more votes,
…. If B gets more votes or the vote is tied, …" (effect ``vote``)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect


def _voters(g, first):
    """701.32a: starting with the named player, each player in turn order (the players still in the game)."""
    i = g.players.index(first)
    return [p for p in g.players[i:] + g.players[:i] if p not in g.lost]


@effect("vote", keys=("for", "then", "else"), nested=("then", "else"), values=(),
        enums={"for": lambda v: "" if isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)
               else repr(v)})
def vote(g, arg, ctx):
    """701.32a: starting with the controller, each player in turn order votes for one of the two options (each
    answers `choose: {vote: OPTION}`); 701.32c-like counting: the `then` effects if the first option got more
    votes, else (the second got more, or a tie) the `else` effects."""
    a, b = arg["for"]
    tally = {a: 0, b: 0}
    for p in _voters(g, ctx.controller):
        v = str(g.answer(p, "vote", f"{ctx.source.name}: vote for {a} or {b}", a)).lower()
        if v not in tally:
            raise IllegalAction(f"vote: {v!r} — the options are {a} and {b} (701.32a)")
        tally[v] += 1
        g.log("701.32a", f"{p} votes for {v}")
    g.log("701.32", f"{a}: {tally[a]} vote(s), {b}: {tally[b]} vote(s)")
    g.do_effects(arg["then"] if tally[a] > tally[b] else arg["else"], ctx)
