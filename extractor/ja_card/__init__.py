"""The Japanese card grammar: a face's printed Japanese text (MTGJSON foreignData) → the same parsed lines the
English Oracle grammar (engine/oracle/lines.py) gives, ``[(kind, symbolic value, line)]``, or the first clause that
failed.  Sub-grammars: objects.py (objects and players), events.py (events, trigger conditions, conditions),
effects.py (actions), library.py (dig, search), quantities.py, lines.py (costs, keywords, statics, routing); tokens.py and base.py read the text
as Sudachi tokens.  The extractor never imports the engine (docs/design.md): kb.cards_ja lowers these values with the
Oracle compiler's own binder (engine.oracle.compile.assemble).

``parse_face(face) -> ParsedFace``."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tokens import JaTextError, normalise_lines

SPELL_TYPES = {"Instant", "Sorcery"}
_ABILITY_WORD = re.compile(r"^([^\s—、。「」()•:]{1,10})—(?!.*選ぶ)")
# a modal head's ability word (上陸—土地が…たび、以下から1つを選ぶ。 with • modes): the modes follow, so its 選ぶ is the
# modal choice itself
_MODAL_ABILITY_WORD = re.compile(r"^([^\s—、。「」()•:]{1,10})—")


@dataclass
class ParsedFace:
    name: str
    text: str
    parsed: list = field(default_factory=list)      # [(kind, value, line)]
    failure: str | None = None                      # the first failing clause (None: every line parsed)
    failed_line: str | None = None


def japanese(face: dict) -> dict | None:
    return next((fd for fd in face.get("foreignData") or [] if fd.get("language") == "Japanese"), None)


def _self_names(face: dict, jp: dict) -> list[str]:
    out = []
    for n in (jp.get("faceName"), jp.get("name")):
        if n:
            out.extend(p.strip() for p in n.split("//"))
            if "、" in n:
                out.append(n.split("、")[-1].strip())
    return [n for n in out if len(n) >= 2]


_QUOTED_MODES = re.compile(r"^(.*選ぶ。)((?:「[^「」]+」)+)$")
_KEYWORD_PARAM = re.compile(r"^((?:エンチャント|プロテクション)\([^()]{1,30}\))(?=[^、,])(.+)$")


def _split_run_on(line: str) -> list[str]:
    """Older printings run abilities together on one line (…ブロックされない。フラッシュバック {U}, …戦場に出る。{T}：…):
    after a 。 outside quotes, a keyword with its cost or an activated ability's cost (…：) starts a new ability (113.2)."""
    from .vocab import COST_KEYWORDS
    out, start = [], 0
    for i, ch in enumerate(line):
        if ch != "。" or line[:i].count("「") != line[:i].count("」"):
            continue
        nxt = line[i + 1:].lstrip()
        head = nxt.split("。")[0]
        if any(nxt.startswith(k) and nxt[len(k):].lstrip().startswith("{") for k in COST_KEYWORDS) or \
                (nxt.startswith("{") and "：" in head.replace(":", "：") and "「" not in head):
            out.append(line[start:i + 1])
            start = i + 1
    return out + [line[start:].strip()]


def _group(lines: list[str]) -> list[tuple[str, list[str] | None]]:
    """A line followed by • lines is a modal head with its modes (700.2); older printings give the modes in 「」
    after the head (以下の2つから1つを選ぶ。「…」「…」).  A keyword with its parameter printed in front of the next
    ability (エンチャント（クリーチャー）エンチャントされている…) is a line of its own."""
    out: list = []
    for line in (part for whole in lines for part in _split_run_on(whole)):
        k = _KEYWORD_PARAM.match(line)
        if k:
            out.append((k.group(1), None))
            line = k.group(2)
        q = _QUOTED_MODES.match(line)
        if q:
            out.append((q.group(1), re.findall(r"「([^「」]+)」", q.group(2))))
            continue
        if line.startswith("•") and out:
            if out[-1][1] is None:
                out[-1] = (out[-1][0], [])
            out[-1][1].append(line)
        else:
            out.append((line, None))
    return out


# a line that is a bare type line (土地, インスタント, …) never is an ability: on a modal double-faced card's printed
# front it starts the back face's text (712.1, 712.8a: the front face has only its own characteristics)
_TYPE_LINE = re.compile(r"^(?:伝説の)?(?:土地|インスタント|ソーサリー|エンチャント|アーティファクト|クリーチャー)$")


_MANA_COST_LINE = re.compile(r"^(?:\{[^{}\s]{1,5}\})+$")


def _faces(lines: list[str], spell_face: bool) -> list[tuple[list[str], bool, bool]]:
    """[(lines, spell face?, kept?)]: the face's own lines, then any back face's (after its type line and mana cost),
    which must parse too — a card whose back text is unreadable is not supported — but are not the front's behaviour."""
    cut = next((i for i, line in enumerate(lines) if i and _TYPE_LINE.match(line.strip())), len(lines))
    out = [(lines[:cut], spell_face, True)]
    if cut < len(lines):
        back = lines[cut + 1:]
        if back and _MANA_COST_LINE.match(back[0].strip()):
            back = back[1:]
        out.append((back, lines[cut].strip() in ("インスタント", "ソーサリー"), False))
    return out


def _glued_keywords(line: str, keywords) -> tuple[str, str] | None:
    """Some printed texts run a keyword line into the next ability with no break (飛行~が攻撃するたび、…,
    トランプル~は…): (the keywords, the ability) when the line starts with keyword names directly followed by more
    text.  Only tried when the whole line failed, and kept only when both halves parse (702.1: keywords are
    abilities of their own)."""
    names = "|".join(re.escape(k) for k in sorted(keywords, key=len, reverse=True))
    m = re.match(rf"^((?:{names})(?:[、,](?:{names}))*)(?![、,(])(.+)$", line)
    return (m.group(1), m.group(2)) if m else None


# a sentence that starts so continues the ability before it as a delayed trigger (603.7), never an ability of its own
_DELAYED_STARTS = ("ターン終了時に", "戦闘終了時に", "次の")


def _run_together(line: str, spell_face: bool, depth: int = 0) -> list | None:
    """A line that failed as one ability, read as abilities printed without their line break (113.2): keywords run
    into the next ability (飛行~が攻撃するたび、…), or a sentence followed by a keyword, trigger or activated ability
    (…戦場に出る。~が戦場に出たとき、…。不死).  [(kind, value, part)] when every part parses, else None."""
    from .lines import Failure, parse_line
    from .vocab import SIMPLE_KEYWORDS
    glued = _glued_keywords(line, SIMPLE_KEYWORDS)
    cuts = [glued] if glued else []
    if not spell_face and depth < 3:
        cuts += [(line[:i + 1], line[i + 1:]) for i, ch in enumerate(line)
                 if ch == "。" and line[i + 1:].strip() and line[:i].count("「") == line[:i].count("」")]
    for head, tail in cuts:
        try:
            first = (*parse_line(head, spell_face), head)
        except Failure:
            continue
        if glued and (head, tail) == glued and first[0] != "keywords":
            continue
        try:
            rest = [(*parse_line(tail, spell_face), tail)]
        except Failure:
            rest = _run_together(tail, spell_face, depth + 1)
        if rest and (first[0] != "spell" and rest[0][0] in ("keywords", "trigger", "activated") and
                     not tail.startswith(_DELAYED_STARTS) or (head, tail) == glued):
            return [first] + rest
    return None


def parse_face(face: dict) -> ParsedFace:
    from .lines import Failure, parse_line
    from .vocab import COST_KEYWORDS, NUMBER_KEYWORDS, SIMPLE_KEYWORDS
    jp = japanese(face) or {}
    name = face.get("faceName") or face.get("name") or "?"
    text = jp.get("text") or ""
    out = ParsedFace(name, text)
    try:
        lines = normalise_lines(text, _self_names(face, jp))
    except JaTextError as e:
        out.failure = f"text: {e}"
        return out
    keywords = set(SIMPLE_KEYWORDS) | set(COST_KEYWORDS) | set(NUMBER_KEYWORDS) | {"待機", "脱出"}
    for chunk, spell_face, kept in _faces(lines, bool(set(face.get("types") or []) & SPELL_TYPES)):
        for line, modes in _group(chunk):
            m = (_ABILITY_WORD if modes is None else _MODAL_ABILITY_WORD).match(line)
            if m and "選ぶ" not in m.group(1) and not any(k in m.group(1) for k in keywords):
                line = line[m.end():]          # an ability word has no rules meaning (207.2c)
            try:
                kind, val = parse_line(line, spell_face, modes)
            except Failure as f:
                parts = _run_together(line, spell_face) if modes is None else None
                if parts is None:
                    out.failure, out.failed_line = f.reason, line
                    return out
                if kept:
                    out.parsed.extend(parts)
                continue
            except RecursionError:
                out.failure, out.failed_line = "text: nested too deeply to read", line
                return out
            if kept:
                out.parsed.append((kind, val, line))
    if "Aura" in (face.get("subtypes") or []) and not any(k == "keywords" and "enchant" in v for k, v, _l in out.parsed):
        # older Auras print their enchant restriction in the type line (エンチャント（クリーチャー）), not the text
        out.failure, out.failed_line = "text: an Aura whose text has no enchant line", None
    return out


def parse_trigger_condition(text: str) -> dict | None:
    """A quoted trigger condition alone (「…が戦場を離れたとき、」, 「…たび」: a ruling names an ability by its
    condition, 603.1) → the trigger-head value, or None when the text is anything more or less than one."""
    from .base import parse_or_fail_at
    from .events import TRIGGER_HEAD
    from .tokens import token_string
    try:
        lines = normalise_lines(text, [])
    except JaTextError:
        return None
    if len(lines) != 1:
        return None
    toks = token_string(lines[0]).rstrip(" 、")
    if not toks.endswith(("時", "とき", "時 に", "たび", "度")):
        return None
    return parse_or_fail_at(TRIGGER_HEAD, toks)[0]
