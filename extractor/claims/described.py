"""Objects described instead of named (「3点のダメージを受けている5/5破壊不能のクリーチャー」, 「クリーチャーA」,
「3/3の人間」, 「プロテクション(白)のクリーチャー」, 「飛行を持つクリーチャー」, 「トークン」, 「伝説のパーマネント」).

:func:`describe` reads the noun phrase that ends at a head word (a card type, a creature type, トークン) into a
*description* ``{"desc": {...}}`` holding only what the phrase states (keys per docs/design.md, "Described
objects"): the cross-check builds a stand-in with exactly those characteristics.  An object phrase is read by the
card grammar's object sub-grammar (extractor.ja_card.described); what that grammar has no key for (marked damage,
protection, ability words, numbered keywords) by the patterns here, whose words come from the lexicon (sections
card_types, keyword_abilities, protections, subtypes, supertypes, colours).
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.registry import compile_patterns
from extractor.ja_card.described import describe_object
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_TYPE_HEADS = tuple(t.ja for t in LEX.card_types if t.object)
_SUBTYPE_HEADS = LEX.words("subtypes")
HEAD = "(" + alternation(_TYPE_HEADS + _SUBTYPE_HEADS + ("トークン",)) + r")(?:\s*([A-Z])(?![A-Za-z]))?"
_KEYWORDS = alternation(LEX.words("keyword_abilities"))
_COLOURS = alternation(LEX.words("colours"))
_ABILITY_WORDS = alternation(LEX.words("ability_words"))

PATTERNS = compile_patterns({
    "head": HEAD,
    # a phrase starts after a clause boundary, a card marker or a topic / subject particle
    # (「タフネスが4の」: its が is the relative clause's, not a boundary — the phrase keeps what no key reads)
    "boundary": r".*(?:[、,。〕」]|(?<=[^\s])(?:は|(?<!パワー)(?<!タフネス)が|に|も|、)(?=[^\s]))",
    "means": r"\s*(?:で|によって|により|を使って)(?!\s*[はもの])",
    "hard_boundary": r".*(?:[、,。〕」]|(?<=[^\s])(?:は|(?<!パワー)(?<!タフネス)が|、)(?=[^\s]))",
    "damage": r"(\d+)\s*点(?:の)?(?:戦闘)?ダメージ(?:を|が)(?:受けている|負っている|受けた|与えられた|与えられている"
              r"|蓄積している|乗っている)",
    "pt": r"(?<![+\-\d])(\d+)/(\d+)(?![\d])",
    # a numbered keyword states its number ('加虐1を持つクリーチャー', CR 702.130 afflict N)
    "keyword": "(" + _KEYWORDS + r")(?:\s*(\d+)(?![\d/体枚つ点個]))?(?:能力)?(?:(?:を|の)両方(?:を)?持(?:つ|った)|を持つ|を持った|持ちの|の"
               r"|(?=[^、。]*?(?:" + HEAD + ")))",
    "keyword_negated": r"持たない|持っていない|を失った",
    "ability_word": "(" + _ABILITY_WORDS + r")(?:能力)?(?:を持つ|を持った|持ちの|の)(?=[^、。]*?(?:" + HEAD + "))",
    "ability_word_any": "(?:" + _ABILITY_WORDS + r")(?:能力)?(?:を持つ|を持った|持ちの|の)",
    "protection": r"プロテクション\s*[(（]([^)）]{1,20})[)）]",
    "colour": r"(?<![(（])(" + _COLOURS + r")(?:の|い)(?=[^、。]*$)",
    "counters": r"([+-]\d+/[+-]\d+)カウンター(?:が|を)?(\d+)\s*個",
    # 「無色の」: no colour (105.2c) — a stand-in has only its stated colours, so none
    "colourless": r"無色(?:の)?",
    "yours": r"(?:あなた|自分)(?:が|の)(?:コントロールする)?",
    "opponents": r"対戦相手(?:が|の)(?:コントロールする)?",
    "token": r"トークン",
    "supertype": alternation(LEX.words("supertypes")),
    "keyword_any": "(?:" + _KEYWORDS + r")(?:\s*\d+(?![\d/体枚つ点個]))?(?:能力)?(?:(?:を|の)両方(?:を)?持(?:つ|った)|を持つ|を持った|持ちの|も|を持たない|を持っていない|持たない)?",
    "colour_word": "(?:" + _COLOURS + r")(?:の|い)",
    "type_word": alternation(LEX.type_run_words + ("パーマネント",)),
    # a discourse adverb before the subject says the rule has exceptions, not what the object is (「通常クリーチャーは…」)
    "filler": r"^(?:通常|普通|基本的に|原則として|一般的に|一般に)(?:は)?|[\s、・の]|(?:である|かつ|状態|および|または|で|と|や|[()（）「」]|(?:を|も)?持(?:たない|っていない|っている|つ))",
})
P = PATTERNS
_DEMONSTRATIVE = re.compile(r"(?:^|[、。\s])(?:この|あの)\s*$")   # (その: often the object a condition of the same sentence describes)
_SUBTYPE_TYPE = {"Equipment": "Artifact", "Aura": "Enchantment"}


def describe(text: str, head: re.Match | None = None) -> dict[str, Any] | None:
    """The description of the object whose head word ``head`` (a match of ``PATTERNS['head']`` in ``text``;
    default: the last head word of ``text``) ends the phrase: ``{"desc": {...}}``, or None without a head."""
    if head is None:
        heads = list(P["head"].finditer(text))
        if not heads:
            return None
        head = heads[-1]
    start = 0
    b = P["boundary"].match(text[:head.start()])
    if b:
        start = b.end()
    phrase = text[start:head.start()]
    if _DEMONSTRATIVE.search(phrase):
        return None       # 「このクリーチャー」: one object named before (anaphora.py binds it), not "a creature"
    word = head.group(1)
    read = _object_grammar(text, start, head)
    if read is not None:
        return {"desc": read}
    desc: dict[str, Any] = {}
    types: list[str] = []
    subtypes: list[str] = []
    t = LEX.card_type(word)
    if t == "Aura":
        types.append("Enchantment")
        subtypes.append("Aura")
    elif t and t != "Permanent":
        types.append(t)
    elif word == "トークン":
        desc["token"] = True
    elif t is None:
        sub = LEX.value("subtypes", word)
        if sub:
            subtypes.append(sub)
            types.append(_SUBTYPE_TYPE.get(sub, "Creature"))
    for w in LEX.type_run_words:                      # 'アーティファクト・クリーチャー'
        ty = LEX.card_type(w)
        if ty and ty not in types and ty != "Aura" and re.search(re.escape(w) + r"\s*・\s*$", phrase):
            types.insert(0, ty)
    if types:
        desc["types"] = types
    if subtypes:
        desc["subtypes"] = subtypes
    m = P["damage"].search(phrase)
    if m:
        desc["damage"] = int(m.group(1))
    m = P["pt"].search(phrase)
    if m:
        desc["pt"] = f"{m.group(1)}/{m.group(2)}"
    kws: list[str] = []
    lacks: list[str] = []
    numbers: dict[str, int] = {}
    for m in P["keyword"].finditer(text[start:head.end()]):
        rest = text[start + m.end(1):head.start()]
        en = LEX.value("keyword_abilities", m.group(1))
        if P["keyword_negated"].search(rest) and "持つ" not in rest:
            if en and en not in lacks:                # 飛行を持たないクリーチャー: a stand-in has no keyword anyway;
                lacks.append(en)                      # the checker's variants of it must not have it either
            continue
        if en and en not in kws:
            kws.append(en)
        if en and m.group(2):
            numbers[en] = int(m.group(2))
    if kws:
        desc["keywords"] = kws
    if lacks:
        desc["lacks"] = lacks
    words = list(dict.fromkeys(LEX.value("ability_words", m.group(1))
                                for m in P["ability_word"].finditer(text[start:head.end()])))
    if words:
        desc["ability_words"] = words
    if numbers:
        desc["keyword_values"] = numbers
    prot, denied = [], []
    for m in P["protection"].finditer(phrase):
        after = re.sub(r"^[)）\s]*(?:を|は)?", "", phrase[m.end():])   # (a bracket closing around it: 「(…(X))を」)
        if P["keyword_negated"].match(after):
            denied.append(m.group(0) + "を" + after[:5])     # 「プロテクション(X)を持たない」: no key holds a lacked
            continue                                  # protection (702.16) — the words stay, never dropped
        prot += _qualities(m.group(1))
    if prot:
        desc["protection"] = prot
    m = P["colour"].search(P["protection"].sub("", phrase))
    if m:
        desc["colors"] = LEX.colour(m.group(1))
    elif P["colourless"].search(P["protection"].sub("", phrase)):
        desc["colorless"] = True
    m = P["counters"].search(phrase)
    if m:
        desc["counters"] = {m.group(1): int(m.group(2))}
    if P["token"].search(phrase):
        desc["token"] = True
    sup = LEX.all_in("supertypes", phrase)
    if sup:
        desc["supertypes"] = sup
    if P["opponents"].search(phrase):
        desc["controller"] = "opponent"
    elif P["yours"].search(phrase):
        desc["controller"] = "you"
    if head.group(2):
        desc["label"] = head.group(2)
    if not desc:
        return None
    hard = P["hard_boundary"].match(text[:head.start()])     # the unread words up to a clause boundary
    first = min(start, hard.end() if hard else 0)
    rest = leftover(text[first:head.start()])
    if denied:
        rest = " ".join([*denied, rest]).strip()
    particle = P["means"].match(text, first)
    means = _MEANS.search(text[:first]) if particle and rest else None
    if means:
        # 「《X》でコントロールを得たクリーチャー」: the card it was done with is a fact of the phrase, kept with it
        rest = text[means.start():particle.end()].strip() + rest
    # what the phrase says about the object that no key holds ('…で奪ったクリーチャー'): kept, so the claim is
    # not checked on a stand-in without it (lifted into situation.unrepresented by the reader)
    return {"desc": desc, UNSTATED: rest} if rest else {"desc": desc}


_MEANS = re.compile(r"〔\d+〕$")                  # a card mark right before an instrument particle
_CLAUSE_START = re.compile(r".*[、,。〕」]")
_NOT_GRAMMAR = re.compile(r"[〔《「(（]|点|プロテクション|能力|状態|ダメージ")
_STATE = re.compile(r"(?:アン)?タップ状態(?=の)")           # the one state the object grammar reads


def _object_grammar(text: str, start: int, head: re.Match) -> dict[str, Any] | None:
    """The description the card grammar's object sub-grammar reads (extractor.ja_card.described: colour, type,
    subtype, keyword, P/T, counters, token, controller, supertype) when the whole phrase before the head word is
    one object phrase: from the clause's start (「あなたがコントロールする白のクリーチャー」, whose が is the grammar's), else
    from the phrase's own start.  None when neither parses (damage, protection, an ability word, a numbered keyword
    and other words are then read by the patterns below, which keep what they do not read)."""
    c = _CLAUSE_START.match(text[:head.start()])
    wide = c.end() if c else 0
    for s in dict.fromkeys((wide, start)):
        phrase = text[s:head.start()]
        if s > start or len(phrase) > 40 or _NOT_GRAMMAR.search(_STATE.sub("", phrase)) or \
                (s < start and "コントロール" not in text[s:start]):
            continue                 # (cheap refusals: the grammar has no key for these words)
        desc = describe_object(text[s:head.end(1)], states=True)   # (タップ状態の: the tapped state, 110.5)
        if desc is not None:
            if head.group(2):
                desc["label"] = head.group(2)
            return desc
    return None


UNSTATED = "_unrepresented"


def leftover(phrase: str) -> str:
    """The part of a modifier phrase no description key reads (fillers removed); '' when all is read."""
    rest = phrase
    for name in ("damage", "pt", "protection", "counters", "yours", "opponents", "token", "supertype", "colourless"):
        rest = P[name].sub(" ", rest)
    rest = P["keyword_any"].sub(" ", rest)
    rest = P["ability_word_any"].sub(" ", rest)
    rest = P["colour_word"].sub(" ", rest)
    rest = P["type_word"].sub(" ", rest)
    rest = P["filler"].sub(" ", rest)
    return "" if len(rest.replace(" ", "")) < 2 else rest.strip()


def _qualities(inside: str) -> list[str]:
    """'白' → ['W']; 'アーティファクト' → ['artifacts']; '白と青' → ['W', 'U']."""
    return [en for en, ws in LEX.sections["protections"] if any(w in inside for w in ws)]


def marked_objects(s, head: str, card_after: str, desc_after: str) -> list[tuple[int, Any]]:
    """(position, object) of a clause's objects in text order: each card mark 〔i〕 (its EN name) that
    ``card_after`` matches right after, and each described object that ``desc_after`` matches right after (a
    particle: the object is the clause's topic, subject or object)."""
    from extractor.claims.sentences import MARK

    out: list[tuple[int, Any]] = [(m.start(), s.card(m)) for m in MARK.finditer(head)
                                  if re.match(card_after, head[m.end():])]
    for m in P["head"].finditer(head):
        if re.match(desc_after, head[m.end():]):
            d = describe(head, m)
            if d:
                out.append((m.start(), d))
    return sorted(out, key=lambda t: t[0])


def described_before(text: str) -> dict[str, Any] | None:
    """The described object a phrase ends with ('…飛行を持つクリーチャー'): the last head word must end it."""
    heads = [m for m in P["head"].finditer(text) if not text[m.end():].strip()]
    return describe(text, heads[-1]) if heads else None


def lift_unstated(sit: dict[str, Any]) -> None:
    """Move the unread words of every description in a situation into ``situation.unrepresented``."""
    found: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            rest = v.pop(UNSTATED, None)
            if rest and rest not in found:
                found.append(rest)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(sit)
    if found:
        cur = sit.setdefault("unrepresented", [])
        cur.extend(f for f in found if f not in cur)


# the one object a kind is about, where a general statement may leave it unsaid
_OBJECT_KEY = {"can_destroy": "target", "can_exile": "target", "zone_after": "card"}


def elided_object(found, keyword: str):
    """A general rule statement on a keyword's own page (「破壊されない」) that names no object
    (「生け贄に捧げることはできる」) is about an object with that keyword: it gets the description
    ``{keywords: [keyword]}`` and nothing else.  Other findings are returned unchanged."""
    key = _OBJECT_KEY.get(found.kind)
    if key is None or found.subject is not None or found.situation.get(key):
        return found
    found.situation[key] = {"desc": {"keywords": [keyword]}}
    return found


# a clause's topic given in words the reader resolves neither to a card nor to a described object ('ゾンガは',
# 'それは'): not preceded by で/に/と/へ/から/より/て (では, には, … are adverbial, not a topic)
_WORD_TOPIC = re.compile(r"(?:^|(?<=[、,\s」〕]))(?P<w>[^\s、,。〔〕「」()（）\-*・]{2,24}?)(?<![でにとへらりて])(?:は|が|も|でも)、?")


def said_before(si: int, ctx) -> str:
    """The normalised sentences of the same example or paragraph before sentence ``si`` (a clause with no topic
    continues the last of them that has one)."""
    return "".join(x.norm for x in (getattr(ctx, "sentences", None) or [])[:si])


def unnamed_object(main: str, ctx, default: Any, before: str = "") -> tuple[Any, dict[str, Any]]:
    """The object of a clause whose topic names no card and describes no object: ``(object, situation extra)``.

    A topic in words the reader cannot resolve (a card's name it does not know, a pronoun) is an object it
    cannot identify: ``default`` is returned with those words as ``unrepresented``, so the claim is never
    checked on a stand-in in place of a named card.  No topic at all on a card's own page: the page's card
    (docs/design.md: the page's card is the subject of statements that name no card).  Otherwise ``default``
    (a general rule: "a creature") — unless ``before``, the text of the same paragraph before this sentence,
    has a topic: a Japanese clause with no topic continues the previous sentence's (「…クリーチャーは攻撃できない。
    （ブロックには参加できる。）」), an object the clause does not describe, so it is returned as unrepresented."""
    m = _WORD_TOPIC.search(main)
    if m:
        return default, {"unrepresented": [m.group("w")]}
    page = getattr(ctx, "page_card", None)
    if page:
        return page, {}
    prev = re.search(r"([^。]*?)(?:は|が)、?[^。]*。\s*[(（]?\s*$", before)
    if prev:
        return default, {"unrepresented": [f"the subject left out continues the previous sentence's ({prev.group(1)[-24:]})"]}
    return default, {}
