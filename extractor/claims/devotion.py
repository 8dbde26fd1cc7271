"""devotion claims: 'Xへの信心は5である' (CR 700.5: the number of mana symbols of that colour among the
mana costs of the permanents the player controls; hybrid symbols count for each of their colours)."""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence, kanji_int
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_COLOUR = "(" + alternation(LEX.words("colours")) + ")"
_NUMBER = r"(\d+|[一二三四五六七八九十]+)"

PATTERNS = compile_patterns({
    "devotion": _COLOUR + r"(?:へ|に対する)?の信心[^。]*?(?:は|合計|が)\s*" + _NUMBER +
                r"\s*(?:つ|個)?(?:である|です|となる|になる|だ|。|\)|$|ということ)",
    # "赤への信心は、…計算されて5であり": the number closes a longer clause
    "devotion_late": _COLOUR + r"(?:へ|に対する)の信心(?:は|が)、[^。「」]*?" + _NUMBER +
                     r"\s*(?:であり|である|です|となり|となる|になる)",
    # 'Xは赤の信心が2つ': the permanent is the topic just before the colour ('「X」は' / '《X》の')
    "topic_card": r"〔(\d+)〕」?(?:/[^、。〔]*?)?(?:は|が|の|で)\s*$",
    # the next sentence goes on with another colour: '黒も2つということになります' (devotion left unsaid)
    "devotion_also": r"^\s*" + _COLOUR + r"(?:への信心|の信心)?も\s*" + _NUMBER +
                     r"\s*(?:つ|個)?(?:である|です|となる|になる|だ|ということ|。|$)",
    # '《X》と《Y》をコントロールしているとき' without its subject: the permanents the player controls
    "controlled": r"((?:〔\d+〕(?:/[^、。〔]*?)?(?:と|、)?)+)を(?:コントロールして|戦場に出して)いる",
    "these_permanents": r"(?:この|これらの)(?:両方|2つ|全て|すべて)?の?パーマネント",
    "cost_permanent": r"(?:もう|さらに)?(\d+)\s*つ(?:の)?(?:マナ・)?コストが((?:\{[^}]+\})+)の(?:パーマネント|クリーチャー)"
                      r"|(?:マナ・)?コストが((?:\{[^}]+\})+)の(?:パーマネント|クリーチャー)",
})
P = PATTERNS


def _stated_permanents(s: Sentence, ctx: Context) -> list[Any]:
    """'プレイヤーがこの両方のパーマネントと、もう1つコストが{R}{R}{R}のパーマネントをコントロールしている':
    the example's cards, and permanents given by their mana cost ({cost, n})."""
    out: list[Any] = []
    if P["these_permanents"].search(s.norm):
        out += list(ctx.cards)
    for m in P["cost_permanent"].finditer(s.norm):
        out.append({"cost": m.group(2) or m.group(3), "n": int(m.group(1)) if m.group(1) else 1})
    return out


@register("devotion", priority=60, needs=("信心",))
def find_devotion(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    found = list(P["devotion"].finditer(s.norm)) or list(P["devotion_late"].finditer(s.norm))
    for m in found:
        color = LEX.colour(m.group(1))
        named = [s.card(x) for x in MARK.finditer(m.group(0))]
        topic = P["topic_card"].search(s.norm[:m.start()])
        if not named and topic:
            named = [s.card(topic)]
        ctl = P["controlled"].search(s.norm[:m.start()])
        if (not named and ctl and not (ctx.situation.get("board") or {}).get("you")
                and "相手" not in s.norm[:ctl.start()]):      # (an opponent's permanents are not the player's)
            named = [s.card(x) for x in MARK.finditer(ctl.group(1))]
        stated = _stated_permanents(s, ctx)
        if stated:
            named = stated + [c for c in named if c not in stated]
        elif not named and (ctx.situation.get("board") or {}).get("you"):
            named = list(ctx.situation["board"]["you"])   # 'あなたが《X》と《Y》をコントロールしているとき'
        sit: dict[str, Any] = {"player": "you", "color": color, "permanents": named}
        if "symbols" in ctx.situation:
            sit["symbols"] = ctx.situation["symbols"]
        subject = ctx.default_subject if ctx.cards else None
        v = m.group(2)
        value = int(v) if v.isdigit() else kanji_int(v)
        out.append(Found("devotion", sit, {"color": color, "value": value}, subject, m.span()))
    return out


@register("devotion", priority=61, needs=("も",))
def find_devotion_also(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'赤の信心が2つ。黒も2つ': a sentence that only gives another colour's count goes on with the previous
    sentence's devotion statement (same permanents, same player)."""
    m = P["devotion_also"].search(s.norm)
    if not m or si == 0 or "信心" in s.norm:
        return []
    before = find_devotion(ctx.sentences[si - 1], si - 1, ctx)
    if len(before) != 1:
        return []
    sit = {**before[0].situation, "color": LEX.colour(m.group(1))}
    v = m.group(2)
    value = int(v) if v.isdigit() else kanji_int(v)
    return [Found("devotion", sit, {"color": sit["color"], "value": value}, before[0].subject, m.span())]
