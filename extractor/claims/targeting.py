"""Spell and target claims: can_counter (and a counterspell's own wording), can_target, must_target,
can_cast.  CR 115 (targets), 115.5 (a spell cannot target itself), 601.2 (casting), 701.5 (counter),
702.103 (bestow: an Aura spell with a target)."""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.clauses import CONTRAST, coordinated
from extractor.claims.conditions import PATTERNS as COND, clause_spans, conditions, is_reason, merge
from extractor.claims.context import Context, coordinated_before, mode_for, subject_before
from extractor.claims.described import PATTERNS as DESC_PATTERNS, describe, lift_unstated
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_SPELL_TYPES = "(?:" + "|".join(re.escape(w) for w in LEX.type_run_words) + "|・)+"

PATTERNS = compile_patterns({
    "counter": r"〔(\d+)〕\s*(?:で|では|によって|によっては|でも|なら)(?:[^。〔]*?〔\d+〕を)?[^。〔]*?"
               r"打ち消(せる|せない|せず|せます|せません|すこと(?:が|は|も)?でき(?:る|ない|ず|ます|ません)"
               r"|される|されない)",
    # a clause of a chain: 'XはYを破壊することはできず、Yを打ち消すことはできず、…' (X, the topic, counters)
    "counter_clause": r"〔(\d+)〕(?:/[^、。〔]*?)?を(?:[^、。〔]*?)打ち消(せる|せない|せず"
                      r"|すこと(?:が|は|も)?でき(?:る|ない|ず))",
    "sentence_topic": r"^[^、。〔]*?〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)",
    "counter_topic": r"^[^、。〔]*?〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も|が)",
    "spell_or_end": r"\s*・?\s*(?:呪文)?$",
    "counter_described": r"^[^、。〔]*?〔\d+〕(?:/[^、。〔]*?)?(?:は|も|が)(?P<obj>[^、。〔]*?)(?:を|も)(?:[^、。〔]*?)打ち消"
                         r"(?P<form>せる|せない|せず|せます|せません|すこと(?:が|は|も)?でき(?:る|ない|ず|ます|ません))",
    "countered": r"〔(\d+)〕を(?:[^。〔]*?〔\d+〕(?:で|では|によって|でも))?[^。〔]*?打ち消",
    # 'XはYで打ち消せる': the spell as the topic, before the counterspell
    "countered_topic": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)[^。〔]*$",
    # the source: a card not followed by を (《X》を…対象に: X is what is targeted); an optional named target
    "target": r"〔(\d+)〕(?!\s*(?:/[^、。〔]*?)?を)\s*(?:で|では|は|によって)?"
              r"(?:[^。〔]*?〔(?P<t>\d+)〕(?:/[^、。〔]*?)?を)?[^。〔]*?対象に(?:取|と|選|す)?"
              r"(?P<form>れず|れない|れる|ることが?は?でき(?:る|ない|ず|ます|ません)|べない|べる"
              r"|ぶことが?は?でき(?:る|ない|ず)|できない|できる)",
    # what stands between the source and its named target and says nothing of the target (see _target_words)
    "source_particle": r"^(?:/[^、。〔]*?)?\s*(?:では|で|は|によって|の(?:効果|能力)(?:で|は)?)?[、\s]*",
    "cause_mark": r"〔\d+〕(?:/[^、。〔]*?)?\s*(?:では|でも|で|は|も|が|によって(?:は)?|なら)",
    "cast_clause": r"^(?:(?:対戦相手|相手|あなた|自分|プレイヤー)(?:が|は))?(?:〔(\d+)〕(?:/[^、。〔]*?)?)?"
                   r"(?:(?:を|^)(?:普通に|通常通り|マナ・コストを支払って|(?:クリーチャー・?)?呪文として)?"
                   r"(?P<mode>授与(?:コストを支払って|コストで|で|を使って|された状態で)|出来事(?:として|で|の側で))?唱え|が唱えられ|を(?:使|撃)(?:う|っ|つ)|をプレイし?)"
                   r"(?:た|る|ると|たら|れば|て)?"
                   r"(?:場合(?:でも|にも|には|に|は)?|とき(?:でも|に|は)?|時(?:でも|に|は)?|時点で|ら|と|ば|も)?$"
                   # or the spell on the stack (「《X》はスタック上にある時点で」「スタックにある間は」: 701.6a, as staged)
                   r"|^(?:〔(\d+)〕(?:/[^、。〔]*?)?(?:は|が|も))?スタック(?:上)?に(?:ある|いる)"
                   r"(?:時点で|間(?:に|は)?|場合(?:は|に)?|とき(?:は|に)?|うちは)$",
    "opponent_casts": r"(?:対戦相手|相手)(?:の|が(?:唱え(?:た|る|ている)?|コントロールする)?)",
    # 「打ち消されない呪文を対象にした場合でも」「《X》が打ち消されない呪文である場合」: what the uncounterable key stages
    # (101.2); not a negated one (「打ち消されない呪文でなければ」)
    "uncounterable_clause": r"打ち消されない(?:呪文|クリーチャー呪文)?(?:で(?:ある|あっ)|を対象に(?:した|する)|に対し)"
                            r"[^、。]*$",
    "negated_tail": r"(?:でなければ|でない|ではない|じゃない)",
    "reason_end": r"(?:ので|から)$",
    # 「《X》はクリーチャー呪文しか打ち消せないので」: what X counters only (a reason the claim's counterspell gives)
    # 「《X》は非クリーチャー呪文を打ち消すので」: what X counters (a reason the claim's counterspell gives; its topic X
    # may be read off the clause, as the sentence's: :data:`topic_before`)
    "reason_counters": r"(?:〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)[、\s]*)?(?P<non>非)?(?P<obj>[^、。〔]*?)"
                       r"(?:(?P<only>しか)打ち消せ(?:ない|ません)|を打ち消(?:す|せる|します|せます))(?:ので|から)",
    "topic_before": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)[、\s]*$",
    "lead_topic": r"^[^、。〔]*?(?:は|も)",
    "caster_topic": r"(?:自分|あなた)(?:は|も|が)\s*$|(?:自分|あなた)(?:は|も)(?=[^、。〔]*$)",
    "lead_filler": r"^(?:また|なお|ただし|つまり|例えば|たとえば|もし|仮に|[QA]\s*\d*\s*[:：.)]|[\[【(（]\s*[QA]\s*\d*\s*[\]】)）]|\s)+",
    "named_before": r"〔(\d+)〕(?:/[^、。〔]*?)?を(?P<own>(?:自分|あなた)の)?$",
    # who controls a named target, said right before it: the source's controller (自分が…) or the opponent
    "own_before": r"(?:自分|あなた)(?:が|の)(?:コントロール(?:する|している))?$",
    "theirs_before": r"(?:対戦相手|相手)(?:が|の)(?:コントロール(?:する|している))?$",
    "object_before": r"([^、。〔]*)を$",
    "object_in": r"([^、。〔]*)を対象に",
    "on_stack_card": r"スタック(?:上|にある)の?〔",
    "on_stack": r"スタック(?:上|にある)",
    "on_stack_of": r"スタック(?:上|にある)の?",
    "itself": r"(?:その呪文|それ)?自身$",
    "must_target": r"([^。、]*?)を対象に(?:選|と|取)[^。]*?(?:なくてはならない|なければならない|ねばならない|なくてはいけない)",
    "must_head": r"[はもが、]",
    "yours": r"(?:自分|あなた)の(?:コントロールする)?",
    "opponents": r"対戦相手の(?:コントロールする)?",
    "can_cast": r"唱え(?:ることは|ることが|ることも)?(でき(?:る|ない|ず|ます|ません)|られ(?:る|ない|ず)(?:ことを妨げない)?)",
    "quoted_cast": r"「[^」]*唱え[^」]*」",
    "unquoted_cast": r"」[^「]*唱え",
    "open_quote": r"「[^」]*$",
    "bestow_cast": r"授与(?:された状態で|で|コストを支払)",
    "normal_cast": r"クリーチャー・?呪文として|普通に|通常通り",
    "counter_text": r"^((?:" + _SPELL_TYPES + r"呪文\s*(?:1\s*つ)?(?:か|または|、)?)+)を対象と(?:する|し(?!ない|ません|ず))",
    "type_spell": "(" + _SPELL_TYPES + ")呪文",
    "type_spell_only": r"\s*" + _SPELL_TYPES + r"\s*呪文\s*",
    "counter_it": r"[、。]?\s*それを打ち消す",
    "spell_object": r"\s*・?\s*呪文(?:を|は|も)",
    "uncounterable": r"打ち消されない(?:呪文|クリーチャー呪文)",
    # the one card the example says is cast ('《X》などの神様を唱えた'): the spell a counter statement is about
    "cast_in_example": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:などの[^、。〔]{0,12}?)?を唱え(?:た|る|ました|ます)",
})
P = PATTERNS
_TARGET_KINDS = LEX.sections["topics"]         # words for "a card of this kind" the cross-check reads as a set


def _stated(sit: dict[str, Any], ctx: Context) -> None:
    for k in ("spell_types", "zone"):
        if k in ctx.situation:
            sit[k] = ctx.situation[k]


@register("can_counter", "all_of", priority=40, needs=("打ち消",))
def find_can_counter(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["counter"].finditer(s.norm):
        counter = s.card(m)
        form = m.group(2)
        can = not NEG.search(form) and form != "されない"
        m2 = P["countered"].search(s.norm) or P["countered_topic"].search(s.norm[:m.start()])
        spell = s.card(m2) if m2 else None
        if spell is None:                 # 「プロテクション(青)のクリーチャー呪文を」: a described spell
            d = next((describe(s.norm, h) for h in DESC_PATTERNS["head"].finditer(s.norm[:m.end()])
                      if P["spell_object"].match(s.norm, h.end())), None)
            spell = d or cast_in_example(ctx)
        for c in [*coordinated_before(s, m.start()), counter]:     # 《A》と《B》なら打ち消せる: one claim each
            sit = {"spell": spell if spell != counter and spell != c else None, "mode": mode_for(ctx, si),
                   "counter": c}
            _stated(sit, ctx)
            if P["uncounterable"].search(s.norm[:m.start()]):
                sit["uncounterable"] = True
            if m2 and sit["spell"] is not None:
                _spell_words(s.norm, m2.start(1), sit)
            out.append(_with_only(_clauses(s, m.start(), sit, m), Found("can_counter", sit, {"can": can}, c, m.span())))
    topic = P["sentence_topic"].search(s.norm)
    ctopic = P["counter_topic"].search(s.norm)
    for m in (P["counter_described"].finditer(s.norm) if ctopic else ()):
        # 'Xはクリーチャー呪文を打ち消せない' / 'Xがアーティファクト・クリーチャーを打ち消せる': the topic X counters a
        # spell described by its type alone (701.5, 115.1) — 'クリーチャーでない呪文' is not such a description
        if any(f.span and f.span[0] <= m.start() < f.span[1] for f in out):
            continue
        obj = m.group("obj")
        heads = list(DESC_PATTERNS["head"].finditer(obj))
        d = describe(obj, heads[-1]) if heads and P["spell_or_end"].match(obj, heads[-1].end()) else None
        if not d and P["type_spell_only"].fullmatch(obj):
            # 「インスタント呪文」「アーティファクト・クリーチャー呪文」: a spell described by its card types alone
            # (an instant or a sorcery is no permanent, so no object head reads it; 304.1, 307.1, 701.6)
            d = {"desc": {"types": LEX.types_in(obj)}}
        if not d:
            continue
        sit = {"spell": d, "mode": mode_for(ctx, si), "counter": s.card(ctopic.group(1))}
        _stated(sit, ctx)
        out.append(Found("can_counter", sit, {"can": not NEG.search(m.group("form"))}, sit["counter"], m.span()))
    for m in (P["counter_clause"].finditer(s.norm) if topic else ()):
        if any(f.span and f.span[0] <= m.start() < f.span[1] for f in out):
            continue                      # read by the pattern above
        counter, spell = s.card(topic.group(1)), s.card(m.group(1))
        if counter == spell:
            continue
        sit = {"spell": spell, "mode": mode_for(ctx, si), "counter": counter}
        _stated(sit, ctx)
        _spell_words(s.norm, m.start(1), sit)
        out.append(_with_only(_clauses(s, m.start(), sit, m),
                              Found("can_counter", sit, {"can": not NEG.search(m.group(2))}, counter, m.span())))
    return out


def _read_here(text: str) -> bool:
    """A coordinated predicate this module reads as a claim of its own (countering, targeting, casting)."""
    return any(P[k].search(text) for k in ("counter", "counter_clause", "countered", "target", "can_cast",
                                           "reason_counters")) or "打ち消" in text


def _clauses(s: Sentence, end: int, sit: dict[str, Any], m: re.Match | None = None) -> list[tuple[list[str], bool]] | None:
    """The condition clauses before the claim's words (「《X》が呪禁を持つ場合、」「《X》が手札にある場合、」): facts
    these kinds do not stage (115.4 a target on the battlefield, 702.11b hexproof; 701.6a a spell on the stack) —
    kept unrepresented so the claim is not decided without them, never dropped (issue 20).  Read: the claim's own
    spell being cast (「《X》を唱えた場合、」「《X》を授与で唱えた場合、」: 601.2, what the scenario stages, with its mode).
    A reason clause (〜ので／〜から) is a stated fact, never dropped: what the spell is (「クリーチャー呪文なので」, of
    the claim's spell or the card it names: a condition {kind: is} checked against the card, 109.3), or what the
    claim's counterspell counters only (「《X》はクリーチャー呪文しか打ち消せないので」: returned, the types — the
    caller reads it as a statement of its own, 701.5; :func:`_reason_parts`), else unrepresented.  ``m``: the
    claim's own verb — a predicate coordinated with it (「…打ち消せるが、《X》は…できる」) is a statement of its own
    (:func:`extractor.claims.clauses.coordinated`): read here, else unrepresented."""
    norm = s.norm
    if m is not None:
        merge(sit, coordinated(s, m, _read_here, pattern=CONTRAST)[1])
    only: list[tuple[list[str], bool]] | None = None
    if conditions(norm, end):             # (a clause that is only a hedge reads as nothing)
        own = {sit.get("spell"), sit.get("source"), sit.get("counter")} - {None}
        words = []
        for a, b in clause_spans(norm[:end]):
            w = norm[a:b].strip("、 ")
            if COND["hedge_only"].match(COND["marker_tail"].sub("", w)) or COND["hedge_only"].match(w):
                continue
            if P["reason_end"].search(w):
                fact = is_reason(w)
                card = (s.card(MARK.fullmatch(fact["card"])) if fact.get("card") else sit.get("spell")) \
                    if fact else None
                if fact and isinstance(card, str):
                    merge(sit, {"conditions": [{**fact, "card": card}]})
                    continue
                if fact and not fact.get("card") and _staged_spell_is(fact, sit):
                    continue
                o = P["reason_counters"].fullmatch(w)
                t = o and (o.group(1) or ((tb := P["topic_before"].search(norm[:a])) and tb.group(1)))
                if o and t and s.card(t) == sit.get("counter") and (part := _reason_parts(o)):
                    only = [*(only or []), *part]
                    continue
                words.append(w)
                continue
            if (c := P["cast_clause"].match(w)) and _own_cast(s, c, own, sit):
                continue
            if sit.get("uncounterable") and P["uncounterable_clause"].search(w) and not P["negated_tail"].search(w):
                continue
            words.append(w)
        if words:
            merge(sit, {"unrepresented": words})
    return only


# a spell of each main card type (304, 307, 302, 301, 303): the spells a reason's 「Tしか」「非T」 speaks of, one of each
_WITNESSES = ("Instant", "Sorcery", "Creature", "Artifact", "Enchantment")


def _reason_parts(o: re.Match) -> list[tuple[list[str], bool]] | None:
    """What a reason says its counterspell counters (:data:`PATTERNS` ``reason_counters``), as (spell types, can)
    pairs: 「Tしか打ち消せない」 — a T spell, and not a spell of each other main type (the 'only'); 「非T呪文を打ち消す」
    — a spell of each main type but T; 「T呪文を打ち消す」 — a T spell (701.5, 115.1).  None when the words are no
    spell described by its types alone."""
    obj = o.group("obj")
    types = LEX.types_in(obj)
    if not types or not P["type_spell_only"].fullmatch(obj) or (o.group("non") and o.group("only")):
        return None
    others = [([w], not o.group("only")) for w in _WITNESSES if w not in types]
    if o.group("non"):
        return others
    return [(types, True), *(others if o.group("only") else [])]


def _staged_spell_is(fact: dict[str, Any], sit: dict[str, Any]) -> bool:
    """A reason stating what the claim's unnamed spell is (「クリーチャー呪文であるので」) that the spell staged is: the
    types the example states of it (``spell_types``, the cards chosen have them) or of its description, or — cast
    with bestow — an Aura enchantment spell (702.103b).  Colours are no such staged fact."""
    if fact.get("colors") or sit.get("spell") is not None and not isinstance(sit.get("spell"), dict):
        return False
    if sit.get("mode") == "bestow":
        have = {"Enchantment", "Aura"}
    elif isinstance(sit.get("spell"), dict):
        have = set((sit["spell"].get("desc") or {}).get("types") or ())
    else:
        have = set(sit.get("spell_types") or ())
    return bool(fact.get("types")) and set(fact["types"]) <= have


def _with_only(reason: list[tuple[list[str], bool]] | None, found: Found) -> Found:
    """The claim, or — when its reason says what its counterspell counters (「《X》はクリーチャー呪文しか打ち消せない
    ので、《Y》を打ち消すことはできない」「《X》は非クリーチャー呪文を打ち消すので、《Y》を打ち消せる」, :func:`_clauses`) —
    one statement of all (``all_of``): X counters, or not, a spell of each type the reason speaks of (701.5, 115.1)
    and the claim itself; a false reason makes the statement false, never riding on a true claim."""
    if not reason:
        return found
    sit = found.situation
    parts = [{"kind": "can_counter", "situation": {"spell": {"desc": {"types": types}}, "mode": sit.get("mode"),
                                                   "counter": sit.get("counter")},
              "outcome": {"can": can}, "subject": sit.get("counter")} for types, can in reason]
    parts.append({"kind": found.kind, "situation": sit, "outcome": found.outcome, "subject": found.subject})
    return Found("all_of", {"parts": parts}, {"holds": True}, None, found.span)


def _own_cast(s: Sentence, c: re.Match, own: set, sit: dict[str, Any]) -> bool:
    """Whether a :data:`PATTERNS` ``cast_clause`` match states only what the claim stages: its own spell (the card
    named, or no card: the claim's, whichever it stages) cast — in the claim's mode, when the clause names one — or on the stack."""
    mark = c.group(1) or c.group(3)
    if mark is not None and s.card(mark) not in own:
        return False
    return bool(sit.get("mode")) or not c.group("mode")


def _spell_words(norm: str, at: int, sit: dict[str, Any]) -> None:
    """The words modifying the named spell right before its card mark (``at``: the mark's number), in its own
    clause after the counterspell or the topic (「《対抗呪文》は対戦相手の《X》を」「手札の《X》を」): a fact of the
    spell the claim does not stage (701.6a: a spell is countered on the stack; 「スタック上の」 is where it is) —
    kept unrepresented, never dropped (issue 20)."""
    t = norm.rfind("〔", 0, at)
    words = re.split(r"[、。]", norm[:t])[-1]
    words = re.split(P["cause_mark"], words)[-1]
    words = P["lead_filler"].sub("", P["lead_topic"].sub("", P["on_stack_of"].sub("", words))).strip()
    if words and not P["opponent_casts"].fullmatch(words):
        # (「対戦相手の《X》」「対戦相手が《X》を唱え…」: the opponent casts the spell, as staged — 701.6)
        sit["unrepresented"] = [words]


def cast_in_example(ctx: Context) -> str | None:
    """The one card the example says is cast (「《X》などの神様を唱えた。…打ち消せるのはどれ?」), else None."""
    cast = {x.card(m) for x in ctx.sentences for m in P["cast_in_example"].finditer(x.norm)}
    cast.discard(None)
    return cast.pop() if len(cast) == 1 else None


def _target_kind(phrase: str) -> str | None:
    return next((en for en, words in _TARGET_KINDS if any(w in phrase for w in words)), None)


@register("can_target", priority=50, needs=("対象に",))
def find_can_target(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["target"].finditer(s.norm):
        source = s.card(m)
        can = not NEG.search(m.group("form"))
        before = P["named_before"].search(s.norm[:m.start()])           # 《神》を《否認》の対象に
        named = s.card(m.group("t")) if m.group("t") else (s.card(before.group(1)) if before else None)
        sit = {"source": source, "target": named, "mode": mode_for(ctx, si)}
        whose = _target_controller(s.norm, m, before)
        if whose:
            sit["target_controller"] = whose
        _stated(sit, ctx)
        # 'スタック上の神を《否認》の対象に取ることはできず' / '《対抗呪文》は…その呪文自身を対象に…': what is
        # targeted, where
        obj = P["object_before"].search(s.norm[:m.start()]) or P["object_in"].search(s.norm[m.end(1) + 1:m.end()])
        if P["on_stack_card"].search(s.norm[m.start():m.end()]):
            sit["zone"] = "stack"                              # 《否認》はスタック上の《神》を対象に
        if obj:
            phrase = obj.group(1)
            if P["on_stack"].search(phrase):
                sit["zone"] = "stack"
            if P["itself"].search(phrase):
                sit["target"] = source                         # 'cannot target itself' (CR 115.5)
            kind = _target_kind(phrase)
            if kind:
                sit["target_kind"] = kind
        words = _target_words(s.norm, m, before)
        if words:
            sit["unrepresented"] = [words]
        _clauses(s, before.start() if before else m.start(), sit)
        out.append(Found("can_target", sit, {"can": can}, source, m.span()))
    return out


def _target_words(norm: str, m: re.Match, before: re.Match | None) -> str | None:
    """The words modifying the named target right before its card mark, in its own clause (「《稲妻》は呪禁を持つ
    《X》を」「タップ状態の《X》を《稲妻》の対象に」) that no key of the claim stages — whose it is
    (:func:`_target_controller`) and where (スタック上の, 115.1) are read; any other word states a fact of the
    target (702.11b hexproof, 702.16b protection, 115.4 a target on the battlefield), kept unrepresented so the
    claim is not decided without it, never dropped (issue 20)."""
    if m.group("t"):
        t = norm.rfind("〔", 0, m.start("t"))
        words = P["source_particle"].sub("", norm[m.end(1) + 1:t])
    elif before is not None:
        t = norm.rfind("〔", 0, before.start(1))
        lead = re.split(r"[、。]", norm[:t])[-1]
        words = P["lead_topic"].sub("", lead)
        caster = P["caster_topic"].search(lead)
        if caster and not before.group("own"):
            # 「自分は《X》を《Y》の対象にできない」: who casts is said, whose X is not — the scenario stages the
            # target on the other side (702.11b hexproof depends on it): kept, never dropped with the topic
            words = caster.group(0) + words
    else:
        return None
    for name in ("own_before", "theirs_before", "on_stack_of"):
        words = P[name].sub("", words)
    words = P["lead_filler"].sub("", words).strip()
    return words or None


def _target_controller(norm: str, m: re.Match, before: re.Match | None) -> str | None:
    """Who controls the named target, as the sentence says: "source" (「自分がコントロールする《X》を」: the
    source's controller), "opponent" (「対戦相手の《X》を」), "either" (「《X》を自分の《Y》の対象に」: the spell is
    yours, whose X is is not said — each is a reading; hexproof 702.11b depends on it), else None (the
    target on the other side, as before)."""
    t = m.start("t") if m.group("t") else (before.start(1) if before else None)
    if t is None:
        return None
    t = norm.rfind("〔", 0, t)                       # the card mark's own start
    ahead = norm[:t]
    if P["own_before"].search(ahead):
        return "source"
    if P["theirs_before"].search(ahead):
        return "opponent"
    return "either" if before is not None and before.group("own") else None


@register("must_target", priority=100, needs=("対象に",))
def find_must_target(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["must_target"].search(s.norm)
    if not m:
        return []
    phrase = P["must_head"].split(m.group(1))[-1]
    controller = None
    mk = MARK.search(phrase)
    if mk:
        target = s.card(mk)
    else:
        word = LEX.object_type(phrase) or phrase
        if P["yours"].search(phrase):
            target, controller = f"own {word}", "you"
        elif P["opponents"].search(phrase):
            target, controller = f"opponent's {word}", "opponent"
        else:
            target = word
    sit = {"source": subject_before(s, len(s.norm), ctx)}
    if "board" in ctx.situation:
        sit["board"] = ctx.situation["board"]
    return [Found("must_target", sit, {"target": target, "controller": controller}, sit["source"], m.span())]


@register("can_cast", priority=140, needs=("唱え",))
def find_can_cast(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Whether a spell may be cast (in a mode): 唱えることはできるが、授与された状態で唱えることはできない."""
    out: list[Found] = []
    if "「" in s.norm and P["quoted_cast"].search(s.norm) and not P["unquoted_cast"].search(s.norm):
        return out                                   # only quoted card text talks about casting
    prev = 0
    library = alternation(LEX.words("zones", "library"))
    for m in P["can_cast"].finditer(s.norm):
        if P["open_quote"].search(s.norm[:m.start()]):
            continue                                 # inside quoted card text
        clause = s.norm[max(prev, s.norm.rfind("、", 0, m.start()) + 1):m.end()]
        prev = m.end()
        form = m.group(1)
        can = form.endswith("妨げない") or not NEG.search(form)
        mode = ("bestow" if P["bestow_cast"].search(clause)
                else "normal" if P["normal_cast"].search(clause) else mode_for(ctx, si))
        sit: dict[str, Any] = {"mode": mode}
        if re.search(library, s.norm):
            sit["zone"] = "library"
        heads = [h for h in DESC_PATTERNS["head"].finditer(clause) if re.match(r"\s*(?:は|も|が|を)", clause[h.end():])]
        if heads:                  # 「授与を持たないクリーチャーは…唱えられない」: the described card (its unread words kept)
            d = describe(clause, heads[0])
            if d:
                sit["spell"] = d
                lift_unstated(sit)
        out.append(Found("can_cast", sit, {"can": can}, ctx.default_subject, m.span()))
    return out


@register("can_counter", priority=150, needs=("対象と",))
def find_counter_text(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A counterspell's own wording on its card's page ("クリーチャー呪文1つを対象とする。それを打ち消す。"):
    the page's card can counter a spell of each stated type (one claim per alternative)."""
    if not ctx.page_card or s.cards:
        return []
    m = P["counter_text"].match(s.norm)
    if not m:
        return []
    rest = s.norm[m.end():]
    nxt = ctx.sentences[si + 1].norm if si + 1 < len(ctx.sentences) else ""
    if not (P["counter_it"].match(rest) or nxt.startswith("それを打ち消す")):
        return []
    out: list[Found] = []
    for t in P["type_spell"].findall(m.group(1)):
        sit = {"spell": None, "mode": None, "counter": ctx.page_card, "spell_types": LEX.types_in(t)}
        out.append(Found("can_counter", sit, {"can": True}, ctx.page_card, m.span()))
    return out
