"""Conditional clauses (〜場合, 〜とき, 〜なら, 〜ても, 〜ので, 〜前に, 〜れば) as situation facts.

:func:`conditions` reads every condition clause of a sentence before its outcome.  A clause it can represent
becomes a fact of ``situation.conditions`` ({"kind": …}); a clause whose facts the example-wide keys already
carry (a card, an event, who controls what, a cast mode, an illegal target) adds nothing; every other clause
goes into ``situation.unrepresented`` as its Japanese text, so the cross-check refuses to decide a claim whose
stated condition it would not stage (fidelity, docs/design.md "Conditions and fidelity").
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.registry import compile_patterns
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_EVENT_WORDS = alternation(w for _, ws in LEX.sections["events"] for w in ws)
_MODE_WORDS = alternation(LEX.words("cast_modes") + ("授与", "出来事", "として唱え"))
_KEYWORDS = alternation(LEX.words("keyword_abilities"))

PATTERNS = compile_patterns({
    "clause": r"([^、。]{2,}?)(?:場合(?:でも|には|は|に|も)?|とき(?:でも|は|に|には)?|際(?:に|にも|でも)?"
              r"|なら(?:ば)?|ても|でも|ので|前に|(?<=[れえけせてめね])ば|ない限り)(?=、|$|\s)",
    "mode": _MODE_WORDS,
    "toughness_zero": r"タフネスが\s*0\s*(?:以下)?",
    "damage": r"(\d+)\s*点(?:の)?(?:戦闘)?ダメージを(?:受け|与え|負)",
    "loses": r"「?(" + _KEYWORDS + r")」?(?:という(?:性質|能力)|能力)?を失",
    "has": r"(" + _KEYWORDS + r")(?:能力)?を持(?:つ|っている)",
    "summoning_sick": r"召喚酔い",
    "just_controlled": r"コントロールが(?:移動|変わ)|奪った|コントロールを得",
    "attacking": r"攻撃(?:している|した|に参加)",
    "blocked": r"ブロックされ",
    "represented": r"〔\d+〕|" + _EVENT_WORDS + r"|コントロールして|対象が|解決|スタック|信心|誘発",
    "hedge_only": r"^(?:その|この|これ|それ|つまり|ただし|なお|例えば|たとえば)$",
})
P = PATTERNS


def read_condition(clause: str) -> dict[str, Any] | None | bool:
    """A condition fact, ``True`` when the example-wide keys carry it, ``None`` when not representable."""
    m = P["mode"].search(clause)
    if m:
        mode = LEX.first("cast_modes", clause)
        return {"kind": "cast_mode", "mode": mode} if mode else None
    if P["toughness_zero"].search(clause):
        return {"kind": "toughness_zero"}
    m = P["loses"].search(clause)
    if m:
        return {"kind": "loses", "keyword": LEX.value("keyword_abilities", m.group(1))}
    m = P["damage"].search(clause)
    if m:
        return {"kind": "damage", "n": int(m.group(1))}
    m = P["has"].search(clause)
    if m:
        return {"kind": "has", "keyword": LEX.value("keyword_abilities", m.group(1))}
    if P["summoning_sick"].search(clause):
        return {"kind": "summoning_sick"}
    if P["just_controlled"].search(clause):
        return {"kind": "just_controlled"}
    if P["blocked"].search(clause):
        return {"kind": "blocked"}
    if P["attacking"].search(clause):
        return {"kind": "attacking"}
    if P["represented"].search(clause):
        return True
    return None


def conditions(norm: str, end: int) -> dict[str, Any]:
    """``{"conditions": [...], "unrepresented": [...]}`` (only the non-empty ones) of the clauses before ``end``."""
    facts: list[dict[str, Any]] = []
    dropped: list[str] = []
    for m in P["clause"].finditer(norm[:end]):
        text = m.group(0).strip()
        if P["hedge_only"].match(m.group(1).strip()):
            continue
        got = read_condition(text)
        if got is True:
            continue
        if got is None:
            dropped.append(text)
        elif got not in facts:
            facts.append(got)
    out: dict[str, Any] = {}
    if facts:
        out["conditions"] = facts
    if dropped:
        out["unrepresented"] = dropped
    return out
