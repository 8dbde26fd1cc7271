"""Named spells, read by composition (issue 20): a spell cast at an object, and the damage a spell deals — pieces
of the composed reader's tables (:mod:`extractor.claims.compose` extends its own with these; nothing here knows a
sentence).

- ``cast_at`` (an event, 601.2c / 608.2): 「〔X〕の対象になった〔Y〕」「〔X〕を唱えられた〔Y〕」「〔X〕が対象とした〔Y〕」
  「〔Y〕に〔X〕を唱えた」 — the spell X was cast
  with Y as its target (the spell is the genitive / を object, the target the subject the relative clause
  modifies); the outcome after it is what X's resolution left (the checker casts it and lets it resolve);
- the instrument 「〔X〕で、〔Y〕は…」 (「《剛力化》で《サバンナ・ライオン》は6/5になる」): the event ``cast_at`` of X at the one
  object of the outcome, in a sentence of one clause stating nothing else (what X is used for is then the
  outcome: a P/T, destroyed, exiled, returned to the hand);
- the targets of a spell's damage (120.3): 「対象」 (any target the spell may choose, 115.4) and 「対戦相手」 (the
  opponent, a player) are objects of the damage outcome 「〔X〕は対象に3点のダメージを与える」.
"""
from __future__ import annotations

import re

PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    # 「〔X〕の対象になった」 (past: it was chosen as X's target); the present 「対象になる／ならない」 is the
    # targeting outcome (compose.PREDICATES)
    (r"対象にな(?=った|っている|っていた)", "cast_at", {"g": "spell", "s": "target"}),
    # 「〔X〕を唱えられた〔Y〕」: X was cast at Y (a passive of benefit: Y is the target)
    (r"唱えられ(?=た)", "cast_at", {"o": "spell", "s": "target"}),
    # 「〔X〕が対象とした〔Y〕」: the object X's spell targets (the relative clause's head is the target)
    (r"対象と(?=した)", "cast_at", {"s": "spell", "o": "target"}),
    # 「〔Y〕に〔X〕を唱えた(場合)」: X cast with Y as its target (the dative is what it is cast at, 601.2c); a stated
    # caster is a word no role reads (no reading): the checker casts it as yours
    (r"唱え(?=た)", "cast_at", {"o": "spell", "d": "target"}),
]
EVENTS = frozenset({"cast_at"})
OUTCOMES: frozenset[str] = frozenset()
SUBJECT_ROLES = {"cast_at": "target"}
NEEDS = ("対象にな", "唱えられ", "対象とした", "唱えた")

# 「対戦相手」: the opponent (a player, 102.2)
_OPPONENT = re.compile(r"対戦相手(?:の?プレイヤー)?|対象の対戦相手")
# these objects are read as the dative of a damage only (「対戦相手に」): 「対戦相手がコントロールする…」 is a description
DATIVE_ONLY = re.compile(rf"対象|{_OPPONENT.pattern}")


def object_of(phrase: str) -> dict | None:
    """The objects of a spell's damage: ``{"target": "any"}`` for 「対象」, ``{"player": "opponent"}`` for 「対戦相手」."""
    if phrase == "対象":
        return {"target": "any"}
    if _OPPONENT.fullmatch(phrase):
        return {"player": "opponent"}
    return None


# 「〔X〕で、」 opening a statement: the card used (a spell cast, the checker refuses any other card)
INSTRUMENT = re.compile(r"^\s*(〔\d+〕)で、?")
# the outcomes an instrument spell's resolution is read for, and the role of the object it is cast at
_INSTRUMENT_OUTCOMES = {"pt_is": "patient", "destroyed": "patient", "exiled": "patient", "to_hand": "patient",
                        "dies": "patient", "to_graveyard": "patient", "to_owners_graveyard": "patient"}


def instrument_event(spell: str | None, outcome: dict, events: list[dict], n_clauses: int) -> dict | None:
    """The ``cast_at`` event of an instrument 「〔X〕で」 at the outcome's object; None (no composed reading) when the
    sentence states other events or clauses, or the outcome is not one a spell's resolution is read for."""
    role = _INSTRUMENT_OUTCOMES.get(outcome["name"])
    if not spell or events or n_clauses != 1 or role is None or role not in outcome["roles"]:
        return None
    return {"name": "cast_at", "roles": {"spell": spell, "target": outcome["roles"][role]}, "holds": True,
            "modal": False, "agent": "target", "facts": {}}
