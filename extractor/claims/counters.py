"""+1/+1 and -1/-1 counters on one permanent cancel out (``counters_annihilate``, CR 704.5q).

Constructions read (each piece a phrase of the grammar, the sentence any order of them):
- the pair: 「<種類>カウンター(N個)(と|や|、)<種類>カウンター(N個)」 with one +1/+1 and one -1/-1 kind, or the first
  kind on a permanent and the second put on it: 「<種類>カウンターがN個置かれている<クリーチャー>に<種類>カウンターが
  M個置かれる(と|場合|とき|たら)」;
- where they are (「(同じ|1つの)パーマネントの上に置かれている(場合)」), how (「1個ずつ」「対になって」「状況起因処理で」);
- the outcome: 「相殺される / 打ち消し合う / 取り除かれる / 消滅する / なくなる」 (or their negative forms), or what
  is left: 「<種類>カウンターがK個(だけ)残る」 / 「残らない」.
Words of the sentence no phrase reads (a named card, a condition before the pair) go to ``situation.unrepresented``
through the condition reader, so the claim is never judged without them.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_KIND = r"(?P<{0}>\+1/\+1|-1/-1)・?カウンター(?:(?:が|を)?(?P<{1}>\d+)\s*(?:個|つ))?"
_OBJECT = r"(?:同じ|1つの|ひとつの|その)?(?:パーマネント|クリーチャー)"
_PLACED = r"(?:置かれてい(?:る|て)|置かれた|乗ってい(?:る|て)|乗った|ある|あって)"
_HOW = r"(?:(?:それらは|それぞれ|両方(?:と|とも)?)、?)?(?:状況起因処理(?:で|によって|により)、?)?" \
       r"(?:(?:1|一)(?:個|つ)ずつ|対になって|対で|ペアで|同じ数だけ)?(?:、)?"
_VERB = r"(?P<verb>(?:相殺|打ち消し合|取り除かれ|取り除|消滅|なくな|消え)[ぁ-んー]*(?:残(?:る|ります))?)"
# 「両方とも残る」: both kinds stay as put (the denial of 704.5q); 「(カウンターは)すべて取り除かれる」: none of either
# kind is left — what 704.5q does only when the counts are equal (``all``)
_STAY = r"(?P<stay>(?:両方|どちらも|いずれも)(?:と|とも)?、?残(?:る|ります))"
_ALL = r"(?:(?:カウンター|それら)(?:は|が|も)?、?)?(?P<all>すべて|全て)、?"
_LEFT = r"(?P<left>\+1/\+1|-1/-1)・?カウンター(?:が|は)(?P<k>\d+)\s*(?:個|つ)(?:だけ)?(?P<rest>残[ぁ-ん]*)"

PATTERNS = compile_patterns({
    # 「AカウンターとBカウンターが(同じパーマネントの上に置かれている場合、)…相殺される」
    # (「〔0〕に…が置かれている場合」: on the named card — its toughness and abilities are the card's)
    "pair": r"(?:(?P<obj>〔\d+〕)(?:/[^、。〔]*?)?に)?" + _KIND.format("a", "na") + r"(?:と|や|および|及び|、)" + _KIND.format("b", "nb")
            + r"(?:が|は|を|の)?、?(?:(?:" + _OBJECT + r"(?:の上)?に)?(?:同時に)?(?:" + _PLACED + r"|置かれ(?:る|た))"
            + r"(?:場合(?:でも)?|とき(?:でも)?|なら|と|も|ても)?、?)?"
            + r"(?:" + _STAY + r"|(?:" + _ALL + r")?" + _HOW + _VERB + r"|" + _LEFT + r")",
    # 「AカウンターがN個置かれている<クリーチャー>にBカウンターがM個置かれる(と|場合)、(…相殺される | Kが…残る)」
    "put": _KIND.format("a", "na") + _PLACED + r"?" + _OBJECT + r"に" + _KIND.format("b", "nb")
           + r"(?:が|を)?(?:\d+\s*(?:個|つ))?置か(?:れる|れた|れ)(?:と|場合(?:でも)?|とき(?:でも)?|たら|ならば|なら|ても)?、?"
           + r"(?:" + _STAY + r"|(?:" + _ALL + r")?" + _HOW + _VERB + r"|" + _LEFT + r")",
    "negative": r"(?:ない|ません|ず|ぬ)(?<!なければ)",
    "tail": r"[。、\s]*$|(?:ことになる|ことになります|ことがある|のです|のだ|。)+$",
})
P = PATTERNS


def _count(m: re.Match, group: str) -> int:
    return int(m.group(group))


def _outcome(m: re.Match) -> dict[str, Any]:
    if m.groupdict().get("stay"):
        return {"annihilate": False}
    if m.groupdict().get("all"):
        return {"annihilate": not P["negative"].search(m.group("verb")), "all": True}
    if m.groupdict().get("left"):
        kept = not P["negative"].search(m.group("rest"))
        return {"remaining": {"kind": m.group("left"), "n": int(m.group("k")) if kept else 0}}
    return {"annihilate": not P["negative"].search(m.group("verb"))}


@register("counters_annihilate", priority=57, claims=True, needs=("1/+1", "1/-1"))
def find_counters_annihilate(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """One reading per pair construction; what the sentence says before it is a condition (unsimulable)."""
    out: list[Found] = []
    for name in ("put", "pair"):
        for m in P[name].finditer(s.norm):
            if m.group("a") == m.group("b") or any(a < m.end() and m.start() < b for a, b in (f.span for f in out)):
                continue
            pair = [{"kind": m.group(k), **({"n": _count(m, n)} if m.group(n) else {})} for k, n in (("a", "na"), ("b", "nb"))]
            sit: dict[str, Any] = {"counters": pair}
            if m.groupdict().get("obj"):
                if not s.card(m.group("obj")[1:-1]):
                    continue
                sit["card"] = s.card(m.group("obj")[1:-1])
            merge(sit, conditions(s.norm, m.start()))
            both = re.search(r"両方|どちらも|いずれも", m.group(0)) if not m.groupdict().get("stay") else None
            if both and len({c.get("n") for c in pair}) > 1 and all(c.get("n") for c in pair):
                # 「+1/+1カウンターが2個…に-1/-1カウンターが1個置かれると、両方とも取り除かれる」: one of each kind (704.5q)
                # or every counter — with unequal counts the two differ, and the sentence does not say which
                sit.setdefault("unrepresented", []).append(f"{both.group(0)} (every counter, or one of each kind)")
            after = s.norm[m.end():]
            if not P["tail"].match(after):
                sit.setdefault("unrepresented", []).append(after.strip("。、 "))
            out.append(Found("counters_annihilate", sit, _outcome(m), None, m.span()))
    return out
