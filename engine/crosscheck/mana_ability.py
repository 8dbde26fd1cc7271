"""``uses_stack`` claims (CR 605.3a-b: a mana ability resolves immediately, without the stack; 605.1/117.1: a
spell that adds mana is cast and waits on the stack): the source's mana ability is activated — or, for an
instant or sorcery, the spell is cast — and the stack is looked at right after, before anything resolves."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact, named
from .cards import Cards
from .registry import Reading, Skip
from .stack_use import syn_game_object


def _syn_uses_stack(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    if not isinstance(out.get("stack"), bool):
        raise Skip("the claim does not say whether it uses the stack")
    src = sit.get("source")
    if isinstance(src, dict) and src.get("game_object"):       # a kind of object or action (stack_use.py)
        return syn_game_object(claim, cards, str(src["game_object"]), out["stack"])
    if sit.get("when") or sit.get("respond") and not (isinstance(src, dict) and src.get("desc")):
        raise Skip(f"the moment or response it states is not staged for {compact(src)}")
    source = named(cards, sit.get("source") or claim.subject, "the card whose ability or spell it is about")
    beh = cards.behaviour(source)
    if beh is None:
        raise Skip(f"no behaviour for {source}")
    b = Builder(claim, "", cards)
    if cards.is_spell_only(source):
        if sit.get("ability") == "mana":
            raise Skip(f"the claim is about {source}'s mana ability; {source} is a spell")
        b.label = f"{source} cast"
        b.rules = ["601.2a", "605.1"]
        b.add("you", "hand", source)
        b.actions.append({"cast": source})
    else:
        idx = [i for i, a in enumerate(beh.activated, 1) if a.get("mana")]
        if len(idx) != 1:
            raise Skip(f"{source} does not have exactly one mana ability")
        if sit.get("does_more") and not any(
                not (isinstance(e, dict) and "add_mana" in e) for e in beh.activated[idx[0] - 1].get("effects") or []):
            raise Skip(f"the text says {source}'s mana ability does more than add mana; its behaviour does not")
        b.label = f"{source}'s mana ability activated"
        b.rules = ["605.3a", "605.3b"]
        b.add("you", "battlefield", source)
        b.actions.append({"activate": source, "ability": idx[0]})
    b.actions.append({"expect": [{"stack": {"n": 1 if out["stack"] else 0}}]})
    b.actions.append({"resolve": "all"})
    return [b.build()]
