"""A named planeswalker the Oracle compiler does not compile, staged by its printed characteristics when its rules
text is loyalty abilities only (``composed``'s ``prepare_cards``).

A loyalty ability is an activated ability (606.3, 602): it does nothing unless it is activated.  A statement
about the planeswalker being attacked, dealt damage or leaving the battlefield activates none of them, so such a
planeswalker acts, in that staging, exactly as an object with its printed characteristics and no abilities: its
types, colours, and the loyalty it enters with (306.5b, its printed loyalty).  It is labelled with the card's
name; damage dealt to it removes loyalty counters (120.3c) and at 0 loyalty it goes (704.5i) — the rules the
statement is about, never the card's own text.  A card with any other text (a static ability, a trigger, a
replacement) or a statement about anything else keeps its name and stays unsimulable."""
from __future__ import annotations

import copy
import re

from extractor.facts import Claim

from .. import behaviours

_REMINDER = re.compile(r"\([^)]*\)")
# "[+1]: …", "[−2]: …", "[0]: …", "[−X]: …" (606.2: a loyalty cost in brackets)
_LOYALTY_LINE = re.compile(r"^\[[+−\-]?(?:\d+|X)\]:\s*\S")
# what the staging observes of such a planeswalker: damage and loyalty, combat, zones (no ability of its own)
CHECKS = frozenset({"loses_loyalty", "damage", "damage_prevented", "life_down", "to_graveyard", "to_owners_graveyard",
                    "to_controllers_graveyard", "destroyed", "dies", "stays", "exiled", "to_hand", "leaves"})


def loyalty_only(card) -> bool:
    """A planeswalker whose every line of rules text (reminder text aside) is a loyalty ability, and which the
    engine has no behaviour for."""
    if "Planeswalker" not in (card.types or []) or not behaviours.needs_behaviour(card) \
            or behaviours.has_behaviour(card):
        return False
    try:
        int(card.loyalty)
    except (TypeError, ValueError):
        return False
    lines = [ln.strip() for ln in _REMINDER.sub("", card.text or "").split("\n") if ln.strip()]
    return bool(lines) and all(_LOYALTY_LINE.match(ln) for ln in lines)


def printed(card) -> dict:
    """The description of the planeswalker by its printed characteristics, labelled with its name."""
    d: dict = {"types": list(card.types), "label": card.name, "loyalty": int(card.loyalty)}
    for k, v in (("subtypes", card.subtypes), ("supertypes", card.supertypes), ("colors", card.colors)):
        if v:
            d[k] = list(v) if isinstance(v, list) else v
    return {"desc": d}


def printed_walkers(claim: Claim, table) -> Claim:
    """The claim with each named actor that is a loyalty-only planeswalker the engine cannot run (see above)
    replaced by its printed description — only for the outcomes that observe damage, loyalty, combat or zones."""
    sit = claim.situation if isinstance(claim.situation, dict) else {}
    actors = sit.get("actors")
    if not isinstance(actors, dict) or (claim.outcome or {}).get("check") not in CHECKS:
        return claim
    swap = {}
    for k, v in actors.items():
        m = table.resolve(v) if isinstance(v, str) and hasattr(table, "resolve") else None
        if m is not None and loyalty_only(m.card):
            swap[k] = printed(m.card)
    if not swap:
        return claim
    sit = copy.deepcopy(sit)
    sit["actors"].update(swap)
    return Claim(**{**claim.__dict__, "situation": sit})
