"""Typed claims from worked examples and rulings prose (keys per kind: docs/design.md, "Claims").

``attach_claims(doc, nlp)`` parses every example (and, for prose documents, every other paragraph) with the
pipeline from :func:`extractor.japanese.build_nlp`, splits sentences, and runs data-driven phrase patterns
over a normalised form of each sentence:

* NFKC (full-width digits and brackets become ASCII), 漢数字 before a counter become digits (二回 → 2回);
* every card entity becomes a marker ``〔i〕`` (``i`` indexes the sentence's card list, EN names).

The situation is read from the whole example (what entered, who controls what, cast mode, counts, events),
so a claim records as much of the situation as the text states.  Nothing is keyed by line or by seed text.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from extractor.facts import Claim, Example, ExtractedDocument, Provenance
from extractor.prose import ANSWER_KEY, ANSWER_LABELLED, QUESTION, answer_key, example_segments, heading_keyword

# --------------------------------------------------------------------------------------------- text forms

_KANJI = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "〇": 0}
_KANJI_NUM = re.compile(r"([一二三四五六七八九十]+)(?=\s*(?:回|つ|体|枚|個|点|度|人|番目|ターン))")
_MARK = re.compile(r"〔(\d+)〕")
NEG = re.compile(r"(?:ない|ず|ません|ぬ|なかった)$")
# "it is not that …" / "not necessarily …": the statement the sentence negates is not its claim
HEDGE = re.compile(r"な(?:い|く)(?:こと|事)は(?:ない|ありません)|(?:わけ|訳)(?:で|じゃ)(?:は|も)?(?:ない|なく|ありません)|とは限ら(?:ない|ず|ません)|(?:の|ん)ではない")


def kanji_int(s: str) -> int:
    """二 → 2, 十二 → 12, 二十 → 20, 二十三 → 23."""
    if "十" not in s:
        v = 0
        for ch in s:
            v = v * 10 + _KANJI[ch]
        return v
    a, _, b = s.partition("十")
    return (kanji_int(a) if a else 1) * 10 + (kanji_int(b) if b else 0)


def normalise(text: str) -> str:
    s = unicodedata.normalize("NFKC", text)
    return _KANJI_NUM.sub(lambda m: str(kanji_int(m.group(1))), s)


@dataclass
class Sentence:
    text: str                       # exact source sentence
    line: int | None
    norm: str                       # normalised, cards as 〔i〕
    cards: list[str]                # EN names, by marker index
    keywords: list[str] = field(default_factory=list)

    def card(self, m: re.Match | str | int | None) -> str | None:
        if m is None:
            return None
        i = int(m.group(1)) if isinstance(m, re.Match) else int(m)
        return self.cards[i] if 0 <= i < len(self.cards) else None


MAX_SENTENCE = 600


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of sentences: split after 。 outside brackets; a parenthesised remark joins the sentence
    before it."""
    out: list[tuple[int, int]] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "（(「『":
            depth += 1
        elif ch in "）)」』":
            depth = max(0, depth - 1)
            if depth == 0 and ch in "）)" and i > 0 and text[i - 1] == "。":
                out.append((start, i + 1))             # （…。） closes a remark
                start = i + 1
        elif ch in "。\n" and depth == 0:
            out.append((start, i + 1))
            start = i + 1
    if start < len(text):
        out.append((start, len(text)))
    merged: list[tuple[int, int]] = []
    for s, e in out:
        chunk = text[s:e].strip()
        if not chunk:
            continue
        if merged and chunk[0] in "（(" and e - merged[-1][0] <= MAX_SENTENCE:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    # no real sentence is this long; cutting keeps the phrase patterns linear on run-on text
    final: list[tuple[int, int]] = []
    for s, e in merged:
        while e - s > MAX_SENTENCE:
            cut = text.rfind("、", s + MAX_SENTENCE // 2, s + MAX_SENTENCE)
            cut = cut + 1 if cut > 0 else s + MAX_SENTENCE
            final.append((s, cut))
            s = cut
        final.append((s, e))
    return final


def _sentence(text: str, spans: list[tuple[int, int, str]], line: int | None, keywords: list[str]) -> Sentence:
    """Build the normalised form; ``spans`` are card (start, end, EN) inside ``text``."""
    cards: list[str] = []
    parts: list[str] = []
    pos = 0
    for s, e, en in sorted(spans):
        if s < pos:
            continue
        if s > 0 and text[s - 1] == "《" and e < len(text) and text[e] == "》":
            s, e = s - 1, e + 1
        parts.append(normalise(text[pos:s]))
        if en not in cards:
            cards.append(en)
        parts.append(f"〔{cards.index(en)}〕")
        pos = e
    parts.append(normalise(text[pos:]))
    return Sentence(text=text.strip(), line=line, norm="".join(parts).strip(), cards=cards, keywords=keywords)


# --------------------------------------------------------------------------------------------- context

_TYPES = {"クリーチャー": "Creature", "エンチャント": "Enchantment", "アーティファクト": "Artifact",
          "インスタント": "Instant", "ソーサリー": "Sorcery", "土地": "Land", "プレインズウォーカー": "Planeswalker",
          "オーラ": "Aura"}
_TYPE_RUN = r"((?:クリーチャー|エンチャント|アーティファクト|インスタント|ソーサリー|土地|オーラ|[・―ー\-–—]|--)+)"
_SPELL_IS = re.compile(_TYPE_RUN + r"呪文(?:で(?:も)?(?:ある|あり|す)|となる|になる)")
_EVENTS = [("enters", r"戦場に出|を出した|を出す"), ("dies", r"死亡"), ("leaves", r"戦場を離れ"), ("exiled", r"追放"),
           ("monstrous", r"怪物的|怪物化を行"), ("destroyed", r"破壊"), ("attacks", r"攻撃"), ("blocks", r"ブロック"),
           ("cast", r"唱え"), ("upkeep", r"アップキープ"), ("sacrificed", r"生け贄")]
_MODES = [("bestow", r"授与(?:コストを支払|で唱え|を使)"), ("normal", r"(?:普通に|通常通り|マナ・コストを支払って)唱え")]
_COUNT_OF = re.compile(r"(\d+)\s*(?:枚|体|つ|個)の〔(\d+)〕")
_CONTROL = re.compile(r"(対戦相手|あなた|自分)(?:が|は)?(?:しか)?((?:〔\d+〕(?:/[^、。〔]*?)?(?:と|、|および|及び)?)+)"
                      r"(?:のみ|だけ)?を(?:コントロール)")
_CONTROL_ONLY = re.compile(r"(あなた|自分|対戦相手)しか([^\s、。〔]+?)をコントロールしていない")
_ACTIVATIONS = re.compile(r"(\d+)\s*回(?:目)?(?:連続で)?起動|(\d+)\s*回目以降")
# "before the ability resolved, the artifacts you control were destroyed, leaving 2": what changed between
# triggering and resolution (603.4 intervening-if examples); the count is the one the text states
_BEFORE_RESOLUTION = re.compile(r"解決(?:前|する前|より前)に、?([^。]*?)が(破壊|追放|生け贄に捧げ|除去)[さら]れ(?:て)?"
                                r"(?:(\d+)\s*(?:つ|体|枚|個)に(?:なった|なる|減った|減る))?")
_REMOVAL = {"破壊": "destroyed", "追放": "exiled", "生け贄に捧げ": "sacrificed", "除去": "removed"}
_TYPE_WORD = {"アーティファクト": "artifact", "クリーチャー": "creature", "エンチャント": "enchantment",
              "土地": "land", "パーマネント": "permanent", "プレインズウォーカー": "planeswalker"}


def _removal(s: "Sentence", m: re.Match) -> dict[str, Any]:
    """What was removed before the ability resolved: {event, card | type, controller, remaining}."""
    phrase = m.group(1)
    out: dict[str, Any] = {"event": _REMOVAL[m.group(2)]}
    marks = list(_MARK.finditer(phrase))
    if marks:
        out["card"] = s.card(marks[-1])
    else:
        word = next((en for ja, en in _TYPE_WORD.items() if ja in phrase), None)
        if word:
            out["type"] = word
    if re.search(r"(?:あなた|自分)の(?:コントロールする)?", phrase):
        out["controller"] = "you"
    elif re.search(r"対戦相手の(?:コントロールする)?", phrase):
        out["controller"] = "opponent"
    if m.group(3):
        out["remaining"] = int(m.group(3))
    return out


def _types(run: str) -> list[str]:
    return sorted({v for k, v in _TYPES.items() if k in run})


@dataclass
class Context:
    """What the whole example says about the situation."""
    sentences: list[Sentence]
    cards: list[str]
    situation: dict[str, Any]
    counts: dict[str, int]
    modes: list[tuple[int, str]]          # (sentence index, mode)
    default_subject: str | None
    joined: str = ""
    ability_subject: str | None = None    # a card the example calls 'Xの能力'
    page_card: str | None = None          # the card whose own page this is (title = the card's name)
                      # all normalised sentences, for example-wide searches


def _context(sentences: list[Sentence], ref_cards: list[str], page_card: str | None = None) -> Context:
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
        for m in _COUNT_OF.finditer(n):
            counts[s.card(m.group(2)) or ""] = int(m.group(1))
        for m in _CONTROL.finditer(n):
            who = "opponent" if m.group(1) == "対戦相手" else "you"
            board.setdefault(who, [])
            for mk in _MARK.finditer(m.group(2)):           # 《X》と《Y》をコントロールしている
                if s.card(mk) not in board[who]:
                    board[who].append(s.card(mk))
        for m in _CONTROL_ONLY.finditer(n):
            who = "opponent" if m.group(1) == "対戦相手" else "you"
            other = "you" if who == "opponent" else "opponent"
            board.setdefault(who, []).append(_TYPE_WORD.get(m.group(2), m.group(2)))
            board.setdefault(other, [])
        for m in re.finditer(r"〔(\d+)〕を(?:戦場に)?出した", n):
            who = "opponent" if re.search(r"対戦相手が[^。〔]*$", n[:m.start()]) else "you"
            c = s.card(m)
            if c not in sum(board.values(), []):
                board.setdefault(who, []).append(c)
        for name, pat in _EVENTS:
            if re.search(pat, n) and name not in events:
                events.append(name)
        for m in _SPELL_IS.finditer(n):
            if not re.match(r"では|じゃ", n[m.end(1) + 2:m.end(1) + 4]):
                spell_types.update(_types(m.group(1)))
        for mode, pat in _MODES:
            if re.search(pat, n):
                modes.append((i, mode))
        m = _ACTIVATIONS.search(n)
        if m:
            sit["actions"] = {"activate": int(m.group(1) or m.group(2))}
        m = _BEFORE_RESOLUTION.search(n)
        if m and "before_resolution" not in sit:
            sit["before_resolution"] = _removal(s, m)
        for m in re.finditer(r"〔(\d+)〕を(?:戦場に)?出した|〔(\d+)〕が戦場に出た(?:とき|時|際)?", n):
            c = s.card(m.group(1) or m.group(2))
            if c and c not in sit.setdefault("entered", []):
                sit["entered"].append(c)
        if re.search(r"対象が(?:不適正|無くな|なくな|不正)|不適正な対象", n):
            sit["target_illegal"] = True
        if re.search(r"信心の数が(?:足り|少な)", n):
            sit["devotion_insufficient"] = True
        if re.search(r"スタック(?:領域)?(?:で|上で|にある|上にある)", n) and "zone" not in sit:
            sit["zone"] = "stack"
        if "混成" in n:
            sit["symbols"] = "hybrid"
        if "ファイレクシア" in n:
            sit["symbols"] = "phyrexian"
        if re.search(r"追加で(?:もう\d+回)?誘発", n):
            sit["extra_trigger"] = True
        if re.search(r"アクティブ・プレイヤー", n):
            sit["active_player"] = True
    if board:
        sit["board"] = {k: [x for x in v if x] for k, v in board.items()}
    if events:
        sit["events"] = events
    if spell_types:
        sit["spell_types"] = sorted(spell_types)
    cause = None
    for s in sentences:                      # 《急報》によって…: the card by which the event happened
        for m in re.finditer(r"〔(\d+)〕(?:によって|により|で(?!は))", s.norm):
            if re.match(r"[^。、]*?(?:打ち消|対象に)", s.norm[m.end():]):
                continue                     # 《否認》で打ち消せる: a counterspell, not a cause
            cause = s.card(m)
            break
        if cause:
            break
    if cause:
        sit["cause"] = cause
    ability = None
    for s in sentences:
        m = re.search(r"〔(\d+)〕の(?:[-+]?\d+)?(?:状態誘発型|再帰誘発型|遅延誘発型|誘発型|起動型)?能力", s.norm)
        if m:
            ability = s.card(m)
            break
    subject = ability or next((c for c in cards if c != cause), None) or page_card
    return Context(sentences, cards, sit, counts, modes, subject, " ".join(x.norm for x in sentences), ability,
                   page_card)


# --------------------------------------------------------------------------------------------- patterns

Found = tuple[str, dict[str, Any], dict[str, Any], str | None]     # kind, situation, outcome, subject


def _subject_before(s: Sentence, pos: int, ctx: Context, strict: bool = False) -> str | None:
    """The card the statement is about: 'Xの能力' before ``pos``, else the last card marked as a topic or
    subject (は/が/の/も), else the example's subject.  ``strict`` (trigger claims): only a card the example
    calls 'Xの能力' — naming a card is not enough to say whose ability triggers."""
    head = s.norm[:pos]
    ms = list(re.finditer(r"〔(\d+)〕の(?:[-+]?\d+)?(?:状態誘発型|再帰誘発型|遅延誘発型|誘発型|起動型)?能力", head))
    if ms:
        return s.card(ms[-1])
    # the last card marked as topic/subject; for trigger claims 'Xの' must be 'Xの能力' (above): 'Xの明滅処理中に'
    # does not make X the owner of what triggers
    particles = r"(?:は|が|も)" if strict else r"(?:は|が|の|も)"
    ms = [m for m in _MARK.finditer(head) if re.match(r"(?:/[^、。〔]*?)?" + particles, head[m.end():])]
    if ms:
        return s.card(ms[-1])
    # on a card's own page, 'this ability' / a bare 誘発する is that card's
    return (ctx.ability_subject or ctx.page_card) if strict else ctx.default_subject


def _mode_for(ctx: Context, si: int) -> str | None:
    before = [m for i, m in ctx.modes if i <= si]
    if before:
        return before[-1]
    return ctx.modes[0][1] if ctx.modes else None


_TIMES = re.compile(r"(?<!しか)(?<!1ターンに)(?<!もう)(?<!\d)(\d+)\s*(?:回|度)(?:ずつ)?\s*"
                    r"(?:誘発する(?!ことは|こともない)|誘発します|誘発した(?!ら|場合|とき|時)|誘発し、|誘発される(?!ことは))")
_ONLY_TIMES = re.compile(r"(?<!ターンに)(?<!ターンに )(?<!\d)(\d+)\s*(?:回|度)しか誘発し(?:ない|ません)")
_EXTRA_TIMES = re.compile(r"追加で(?:もう)?(\d+)\s*回誘発する")
_PER_OBJECT = re.compile(r"([^。、]*?)(?:の数|の枚数|の体数)(?:だけ|と(?:同じ|おなじ)回数(?:だけ)?|に等しい回数)\s*"
                         r"誘発(?!しない|しません|することは|されない|されることは)")
# a bare sentence-final "…は誘発する": it triggers (once for the event, CR 603.2)
_TRIGGERS = re.compile(r"(?<![回度け数み])(?<!追加で)(?:誘発(?:する|します)(?=。|$|\)|が、)|誘発し(?=、))")
_NO_TRIGGER = re.compile(r"(?<!しか)(?<!追加で)(?:誘発しない|誘発しません|誘発(?:す|され)ることは(?:ない|ありません)|誘発することもない"
                         r"|誘発させない|誘発されない)")
_ONCE = re.compile(r"1\s*ターンに\s*1\s*(?:回|度)しか(?:誘発し(?:ない|ません)|行え(?:ない|ず|ません)|起動でき(?:ない|ず|ません)"
                   r"|解決し(?:ない|ません))")
_COUNTER = re.compile(r"〔(\d+)〕\s*(?:で|では|によって|によっては|でも|なら)(?:[^。〔]*?〔\d+〕を)?[^。〔]*?"
                      r"打ち消(せる|せない|せず|せます|せません|すことができる|すことができない|すことはできない"
                      r"|すことができず|すことができます|すことはできません|される|されない)")
# the source: a card not followed by を (《X》を…対象に: X is what is targeted); an optional named target between
_TARGET = re.compile(r"〔(\d+)〕(?!\s*(?:/[^、。〔]*?)?を)\s*(?:で|では|は|によって)?"
                     r"(?:[^。〔]*?〔(?P<t>\d+)〕(?:/[^、。〔]*?)?を)?[^。〔]*?対象に(?:取|と|選|す)?"
                     r"(?P<form>れず|れない|れる|ることが?は?でき(?:る|ない|ず|ます|ません)|べない|べる"
                     r"|ぶことが?は?でき(?:る|ない|ず)|できない|できる)")
_DEVOTION = re.compile(r"(白|青|黒|赤|緑)(?:へ|に対する)の信心[^。]*?(?:は|合計|が)\s*(\d+|[一二三四五六七八九十]+)\s*(?:である|です|となる|になる|だ|。|\)|$)")
_ENTERS_AS = re.compile(_TYPE_RUN + r"(?:として|の状態で|で)戦場に(?:出る|出ます|出た)")
_NOTHING = re.compile(r"(?:何|なに)も(?:起き|起こら|起こり|し|起こさ)(?:ない|ません)")
_MUST_TARGET = re.compile(r"([^。、]*?)を対象に(?:選|と|取)[^。]*?(?:なくてはならない|なければならない|ねばならない|なくてはいけない)")
_FREE_ORDER = re.compile(r"どちらを先に[^。]*?(?:てもよい|ても良い|ても構わない|られる|できる)|好きな順(?:番)?で[^。]*スタックに")
_FIRST = re.compile(r"〔(\d+)〕[^。〔]*?が先に(?:なる|置|解決|スタック)")
_CHOICE = re.compile(r"(支払うか|生け贄に捧げるか|するか|選ぶか|唱えるか)(?:を|どうかを?)?(?:決める|選択する|選ぶ|選択)の?は[^。]*?解決時"
                     r"|解決時に[^。]*?(?:か|かどうか)?を?(?:決める|選ぶ|選択する|決定する)")
_RETURN = re.compile(r"戻(?:す(?:事|こと)は?が?(?:でき|出来)(ない|ず|る)|せ(ない|ず|る)|ら(ない)|ってくる)")
_FINDS = re.compile(r"見つけ(?:てくる|て来る|る)?(?:事|こと)は?が?(?:でき|出来)(ない|ず|る)")
_DESTROYED = re.compile(r"(\d+)\s*体(?:しか|のみ|だけ)?(?:を)?破壊(?:できない|する|される|できる)")
_COUNTERS = re.compile(r"(\+1/\+1|-1/-1)?カウンター[^。]*?(\d+)\s*個(?:のみ|しか|だけ|置)")
_ORDER = re.compile(r"先に解決した方から((?:「[^」]+」)+)になる")
# "…4/1になる" / "2/2のクリーチャーが戦場に出る"; not "通常は1/1であるクリーチャー" (what it was, not what it becomes)
_PT = re.compile(r"(\d+)/(\d+)(?:のクリーチャー|の土地・クリーチャー)?\s*(?:になる|となる|に戻る"
                 r"|である(?![^、。]*?(?:クリーチャー|呪文)(?:が|を|は))|が(?:戦場|場)に出る)")
_LIFE = re.compile(r"(\d+)\s*点のライフを(得る|失う)")
_EFFECT_WORDS = [(re.compile(r"占術\s*(\d+)"), "scry {}"), (re.compile(r"カードを\s*(\d+)\s*枚引く"), "draw {}"),
                 (re.compile(r"諜報\s*(\d+)"), "surveil {}")]


def _effect(phrase: str) -> str:
    for rx, fmt in _EFFECT_WORDS:
        m = rx.search(phrase)
        if m:
            return fmt.format(m.group(1))
    return phrase


def _event_of(phrase: str) -> str | None:
    for name, pat in _EVENTS:
        if re.search(pat, phrase):
            return name
    return None


def _objects(s: Sentence, phrase: str, ctx: Context) -> list[dict[str, Any]]:
    out = []
    for m in _MARK.finditer(phrase):
        if re.match(r"(?:/[^、。〔]*?)?(?:によって|により|の効果で|で(?!は))", phrase[m.end():]):
            continue                                   # 《急報》によって出たクリーチャー: the cause, not the objects
        c = s.card(m)
        out.append({"card": c, **({"n": ctx.counts[c]} if c in ctx.counts else {})})
    if not out:
        for word, en in _TYPE_WORD.items():
            if word in phrase:
                out.append({"type": en})
                break
    return out


def find_trigger_count(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in _TIMES.finditer(s.norm):
        out.append(("trigger_count", _trigger_situation(s, m.start(), ctx), {"times": int(m.group(1))},
                    _subject_before(s, m.start(), ctx, strict=True)))
    if not out and not _PER_OBJECT.search(s.norm) and not _ONCE.search(s.norm):
        for m in _TRIGGERS.finditer(s.norm):
            out.append(("trigger_count", _trigger_situation(s, m.start(), ctx), {"times": 1},
                        _subject_before(s, m.start(), ctx, strict=True)))
    for m in _ONLY_TIMES.finditer(s.norm):
        out.append(("trigger_count", _trigger_situation(s, m.start(), ctx), {"times": int(m.group(1))},
                    _subject_before(s, m.start(), ctx, strict=True)))
    for m in _EXTRA_TIMES.finditer(s.norm):
        n = int(m.group(1))
        head = s.norm[:m.start()]
        if "なら" in head and not ctx.ability_subject and ctx.page_card and not s.cards:
            # the additional-trigger effect's own wording on its card's page ("…が誘発するなら、その能力は
            # 追加でもう1回誘発する"): the page's card makes other abilities trigger again (CR 603.2d)
            sit: dict[str, Any] = {"extra": n, "extra_source": ctx.page_card, "event": _event_of(head)}
            alts = _alternatives(head)
            if alts:
                sit["objects_any"] = alts
            if re.search(r"(?:あなた|自分)が?コントロールする", head):
                sit["controller"] = "you"
            out.append(("trigger_count", sit, {"times": 1 + n}, None))
            continue
        out.append(("trigger_count", {"extra": n}, {"times": 1 + n}, _subject_before(s, m.start(), ctx, strict=True)))
    for m in _PER_OBJECT.finditer(s.norm):
        phrase = m.group(1)
        tail = re.split(r"(?:能力|は|が)", phrase)[-1] or phrase
        objs = _objects(s, tail, ctx)
        if not objs:                                   # 戦場に出た山: a short name the ruler left bare
            objs = [{"card": c, "n": n} for c, n in ctx.counts.items() if c and c != ctx.default_subject]
        sit = {"event": _event_of(tail) or _first_event(ctx), "objects": objs}
        outcome: dict[str, Any] = {"times": "per_object"}
        ns = [o["n"] for o in objs if "n" in o]
        if len(ns) == 1:
            outcome["n"] = ns[0]
        out.append(("trigger_count", sit, outcome, _subject_before(s, m.start(), ctx, strict=True)))
    return out


_ALT_OBJECT = re.compile(r"(アーティファクト|クリーチャー|エンチャント|土地|パーマネント|プレインズウォーカー)\s*(\d+)\s*(?:つ|体|枚)")


def _alternatives(head: str) -> list[dict[str, Any]]:
    """'アーティファクト1つかクリーチャー1体が戦場に出た' → [{type: artifact, n: 1}, {type: creature, n: 1}]."""
    m = re.search(r"((?:" + _ALT_OBJECT.pattern + r")(?:か|または|や)?)+(?=が)", head)
    if not m:
        return []
    return [{"type": _TYPE_WORD[t], "n": int(k)} for t, k in _ALT_OBJECT.findall(m.group(0))]


def _trigger_situation(s: Sentence, pos: int, ctx: Context) -> dict[str, Any]:
    """event and objects for trigger_count / no_trigger: from the sentence, else from the example."""
    head = s.norm[:pos]
    q = re.search(r"「([^」]*)」[^。]*$", head)          # 「クリーチャーが戦場に出た時〜」という類の能力
    per = _PER_OBJECT_HEAD.search(head)
    tail = re.split(r"(?:能力|は|が)", per.group(1))[-1] if per else ""
    ev = (_event_of(q.group(1)) if q else None) or (_event_of(tail) if tail else None) or _event_of(head)
    sit: dict[str, Any] = {"event": ev or _first_event(ctx)}
    objs = _objects(s, tail, ctx) if tail else []
    if not objs:
        objs = [{"card": c, "n": n} for c, n in ctx.counts.items() if c and c != ctx.default_subject]
    for m2 in re.finditer(r"(\d+)\s*(?:体|枚|つ)の([^\s、。〔]+?)(?:が|を)", ctx.joined):
        word = m2.group(2)
        if word in _TYPE_WORD:
            objs.append({"type": _TYPE_WORD[word], "n": int(m2.group(1))})
    if objs:
        sit["objects"] = objs
    generic = ("誘発型能力", "起動型能力", "常在型能力", "遅延誘発型能力", "再帰誘発型能力", "状態誘発型能力", "能力")
    for k in s.keywords:                               # 英雄的能力は…誘発します: a keyword ability in general
        if k not in generic and re.search(re.escape(k) + r"(?:能力(?:を持つ[^、。]*?)?(?:は|を)|を持つ[^、。]*?は)", s.norm[:pos + 12]):
            sit["ability_keyword"] = k
            break
    return sit


_PER_OBJECT_HEAD = re.compile(r"([^。、]*?)(?:の数|の枚数|の体数)(?:だけ|と(?:同じ|おなじ)回数(?:だけ)?|に等しい回数)\s*$")


def _first_event(ctx: Context) -> str | None:
    """The example's trigger event: the first event that is not just an effect (destroyed/exiled/…)."""
    ev = ctx.situation.get("events") or []
    events = [e for e in ev if e not in ("destroyed", "exiled", "sacrificed")] or ev
    return events[0] if events else None


_NEG_COUNT = re.compile(r"(?<!もう)(?<!\d)(\d+)\s*(?:回|度)(?:は|も|ずつ)?\s*$")
_NEG_PER_OBJECT = re.compile(r"([^。、]*?)(?:の数|の枚数|の体数)(?:だけ|と(?:同じ|おなじ)回数(?:だけ)?|に等しい回数)(?:は)?\s*$")


def find_no_trigger(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """誘発しない = times 0; but a negated count ('2回は誘発しない', '山の数だけ誘発しない') says only that it does
    not trigger that many times: a trigger_count with ``negated: true``."""
    if _ONCE.search(s.norm):
        return []
    out: list[Found] = []
    for m in _NO_TRIGGER.finditer(s.norm):
        head = s.norm[:m.start()]
        subject = _subject_before(s, m.start(), ctx, strict=True)
        nc = _NEG_COUNT.search(head)
        npo = None if nc else _NEG_PER_OBJECT.search(head)
        if nc:
            sit = _trigger_situation(s, nc.start(), ctx)
            out.append(("trigger_count", sit, {"times": int(nc.group(1)), "negated": True}, subject))
        elif npo:
            tail = re.split(r"(?:能力|は|が)", npo.group(1))[-1] or npo.group(1)
            objs = _objects(s, tail, ctx) or [{"card": c, "n": n} for c, n in ctx.counts.items()
                                              if c and c != ctx.default_subject]
            sit = {"event": _event_of(tail) or _first_event(ctx), "objects": objs}
            outcome: dict[str, Any] = {"times": "per_object", "negated": True}
            ns = [o["n"] for o in objs if "n" in o]
            if len(ns) == 1:
                outcome["n"] = ns[0]
            out.append(("trigger_count", sit, outcome, subject))
        else:
            out.append(("no_trigger", _trigger_situation(s, m.start(), ctx), {"times": 0}, subject))
    return out


def find_can_counter(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in _COUNTER.finditer(s.norm):
        counter = s.card(m)
        form = m.group(2)
        can = not NEG.search(form) and form != "されない"
        spell = None
        m2 = re.search(r"〔(\d+)〕を(?:[^。〔]*?〔\d+〕(?:で|では|によって|でも))?[^。〔]*?打ち消", s.norm)
        if m2:
            spell = s.card(m2)
        sit = {"spell": spell, "mode": _mode_for(ctx, si), "counter": counter}
        for k in ("spell_types", "zone"):
            if k in ctx.situation:
                sit[k] = ctx.situation[k]
        out.append(("can_counter", sit, {"can": can}, counter))
    return out


def find_can_target(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in _TARGET.finditer(s.norm):
        source = s.card(m)
        form = m.group("form")
        can = not NEG.search(form)
        before = re.search(r"〔(\d+)〕(?:/[^、。〔]*?)?を$", s.norm[:m.start()])      # 《神》を《否認》の対象に
        named = s.card(m.group("t")) if m.group("t") else (s.card(before.group(1)) if before else None)
        sit = {"source": source, "target": named, "mode": _mode_for(ctx, si)}
        for k in ("spell_types", "zone"):
            if k in ctx.situation:
                sit[k] = ctx.situation[k]
        # 'スタック上の神を《否認》の対象に取ることはできず' / '《対抗呪文》は…その呪文自身を対象に…': what is
        # targeted, where
        obj = re.search(r"([^、。〔]*)を$", s.norm[:m.start()]) or \
            re.search(r"([^、。〔]*)を対象に", s.norm[m.end(1) + 1:m.end()])
        if re.search(r"スタック(?:上|にある)の?〔", s.norm[m.start():m.end()]):
            sit["zone"] = "stack"                              # 《否認》はスタック上の《神》を対象に
        if obj:
            phrase = obj.group(1)
            if re.search(r"スタック(?:上|にある)", phrase):
                sit["zone"] = "stack"
            if re.search(r"(?:その呪文|それ)?自身$", phrase):
                sit["target"] = source                         # 'cannot target itself' (CR 115.5)
            kind = next((k for k in _TARGET_KINDS if k in phrase), None)
            if kind:
                sit["target_kind"] = kind
        out.append(("can_target", sit, {"can": can}, source))
    return out


# words for "a card of this kind" that the cross-check can read as a set of cards (its topic filters)
_TARGET_KINDS = ("神", "授与")

_COLORS = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G"}


# "赤への信心は、…計算されて5であり": the number closes a longer clause
_DEVOTION_LATE = re.compile(r"(白|青|黒|赤|緑)(?:へ|に対する)の信心(?:は|が)、[^。「」]*?(\d+|[一二三四五六七八九十]+)\s*(?:であり|である|です|となり|となる|になる)")
_COST_PERMANENT = re.compile(r"(?:もう|さらに)?(\d+)\s*つ(?:の)?(?:マナ・)?コストが((?:\{[^}]+\})+)の(?:パーマネント|クリーチャー)"
                             r"|(?:マナ・)?コストが((?:\{[^}]+\})+)の(?:パーマネント|クリーチャー)")


def _stated_permanents(s: Sentence, ctx: Context) -> list[Any]:
    """'プレイヤーがこの両方のパーマネントと、もう1つコストが{R}{R}{R}のパーマネントをコントロールしている':
    the example's cards, and permanents given by their mana cost ({cost, n})."""
    out: list[Any] = []
    if re.search(r"(?:この|これらの)(?:両方|2つ|全て|すべて)?の?パーマネント", s.norm):
        out += [c for c in ctx.cards]
    for m in _COST_PERMANENT.finditer(s.norm):
        out.append({"cost": m.group(2) or m.group(3), "n": int(m.group(1)) if m.group(1) else 1})
    return out


def find_devotion(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    found = list(_DEVOTION.finditer(s.norm)) or list(_DEVOTION_LATE.finditer(s.norm))
    for m in found:
        color = _COLORS[m.group(1)]
        named = [s.card(x) for x in _MARK.finditer(m.group(0))]
        stated = _stated_permanents(s, ctx)
        if stated:
            named = stated + [c for c in named if c not in stated]
        elif not named and (ctx.situation.get("board") or {}).get("you"):
            named = list(ctx.situation["board"]["you"])   # 'あなたが《X》と《Y》をコントロールしているとき'
        sit: dict[str, Any] = {"player": "you", "color": color, "permanents": named}
        if "symbols" in ctx.situation:
            sit["symbols"] = ctx.situation["symbols"]
        subject = ctx.default_subject if ctx.cards else None
        v = m.group(2)
        value = int(v) if v.isdigit() else kanji_int(v)
        out.append(("devotion", sit, {"color": color, "value": value}, subject))
    return out


def find_enters_as(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in _ENTERS_AS.finditer(s.norm):
        types = [t for t in _types(m.group(1)) if t != "Aura"]
        if not types:
            continue
        sit = {"spell": ctx.default_subject, "mode": _mode_for(ctx, si),
               "target_illegal": bool(ctx.situation.get("target_illegal"))}
        out.append(("enters_as", sit, {"types": types, "zone": "battlefield"}, ctx.default_subject))
    return out


def find_nothing(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = _NOTHING.search(s.norm)
    if not m:
        return []
    sit = {"events": ctx.situation.get("events", [])}
    return [("nothing_happens", sit, {"nothing": True}, _subject_before(s, m.start(), ctx))]


def find_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    outcome: dict[str, Any] = {}
    first = None
    for m in _DESTROYED.finditer(s.norm):
        if m.group(0).endswith("できない") and not re.search(r"体(?:しか|のみ|だけ)", m.group(0)):
            continue                     # '2体破壊できない': cannot destroy two, not 'two are destroyed'
        outcome["destroyed"] = int(m.group(1))
        first = first if first is not None else m.start()
    for m in _COUNTERS.finditer(s.norm):
        if m.group(0).endswith("置") and re.match(r"(?:か|け|く)(?:れ)?(?:ない|ず|ません)|くことは(?:ない|でき)",
                                                 s.norm[m.end():]):
            continue                     # 'カウンターは2個置かれない': a negated number is not the outcome
        stated = re.findall(r"([+-]\d+/[+-]\d+)カウンター", ctx.joined)
        kind = m.group(1) or (stated[0] if stated else ctx.situation.get("counter_kind"))
        outcome["counters"] = {"kind": kind, "n": int(m.group(2))}
        first = first if first is not None else m.start()
    m = _ORDER.search(s.norm)
    if m:
        outcome["order"] = [_effect(p) for p in re.findall(r"「([^」]+)」", m.group(1))]
        first = first if first is not None else m.start()
    unquoted = re.sub(r"「[^」]*」", "「」", s.norm)          # card text in quotes is not an outcome
    pts = list(_PT.finditer(unquoted))
    if pts:
        outcome["pt"] = f"{pts[-1].group(1)}/{pts[-1].group(2)}"
        first = first if first is not None else 0
    for m in _LIFE.finditer(s.norm):
        if re.match(r"(?:こと)?(?:は|も)?(?:ない|でき(?:ない|ず)|ありません)", s.norm[m.end():]):
            continue                     # 'ライフを得ることはない': not gained
        life = outcome.setdefault("life", {})
        life["gain" if m.group(2) == "得る" else "lose"] = int(m.group(1))
        clause = s.norm[max(s.norm.rfind("、", 0, m.start()), s.norm.rfind("。", 0, m.start())) + 1:m.start()]
        if re.search(r"対戦相手(?:は|が)", clause):
            life["player"] = "opponent"
        first = first if first is not None else m.start()
    if not outcome:
        return []
    sit = {k: ctx.situation[k] for k in ("actions", "extra_trigger", "events") if k in ctx.situation}
    return [("result", sit, outcome, _subject_before(s, first or 0, ctx))]


def find_must_target(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = _MUST_TARGET.search(s.norm)
    if not m:
        return []
    phrase = re.split(r"[はもが、]", m.group(1))[-1]
    target: str | None = None
    controller = None
    mk = _MARK.search(phrase)
    if mk:
        target = s.card(mk)
    else:
        word = next((en for ja, en in _TYPE_WORD.items() if ja in phrase), phrase)
        if re.search(r"(?:自分|あなた)の(?:コントロールする)?", phrase):
            target, controller = f"own {word}", "you"
        elif re.search(r"対戦相手の(?:コントロールする)?", phrase):
            target, controller = f"opponent's {word}", "opponent"
        else:
            target = word
    sit = {"source": _subject_before(s, len(s.norm), ctx)}
    if "board" in ctx.situation:
        sit["board"] = ctx.situation["board"]
    return [("must_target", sit, {"target": target, "controller": controller}, sit["source"])]


def find_stack_order(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    sit: dict[str, Any] = {"triggers": list(ctx.cards)}
    if "board" in ctx.situation:
        sit["controllers"] = ctx.situation["board"]
    if _FREE_ORDER.search(s.norm):
        out.append(("stack_order", dict(sit), {"free_order": True}, ctx.default_subject))
    m = _FIRST.search(s.norm)
    if m and ("スタック" in s.norm or "置く順" in s.norm):
        first = s.card(m)
        sit2 = dict(sit)
        active, nonactive = _combat_sides(ctx)
        if active and nonactive:
            # who controls what comes from the events (the attacker's controller is the active player, CR
            # 506.2), never from the clause that states the outcome — else the check could not fail
            sit2["controllers"] = {"active": active, "nonactive": nonactive}
            sit2["order_rule"] = "APNAP"
        elif re.search(r"アクティブ・プレイヤーの(?:コントロールする)?[^。]*?〔" + m.group(1) + "〕", s.norm):
            sit2["controllers"] = {"active": [first], "nonactive": [c for c in ctx.cards if c != first]}
            sit2["order_rule"] = "APNAP"
        out.append(("stack_order", sit2, {"first": first}, first))
    return out


_NAME_TAIL = r"(?:/[^、。〔]*?)?"


def _combat_sides(ctx: Context) -> tuple[list[str], list[str]]:
    """Cards the example says attack (their controller is the active player) and block (the defending,
    non-active player): 'Xが攻撃し、Yにブロックされ' / 'YがXをブロックし'."""
    active: list[str] = []
    nonactive: list[str] = []

    def add(lst: list[str], c: str | None) -> None:
        if c and c not in lst:
            lst.append(c)
    for s in ctx.sentences:
        for m in re.finditer(r"〔(\d+)〕" + _NAME_TAIL + r"(?:が|は)攻撃", s.norm):
            add(active, s.card(m))
        for m in re.finditer(r"〔(\d+)〕" + _NAME_TAIL + r"に(?:よって)?ブロックされ", s.norm):
            add(nonactive, s.card(m))
        for m in re.finditer(r"〔(\d+)〕" + _NAME_TAIL + r"(?:が|は)〔(\d+)〕" + _NAME_TAIL + r"をブロック", s.norm):
            add(nonactive, s.card(m.group(1)))
            add(active, s.card(m.group(2)))
    return active, [c for c in nonactive if c not in active]


def find_once_per_turn(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = _ONCE.search(s.norm)
    if not m:
        return []
    extra = None
    if re.search(r"追加で誘発(?:すること|は)?(?:はない|しない)", s.norm):
        extra = False
    elif re.search(r"追加で誘発はする|追加で誘発する", s.norm):
        extra = True
    sit = {"source": _subject_before(s, len(s.norm), ctx), "extra_trigger_effects": True}
    return [("once_per_turn", sit, {"max_times": 1, "extra_trigger": extra}, sit["source"])]


def find_choice(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = _CHOICE.search(s.norm)
    if not m:
        return []
    head = s.norm[:m.end()]
    choice = "pay" if "支払" in head else "sacrifice" if "生け贄" in head else "may"
    sit = {"source": _subject_before(s, m.start(), ctx), "choice": choice}
    return [("choice_on_resolution", sit, {"decided": "resolution"}, sit["source"])]


def find_return(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    m = _RETURN.search(s.norm)
    if m and "戦場" in s.norm[:m.start()]:
        neg = next((g for g in m.groups() if g), "")
        returned = not (neg.startswith("な") or neg == "ず")
        mk = list(re.finditer(r"〔(\d+)〕を", s.norm[:m.start()]))
        subject = s.card(mk[-1]) if mk else ctx.default_subject
        sit = {k: ctx.situation[k] for k in ("cause", "events") if k in ctx.situation}
        head = s.norm[:m.start()]
        kw = [k for k in s.keywords if re.search(re.escape(k) + r"(?:能力)?は", head)] or s.keywords
        if kw:
            sit["ability"] = kw[0]
        out.append(("no_return", sit, {"returned": returned}, subject))
    m = _FINDS.search(s.norm)
    if m:
        found = m.group(1) == "る"
        sit = {k: ctx.situation[k] for k in ("cause", "events") if k in ctx.situation}
        out.append(("finds", sit, {"found": found}, _subject_before(s, m.start(), ctx)))
    return out


_CAN_CAST = re.compile(r"唱え(?:ることは|ることが|ることも)?(でき(?:る|ない|ず|ます|ません)|られ(?:る|ない|ず)(?:ことを妨げない)?)")


def find_can_cast(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Whether a spell may be cast (in a mode): 唱えることはできるが、授与された状態で唱えることはできない."""
    out: list[Found] = []
    if "「" in s.norm and re.search(r"「[^」]*唱え[^」]*」", s.norm) and not re.search(r"」[^「]*唱え", s.norm):
        return out                                   # only quoted card text talks about casting
    prev = 0
    for m in _CAN_CAST.finditer(s.norm):
        if re.search(r"「[^」]*$", s.norm[:m.start()]):
            continue                                 # inside quoted card text
        clause = s.norm[max(prev, s.norm.rfind("、", 0, m.start()) + 1):m.end()]
        prev = m.end()
        form = m.group(1)
        can = form.endswith("妨げない") or not NEG.search(form)
        mode = ("bestow" if re.search(r"授与(?:された状態で|で|コストを支払)", clause)
                else "normal" if re.search(r"クリーチャー・?呪文として|普通に|通常通り", clause) else _mode_for(ctx, si))
        sit: dict[str, Any] = {"mode": mode}
        if "ライブラリー" in s.norm:
            sit["zone"] = "library"
        out.append(("can_cast", sit, {"can": can}, ctx.default_subject))
    return out


_COUNTER_TEXT = re.compile(r"^((?:(?:クリーチャー|アーティファクト|エンチャント|インスタント|ソーサリー|プレインズウォーカー|"
                           r"バトル|・)+呪文\s*(?:1\s*つ)?(?:か|または|、)?)+)を対象と(?:し|する)")
_TYPE_SPELL = re.compile(r"((?:クリーチャー|アーティファクト|エンチャント|インスタント|ソーサリー|プレインズウォーカー|バトル|・)+)呪文")


def find_counter_text(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A counterspell's own wording on its card's page ("クリーチャー呪文1つを対象とする。それを打ち消す。"):
    the page's card can counter a spell of each stated type (one claim per alternative)."""
    if not ctx.page_card or s.cards:
        return []
    m = _COUNTER_TEXT.match(s.norm)
    if not m:
        return []
    rest = s.norm[m.end():]
    nxt = ctx.sentences[si + 1].norm if si + 1 < len(ctx.sentences) else ""
    if not (re.match(r"[、。]?\s*それを打ち消す", rest) or nxt.startswith("それを打ち消す")):
        return []
    out: list[Found] = []
    for t in _TYPE_SPELL.findall(m.group(1)):
        sit = {"spell": None, "mode": None, "counter": ctx.page_card, "spell_types": _types(t)}
        out.append(("can_counter", sit, {"can": True}, ctx.page_card))
    return out


FINDERS: list[Callable[[Sentence, int, Context], list[Found]]] = [
    find_trigger_count, find_no_trigger, find_once_per_turn, find_can_counter, find_can_target, find_devotion,
    find_enters_as, find_nothing, find_result, find_must_target, find_stack_order, find_choice, find_return,
    find_can_cast, find_counter_text,
]


_NTH_RESOLUTION = re.compile(r"(\d+)\s*つ目の(?:起動型能力の|能力の)?解決(?:では|で|時)")

# situation facts read from the whole example that every claim of the example carries (when stated)
CONTEXT_KEYS = ("cause", "board", "events", "target_illegal", "devotion_insufficient", "zone", "actions",
                "symbols", "extra_trigger", "entered", "before_resolution")


def claims_for(sentences: list[Sentence], ref_cards: list[str] = (), answer_text: str | None = None,
               counter_kind: str | None = None, page_card: str | None = None) -> list[tuple[Sentence, Found]]:
    """All findings for one example (or one prose paragraph), in sentence order.

    ``counter_kind``: the one counter kind the whole document talks about (e.g. "+1/+1"), if any."""
    ctx = _context(sentences, list(ref_cards), page_card)
    if counter_kind:
        ctx.situation["counter_kind"] = counter_kind
    out: list[tuple[Sentence, Found]] = []
    quoted = next((q for x in sentences for q in re.findall(r"「([^」]{4,80}?(?:たび|とき|時|場合)[^」]*)」", x.norm)), None)
    for si, s in enumerate(sentences):
        if HEDGE.search(s.norm):
            continue                 # 'X というわけではない': the sentence denies a statement, it does not make one
        for finder in FINDERS:
            for kind, sit, outcome, subject in finder(s, si, ctx):
                nth = _NTH_RESOLUTION.search(s.norm)
                if nth and "actions" in ctx.situation and "actions" not in sit:
                    # "the first activation's resolution": the claim is about the state after N activations
                    sit["actions"] = {k: min(v, int(nth.group(1))) for k, v in ctx.situation["actions"].items()}
                for k in CONTEXT_KEYS:
                    if k in ctx.situation and k not in sit:
                        sit[k] = ctx.situation[k]
                if subject is None and quoted:
                    sit["quoted_ability"] = quoted          # the ability is given by its wording, not a card
                out.append((s, (kind, sit, outcome, subject)))
    if answer_text is not None and sentences:
        m = re.fullmatch(r"(\d+)\s*(?:体|つ)。?", normalise(answer_text).strip())
        if m:                                  # a bare quiz answer 'N体': the number of creatures/tokens made
            sit = {k: ctx.situation[k] for k in ("symbols",) if k in ctx.situation}
            out.append((sentences[0], ("result", sit, {"tokens": int(m.group(1))}, ctx.default_subject)))
    return out


# --------------------------------------------------------------------------------------------- driver

def _answer_of(first_line: str) -> tuple[str | None, str | None]:
    s = first_line.strip()
    m = ANSWER_KEY.match(s) or ANSWER_LABELLED.match(s)
    if m:
        return answer_key(m.group(1), m.group(2)), m.group(3)
    m = QUESTION.match(s)
    if m:
        return (f"Q{unicodedata.normalize('NFKC', m.group(1))}" if m.group(1) else None), None
    return None, None


def _with_english(text: str, span: tuple[int, int, str]) -> tuple[int, int, str]:
    """Extend a card span over a following '/English Name' (wiki link text kept as 'JA/EN')."""
    s, e, en = span
    if text.startswith("/" + en, e):
        e += 1 + len(en)
    return s, e, en


def _ref_spans(text: str, ex: Example | None, names: dict[str, str] | None = None) -> list[tuple[int, int, str]]:
    """Cards the example links to by name (e.g. wiki links), or that the document names with their English
    name elsewhere (``names``), that the pipeline did not know."""
    pairs = {ref.name_ja: ref.name_en for ref in (ex.cards if ex else []) if ref.name_ja and ref.name_en}
    for ja, en in (names or {}).items():
        pairs.setdefault(ja, en)
    out: list[tuple[int, int, str]] = []
    for ja in sorted(pairs, key=len, reverse=True):            # longest first: a name inside another is not one
        en = pairs[ja]
        for m in re.finditer(re.escape(ja) + "(?:/" + re.escape(en) + r"(?:\([A-Z0-9]+\))?)?", text):
            if not any(s < m.end() and m.start() < e for s, e, _ in out):
                out.append((m.start(), m.end(), en))
    return out


_BOX_NAME = re.compile(r"^\s*([A-Z][A-Za-z0-9' ,\-]*[A-Za-z])\s*/\s*([^\s/()（）《》]{2,30})(?:\s*[（(].*)?\s*$")
_BRACKET_NAME = re.compile(r"《([^《》/]{1,30})/([A-Z][A-Za-z0-9' ,\-]*[A-Za-z])(?:\s*\([A-Z0-9]{2,5}\))?》")


def _document_names(text: str) -> dict[str, str]:
    """JA → EN card names a document states itself: a rendered card box ``Radiant Fountain / 光輝の泉`` or
    a bracketed ``《炉のドラゴン/Furnace Dragon(DST)》`` (so a later bare 《炉のドラゴン》 names that card)."""
    out: dict[str, str] = {}
    for line in text.split("\n"):
        m = _BOX_NAME.match(line)
        if m and not re.search(r"[A-Za-z]", m.group(2)):
            out.setdefault(m.group(2), m.group(1))
    for m in _BRACKET_NAME.finditer(text):
        out.setdefault(m.group(1).strip(), m.group(2).strip())
    return out


_EN_NAME = r"[A-Z][A-Za-z0-9'\-]*(?:,? (?:of|the|to|and|a|an|in|from|for|with|[A-Z][A-Za-z0-9'\-]*))*"
_SLASH_EN = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff])/(" + _EN_NAME + r")(?:\([A-Z0-9]{2,5}\))?"
                       r"(?=の(?:状態誘発型|再帰誘発型|遅延誘発型|誘発型|起動型)?能力)")


def _slash_english(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """A wiki-style '日本語名/English Nameの能力' the pipeline and the links do not know: whose ability the
    sentence talks about (the Japanese part stays text; where it starts cannot be told)."""
    out = []
    for m in _SLASH_EN.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            out.append((m.start(), m.end(), m.group(1)))
    return out


def _unknown_bracketed(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """《名前》 the pipeline and the document do not resolve: still a card mention, kept under its Japanese
    name (the cross-check then says that card is not in the card table instead of 'no card named')."""
    out = []
    for m in re.finditer(r"《([^《》/\n]{1,30})》", text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            out.append((m.start() + 1, m.end() - 1, m.group(1).strip()))
    return out


def _topic_keywords(doc: ExtractedDocument, section: tuple[str, ...], known: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for title in reversed(section):
        kw = heading_keyword(title)
        if kw and kw not in out:
            out.append(kw)
            break
    if doc.raw.title in known and doc.raw.title not in out:
        out.append(doc.raw.title)
    return out


def attach_claims(doc: ExtractedDocument, nlp) -> None:
    """Fill ``doc.claims`` and ``doc.unparsed`` (examples that yielded no claim)."""
    from extractor.japanese import cards_in, parse

    doc.claims, doc.unparsed = [], []        # idempotent: a second call replaces, never duplicates
    if nlp is None:                          # no pipeline given: cards come from the examples' own links only
        nlp = _bare_nlp()
    known = nlp.mtgkb_keywords                # keyword name → EN name, from build_nlp
    units: list[tuple[Example | None, list[tuple[int | None, str]]]] = []
    covered: set[int] = set()
    examples = list(doc.examples)
    seen = {e.id for e in examples}
    examples += [e for r in doc.rules for e in r.examples if e.id not in seen]     # CR examples under rules
    for ex in examples:
        segs = example_segments(doc, ex)
        units.append((ex, segs))
        covered.update(line for line, _ in segs if line is not None)
    if doc.raw.form in ("prose", "rendered"):
        off = doc.raw.line_offset
        for i, line in enumerate(doc.raw.text.split("\n")):
            if line.strip() and (i + 1 + off) not in covered:
                units.append((None, [(i + 1 + off, line.strip())]))

    texts = [t for _, segs in units for _, t in segs]
    parsed = iter(parse(nlp, texts))
    claims: list[Claim] = []
    per_line: dict[tuple[int | None, str], int] = {}
    section_at = _section_lookup(doc)
    page_card = _page_card(doc, nlp)
    doc_names = _document_names(doc.raw.text)
    page_end = _page_card_end(doc, page_card)
    boxes = _card_boxes(doc)
    kinds = set(re.findall(r"([+-]\d+/[+-]\d+)カウンター", normalise(doc.raw.text)))
    counter_kind = kinds.pop() if len(kinds) == 1 else None
    for ex, segs in units:
        sentences: list[Sentence] = []
        for line, text in segs:
            sdoc = next(parsed)
            spans = [_with_english(text, sp) for sp in cards_in(sdoc)]
            taken = [(s, e) for s, e, _ in spans]
            spans += [sp for sp in _ref_spans(text, ex, doc_names) if not any(s < sp[1] and sp[0] < e for s, e in taken)]
            spans += _unknown_bracketed(text, [(s, e) for s, e, _ in spans])
            spans += _slash_english(text, [(s, e) for s, e, _ in spans])
            for a, b in split_sentences(text):
                inner = [(s - a, e - a, en) for s, e, en in spans if s >= a and e <= b]
                kws = [e.ent_id_ for e in sdoc.ents if e.label_ == "KEYWORD" and a <= e.start_char < b]
                sentences.append(_sentence(text[a:b], inner, line, list(dict.fromkeys(kws))))
        if not sentences:
            if ex is not None:
                doc.unparsed.append(ex)
            continue
        answer, answer_text = _answer_of(segs[0][1]) if ex is not None else (None, None)
        ref_cards = [r.name_en for r in (ex.cards if ex else []) if r.name_en]
        first_line = sentences[0].line or 0
        in_box = next((en for a, b, en in boxes if a <= first_line <= b), None)
        on_page = in_box or (page_card if first_line < page_end else None)
        found = claims_for(sentences, ref_cards, answer_text, counter_kind, on_page)
        section = ex.prov.section if ex else section_at(sentences[0].line)
        topic = _topic_keywords(doc, section, known)
        n_before = len(claims)
        for sent, (kind, sit, outcome, subject) in found:
            key = (sent.line, kind)
            i = per_line.get(key, 0)
            per_line[key] = i + 1
            cid = "claim:" + hashlib.sha1(f"{doc.raw.key}|{sent.line}|{kind}|{i}".encode("utf-8")).hexdigest()[:12]
            prov = Provenance(document=doc.raw.title, revision=doc.raw.revision, section=tuple(section),
                              line=sent.line, file=doc.raw.path)
            cards = list(dict.fromkeys([*(c for s in sentences for c in s.cards), *ref_cards]))
            claims.append(Claim(id=cid, kind=kind, text=sent.text, prov=prov, subject=subject, cards=cards,
                                keywords=list(dict.fromkeys([*topic, *sent.keywords])), situation=sit,
                                outcome=outcome, example_id=ex.id if ex else None, answer=answer))
        if ex is not None and len(claims) == n_before:
            doc.unparsed.append(ex)
    doc.claims.extend(claims)


_CARD_BOX = re.compile(r"^([A-Za-z][^/]*?)(?:\s*/\s*[^()]+)?(?:\s*\([^()]{1,8}\))+\s*$")


def _page_card_end(doc: ExtractedDocument, page_card: str | None) -> float:
    """The line from which the page's card no longer is the subject: another card's box (a rendered
    'Name / 名前 (色)' heading of a different card) or an unofficial-card section."""
    if not page_card:
        return 0
    off = doc.raw.line_offset
    for i, line in enumerate(doc.raw.text.split("\n")):
        t = line.strip()
        m = _CARD_BOX.match(t)
        if re.match(r"非公式|非実在", t) or (m and m.group(1).strip() != page_card):
            return i + 1 + off
    return float("inf")


def _card_boxes(doc: ExtractedDocument) -> list[tuple[int, int, str]]:
    """(first line, last line, EN name) of the card boxes of a rendered page: the 'Name / 名前 (cost)' line,
    the type line, the rules text, up to the P/T line or a blank line after the text (at most 10 lines).
    The rules text in a box is that card's, whatever page it is on."""
    lines = doc.raw.text.split("\n")
    off = doc.raw.line_offset
    out: list[tuple[int, int, str]] = []
    for i, line in enumerate(lines):
        m = _CARD_BOX.match(line.strip())
        if not m:
            continue
        end, seen_text = i, False
        for j in range(i + 1, min(len(lines), i + 11)):
            t = lines[j].strip()
            if _CARD_BOX.match(t):
                break
            end = j
            if re.fullmatch(r"[\d*X]+/[\d*X]+", t):
                break
            if not t and seen_text and j > i + 2:
                break
            seen_text = seen_text or (bool(t) and j > i + 1)
        out.append((i + 1 + off, end + 1 + off, m.group(1).strip()))
    return out


def _page_card(doc: ExtractedDocument, nlp) -> str | None:
    """The card a page is about: its title (``JA/EN`` or ``JA``, as MTG Wiki card pages are named) is
    exactly one card's name."""
    from extractor.japanese import cards_in, parse

    title = (doc.raw.title or "").replace("_", " ").strip()
    ja, _, en = title.partition("/")
    ja = ja.strip()
    if not ja or len(ja) > 60:
        return None
    en = en.strip()
    # a short name is a card only in context: the title's own 'JA/EN' form, or 《JA》
    forms = ([f"{ja}/{en}"] if en else []) + [ja, f"《{ja}》"]
    for text, tdoc in zip(forms, parse(nlp, forms)):          # the three forms in one pipe batch
        start = 1 if text.startswith("《") else 0
        spans = cards_in(tdoc)
        if len(spans) == 1 and spans[0][0] == start and spans[0][1] == start + len(ja):
            name = spans[0][2]
            if not en or en == name:
                return name
    for ref in doc.card_refs:                      # a page whose title is a [[JA/EN]] name it links to
        if ref.name_en and ref.name_ja == ja and (not en or en == ref.name_en):
            return ref.name_en
    return None


@lru_cache(maxsize=1)
def _bare_nlp():
    from extractor.japanese import build_nlp
    return build_nlp([], ())


def _section_lookup(doc: ExtractedDocument) -> Callable[[int | None], tuple[str, ...]]:
    heads = sorted(((s.prov.line or 0), s.prov.section) for s in doc.sections)

    def at(line: int | None) -> tuple[str, ...]:
        cur: tuple[str, ...] = ()
        for ln, sec in heads:
            if line is not None and ln <= line:
                cur = sec
        return cur
    return at
