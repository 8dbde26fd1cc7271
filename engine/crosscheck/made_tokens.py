"""``zone_after`` of a token a named card made (the condition ``made_by``: 「《急報》で生成したトークンが《送還》で手札に
戻された場合、そのトークンは消滅する」): the named spell is cast and its tokens created (111.1); one of them is then
moved by the stated event — a named instant or sorcery cast on it, or the event itself — and where the token is
afterwards is checked: a token that left the battlefield ceases to exist (111.7, state-based action 704.5d), so
"it is in no zone" is that token gone from every zone while the maker's other tokens stay; "it stays in the
hand / graveyard" is one of them still there (never, by 704.5d).  Only a spell that does nothing but create
tokens is staged (its tokens are then the only objects of that name)."""
from __future__ import annotations

from typing import Any

from extractor.facts import Claim

from ..game.effects.tokens import token_def
from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip

ZONES = ("graveyard", "exile", "hand", "library")
# the zone reader's event → (the action on the token, the spell effect that does it)
_EVENTS = {"bounce": (lambda t: {"put": {"cards": [t], "zone": "hand", "player": "you"}}, "return_to_hand"),
           "destroy": (lambda t: {"destroy": t}, "destroy"), "exile": (lambda t: {"exile": t}, "exile"),
           "sacrifice": (lambda t: {"sacrifice": t}, None)}


def made_by(conds: list) -> dict | None:
    return next((c for c in conds if isinstance(c, dict) and c.get("kind") == "made_by"), None)


def fix_token(claim: Claim, table) -> Claim:
    """Before stand-ins (zone_after's ``prepare_cards``): the token a named card made is described by that card's
    token — its types and P/T, labelled with its name — so no characteristic of it is left open to readings; a
    characteristic the sentence states must be the token's."""
    sit = claim.situation or {}
    cond = made_by(sit.get("conditions") or [])
    obj = sit.get("card")
    if cond is None or not (isinstance(obj, dict) and isinstance(obj.get("desc"), dict)):
        return claim
    m = table.resolve(str(cond.get("card"))) if hasattr(table, "resolve") else None
    if m is None:
        raise Skip(f"{cond.get('card')} is not a card the card table knows")
    made, _n = _maker(Cards.of(table), m.card.name)
    said = obj["desc"]
    if set(said) - {"token", "types"} or not set(said.get("types") or []) <= set(made.get("types") or []):
        raise Skip(f"the claim describes the token as {compact(said)}, and {m.card.name} makes {made['name']}")
    desc: dict[str, Any] = {"token": True, "types": list(made.get("types") or []), "label": str(made["name"])}
    if made.get("pt"):
        desc["pt"] = "/".join(str(x) for x in made["pt"])
    return Claim(**{**claim.__dict__, "situation": {**sit, "card": {"desc": desc}}})


def _maker(cards: Cards, name: str) -> tuple[dict, int]:
    """(the token's definition, how many) of a spell whose one effect creates tokens."""
    beh = cards.behaviour(name)
    if beh is None or not cards.is_spell_only(name):
        raise Skip(f"{name} is not a spell the engine can cast to make the token")
    sp = beh.spell or {}
    effects = sp.get("effects") or []
    if sp.get("targets") or sp.get("modes") or len(effects) != 1 or "create_token" not in (effects[0] or {}):
        raise Skip(f"{name} does more than create tokens: its token is not staged apart")
    eff = effects[0]["create_token"]
    n = eff.get("n", 1)
    if not isinstance(n, int) or n < 1:
        raise Skip(f"{name} creates a number of tokens the staging does not fix ({compact(n)})")
    try:
        return dict(token_def(eff["token"])), n
    except Exception as e:                   # a token definition the engine cannot build
        raise Skip(f"{name}'s token cannot be made: {type(e).__name__}") from None


def synthesize(claim: Claim, cards: Cards, card: str, zone: str, events: list, owner) -> list[Reading]:
    sit = claim.situation or {}
    cond = made_by(sit.get("conditions") or [])
    desc = getattr(cards.card(card), "desc", None) or {}
    if not desc.get("token"):
        raise Skip("the object a named card made is staged only as a token it makes")
    others = [c for c in sit.get("conditions") or [] if c is not cond]
    if others or owner not in (None, "owner", "you"):
        raise Skip(f"besides who made the token, the claim states {compact(others or owner)}")
    maker = cards.name(str(cond.get("card")))
    made, n = _maker(cards, maker)
    token = str(made["name"])
    if desc.get("label") != token:
        raise Skip(f"the token described is not {maker}'s {token}")
    # the stated event (the zone reader adds the named card's own as {action, by}: the card cast does it)
    acts = [e for e in events if isinstance(e, dict) and not e.get("by")]
    if len(acts) > 1 or (acts and acts[0].get("action") not in _EVENTS) or (not acts and not sit.get("by")):
        raise Skip(f"the events {compact(events)} on the token are not staged")
    action = acts[0]["action"] if acts else None
    b = Builder(claim, f"{maker} cast, then one of its tokens" + (f" {action}" if action else "")
                + (f" by {sit['by']}" if sit.get("by") else ""), cards)
    b.rules = ["111.1", "111.7", "704.5d"]
    b.add("you", "hand", maker)
    b.actions = [{"cast": maker}, {"resolve": "all"}]
    if sit.get("by"):
        b.actions += _cast_on(b, cards, str(sit["by"]), token, action)
    else:
        b.actions.append(_EVENTS[action][0](token))
    b.actions.append({"resolve": "all"})
    if zone == "none":                       # it ceased to exist: in no zone; the maker's other tokens stay
        b.expect += [{"count": {"zone": z, "card": token, "n": 0}} for z in ZONES]
        b.expect.append({"count": {"zone": "battlefield", "card": token, "n": n - 1}})
    elif zone == "battlefield":
        b.expect.append({"count": {"zone": "battlefield", "card": token, "n": n}})
    else:
        b.expect.append({"count": {"zone": zone, "card": token, "n": 1}})
    return [b.build()]


def _cast_on(b: Builder, cards: Cards, by: str, token: str, action: str | None) -> list[dict[str, Any]]:
    """The named instant or sorcery the claim says moves the token, cast on it (608.2) — only when that is what
    its one targeted effect does."""
    name = cards.name(by)
    beh = cards.behaviour(name)
    sp = (beh.spell or {}) if beh is not None else {}
    wanted = _EVENTS.get(action or "", (None, None))[1]
    does = {k for e in sp.get("effects") or [] if isinstance(e, dict) for k in e}
    if beh is None or not cards.is_spell_only(name) or len(sp.get("targets") or []) != 1 \
            or (wanted is None and action) or (wanted and wanted not in does) \
            or (not action and not does & {"return_to_hand", "destroy", "exile"}):
        raise Skip(f"{name} is not a targeted spell that does to the token what the claim says")
    b.add("you", "hand", name)
    return [{"cast": name, "targets": [token]}]
