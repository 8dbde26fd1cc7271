"""``controller`` claims — who controls a spell, the permanent it becomes, or a copy of it:
- CR 601.2a / 108.4: the player who casts a spell controls it, also a card an opponent owns (staged: you cast a
  described creature card the opponent owns — the engine's `cast` by a player who isn't the card's owner, as an
  effect that lets them would, 601.3);
- CR 608.3a: a resolving permanent spell enters under its spell's controller's control (your own card, and one the
  opponent owns);
- CR 608.3a with "gain control of target spell" (the engine's gain_control on a spell): the opponent casts the
  creature, you gain control of the spell, it enters under your control;
- CR 707.10: a copy of a spell is controlled (and owned) by the player who put it on the stack (the engine's
  copy_spell): the opponent casts a described instant, you copy it; the copy on the stack is yours.
Every reading must hold (require_all); 「…ではない」 expects the other player (two players)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinCard, StandinTable, standin_card
from ..behaviours import Behaviour

CREATURE = {"types": ["Creature"], "pt": "2/2"}
INSTANT = {"types": ["Instant"], "effects": [{"gain_life": {"n": 1}}]}
GAIN_CONTROL = {"types": ["Instant"], "targets": "spell", "effects": [{"gain_control": {"what": "target"}}]}
STEAL = {"types": ["Instant"], "targets": "creature", "effects": [{"gain_control": {"what": "target"}}]}
# "whenever another creature enters, you gain 1 life": the life shows who controls the resolving trigger
SOURCE_SPEC = {"triggers": [{"event": "enters", "object": {"other": True, "types": ["Creature"]},
                             "effects": [{"gain_life": {"n": 1}}]}]}
COPY = {"types": ["Instant"], "targets": "spell", "effects": [{"copy_spell": "target"}]}
OTHER = {"you": "opponent", "opponent": "you"}
PLAYERS = {
    # object -> {claimed player -> who that is in the staged game: (caster, owner) -> player}
    "spell": ("caster", "spell_controller", "owner", "you", "opponent"),
    "permanent_from_spell": ("caster", "spell_controller", "owner", "you", "opponent"),
    "permanent_from_gained_spell": ("gainer", "spell_controller", "caster", "owner", "original_controller",
                                    "you", "opponent"),
    "triggered_ability": ("source_controller", "source_controller_on_resolution", "event_player"),
    "spell_copy": ("copier", "original_controller", "you", "opponent"),   # (a copy is not cast: "caster" is open)
}


def _prepare(claim: Claim) -> Claim:
    """The described objects the scenario needs, so the claim gets a stand-in table."""
    sit = dict(claim.situation or {})
    obj = sit.get("object")
    sit["card"] = {"desc": dict(INSTANT if obj == "spell_copy" else CREATURE)}
    if obj == "permanent_from_gained_spell":
        sit["effect_card"] = {"desc": dict(GAIN_CONTROL)}
    elif obj == "spell_copy":
        sit["effect_card"] = {"desc": dict(COPY)}
    elif obj == "triggered_ability":
        sit["effect_card"] = {"desc": dict(STEAL)}
    return Claim(**{**claim.__dict__, "situation": sit})


def _want(player: str, who: dict) -> str:
    return who.get(player, player)


def _syn_controller(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    obj, player = sit.get("object"), out.get("player")
    if obj not in PLAYERS or player not in PLAYERS[obj]:
        raise Skip(f"the claim does not say who controls what ({compact(sit)} → {compact(out)})")
    card = str(sit.get("card") or "")
    effect = str(sit.get("effect_card") or "")
    if not card or (obj in ("permanent_from_gained_spell", "spell_copy") and not effect):
        raise Skip("no stand-in table to hold the described spell")
    readings = []
    if obj in ("spell", "permanent_from_spell"):
        owners = ("opponent",) if sit.get("not_owned") else ("you", "opponent")
        for owner in owners:
            b = Builder(claim, "you cast " + ("your own card" if owner == "you" else "a card the opponent owns"),
                        cards)
            b.rules = ["601.2a", "108.4"] + (["608.3a"] if obj == "permanent_from_spell" else [])
            b.add(owner, "hand", card)
            b.actions = [{"cast": card, "by": "you"}]
            who = {"caster": "you", "spell_controller": "you", "owner": owner}
            want = _want(player, who)
            zone = "stack"
            if obj == "permanent_from_spell":
                b.actions.append({"resolve": "all"})
                zone = "battlefield"
            if out.get("not"):
                want = OTHER[want]
            b.expect.append({"zone": {"card": card, "zone": zone, "controller": want}})
            readings.append(b.build())
    elif obj == "permanent_from_gained_spell":
        b = Builder(claim, "the opponent casts it, you gain control of the spell", cards)
        b.rules = ["608.3a", "613.1b"]
        b.active = "opponent"
        b.add("opponent", "hand", card)
        b.add("you", "hand", effect)
        b.actions = [{"cast": card, "by": "opponent"}, {"cast": effect, "by": "you", "targets": [card]},
                     {"resolve": "all"}]
        who = {"gainer": "you", "spell_controller": "you", "caster": "opponent", "owner": "opponent",
               "original_controller": "opponent"}
        want = _want(player, who)
        if out.get("not"):
            want = OTHER[want]
        b.expect.append({"zone": {"card": card, "zone": "battlefield", "controller": want}})
        readings.append(b.build())
    elif obj == "triggered_ability":
        readings += _triggered(claim, cards, card, effect, player, bool(out.get("not")))
    else:                                                     # spell_copy (707.10)
        b = Builder(claim, "the opponent casts a spell, you copy it", cards)
        b.rules = ["707.10"]
        b.active = "opponent"
        b.add("opponent", "hand", card)
        b.add("you", "hand", effect)
        b.actions = [{"cast": card, "by": "opponent"}, {"cast": effect, "by": "you", "targets": [card]},
                     {"resolve": 1}]
        who = {"copier": "you", "original_controller": "opponent", "caster": "opponent"}
        want = _want(player, who)
        if out.get("not"):
            want = OTHER[want]
        # the copy (a token object, 707.10) is on the stack under `want`'s control and ownership; the original
        # stays the opponent's (so a stack object of that name alone would not tell them apart)
        b.expect.append({"count": {"player": want, "zone": "stack", "card": card, "token": True, "n": 1}})
        readings.append(b.build())
    return readings


def _source(cards: Cards) -> str:
    """A described 2/2 creature whose one ability is "whenever another creature enters, you gain 1 life"."""
    table = cards.table
    if not isinstance(table, StandinTable):
        raise Skip("no stand-in table to hold the trigger's source")
    card = standin_card(dict(CREATURE))
    card = StandinCard(**{**card.__dict__, "name": "Stand-in trigger source",
                          "behaviour": Behaviour("<stand-in>", dict(SOURCE_SPEC))})
    table.standins.setdefault(card.name, card)
    return card.name


def _triggered(claim: Claim, cards: Cards, creature: str, steal: str, player: str, neg: bool) -> list[Reading]:
    """603.3a: you control the source; the opponent's creature enters and triggers it; in the second reading the
    opponent gains control of the source while the trigger waits on the stack.  The 1 life goes to the
    trigger's controller."""
    source = _source(cards)
    out = []
    for steals in (False, True):
        b = Builder(claim, "the opponent gains control of the source before it resolves" if steals
                    else "the source's controller keeps it", cards)
        b.rules = ["603.3a"]
        b.active = "opponent"
        b.add("you", "battlefield", source)
        b.add("opponent", "hand", creature)
        b.actions = [{"cast": creature, "by": "opponent"}, {"resolve": 1}]
        if steals:
            b.add("opponent", "hand", steal)
            b.actions.append({"cast": steal, "by": "opponent", "targets": [source]})
        b.actions.append({"resolve": "all"})
        want = {"source_controller": "you", "event_player": "opponent",
                "source_controller_on_resolution": "opponent" if steals else "you"}[player]
        if neg:
            want = OTHER[want]
        b.expect.append({"life_change": {want: 1, OTHER[want]: 0}})
        out.append(b.build())
    return out
