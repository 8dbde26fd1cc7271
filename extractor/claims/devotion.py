"""devotion claims: 'Xへの信心は5である' (CR 700.5: the number of mana symbols of that colour among the
mana costs of the permanents the player controls; hybrid symbols count for each of their colours)."""
from __future__ import annotations

import re

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence, kanji_int
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_COLOUR = "(" + alternation(LEX.words("colours")) + ")"
_NUMBER = r"(\d+|[一二三四五六七八九十]+)"

# 「…ということになりません」「…ということではない」: the number denied, not stated
_NOT_DENIED = r"(?!\s*(?:に|で|は)?\s*(?:なりません|ならない|ならず|ではない|ではありません|じゃない|はない|はありません))"

PATTERNS = compile_patterns({
    "devotion": _COLOUR + r"(?:へ|に対する)?の信心[^。]*?(?:は|合計|が)\s*" + _NUMBER +
                r"\s*(?:つ|個)?(?:である|です|となる|になる|だ|。|\)|$|ということ" + _NOT_DENIED + r")",
    # "赤への信心は、…計算されて5であり": the number closes a longer clause
    "devotion_late": _COLOUR + r"(?:へ|に対する)の信心(?:は|が)、[^。「」]*?" + _NUMBER +
                     r"\s*(?:であり|である|です|となり|となる|になる)",
    # 'Xは赤の信心が2つ': the permanent is the topic just before the colour ('「X」は' / '《X》の')
    "topic_card": r"〔(\d+)〕」?(?:/[^、。〔]*?)?(?:は|が|の|で)\s*$",
    # the next sentence goes on with another colour: '黒も2つということになります' (devotion left unsaid)
    "devotion_also": r"^\s*" + _COLOUR + r"(?:への信心|の信心)?も\s*" + _NUMBER +
                     r"\s*(?:つ|個)?(?:である|です|となる|になる|だ|ということ" + _NOT_DENIED + r"|。|$)",
    # the words of the topic card's own clause before it: 「…混成マナを持たない「X」は」 describes the card (a
    # fact about it the scenario does not stage), 「なので、」「つまり」 only join the sentence to the last
    "lead_join": r"^(?:なので|だから|そのため|つまり|よって|したがって|従って|例えば|たとえば|すると|また|さらに|なお)?[、\s「『]*$",
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
        unread: list[str] = []
        if not named and topic:
            named = [s.card(topic)]
            lead = re.split(r"[、。]", s.norm[:topic.start()])[-1]
            if not P["lead_join"].match(lead):
                unread.append(lead.strip(" 「『"))       # the card's own modifier: never dropped (700.5)
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
        if unread:
            sit["unrepresented"] = unread
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


# A rule about one kind of mana symbol and devotion (700.5, 700.5a; symbols 107.4e hybrid, 107.4f Phyrexian,
# 107.4b generic): 「<symbol>マナ・シンボルは(、)<scope>信心に数える／数えられる／数えない」, or, under a two-colour
# count 「2色の信心を数える(場合|際|とき)」, 「…はN(つ|個|色分)として(しか)?数え…」.  The symbol is staged as the
# mana cost of one permanent the player controls; the colours counted are the scope's: both halves of a hybrid
# symbol (両方／それぞれ／その色), none (どちらの色…にも), or — with no colour stated — the symbol's own colours
# (a generic symbol: every colour, 700.5a).  「一方の色…にしか」 (exactly one of two counts) is not read.
# the staged cost, how many symbols of the kind it has, the symbol's own colours (a cost the card file and the
# bundled cards both hold: Azorius Guildmage, Porcelain Legionnaire, a {2} artifact, a {1}{W}{U} card)
_SYMBOL_COST = {"hybrid": ("{W/U}{W/U}", 2), "phyrexian": ("{2}{W/P}", 1), "generic": ("{2}", 1), "mono": ("{1}{W}{U}", 2)}
_SYMBOL_COLOURS = {"hybrid": ["W", "U"], "phyrexian": ["W"], "generic": ["W", "U", "B", "R", "G"]}
_SYM = r"(?P<sym>" + alternation(LEX.words("mana_symbols")) + r"|不特定|ハイブリッド)(?:の)?・?マナ・?シンボル"
_COUNT_VERB = r"(?:数え|カウントされ|カウントし|含まれ|含め)(?:られ)?(?P<tail>[ぁ-ん]*)"
SYMBOL_PATTERNS = compile_patterns({
    "symbol_scope": _SYM + r"(?:は|も|を)、?(?P<scope>(?:その)?(?:両方|2つ|二つ|それぞれ|各)の色(?:へ|に対する)?の信心"
                    r"(?:の(?:それぞれ|両方))?|どちらの色(?:へ|に対する)?の信心|(?:その|それぞれの)?色(?:へ|に対する)?の信心|信心)"
                    r"(?:に|へ)(?:は|も)?、?" + _COUNT_VERB,
    "two_colour": r"(?:2|二)(?:つの)?色(?:へ|に対する)?の信心を(?:数える|計算する|参照する)(?:場合|際|とき|時)(?:に|は|には)?、?"
                  r"(?:" + _SYM + r"(?:は|も)、?)?(?P<n>\d+)\s*(?:つ|個|色分|回)(?:分)?(?:として|と)(?P<only>しか)?"
                  + _COUNT_VERB,
    "negative": r"^(?:ない|ません|ず)",
})


def _symbol(word: str | None, ctx: Context) -> str | None:
    if word is None:
        return ctx.situation.get("symbols") if ctx.situation.get("symbols") in _SYMBOL_COST else None
    return "generic" if word == "不特定" else "hybrid" if word == "ハイブリッド" else LEX.value("mana_symbols", word)


def _symbol_found(sym: str, colours: list[str], each: int, span: tuple[int, int]) -> Found:
    """The claim: one permanent whose cost has the symbol (k times); each symbol counts ``each``."""
    cost, k = _SYMBOL_COST[sym]
    sit: dict[str, Any] = {"player": "you", "color": colours[0] if len(colours) == 1 else colours,
                           "permanents": [{"cost": cost, "n": 1}]}
    if sym in ("hybrid", "phyrexian"):
        sit["symbols"] = sym
    return Found("devotion", sit, {"color": sit["color"], "value": each * k}, None, span)


@register("devotion", priority=62, needs=("信心",))
def find_symbol_devotion(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """One claim per colour the scope counts (the value 1 when the symbol counts, 0 when it does not); under a
    two-colour count, one claim of the stated number for devotion to both halves (700.5a)."""
    SP = SYMBOL_PATTERNS
    m = SP["two_colour"].search(s.norm)
    if m:
        sym = _symbol(m.group("sym"), ctx)
        if SP["negative"].match(m.group("tail")) and not m.group("only"):
            return []
        if sym is None and m.group("sym") is None:
            # no symbol named: every symbol of the two colours counts once (700.5a) — a hybrid symbol of both and
            # one symbol of each, one claim each, so the statement holds of each kind
            n = int(m.group("n"))
            return [_symbol_found("hybrid", _SYMBOL_COLOURS["hybrid"], n, m.span()),
                    _symbol_found("mono", _SYMBOL_COLOURS["hybrid"], n, m.span())]
        if sym != "hybrid":
            return []
        return [_symbol_found(sym, _SYMBOL_COLOURS[sym], int(m.group("n")), m.span())]
    m = SP["symbol_scope"].search(s.norm)
    if not m:
        return []
    sym = _symbol(m.group("sym"), ctx)
    if sym is None:
        return []
    negative = bool(SP["negative"].match(m.group("tail")))
    scope = m.group("scope")
    if scope.startswith("どちら"):
        if not negative or sym != "hybrid":     # 「どちらの色の信心にも数えられる」 reads as both; left unread
            return []
        return [_symbol_found(sym, [c], 0, m.span()) for c in _SYMBOL_COLOURS[sym]]
    if any(w in scope for w in ("両方", "2つ", "二つ", "それぞれ", "各")):
        if negative or sym != "hybrid":         # 「両方の色には数えない」: not both, or neither — left unread
            return []
    if sym == "generic":                        # no colour of its own: devotion to every colour (700.5a)
        if scope != "信心":
            return []
        return [_symbol_found(sym, _SYMBOL_COLOURS[sym], 0 if negative else 1, m.span())]
    return [_symbol_found(sym, [c], 0 if negative else 1, m.span()) for c in _SYMBOL_COLOURS[sym]]
