"""Combat claims: can_block (CR 509.1: flying 702.9b, reach 702.17b, protection 702.16), can_attack
(CR 302.6 summoning sickness, 702.10 haste).  Attacker and blocker are cards or described objects
(:mod:`.described`); 「Xは、YもZもブロックできる」 gives one claim per blocked object."""
from __future__ import annotations

import re
from typing import Any

from extractor.claims import clauses
from extractor.claims.conditions import adverbials, clause_spans, conditions, merge, read_condition
from extractor.claims.context import Context
from extractor.claims.described import (_WORD_TOPIC, HEAD, PATTERNS as DESC_PATTERNS, UNSTATED, describe, said_before,
                                       unnamed_object)
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.claims.sides import SIDE as _SIDE

_CAN = r"(?:ことは|ことが|ことも)?(?P<form>でき(?:る|ない|ず)|出来(?:る|ない|ず)|可能)"

# 「ブロックされる／されうる」: may be blocked (the potential 〜うる of a passive, as 「打ち消されうる」)
_CAN_BE = ("る", "うる", "得る")

PATTERNS = compile_patterns({
    # 「ブロックはできる」「攻撃もできない」: a contrastive は / も between the verbal noun and できる, one verb
    "block": r"(?:を)?ブロック(?:に参加|する|には参加|は|も)?" + _CAN + r"(?!(?:キーワード)?能力)",   # (not '…できる能力')
    "blocked": r"(?P<by>に|によって(?:しか|のみ)?|でしか|でのみ|だけでは|で)ブロックされ(?P<neg>ない|ず|る|うる|得る)"
               r"(?![^。、]*?(?:場合|とき|なら))",
    "attack": r"攻撃(?:に参加|する|には参加|は|も)?" + _CAN + r"(?!(?:キーワード)?能力)",
    # declaring the creature as a blocker / an attacker (508.1a, 509.1a): 「ブロック・クリーチャーに指定できる」
    "designate": r"(?P<role>ブロック・?クリーチャー|攻撃クリーチャー)(?:に|として)指定(?:する|した)?" + _CAN,
    "topic": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|でも|も)、?",
    "topic_end": r"(?:〔\d+〕|" + HEAD + r")(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|も|でも)、?",
    "object": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:も|を|に)",
})
P = PATTERNS
_CREATURE = {"desc": {"types": ["Creature"]}}


def _things(s: Sentence, text: str, mark: str) -> list[tuple[int, Any]]:
    """Cards and described objects in ``text`` each followed by ``mark`` (a particle pattern)."""
    out: list[tuple[int, Any]] = []
    for m in MARK.finditer(text):
        if re.match(P[mark].pattern, text[m.end():]):
            out.append((m.start(), s.card(m)))
    for m in DESC_PATTERNS["head"].finditer(text):
        if re.match(P[mark].pattern, text[m.end():]):
            d = describe(text, m)
            if d:
                out.append((m.start(), d))
    return sorted(out, key=lambda t: t[0])


def _split(s: Sentence, head: str) -> tuple[Any, list[Any]]:
    """(the topic of the clause, the objects after it)."""
    topics = _things(s, head, "topic")
    topic = topics[0] if topics else None
    after = head[topic[0]:] if topic else head
    objs = [o for pos, o in _things(s, after, "object") if not topic or pos > 0]
    return (topic[1] if topic else None), objs


# the object a block is made WITH (509.1a): 「N体以上のクリーチャーでしか」「クリーチャー2体で」「1体のクリーチャーだけでは」
# 「《X》で」; a restrictive (しか…ない) states both sides of the count (menace, 702.111b)
_WITH = re.compile(r"(?P<p>でしか|によってしか|でのみ|によってのみ|だけでは|だけでも|だけで|でも|では|で|によって)"
                   r"、?(?P<rest>[^、。]*?を)?$")
# 「複数の」 (several): two or more (509.1a lets any number of creatures block one attacker) — read as 「2体以上の」
_COUNT_BEFORE = re.compile(r"(\d+)体(以上)?の|複数の")
_COUNT_AFTER = re.compile(r"(\d+)体(以上)?$|複数$")
_RESTRICTIVE = ("でしか", "によってしか", "でのみ", "によってのみ")
# 「Yでのみブロックできる」 = 「Yでしかブロックできない」: the affirmative restrictive, its verb's polarity the other way
_ONLY_AFFIRMATIVE = ("でのみ", "によってのみ")


def _with_blockers(s: Sentence, head: str) -> tuple[Any, Any, int, bool, bool] | None:
    """A head ending in a で-phrase (the blockers) and perhaps a を-object (the attacker): (attacker or None,
    blocker, count, at least, restrictive), None without a blocker phrase."""
    m = _WITH.search(head)
    if not m or m.start() == 0:
        return None
    phrase = head[:m.start()]
    n, more = 1, False
    c = _COUNT_AFTER.search(phrase)
    if c:
        phrase = phrase[:c.start()]
    else:
        c = ([None] + list(_COUNT_BEFORE.finditer(phrase)))[-1]    # (the blockers' count: the last one; an
        if c:                                                      # earlier 「1体の…を」 counts the attacker)
            phrase = phrase[:c.start()] + phrase[c.end():]
    if c:
        n, more = (int(c.group(1)), bool(c.group(2))) if c.group(1) else (2, True)
    if phrase.endswith("〕") and MARK.search(phrase):
        blocker: Any = s.card(MARK.findall(phrase)[-1])
        start = phrase.rfind("〔")
    else:
        heads = [h for h in DESC_PATTERNS["head"].finditer(phrase) if h.end() == len(phrase)]
        if not heads:
            return None
        before = phrase[:heads[-1].start()]
        start = _TOPIC_END_AT.search(before)
        start = start.end() if start else 0
        # 「XをYでブロック」: the を-object before the blocker phrase is the attacker, never part of the blocker's
        # description (「…を持つ」 is a description's own を)
        objects = [h.end() + 1 for h in DESC_PATTERNS["head"].finditer(before) if _OBJECT_AT.match(before, h.end())]
        objects += [m.end() for m in _CARD_OBJECT.finditer(before)]
        start = max([start, *objects])
        blocker = describe(phrase[start:])
        if blocker is None:
            return None
    if c is not None and c.start() < start:
        return None                                   # the count is not the blocker phrase's
    attacker, _ = _split(s, (m.group("rest") or "")) if m.group("rest") else (None, [])
    if attacker is None and m.group("rest"):
        objs = _things(s, m.group("rest"), "object")
        attacker = objs[0][1] if objs else None
    if attacker is None:
        attacker, objs = _split(s, phrase[:start])
        attacker = attacker if attacker is not None else (objs[0] if len(objs) == 1 else None)
    only = m.group("p") in _RESTRICTIVE
    if only and not more and isinstance(blocker, dict) and "desc" in blocker:
        blocker = _only_with(blocker, phrase[start:])     # 「飛行か到達を持つクリーチャーによってしか」: any of these
    return attacker, blocker, n, more, ("affirmative" if m.group("p") in _ONLY_AFFIRMATIVE else only)


_TOPIC_END_AT = re.compile(r".*(?:は|が)、?")
_OBJECT_AT = re.compile(r"を(?!持)")
_CARD_OBJECT = re.compile(r"〕(?:/[^、。〔]*?)?を(?!持)")
_OR = re.compile(r"か|や|または|もしくは")


def _only_with(blocker: dict, phrase: str) -> Any:
    """The blocker of 「…を持つクリーチャーによってしか」: ``{"only_with": [keyword, …]}`` — a creature with any of
    the keywords may block it and one with none may not — when the description is keywords alone (one, or
    several joined by か / や / または); else None (what a creature of another description can do is not read)."""
    d = blocker.get("desc") or {}
    kws = d.get("keywords") or []
    if UNSTATED in blocker or set(d) != {"types", "keywords"} or d["types"] != ["Creature"] or not kws:
        return None
    if len(kws) > 1 and not _OR.search(phrase):
        return None                                 # (「飛行と到達を持つ」: both, not either)
    return {"only_with": list(kws)}


def _counted_blocks(found: list[Found], sit: dict, blocker: Any, n: int, more: bool, restrictive: bool,
                    can: bool, span: tuple[int, int]) -> None:
    """The can_block of a stated count: 「N体以上で…しか…ない」 is one claim, N blockers allowed and fewer refused
    (``fewer_refused``, 509.1b, 702.111b); a restrictive of keywords (:func:`_only_with`) is one claim, those
    blockers allowed and the others refused; a restrictive of another description is not read."""
    if isinstance(blocker, dict) and "only_with" in blocker:
        if can:
            return
        # the creatures that may block (any keyword) and those that may not (none of them), 509.1b
        sit = {**sit, "blocker": {"desc": {"types": ["Creature"], "lacks": blocker["only_with"]}},
               "only_with": [{"desc": {"types": ["Creature"], "keywords": [k]}} for k in blocker["only_with"]]}
        found.append(Found("can_block", sit, {"can": True}, None, span))
        return
    if blocker is None or (restrictive and (not more or can)):
        return
    if n < 1:           # 「0体のクリーチャーで」: no block is declared with no creature (509.1a) — never staged as one
        return
    sit = {**sit, **({"blockers": n} if n > 1 else {}), **({"fewer_refused": True} if restrictive else {})}
    found.append(Found("can_block", sit, {"can": True if restrictive else can}, _name(blocker), span))


@register("can_block", priority=64, needs=("ブロック",))
def find_can_block(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["blocked"].finditer(s.norm):          # X は Y にブロックされない: X attacks, Y blocks
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start() + 1]
        counted = _with_blockers(s, head[:-1] + m.group("by"))
        if counted and (counted[2] > 1 or m.group("by") not in ("に", "によって")):
            attacker, blocker, n, more, only = counted
            if attacker is not None:
                sit = {"attacker": attacker, "blocker": blocker, **conditions(s.norm, m.start())}
                _controllers(s, head, sit, ("attacker", "blocker"))
                _counted_blocks(out, sit, blocker, n, more, bool(only),
                                (m.group("neg") in _CAN_BE) != (only == "affirmative"), m.span())
            continue
        if m.group("by") not in ("に", "によって"):
            continue
        attacker, objs = _split(s, head)
        for blocker in objs or [None]:
            if attacker is None or blocker is None:
                continue
            sit = {"attacker": attacker, "blocker": blocker, **conditions(s.norm, m.start())}
            _defined(head, sit)
            _controllers(s, head, sit, ("attacker", "blocker"))
            out.append(Found("can_block", sit, {"can": m.group("neg") in _CAN_BE}, _name(blocker), m.span()))
    for m in P["block"].finditer(s.norm):            # X は Y をブロックできる: X blocks Y
        start, coord = coordinated(s, m)
        head = s.norm[start:m.start()]
        counted = _with_blockers(s, _main(head) + ("を" if m.group(0).startswith("を") else ""))
        if counted:                                 # 「XはN体以上のクリーチャーでしかブロックできない」「YでXをブロック」
            attacker, blocker, n, more, only = counted
            sit = _attacking({"attacker": attacker or _CREATURE, "blocker": blocker, **conditions(s.norm, m.start())})
            merge(sit, coord)
            if isinstance(blocker, str):
                _modified(head, sit)                # 「タップ状態の《X》でブロックできない」: its state is a fact (509.1a)
            _controllers(s, head, sit, ("attacker", "blocker"))
            _counted_blocks(out, sit, blocker, n, more, bool(only),
                            (not NEG.search(m.group("form"))) != (only == "affirmative"), m.span())
            continue
        main = _main(head)
        # the topic of the main clause, not the subject of a condition clause before it (「攻撃クリーチャーが指定
        # されなかった場合、クリーチャーは…」: the blocker is the main clause's クリーチャー)
        blocker, objs = _split(s, (main if main != head and P["topic_end"].search(main) else head) + "を")
        extra: dict[str, Any] = {}
        if blocker is None and not objs:            # no object named or described: see unnamed_object
            blocker, extra = unnamed_object(_main(head), ctx, _CREATURE, said_before(si, ctx) + s.norm[:m.start() - len(head)])
        elif blocker is None and ctx.page_card and not _WORD_TOPIC.search(_main(head)):
            blocker = ctx.page_card                 # 「《X》をブロックできる」 on a card's page / under its box
        for attacker in objs or [_CREATURE]:
            if blocker is None:
                continue
            sit = _attacking({"attacker": attacker, "blocker": blocker, **conditions(s.norm, m.start())})
            merge(sit, extra)
            merge(sit, coord)
            if isinstance(blocker, str):
                _modified(head, sit)
            _defined(head, sit)
            _controllers(s, head, sit, ("attacker", "blocker"))
            out.append(Found("can_block", sit, {"can": not NEG.search(m.group("form"))}, _name(blocker), m.span()))
    return out


@register("can_attack", priority=65, needs=("攻撃",))
def find_can_attack(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["attack"].finditer(s.norm):
        start, coord = coordinated(s, m)
        head = s.norm[start:m.start()]
        card, objs = _split(s, head)
        extra: dict[str, Any] = {}
        by = _ATTACK_WITH.search(head)
        if card is None and by:                     # 「《X》で攻撃する」: the player attacks with X, X attacks (508.1a)
            card = s.card(by.group(1))
        elif card is None and any(isinstance(o, str) for o in objs):
            # a card the clause names in another role than the attacker's: a stand-in never takes its place
            card, extra = _CREATURE, {"unrepresented": [f"the role of {', '.join(o for o in objs if isinstance(o, str))}"]}
        elif card is None:                          # no object named or described: see unnamed_object
            card, extra = unnamed_object(_main(head), ctx, _CREATURE, said_before(si, ctx) + s.norm[:m.start() - len(head)])
        sit: dict[str, Any] = {"card": card, **conditions(s.norm, m.start())}
        merge(sit, extra)
        merge(sit, coord)
        topic = P["topic_end"].search(head)             # '《灰色熊》は戦場に出たターンには攻撃できない'
        _modified(head, sit)
        _defined(head, sit)
        spans = clause_spans(head)
        after = head[max([topic.end() if topic else 0, *(b for _, b in spans)]):]
        if by and card == s.card(by.group(1)) and after.endswith(by.group(0)):
            after = after[:-len(by.group(0))]       # the card attacked with: read
        merge(sit, adverbials(after, ""))
        _controllers(s, head, sit, ("card",))
        out.append(Found("can_attack", sit, {"can": not NEG.search(m.group("form"))}, _name(card), m.span()))
    return out


@register("can_block", "can_attack", priority=64, needs=("指定",))
def find_designated(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「Xはブロック・クリーチャーに指定できない」「Xを攻撃クリーチャーとして指定することはできない」: declaring X as a
    blocking (509.1a) or attacking (508.1a) creature is X blocking / attacking; X is the topic or the を-object."""
    out: list[Found] = []
    for m in P["designate"].finditer(s.norm):
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        obj = re.search(r"を[、\s]*$", head)
        if obj:                                     # the を-object is the creature declared: read as the topic
            head = head[:obj.start()] + "は"
        card, objs = _split(s, head)
        if card is None or objs:
            continue                                # (no object declared, or another object in the clause)
        sit: dict[str, Any] = {"card": card, **conditions(s.norm, m.start())}
        _modified(head, sit)
        _controllers(s, head, sit, ("card",))
        can = not NEG.search(m.group("form"))
        if m.group("role").startswith("ブロック"):
            sit = {"attacker": _CREATURE, "blocker": sit.pop("card"), **sit}
            if "controllers" in sit:
                sit["controllers"] = {"blocker": sit["controllers"]["card"]}
            out.append(Found("can_block", sit, {"can": can}, _name(card), m.span()))
        else:
            out.append(Found("can_attack", sit, {"can": can}, _name(card), m.span()))
    return out


# a relative clause ending in a verb right before the topic's card mark (「戦場に出た〔0〕は」), with the card it
# names as its means (「〔0〕でコントロールを得た〔1〕は」), or before the card attacked with (「戦場に出た〔0〕で」);
# or a noun phrase joined by の (「召喚酔いの〔0〕は」「タップ状態の〔0〕は」「戦場に出たばかりの〔0〕は」), or a keyword
# it holds (「破壊不能を持つ〔0〕は」: 持つ)
_RELATIVE = re.compile(r"(?:^|[、。])((?:〔\d+〕)?[^、。〔〕]*?(?:た|る|ない|いる|の|つ))〔\d+〕(?:は|が|も|でも|で)")


# the term a definition sentence defines: 「召喚酔いとは、クリーチャーが…できない状態のことである」
_DEFINED = re.compile(r"(?:^|[、。\s])([^、。\s]{1,20}?)とは[、\s]*")


def _defined(head: str, sit: dict[str, Any]) -> None:
    """The term a definition sentence defines (:data:`_DEFINED`) is a fact of what follows: the condition it
    names (召喚酔い: summoning_sick, 302.6) or unrepresented words — never dropped (「召喚酔いとは、クリーチャーが
    攻撃できない状態のことである」 is no statement that a creature cannot attack)."""
    m = _DEFINED.search(head)
    if m:
        fact = read_condition(m.group(1))
        merge(sit, {"conditions": [fact]} if fact else {"unrepresented": [m.group(1) + "とは"]})


def _modified(head: str, sit: dict[str, Any]) -> None:
    """The words modifying the named card of a clause's topic (:data:`_RELATIVE`) as unrepresented words, which
    resolve() reads as a condition when they are one (302.6 summoning sickness) — never dropped: 「タップ状態の
    《X》は攻撃できる」 is not judged as a statement about an untapped X (508.1a, 509.1a)."""
    rel = _RELATIVE.search(head)
    if rel and "unrepresented" not in sit:
        sit["unrepresented"] = [rel.group(1)]
# the card a player attacks with: 「〔0〕で攻撃」「〔0〕でも攻撃」 right before the verb
_ATTACK_WITH = re.compile(r"〔(\d+)〕(?:で|でも|では)、?$")


# 「攻撃クリーチャー」「攻撃している…」 as the creature blocked: a blocker always blocks an attacking creature
# (509.1a), so the word is no further fact of the attacker; 「1体の攻撃クリーチャー」: the one attacker staged
_ATTACKING = re.compile(r"^\s*(?:1\s*体\s*)?攻撃(?:している|中の)?\s*$")


def _attacking(sit: dict) -> dict:
    """The situation with an attacker described as attacking (「攻撃クリーチャーをブロックできますか」) read as the
    creature the block is declared against: that word is then no unread fact."""
    a = sit.get("attacker")
    if isinstance(a, dict) and _ATTACKING.match(str(a.get(UNSTATED) or "")):
        sit["attacker"] = {k: v for k, v in a.items() if k != UNSTATED}
    return sit


# whose card it is, right before its card mark (108.4, 110.2): 「あなたの」「自分の」「あなたがコントロールする」
# 「対戦相手の」「対戦相手がコントロールする」; at a clause's start 自分 is the reader (you), after a topic it is
# reflexive — the topic's controller ("self")
_SIDE_AT = re.compile(r"〔(\d+)〕")


def _sides(s: Sentence, head: str) -> tuple[dict[str, str], list[str]]:
    """The side each card of a clause is said to be on: ``({card: "you" | "opponent" | "self"}, the phrases read)``;
    a reflexive 自分 after the topic (「XはYを自分の…」) is "self" (the topic's controller's side)."""
    sides: dict[str, str] = {}
    read: list[str] = []
    for m in _SIDE_AT.finditer(head):
        before = head[:m.start()]
        c = _SIDE.search(before)
        if not c:
            continue
        card = s.card(m)
        topic_before = re.search(r"(?:は|が)、?", before[:c.start()])
        side = "opponent" if c.group("opp") else ("self" if topic_before and c.group("you") == "自分" else "you")
        read.append(c.group(0).strip())
        if card in sides and sides[card] != side:
            return {}, read                          # one card on two sides: not read (the phrases kept unread)
        sides[card] = side
    return sides, read


def _controllers(s: Sentence, head: str, sit: dict[str, Any], roles: tuple[str, ...]) -> None:
    """The stated sides of the claim's named cards as ``sit["controllers"]`` ({role: you / opponent / self}),
    and the phrases read taken off the unrepresented words (:func:`_modified` keeps a phrase it cannot read)."""
    sides, read = _sides(s, head)
    got = {r: sides[sit[r]] for r in roles if isinstance(sit.get(r), str) and sit[r] in sides}
    if not got or len(got) < len({c for c in sides}):
        if read:                                    # a phrase before a card of another role: kept unread
            merge(sit, {"unrepresented": [r for r in read if r not in (sit.get("unrepresented") or [])]})
        return
    sit["controllers"] = got
    left = [u for u in sit.get("unrepresented") or [] if u.strip() not in read]
    if left:
        sit["unrepresented"] = left
    else:
        sit.pop("unrepresented", None)


def _read_here(text: str) -> bool:
    """A coordinated predicate this module reads as a claim of its own (attacking, blocking, 508.1a / 509.1a)."""
    return any(P[k].search(text) for k in ("attack", "block", "blocked", "designate"))


def coordinated(s: Sentence, m: re.Match) -> tuple[int, dict[str, Any]]:
    """The shared coordination reading (:func:`extractor.claims.clauses.coordinated`) with this module's own
    predicates read as claims of their own and its topics."""
    return clauses.coordinated(s, m, _read_here, P["topic_end"])


def _main(head: str) -> str:
    """The main clause of a head: what follows its last condition clause."""
    return head[max((b for _, b in clause_spans(head)), default=0):]


def _name(x: Any) -> str | None:
    return x if isinstance(x, str) else None
