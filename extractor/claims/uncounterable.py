"""Counterspells in general and spells that can't be countered (CR 101.2, 101.3, 701.6a, 115.1):

- 「《X》を打ち消し呪文で打ち消すことは可能」: ``can_counter`` by *a* counterspell — a stand-in that counters
  target spell and does nothing else (description ``{"counterspell": true}``);
- 「(打ち消されない呪文は)打ち消し呪文の対象にすることはできるが、打ち消されることはない」: ``can_target`` (the
  spell on the stack is a legal target) and ``can_counter`` with ``uncounterable`` (it is not countered);
- 「打ち消す部分だけが失敗し(そのまま解決される)」 / 「打ち消す部分が無視される」: ``can_counter`` with
  ``uncounterable``, outcome ``countered: false`` (101.3: only that part of the counterspell fails);
- 「打ち消されない呪文に使ってもドローは出来る」: ``draw_result`` of the counterspell (the page's card) with the
  uncounterable spell as its ``target`` — the rest of the counterspell still happens (101.3).

The spell that can't be countered is the named one (its behaviour must say so) or, unnamed, a stand-in creature
spell with ``cant_be_countered`` — only when the text speaks of such a spell (「打ち消されない」).
"""
from __future__ import annotations

from typing import Any

from extractor.claims.conditions import conditions
from extractor.claims.context import Context, mode_for
from extractor.claims.described import PATTERNS as DESC, describe, lift_unstated
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()

COUNTERSPELL = {"desc": {"types": ["Instant"], "counterspell": True}}
_CAN = r"(?P<f>可能|不可能|でき(?:る|ない|ます|ません)|せる|せない|せます|せません)"

PATTERNS = compile_patterns({
    # 《X》を打ち消し呪文で打ち消すことは可能 / 打ち消し呪文で《X》を打ち消せる
    "generic_counter": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:を|は|も)\s*(?:通常の|普通の|どの|任意の)?打ち消し呪文(?:で|によって|では|でも)"
                       r"(?:問題なく|普通に)?打ち消(?:すことは|すことが|すことも|すのは)?" + _CAN,
    # 「呪禁を持つクリーチャー呪文も打ち消し呪文で打ち消せる」: a described spell
    "generic_counter_desc": r"(?P<obj>[^、。〔]*?)・?\s*呪文(?:を|は|も|でも)\s*(?:通常の|普通の|どの|任意の)?打ち消し呪文(?:で|によって|では|でも)"
                            r"(?:問題なく|普通に)?打ち消(?:すことは|すことが|すことも|すのは)?" + _CAN,
    "generic_counter_first": r"打ち消し呪文(?:で|によって|では|でも)\s*〔(\d+)〕(?:/[^、。〔]*?)?を\s*打ち消"
                             r"(?:すことは|すことが|すことも|すのは)?" + _CAN,
    "target_not_countered": r"打ち消し呪文の対象に(?:する|とる|取る|選ぶ)(?:こと)?(?:は|が|も)?(?:でき(?:る|ます)|可能(?:です)?)"
                            r"が、?\s*打ち消され(?:る)?ことは(?:ない|ありません)",
    # (its polarity read: 「無視されない」「失敗しない」 deny it — not this reading)
    "part_fails": r"打ち消す(?:部分|効果)(?:だけ|のみ)?(?:が|は)(?:失敗(?!しな|せず|しませ)|無視され(?!な|ず|ませ)|機能しない|何もしない)",
    # what may stand between 「…を対象にしても、」 and the draw: nothing, or the counter part failing (read as its own
    # claim, :data:`part_fails`) — any other words are a fact the draw_result does not stage
    "draw_between": r"[、\s]*(?:打ち消す(?:部分|効果)(?:だけ|のみ)?(?:が|は)(?:失敗(?:する|し)?|無視され(?:る)?|機能しない|何もしない)"
                    r"(?:だけ|のみ)?(?:で|て|が)?[、\s]*)?(?:カード|ドロー)?(?:を|は|も)?[、\s]*",
    "still_resolves": r"(?:そのまま|通常通り|問題なく)解決され",
    "draw_anyway": r"打ち消されない(?P<what>[^。]*?)呪文(?:に(?:対して)?使って|を対象に(?:して|した場合|とった場合|とって|取って))"
                   r"(?:でも|も)、?(?P<mid>[^。]*?)(?:カード(?:を|は|も)\s*(?:(?P<n>\d+)\s*枚)?引(?:け|く|き|ける)|ドロー(?:は|が|も)?(?:でき|出来|する))",
    "uncounterable": r"打ち消されない",
    # 「打ち消されない呪文は打ち消し呪文で打ち消されない / も打ち消される」: whether it is countered
    "stmt_countered": r"打ち消されない(?:クリーチャー・?)?呪文(?:は|も|でも)、?(?P<rest>[^。対]*?)(?P<v>打ち消(?:される|されます|されてしまう"
                      r"|せる|せます|すことができる|すことができます|すことが可能|されない|されません|せない|せません"
                      r"|すことはできない|すことはできません|すことは不可能))",
    # 「打ち消されない呪文も打ち消し呪文の対象にできる / にならない」: whether a counterspell may target it
    "stmt_target": r"打ち消されない(?:クリーチャー・?)?呪文(?:は|も|でも|を)、?[^。]*?打ち消し呪文の対象に(?:する|とる|取る|選ぶ)?"
                   r"(?:こと)?(?:は|が|も)?(?P<v>でき(?:る|ます|ない|ません)|不可能|可能|なる|なります|ならない|なりません"
                   r"|取れる|取れない|とれる|とれない|取れます|取れません)",
    "uncounterable_spell": r"(?:その)?打ち消されない(?:クリーチャー・?)?呪文(?:でも|は|も|の場合(?:でも|も)?)?[、,]?",
    # 「呪禁を持つ《X》」: a keyword the text says the named card has (checked against its behaviour)
    "has_keyword": "(" + alternation(LEX.words("keyword_abilities")) + r")(?:能力)?(?:を持つ|を持った|持ちの|の)\s*$",
    "creature_spell": r"クリーチャー・?呪文",
})
P = PATTERNS


def _uncounterable_desc(phrase: str) -> dict[str, Any]:
    """The unnamed spell that can't be countered: a creature spell (a permanent spell, so whether it resolves
    shows in where it ends up) with ``cant_be_countered`` (101.2)."""
    return {"desc": {"types": ["Creature"], "keywords": ["cant_be_countered"]}}


def _general(s: Sentence, m) -> dict[str, Any]:
    """The situation of a general rule statement: the conditions of its own sentence (unread ones kept as
    unrepresented), and no events from elsewhere in the example (``events: []`` is not filled from the
    example's context — the rule holds whatever happened; a stated event is a condition of the sentence)."""
    sit = {"events": [], **conditions(s.norm, m.start())}
    # 「打ち消されない呪文でも、…」 names the spell the reading stages (one that can't be countered)
    rest = [c for c in sit.get("unrepresented") or [] if not P["uncounterable_spell"].fullmatch(c.strip())]
    if "unrepresented" in sit:
        sit["unrepresented"] = rest
        if not rest:
            del sit["unrepresented"]
    return sit


def _about_uncounterable(s: Sentence, ctx: Context) -> bool:
    return bool(P["uncounterable"].search(s.norm) or P["uncounterable"].search(ctx.joined))


@register("can_counter", priority=41, needs=("打ち消し呪文",))
def find_generic_counter(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「《X》を打ち消し呪文で打ち消すことは可能です」: any counterspell (a stand-in) counters X."""
    out: list[Found] = []
    for name in ("generic_counter", "generic_counter_first"):
        for m in P[name].finditer(s.norm):
            f = m.group("f")
            can = f != "不可能" and not NEG.search(f)
            spell = s.card(m)
            if spell is None:
                continue
            sit = {"spell": spell, "mode": mode_for(ctx, si), "counter": COUNTERSPELL}
            kw = P["has_keyword"].search(s.norm[:m.start() if name == "generic_counter" else m.start(1) - 1])
            if kw:
                sit["spell_keywords"] = [LEX.value("keyword_abilities", kw.group(1))]
            out.append(Found("can_counter", sit, {"can": can}, None, m.span()))
    for m in ([] if out else P["generic_counter_desc"].finditer(s.norm)):
        obj = m.group("obj")
        heads = [h for h in DESC["head"].finditer(obj) if not obj[h.end():].strip()]
        spell = describe(obj, heads[-1]) if heads else None
        if spell is None or P["uncounterable"].search(obj):
            continue                     # (a spell that can't be countered: the readers below)
        f = m.group("f")
        sit = {"spell": spell, "mode": mode_for(ctx, si), "counter": COUNTERSPELL, **_general(s, m)}
        lift_unstated(sit)
        out.append(Found("can_counter", sit, {"can": f != "不可能" and not NEG.search(f)}, None, m.span()))
    return out


@register("can_counter", "can_target", priority=42, needs=("打ち消",))
def find_uncounterable(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A spell that can't be countered: targeted by a counterspell but not countered (101.2, 101.3)."""
    out: list[Found] = []
    named = [s.card(x) for x in MARK.finditer(s.norm)]
    m = P["target_not_countered"].search(s.norm)
    if m and _about_uncounterable(s, ctx):
        spell = _uncounterable_desc(s.norm)
        out.append(Found("can_target", {"source": {"desc": {**COUNTERSPELL["desc"], "targets": "spell"}},
                                        "target": spell, "zone": "stack", **_general(s, m)}, {"can": True}, None,
                         m.span()))
        out.append(Found("can_counter", {"counter": COUNTERSPELL, "spell": None, "uncounterable": True,
                                         **_general(s, m)}, {"can": False, "countered": False}, None, m.span()))
    if not out:
        for m in P["stmt_target"].finditer(s.norm):
            v = m.group("v")
            can = v != "不可能" and not NEG.search(v)
            out.append(Found("can_target", {"source": {"desc": {**COUNTERSPELL["desc"], "targets": "spell"}},
                                            "target": _uncounterable_desc(s.norm), "zone": "stack",
                                            **_general(s, m)}, {"can": can}, None, m.span()))
        for m in P["stmt_countered"].finditer(s.norm):
            v = m.group("v")
            countered = v != "すことは不可能" and not NEG.search(v)
            out.append(Found("can_counter", {"counter": COUNTERSPELL, "spell": None, "uncounterable": True,
                                             **_general(s, m)}, {"can": countered, "countered": countered},
                             None, m.span()))
    m = P["part_fails"].search(s.norm)
    if m and _about_uncounterable(s, ctx):
        # the counterspell: the page's own card, else a counterspell in general; the spell: the one named
        # before (it must be one that can't be countered), else an unnamed one
        counter = ctx.page_card or COUNTERSPELL
        spell = next((c for c in named if c != counter), None)
        sit = {"counter": counter, "spell": spell, "uncounterable": True, **_general(s, m)}
        out.append(Found("can_counter", sit, {"can": False, "countered": False},
                         counter if isinstance(counter, str) else None, m.span()))
    return out


@register("draw_result", priority=43, needs=("打ち消されない",))
def find_draw_anyway(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「打ち消されない呪文に使ってもドローは出来る」: the counterspell's draw still happens (101.3)."""
    out: list[Found] = []
    for m in P["draw_anyway"].finditer(s.norm):
        if not ctx.page_card:
            continue                        # the counterspell is the page's card; no page card, no claim
        marks = [s.card(x) for x in MARK.finditer(s.norm[:m.start("what") + len(m.group("what"))])]
        target = next((c for c in marks if c and c != ctx.page_card), None) or _uncounterable_desc(m.group(0))
        n = m.group("n")
        sit = {"cause": ctx.page_card, "target": target, "uncounterable": True}
        if not P["draw_between"].fullmatch(m.group("mid")):
            sit["unrepresented"] = [m.group("mid").strip("、 ")]     # 「…無視されないだけで」: stated, not staged
        outcome: dict[str, Any] = {"draw": int(n) if n else 1, "player": "you"}
        if not n:
            outcome["at_least"] = True      # 'draws' without a number: at least one card
        out.append(Found("draw_result", sit, outcome, ctx.page_card, m.span()))
    return out
