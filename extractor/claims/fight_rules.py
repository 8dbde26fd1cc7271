"""What fighting creatures deal (``fight_damage``, 701.14a: each deals damage equal to its power to the other).

Constructions read (the whole sentence, else no claim):
- the fight: 「格闘(は|では|とは)」「(2体のクリーチャーが)格闘する(と|場合|とき)」「格闘した(場合|とき|ら)」;
- who: 「それぞれ(の|が)|各|両方の|2体の)(クリーチャー)(は|が)」, optional;
- the amount: 「(自身の|自分の|その|それぞれの)<パワー|タフネス>に等しい(点数の)?ダメージを」;
- to whom: 「(相手|互い|お互い|もう一方|もう1体|他方)(のクリーチャー)?に」 (the other) or 「自身に／自分自身に」 (itself);
  「…を与え合う」 is to each other;
- the verb 「与える／与え合う」 (a negated verb is not read).
"""
from __future__ import annotations

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_LEAD = r"^[\s*・\-－]*(?:2体の(?:クリーチャー)?(?:が|は))?格闘(?:は|では|とは|する(?:と|場合|とき|際)(?:は|には)?|した(?:場合|とき|ら)(?:は|には)?)、?"
_WHO = r"(?:(?:それぞれ(?:の|が)?|各|両方の|2体の|互いの)?(?:クリーチャー)?(?:は|が)、?)?"
_AMOUNT = r"(?:自身の|自分の|その|それぞれの|各自の)?(?P<stat>パワー|タフネス)に等しい(?:点数の|数の|量の|値の)?ダメージを、?"
_TO = r"(?:(?P<other>相手|互い|お互い|もう一方|もう1体|他方|相手の)(?:の)?(?:クリーチャー)?に|(?P<self>自身|自分自身|自分)に)?、?"
_VERB = r"(?P<verb>与え(?:合う|あう|合います|る|ます))(?:のだ|のです|ことになる)?[。．\s]*$"

PATTERNS = compile_patterns({
    "fight": _LEAD + _WHO + _AMOUNT + _TO + _VERB,
    "fight_to_first": _LEAD + _WHO + _TO + _AMOUNT + _VERB,
})
P = PATTERNS


@register("fight_damage", priority=60, claims=True, needs=("格闘",))
def find_fight_damage(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["fight"].match(s.norm) or P["fight_to_first"].match(s.norm)
    if not m:
        return []
    mutual = "合" in m.group("verb") or "あう" in m.group("verb")
    if m.group("self") and mutual:
        return []
    if not (m.group("other") or m.group("self") or mutual):
        return []                                  # to whom is not said
    to = "itself" if m.group("self") else "other"
    stat = "power" if m.group("stat") == "パワー" else "toughness"
    return [Found("fight_damage", {"fight": {"by": "you"}}, {"each_deals": stat, "to": to}, None, m.span())]
