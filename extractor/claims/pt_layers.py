"""A creature's power/toughness after effects stated in words, in the order the example states them (CR 613.4 layer 7,
613.7 timestamps): 「1/3クリーチャーが+0/+1の修整を受けているとき、他の効果がそのクリーチャーのパワーとタフネスを入れ替える
場合、結果のパワーとタフネスは4/1になる」, 「…これに+1/+1カウンターが置かれた場合、3/3になる。さらに「…」という効果が適用
されれば、7/7になる」.

The example is read as a story, one ``pt_after`` claim per stated P/T (a checkpoint): the creature (a card named, or an
object described by the card grammar's object sub-grammar: extractor.ja_card.described), the effects stated before
the checkpoint in their order, and the P/T stated.  Each effect is one construction read with the card grammar's own
pieces:

- ``{"pump": [P, T]}`` — 「+P/+Tの修整を受ける」 (613.4c); ``{"switch": true}`` — 「パワーとタフネスを入れ替える」 (613.4d);
  ``{"set_pt": [P, T]}`` — 「基本のパワーとタフネスがP/Tになる」 (613.4b); ``{"colors": "W"}`` — 「白にする」 / 「色が赤に
  なった」 (613.1e); ``{"counters": {"+1/+1": N}}`` — 「+1/+1カウンターがN個置かれた」 (613.4c, 122.1a);
- ``{"quoted": TEXT, "source": "spell" | "enchantment"}`` — 「「…」という効果 / 呪文 / エンチャント」: the quoted wording,
  compiled by the caller with the card grammar (kb.cards_ja.quoted_of_claim) and staged as a stand-in with exactly
  that behaviour;
- ``{"card": NAME}`` — a named card on the battlefield with the creature (its own behaviour);
- ``{"ends": I}`` — 「+0/+1の効果が終わる」: effect I (an index into this list) ends.

A card named with a description (「2/2のクリーチャー《X》」) is the creature, and ``situation.card_as`` is what the
sentence says of it (the cross-check stages the card only when its characteristics are those).

``outcome``: ``{"pt": "P/T"}``, with ``"before_switch": "P/T"`` when the sentence also states the value before the
switch (「入れ替え前」の値).  Words of the story that no construction, reference or connective reads are kept in
``situation.unrepresented`` (honesty: the claim is not judged without them).
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence
from extractor.ja_card.described import describe_object
from extractor.ja_card.vocab import COLORS

_PT = r"[+-]\d+/[+-]\d+"
_COLOUR = "|".join(COLORS)
PATTERNS = compile_patterns({
    # a stated P/T result: 4/1になる, 6/4となり, 2/2に戻る (not 2/2の…, a description)
    "outcome": r"(?<![+\-\d/])(\d+)/(\d+)(?:に(?:なる|戻る|なります|戻ります)|と(?:なる|なり|なります))",
    "before_switch": r"「?入れ替え前」?の(?:値|パワーとタフネス)は(\d+)/(\d+)",
    "quoted": r"「([^「」]+)」という(効果|呪文|エンチャント)",
    "pump": r"(" + _PT + r")の修整を受け(?:ている|る|た|て|れば|たら)?",
    "switch": r"パワーとタフネスを入れ替え(?:る|て|た|れば|たら)?",
    "set_pt": r"基本のパワーとタフネス(?:は|が|を)(\d+)/(\d+)に(?:なる|する)",
    "colour": r"(?:を|色が|色は)(" + _COLOUR + r")(?:に|く)(?:する|なる|なった|なり)",
    "counters": r"(" + _PT + r")カウンターが(?:(\d+)個)?(?:置かれ(?:た|る|ている)|乗っ(?:た|ている))",
    "ends": r"(" + _PT + r")の効果が終わ(?:る|った)",
    # the creature first introduced: 「1/3クリーチャーが」, 「〔0〕と2/2の黒のクリーチャーが戦場に出ている」, 「2/2のクリーチャー〔0〕が」
    "intro": r"^(?P<phrase>[^、。「」]*?)(?:が|は|に)(?=(?:「[^「」]*」|[^、。「])*?(?:修整|入れ替え|戦場に出|カウンター|効果))",
    "label": r"^\s*例\s*[:：]\s*",
    "definition": r"〔(\d+)〕は「[^「」]+」という(?:エンチャント|アーティファクト|クリーチャー|呪文|カード)(?:である|だ)。",
    # a reference to an effect already stated, or what an effect does stated as commentary: no new fact
    "reference": r"(?:\d+つの)?「[^「」]{1,8}」効果(?:の(?:適用後|終了前)に|が(?:実質的に)?相殺され)"
                 r"|〔\d+〕の効果\s*(?:を受けて|は適用されなくなり)",
    # connectives, pronouns and verbs of application (a construction vocabulary, not sentences)
    "filler": r"第\d+[a-z]?種(?:および第\d+[a-z]?種)*|何らかの|他の|さらに|ここで|この後で?|その後|結果の|実際の値は|値は"
              r"|(?:その|この)(?:" + _COLOUR + r")?(?:の)?クリーチャー(?:の|は|を|に|が)?|これに|それ(?:に|は|を|の)?|効果(?:によって|が|は|で)?"
              r"|が?(?:適用され(?:れば|たら|る場合|ると|て)?|存在した(?:とすると)?|戦場に出(?:ている|たら|た|て(?:いて)?))"
              r"|パワーとタフネスは|そのクリーチャーは|場合|とき|時に|ならば?|とすると|[、。\s()・]|[はがをにのでとも]",
})
P = PATTERNS
_EFFECTS = ("quoted", "pump", "switch", "set_pt", "colour", "counters", "ends")


def _masked(text: str) -> str:
    """Quotes kept as they are (a quoted effect is read whole), parenthesised remarks outside quotes — (第7c種),
    the (0/1→…→) explanation — blanked to the same length."""
    out, depth, quote = [], 0, 0
    for ch in text:
        if ch in "「『":
            quote += 1
        elif ch in "」』":
            quote = max(0, quote - 1)
        if not quote and ch in "(（":
            depth += 1
        if depth and not quote:
            out.append(" ")
        else:
            out.append(ch)
        if not quote and ch in ")）":
            depth = max(0, depth - 1)
    return "".join(out)


def _effect(name: str, m: re.Match) -> dict[str, Any]:
    if name == "quoted":
        return {"quoted": m.group(1), "source": "enchantment" if m.group(2) == "エンチャント" else "spell"}
    if name == "pump":
        return {"pump": [int(x) for x in m.group(1).split("/")]}
    if name == "switch":
        return {"switch": True}
    if name == "set_pt":
        return {"set_pt": [int(m.group(1)), int(m.group(2))]}
    if name == "colour":
        return {"colors": COLORS[m.group(1)]}
    if name == "counters":
        return {"counters": {m.group(1): int(m.group(2) or 1)}}
    return {"_ends": [int(x) for x in m.group(1).split("/")]}


def _story(text: str, s: Sentence) -> tuple[Any, list[dict], list[str]] | None:
    """(the creature, the effects in order, the words read by nothing) of a story text (quotes kept, remarks
    blanked); None when it introduces no creature first."""
    spans: list[tuple[int, int]] = []
    label = P["label"].match(text)                   # 「例:」 before the example's first sentence
    if label:
        text = " " * label.end() + text[label.end():]
    d = P["definition"].match(text, label.end() if label else 0)
    start = d.end() if d else 0                      # 「〔0〕は「…」というエンチャントである。」: the card's own text
    start = max(start, label.end() if label else 0)
    intro = P["intro"].match(text[start:])
    if not intro:
        return None
    creature, cards = _introduced(intro.group("phrase"), s)
    if creature is None:
        return None
    spans.append((start, start + intro.end()))
    found: list[tuple[int, dict]] = [(-1, {"card": c}) for c in cards]
    for name in _EFFECTS:
        for m in P[name].finditer(text, start):
            if any(a <= m.start() < b for a, b in spans) or _in_quote(text, m.start()) and name != "quoted":
                continue
            found.append((m.start(), _effect(name, m)))
            spans.append(m.span())
    found.sort(key=lambda x: x[0])
    effects: list[dict] = []
    for _, e in found:
        if "_ends" in e:
            which = [i for i, x in enumerate(effects) if x.get("pump") == e["_ends"]]
            if len(which) != 1:
                return creature, effects, [f"{e['_ends']}の効果が終わる"]
            effects.append({"ends": which[0]})
        else:
            effects.append(e)
    rest = list(text)
    said = [m.span() for n in ("reference", "outcome", "before_switch") for m in P[n].finditer(text)]
    for a, b in spans + said + ([d.span()] if d else []):
        rest[a:b] = " " * (b - a)
    left = P["filler"].sub(" ", "".join(rest))
    words = [w for w in left.split() if len(w) >= 2 or not re.fullmatch(r"[ぁ-ん]", w)]
    return creature, effects, words


def _in_quote(text: str, pos: int) -> bool:
    return text.count("「", 0, pos) > text.count("」", 0, pos)


def _introduced(phrase: str, s: Sentence) -> tuple[Any, list[str]]:
    """The creature of the story and the named cards introduced with it: 「〔0〕と2/2の黒のクリーチャー」 → (desc, [card 0]);
    「2/2のクリーチャー〔0〕」 → ({card: card 0, as: its description}, []); 「1/3クリーチャー」 → (desc, [])."""
    parts = [p for p in re.split(r"と(?=[^と]*$)", phrase) if p] if "〔" in phrase else [phrase]
    cards: list[str] = []
    creature: Any = None
    for part in parts:
        marks = list(MARK.finditer(part))
        if marks and MARK.sub("", part).strip() == "":
            cards += [c for c in (s.card(m) for m in marks) if c]
            continue
        if marks and part.endswith(marks[-1].group(0)):      # 「2/2のクリーチャー〔0〕」: the card, as described
            name = s.card(marks[-1])
            said = describe_object(part[:marks[-1].start()])
            if name and said is not None:
                creature = {"card": name, "as": said}      # what the sentence says of it is a fact too
                continue
            return None, []
        desc = describe_object(part)
        if desc is None or "Creature" not in (desc.get("types") or []):
            return None, []
        creature = {"desc": desc}
    return creature, cards


@register("pt_after", priority=88, needs=("/",), claims=True)
def find_pt_story(s: Sentence, si: int, ctx: Context) -> list[Found]:
    if not P["outcome"].search(s.norm) or not any(
            P[n].search(x.norm) for x in ctx.sentences[:si + 1] for n in ("pump", "switch", "counters", "quoted",
                                                                           "colour", "set_pt")):
        return []
    whole = _joined(ctx.sentences[:si + 1])
    last = MARK.sub(lambda m: "〔" + str(int(m.group(1)) + len(whole.cards) - len(s.cards)) + "〕", s.norm)
    offset = len(whole.norm) - len(last)
    text = _masked(whole.norm)
    norm = text[offset:]
    out: list[Found] = []
    switched = list(P["before_switch"].finditer(norm))
    for m in P["outcome"].finditer(norm):
        if _in_quote(norm, m.start()) or any(b.start() <= m.start() < b.end() for b in switched):
            continue                # (the value before the switch is stated with the checkpoint after it)
        bs = next((b for b in reversed(switched) if b.end() <= m.start() and "。" not in norm[b.end():m.start()]),
                  None)
        cut = bs.start() if bs else m.start()
        story = _story(text[:offset + cut], whole)
        if story is None:
            continue
        creature, effects, words = story
        if not effects:
            continue
        sit: dict[str, Any] = {"card": creature, "effects": effects, "in_order": True, "events": []}
        if isinstance(creature, dict) and "as" in creature:
            sit["card"], sit["card_as"] = creature["card"], creature["as"]
        if words:
            sit["unrepresented"] = ["".join(words)[:80]]
        res = {"pt": f"{m.group(1)}/{m.group(2)}"}
        if bs:
            res["before_switch"] = f"{bs.group(1)}/{bs.group(2)}"
        span = (bs.start() if bs else m.start(), m.end()) if len(last) == len(s.norm) else None
        out.append(Found("pt_after", sit, res, None, span))
    return out


def _joined(sentences: list[Sentence]) -> Sentence:
    """The sentences of a story as one, their card marks renumbered into one list."""
    if len(sentences) == 1:
        return sentences[0]
    cards: list[str] = []
    parts = []
    for x in sentences:
        base = len(cards)
        cards += list(x.cards)
        parts.append(MARK.sub(lambda m: f"〔{int(m.group(1)) + base}〕", x.norm) if base else x.norm)
    last = sentences[-1]
    return Sentence(text="".join(x.text for x in sentences), line=last.line, norm="".join(parts), cards=cards)
