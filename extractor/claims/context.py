"""What the whole example says about the situation (board, events, cause, cast modes, counts, …), and
the helpers every claim family uses to read a statement's subject, event and objects."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from extractor.claims.registry import compile_patterns
from extractor.claims.sentences import MARK, Sentence
from extractor.lexicon import alternation, lexicon
from extractor.regex_need import needed_chars

LEX = lexicon()
_TYPE_RUN = "((?:" + "|".join(map(re.escape, LEX.type_run_words)) + r"|[・―ー\-–—]|--)+)"
_ABILITY = r"(?:[-+]?\d+)?(?:状態誘発型|再帰誘発型|遅延誘発型|誘発型|起動型)?能力"

PATTERNS = compile_patterns({
    "type_run": _TYPE_RUN,
    "spell_is": _TYPE_RUN + r"呪文(?:で(?:も)?(?:ある|あり|す)|となる|になる)",
    "count_of": r"(\d+)\s*(?:枚|体|つ|個)の〔(\d+)〕",
    "control": r"(対戦相手|あなた|自分)(?:が|は)?(?:しか)?((?:〔\d+〕(?:/[^、。〔]*?)?(?:と|、|および|及び)?)+)"
               r"(?:のみ|だけ)?を(?:コントロール)",
    "control_only": r"(あなた|自分|対戦相手)しか([^\s、。〔]+?)をコントロールしていない"
                    r"|(?:戦場に)?(あなた|自分|対戦相手)の([^\s、。〔]+?)しか(?:ない|存在しない|いない)",
    "put_onto": r"〔(\d+)〕を(?:戦場に)?出した",
    "opponent_puts": r"対戦相手が[^。〔]*$",
    "entered": r"〔(\d+)〕を(?:戦場に)?出した|〔(\d+)〕が戦場に出た(?:とき|時|際)?",
    "activations": r"(\d+)\s*回(?:目)?(?:連続で)?起動|(\d+)\s*回目以降",
    # "before the ability resolved, the artifacts you control were destroyed, leaving 2": what changed
    # between triggering and resolution (603.4 intervening-if examples); the count is the one the text states
    "before_resolution": r"解決(?:前|する前|より前)に、?([^。]*?)が(" + alternation(LEX.words("removals")) +
                         r")[さら]れ(?:て)?(?:(\d+)\s*(?:つ|体|枚|個)に(?:なった|なる|減った|減る))?",
    "yours": r"(?:あなた|自分)の(?:コントロールする)?",
    "opponents": r"対戦相手の(?:コントロールする)?",
    "target_illegal": r"対象が(?:不適正|無くな|なくな|不正)|不適正な対象",
    # (「信心が足りない時以外は」 is an exception, not the situation)
    "devotion_insufficient": r"(?:信心の数が(?:足り|少な)|信心が\s*\d+\s*未満|信心が(?:足りな|足りていな|不足))"
                             r"(?![^、。]{0,8}以外)",
    "on_stack": r"スタック(?:領域)?(?:で|上で|にある|上にある)",
    "extra_trigger": r"追加で(?:もう\d+回)?誘発",
    "active_player": r"アクティブ・プレイヤー",
    "cause": r"〔(\d+)〕(?:によって|により|で(?!は))",
    "counterspell_use": r"[^。、]*?(?:打ち消|対象に)",
    "ability_of": r"〔(\d+)〕の" + _ABILITY,
    "subject_tail": r"(?:/[^、。〔]*?)?",
    "topic_mark": r"(?:/[^、。〔]*?)?(?:は|が|の|も)",
    "subject_mark": r"(?:/[^、。〔]*?)?(?:は|が|も)",
    "by_cause": r"(?:/[^、。〔]*?)?(?:によって|により|の効果で|で(?!は))",
    "nth_resolution": r"(\d+)\s*つ目の(?:起動型能力の|能力の)?解決(?:では|で|時)",
    "quoted_trigger": r"「([^」]{4,80}?(?:たび|とき|時|場合)[^」]*)」",
    "quoted_holder": r"」という(?:誘発条件の)?能力を持(?:つ|った|っている)(" + alternation(
        [t.ja for t in LEX.card_types]) + ")",
    "negated_spell": r"では|じゃ",
    # a spell described by what it does (「誰かがすべての土地を破壊する呪文を唱えた」): its effect words, read by the
    # Japanese card grammar as a spell's text (kb.cards_ja) — the cause of the event when no card is named
    "described_spell": r"が、?(?P<eff>[^。「」〔が]{2,60}?する)呪文を(?:唱え|プレイし)",
})
_EVENTS = tuple((en, re.compile(alternation(ws))) for en, ws in LEX.sections["events"])
_MODES = tuple((en, re.compile(alternation(ws))) for en, ws in LEX.sections["cast_modes"])
# the characters each of them needs (extractor/regex_need.py): a sentence lacking one is not scanned
_EVENT_NEEDS = tuple(needed_chars(rx) for _en, rx in _EVENTS)
_MODE_NEEDS = tuple(needed_chars(rx) for _en, rx in _MODES)
_NEEDS = {k: needed_chars(PATTERNS[k]) for k in ("spell_is", "activations", "target_illegal", "devotion_insufficient",
                                                  "on_stack", "extra_trigger", "active_player")}

# situation facts read from the whole example that every claim of the example carries (when stated)
CONTEXT_KEYS = ("cause", "board", "events", "target_illegal", "devotion_insufficient", "zone", "actions",
                "symbols", "extra_trigger", "entered", "before_resolution", "cause_spell")
CAUSE_SPELL_KINDS = ("trigger_count", "no_trigger")       # the kinds that stage a described spell as the cause


@dataclass
class Context:
    """What the whole example says about the situation."""
    sentences: list[Sentence]
    cards: list[str]
    situation: dict[str, Any]
    counts: dict[str, int]
    modes: list[tuple[int, str]]          # (sentence index, mode)
    default_subject: str | None
    joined: str = ""                      # all normalised sentences, for example-wide searches
    ability_subject: str | None = None    # a card the example calls 'Xの能力'
    page_card: str | None = None          # the card whose own page this is (title = the card's name)
    page_title: str | None = None         # the title of the page (a rule's own page: レジェンド・ルール)
    preceding: str = ""                   # the text of the example / list item before this one (a terse item's context)


def event_of(phrase: str) -> str | None:
    for name, rx in _EVENTS:
        if rx.search(phrase):
            return name
    return None


def removal(s: Sentence, m: re.Match) -> dict[str, Any]:
    """What was removed before the ability resolved: {event, card | type, controller, remaining}."""
    phrase = m.group(1)
    out: dict[str, Any] = {"event": LEX.value("removals", m.group(2))}
    marks = list(MARK.finditer(phrase))
    if marks:
        out["card"] = s.card(marks[-1])
    else:
        word = LEX.object_type(phrase)
        if word:
            out["type"] = word
    if PATTERNS["yours"].search(phrase):
        out["controller"] = "you"
    elif PATTERNS["opponents"].search(phrase):
        out["controller"] = "opponent"
    if m.group(3):
        out["remaining"] = int(m.group(3))
    return out


def build_context(sentences: list[Sentence], ref_cards: list[str], page_card: str | None = None) -> Context:
    P = PATTERNS
    cards: list[str] = []
    for s in sentences:
        for c in s.cards:
            if c not in cards:
                cards.append(c)
    for c in ref_cards:
        if c not in cards:
            cards.append(c)
    sit: dict[str, Any] = {}
    counts: dict[str, int] = {}
    board: dict[str, list[str]] = {}
    events: list[str] = []
    spell_types: set[str] = set()
    modes: list[tuple[int, str]] = []
    for i, s in enumerate(sentences):
        n = s.norm
        marked, controls = "〔" in n, "コントロール" in n     # literal prechecks: skip patterns that cannot match
        chars = set(n)
        can = {k: need <= chars for k, need in _NEEDS.items()}
        for m in (P["count_of"].finditer(n) if marked else ()):
            counts[s.card(m.group(2)) or ""] = int(m.group(1))
        for m in (P["control"].finditer(n) if controls and marked else ()):
            who = "opponent" if m.group(1) == "対戦相手" else "you"
            board.setdefault(who, [])
            for mk in MARK.finditer(m.group(2)):           # 《X》と《Y》をコントロールしている
                if s.card(mk) not in board[who]:
                    board[who].append(s.card(mk))
        for m in (P["control_only"].finditer(n) if controls or "しか" in n else ()):
            whose, what = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            who = "opponent" if whose == "対戦相手" else "you"
            other = "you" if who == "opponent" else "opponent"
            board.setdefault(who, []).append(LEX.card_type(what) or what)
            board.setdefault(other, [])
        for m in (P["put_onto"].finditer(n) if marked else ()):
            who = "opponent" if P["opponent_puts"].search(n[:m.start()]) else "you"
            c = s.card(m)
            if c not in sum(board.values(), []):
                board.setdefault(who, []).append(c)
        for (name, rx), need in zip(_EVENTS, _EVENT_NEEDS):
            if name not in events and need <= chars and rx.search(n):
                events.append(name)
        for m in (P["spell_is"].finditer(n) if can["spell_is"] else ()):
            if not P["negated_spell"].match(n[m.end(1) + 2:m.end(1) + 4]):
                spell_types.update(LEX.types_in(m.group(1)))
        for (mode, rx), need in zip(_MODES, _MODE_NEEDS):
            if need <= chars and rx.search(n):
                modes.append((i, mode))
        m = P["activations"].search(n) if can["activations"] else None
        if m:
            sit["actions"] = {"activate": int(m.group(1) or m.group(2))}
        m = P["before_resolution"].search(n) if "解決" in n and "before_resolution" not in sit else None
        if m:
            sit["before_resolution"] = removal(s, m)
        for m in (P["entered"].finditer(n) if marked else ()):
            c = s.card(m.group(1) or m.group(2))
            if c and c not in sit.setdefault("entered", []):
                sit["entered"].append(c)
        if can["target_illegal"] and P["target_illegal"].search(n):
            sit["target_illegal"] = True
        if can["devotion_insufficient"] and P["devotion_insufficient"].search(n):
            sit["devotion_insufficient"] = True
        if can["on_stack"] and P["on_stack"].search(n) and "zone" not in sit:
            sit["zone"] = "stack"
        for symbols in LEX.all_in("mana_symbols", n):          # the last one stated wins
            sit["symbols"] = symbols
        if can["extra_trigger"] and P["extra_trigger"].search(n):
            sit["extra_trigger"] = True
        m = P["described_spell"].search(n) if "呪文" in n and "cause_spell" not in sit else None
        if m:
            sit["cause_spell"] = m.group("eff") + "。"
        if can["active_player"] and P["active_player"].search(n):
            sit["active_player"] = True
    if board:
        sit["board"] = {k: [x for x in v if x] for k, v in board.items()}
    if events:
        sit["events"] = events
    if spell_types:
        sit["spell_types"] = sorted(spell_types)
    cause = _cause(sentences)
    if cause:
        sit["cause"] = cause
        sit.pop("cause_spell", None)                # a named card is the cause
    ability = None
    for s in sentences:
        m = P["ability_of"].search(s.norm)
        if m:
            ability = s.card(m)
            break
    subject = ability or next((c for c in cards if c != cause), None) or page_card
    return Context(sentences, cards, sit, counts, modes, subject, " ".join(x.norm for x in sentences), ability,
                   page_card)


def _cause(sentences: list[Sentence]) -> str | None:
    """《急報》によって…: the card by which the event happened (not a counterspell: 《否認》で打ち消せる)."""
    for s in sentences:
        for m in PATTERNS["cause"].finditer(s.norm):
            if PATTERNS["counterspell_use"].match(s.norm[m.end():]):
                continue
            return s.card(m)
    return None


def subject_before(s: Sentence, pos: int, ctx: Context, strict: bool = False) -> str | None:
    """The card the statement is about: 'Xの能力' before ``pos``, else the last card marked as a topic or
    subject (は/が/の/も), else the example's subject.  ``strict`` (trigger claims): only a card the example
    calls 'Xの能力' — naming a card is not enough to say whose ability triggers."""
    head = s.norm[:pos]
    ms = list(PATTERNS["ability_of"].finditer(head))
    if ms:
        return s.card(ms[-1])
    # the last card marked as topic/subject; for trigger claims 'Xの' must be 'Xの能力' (above): 'Xの明滅処理中に'
    # does not make X the owner of what triggers
    mark = PATTERNS["subject_mark" if strict else "topic_mark"]
    ms = [m for m in MARK.finditer(head) if mark.match(head, m.end())]
    if ms:
        return s.card(ms[-1])
    # on a card's own page, 'this ability' / a bare 誘発する is that card's
    return (ctx.ability_subject or ctx.page_card) if strict else ctx.default_subject


def mode_for(ctx: Context, si: int) -> str | None:
    before = [m for i, m in ctx.modes if i <= si]
    if before:
        return before[-1]
    return ctx.modes[0][1] if ctx.modes else None


def first_event(ctx: Context) -> str | None:
    """The example's trigger event: the first event that is not just an effect (destroyed/exiled/…)."""
    ev = ctx.situation.get("events") or []
    events = [e for e in ev if e not in ("destroyed", "exiled", "sacrificed")] or ev
    return events[0] if events else None


def objects(s: Sentence, phrase: str, ctx: Context) -> list[dict[str, Any]]:
    """The objects a phrase names: its cards ({card, n}), else the first object word ({type})."""
    out = []
    for m in MARK.finditer(phrase):
        if PATTERNS["by_cause"].match(phrase[m.end():]):
            continue                                   # 《急報》によって出たクリーチャー: the cause, not the objects
        c = s.card(m)
        out.append({"card": c, **({"n": ctx.counts[c]} if c in ctx.counts else {})})
    if not out:
        word = LEX.object_type(phrase)
        if word:
            out.append({"type": word})
    return out


def counted_objects(ctx: Context) -> list[dict[str, Any]]:
    """The counted cards of the example other than its subject: '5枚の《山》' → [{card: Mountain, n: 5}]."""
    return [{"card": c, "n": n} for c, n in ctx.counts.items() if c and c != ctx.default_subject]


_COORDINATED = compile_patterns({"chain": r"(?:〔\d+〕(?:/[^、。〔]*?)?\s*(?:と|や|か|、|または|および|及び)\s*)+$"})["chain"]


def coordinated_before(s: Sentence, pos: int) -> list[str]:
    """Cards coordinated with the one at ``pos`` (「《A》と《B》なら…」: A for B at ``pos``), in text order:
    each gets its own claim."""
    m = _COORDINATED.search(s.norm[:pos])
    if not m:
        return []
    return [c for c in (s.card(mk) for mk in MARK.finditer(m.group(0))) if c]
