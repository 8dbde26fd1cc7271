"""Self-sacrifice claims: 「ほかにクリーチャーがいないなら、《X》自身を生け贄に捧げることになる」 — with no other
creature, X's own 'sacrifice a creature' ability has only X to sacrifice (CR 701.17a: a player sacrifices a
permanent they control; the only one that fits the instruction must be chosen), so X ends in the graveyard.

A ``zone_after`` claim: ``card`` X, ``events`` [{action: enter}] (X comes onto the battlefield, its own ability
sacrifices), ``conditions`` [{kind: no_other, types: [...]}] (no other permanent of those types on the
battlefield under its controller), ``self_sacrifice`` true (the cause is X's own ability); outcome ``zone``:
graveyard, or battlefield for the negation (「自身を生け贄に捧げる必要はない」).
"""
from __future__ import annotations

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import lexicon

LEX = lexicon()

PATTERNS = compile_patterns({
    # the condition: no other creature (artifact, permanent) — 'ほかにクリーチャーがいないなら' / '他にクリーチャーを
    # コントロールしていない場合'
    "no_other": r"(?:ほかに|他に|ほかの|他の)(?:自分の|あなたの|あなたがコントロールする)?(?P<what>クリーチャー|アーティファクト|パーマネント)"
                r"(?:が|を)(?:1体も|1つも|何も)?(?:いない|ない|存在しない|コントロールしていない)"
                r"(?:なら(?:ば)?|場合(?:は|には)?|とき(?:は)?|のであれば|のなら)、?",
    # X sacrifices itself: '《X》自身を生け贄に捧げることになる' / '《X》はそれ自体を生け贄に捧げなければならない'
    "self_sac": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:は|が)?(?:自身|それ自体|自分自身|それ自身)を生け?贄に捧げ"
                r"(?P<tail>る必要は(?:ない|ありません)|なくて(?:も)?(?:よい|いい|構わない)|ることは(?:ない|ありません)"
                r"|ることになる|ることになります|ることになり|なければならない|なければなりません|ます|る)",
})
P = PATTERNS
_TYPES = {"クリーチャー": "Creature", "アーティファクト": "Artifact", "パーマネント": "Permanent"}
_NEGATIVE = ("必要は", "なくて", "ことは")


@register("zone_after", priority=61, needs=("贄",))
def find_self_sacrifice(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    cond = P["no_other"].search(s.norm)
    if cond is None:
        return out
    for m in P["self_sac"].finditer(s.norm, cond.end()):
        card = s.card(m)
        if card is None:
            continue
        stays = any(w in m.group("tail") for w in _NEGATIVE)
        sit = {"card": card, "events": [{"action": "enter"}], "self_sacrifice": True,
               "conditions": [{"kind": "no_other", "types": [_TYPES[cond.group("what")]]}]}
        out.append(Found("zone_after", sit, {"zone": "battlefield" if stays else "graveyard"}, card, m.span()))
    return out
