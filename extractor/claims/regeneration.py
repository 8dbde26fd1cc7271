"""Regeneration claims (CR 701.15, "Regenerate"): ``regenerates``.

A regeneration shield replaces the permanent's next destruction this turn — all damage removed, tapped, removed
from combat (701.15a, a shield from a resolving spell or ability: once); a static ability's regeneration
replaces every destruction while it applies (701.15b); an effect that says the permanent can't be regenerated
stops it (701.15c); an indestructible permanent is never destroyed, so its shield never applies (702.12b).

Situation: ``target`` (card or description; none = a permanent with a shield, chosen by the cross-check),
``shield`` ("resolved" / "static"; absent = not stated), ``by`` (the card that destroys it, when named),
``conditions`` (read from 〜場合 / 〜なら clauses).  Outcome: ``regenerated`` (bool: the destruction is
replaced), or ``replaces`` ("once" / "every": how many destructions one shield replaces).

Readings (constructions, not sentences):
- outcome verb: 「再生する / 再生される / 再生できる」 and their negations (「再生することはない」, 「再生されない」);
- prohibition: 「《A》、《B》等のように、再生を禁止する効果」 / 「《A》は再生を禁止する」: each named card destroys
  without regeneration;
- count: 「次の破壊1回だけに対して有効」 (once) / 「何回でも有効」 (every), the source of the regeneration
  (「呪文や能力の解決による」 / 「常在型能力」) read in the sentence or an earlier sentence of the example.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.clauses import coordinated
from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context, coordinated_before
from extractor.claims.described import PATTERNS as DESC_PATTERNS, leftover, lift_unstated, marked_objects
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence

PATTERNS = compile_patterns({
    # the outcome: whether it regenerates (再生の盾 / 再生能力 are nouns: 再生 followed by a verb only)
    "regen": r"(?:実際に|実際には)?再生(?P<rest>することはない|することはありません|することもない|することはできない"
             r"|することはできません|することができない|することができる|することになる|されることはない|されない|されません"
             r"|しない|しません|できない|できません|できず|せず|される|されます|する|します|できる|できます)"
             r"(?=[。、)(]|$|し、|が、|ので|ため|から|という|わけ)",
    # a shield stated on the object: 「再生の盾を張る」「再生の盾がある」「再生能力を起動した」
    "shield": r"再生(?:の盾|シールド)|再生(?:能力)?を(?:起動|使)|再生させ",
    "prohibit": r"再生(?:を|が)?(?:禁止|不可能|できなくな|させない|を許さない)",
    "like": r"(?:等|など|なども?)?(?:のように|の?ような|のごとく|など|等)",
    "once": r"(?:(?:次の|次に)?破壊)?(?:1回|一回|1度|一度)(?:だけ|のみ)(?:に対して|に|を)?(?:有効|適用|置換)",
    "every": r"何(?:回|度)でも(?:有効|適用|置換|再生)",
    "resolved": r"(?:呪文|能力)(?:や|または|か|と)?(?:能力)?の解決|解決による|起動型能力による|呪文による",
    "static": r"常在型能力",
    "regen_topic": r"再生",
    # the definition: 「「[パーマネント]を再生する」とは「…代わりに…を取り除き、タップし、…戦闘から取り除く」を意味する」
    "definition": r"再生する」?(?:と|というの)は、?「?(?P<body>[^」]*?代わりに[^」]*)」?(?:を|という)?(?:意味|こと)",
    "def_damage": r"(?:全て|すべて)?の?ダメージを取り除",
    "def_tap": r"(?<!アン)タップ(?:し|する|され|状態に)",
    "def_untap": r"アンタップ(?:し|する|され|状態に)",
    "def_combat": r"戦闘から(?:取り除|除外|外)",
    "shield_noun": r"再生(?:の盾|シールド)",
    # a coordinated 「(…に)再生の盾を張ることはできる(が|し)、」: the shield put, as the scenario stages it (701.15a)
    "shield_put": r"(?P<obj>[^、,]*?)に再生(?:の盾|シールド)を張(?:ることは|ることが|ることも)?(?:できる|できます|れる|れます)"
                  r"(?:が|し)[、,]",
    # what a condition clause says once its object, the shield and the destruction are staged (nothing left:
    # the clause is represented); 「置換すべきイベントが発生しないので」 is the rules' reason, which the engine derives
    # the destroyer: a card (「《X》で破壊された」) or an effect described by its "can't be regenerated" (701.15c)
    "by_card": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:で|によって|により|の効果で)(?=破壊)",
    "no_regen_by": r"(?:再生(?:を|が)?(?:禁止|不可能に)する|「?(?:それは)?再生(?:でき|され)ない」?(?:という|とする)?)(?:破壊)?"
                   r"(?:効果|呪文|能力)(?:で|によって|により)",
    "explained_first": r"(?:再生(?:を|が)?\s*(?:禁止|不可能に)する|「?(?:それは)?再生(?:でき|され)ない」?)?\s*(?:(?:と\s*)?いう|とする)?\s*"
                       r"(?:破壊)?\s*(?:効果|呪文|能力)\s*(?:で|によって|により)?(?=\s*破壊)"
                       r"|(?:が)?\s*あ(?:っても|る場合|るなら|れば|る)|再生\s*(?:の)?\s*(?:盾|シールド)"
                       r"|置換すべき(?:イベント|事象|出来事)が(?:発生|起き|起こら)(?:しない|ない|ず)?",
    "explained": r"〔\d+〕(?:/[^、。〔]*?)?|再生(?:の盾|シールド)|(?:を|に)?張(?:ってい|った|っ|る|れ)|破壊(?:される|された|されて|され|する|した|し|さ)?"
                 r"|置換すべき(?:イベント|事象|出来事)が(?:発生|起き|起こら)(?:しない|ない|ず)?|ので|ても|ったら|たら|れば|と|場合"
                 r"|なら|てから|た|て|ば|ら|は|が|を|に|も|、|\s|その?$",
})
P = PATTERNS
_NEGATIVE = re.compile(r"ない|ません|できず|せず")
NO_REGEN = "destroy_no_regen"     # 「再生を禁止する効果で」: destroyed by an effect that says it can't be regenerated
TARGET_KEY = "target"


def _source(s: Sentence, si: int, ctx: Context) -> str | None:
    """Where the regeneration comes from: stated in the sentence, else in the closest earlier sentence of the
    example that states one (「呪文や能力の解決による効果の場合、…。次の破壊1回だけに対して有効。」)."""
    texts = [s.norm] + [x.norm for x in reversed(ctx.sentences[:si])]
    if not P["regen_topic"].search(s.norm) and ctx.preceding:
        texts.append(ctx.preceding)       # a terse list item on the rule's page (「次の破壊1回だけに対して有効。」)
    for text in texts:
        res, sta = P["resolved"].search(text), P["static"].search(text)
        if res and not sta:
            return "resolved"
        if sta and not res:
            return "static"
        if res or sta:
            return None                   # both stated: which one the statement is about is open
    # 「再生の盾」: the shield of a resolved spell or ability (701.15a)
    return "resolved" if P["shield_noun"].search(s.norm) else None


def _target(s: Sentence, head: str) -> Any:
    """The permanent: the last card or described object marked as topic/subject/object of the clause."""
    cands = marked_objects(s, head, r"(?:/[^、。〔]*?)?(?:は|が|を|も|に)", r"\s*(?:[A-Z])?(?:は|が|を|も|に|でも)")
    shielded = [v for p, v in cands if re.match(r"(?:/[^、。〔]*?)?\s*(?:[A-Z])?(?:に|は|が)?(?:再生の盾|再生シールド)",
                                                     _after(head, p))]
    if shielded:                          # the object given the shield (「XにKの盾を張っても、そのクリーチャーは…」)
        return shielded[-1]
    cands = [(p, v) for p, v in cands if not re.search(r"(?:その|この|それらの)$", head[:p])]   # a pronoun: its antecedent
    return max(cands, key=lambda t: t[0])[1] if cands else None


def _after(head: str, pos: int) -> str:
    """The text after the card mark or described object's head at ``pos``."""
    m = MARK.match(head, pos) or DESC_PATTERNS["head"].search(head, pos)
    return head[m.end():] if m else ""


def _situation(s: Sentence, pos: int, source: str | None, destroyer: bool = False) -> dict[str, Any]:
    head = s.norm[s.norm.rfind("。", 0, pos) + 1:pos]
    sit: dict[str, Any] = {}
    tgt = _target(s, head)
    if tgt is not None:
        sit[TARGET_KEY] = tgt
    if source:
        sit["shield"] = source
    sit.update(conditions(s.norm, pos))
    shield = {"kind": "regen_shield"}
    if shield in sit.get("conditions", []):   # 「再生の盾を張っても」: the shield this kind stages itself (701.15a)
        sit["conditions"].remove(shield)
        sit.setdefault("shield", "resolved")
        if not sit["conditions"]:
            del sit["conditions"]
    lift_unstated(sit)
    if "unrepresented" in sit:            # the clause states the object, its shield, its destruction: staged
        sit["unrepresented"] = [c for c in sit["unrepresented"] if not _explained(c, destroyer)]
        if not sit["unrepresented"]:
            del sit["unrepresented"]
    return sit


def _staged_predicate(clause: str, destroyer: bool) -> bool:
    """A coordinated predicate the regeneration scenario stages itself: a shield put on the object (「Xに再生の盾を
    張ることはできる(が)、」 — X the object given the shield, :func:`_target`; the scenario puts a resolved shield
    on it, 701.15a), or only the object, its shield and its destruction (:func:`_explained`).  A denied one
    (「張ることはできない」「張れず」) is not staged."""
    m = P["shield_put"].fullmatch(clause.strip())
    if m:
        obj = m.group("obj")
        return bool(MARK.search(obj) or DESC_PATTERNS["head"].search(obj)) and not re.search(r"[、,。]", obj)
    return not re.search(r"ない|ません|ず[、,]|ず$", clause) and _explained(clause, destroyer)


def _explained(clause: str, destroyer: bool) -> bool:
    """The clause says only what is staged: the object, its shield, its destruction (and, with a destroyer read
    from the sentence, that destroyer: 「〔n〕で」 / 「再生を禁止する効果で」)."""
    if not destroyer and (P["by_card"].search(clause) or re.search(r"効果|呪文|能力", clause)):
        return False
    rest = leftover(DESC_PATTERNS["head"].sub(" ", P["explained_first"].sub(" ", clause)))
    return not rest or not P["explained"].sub("", rest).strip()


@register("regenerates", priority=58, needs=("再生", "有効", "何回でも", "何度でも"))
def find_regenerates(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    norm = s.norm
    topic = bool(P["regen_topic"].search(norm)) or "再生" in (ctx.page_title or "")
    if not topic:
        return out
    source = _source(s, si, ctx)
    for m in P["once"].finditer(norm):
        sit = {"shield": source} if source else {}
        out.append(Found("regenerates", sit, {"replaces": "once"}, None, m.span()))
    for m in P["every"].finditer(norm):
        sit = {"shield": source} if source else {}
        out.append(Found("regenerates", sit, {"replaces": "every"}, None, m.span()))
    for m in P["definition"].finditer(norm):
        body = m.group("body")
        effects = [name for name, key in (("damage_removed", "def_damage"), ("tapped", "def_tap"),
                                          ("untapped", "def_untap"), ("removed_from_combat", "def_combat"))
                   if P[key].search(body)]
        if effects:
            sit = {"shield": source} if source else {}
            out.append(Found("regenerates", sit, {"regenerated": True, "effects": effects}, None, m.span()))
    for m in P["prohibit"].finditer(norm):
        # 「《A》、《B》等のように、再生を禁止する効果」: each card named before is a destroyer of its own claim
        marks = [x for x in MARK.finditer(norm, 0, m.start())]
        if not marks:
            continue
        last = marks[-1]
        names = [*coordinated_before(s, last.start()), s.card(last)]
        for name in dict.fromkeys(n for n in names if n):
            out.append(Found("regenerates", {"by": name, "shield": "resolved"}, {"regenerated": False}, name,
                             m.span()))
    for m in P["regen"].finditer(norm):
        if P["prohibit"].search(norm, max(0, m.start() - 1), m.end() + 6):
            continue
        clause_start = norm.rfind("。", 0, m.start()) + 1
        clause = norm[clause_start:m.start()]
        # whether it has a shield must be stated — or the statement is what a destroyer allows (「再生できない」)
        able = m.group("rest").startswith("でき") or "することができ" in m.group("rest") \
            or "することはでき" in m.group("rest")
        destroyer = P["by_card"].search(clause) or P["no_regen_by"].search(clause)
        if not (P["shield"].search(clause) or (able and destroyer)):
            continue
        sit = _situation(s, m.start(), source or "resolved", bool(destroyer))
        if "target" not in sit:
            continue
        # a predicate coordinated with 「再生する」 (「…盾を張ることはできないが、…再生することはない」) is a
        # statement of its own: kept unless it only says what is staged (a shield put on it: 701.15a)
        merge(sit, coordinated(s, m, lambda c: _staged_predicate(c, bool(destroyer)))[1])
        by = P["by_card"].search(clause)
        if by and s.card(by.group(1)) and s.card(by.group(1)) != sit["target"]:
            sit["by"] = s.card(by.group(1))
        elif P["no_regen_by"].search(clause):
            sit["by"] = NO_REGEN
        out.append(Found("regenerates", sit, {"regenerated": not _NEGATIVE.search(m.group("rest"))},
                         sit["target"] if isinstance(sit["target"], str) else None, m.span()))
    return out
