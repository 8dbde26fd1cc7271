"""Statements read by composition (issue 20): a sentence is a situation (objects named or described, their
controllers and state), events in order, and an outcome, combined by its clause structure.

The pieces are small tables, each entry added once and read in every sentence built from it:

- **objects** (:func:`object_of`): a card mark 〔i〕, or a described object — the keyword run a phrase states
  (「接死とトランプルを持つ」, 「プロテクション（赤）を持つ」, :data:`KEYWORD_RUN`) and the rest read by the Japanese
  card grammar's object phrase (:data:`extractor.ja_card.objects.OBJECT`: types, colours, controller, token …);
- **predicates** (:data:`PREDICATES`): a verb phrase (「ダメージを受け」, 「破壊され」, 「オーナーの墓地に置かれ」,
  「ブロックでき」) with the case roles its arguments take (は/が/も: subject, に: dative, から: source);
- **clauses** (:func:`clauses`): …場合 / …とき / …と、 / …たら / …ても / …ので split a sentence; every clause but
  the last states events (in order), the last one the outcome; a predicate joined by 「て」 to the next is an
  event of it (「破壊されて墓地に置かれる」);
- **polarity** (:func:`_polarity`): 〜ない / 〜ず / 〜ません after the outcome's verb, できる / できない.

Every word of the sentence must be read by some piece or be a filler (particles, connectives, pronouns of an
object already read): a sentence with any other word gives no composed reading — it never drops a fact.  One claim kind, ``composed`` (docs/design.md, "Claims"): ``situation.actors``
({role letter: card or description}), ``situation.sequence`` ([{event, <role>: letter, n?}], in order);
``outcome`` = {check, <role>: letter, …, holds: bool}.  The checker is :mod:`engine.crosscheck.outcome`.
"""
from __future__ import annotations

import copy
from functools import lru_cache

import re
from typing import Any

from extractor.claims import compose_amounts as amounts
from extractor.claims import compose_combat as combat
from extractor.claims import compose_gains as gains
from extractor.claims import compose_mechanics as mechanics
from extractor.claims import compose_spells as spells
from extractor.claims import compose_traits as traits
from extractor.claims import compose_triggers as triggers
from extractor.claims.context import Context
from extractor.claims.conditions import card_fact
from extractor.claims.registry import Found, register
from extractor.claims.sentences import MARK, Sentence
from extractor.ja_card.described import describe_object
from extractor.lexicon import lexicon
from extractor.regex_need import NeedIndex, needed_chars

LEX = lexicon()

# -- objects ------------------------------------------------------------------------------------------------
_KW_WORDS = sorted(LEX.words("keyword_abilities"), key=len, reverse=True)
_KW = "|".join(map(re.escape, _KW_WORDS))
_PROT = r"プロテクション\s*[(（]([^)）]{1,20})[)）]"
_KW_ITEM = rf"(?:{_KW}|{_PROT})"
# 「接死とトランプルを持つ」「先制攻撃を持っている」「絆魂持ちの」: the keyword run a described object states
KEYWORD_RUN = re.compile(rf"((?:{_KW_ITEM})(?:\s*(?:と|や|、|および|・)\s*(?:{_KW_ITEM}))*)(?:の両方|を両方(?=持))?"
                         r"(?:を持つ|を持っている|を持った|持ちの|(?<=両方)持(?:つ|っている|った))"
                         # a keyword that is itself an adjective (「破壊されないクリーチャー」, 702.12)
                         rf"|(?P<adj>{'|'.join(w for w in _KW_WORDS if w.endswith('ない'))})(?=[^\s、。])")
# (「飛行・到達を持たない」: a list joined by 「・」 as by 「や」, as the keyword run above reads it)
_KW_LACKS = re.compile(rf"^(?:{_KW_ITEM})(?:\s*(?:も|と|や|、|・|および)\s*(?:{_KW_ITEM}))*(?:も|を)?(?:持たない|持っていない)")
_KW_NOUN = re.compile(rf"({_KW})持ち")
_BLOCKER = re.compile(r"ブロック・?クリーチャー|ブロックしている(?:クリーチャー)?|ブロッカー")
_DEFENDER = re.compile(r"(?:防御|防御側の?)プレイヤー")
_REST = re.compile(r"残り(?:の(?:戦闘)?ダメージ)?")
_COUNTERS = re.compile(r"([+\-−]1/[+\-−]1)カウンター(?:が|を)?(?:(\d+)個)?")


def _keywords(run: str) -> tuple[list[str], list[str]]:
    kws = [LEX.value("keyword_abilities", w) for w in re.findall(_KW, re.sub(_PROT, "", run))]
    prot = [en for m in re.finditer(_PROT, run) for en, ws in LEX.sections["protections"]
            if any(w in m.group(1) for w in ws)]
    if any(k is None for k in kws) or (re.search(_PROT, run) and not prot):
        raise ValueError(run)
    return [k for k in kws if k], prot


@lru_cache(maxsize=1)
def _noun_end() -> re.Pattern:
    """An object phrase of the card grammar ends with its noun (a card type, a subtype, パーマネント / 呪文 / カード /
    トークン), perhaps counted (…1体): a phrase that does not is refused before the (much dearer) parse."""
    from extractor.ja_card.vocab import card_types, subtypes
    nouns = sorted({*card_types(), *subtypes(), "パーマネント", "呪文", "カード", "トークン"}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, nouns)) + r")(?:\s*[0-9０-９一二三]+\s*(?:体|つ))?$")


def _grammar_object(phrase: str) -> dict | None:
    """The card grammar's reading of an object phrase (「赤のクリーチャー」 → {types, colors}): the one object
    grammar of descriptions (:func:`extractor.ja_card.described.describe_object`, spells included); None when it
    does not read every word."""
    if not _noun_end().search(phrase.strip()):
        return None
    got = describe_object(phrase, spells=True, states=True)
    if got is None or got.get("counters"):
        return None                          # counters on an object are read by the counter predicates
    if isinstance(got.get("colors"), str):
        got["colors"] = list(got["colors"])
    return got


# source words: 「赤の発生源」 = an object of that colour (the staging chooses which kind of object)
_SOURCE = re.compile(r"^(?:(?P<c>[白青黒赤緑])の|(?P<colourless>無色の))?(?:発生源|ソース)$")


_COUNTER_RUN = re.compile(r"^(?:(?P<k1>[+\-]1/[+\-]1)カウンター(?:(?P<n1>\d+)個)?)(?:と|、|および)"
                          r"(?:(?P<k2>[+\-]1/[+\-]1)カウンター(?:(?P<n2>\d+)個)?)(?:の両方|両方|の2種類)?$")


def _counters(phrase: str) -> dict | None:
    """「+1/+1カウンターと-1/-1カウンター」 (with their numbers when stated): ``{"counters": {kind: n or None}}``."""
    m = _COUNTER_RUN.match(phrase.replace("−", "-"))
    if not m or m.group("k1") == m.group("k2"):
        return None
    return {"counters": {m.group("k1"): int(m.group("n1")) if m.group("n1") else None,
                         m.group("k2"): int(m.group("n2")) if m.group("n2") else None}}


# the wiki's gloss of a term by its English name (「警戒/Vigilanceを持つ」): the Japanese term is the one read
_GLOSS = re.compile(r"(?<=[^\x00-\x7f])/[A-Za-z][A-Za-z' -]*(?![A-Za-z/])")


def object_of(phrase: str, s: Sentence) -> Any:
    """A card (EN name), ``{"desc": {...}}`` for an object phrase or ``{"counters": …}`` for counters; None when a
    word of it is not read."""
    phrase = _GLOSS.sub("", phrase.strip().strip("、"))
    got = _counters(phrase) or amounts.object_of(phrase) or spells.object_of(phrase) or combat.object_of(phrase, lambda p: object_of(p, s))
    if got:
        return got
    if _BLOCKER.fullmatch(phrase):          # 「ブロック・クリーチャー」: a creature blocking the statement's attacker
        return {"desc": {"types": ["Creature"], "blocker": True}}
    if _DEFENDER.fullmatch(phrase):         # 「防御プレイヤー」: the player attacked (506.2)
        return {"player": "opponent"}
    if _REST.fullmatch(phrase):             # 「残りのダメージ」: what is left after lethal damage is assigned (702.19b)
        return {"amount": "rest"}
    m = MARK.fullmatch(phrase)
    if m:
        return s.card(m)
    m = _SOURCE.match(phrase)
    if m:
        if m.group("colourless"):           # 「無色の発生源」 (105.2c): an object with no colour
            return {"desc": {"colorless": True, "source": True}}
        return {"desc": {"colors": [LEX.colour(m.group("c"))], "source": True}} if m.group("c") else None
    desc: dict[str, Any] = {}
    rest = phrase
    m = _KW_NOUN.fullmatch(rest)
    if m:                                    # 「到達持ち」: a creature with that keyword
        rest = m.group(1) + "を持つクリーチャー"
    # 「飛行も到達も持たないクリーチャー」: a stand-in has no keyword but those stated, so lacking is what it has
    lm = _KW_LACKS.search(rest)
    if lm:                                   # (recorded: the checker's variants of it must not have them)
        lacked = [LEX.value("keyword_abilities", w.group(0)) for w in re.finditer(_KW_ITEM, lm.group(0))]
        desc["lacks"] = [w for w in dict.fromkeys(lacked) if w]
    rest = _KW_LACKS.sub("", rest)
    cm = _COUNTERS.search(rest)
    k = KEYWORD_RUN.search(rest)
    if k:
        try:
            kws, prot = _keywords(k.group(1) or k.group("adj"))
        except ValueError:
            return None
        if kws:
            desc["keywords"] = kws
        if prot:
            desc["protection"] = prot
        rest = rest[:k.start()] + rest[k.end():]
    if cm:
        return None                          # counters on an object are read by the counter predicates
    rest = rest.strip()
    if not rest:
        return None
    got = _grammar_object(rest)
    if got is None:
        return None
    for key, v in got.items():
        if key == "keywords":
            desc["keywords"] = list(dict.fromkeys([*desc.get("keywords", []), *v]))
        else:
            desc[key] = v
    return {"desc": desc}


# the state an object enters the battlefield in (614.1c): tapped (110.5), with N counters of a kind (122.6), under
# a player's control (110.2); each at most once, in any order
ENTER_STATE = (r"(?:(?P<e_tapped>タップ状態で、?)|(?:(?P<e_cn0>\d+)個の)?(?P<e_ck>[+\-−]1/[+\-−]1)カウンターが(?:(?P<e_cn>\d+)個)?"
               r"(?:置かれた|乗った)状態で、?|(?P<e_ctl>あなた|対戦相手)のコントロール下で、?)*")


def enter_state(m: re.Match) -> dict:
    """The stated state of an entering object (:data:`ENTER_STATE`): ``{"tapped": True, "counters": {kind: n},
    "under": "you" | "opponent"}``; a counter kind with no number is ``None`` (the checker refuses it)."""
    g = m.groupdict()
    out: dict[str, Any] = {}
    if g.get("e_tapped"):
        out["tapped"] = True
    if g.get("e_ck"):
        n = g.get("e_cn") or g.get("e_cn0")
        out["counters"] = {g["e_ck"].replace("−", "-"): int(n) if n else None}
    if g.get("e_ctl"):
        out["under"] = "you" if g["e_ctl"] == "あなた" else "opponent"
    return out


# -- predicates ---------------------------------------------------------------------------------------------
# (pattern of the verb phrase, name, role of each case: s = は/が/も, d = に, f = から, o = を; kind: event,
# outcome or both).  A pattern ends at the verb's stem: the polarity is read after it.
PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    # 「AにBが与えるダメージは軽減される」「BがAに与えるダメージは…」: the damage a relative clause describes —
    # its source (が) and recipient (に) — is the prevented damage's (615.1, 702.16e)
    (r"与える(?:戦闘)?ダメージ(?:は|が)?(?:すべて|全て)?軽減され", "damage_prevented", {"s": "source", "d": "recipient", "f": "source"}),
    (r"(?:戦闘)?ダメージ(?:は|が)?軽減され", "damage_prevented", {"s": "recipient", "d": "recipient"}),
    (r"(?:(?:合計|計)?(?P<n>\d+)点の)?(?:戦闘)?ダメージ(?:を|も|は)?受け", "damage", {"s": "recipient", "f": "source"}),
    (r"(?:(?:合計|計)?(?P<n>\d+)点の)?(?:戦闘)?ダメージ(?:が|を|は)?与えられ", "damage", {"s": "recipient", "d": "recipient", "f": "source"}),
    # 「N回ダメージを与える」「ダメージを2回与える」: how many times (510.4, 702.4b: double strike deals it in both steps)
    (r"(?:(?P<x_times>\d+)回)?(?:(?:合計|計)?(?P<n>\d+)点の)?(?:戦闘)?ダメージ(?:を|も)?(?:(?P<x_times2>\d+)回(?:だけ)?)?与え(?!られ)",
     "damage", {"s": "source", "d": "recipient"}),
    (r"(?:(?:その|同じ)?(?:点数|数)(?:分|だけ)?の?|(?P<n>\d+)個の)?忠誠(?:カウンター|度)(?:が|を|は|も)?(?:(?P<n2>\d+)個)?(?:取り除かれ|失)", "loses_loyalty",
     {"s": "recipient", "d": "recipient", "g": "recipient", "f": "recipient"}),
    (r"致死ダメージを(?:受け|負)", "lethal_damage", {"s": "recipient"}),
    (r"(?:(?:合計|計)?(?P<n>\d+)点の)?(?:戦闘)?ダメージを負", "damage", {"s": "recipient", "f": "source"}),
    (r"(?:持ち主|オーナー)の墓地に置かれ", "to_owners_graveyard", {"s": "patient"}),
    (r"(?:コントローラー)の墓地に置かれ", "to_controllers_graveyard", {"s": "patient"}),
    (r"墓地に(?:置かれ|送られ|行)", "to_graveyard", {"s": "patient"}),
    (r"戦場に(?:残|とどま)", "stays", {"s": "patient"}),
    (r"対象に(?:なら|取られ|とられ|選ばれ)", "targeted", {"s": "target", "g": "spell", "d": "spell"}),
    # the active form: 「赤の呪文はプロテクション（赤）を持つクリーチャーを対象に取れない / 対象にできない」 (702.16b)
    (r"対象に(?:(?:取|と)(?=れ)|でき)", "targeted", {"s": "spell", "o": "target"}),
    (r"破壊され(?!ない(?:クリーチャー|パーマネント|アーティファクト))", "destroyed", {"s": "patient"}),
    (r"死亡", "dies", {"s": "patient"}),
    (r"生け?贄に捧げられ", "sacrificed", {"s": "patient"}),
    # the active past with its agent unstated (「〔X〕を生け贄に捧げた場合」「〔X〕を破壊した」「〔X〕を追放した」, a Q&A's
    # setup): what happened to the を-object — only its controller sacrifices it (701.17a); a stated agent is a
    # word no role reads (no reading)
    (r"生け?贄に捧げ(?=た)", "sacrificed", {"o": "patient"}),
    (r"破壊し(?=た)", "destroyed", {"o": "patient"}),
    (r"追放し(?=た)", "exiled", {"o": "patient"}),
    (r"再生(?:され|し|す)", "regenerates", {"s": "patient"}),
    (r"(?<!アン)タップ(?:され|状態になり|状態にな)", "tapped", {"s": "patient"}),
    # a state or an act before the outcome (110.5): 「〔X〕がタップ状態である」「〔X〕をタップした」 (its agent unstated)
    (r"(?<!アン)タップ状態であ(?=る|っ)", "tapped", {"s": "patient"}),
    (r"(?<!アン)タップし(?=た)", "tapped", {"o": "patient"}),
    (r"戦闘から取り除かれ", "removed_from_combat", {"s": "patient"}),
    (r"(?:負って(?:い|いた)|受けて(?:い|いた)|受けた|負った)?ダメージ(?:は|が|も)?(?:すべて|全て)?取り除かれ", "damage_removed", {"s": "patient", "g": "patient"}),
    (r"(?:その|同じ)?(?:点数|数)(?:分|だけ|に等しい)?の?ライフを(?:得|回復)", "gains_life", {"s": "player", "g": "owner_of"}),
    # 「〔X〕はタップ状態で戦場に出る」「+1/+1カウンターがN個置かれた状態で」「あなたのコントロール下で」: the state it
    # enters in (614.1c, 110.5, 122.6) — facts of the outcome (an event never drops them: the checker refuses them)
    (r"(?:(?:この|その|同じ)ターン(?:に|の間に)?)?" + ENTER_STATE + r"戦場に出", "enters", {"s": "patient"}),
    (r"(?:\{T\}|タップ)(?:能力|シンボルを含む(?:起動)?コストを持つ(?:起動型)?能力)を起動でき", "can_tap_ability",
     {"s": "patient"}),
    (r"(?:同時に)?(?:置かれ|乗っ|乗せられ)", "has_counters", {"s": "counters", "d": "patient"}),
    (r"(?:1個ずつ|1つずつ|同じ数(?:ずつ|だけ)|対になって|ペアで)?(?:取り除かれ|相殺され|打ち消し合)", "counters_removed",
     {"s": "counters", "g": "patient"}),
    (r"(?:(?P<n>\d+)点(?:の(?:戦闘)?ダメージ)?を)?(?:割り振|割り当て)", "assigns", {"s": "source", "d": "recipient", "o": "amount"}),
    (r"ブロックされ", "blocked", {"s": "attacker", "d": "blocker", "a": "blocker"}),
    # 509.1a: a creature takes part in a block / is declared a blocker (the same legality as 「ブロックできる」)
    (r"ブロック(?:に(?:は|も)?参加)?でき", "can_block", {"s": "blocker", "o": "attacker"}),
    (r"ブロック・?クリーチャー(?:に|として)指定(?:す|し|でき)", "can_block", {"o": "blocker", "s": "blocker"}),
    (r"攻撃(?:に(?:は|も)?参加)?でき", "can_attack", {"s": "attacker"}),
    (r"攻撃クリーチャー(?:に|として)指定(?:す|し|でき)", "can_attack", {"o": "attacker", "s": "attacker"}),
    # zone changes (400.7): exile (406.3), returned to its owner's hand
    (r"追放(?:され|さ)", "exiled", {"s": "patient"}),
    (r"(?:(?:持ち主|オーナー)の)?手札に(?:戻され|戻さ|戻|移動|置かれ)", "to_hand", {"s": "patient"}),
    (r"戦場を離れ", "leaves", {"s": "patient"}),
    # 506.3 / 508.1b: 「AがXを攻撃して」: the を-object is the player or planeswalker attacked
    (r"攻撃(?:し|する)", "attacks", {"s": "attacker", "o": "defender"}),
    (r"ブロック(?:し|する)", "blocks", {"s": "blocker", "o": "attacker"}),
]
PREDICATES += mechanics.PREDICATES            # the general mechanics' pieces (issue 20, item 4)
PREDICATES += amounts.PREDICATES              # quantities: counters, P/T, life
PREDICATES += combat.PREDICATES               # combat: survival, life lost, both creatures (506-510)
PREDICATES += triggers.PREDICATES             # triggers (603.2): whether / how often an ability triggers
PREDICATES += gains.predicates(_KW_ITEM)       # keywords gained until end of turn (611.2c, 613.1f)
PREDICATES += traits.predicates(_KW_ITEM)      # a card's printed characteristics (109.3)
PREDICATES += spells.PREDICATES               # a named spell cast at an object (601.2c)
_PRED = [(re.compile(p), name, roles) for p, name, roles in PREDICATES]
_PRED_NEED = [needed_chars(rx) for rx, _name, _roles in _PRED]     # a clause lacking one of these: no match
_PRED_INDEX = NeedIndex(_PRED_NEED)     # the entries a clause's characters allow, found by character (in table order)
EVENTS = frozenset({"assigns", "damage", "destroyed", "dies", "sacrificed", "attacks", "blocks", "blocked", "unblocked",
                    "regenerates", "enters", "has_counters", "lethal_damage", "exiled", "to_hand", "tapped"})
OUTCOMES = frozenset({"damage", "damage_prevented", "loses_loyalty", "to_owners_graveyard",
                      "to_controllers_graveyard", "destroyed", "tapped", "removed_from_combat", "damage_removed",
                      "gains_life", "blocked", "can_block", "can_attack", "can_tap_ability", "counters_removed",
                      "to_graveyard", "stays", "targeted", "assigns", "exiled", "to_hand", "dies", "leaves", "enters"}) | mechanics.OUTCOMES
OUTCOMES |= amounts.OUTCOMES | triggers.OUTCOMES | traits.OUTCOMES | combat.OUTCOMES
EVENTS |= mechanics.EVENTS | amounts.EVENTS | triggers.EVENTS | gains.EVENTS | spells.EVENTS | traits.EVENTS | combat.EVENTS

# clause connectives: what precedes states events (…場合 / …とき / …と、 / …たら / …ても / …ので)
_CONNECTIVE = re.compile(r"(?:た|る|い|し|れ)?(?:場合(?:には|は|でも|に|、)?|とき(?:には|は|でも|、)?|時(?:は|には|、)"
                         r"|(?<=[るい])(?:限り|かぎり)(?:は)?、?|(?<=[るたい])なら(?:ば)?、?(?![なず])"   # as long as / if
                         r"|ても、?|ので、?|ため、|たら、?|れば、?|と、|(?<=[るい])と(?=[^\s、。])"
                         r"|(?<=[るた])たび(?:に|ごとに)?、?"      # 「…が戦場に出るたび」: each time (603.2)
                         r"|(?<=た)(?:後|あと)(?:で|に)?、?"      # 「…が破壊不能を得た後で」: then
                         r"|(?<!例)(?<!たと)(?:え|け|せ|て|め|ね)ば、?)")   # 「致死ダメージを負えば」: if
# filler words a clause may hold besides its pieces: particles, pronouns of a piece already read, adverbs
_FILLER = re.compile(r"^(?:[\s、,。・•]|\[[AQ]\]|[AQ]\d*[:：]|回答[:：]?|実際に|あくまで(?:も)?|もちろん|"
                     r"は|が|も|に|を|の|て|で|その|それ|そのクリーチャー|このクリーチャー|それら|"
                     r"そのコントローラー|その(?:パーマネント|プレインズウォーカー)|常に|通常|必ず|同時に|"
                     r"そして|また|なお|ただし|結果|結果として|代わりに|既に|すでに|ことになる|こととなる|"
                     r"ことができる|ことが|こと|ようになる|(?:その|ダメージの)?(?:量|点数)に(?:関わらず|かかわらず|関係なく)|のである|のです|です|である|ます|"
                     r"(?:の|ん)?だ|わけ(?:だ|です|である)|"    # 「…破壊されるのだ」「…できないわけだ」: the assertion's copula
                     r"る|た|ん|なり|なる|した|する|し|れる|られる|まま)+$")
# (no negation is a filler: a ない / ず / ません the polarity did not read leaves the sentence unread)
# 「プレインズウォーカーにダメージが与えられた場合、その点数だけ忠誠カウンターが取り除かれる」: the genitive
# object of a loyalty / damage predicate is that clause's subject when none is given


# what may follow a verb stem, longest first: its polarity (ない / ず / ません deny) and modality (できる)
_ENDINGS = ["れ(?=$)", "っ(?=$)", "うる", "ることがある", "ることもある", "ることはない", "ることはありません", "ることはできない", "ることができる", "ることはできる",
            "ることができない", "ることもない", "ることがない", "ることになる", "ることはなく", "ない(?:こと|の)", "なかった",
            "[らかわさたまがば](?:ない|ず|なかった)", "ります", "きます", "ません", "ました", "ている", "ていない",
            "(?:され)?ている", "てい(?:る|ない)", "れない", "れる", "れず", "れた", "ても", "ない", "ます", "る", "た", "ず",
            "った", "っても", "って",                    # a godan verb's past (失った, 失っても)
            # the completive 「〜てしまう」 (「破壊されてしまう」「タップ状態になってしまう」): an aspect, no fact of its own
            "(?:っ)?てしま(?:う|った|います|いました)",
            # 「ブロックできなくなる」「攻撃できなくなった」: can no longer — the state after the events, denied
            "なくな(?:る|った|ります|りました)",
            "[くう](?=$|[、。]|こと|の)",
            # a サ変 verb (死亡する, 再生する): する / しない after its noun
            "し(?:ない|なかった|ません)", "せず", "する", "した", "します", "しました"]
_ENDING = re.compile("(?:" + "|".join(sorted(_ENDINGS, key=len, reverse=True)) + ")?")


def _polarity(after: str) -> tuple[bool, bool, str]:
    """(holds, modal 'can', the words read) from what follows a verb stem: ない/ず/ません deny it."""
    m = _ENDING.match(after)
    w = m.group(0) if m else ""
    neg = bool(re.search(r"ない|ません|ず|なかった|なく", w))
    return not neg, "でき" in w or w in ("うる", "ることがある", "ることもある"), w


def clauses(norm: str) -> list[str]:
    """The sentence's clauses in order, each without its connective: the last is the main (outcome) clause."""
    body = norm.strip().rstrip("。").strip()
    out, start = [], 0
    for m in _CONNECTIVE.finditer(body):
        if m.end() >= len(body) or m.start() <= start:
            continue
        # the verb ending before the connective (た/る/い/し/れ) belongs to the clause's predicate
        end = m.start() + len(re.match(r"(?:た|る|い|し|れ)?", body[m.start():]).group(0))
        out.append(body[start:end])
        start = m.end()
    out.append(body[start:])
    return [c for c in out if c.strip()]


# によって (も/は): the agent of a passive (「飛行を持つクリーチャーによってはブロックされない」), case a
_PARTICLE = re.compile(r"からの|から|より|によって(?:は|も)?|でも|には|は|が|も|に|を|の")
_CASES = {"からの": "f", "から": "f", "より": "c", "は": "s", "でも": "s", "が": "s", "も": "s", "に": "d", "には": "d", "を": "o", "の": "g",
          "によって": "a", "によっては": "a", "によっても": "a"}


# a pronoun as an object, dative or source argument (not the topic: 「それは」 is the anaphora of the subject)
_PRONOUN_ARG = re.compile(r"(?:それ|それら)(?:を|に|から|より|によって)")


def _read_clause(text: str, s: Sentence) -> tuple[list[dict], list[str]] | None:
    """The predicates of one clause, each with its arguments by case: ({name, roles: {case: object}, holds,
    modal, n}, unread words).  None when the clause holds no predicate."""
    found = [(m.start(), m.end(), name, roles, m) for rx, name, roles in map(_PRED.__getitem__,
             _PRED_INDEX.candidates(set(text))) for m in rx.finditer(text)]
    preds: list = []
    for b, e, name, roles, m in sorted(found, key=lambda t: (t[0], t[0] - t[1])):   # earliest, then longest
        if not any(b < e2 and b2 < e for b2, e2, *_ in preds):
            preds.append((b, e, name, roles, m))
    if not preds:
        return None
    preds.sort(key=lambda t: t[0])
    out: list[dict] = []
    unread: list[str] = []
    pos = 0
    shared = None
    for i, (b, e, name, roles, m) in enumerate(preds):
        args = text[pos:b]
        holds, modal, words = _polarity(text[e:])
        item: dict[str, Any] = {"name": name, "roles": {}, "holds": holds, "modal": modal, "agent": roles.get("s")}
        n = m.groupdict().get("n") or m.groupdict().get("n2")
        if n:
            item["n"] = int(n)
        try:
            item["facts"] = {**amounts.facts(m), **gains.facts(m, _keywords), **enter_state(m),
                             **traits.facts(m, _keywords, lambda phrase: object_of(phrase, s))}
        except ValueError:                      # a keyword run with a word the lexicon does not read
            return None
        consumed = _arguments(args, s, roles, item)
        if shared and roles.get("s") and roles["s"] not in item["roles"] and shared not in item["roles"].values():
            item["roles"][roles["s"]] = shared  # 「AがXを攻撃してブロックされなかった」: a て-joined predicate's subject
        leftover = "".join(ch for i, ch in enumerate(args) if i not in consumed)
        if not _FILLER.match(leftover or "。"):
            unread.append(leftover)
        elif _PRONOUN_ARG.search(leftover):
            unread.append(leftover)             # 「それをブロックできる」: which object 「それ」 is, is not read
        out.append(item)
        pos = e + len(words)
        # 「再生したクリーチャーは」: the noun a predicate modifies fills its gap (a relative clause)
        mechanics.relative_head(text[pos:preds[i + 1][0] if i + 1 < len(preds) else len(text)], roles, item,
                                lambda phrase: object_of(phrase, s), _PARTICLE)
        # 「…され、…」「…されて…」: a predicate joined to the next is an event of it
        j = re.match(r"(?:て|、|ており、?|ていて)?", text[pos:])
        pos += j.end() if j else 0
        # the subject (が) of a predicate joined by 「て」 is the next one's too, unless that one states its own
        shared = item["roles"].get(roles.get("s", "")) if j and j.group(0) == "て" and "s" in roles else None
    tail = text[pos:]
    if tail.strip() and not _FILLER.match(tail):
        unread.append(tail)
    return out, unread


def _arguments(args: str, s: Sentence, roles: dict[str, str], item: dict) -> set[int]:
    """Bind the objects of ``args`` to the predicate's roles by their particles; the character positions read.
    An object phrase runs from the last bound particle to the first particle after which it reads whole
    (「プロテクション（赤）を持つクリーチャーは」: not at を, where 「プロテクション（赤）」 alone is no object)."""
    used: set[int] = set()
    start = 0
    for m in _PARTICLE.finditer(args):
        if m.start() <= start:
            continue
        phrase = args[start:m.start()]
        lead = re.match(r"[\s、]*(?:その|それら|同じ)?[\s、]*", phrase).end()
        obj = object_of(phrase[lead:], s) if phrase[lead:] else None
        if obj is not None and "その" in phrase[:lead]:
            obj = mechanics.that(obj)           # 「そのクリーチャー」: an object already named, when one fits
        if obj is None:
            continue
        case = _CASES[m.group(0)]
        if case != "d" and spells.DATIVE_ONLY.fullmatch(phrase[lead:]):
            continue                            # 「対戦相手が…」: part of a longer phrase, not the damage's dative
        role = roles.get(case)
        if role is None or (role in item["roles"] and item["roles"][role] != obj):
            continue
        item["roles"][role] = obj
        if m.group(0) == "は" and not item["roles"].keys() - {role}:
            item["topic"] = obj                 # the sentence's topic (は), the first object bound
        used.update(range(start, m.end()))
        start = m.end()
    return used


# a keyword's reminder text (「飛行（このクリーチャーは…。）」, 702.1): a statement about a creature with that keyword
_REMINDER = re.compile(rf"^\s*(?P<kw>{_KW})\s*[(（]\s*このクリーチャー(?P<p>は|が)、?(?P<body>[^()（）]+?)。?\s*[)）]\s*。?\s*$")


def _statement(norm: str) -> str:
    """The sentence as a statement: a keyword's reminder text is read as one about a creature with it — its
    「あなた」 is that creature's controller (109.5), its 「さらに」 only says the keyword adds to what happens."""
    m = _REMINDER.match(norm)
    if not m:
        return norm
    body = re.sub(r"(?<=[、,])さらに", "", m.group("body")).replace("あなた", "そのコントローラー")
    return f"{m.group('kw')}を持つクリーチャー{m.group('p')}{body}。"


# a keyword's English name → its Japanese word (a card named like a keyword: 「警戒」 is also the card Vigilance)
_KW_JA = {str(LEX.value("keyword_abilities", w)).lower(): w for w in _KW_WORDS if LEX.value("keyword_abilities", w)}
# where a keyword, never a card, stands: what an object has (「〔i〕を持つ」「〔i〕持ち」) or a reminder text's head
_HAD = re.compile(r"(?:/[A-Za-z][A-Za-z' -]*)?(?:を持|も持|持ち|\s*[(（]このクリーチャー)")


def _keyword_marks(s: Sentence) -> str:
    """``s.norm`` with each card mark that stands where only a keyword can (「〔i〕を持つクリーチャー」: a card is never
    had) and names a card called like a keyword (Vigilance, Flying) written back as that keyword."""
    def back(m: re.Match) -> str:
        name = s.card(m)
        word = _KW_JA.get(name.lower()) if isinstance(name, str) else None
        return word if word and _HAD.match(s.norm, m.end()) else m.group(0)
    return MARK.sub(back, s.norm)


def _unblocked(item: dict) -> dict:
    """「Aがブロックされなかった場合」 (no blocker named, denied): the event that A attacks unblocked (509.1h)."""
    if item["name"] == "blocked" and not item["holds"] and set(item["roles"]) <= {"attacker"}:
        return {**item, "name": "unblocked", "holds": True}
    return item


def _card_facts(parts: list[str], unread) -> tuple[list[str], list[dict]]:
    """The clauses without those before the main one that state a named card's keyword as the cause and that no
    predicate reads (「〔0〕はプロテクション(赤)を持つので、…」, :func:`conditions.card_fact`: a protection quality is
    no printed-characteristic ``premise``), and those facts — checked against the card, not staged; the card's topic
    「〔0〕は」 is the topic of the next clause too (one は governs both)."""
    out: list[str] = []
    facts: list[dict] = []
    carry = ""
    for i, c in enumerate(parts):
        c, carry = carry + c, ""
        got = card_fact(c) if i < len(parts) - 1 else None
        if got is not None and not unread(c):
            got = None                      # a clause a predicate reads (the printed keywords: ``premise``)
        if got is None:
            out.append(c)
            continue
        facts.append(got[0])
        carry = got[1]
    return out, facts


# -- why a sentence gives no composed reading (a census's hook: ``why_not``; nothing is recorded otherwise) -------
_TRACE: dict | None = None


def _no(reason: str) -> None:
    """``compose``'s refusal, recorded while :func:`why_not` traces (no cost otherwise)."""
    if _TRACE is not None:
        _TRACE.setdefault("reason", reason)
    return None


def why_not(s: Sentence) -> dict:
    """Why :func:`compose` reads nothing of ``s``: ``{"reason": …, "unread": [unread spans], "clauses": […]}``
    (``{"reason": "read"}`` when it reads it) — for a census of what blocks composition (bench/compose_blockers.py).
    Same behaviour as ``compose``; not thread-safe (a module-level record)."""
    global _TRACE
    _TRACE = {}
    try:
        got = compose(s)
    finally:
        trace, _TRACE = _TRACE, None
    return {"reason": "read"} if got is not None else trace


def compose(s: Sentence) -> Found | None:
    """The composed reading of one sentence, or None when no clause holds a predicate or the last one's is not
    an outcome."""
    norm = _statement(_keyword_marks(s))
    by = spells.INSTRUMENT.match(norm)
    if by:                                  # 「〔X〕で、〔Y〕は6/5になる」: X is the spell cast at the outcome's object
        norm = norm[by.end():]
    parts, known = _card_facts(combat.lift_topic(clauses(norm)), lambda c: _read_clause(c, s) is None)
    read: list[list[dict]] = []
    unread: list[str] = []
    pos = 0
    for c in parts:
        got = _read_clause(c, s)
        at = norm.find(c, pos)
        pos = at + len(c) if at >= 0 else pos
        if got is None:
            if not _FILLER.match(c):
                unread.append(c)
            read.append([])
            continue
        items, rest = got
        if c is not parts[-1] and traits.REASON.match(norm, pos):
            items = [traits.premise(x) for x in items]      # 「…を持つので」: a stated fact the outcome rests on
        read.append(items)
        unread += rest
    if _TRACE is not None:
        _TRACE.update(unread=list(unread), clauses=list(parts))
    if not read:
        return _no("no clause")
    main = read[-1]
    if not main:
        return _no("no predicate in the main clause")
    outcome = main[-1]
    if outcome["name"] not in OUTCOMES:
        return _no(f"main predicate is no outcome: {outcome['name']}")
    events = [_unblocked(x) for clause in read[:-1] for x in clause] + [_unblocked(x) for x in main[:-1]]
    if by:
        cast = spells.instrument_event(s.card(MARK.fullmatch(by.group(1))), outcome, events, len(parts))
        if cast is None:
            return _no("instrument spell not staged")
        events = [cast]
    if any(x["name"] not in EVENTS or not (x["holds"] or x["name"] in ("premise", *combat.STATES)) for x in events):
        return _no("an event no event or denied: " + ",".join(x["name"] for x in events if x["name"] not in EVENTS
                                                              or not (x["holds"] or x["name"] in ("premise", *combat.STATES))))
    if outcome["name"] in triggers.NEEDS_EVENT and not events:
        return _no("trigger without event")  # 「…の能力は誘発しない」 alone: no event that could trigger it is stated
    if outcome["name"] in traits.OUTCOMES and any(x["name"] != "premise" for x in events):
        return _no("trait after events")  # a printed characteristic is the card's, not what it is after events
    if not combat.attacking_staged([*events, outcome]):
        return _no("attack not staged")  # 「攻撃クリーチャー」 with no event staging its attack
    if not _anaphora([*events, outcome]):
        return _no("anaphora refused")  # an unstated argument that could be either of two named cards
    combat.fill_source(events, outcome)
    if outcome["agent"] == "source" and "source" not in outcome["roles"]:
        return _no("no damage source")  # 「…に3点のダメージを与える」 with no one dealing it: an instruction, not an outcome
    actors: dict[str, Any] = {}
    lost: list[bool] = []

    def letter(obj) -> str:
        obj = mechanics.antecedent(obj, actors)
        if obj is None:                     # 「その…」 whose object the sentence does not name
            lost.append(True)
            return "?"
        for k, v in actors.items():
            if v == obj:
                return k
        k = "ABCDEFG"[len(actors)]
        actors[k] = obj
        return k

    subject = next((x["roles"][r] for x in [outcome, *events] for r in ("recipient", "patient", "attacker",
                    "blocker", "source") if r in x["roles"]), None)
    sequence = []
    for x in events:
        ev = {"event": x["name"], **{r: letter(o) for r, o in x["roles"].items()}}
        if x["name"] in ("premise", *combat.STATES):
            ev["holds"] = x["holds"]
        if "n" in x:
            ev["n"] = x["n"]
        sequence.append({**ev, **x["facts"]})
    each = combat.each_letters(outcome, events, letter)
    if each is None:
        return _no("each without two")  # 「両方とも」 where the events do not stage two creatures
    out: dict[str, Any] = {"check": outcome["name"], **{r: letter(o) for r, o in outcome["roles"].items()}, **each,
                           "holds": outcome["holds"]}
    if outcome["modal"]:
        out["modal"] = True
    if "n" in outcome:
        out["n"] = outcome["n"]
    out.update(outcome["facts"])
    if not actors or lost:
        return _no("an object referred back to, unnamed" if lost else "no object")  # no object named or described (or one referred back to, unnamed): nothing to stage
    if unread:
        return _no("unread words")  # a word no piece reads: no composed reading (a reading never drops a fact)
    sit: dict[str, Any] = {"actors": actors, "sequence": sequence}
    if known:
        sit["conditions"] = known           # the named cards' own keywords: checked against the cards, not staged
    subj = subject if isinstance(subject, str) else None
    # no span: the reading is of the whole sentence and stands beside the other readers' (claims nothing)
    return Found("composed", sit, out, subj, None)


# which role an unstated argument takes from the sentence's first object (「再生したクリーチャーはタップされる」:
# the one that regenerates is the one tapped; 「…にダメージが与えられた場合、その数だけ忠誠カウンターが取り除かれる」)
_SUBJECT_ROLES = {"damage": None, "destroyed": "patient", "dies": "patient", "sacrificed": "patient",
                  "regenerates": "patient", "tapped": "patient", "removed_from_combat": "patient",
                  "damage_removed": "patient", "loses_loyalty": "recipient", "to_owners_graveyard": "patient",
                  "to_controllers_graveyard": "patient", "damage_prevented": "recipient", "enters": "patient",
                  "can_attack": "attacker", "can_tap_ability": "patient", "counters_removed": "counters",
                  "lethal_damage": "recipient", "to_graveyard": "patient", "stays": "patient", "assigns": "source",
                  "exiled": "patient", "to_hand": "patient", "leaves": "patient",
                  # 「《X》は警戒を持つので、攻撃しても…」: the topic of the reason clause attacks / blocks (one は governs both)
                  "attacks": "attacker", "blocks": "blocker", **mechanics.SUBJECT_ROLES,
                  **amounts.SUBJECT_ROLES, **gains.SUBJECT_ROLES, **traits.SUBJECT_ROLES, **spells.SUBJECT_ROLES,
                  **triggers.SUBJECT_ROLES, **combat.SUBJECT_ROLES}


def _anaphora(items: list[dict]) -> bool:
    """An unstated argument is the sentence's first object of its sort (counters for counters).  False when
    that is not told: two cards are named (「《X》が破壊不能を得た場合、《Y》が致死ダメージを受けても破壊されない」 —
    which of them the unstated argument is, the words do not say; a card is never moved to another's place)."""
    objs = [o for x in items for o in x["roles"].values()]
    first = next((o for o in objs if not (isinstance(o, dict) and "counters" in o)), None)
    counters = next((o for o in objs if isinstance(o, dict) and "counters" in o), None)
    cards = {o for o in objs if isinstance(o, str)}
    for x in items:
        role = _SUBJECT_ROLES.get(x["name"])
        if role and role not in x["roles"]:
            got = counters if role == "counters" else first
            if got is not None and role != "counters" and len(cards) > 1:
                got = combat.topic_of(items[:1])   # 「AはBに…ても破壊されない」: the topic (は) is what it is about
                if got is None:
                    return False
            if got is not None:
                x["roles"][role] = got
    return True


# sentences composed so far in this process, (norm, cards) -> the reading (kept as a copy: the caller's own
# changes never reach it): pages repeat sentences across revisions and pages; most readings are None
COMPOSED_MAX = 4096
_COMPOSED: dict[tuple[str, tuple[str, ...]], Found | None] = {}


def composed(s: Sentence) -> Found | None:
    """:func:`compose` of ``s``, read once per distinct sentence: the reading is a function of the sentence's
    normalised text and its cards alone (nothing else of ``s``, no context), so a sentence read before gets a
    copy of the same reading."""
    key = (s.norm, tuple(s.cards))
    if key in _COMPOSED:
        return copy.deepcopy(_COMPOSED[key])
    got = compose(s)
    if len(_COMPOSED) >= COMPOSED_MAX:
        del _COMPOSED[next(iter(_COMPOSED))]     # the oldest entry
    _COMPOSED[key] = copy.deepcopy(got)
    return got


_NEEDS = ("割り振", "割り当て", "ダメージ", "破壊され", "破壊し", "贄に捧げ", "墓地に", "戦場に残", "対象に", "ライフを回復", "再生", "タップ", "取り除かれ", "ライフを得", "ブロック", "攻撃でき",
          "忠誠", "相殺", "打ち消し合", "起動でき", "攻撃に", "攻撃クリーチャー", "追放", "手札に", "戦場を離れ", "死亡", "戦場に出",
          *mechanics.NEEDS, *amounts.NEEDS, *triggers.NEEDS, *gains.NEEDS, *traits.NEEDS, *spells.NEEDS, *combat.NEEDS)


@register("composed", priority=200, needs=_NEEDS)
def find_composed(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """The composed reading of a sentence read whole (it stands beside another reader's reading of it: each is
    judged on its own)."""
    f = composed(s)
    if f is not None and f.outcome.get("check") in traits.OUTCOMES and si + 1 < len(ctx.sentences):
        # a card's characteristic followed by more of the example (「《X》は飛行を持つ。そのため…」) is the setting of
        # what follows, not a statement of its own: judged alone it would stand for the whole argument
        return []
    return [f] if f is not None else []
