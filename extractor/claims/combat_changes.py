"""Characteristics that change after blocks (CR 509.1h, 506.4): whether a blocker still blocks once an effect
cast on it after blockers were declared takes away what made the block legal — it loses flying, or its power
falls below the attacker's evasion threshold.  Blocks are legal or not only as they are declared (509.1b/c);
later changes never remove the blocker from combat.

The construction: a setup (「(両方とも)飛行を持つクリーチャーAがBにブロックされた状態で、Bに《X》をかけた」) and the
asked outcome (「Bは飛行を失うが、引き続きAをブロックできる」), in one sentence or the setup one before it.  The
whole setup is read here (every clause, else no reading), so the setup sentence read is not also merged as
unrepresented text (``setup_read``: the sentences read; any other setup sentence is merged as usual)."""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence
from extractor.lexicon import lexicon

LEX = lexicon()
_KW = "|".join(sorted(LEX.words("keyword_abilities"), key=len, reverse=True))

PATTERNS = compile_patterns({
    "after_block": (
        r"^\s*(?:\[Q\]|Q[.:．:]?)?\s*(?P<both>両方とも|共に|ともに)?(?:(?P<akw>" + _KW + r")を持つ|「(?P<evasion>[^」]*)」を持つ)?"
        r"(?:クリーチャー)?(?P<a>[A-Z])が、?(?:(?P<bpt>\d+/\d+)の|(?P<bkw>" + _KW + r")を持つ)?(?:クリーチャー)?(?P<b>[A-Z])に"
        r"ブロックされた(?:状態で|後に?|。)、?(?:(?:この|その)後、?)?(?P=b)に(?P<card>〔\d+〕)を(?:かけ|唱え|使っ|撃っ|打っ)"
        r"(?:た[。、]?|たら、?|た場合、?)(?:(?P=b)(?:は|の)(?P<change>[^、。]*?)(?:が|けど|けれど|ても)、?)?"
        r"(?:引き続き|そのまま|まだ)、?(?P=a)を(?:ブロック)"
        r"(?P<form>できる|できます|できない|できません|し続ける|し続けます|し続けない|したまま|している)"),
    # the blocker's stated change: 「飛行を失う」, 「パワーは1になる」, 「1/1になる」
    "loses": r"^(?P<kw>" + _KW + r")(?:を|が)失(?:う|われる|います)$",
    "power": r"^(?:パワー(?:は|が)(?P<p>\d+)|(?P<pt>\d+/\d+))(?:に)?(?:なる|なります|下がる)$",
    # an attacker's quoted evasion: 「パワーが3以下のクリーチャーにはブロックされない」 (a block restriction, 509.1b)
    "evasion_power": r"^パワーが(?P<n>\d+)以下のクリーチャー(?:に|によって)(?:は)?ブロックされない$",
})
P = PATTERNS
_NO = ("できない", "できません", "し続けない")


def _desc(kw: str | None, pt: str | None, label: str) -> dict[str, Any]:
    d: dict[str, Any] = {"types": ["Creature"], "label": label}
    if kw:
        d["keywords"] = [LEX.value("keyword_abilities", kw)]
    if pt:
        d["pt"] = pt
    return d


@register("can_block", priority=63, claims=True, needs=("ブロック",))
def find_still_blocking(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「…AがBにブロックされた状態で、Bに《X》をかけた。Bは飛行を失うが、引き続きAをブロックできる」."""
    prev = ctx.sentences[si - 1] if si > 0 and "ブロックされた" in ctx.sentences[si - 1].norm \
        and "ブロックされた" not in s.norm else None
    off = len(prev.norm) if prev else 0
    text = (prev.norm if prev else "") + s.norm
    m = P["after_block"].search(text)
    if not m or m.end() <= off:
        return []
    where = s if m.start("card") >= off else prev
    card = where.card(MARK.match(m.group("card")))
    if not card:
        return []
    attacker = _desc(m.group("akw"), None, m.group("a"))
    blocker = _desc(m.group("bkw") or (m.group("akw") if m.group("both") else None), m.group("bpt"), m.group("b"))
    if m.group("both") and not m.group("akw"):
        return []
    sit: dict[str, Any] = {"attacker": {"desc": attacker}, "blocker": {"desc": blocker},
                           "after_block": {"card": card}, "setup_read": [prev.norm] if prev else []}
    if m.group("evasion"):
        e = P["evasion_power"].match(m.group("evasion").strip())
        if not e:
            sit["unrepresented"] = [f"「{m.group('evasion')}」を持つ"]
        else:
            attacker["evasion"] = {"blocker_power_at_most": int(e.group("n"))}
    change = (m.group("change") or "").strip()
    if change:
        lo, pw = P["loses"].match(change), P["power"].match(change)
        if lo:
            sit["after_block"]["blocker_loses"] = LEX.value("keyword_abilities", lo.group("kw"))
        elif pw and pw.group("p"):
            sit["after_block"]["blocker_power"] = int(pw.group("p"))
        elif pw:
            sit["after_block"]["blocker_pt"] = pw.group("pt")
        else:
            sit.setdefault("unrepresented", []).append(change)
    span = (max(0, m.start("a") - off), m.end() - off)
    return [Found("can_block", sit, {"can": m.group("form") not in _NO}, None, span)]


PATTERNS.update(compile_patterns({
    # 702.4c 「第1戦闘ダメージ・ステップの間に二段攻撃を失うと、第2戦闘ダメージ・ステップに戦闘ダメージを割り振ることはできない」;
    # 702.4d 「…先制攻撃の戦闘ダメージを与えたクリーチャーに二段攻撃を与えると、…第2戦闘ダメージ・ステップにも戦闘ダメージを与える」
    "first_step": (
        r"(?:第1|最初の)戦闘ダメージ・?ステップ(?:の間|中|の後)?に、?(?:[^、。]*?クリーチャー(?:が|に|は)、?)?"
        r"(?P<kw>二段攻撃|先制攻撃)を(?P<change>失っても|失う|失った|失えば|得ても|得る|得た|与えても|与える|与えた|与えられても|与えられる|与えられた)(?:と|ら|場合)?、?"
        r"(?:その(?:クリーチャー)?(?:は|が)、?)?第2戦闘ダメージ・?ステップ(?:に|で|の間に)(?:も|は)?、?戦闘ダメージを"
        r"(?:割り振る|与える|割り振り|与え)?(?:ことは|ことが|ことも)?"
        r"(?P<form>できない|できません|できる|できます|ない|ません|る|ます)(?![^。]*?(?:場合|とき|なら))"),
}))
_KW_EN = {"二段攻撃": "double_strike", "先制攻撃": "first_strike"}


@register("first_step_change", priority=62, claims=True, needs=("戦闘ダメージ",))
def find_first_step_change(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A combatant that loses double strike in the first combat damage step deals no damage in the second
    (702.4c); one that dealt first-strike damage and then gains double strike deals it again (702.4d)."""
    from extractor.claims.conditions import conditions
    out: list[Found] = []
    for m in P["first_step"].finditer(s.norm):
        kw, change = _KW_EN[m.group("kw")], m.group("change")
        loses = change.startswith("失")
        if loses and kw != "double_strike":
            continue                        # (losing first strike: not what 702.4c says)
        if not loses and kw != "double_strike":
            continue
        deals = m.group("form") not in ("できない", "できません", "ない", "ません")
        has = ["double_strike"] if loses else ["first_strike"]
        sit: dict[str, Any] = {"attacker": {"desc": {"types": ["Creature"], "keywords": has}},
                               "first_step_change": {"loses" if loses else "gains": "double_strike"}}
        for k, v in conditions(s.norm, m.start()).items():
            sit.setdefault(k, []).extend(v)
        out.append(Found("first_step_change", sit, {"second_step_damage": deals}, None, m.span()))
    return out
