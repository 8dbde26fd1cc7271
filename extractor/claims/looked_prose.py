"""Where looked-at cards may go as real pages and the CR's own definitions word it (``looked_cards``; 701.22a scry:
any number on the bottom of the library, the rest on top; 701.25a surveil: any number into the graveyard, the rest
on top) — beside :mod:`.looked_cards`, which reads 「占術を行う場合、…置くことができる」.

Constructions read (the whole sentence, else no claim):
- the action named as a definition 「「占術N(を行う)(/Scry N)」とは、」, as a description 「占術とは、」, or by a card's
  wording as the condition 「「占術1を行う」と書かれていれば／書かれている場合、」; then what is looked at
  「(自分の)ライブラリーの一番上から(カードを)N枚(のカードを)見て(、その後)」 (「確認して」; 「何枚か／数枚／特定の
  枚数」; 「一番上のカードを見て」 is one card) — a number stated twice must agree, else the sentence is unread;
- the definition's division 「(そのうち)望む枚数(のカード)を<A>に、残りを<B>に(、それぞれ)置くことである」: any number
  to A and the rest to B — three claims: all to A, all to B (望む枚数 may be none), some to A and the rest to B;
  an order stated for a part (「望む順番で」) is a fact the check does not stage: kept unrepresented;
- the description's choice 「それ(ら)を<A>か<B>に置くことのできる能力(だ)／ことができる」: the cards may go to A, and
  may go to B — two arrangements;
- the permission after 「占術(N)を行う(とき|際|場合)は、」: 「<cards>を<A>に置いても(、<cards>を<B>に置いても)…
  構わない／よい」 — an arrangement per clause (「一部を上に置き残りを下に置いても」 is one clause of two parts); its
  denial 「…置いてはならない／はいけない」 (one clause) says the arrangement cannot be made.
A sentence is one claim (``arrangements`` when it states several, each of which must be possible: a statement with
one false part is false).
Where: 「(自分の)(ライブラリーの)一番上／上」 top, 「一番下／下」 bottom, 「(自分の)墓地」 graveyard.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.context import Context
from extractor.claims.looked_cards import WHERE_EN as _TO, take_part
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import keyword_topic

_ACT = r"(?P<act>占術|諜報)\s*(?P<n>\d+|[NX])?"
_OWN = r"(?:自分の|あなたの|あなた)?"
_WHERE = _OWN + r"(?:ライブラリーの)?(?P<{}>一番上|1番上|一番下|1番下|上|下|墓地)"
_ORDER = r"(?P<{}>望む順番で|好きな順番で|任意の順番で)?"

PATTERNS = compile_patterns({
    # 「「占術3を行う」とは、」「「諜報Nを行う/surveil N」とは、」「「占術1を行う」と書かれていれば、」 (a quoted rule's number
    # before it, 「701.22a 「占術Nを行う」とは」, is no word of the statement)
    "quoted_head": r"^\s*(?:\d{3}\.\d+[a-z]?\s+)?「" + _ACT + r"\s*(?:を行う|を行なう|を実行する)?(?:\s*/\s*[A-Za-z]+\s*(?:\d+|[NX])?)?」\s*"
                   r"(?P<how>とは|と書かれていれば|と書かれている(?:場合|とき)(?:は|には)?)[、,]?\s*",
    # 「占術とは、」
    "plain_head": r"^\s*" + _ACT + r"\s*(?:を行う(?:こと)?)?\s*(?P<how>とは)[、,]?\s*",
    # 「占術(N)を行うときは、」 (the permission's head)
    "action_head": r"^\s*" + _ACT + r"\s*(?:を行う|をする|を実行する)?(?:場合|とき|時|際)(?:は|には|に)?[、,]\s*",
    "look": r"(?:プレイヤーが)?" + _OWN + r"ライブラリーの(?P<top>一番上|1番上|上)(?P<from>から|にある|の)\s*(?:カードを)?\s*"
            r"(?P<ln>\d+|[NX])?\s*(?P<cnt>枚|何枚か|数枚|特定の枚数(?:だけ)?)?(?:の)?\s*(?:カード(?:を)?)?(?:見|確認し)(?:て|た後)?[、,]?\s*"
            r"(?:その後[、,]?\s*)?",
    "division": r"(?:そのうち|それらのうち|それらの中から)?(?:の)?望む枚数(?:のカード)?を" + _WHERE.format("a") + r"に\s*"
                + _ORDER.format("oa") + r"[、,]\s*残り(?:のカード)?を" + _WHERE.format("b") + r"に\s*" + _ORDER.format("ob")
                + r"(?:[、,]?\s*それぞれ)?\s*置く(?:という)?こと(?:である|だ|を意味する)?[。.]?\s*$",
    "choice": r"(?:それら|それ|そのカード|それらのカード)を" + _WHERE.format("a") + r"か" + _WHERE.format("b")
              + r"(?:の(?:どちらか|いずれか))?に置く(?:ことのできる|ことができる|ことが可能な)?"
              r"(?:能力)?(?:こと(?:が|も)?できる)?(?:である|だ)?[。.]?\s*$",
    # one clause of a permission: 「見たカードをすべて一番下に置いても」「一部を上に置き残りを下に置いても」
    "perm_part": r"(?:(?:見た|見ている|それらの|その)?カード(?:の|を|は)?)?(?P<q>すべて|全て|全部|一部|何枚か|残り)?(?:を|は)?[、,]?"
                 + _WHERE.format("w") + r"に(?:は)?(?P<v>置いて|戻して|送って|置き|戻し|送り)",
    "perm_end": r"(?P<e>も[、,]\s*|も(?:構わない|構いません|かまわない|よい|いい)(?:だ)?[。.]?\s*$"
                r"|は(?:ならない|いけない|ならず)(?:だ)?[。.]?\s*$)",
})
P = PATTERNS


def _number(head_n: str | None, look: re.Match | None) -> tuple[bool, int | None]:
    """(agrees, n): the number looked at, from the head (「占術3」) and the look phrase (「3枚」, 「一番上のカード」 =
    one card); a letter (N, X) is no number; two numbers that differ, or one card against a number, disagree."""
    n = int(head_n) if head_n and head_n.isdigit() else None
    if look is None:
        return True, n
    ln = look.group("ln")
    if ln and ln.isdigit():
        if n is not None and n != int(ln):
            return False, None
        n = int(ln)
    elif ln and head_n and not head_n.isdigit() and ln != head_n:
        return False, None
    if look.group("from") == "の" and not look.group("cnt"):          # 「一番上のカードを見て」: one card
        if n not in (None, 1) or head_n and not head_n.isdigit():
            return False, None
        n = 1
    return True, n


def _division(m: re.Match, n: int | None) -> list[tuple[list[dict[str, str]], list[str]]]:
    """「望む枚数をAに、残りをBに置く」: any number to A, the rest to B — all to A, all to B, and (of two or more
    cards) some to A and the rest to B; a stated order is unrepresented (the check places, never orders)."""
    a, b = _TO[m.group("a")], _TO[m.group("b")]
    if a == b:
        return []
    orders = [(m.group(g), to) for g, to in (("oa", a), ("ob", b)) if m.group(g)]
    out = [([{"cards": "all", "to": a}], orders), ([{"cards": "all", "to": b}], orders)]
    if n != 1:
        out.append(([{"cards": "some", "to": a}, {"cards": "rest", "to": b}], orders))
    return out


def _permission(text: str) -> list[tuple[list[dict[str, str]], bool]] | None:
    """「…置いても、…置いても構わない」: (parts, can) per clause; 「…置いてはならない」: one clause, can false; None
    when a word is left unread."""
    out: list[tuple[list[dict[str, str]], bool]] = []
    parts: list[dict[str, str]] = []
    pos = 0
    while pos < len(text):
        m = P["perm_part"].match(text, pos)
        if not take_part(m, parts, "w"):
            return None
        pos = m.end()
        if m.group("v") in ("置き", "戻し", "送り"):         # 連用形: the clause goes on with its next part
            if pos < len(text) and text[pos] in "、,":
                pos += 1
            continue
        e = P["perm_end"].match(text, pos)
        if not e:
            return None
        end = e.group("e")
        denied = end.startswith("は")
        if denied and out:
            return None                                     # (「…ても、…てはならない」: not one modality)
        out.append((parts, not denied))
        parts = []
        pos = e.end()
        if end.startswith("も") and not end.rstrip("、, ").endswith("も"):
            return out if pos >= len(text) else None
        if denied:
            return out if pos >= len(text) else None
    return None


@register("looked_cards", priority=57, needs=("占術", "諜報"))
def find_looked_prose(s: Sentence, si: int, ctx: Context) -> list[Found]:
    text = s.norm
    h = P["quoted_head"].match(text) or P["plain_head"].match(text)
    readings: list[tuple[list[dict[str, str]], bool, list[tuple[str, str]]]] = []
    n: int | None = None
    if h:
        look = P["look"].match(text, h.end())
        if not look:
            return []
        agrees, n = _number(h.group("n"), look)
        if not agrees:
            return []
        d = P["division"].match(text, look.end())
        c = P["choice"].match(text, look.end()) if not d else None
        if d and h.group("how") == "とは":
            readings = [(parts, True, orders) for parts, orders in _division(d, n)]
        elif c and _TO[c.group("a")] != _TO[c.group("b")]:
            readings = [([{"cards": "any", "to": _TO[c.group(g)]}], True, []) for g in ("a", "b")]
    else:
        h = P["action_head"].match(text)
        if not h:
            return []
        got = _permission(text[h.end():])
        if not got:
            return []
        agrees, n = _number(h.group("n"), None)
        for parts, can in got:
            if len(parts) > 1 and any(p["cards"] == "all" for p in parts):
                return []                                   # 「すべてを…、残りを…」: nothing is left for a second part
            readings.append((parts, can, []))
    if not readings:
        return []
    # one statement, one claim: the arrangements it states possible must each be (a denial is one arrangement)
    parts_all = [parts for parts, _, _ in readings]
    can = readings[0][1]
    orders = readings[0][2]
    sit: dict[str, Any] = {"action": keyword_topic(h.group("act"))}
    sit.update({"parts": parts_all[0]} if len(parts_all) == 1 else {"arrangements": parts_all})
    if n is not None:
        sit["n"] = n
    places = [to for _, to in orders if to in ("top", "bottom")]
    if places:
        sit["ordered"] = places                             # 「望む順番で」 on the library: the order checked
    if len(places) < len(orders):
        sit["unrepresented"] = [w for w, to in orders if to not in ("top", "bottom")]   # (an order in a graveyard)
    return [Found("looked_cards", sit, {"can": can}, None, (0, len(text)))]
