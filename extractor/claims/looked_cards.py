"""Where the cards a keyword action looks at may go (``looked_cards``): scry (701.22a: any number on the bottom,
the rest on top) and surveil (701.25a: any number into the graveyard, the rest on top).

Constructions read (the whole sentence, else no claim):
- the action: 「占術(N)|諜報(N)」 followed by 「を行う(場合|とき|際)」「では」「の際」 …, the cards 「(見た)カード」;
- one or more parts 「<how many>を<where>に<置く|戻す|送る>」 joined by the て-form or 連用形 (置き、／置いて、):
  how many = 「すべて／全て／全部」 (all), 「一部／何枚か」 (some), 「残り」 (the rest, after another part), unstated
  (at least one); where = 「(ライブラリーの)一番上／上」, 「一番下／下」, 「墓地」;
- the modality closing each clause: 「…ことができる／ことも可能だ」 or the potential form (置ける); negated
  (できない／置けない) it denies the arrangement; clauses 「…こともできるし、…こともできる」 are one claim each.
Any other word (an order 「好きな順番で」, a condition, a card name) makes the sentence unread.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import keyword_topic

_ACTION = r"(?P<act>占術|諜報)\s*(?P<n>\d+)?"
_LEAD = r"(?:を行う|をする|を実行する)?(?:場合|とき|時|際|ときに|際に|の場合|の際)?(?:は|には|に|では|で)?、?"
_CARDS = r"(?:(?:見た|見ている|見ていた|それらの|その)?カード(?:の|を|は)?)?"
_HOW = r"(?P<q>すべて|全て|全部|一部|何枚か|残り)?(?:を|は)?、?"
_WHERE = r"(?:ライブラリー(?:の)?)?(?P<d>一番上|一番下|上|下|墓地)に(?:は)?"
_VERB = r"(?P<v>置(?:く|き|いて|ける|けない|けます|けません)|戻(?:す|し|して|せる|せない|せます|せません)" \
        r"|送(?:る|り|って|れる|れない|れます|れません))"
_MODAL = r"(?:こと(?:も|は|が)?(?P<m>でき(?:る|ます|ない|ません)|可能(?:だ|です|である)?|不可能(?:だ|です|である)?))?"
_JOIN = r"(?:、|し、|て、|てから、)?"

PATTERNS = compile_patterns({
    "head": r"^[\s*・\-－]*" + _ACTION + _LEAD,
    "part": _CARDS + _HOW + _WHERE + _VERB + r"(?P<modal>" + _MODAL + r")",
    "clause_end": r"(?:し、|、)",
    "tail": r"^(?:の?です|のだ|のである)?[。．\s]*$",
    "negative": r"(?:ない|ません|不可能)",
})
P = PATTERNS
WHERE_EN = {"一番上": "top", "1番上": "top", "上": "top", "一番下": "bottom", "1番下": "bottom", "下": "bottom",
             "墓地": "graveyard"}
_HOW_EN = {"すべて": "all", "全て": "all", "全部": "all", "一部": "some", "何枚か": "some", "残り": "rest", None: "any"}


def take_part(m: re.Match | None, parts: list[dict[str, str]], where: str) -> bool:
    """Append the part a match reads (how many: group ``q``; where: group ``where``) to ``parts``; False when
    nothing matched, or for 「残り」 with no part before it (the rest of nothing)."""
    if not m or m.group("q") == "残り" and not parts:
        return False
    parts.append({"cards": _HOW_EN[m.group("q")], "to": WHERE_EN[m.group(where)]})
    return True


def _clauses(text: str) -> list[tuple[list[dict[str, str]], bool, tuple[int, int]]] | None:
    """The clauses of the sentence after its head: (parts, can, span), or None when a word is left unread."""
    out, parts, pos, start = [], [], 0, 0
    while pos < len(text):
        m = P["part"].match(text, pos)
        if not take_part(m, parts, "d"):
            return None
        pos = m.end()
        verb, modal = m.group("v"), m.group("m")
        potential = verb[1:] not in ("く", "き", "いて", "す", "し", "して", "る", "り", "って")
        if modal or potential:
            can = not P["negative"].search(modal or verb)
            out.append((parts, can, (start, pos)))
            parts = []
            end = P["clause_end"].match(text, pos)
            if end:
                pos = start = end.end()
                continue
            return out if P["tail"].match(text[pos:]) else None
        j = re.compile(_JOIN).match(text, pos)
        pos = j.end() if j else pos
    return None


@register("looked_cards", priority=58, claims=True, needs=("占術", "諜報"))
def find_looked_cards(s: Sentence, si: int, ctx: Context) -> list[Found]:
    h = P["head"].match(s.norm)
    if not h:
        return []
    clauses = _clauses(s.norm[h.end():])
    if not clauses:
        return []
    action = keyword_topic(h.group("act"))
    out = []
    for parts, can, (a, b) in clauses:
        if len(parts) > 1 and any(p["cards"] == "all" for p in parts):
            continue                                         # 「すべてを…、残りを…」: nothing is left for a second part
        sit: dict[str, Any] = {"action": action, "parts": parts}
        if h.group("n"):
            sit["n"] = int(h.group("n"))
        out.append(Found("looked_cards", sit, {"can": can}, None, (h.start() if a == 0 else h.end() + a, h.end() + b)))
    return out
