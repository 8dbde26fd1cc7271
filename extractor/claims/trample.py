"""Trample with deathtouch (``trample_deathtouch``, CR 702.19c with 702.2c): assigning 1 damage to each blocker is
lethal damage, so the rest may be assigned to the player.

Constructions read:
- the attacker: a described object (:func:`extractor.claims.described.describe`) with both 接死 and トランプル
  (「接死とトランプルを持つ(5/5の)クリーチャー」), the subject of the sentence (…が / …は);
- the block, when stated: 「(N体の / X/Yの)クリーチャーにブロックされ(た場合|ると|ても)」;
- the outcome: 「ブロック・クリーチャー(それぞれ)に1点(ずつ)割り振れば、残りを(防御)プレイヤーに割り振れる」 (or its
  negative form), or a number: 「(防御)プレイヤーにN点(のダメージ)を与える / 割り振る」.
What the sentence says that no phrase reads (a condition before the subject, words after the outcome) goes to
``situation.unrepresented``.
"""
from __future__ import annotations

from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_BLOCKED = r"(?:(?:(?P<b>\d+)\s*体の|(?P<bpt>\d+/\d+)の)(?:クリーチャー)?に)?ブロックされ(?:た場合|ると|たら|ても|た時|たとき|て)、?"
_PLAYER = r"(?:防御|攻撃(?:した|している)先の)?プレイヤー(?:またはプレインズウォーカー)?に(?:は)?"
_VERB = r"(?P<verb>(?:割り振|与え)[ぁ-んー]*)"

PATTERNS = compile_patterns({
    "subject": r"(?P<subj>[^、。]*?(?:接死|トランプル)[^、。]*?クリーチャー)(?:が|は)、?",
    "rest": r"(?:" + _BLOCKED + r")?(?:それぞれの)?(?:ブロック・?クリーチャー|ブロッカー)(?:それぞれ|各々)?に(?:は)?(?:それぞれ)?"
            r"1\s*点(?:ずつ)?(?:の(?:戦闘)?ダメージ)?(?:を|だけ|のみ)?割り振(?:れば|るだけで|れば良く|ればよく|ればいい|ればよい|っても|っただけでは)、?"
            r"残り(?:の(?:戦闘)?ダメージ)?(?:は|を)?(?:すべて)?" + _PLAYER + _VERB,
    "number": _BLOCKED + _PLAYER + r"(?P<k>\d+)\s*点(?:の(?:戦闘)?ダメージ)?(?:を|が)?" + _VERB,
    "negative": r"(?:ない|ません|ず|ぬ)",
    "tail": r"(?:[。、\s]|ことになる|ことになります|のです|のだ)*$",
})
P = PATTERNS


def _attacker(subject: str) -> dict[str, Any] | None:
    """The described attacker, only when it has both keywords (a card named here is not read: unrepresented)."""
    d = describe(subject)
    kws = set(((d or {}).get("desc") or {}).get("keywords") or [])
    return d if {"deathtouch", "trample"} <= kws else None


@register("trample_deathtouch", priority=56, claims=True, needs=("接死",))
def find_trample_deathtouch(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for subj in P["subject"].finditer(s.norm):
        attacker = _attacker(subj.group("subj"))
        if attacker is None:
            continue
        for name in ("rest", "number"):
            m = P[name].match(s.norm, subj.end())
            if not m:
                continue
            done = not P["negative"].search(m.group("verb"))
            outcome = {"to_player": {"rest": done} if name == "rest" else {"n": int(m.group("k")), "dealt": done}}
            sit: dict[str, Any] = {"attacker": attacker}
            if m.group("b"):
                sit["blockers"] = int(m.group("b"))
            if m.group("bpt"):                      # 「4/4のクリーチャーに」: one creature of that size
                sit["blocker"] = {"desc": {"types": ["Creature"], "pt": m.group("bpt")}}
                sit["blockers"] = 1
            merge(sit, conditions(s.norm, subj.start()))
            if not P["tail"].match(s.norm[m.end():]):
                sit.setdefault("unrepresented", []).append(s.norm[m.end():].strip("。、 "))
            out.append(Found("trample_deathtouch", sit, outcome, None, (subj.start(), m.end())))
            break
    return out
