"""self_cost claims: a permanent sacrificed to pay its own activated ability's cost — the release-note ruling
「《X》の最後の能力のコストを支払うために、それ自身を生け贄に捧げてもよい」 (and 「…ことができる」, 「…ことはできない」).

CR 602.2b / 601.2h: an activated ability's costs are paid as it is activated; 701.17a: to sacrifice is to move a
permanent its controller controls to its owner's graveyard — a cost 「クリーチャーを1体生け贄に捧げる」 is paid by any
creature its controller controls, the source itself included, and 「他の…」 ("another") excludes it.

Situation ``card`` (the card named before の能力, or named as 〔X〕自身; with none named, the card a release-note block
or card page is about — the zero subject of its bullets) and ``ability`` (which of its abilities: "last" 最後の,
"first" 最初の, n for Nつ目の / N番目の, absent: its one ability with a sacrifice cost); outcome ``can``: bool.
"""
from __future__ import annotations

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence, kanji_int

_WHICH = r"(?P<which>最後の|最初の|(?:\d+|[一二三四五])(?:つ目|番目)の)?"
PATTERNS = compile_patterns({
    "self_cost": r"(?:〔(?P<card>\d+)〕(?:/[^、。〔]*?)?の)?" + _WHICH + r"(?:起動型)?能力(?:の(?:起動)?コスト"
                 r"(?:を支払う(?:ため(?:に)?|際に?|のに|場合に?は?)|として)|を起動する(?:ため(?:に)?|際に?|のに))、?\s*"
                 r"(?:〔(?P<self>\d+)〕|それ|これ)?自身を生け?贄に捧げ"
                 r"(?P<verb>てもよい|てもかまわない|てもいい|ることができ(?:る|ます)|ることもでき(?:る|ます)|られる"
                 r"|ることはでき(?:ない|ません)|ることができ(?:ない|ません)|られない)",
})
P = PATTERNS


def _which(word: str | None):
    if not word:
        return None
    if word == "最後の":
        return "last"
    if word == "最初の":
        return 1
    n = word.split("つ目")[0].split("番目")[0]
    return int(n) if n.isdigit() else kanji_int(n)


@register("self_cost", priority=40, claims=True, needs=("自身を生け",))
def find_self_cost(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["self_cost"].finditer(s.norm):
        named = m.group("card") or m.group("self")
        card = s.card(named) if named else (ctx.page_card if not s.cards else None)
        if m.group("card") and m.group("self") and s.card(m.group("card")) != s.card(m.group("self")):
            continue                    # 「《X》の能力のコストとして《Y》自身を…」: not the ability's own source
        if not card:
            continue
        sit = {"card": card}
        which = _which(m.group("which"))
        if which is not None:
            sit["ability"] = which
        can = not ("ない" in m.group("verb") or "ません" in m.group("verb"))
        out.append(Found("self_cost", sit, {"can": can}, card, m.span()))
    return out
