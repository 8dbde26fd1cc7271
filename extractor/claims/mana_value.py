"""mana_value claims: 「《X》の点数で見たマナコストは6」, 「土地のマナ総量は0」, and in a Q&A about mana value
(the question names it) 「土地は0」 / 「コピーでないトークンは0」 (CR 202.3: the total of the mana cost's symbols;
202.3e X is 0 off the stack; 202.3f a hybrid symbol counts its larger part; 202.3b an object with no mana cost —
a land, a token that copies nothing (111.3) — has mana value 0).

Outcome ``{"mana_value": n}``; situation ``card`` (a card name or a description).  A described object is read
by :func:`extractor.claims.described.describe` — its unread words make the claim unsimulable — except
「(何かの)コピーでない」: a stand-in is never a copy of anything, so that word is staged by the stand-in itself.
"""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC, UNSTATED, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence, kanji_int
from extractor.qa import A_LABEL

_MV = r"(?:「)?(?:点数で見たマナ・?コスト|マナ総量|マナ・?バリュー|総マナ・?コスト)(?:」)?"
_NUM = r"(\d+|[一二三四五六七八九十]+|ゼロ|零)"
# the number closes the statement (not 「6ではない」, not 「6以上」, not 「6点」)
_END = r"\s*(?=である|です|だ|となる|となります|になる|になります|。|$|、|[)）]|と(?:なる|なり))"

PATTERNS = compile_patterns({
    "mv_named": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:の|は)" + _MV + r"(?:は|が|も)、?\s*(?:常に)?\s*" + _NUM + _END,
    "mv_phrase": r"(?:^|[、。])([^、。〔]{1,30}?)の" + _MV + r"(?:は|が|も)、?\s*(?:常に)?\s*" + _NUM + _END,
    # in a Q&A or paragraph about mana value: 「土地は0」 (the phrase before は ends with a head word)
    "bare": r"(?:^|[、。])([^、。〔]{1,30}?)(?:は|も)、?\s*(?:常に)?\s*" + _NUM + _END,
    "topic": _MV,
    "not_copy": r"(?:何か|なにか)?の?コピー(?:で|では)(?:ない|ありません)",
    "copy": r"コピー",
})
P = PATTERNS


def _number(v: str) -> int:
    return 0 if v in ("ゼロ", "零") else int(v) if v.isdigit() else kanji_int(v)


def _described(phrase: str) -> dict[str, Any] | None:
    """The object a phrase ending in a head word describes ('コピーでないトークン' → a token stand-in, which
    copies nothing); None when the phrase does not end in a head word or speaks of a copy otherwise."""
    a = A_LABEL.match(phrase)                # '[A]土地は0': the answer's label is not part of the phrase
    plain = P["not_copy"].sub("", a.group(a.lastindex) if a and a.lastindex else phrase).strip()
    if P["copy"].search(plain):
        return None                         # a token that IS a copy: its mana cost is the original's (707.2)
    heads = [h for h in DESC["head"].finditer(plain) if not plain[h.end():].strip()]
    if not heads:
        return None
    d = describe(plain, heads[-1])
    if d and d["desc"].get("token") and not P["not_copy"].search(phrase):
        # 'a token' in general: a token that copies something has the original's mana cost (707.2), so the
        # statement is not one about a stand-in token that copies nothing
        d[UNSTATED] = "トークン(何かのコピーかどうか)"
    return d


@register("mana_value", priority=92, needs=("マナ", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"))
def find_mana_value(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["mv_named"].finditer(s.norm):
        card = s.card(m)
        if card:
            out.append(Found("mana_value", {"card": card}, {"mana_value": _number(m.group(2))}, card, m.span()))
    if out:
        return out
    spans = []
    for m in P["mv_phrase"].finditer(s.norm):
        d = _described(m.group(1))
        if d:
            spans.append(m.span())
            out.append(Found("mana_value", {"card": d}, {"mana_value": _number(m.group(2))}, None, m.span()))
    if out or not (P["topic"].search(ctx.joined) or P["topic"].search(s.norm)):
        return out
    for m in P["bare"].finditer(s.norm):
        d = _described(m.group(1))
        if d:
            out.append(Found("mana_value", {"card": d}, {"mana_value": _number(m.group(2))}, None, m.span()))
    return out
