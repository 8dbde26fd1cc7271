"""Library manipulation: look at / reveal the top N cards and put them where the effect says (701.20 reveal,
401.4 library order; "look at" shows the cards to one player only, 701.20a/b)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect, filter_key, filter_problems, value_form
from ..filters import _mana_value

_TO = ("hand", "battlefield", "graveyard", "exile", "top", "bottom")
_REST = ("stay", "top", "bottom", "bottom_random", "graveyard", "hand", "exile")


def _part_problem(v, checker=None) -> str:
    if not isinstance(v, list):
        return repr(v)
    for p in v:
        if not isinstance(p, dict) or p.get("to") not in _TO or set(p) - {"take", "up_to", "may", "filter", "to",
                                                                           "tapped"}:
            return repr(p)
        take = p.get("take")
        if not (take in ("all", "any") or (isinstance(take, int) and take > 0)):
            return f"take {take!r}"
        problem = filter_problems(p.get("filter") or {})
        if problem:
            return problem
    return ""


def _pick(g, p, part, cands, what):
    """The cards of one part chosen among ``cands`` (already filtered): `all` takes every one; otherwise the
    player picks — `may`/`up to`/`any number` allow fewer (answer `choose: {dig: [names]}`, [] for none), an
    exact number picks that many if there are that many (a `card` answer each)."""
    take = part.get("take", 1)
    if take == "all" or not cands:
        return list(cands)
    most = len(cands) if take == "any" else min(take, len(cands))
    optional = take == "any" or part.get("up_to") or part.get("may")
    if not optional:
        out = []
        left = list(cands)
        for _ in range(most):
            o = g.choose_card(p, left, what)
            out.append(o)
            left.remove(o)
        return out
    v = g.answer(p, "dig", f"{what}: up to {most} of {[o.name for o in cands]}", None)
    if v is None:                                   # not strict: take as many as allowed
        return list(cands[:most])
    names = v if isinstance(v, list) else [v]
    if len(names) > most:
        raise IllegalAction(f"{what}: at most {most} cards, not {names}")
    return _named(g, names, cands, what)[0]


def _named(g, names, cands, what):
    """The cards an answer names, in its order, each once (-> (named, the others))."""
    out, left = [], list(cands)
    for name in names:
        o = next((x for x in left if x.name == g.resolve_name(str(name))), None)
        if o is None:
            raise IllegalAction(f"{name} is not among {[x.name for x in left]} ({what})")
        out.append(o)
        left.remove(o)
    return out, left


def _order(g, p, cards, what):
    """401.4: the player puts the cards in any order (answer `choose: {library_order: [names, top first]}`;
    needed only when the order can differ, i.e. two or more different names)."""
    if len({o.name for o in cards}) < 2:
        return list(cards)
    v = g.answer(p, "library_order", f"{what}: order of {[o.name for o in cards]}", None)
    if v is None:
        return list(cards)
    named, others = _named(g, v, cards, what)
    return named + others


@effect("dig", keys=("n", "player", "reveal", "parts", "rest"), players=("player",),
        enums={"rest": _REST, "parts": _part_problem})
def dig(g, arg, ctx):
    """701.20: look at (or reveal) the top `n` cards of a library; each of `parts` puts some of them (`take`:
    N, `all` matching, `any` number; `up_to`/`may`: fewer allowed; `filter`) `to` a zone (`tapped`), then the
    rest go `rest` (`stay`: where they are; top/bottom in any order 401.4, bottom in a random order, graveyard, hand, exile)."""
    me = ctx.controller
    for owner in g.players_of(arg.get("player", "you"), ctx):
        lib = g.pz[owner]["library"]
        looked = lib[:g.value(arg.get("n", 1), ctx)]
        g.log("701.20", f"{me} {'reveals' if arg.get('reveal') else 'looks at'} the top {len(looked)} "
                        f"of {owner}'s library: {[o.name for o in looked]}")
        left = list(looked)
        moves, found = [], []
        for part in arg.get("parts") or []:
            f = part.get("filter") or {}
            cands = [o for o in left if g.match(o, g.chars(o), f, ctx.source, me)]
            chosen = _pick(g, me, part, cands, f"{ctx.source.name}: cards to put {part['to']}")
            for o in chosen:
                left.remove(o)
                if part["to"] in ("top", "bottom"):
                    lib.remove(o)
                    lib.insert(0 if part["to"] == "top" else len(lib), o)
                else:
                    moves.append((o, part["to"], {"controller": me, "tapped": part.get("tapped", False)}))
        rest = arg.get("rest", "stay")
        if rest == "stay":
            pass                                    # looked at only: the cards stay where they are
        elif rest in ("top", "bottom", "bottom_random") and left:
            ordered = left if rest == "bottom_random" else _order(g, me, left, f"{ctx.source.name}: the rest")
            for o in ordered:
                lib.remove(o)
            if rest == "top":
                lib[0:0] = ordered
            else:
                lib.extend(ordered)
        elif left:
            moves += [(o, rest, {"controller": me}) for o in left]
        if moves:
            news = g.move_batch(moves)
            found += [n for (o, to, _), n in zip(moves, news) if n is not None and to != rest]
        g.touch()
        ctx.found = found


@value_form("mana_value", args=("found", "target", "event", "self", "sacrificed"))
def _mana_value_of(g, arg, ctx):
    """`mana_value:found|target|event|self|sacrificed`: the mana value (202.3) of the card named (the card a library
    effect just moved: `found`); none — 0."""
    objs = [ctx.source] if arg == "self" else g.objects_of(arg, ctx)
    return _mana_value(objs[0]) if objs else 0


_PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


@filter_key("permanent_card", values=(True,))
def _permanent_card(g, o, c, v, src, ctrl, ev):
    """A permanent card (110.4b: artifact, creature, enchantment, land, planeswalker or battle)."""
    return any(t in c.types for t in _PERMANENT_TYPES)


@filter_key("named_self", values=(True,))
def _named_self(g, o, c, v, src, ctrl, ev):
    """A card with the source's name ("a card named ~", 201.5)."""
    return src is not None and o.card.name == src.card.name
