"""A keyword action defined by where it moves the object (``zone_after``) — and the same rule stated of every spell /
permanent, 「打ち消された呪文はオーナーの墓地に置かれる」「破壊されたパーマネントは…」 (:func:`find_every_object_zone`): 「「呪文を打ち消す」とは、その呪文をスタック
から(取り除き、)オーナーの墓地に移動させることである」 (701.6a counter), 「「破壊する」とは、パーマネントを戦場から
オーナーの墓地に移動させることである」 (701.8a destroy), 「「生け贄に捧げる」とは、パーマネントをそのコントローラーの戦場から
…」 (701.17a sacrifice), 「「追放する」とは、…追放領域に移動させることである」 (701.13a exile) — the CR's wording, which the
wiki's keyword-action pages quote.

Read (the whole sentence, else no claim): the defined words 「(<object>を)<action>」 (quoted or not) + 「とは、」 (a copy
that lost the opening quote keeps the closing one: 「1. 呪文を打ち消す」とは」), the object moved — 「その<object>を」「それを」 taking up the defined words' object, or 「<object>を」 when those name none —,
where from 「<zone>から(取り除き、)」 (optional), where to 「(オーナーの)<zone>に」 and the verb 「移動させる／移す／置く／戻す
／送る」 + 「ことである」.  The object is 「呪文」 (every spell: ``{desc: {every: spell}}``, each card type of a spell a
reading), 「パーマネント」 (every permanent, likewise) or a described object (「クリーチャー」).  The claim: the object,
the action as its event, the destination as the outcome.  A from-zone the action never moves the object from (a
spell is countered on the stack, a permanent destroyed / sacrificed on the battlefield) is kept unrepresented, and so is
「コントローラーの墓地」 (the object staged is controlled by its owner: whose graveyard is not told apart, 400.3).
"""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.described import describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_ACTIONS = {"打ち消す": "counter", "破壊する": "destroy", "生け贄に捧げる": "sacrifice", "生贄に捧げる": "sacrifice",
            "追放する": "exile"}
_FROM = {"counter": "スタック", "destroy": "戦場", "sacrifice": "戦場", "exile": "戦場"}
_TO = {"墓地": "graveyard", "追放領域": "exile", "手札": "hand", "ライブラリー": "library", "戦場": "battlefield"}
_WHOSE = {"オーナー": "owner", "持ち主": "owner", "コントローラー": "controller"}

PATTERNS = compile_patterns({
    "definition": r"^\s*(?:\d{3}\.\d+[a-z]?\s+)?(?:\d+\.\s*)?(?P<q>「)?(?:(?P<obj>[^「」、。を]{1,20})を)?"
                  r"(?P<act>打ち消す|破壊する|生け?贄に捧げる|追放する)」?\s*とは[、,]\s*"
                  r"(?:(?P<that>その|この)?(?P<obj2>[^「」、。をか]{1,20})を)[、,]?\s*"
                  r"(?:(?:その)?(?:(?P<fromwhose>オーナー|持ち主|コントローラー|あなた|自分)の)?(?P<from>スタック|戦場|手札|墓地)から"
                  r"(?:取り除き[、,]?\s*)?)?"
                  r"(?:(?:その)?(?P<whose>オーナー|持ち主|コントローラー)の)?(?P<to>墓地|追放領域|手札|ライブラリー|戦場)(?:に|へ)"
                  r"(?:移動させる|移す|置く|戻す|送る)こと(?:である|だ|です)?[。.]?\s*$",
    # the same rule stated of every one: 「打ち消された呪文はオーナーの墓地に置かれる」「破壊されたパーマネントは追放される」
    "plain": r"^\s*(?P<act>打ち消され|破壊され|生け?贄に捧げられ|追放され)た(?P<obj>呪文|パーマネント)(?:は|も)[、,]?\s*"
             r"(?:(?:(?:その)?(?P<whose>オーナー|持ち主|コントローラー)の)?(?P<to>墓地|追放領域|手札|ライブラリー)(?:に|へ)"
             r"(?:置かれる|移動する|移る|送られる|行く)|(?P<exiled>追放される))[。.]?\s*$",
})
P = PATTERNS
_PASSIVE = {"打ち消され": "counter", "破壊され": "destroy", "生け贄に捧げられ": "sacrifice", "生贄に捧げられ": "sacrifice",
            "追放され": "exile"}


def _object(word: str | None) -> Any:
    """「呪文」 / 「パーマネント」: every one of them (each card type a reading); else a described object, or None."""
    if word is None:
        return None
    word = word.strip()
    if word == "呪文":
        return {"desc": {"every": "spell"}}
    if word == "パーマネント":
        return {"desc": {"every": "permanent"}}
    d = describe(word)
    return d if d and d.get("desc", {}).get("types") else None


@register("zone_after", priority=55, claims=True, needs=("とは",))
def find_action_definition(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["definition"].match(s.norm)
    if not m:
        return []
    action = _ACTIONS.get(m.group("act"))
    obj1, obj2, that = m.group("obj"), m.group("obj2").strip(), m.group("that")
    if obj2 == "それ" or that:
        # 「それを」「その呪文を」: the defined words' object, named again (the same word) or by a pronoun
        if obj1 is None or that and obj2 != obj1.strip():
            return []
        word = obj1
    elif obj1 is None:
        word = obj2                                       # 「「破壊する」とは、パーマネントを…」: the object is introduced here
    else:
        return []                                         # (two different objects: which one moves is not said)
    obj = _object(word)
    if obj is None:
        return []
    spell = obj["desc"].get("every") == "spell" or "呪文" in word
    if (action == "counter") != spell:
        return []                                         # a spell is countered; a permanent destroyed, sacrificed, exiled
    sit: dict[str, Any] = {"card": obj, "events": [{"action": action}]}
    if m.group("from") and m.group("from") != _FROM[action] or m.group("fromwhose") in ("あなた", "自分"):
        # a zone the action never moves it from is a fact this check does not stage: never judged without it
        sit["unrepresented"] = [s.norm[m.start("fromwhose") if m.group("fromwhose") else m.start("from"):m.end("from")] + "から"]
    outcome: dict[str, Any] = {"zone": _TO[m.group("to")]}
    if m.group("whose"):
        outcome["owner"] = _WHOSE[m.group("whose")]
        if outcome["owner"] == "controller":
            # (the check stages an object its owner controls: "its controller's graveyard" is not told apart from
            # its owner's, 400.3 — a fact not staged)
            sit.setdefault("unrepresented", []).append(s.norm[m.start("whose"):m.end("to")])
    return [Found("zone_after", sit, outcome, None, (0, len(s.norm)))]


@register("zone_after", priority=61, claims=True, needs=("された", "られた"))
def find_every_object_zone(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「打ち消された呪文はオーナーの墓地に置かれる」: the definition's rule stated of every spell / permanent."""
    m = P["plain"].match(s.norm)
    if not m:
        return []
    action = _PASSIVE[m.group("act")]
    if (action == "counter") != (m.group("obj") == "呪文"):
        return []                                         # a spell is countered; a permanent destroyed, sacrificed, exiled
    sit: dict[str, Any] = {"card": {"desc": {"every": "spell" if m.group("obj") == "呪文" else "permanent"}},
                           "events": [{"action": action}]}
    outcome: dict[str, Any] = {"zone": "exile" if m.group("exiled") else _TO[m.group("to")]}
    if m.group("whose"):
        outcome["owner"] = _WHOSE[m.group("whose")]
        if outcome["owner"] == "controller":
            sit["unrepresented"] = [s.norm[m.start("whose"):m.end("to")]]     # (not told apart: see above)
    return [Found("zone_after", sit, outcome, None, (0, len(s.norm)))]
