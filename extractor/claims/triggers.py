"""Trigger claims: trigger_count (times, per object, additional triggers), no_trigger, once_per_turn.

CR 603.2 (an ability triggers once per event), 603.2c (once per object for '…ごとに'/'の数だけ'),
603.2d (an effect that makes an ability trigger an additional time), 603.4 (intervening 'if').

Overlaps are resolved by the registry: once_per_turn, the additional-trigger count and the 'N回しか' count
claim their phrases first, so the plain count never reads the '1回誘発する' inside '追加でもう1回誘発する'.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import card_modifiers
from extractor.claims.context import (Context, counted_objects, event_of, first_event, objects, subject_before)
from extractor.claims.described import PATTERNS as DESC
from extractor.claims.described import UNSTATED, describe
from extractor.claims.quoted_triggers import mana_condition, one_quoted_source
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_OBJECT_WORD = "(" + alternation(LEX.object_words) + ")"
_PER_WORDS = ("の数", "の枚数", "の体数")
_PER = r"(?:の数|の枚数|の体数)(?:だけ|と(?:同じ|おなじ)回数(?:だけ)?|に等しい回数)"

PATTERNS = compile_patterns({
    "times": r"(?<!1ターンに)(?<!\d)(\d+)\s*(?:回|度)(?:ずつ|だけ|のみ)?\s*"
             r"(?:誘発する(?!ことは|こともない)|誘発します|誘発した(?!ら|場合|とき|時)|誘発し、|誘発される(?!ことは))",
    "only_times": r"(?<!ターンに)(?<!ターンに )(?<!\d)(\d+)\s*(?:回|度)しか誘発し(?:ない|ません)",
    "extra_times": r"追加で(?:もう)?(\d+)\s*回誘発する(?!ことは|こともない|ことはない)",
    # '追加で（もう1回）誘発することはない': it triggers once, not an extra time (never times 0)
    "no_extra_times": r"追加で(?:もう)?(?:\d+\s*回)?誘発(?:する|される)?こと(?:は|も)(?:ない|ありません)"
                      r"|追加で(?:もう)?(?:\d+\s*回)?誘発し(?:ない|ません)",
    "per_object": r"([^。、]*?)" + _PER + r"\s*誘発(?!しない|しません|することは|されない|されることは)",
    "per_object_head": r"([^。、]*?)" + _PER + r"\s*$",
    # a bare sentence-final "…は誘発する": it triggers (once for the event, CR 603.2)
    "triggers": r"(?<![回度け数み])(?<!追加で)(?:誘発(?:する|します)(?=。|$|\)|が、)|誘発し(?=、)"
                r"|(?<=[もは])誘発(?=。?$))",                  # a terse list item: 'これ自身が出た際にも誘発
    "no_trigger": r"(?<!しか)(?<!追加で)(?:誘発しない|誘発しません|誘発(?:す|され)ることは(?:ない|ありません)"
                  r"|誘発することもない|誘発させない|誘発されない)",
    "once": r"1\s*ターンに\s*1\s*(?:回|度)しか(?:誘発し(?:ない|ません)|行え(?:ない|ず|ません)|起動でき(?:ない|ず|ません)"
            r"|解決し(?:ない|ません))",
    "neg_count": r"(?<!もう)(?<!\d)(\d+)\s*(?:回|度)(?:は|も|ずつ)?\s*$",
    "neg_per_object": r"([^。、]*?)" + _PER + r"(?:は)?\s*$",
    "alt_object": _OBJECT_WORD + r"\s*(\d+)\s*(?:つ|体|枚)",
    "alt_objects": r"((?:" + _OBJECT_WORD + r"\s*\d+\s*(?:つ|体|枚))(?:か|または|や)?)+(?=が)",
    "counted_word": r"(\d+)\s*(?:体|枚|つ)の([^\s、。〔]+?)(?:が|を|と、?(?=.{0,80}?戦場に(?:ある|いる)))",
    "quoted_ability": r"「([^」]*)」[^。]*$",
    "owner_split": r"(?:能力|は|が)",
    # after a keyword name: '英雄的能力は' / '英雄的能力を持つクリーチャーは' / '英雄的を持つ…は'
    "keyword_ability": r"(?:能力(?:を持つ[^、。]*?)?(?:は|を)|を持つ[^、。]*?は)",
    "conditional": r"なら",
    # a keyword ability as the topic of the sentence: '加虐は' / '加虐の能力が' (the one described object with it)
    "keyword_topic": "(" + alternation(LEX.words("keyword_abilities") + LEX.words("ability_words")) +
                     r")(?:\s*\d+)?(?:の)?(?:能力)?(?:の誘発(?:回数)?)?(?:は|が|も)",
    # '激昂の誘発は1回' (a count as the predicate of the trigger's noun)
    "times_noun": r"の誘発(?:回数)?は\s*(\d+)\s*(?:回|度)(?:だけ|のみ)?(?:です|だ|である)?\s*$",
    # a Q&A label opening a line ([Q] / Q: / Q1. / Ｑ： / 質問: / 問1 — extractor.qa's label shapes)
    "qa_label": r"^\s*(?:[\[【(（]\s*[QAＱＡ]\s*\d*\s*[\]】)）]|[QAＱＡ]\s*\d*\s*[:.)：．）]|(?:質問|回答|答え?)\s*\d*\s*[:：]|[問答]\s*\d+)\s*",
    # an intervening-if life total stated as the sentence's condition (603.4): 「ライフが39点以下である場合、…」, or
    # 「40点以上である場合」 when the example is about a life total (the points are life points)
    # 「その最後のカードをプレイした」: the player's hand held only the card played (the act of a hand-size state)
    "last_card": r"最後(?:の1枚)?の(?:手札|カード)を(プレイ|唱え|戦場に出)",
    # 「再び誘発することはない」 (not again: the count stated before it holds), never 'it does not trigger'
    "again": r"(?:再び|再度|もう一度|二度と)(?:は)?$",
    "life_condition": r"(ライフ(?:の総量)?が)?(\d+)\s*点(以上|以下)(?:である|です|だった)?場合",
    # 「クリーチャーが1体戦場に出るたび〜」を持つクリーチャー: an object described by its quoted trigger condition
    "quoted_holder": r"「([^」]{4,60}?(?:たび|とき|時)〜?)」(?:という(?:誘発型)?能力)?を持つ(" + _OBJECT_WORD + ")",
    "any_trigger_quote": r"「([^」]{4,80}?(?:たび|とき|時|場合)[^」]*)」",
    "trigger_condition": r"^(?P<who>(?:あなた|自分|対戦相手)の(?:コントロールする)?|他の)?(?P<obj>" + _OBJECT_WORD[1:-1] +
                         r")が(?:\d+\s*(?:体|つ|枚))?(?P<ev>戦場に出る|戦場に出た|死亡する|死亡した|戦場を離れる|戦場を離れた)"
                         r"(?:たび|とき|時)(?:に)?[〜~…]*$",
    # how many creatures block: '3体のクリーチャーにブロックされた' / '2体にブロックされた'; '何体に…ても': any number
    "blockers": r"(\d+|何)\s*体(?:の[^、。]*?)?に(?:同時に)?ブロックされ",
    "yours": r"(?:あなた|自分)が?コントロールする",
    "no_extra": r"追加で誘発(?:すること|は)?(?:はない|しない)",
    # a triggered ability described by its own event, as the sentence's topic (no card named): 「ブロックする
    # ことで誘発する能力は、」「攻撃したときに誘発する能力は」 — the omitted doer is the ability's holder
    # (508.1a / 509.1a: only a creature attacks or blocks); ``mid`` is what stands between it and the count
    "described_trigger": r"^(?P<ev>ブロックされ(?:る|た)|ブロック(?:する|した)|攻撃(?:する|した))(?:こと(?:で|により|によって)|とき(?:に)?|時(?:に)?"
                         r"|たび(?:に)?)誘発する(?:誘発型)?能力(?:は|が)\s*、?\s*(?P<mid>[^。]*?)\s*$"
                         # the same condition quoted with the holder as its doer: 「~がブロックされるたび」という能力は
                         r"|^「(?:[~〜]|このクリーチャー|これ|○○)が(?P<qev>ブロックされる|ブロックする|攻撃する)"
                         r"(?:たび|とき)(?:に)?[、,]?[〜~…]*」という(?:誘発型)?能力(?:は|が)\s*、?\s*(?P<qmid>[^。]*?)\s*$",
    # the moment that event happens, the only time phrase such a sentence may add (the scenario stages it)
    "declared_blockers": r"(?:ブロック・?クリーチャー|ブロッカー)(?:が|を)指定(?:された|した|される)(?:時点|とき|際)(?:で|に)?",
    "declared_attackers": r"攻撃クリーチャー(?:が|を)指定(?:された|した|される)(?:時点|とき|際)(?:で|に)?",
    # 「何体のクリーチャーにブロックされても」: how many block (509.3c: one event however many)
    # (「複数のクリーチャーによって」: more than one — the scenario stages each of 1-3 blockers, the claim must hold
    # in every one); 「戦闘1回につき」: the one combat the scenario stages
    "blocked_by_n": r"(?:(?:\d+|何)\s*体(?:の[^、。]*?)?|複数の(?:クリーチャー|ブロック・クリーチャー)?)(?:に|によって)"
                    r"(?:同時に)?ブロックされ(?:ても|ようが|ようと|た(?:場合|とき)(?:でも|も)?)、?(?:戦闘\s*1\s*回につき)?",
    "extra": r"追加で誘発はする|追加で誘発する",
})
P = PATTERNS
_GENERIC_ABILITIES = ("誘発型能力", "起動型能力", "常在型能力", "遅延誘発型能力", "再帰誘発型能力", "状態誘発型能力", "能力")


def _owner(s: Sentence, pos: int, ctx: Context) -> str | None:
    return subject_before(s, pos, ctx, strict=True)


def _with_source(f: Found, s: Sentence, pos: int, ctx: Context) -> Found:
    """A finding that names no card whose ability triggers: the described object with the keyword the sentence
    names as its topic becomes the situation's ``source`` (a claim's subject is a card name)."""
    if f.subject is None and "source" not in f.situation:
        d = (keyword_owner(s, pos, ctx) or quoted_owner(ctx) or one_quoted_source(ctx)
             or described_trigger(s, pos, f))
        if d is not None:
            f.situation["source"] = d
            if d["desc"].get("trigger", {}).get("event") == "tapped_for_mana":
                f.situation.update(mana_condition(s))      # 「マナを使わなくても」: a stated fact about the mana
    return f


_DESCRIBED_EVENTS = {"ブロックされ": ("becomes_blocked", "blocked_by_n"), "ブロック": ("blocks", "declared_blockers"),
                     "攻撃": ("attacks", "declared_attackers")}


def described_trigger(s: Sentence, pos: int, f: Found) -> dict | None:
    """「ブロックすることで誘発する能力は、（ブロック・クリーチャーが指定された時点で）1度だけ誘発する」: an
    ability known only by its trigger event is the ability of a creature whose one triggered ability is "whenever
    this creature blocks / attacks / becomes blocked" (509.3a, 508.3a, 509.3c) — the stand-in (engine.crosscheck.standins) has just that.
    Only a count of triggers (never 'it does not trigger', which a sentence says of some unusual way the event
    comes about that it need not spell out), only when the sentence states nothing else of the situation, and
    only when nothing but the event's own moment stands between the topic and the count."""
    if f.kind != "trigger_count" or set(f.situation) - {"event", "events", "blockers"}:
        return None
    m = P["described_trigger"].match(P["qa_label"].sub("", s.norm[:pos]))
    if not m:
        return None
    ev, mid = (m.group("ev"), m.group("mid")) if m.group("ev") else (m.group("qev"), m.group("qmid"))
    event, moment = next(v for k, v in _DESCRIBED_EVENTS.items() if ev.startswith(k))
    if f.situation.get("event") != event or (mid and not P[moment].fullmatch(mid)):
        return None
    return {"desc": {"types": ["Creature"], "trigger": {"event": event, "object": {"self": True}}}}


def quoted_trigger(quote: str) -> dict | None:
    """A quoted trigger condition 「クリーチャーが1体戦場に出るたび〜」 as the engine's event and object filter
    ({"event": "enters", "object": {"types": ["Creature"]}}), or None when it says more than that."""
    m = P["trigger_condition"].match(quote.strip())
    if not m:
        return None
    ty = LEX.card_type(m.group("obj"))
    ev = next((en for en, ws in LEX.sections["events"] if any(w in m.group("ev") for w in ws)), None)
    if not ty or ev not in ("enters", "dies", "leaves"):
        return None
    obj: dict[str, Any] = {} if ty == "Permanent" else {"types": [ty]}
    who = m.group("who") or ""
    if who.startswith(("あなた", "自分")):
        obj["controller"] = "you"
    elif who.startswith("対戦相手"):
        obj["controller"] = "opponent"
    elif who.startswith("他"):
        obj["other"] = True
    return {"event": ev, "object": obj}


def quoted_owner(ctx: Context) -> dict | None:
    """「「…たび〜」を持つクリーチャー」: the one object the example describes by a quoted trigger condition, as a
    description with that trigger (``trigger``) and nothing else; None when there is not exactly one."""
    found: list[dict] = []
    quotes = {q.rstrip("〜~…") for x in ctx.sentences for q in P["any_trigger_quote"].findall(x.norm)}
    if len(quotes) != 1:
        return None                    # several quoted abilities: which one a statement is about is not read
    for x in ctx.sentences:
        for m in P["quoted_holder"].finditer(x.norm):
            trig = quoted_trigger(m.group(1))
            ty = LEX.card_type(m.group(2))
            if trig is None or not ty or ty == "Permanent":
                return None
            d = {"desc": {"types": [ty], "trigger": trig}}
            if d not in found:
                found.append(d)
    return found[0] if len(found) == 1 else None


def keyword_owner(s: Sentence, pos: int, ctx: Context) -> dict | None:
    """'加虐は1回だけ誘発する' after '加虐1を持つクリーチャーが…': the keyword ability named as the topic is the
    ability of the one object the example describes with that keyword — that description is the source
    (its stand-in has exactly the stated characteristics).  None when the example describes no such object,
    several different ones, or one with words no description key holds."""
    ms = [m for m in P["keyword_topic"].finditer(s.norm[:pos + 8]) if m.start() < pos]
    m = ms[-1] if ms else None
    if m is None or m.end() < pos - 12:
        return None
    kw = LEX.value("keyword_abilities", m.group(1)) or LEX.value("ability_words", m.group(1))
    found: list[dict] = []
    for x in ctx.sentences:
        text = P["qa_label"].sub("", x.norm)
        for h in DESC["head"].finditer(text):
            d = describe(text, h)
            if d and kw in [*(d["desc"].get("keywords") or []), *(d["desc"].get("ability_words") or [])] \
                    and d not in found:
                found.append(d)
    if len(found) != 1 or UNSTATED in found[0]:
        return None
    return found[0]


_PER_UNIT = re.compile(r"(?:戦闘|ターン|ゲーム)?\s*(\d+)\s*(?:回|度)\s*(?:につき|ごとに)\s*$")


def _count(s: Sentence, m: re.Match, ctx: Context, times: int) -> Found:
    sit = trigger_situation(s, m.start(), ctx)
    per = _PER_UNIT.search(s.norm[:m.start()])
    if per and per.group(1) != "1":
        # 「戦闘2回につき1度」: a count per several events — the scenario stages one (603.2), never dropped
        sit.setdefault("unrepresented", []).append(per.group(0).strip())
    return _with_source(Found("trigger_count", sit, {"times": times},
                              _owner(s, m.start(), ctx), m.span()), s, m.start(), ctx)


@register("once_per_turn", priority=1, claims=True, order=30, needs=("ターンに",))
def find_once_per_turn(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'1ターンに1回しか誘発しない' (e.g. CR 702.xx 'only once each turn' abilities)."""
    m = P["once"].search(s.norm)
    if not m:
        return []
    extra = False if P["no_extra"].search(s.norm) else True if P["extra"].search(s.norm) else None
    source = subject_before(s, len(s.norm), ctx)
    sit = {"source": source, "extra_trigger_effects": True}
    return [Found("once_per_turn", sit, {"max_times": 1, "extra_trigger": extra}, source, m.span())]


@register("trigger_count", priority=2, claims=True, order=13, needs=("追加で",))
def find_extra_times(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'追加でもう1回誘発する': 1 + N triggers (CR 603.2d)."""
    out: list[Found] = []
    for m in P["extra_times"].finditer(s.norm):
        n = int(m.group(1))
        head = s.norm[:m.start()]
        if P["conditional"].search(head) and not ctx.ability_subject and ctx.page_card and not s.cards:
            # the additional-trigger effect's own wording on its card's page ("…が誘発するなら、その能力は
            # 追加でもう1回誘発する"): the page's card makes other abilities trigger again (CR 603.2d)
            sit: dict[str, Any] = {"extra": n, "extra_source": ctx.page_card, "event": event_of(head)}
            alts = alternatives(head)
            if alts:
                sit["objects_any"] = alts
            if P["yours"].search(head):
                sit["controller"] = "you"
            out.append(Found("trigger_count", sit, {"times": 1 + n}, None, m.span()))
            continue
        out.append(Found("trigger_count", {"extra": n}, {"times": 1 + n}, _owner(s, m.start(), ctx), m.span()))
    for m in P["no_extra_times"].finditer(s.norm):
        if P["once"].search(s.norm):
            continue                      # the once-per-turn reader states the extra trigger (extra_trigger: false)
        sit = {**trigger_situation(s, m.start(), ctx), "extra_trigger": True}
        out.append(Found("trigger_count", sit, {"times": 1}, _owner(s, m.start(), ctx), m.span()))
    return out


@register("trigger_count", priority=3, claims=True, order=12, needs=("しか誘発し",))
def find_only_times(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'1回しか誘発しない': it triggers exactly that many times."""
    return [_count(s, m, ctx, int(m.group(1))) for m in P["only_times"].finditer(s.norm)]


@register("trigger_count", priority=4, claims=True, order=10, needs=("誘発",))
def find_trigger_count(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'2回誘発する'; '激昂の誘発は1回'."""
    return [_count(s, m, ctx, int(m.group(1))) for m in (*P["times"].finditer(s.norm),
                                                         *P["times_noun"].finditer(s.norm))]


@register("trigger_count", priority=5, claims=True, order=14, needs=_PER_WORDS)
def find_per_object(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'死亡したクリーチャーの数だけ誘発する': once per object (CR 603.2c)."""
    out: list[Found] = []
    for m in P["per_object"].finditer(s.norm):
        phrase = m.group(1)
        tail = P["owner_split"].split(phrase)[-1] or phrase
        objs = objects(s, tail, ctx) or counted_objects(ctx)      # 戦場に出た山: a short name left bare
        sit = {"event": event_of(tail) or first_event(ctx), "objects": objs}
        outcome: dict[str, Any] = {"times": "per_object"}
        ns = [o["n"] for o in objs if "n" in o]
        if len(ns) == 1:
            outcome["n"] = ns[0]
        out.append(Found("trigger_count", sit, outcome, _owner(s, m.start(), ctx), m.span()))
    return out


@register("trigger_count", priority=11, needs=("誘発",))
def find_triggers(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A bare '…は誘発する': once.  A sentence that counts its triggers (a number, per object, once per
    turn) states the count there, so its bare 誘発する is not a second count."""
    n = s.norm
    per_object = any(w in n for w in _PER_WORDS) and P["per_object"].search(n)
    if P["times"].search(n) or per_object or P["once"].search(n):
        return []
    out = []
    for m in P["triggers"].finditer(n):
        f = _count(s, m, ctx, 1)
        if any(o.get("n", 1) > 1 for o in f.situation.get("objects") or []):
            continue          # '2体…が出たとき、…は誘発する': it triggers, but how often the sentence does not say
        out.append(f)
    return out


@register("trigger_count", "no_trigger", priority=20, needs=("誘発",))
def find_no_trigger(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """誘発しない = times 0; but a negated count ('2回は誘発しない', '山の数だけ誘発しない') says only that it does
    not trigger that many times: a trigger_count with ``negated: true``.  Not in a sentence stating a
    once-per-turn limit (its negation is about the second time in a turn)."""
    if P["once"].search(s.norm):
        return []
    out: list[Found] = []
    for m in P["no_trigger"].finditer(s.norm):
        head = s.norm[:m.start()]
        if P["again"].search(head):
            continue              # 「一度誘発し、…再び誘発することはない」: once, not 'no trigger' (603.8)
        subject = _owner(s, m.start(), ctx)
        nc = P["neg_count"].search(head)
        npo = None if nc else P["neg_per_object"].search(head)
        if nc:
            sit = trigger_situation(s, nc.start(), ctx)
            out.append(Found("trigger_count", sit, {"times": int(nc.group(1)), "negated": True}, subject, m.span()))
        elif npo:
            tail = P["owner_split"].split(npo.group(1))[-1] or npo.group(1)
            objs = objects(s, tail, ctx) or counted_objects(ctx)
            sit = {"event": event_of(tail) or first_event(ctx), "objects": objs}
            outcome: dict[str, Any] = {"times": "per_object", "negated": True}
            ns = [o["n"] for o in objs if "n" in o]
            if len(ns) == 1:
                outcome["n"] = ns[0]
            out.append(Found("trigger_count", sit, outcome, subject, m.span()))
        else:
            out.append(_with_source(Found("no_trigger", trigger_situation(s, m.start(), ctx), {"times": 0}, subject,
                                          m.span()), s, m.start(), ctx))
    return out


def alternatives(head: str) -> list[dict[str, Any]]:
    """'アーティファクト1つかクリーチャー1体が戦場に出た' → [{type: Artifact, n: 1}, {type: Creature, n: 1}]."""
    m = P["alt_objects"].search(head)
    if not m:
        return []
    return [{"type": LEX.card_type(t), "n": int(k)} for t, k in P["alt_object"].findall(m.group(0))]


def trigger_situation(s: Sentence, pos: int, ctx: Context) -> dict[str, Any]:
    """event and objects for trigger_count / no_trigger: from the sentence, else from the example."""
    head = s.norm[:pos]
    q = P["quoted_ability"].search(head)            # 「クリーチャーが戦場に出た時〜」という類の能力
    per = P["per_object_head"].search(head)
    tail = P["owner_split"].split(per.group(1))[-1] if per else ""
    ev = (event_of(q.group(1)) if q else None) or (event_of(tail) if tail else None) or event_of(head)
    sit: dict[str, Any] = {"event": ev or first_event(ctx)}
    objs = (objects(s, tail, ctx) if tail else []) or counted_objects(ctx)
    for m2 in P["counted_word"].finditer(ctx.joined):
        word = LEX.card_type(m2.group(2))
        if word and m2.group(2) in LEX.object_words:
            objs.append({"type": word, "n": int(m2.group(1))})
    if objs:
        sit["objects"] = objs
    lc = P["last_card"].search(head)
    if lc:
        sit["last_card"] = "cast" if lc.group(1) == "唱え" else "play"
    lm = P["life_condition"].search(head)
    if lm and (lm.group(1) or "ライフ" in ctx.joined):
        sit["life"] = {"at_least" if lm.group(3) == "以上" else "at_most": int(lm.group(2))}
    if sit["event"] == "becomes_blocked":
        # 509.3c: one event however many block; the count stated in the sentence, else in the example
        bm = P["blockers"].search(head) or P["blockers"].search(ctx.joined)
        if bm:
            sit["blockers"] = "any" if bm.group(1) == "何" else int(bm.group(1))
    mods = card_modifiers(head)
    if mods:                                           # 「召喚酔いの《X》が…」: a fact of the card, never dropped
        sit.setdefault("unrepresented", []).extend(mods)
    for k in s.keywords:                               # 英雄的能力は…誘発します: a keyword ability in general
        if k not in _GENERIC_ABILITIES and re.search(re.escape(k) + P["keyword_ability"].pattern, s.norm[:pos + 12]):
            sit["ability_keyword"] = LEX.topic(k) or k
            break
    return sit
