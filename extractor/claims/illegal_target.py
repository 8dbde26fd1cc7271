"""illegal_target claims: the release-note ruling on a targeted spell whose target is gone when it resolves —
「《X》の解決時に、対象としたクリーチャーが不正な対象になっていた場合、《X》は解決されない（打ち消される／何もしない／
その効果は一切発生しない）」 (CR 608.2b: a spell all of whose targets are illegal does not resolve; it is removed from
the stack and put into its owner's graveyard; the rules before 2017 said 「打ち消される」 for the same event).

Situation ``spell`` (the card named — or the release-note block's card when the sentence names none — whose
resolution is meant) and ``ability: triggered`` when the sentence speaks of the card's triggered ability (「《X》の誘発型
能力」「その能力は解決されない」 with 誘発型 / 戦場に出たときの能力 stated; 603.3d, 608.2b); outcome ``resolves: false``.
A sentence about one of several targets (「対象のうち1つ」), an activated ability, or an ability not said to be
triggered is another construction (left unread).
"""
from __future__ import annotations

import re

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

PATTERNS = compile_patterns({
    "when": r"解決(?:され(?:る)?)?(?:時|とき|際|時点)(?:点)?(?:で|に)?(?:は)?、?",
    "illegal": r"(?:対象(?:とした|の|になった|に選ばれた)?(?:クリーチャー|プレイヤー|パーマネント|呪文|カード)?|それ|その(?:クリーチャー|プレイヤー|パーマネント))(?:が|は)"
               r"(?:すでに)?(?:不正な対象|不適正な対象|対象として不適正|不適正)(?:に|と)?(?:なって(?:い)?た|なった|である|だった)"
               r"(?:場合|なら(?:ば)?)、?",
    "outcome": r"(?:〔(?P<after>\d+)〕|それ|その呪文)?(?:は|も)?、?(?:解決されず|解決されない|解決されません|打ち消され|何もしない"
               r"|何もしません|(?:その)?効果は(?:一切|何も|まったく|全く)?発生しない)",
    "partial": r"うち|一部|いずれか|どちらか|1つ(?:だけ)?が|すべてではない|残り",
    "ability": r"能力",
    "triggered": r"誘発型能力|戦場に出たとき(?:の|に誘発する)能力",
    "other_ability": r"起動型能力",
})
P = PATTERNS


@register("illegal_target", priority=35, claims=True, needs=("不正な対象", "不適正"))
def find_illegal_target(s: Sentence, si: int, ctx: Context) -> list[Found]:
    ill = P["illegal"].search(s.norm)
    if ill is None or P["partial"].search(s.norm):
        return []
    out = P["outcome"].search(s.norm, ill.end())
    if out is None or out.start() - ill.end() > 12:
        return []
    head = s.norm[:ill.start()]
    said = head + s.norm[ill.end():out.end()]
    ability = None
    if P["ability"].search(said):
        if not P["triggered"].search(said) or P["other_ability"].search(said):
            return []                   # an ability that may be activated, or another card's: not read
        ability = "triggered"           # 「《X》の誘発型能力／戦場に出たときの能力」 … 「その能力は解決されない」
    cards = set(s.cards)
    if len(cards) > 1:
        return []
    card = next(iter(cards), None) or (ctx.page_card if P["when"].search(head) else None)
    if not card or (out.group("after") and s.card(out.group("after")) != card):
        return []
    sit = {"spell": card, **({"ability": ability} if ability else {})}
    rest = _unread_head(head, ability is not None)
    if rest:            # 「《X》が解決されない時点で、…」: words before the case this reading does not read — a stated fact
        sit["unrepresented"] = [rest]
    return [Found("illegal_target", sit, {"resolves": False}, card, (ill.start(), out.end()))]


# ---------------------------------------------------------------- the rule itself, of spells and abilities in general
# 「(もし)呪文や能力の対象が全て不正な対象となった場合、その呪文や能力は(ルールによって)打ち消される」 and 「対象を取る呪文や
# 能力は、解決時にその対象すべてが不適正になっていた場合、打ち消される」 (608.2b): every target illegal — 全て／すべて is
# required (one target of several is another statement); the outcome 打ち消される (the older rules' word) / 解決されない.
_GEN_OBJ = {"呪文や能力": ["spell", "activated", "triggered"], "呪文または能力": ["spell", "activated", "triggered"],
            "呪文": ["spell"], "能力": ["activated", "triggered"]}
_G = "|".join(sorted(_GEN_OBJ, key=len, reverse=True))
_ALL_ILLEGAL = (r"(?:その)?対象(?:が|は)?、?(?:全て|すべて|すべてが|全てが)、?(?:不正な対象|不適正な対象|不適正|不正|対象として不適正)(?:に|と)?"
                r"(?:なって(?:い)?た|なった|なっている)(?:場合(?:は|には|に|でも)?|なら(?:ば)?|とき|としても)、?")
_GEN_OUT = (r"(?:(?:その(?:" + _G + r")|それ)(?:は|も)、?)?(?:ルール(?:によって|により|で)、?)?"
            r"(?P<out>打ち消される|打ち消されます|解決されない|解決されません|解決されず、何もしない|解決される|解決されます|打ち消されない|打ち消されません)(?:のだ|のです)?[。．.]?\s*$")
PATTERNS.update(compile_patterns({
    "generic": r"^[\s*・\-－•]*(?:(?:ただし|なお|また|つまり)、?)?(?:もし、?)?(?P<obj>" + _G + r")の" + _ALL_ILLEGAL + _GEN_OUT,
    "generic_topic": r"^[\s*・\-－•]*(?:(?:ただし|なお|また|つまり)、?)?対象を(?:取る|とる)(?P<obj>" + _G + r")は、?"
                     r"(?:解決(?:時|する時|されるとき|の際)(?:に|には|で)?、?)?" + _ALL_ILLEGAL + _GEN_OUT,
}))


@register("illegal_target", priority=34, claims=True, needs=("不正", "不適正"))
def find_illegal_target_rule(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """608.2b said of spells and abilities in general: ``situation`` {objects: [spell, activated, triggered]},
    outcome {resolves: bool} (打ち消される／解決されない: false; 解決される／打ち消されない: true)."""
    if s.cards:
        return []
    m = P["generic"].match(s.norm) or P["generic_topic"].match(s.norm)
    if not m:
        return []
    out = m.group("out")
    resolves = out.startswith("解決され") != ("ない" in out or "ません" in out or "ず" in out)
    return [Found("illegal_target", {"objects": _GEN_OBJ[m.group("obj")], "events": []}, {"resolves": resolves}, None,
                  m.span())]


def _unread_head(head: str, ability: bool) -> str:
    """The words before the illegal-target case other than the card (「《X》の／は／が」), the moment of resolution
    (「解決時に」「解決される時点で」, 608.2b), the triggered ability read (``ability``: 「その誘発型能力の」, 603.3d) and a
    lead-in (a bullet, 「なお」「ただし」「もし」): what is left is a fact this reading does not stage, "" when nothing is."""
    rest = P["when"].sub("", head)
    if ability:
        rest = re.sub(r"(?:その)?(?:" + P["triggered"].pattern + r")(?:の|は|が)?", "", rest)
    rest = re.sub(r"〔\d+〕(?:/[^、。〔]*?)?(?:の|は|が|を|も)?", "", rest)
    rest = re.sub(r"^[\s・•*\-]*(?:なお|ただし|もし|また|例えば|たとえば)?[、,\s]*", "", rest)
    return rest.strip(" 、,") if len(re.sub(r"[\s、,。・•*\-]", "", rest)) >= 2 else ""
