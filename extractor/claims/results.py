"""Outcome claims: result (destroyed count, counters placed, resolution order, P/T, life) and
nothing_happens (e.g. an intervening-'if' ability whose condition no longer holds, CR 603.4)."""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import clause_spans, conditions
from extractor.claims.context import PATTERNS as CONTEXT_PATTERNS, Context, event_of, subject_before
from extractor.claims.pt_layers import find_pt_story
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

# a counter's kind as written before カウンター: a P/T change, or a word (kana / kanji, an optional ・)
COUNTER_KIND = r"[+-]\d+/[+-]\d+|[ァ-ヺー一-龯々]{1,10}"
PATTERNS = compile_patterns({
    "nothing": r"(?:何|なに)も(?:起き|起こら|起こり|し|起こさ)(?:ない|ません)",
    "destroyed": r"(\d+)\s*体(?:しか|のみ|だけ)?(?:を)?破壊(?:できない|する|される|できる)",
    "destroyed_limit": r"体(?:しか|のみ|だけ)",
    # the kind named before カウンター (+1/+1, or a word: 槍カウンター, 時間カウンター) is part of the outcome
    "counters": r"(" + COUNTER_KIND + r")?・?カウンター[^。]*?(\d+)\s*個(?:のみ|しか|だけ|置)",
    "counters_negated": r"(?:か|け|く)(?:れ)?(?:ない|ず|ません)|くことは(?:ない|でき)",
    # 'カウンターが1個置かれた状態で戦場に出ない': the counters are the state of a main verb the sentence denies
    # (614.1c) — the number is then no outcome
    "counters_state_denied": r"(?:かれ|い)た状態で[^。]*?(?:ない|ません|なかった|ず)(?:のです|のだ|です)?。?\s*$",
    # 'カウンターが2個置かれたので／置かれても／置かれると、…': the placement is the clause's condition, not its outcome
    "counters_condition": r"(?:かれ(?:た(?:ので|から|ら|とき|時|場合|後|なら)|ても|ると|る(?:場合|とき|時|なら))"
                          r"|いた(?:ので|ら|とき|場合)|くと|く(?:場合|とき))",
    "counter_kind": r"(" + COUNTER_KIND + r")・?カウンター",
    "order": r"先に解決した方から((?:「[^」]+」)+)になる",
    "quoted": r"「([^」]+)」",
    "any_quote": r"「[^」]*」",
    # "…4/1になる" / "2/2のクリーチャーが戦場に出る"; not "通常は1/1であるクリーチャー" (what it was)
    "pt": r"(\d+)/(\d+)(?:のクリーチャー|の土地・クリーチャー)?\s*(?:になる|となる|に戻る"
          r"|である(?![^、。]*?(?:クリーチャー|呪文)(?:が|を|は))|が(?:戦場|場)に出る)",
    "life": r"(\d+)\s*点のライフを(得る|失う)",
    "life_negated": r"(?:こと)?(?:は|も)?(?:ない|でき(?:ない|ず)|ありません)",
    "opponent_subject": r"対戦相手(?:は|が)",
    "present": r"〔(\d+)〕(?:/[^、。〔]*?)?が(?:戦場に)?(?:いる|ある|存在する)(?:と|とき|時|場合|なら)?$",
})
P = PATTERNS
# effects named in a resolution order, as the engine's effect words
EFFECT_WORDS = {"scry": r"占術\s*(\d+)", "draw": r"カードを\s*(\d+)\s*枚引く", "surveil": r"諜報\s*(\d+)"}
_EFFECTS = [(name, re.compile(rx)) for name, rx in EFFECT_WORDS.items()]


def _effect(phrase: str) -> str:
    for name, rx in _EFFECTS:
        m = rx.search(phrase)
        if m:
            return f"{name} {m.group(1)}"
    return phrase


@register("nothing_happens", priority=80, needs=("何も", "なにも"))
def find_nothing(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["nothing"].search(s.norm)
    if not m:
        return []
    sit = {"events": ctx.situation.get("events", [])}
    return [Found("nothing_happens", sit, {"nothing": True}, subject_before(s, m.start(), ctx), m.span())]


def _counter_kind(named: str | None, ctx: Context) -> dict[str, Any]:
    """The kind of the counters an outcome counts (a fact, 122.1): the one named before カウンター; for a bare
    カウンター the one kind the example names, else the document's; ``{}`` (counters of any kind) when neither names
    one; ``{"kind": None}`` (not known) when the example names several."""
    if named:
        return {"kind": named}
    stated = set(P["counter_kind"].findall(ctx.joined))
    if stated:
        return {"kind": stated.pop() if len(stated) == 1 else None}
    doc = ctx.situation.get("counter_kind")
    return {"kind": doc} if doc else {}


@register("result", priority=90, needs=("破壊", "カウンター", "先に解決", "/", "ライフ"))
def find_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    outcome: dict[str, Any] = {}
    first = None
    # card text in quotes is not an outcome: its characters are masked (same length, so positions hold)
    plain = P["any_quote"].sub(lambda q: "「" + "＊" * (len(q.group(0)) - 2) + "」", s.norm)
    for m in P["destroyed"].finditer(plain):
        if m.group(0).endswith("できない") and not P["destroyed_limit"].search(m.group(0)):
            continue                     # '2体破壊できない': cannot destroy two, not 'two are destroyed'
        outcome["destroyed"] = int(m.group(1))
        first = first if first is not None else m.start()
    inside = clause_spans(plain)
    for m in P["counters"].finditer(plain):
        if m.group(0).endswith("置") and P["counters_negated"].match(plain[m.end():]):
            continue                     # 'カウンターは2個置かれない': a negated number is not the outcome
        if m.group(0).endswith("置") and P["counters_state_denied"].match(plain[m.end():]):
            continue                     # '…置かれた状態で戦場に出ない': the state of a denied entering
        if any(a <= m.start() < b for a, b in inside):
            continue                     # '-1/-1カウンターが2個置かれると、…': what happened first, not the outcome
        if m.group(0).endswith("置") and P["counters_condition"].match(plain[m.end():]):
            continue                     # the counters are the situation a later clause's outcome follows from
        outcome["counters"] = {"n": int(m.group(2)), **_counter_kind(m.group(1), ctx)}
        first = first if first is not None else m.start()
    m = P["order"].search(s.norm)
    if m:
        outcome["order"] = [_effect(p) for p in P["quoted"].findall(m.group(1))]
        first = first if first is not None else m.start()
    pts = list(P["pt"].finditer(plain))
    if pts and find_pt_story(s, si, ctx):
        pts = []                         # the P/T after effects stated in order: pt_layers' pt_after claims
    if pts:
        outcome["pt"] = f"{pts[-1].group(1)}/{pts[-1].group(2)}"
        first = first if first is not None else 0
    for m in P["life"].finditer(plain):
        if P["life_negated"].match(plain[m.end():]):
            continue                     # 'ライフを得ることはない': not gained
        life = outcome.setdefault("life", {})
        life["gain" if m.group(2) == "得る" else "lose"] = int(m.group(1))
        clause = s.norm[max(s.norm.rfind("、", 0, m.start()), s.norm.rfind("。", 0, m.start())) + 1:m.start()]
        if P["opponent_subject"].search(clause):
            life["player"] = "opponent"
        first = first if first is not None else m.start()
    if not outcome:
        return []
    sit = {k: ctx.situation[k] for k in ("actions", "extra_trigger", "events") if k in ctx.situation}
    subject = subject_before(s, first or 0, ctx)
    unread = [c for c in _unread_clauses(s, first or 0, ctx) if not _present(s, c, subject)]
    lead = plain[:first or 0]
    if _more_than_the_event(lead) and not any(_more_than_the_event(c) for c in unread):
        unread.append(lead.strip("、 "))   # the event words say more than the staged event (603.2, 403.1)
    if unread:              # 「《X》を怪物化したとき、…」: what happened first, not read, is never left out
        sit["unrepresented"] = unread
    # a condition read from the sentence that the result staging does not stage (「《X》が2点のダメージを与えると」,
    # the event lifelink's gain depends on, 702.15b): kept as a fact, so the claim is never judged without it
    read = [c for c in conditions(s.norm, first or 0).get("conditions") or [] if c.get("kind") not in ctx.situation]
    if read:
        sit["conditions"] = read
    cost = stated_cost(s.norm)
    if cost is not None:        # 「(2),(T),〔0〕を生け贄に捧げる:…」: the cost is a fact of the ability stated (602.1a)
        sit["cost"] = cost
    return [Found("result", sit, outcome, subject)]


# an activated ability written out (602.1a: cost, colon, effect) whose cost sacrifices a permanent: the mana and tap
# symbols before the sacrifice, as a wiki page writes them ((2), (T), (白)) or the card file ({2}, {T}, {W})
_COST_SYMBOL = r"[({](?:\d+|[TQXWUBRGC]|白|青|黒|赤|緑|◇)[)}]"
_STATED_COST = re.compile(r"(?:^|(?<=[\s「]))(?P<syms>(?:" + _COST_SYMBOL + r"\s*[,、]?\s*)+)"
                          r"[^:：。「」]*?生け?贄に捧げる\s*[:：]")
_JA_SYMBOL = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G", "◇": "C"}


def stated_cost(text: str) -> dict | None:
    """The mana and tap symbols of a written-out activated ability's cost that sacrifices a permanent
    (「(2),(T),〔0〕を生け贄に捧げる:あなたは3点のライフを得る。」 → {mana: ["2"], tap: true}), or None: which of the
    card's abilities the statement means is given by its cost (602.1a), so the cost is a fact the check compares."""
    m = _STATED_COST.search(text)
    if m is None:
        return None
    syms = [_JA_SYMBOL.get(x, x) for x in re.findall(r"[({]([^)}]+)[)}]", m.group("syms"))]
    return {"mana": sorted(x for x in syms if x not in ("T", "Q")), "tap": "T" in syms, "untap": "Q" in syms}


def _present(s: Sentence, clause: str, subject: str | None) -> bool:
    """「《X》がいると」: the clause only says the claim's own card is there (the result staging puts it there)."""
    m = P["present"].match(clause)
    return bool(m) and subject is not None and s.card(m.group(1)) == subject


# situation keys read from the example's words that the result staging stages (an additional trigger, what
# was removed before resolution, a target gone, devotion too low), with the pattern that reads each
_CONTEXT_READ = ("extra_trigger", "before_resolution", "target_illegal", "devotion_insufficient")


_EVENT_COUNT = re.compile(r"(?<![\d/+-])(\d+)\s*(?:体|枚|つ|個)")
_OTHER_ZONE_ENTERED = re.compile(r"(?:墓地|手札|追放領域|ライブラリー|スタック)に出")


def _more_than_the_event(text: str) -> bool:
    """An event clause that says how many objects (not one) or a zone other than the battlefield 'entered': the
    staged event is one object entering the battlefield (603.2, 403.1), so these words are facts it lacks."""
    m = _EVENT_COUNT.search(text)
    return bool(m and m.group(1) != "1") or bool(_OTHER_ZONE_ENTERED.search(text))


def _unread_clauses(s: Sentence, end: int, ctx: Context) -> list[str]:
    """The condition clauses before the outcome that say what happened first in words the example's events
    (event words, 'activated N times') do not carry: the outcome depends on them, so they are facts."""
    out = []
    for text in conditions(s.norm, end).get("unrepresented") or []:
        if _more_than_the_event(text):
            out.append(text)            # 「2体戦場に出るたび」「墓地に出るたび」: a count or a zone the event lacks
            continue
        if event_of(text) or "actions" in ctx.situation or any(
                k in ctx.situation and CONTEXT_PATTERNS[k].search(text) for k in _CONTEXT_READ):
            continue                    # what the example-wide situation reads and the result staging stages
        out.append(text)
    return out
