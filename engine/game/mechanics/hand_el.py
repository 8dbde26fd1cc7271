"""Hand and graveyard effects of group el (issue 21):

- ``exile_chosen`` (701.16a reveal, 406.2 exile): the ability's controller picks a matching card of the named
  player's (revealed) hand and it is exiled — not a discard, so no discard trigger (701.9a);
- ``exile_from_hand`` (406.2): each named player exiles N cards of their own choice from their hand;
- ``discard_draw`` (701.9 then 121.1): each named player discards all / any number of / up to N cards (or puts them on
  the bottom of their library in any order, 401.4, or shuffles them into it, 701.24), then draws that many cards
  (``plus``: one more or one fewer) — all players give up their cards first, then all draw (101.4 APNAP);
- ``return_all_to_battlefield`` (400.7): every card matching a FILTER in the graveyards (``owner``: whose) enters
  the battlefield at once (under its owner's control, or the ability controller's)."""
from __future__ import annotations

from ... import vocabulary as V
from ..effects.library import _pick
from ..filters import _mana_value
from ..objects import Ctx, Event
from ..triggers import _players_event
from .trigger_events import discarded


V.TARGET_KEYS.add("single_graveyard")        # "… target cards from a single graveyard" (game/targets.py, 601.2c)


def _hand(g, p, f, ctx, chooser):
    return [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), f or {}, ctx.source, chooser)]


@V.effect("exile_chosen", keys=("player", "filter"), filters=("filter",), players=("player",))
def exile_chosen(g, arg, ctx):
    """701.16a / 406.2: the named player reveals their hand; the ability's controller chooses a card matching
    `filter` from it (answer `choose: {card: …}`) and that card is exiled."""
    for p in g.players_of(arg.get("player", "target"), ctx):
        g.log("701.16a", f"{p} reveals their hand: {[o.name for o in g.pz[p]['hand']]}")
        o = g.choose_card(ctx.controller, _hand(g, p, arg.get("filter"), ctx, ctx.controller),
                          f"card of {p}'s hand to exile")
        if o is not None:
            g.log("406.2", f"{o.name} is exiled from {p}'s hand")
            g.move(o, "exile")


@V.effect("exile_from_hand", keys=("player", "n"), players=("player",))
def exile_from_hand(g, arg, ctx):
    """406.2: each named player exiles `n` cards of their own choice from their hand (all of them if fewer)."""
    for p in g.players_of(arg.get("player", "you"), ctx):
        for _ in range(g.value(arg.get("n", 1), ctx)):
            o = g.choose_card(p, list(g.pz[p]["hand"]), f"{p} exiles a card from their hand")
            if o is None:
                break
            g.log("406.2", f"{p} exiles {o.name} from their hand")
            g.move(o, "exile")


def _n(v, ctx=None):
    return "" if v in ("all", "any") or (isinstance(v, int) and not isinstance(v, bool) and v > 0) else repr(v)


@V.effect("discard_draw", keys=("player", "n", "up_to", "to", "plus"), players=("player",), values=(),
          enums={"n": _n, "to": ("graveyard", "bottom", "shuffle"), "up_to": lambda v: "" if v is True else repr(v),
                 "plus": lambda v: "" if v in (1, -1) else repr(v)})
def discard_draw(g, arg, ctx):
    """701.9 then 121.1: each named player gives up cards of their hand — `n: all` the whole hand, `any` any number,
    N with `up_to` up to N (answer `choose: {dig: [names]}`) — into the graveyard (a discard), on the bottom of their
    library in any order (`to: bottom`, 401.4) or shuffled into it (`to: shuffle`, 701.24); then each draws that
    many cards, `plus` one more (or fewer).  Every player gives up their cards before anyone draws."""
    given = []
    to = arg.get("to", "graveyard")
    for p in g.players_of(arg.get("player", "you"), ctx):
        hand = list(g.pz[p]["hand"])
        n = arg.get("n", "all")
        cards = hand if n == "all" else _pick(g, p, {"take": "any" if n == "any" else n, "up_to": True}, hand,
                                              f"{p}: cards to give up")
        if cards:
            news = g.move_batch([(o, "graveyard" if to == "graveyard" else "library", None) for o in cards])
            if to == "graveyard":
                discarded(g, p, news)
            elif to == "bottom":
                lib = g.pz[p]["library"]
                for o in news:
                    if o is not None and o in lib:
                        lib.remove(o)
                        lib.append(o)
        g.log("701.9" if to == "graveyard" else "401.4", f"{p} gives up {len(cards)} cards ({to})")
        given.append((p, len(cards)))
    for p, k in given:
        k = max(0, k + arg.get("plus", 0))
        g.log("121.1", f"{p} draws {k} (that many)")
        if k:
            g.draw(p, k)


@V.effect("return_all_to_battlefield", keys=("what", "controller", "tapped"), filters=("what",), values=(),
          enums={"controller": ("you", "owner")})
def return_all_to_battlefield(g, arg, ctx):
    """400.7: every card in a graveyard matching the FILTER `what` ("each creature card from your graveyard") is put
    onto the battlefield at once, under its owner's control (`controller: you` — the ability's controller),
    `tapped` if said."""
    f = dict(arg["what"], zone="graveyard")
    objs = [o for p in g.players for o in g.pz[p]["graveyard"] if g.match(o, g.chars(o), f, ctx.source, ctx.controller)]
    g.log("400.7", f"{ctx.source.name}: {[o.name for o in objs]} return to the battlefield")
    if objs:
        who = arg.get("controller", "owner")
        g.move_batch([(o, "battlefield", {"controller": ctx.controller if who == "you" else o.owner,
                                           "tapped": bool(arg.get("tapped"))}) for o in objs])


@V.effect("reveal_any", keys=("filter",), filters=("filter",), values=())
def reveal_any(g, arg, ctx):
    """701.16a: the ability's controller reveals any number of cards matching `filter` from their hand (answer
    `choose: {dig: [names]}`); how many is the value `revealed_this_way:cards` for the rest of the resolution."""
    p = ctx.controller
    cands = _hand(g, p, arg.get("filter"), ctx, p)
    shown = _pick(g, p, {"take": "any"}, cands, f"{ctx.source.name}: cards to reveal")
    g.revealed_this_way = (id(ctx), len(shown))
    g.log("701.16a", f"{p} reveals {[o.name for o in shown]}")


@V.value_form("revealed_this_way", args=("cards",))
def _revealed_this_way(g, arg, ctx):
    """`revealed_this_way:cards`: how many cards the `reveal_any` effect of this resolution revealed (0 if none)."""
    seen = getattr(g, "revealed_this_way", None)
    return seen[1] if seen is not None and seen[0] == id(ctx) else 0


@V.effect("search_own", keys=("player", "filter", "to", "tapped"), players=("player",), filters=("filter",), values=(),
          enums={"to": ("battlefield", "hand")})
def search_own(g, arg, ctx):
    """701.19: each named player ("its controller") may search their own library (answer `choose: {may: yes}` by
    them) for a card matching `filter` (701.19b: they may find nothing) and puts it `to` the battlefield under their
    control (`tapped`) or into their hand, then shuffles."""
    for p in g.players_of(arg.get("player"), ctx):
        if not g.choose_yes(p, f"{ctx.source.name}: search your library?"):
            g.log("701.19", f"{p} does not search")
            continue
        sub = Ctx(ctx.source, p, ctx.targets, ctx.event, ctx.ability, x=ctx.x)
        V.EFFECTS["search"].fn(g, {k: v for k, v in arg.items() if k != "player"}, sub)


@V.effect("reveal_random", keys=("player",), players=("player",))
def reveal_random(g, arg, ctx):
    """701.16a: each named player reveals a card at random from their hand (the scenario's `card` answer by that
    player names what the randomness picked); it stays in the hand and is the ability's `found` card."""
    found = []
    for p in g.players_of(arg.get("player", "target"), ctx):
        o = g.choose_card(p, list(g.pz[p]["hand"]), "reveal at random")
        if o is not None:
            g.log("701.16a", f"{p} reveals {o.name} at random from their hand")
            found.append(o)
    ctx.found = found


@V.effect("put_from_hand", keys=("n", "where"), enums={"where": ("top", "bottom")})
def put_from_hand(g, arg, ctx):
    """401.4: the controller puts `n` cards of their choice from their hand on top of (or on the bottom of) their
    library (`card` answers, one per card; the first named ends on top / nearest the top)."""
    p = ctx.controller
    chosen = []
    for _ in range(g.value(arg.get("n", 1), ctx)):
        left = [o for o in g.pz[p]["hand"] if o not in chosen]
        o = g.choose_card(p, left, "put a card from your hand into your library", by_object=True)
        if o is None:
            break
        chosen.append(o)
    news = [n for n in g.move_batch([(o, "library", None) for o in chosen]) if n is not None]
    lib = g.pz[p]["library"]
    for o in news:
        lib.remove(o)
    lib[0:0] = news if arg.get("where", "top") == "top" else []
    if arg.get("where") == "bottom":
        lib.extend(news)
    g.log("401.4", f"{p} puts {len(news)} card(s) from their hand on the {arg.get('where', 'top')} of their library")
    g.touch()


@V.effect("may_draw", keys=("player", "n"), players=("player",))
def may_draw(g, arg, ctx):
    """121.1: each named player may draw `n` cards — their choice (answer `choose: {may: yes}` by them)."""
    for p in g.players_of(arg.get("player"), ctx):
        if g.choose_yes(p, f"{ctx.source.name}: draw {arg.get('n', 1)}?"):
            g.draw(p, g.value(arg.get("n", 1), ctx))


V.event("draw_step")(_players_event("draw_step", "504.1 / 503-style step trigger: the beginning of a draw step "
                                                 "(its abilities go on the stack after the turn-based draw, 504.2)."))


@V.hook(V.STEP_HOOKS)
def _draw_step_begins(g, step):
    """504: "at the beginning of [your / each player's] draw step" triggers as the step begins (not when the step
    is skipped, 614.1b); they are put on the stack after the active player's draw (504.1, 117.3)."""
    if step != "draw":
        return
    if any(s.get("skip_step") == "draw" and x.controller == g.active for _, x, s in g._statics()):
        return
    g.detect([Event("draw_step", player=g.active)])


@V.filter_key("mana_value_is", values=lambda v: not V.value_problems(v))
def _mana_value_is(g, o, c, v, src, ctrl, ev):
    """202.3: the card's mana value equals a VALUE computed for the resolving ability ("a creature card with mana
    value equal to 1 plus the sacrificed creature's mana value")."""
    ctx = g.ctx_now
    return ctx is not None and _mana_value(o) == g.value(v, ctx)
