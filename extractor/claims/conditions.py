"""Conditional clauses (〜場合, 〜とき, 〜なら, 〜ても, 〜ので, 〜ため, 〜から, 〜前に, 〜れば, 〜た後, 〜時点で) as situation facts.

:func:`conditions` reads every condition clause of a sentence before its outcome.  A clause it can represent
becomes a fact of ``situation.conditions`` ({"kind": …}); every other clause (the readers of these kinds do
not merge the example-wide keys, so an event or a board stated in a clause is not staged either) goes into ``situation.unrepresented`` as its Japanese text, so the cross-check refuses to decide a claim whose
stated condition it would not stage (fidelity, docs/design.md "Conditions and fidelity").
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.described import HEAD as DESC_HEAD
from extractor.claims.described import UNSTATED, described_before
from extractor.claims.registry import compile_patterns
from extractor.claims.sentences import MARK
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_MODE_WORDS = alternation(LEX.words("cast_modes") + ("授与", "出来事", "として唱え"))
_KEYWORDS = alternation(LEX.words("keyword_abilities"))

_COUNTER_EACH = r"([+-]1/[+-]1)\s*カウンター\s*(?:が|を)?\s*(\d+)\s*(?:個|つ)"

PATTERNS = compile_patterns({
    "clause": r"([^、,。]{2,}?)(?:場合(?:でも|には|にも|は|に|も)?|とき(?:でも|は|に|には|も)?|際(?:に|にも|でも)?"
              r"|なら(?:ば)?|ても|でも|ので|前に|たら|(?<=[れえけせてめね])ば|(?<=[うくぐすつぬぶむるた])と|ない(?:限り|かぎり)"
              # a reason after a predicate's end form or a noun's な / の (「飛行を持つため」「持っているから」「破壊不能のため」):
              # a stated fact as ので is (a cause the statement gives, checked or unrepresented, never dropped)
              r"|(?<=[うくぐすつぬぶむるたいだ])(?:から|ため(?:に)?)|(?<=[^\s、。][なの])ため(?:に)?"
              r"|後(?:で|に|は)?|てから|時点で|状態で|うちは|間(?:に|は)?)"
              # (a reason's ので ends its clause with or without a comma: 「赤なので《稲妻》で…」; not 「…のです」, 「もので」)
              r"(?=[、,]|$|\s|(?<=[^も]ので)(?![すしょ]))",
    "mode": _MODE_WORDS,
    "toughness_zero": r"タフネスが\s*0\s*(?:以下)?(?:に(?:なった|なる|なって|なれば|なると))?",
    "damage": r"(\d+)\s*点(?:ずつ)?(?:の)?(?:戦闘)?ダメージを(?:受け|与え|負)",
    "loses": r"「?(" + _KEYWORDS + r")」?(?:という(?:性質|能力)|能力)?を失",
    # 「破壊不能を持つので」, and its adjective form before ので (「破壊不能なので」: the clause 「破壊不能な」)
    # 「速攻を持っていても」「…を持っていれば」: the same fact before a concessive or conditional marker
    "has": r"(" + _KEYWORDS + r")(?:(?:能力)?を持(?:つ|っている|ってい(?=ても|れば|たら|たとしても))|[なの](?=(?:ので|ため)?$))",
    # 「プロテクション(赤)を持つ」: protection from the qualities in brackets (702.16a)
    "has_protection": r"プロテクション\s*[(（]([^)）]{1,20})[)）]を持(?:つ|っている)",
    # the named card a has / lacks clause is about: its topic or subject right before (「〔0〕は飛行を持つので」)
    "card_topic": r"(?:^|[、。\s])(〔\d+〕)(?:/[^、。〔]*?)?(?:は|が|も)[、\s]*$",
    # 「召喚酔い状態の」「召喚酔いの影響を受けている」 (302.6): the wording variants, one fact (a denial is not one)
    "summoning_sick": r"召喚酔い(?:\s*の?\s*影響を受け(?:ている|ていた|た|る)(?![^、。]*?ない)|\s*の?\s*状態)?",
    # 「戦場に出たそのターン」「戦場に出たばかりの」「戦場に出てすぐ」: entered this turn, so not controlled
    # continuously since the turn began (302.6)
    # (a bare 「出たターン」 is the battlefield's, never another zone's: 「墓地に出たターン」 is no entering, 302.6)
    "entered_this_turn": r"(?:この|その)?ターンに戦場に出た|戦場に出た(?:その|この|同じ)?ターン"
                         r"|(?<!墓地に)(?<!手札に)(?<!追放領域に)(?<!ライブラリーに)(?<!スタックに)(?<!統率領域に)出たターン"
                         r"|戦場に出たばかり|戦場に出て(?:すぐ|間もない|まもない)",
    "since_turn_start": r"ターン[の\s]*(?:開始時|最初|始め|初め)から(?:継続して)?コントロールしている",
    "lethal": r"致死ダメージ",
    # 「そのターン(に|には)」 after a condition that names a turn: that turn, no more (read by :func:`resolve`)
    "that_turn": r"(?:その|同じ)ターン(?:に|には|は|中|の間|内に)?",
    "means": r"〔(\d+)〕\s*(?:で|によって|により|を使って)?\s*$",
    "damage_source": r"(?:〔\d+〕|" + DESC_HEAD + r")(?:/[^、。〔]*?)?\s*から",
    "just_controlled": r"コントロールが(?:移動|変わ)|(?:コントロールを)?奪った|コントロールを得|コントロールし始めた"
                       r"|(?:コントローラー[の\s]*)?(?:最新[の\s]*)?ターン[の\s]*(?:開始時|最初|始め|初め)から(?:継続して|続けて|ずっと)?"
                       r"(?:コントロールされていない|コントロールして(?:いなければ|いなくて|いない|いなかった|おらず|いたのでない))",
    # the object an Aura / Equipment is attached to ceases to be there (303.4d/704.5m, 301.5c/704.5n)
    # 「《X》がつけられているクリーチャーが…」: the named Aura X's host (303.4: an Aura is attached to — つける — an object)
    "host_leaves": r"(?:(?P<mark>〔\d+〕)(?:/[^、。〔]*?)?が(?:つけ|付け)られ(?:ている|た)|(?P<host>装備|エンチャント)(?:している|されている|した|された))"
                   # the host described, or named (「〔0〕がつけられた〔1〕が」: host_card), and how it leaves — by a named
                   # card (「〔2〕で手札に戻され」: the claim's ``by``, read with its event by the zone reader)
                   r"(?:(?P<what>オブジェクト|クリーチャー|パーマネント|土地|もの)|(?P<hostmark>〔\d+〕)(?:/[^、。〔]*?)?)?"
                   r"が(?:〔\d+〕(?:/[^、。〔]*?)?(?:で|によって|により))?"
                   r"(?:いなくな|(?:戦)?場を離れ|戦場から離れ|なくな|(?P<how>破壊され|死亡し|死亡す|追放され|手札に戻され))",
    "target_illegal": r"(?:(?:装備|その|この)?能力(?:が|の))?対象(?:が)?(?:不適正|不正|として不適正)",
    "lacks": r"(" + _KEYWORDS + r")(?:能力)?を持(?:たない|っていない)",
    # who owns and who controls the object (108.3, 400.3): one player owns it, the other controls it — 「対戦相手が
    # オーナーであるクリーチャーをあなたがコントロールしている」「あなたがオーナーではない…をコントロールしている」
    # 「オーナーが対戦相手である…」: not_owned (the opponent owns it, you control it); the words between are one
    # description (a type or subtype head), never another clause (「対戦相手の…」 reads as its controller: not here)
    "not_owned": r"(?:(?:対戦相手|相手|(?:他|ほか)の(?:プレイヤー|人))が(?:オーナー|持ち主)(?:である|の)|(?:あなた|自分)が(?:オーナー|持ち主)"
                 r"(?:では|じゃ)?ない|(?:オーナー|持ち主)が(?:対戦相手|相手|(?:あなた|自分)以外(?:のプレイヤー)?)である)"
                 r"\s*(?:[^、。〔]{0,8}?" + DESC_HEAD + r")(?:を|が)\s*(?:あなた|自分)?(?:が)?\s*コントロールして(?:いる|いた)",
    # 「〔0〕に-1/-1カウンターが1個置かれても」「+1/+1カウンターが2個と-1/-1カウンターが1個置かれている」: the
    # counters put on the object (122.1), each kind with its number (never one without its number)
    "counters_put": r"(?:" + _COUNTER_EACH + r"\s*(?:と|、)?\s*)+(?:が|を)?\s*(?:置かれ|乗せられ|乗っ)",
    "counter_each": _COUNTER_EACH,
    # 「何にもつけられていない」「どのオブジェクトにもつけられていない」: an Aura / Equipment attached to nothing
    # (704.5m: an Aura goes to its owner's graveyard; 704.5n / 301.5c: an Equipment stays, unattached)
    # (a reader before may have blanked the の of 「どの」: 「ど オブジェクト」)
    "unattached": r"(?:何|なに|ど[の\s]\s*(?:オブジェクト|パーマネント|クリーチャー)|いずれの(?:オブジェクト|パーマネント))にも"
                  r"(?:つけ|付け|つい|付い)(?:られ)?てい(?:ない|なかった)",
    # what a zone clause may hold beside its fact: the object (a card mark, a description head), particles,
    # the connective (no keyword, no P/T: a fact of the object the clause fact does not hold)
    "zone_filler": r"(?:その|この)?(?:〔\d+〕(?:/[^、。〔]*?)?|" + DESC_HEAD + r")|[、,\s]|[のがはをにでもと]|ても|でも|場合|とき|時"
                   r"|(?<=[れっ])(?:た|る|て|ている|ていた)|ら|れば|なら",
    # 508.8: no creature was declared as an attacker (the declare blockers step is skipped: nothing to block)
    "no_attackers": r"攻撃・?クリーチャーが(?:1体も)?指定されなかった",
    "attacking": r"攻撃(?:している|した|に参加)",
    # 「ブロックされなかった場合」: not blocked (509.1h: an attacking creature no creature blocks is unblocked) —
    # the negation is read, never dropped into "blocked"
    "unblocked": r"ブロックされ(?:なかっ|ない|ず)",
    "blocked": r"ブロックされ(?!(?:なかっ|ない|ず))",
    "blocking": r"ブロックし(?:ている|た)",
    # 'a described attacker is blocked by N creatures' (a whole setup clause, CR 509.1)
    "blocked_by_n": r"^(?P<np>[^、。]+?)が(?P<n>\d+)\s*体(?:の[^、。]*?)?に(?:同時に)?ブロックされ(?:た|ている|る)?$",
    "in_combat": r"戦闘(?:中|の間|フェイズ中)",
    # a regeneration shield on the object (701.15a): 「再生の盾がある(クリーチャー)」「再生の盾があれば」
    "regen_shield": r"再生(?:の盾|シールド)(?:が|を)(?:あ|張られ|張って|持)",
    "orphan_particle": r"\s*(?:によって|により|から|に|を)",
    "label": r"^\s*(?:[\[【(（]\s*[QＱ]\s*\d*\s*[\]】)）]|[QＱ]\s*\d*\s*[:：.)]|[QＱ]\s*\d*\s+(?=[^\x00-\x7f])"
             r"|(?:質問|問)\s*\d*\s*[:.)]?)\s*",
    "topic": r"[^、。]*?(?:〔\d+〕|" + DESC_HEAD + r")(?:/[^、。〔]*?)?は(?=[^、。]{2,})",
    "marker_tail": r"(?:えば|ば|なら|ので|ても|ため(?:に)?|から)$",
    "np_even": r"[、\s]*(?:[^、。]{0,30}?(?:" + DESC_HEAD + r")|〔\d+〕(?:/[^、。〔]*?)?)でも",
    "adverbial_filler": r"[、\s]|^(?:は|も|が|を|に|には|では|でも)|(?:には|では|でも|に|を|は|も|が)$",
    # what a condition clause may hold besides its fact: its object, particles, the clause marker, aspect
    "residue_filler": r"〔\d+〕(?:/[^、。〔]*?)?|" + DESC_HEAD + r"|\d+/\d+|" + _KEYWORDS + r"|プロテクション\s*\([^)]*\)|[、,\s()（）「」・]|[のがはをにでもと]|ても|でも|場合|とき|時"
                      r"|なら|ので|前|後|たら|ば|から|した|して|する|され|いる|ている|状態|既に|すでに|その|この|それ|これ"
                      r"|ターン|ずつ|同時|た|る|だけ|全て|すべて|自分|あなた|対戦相手|何らかの理由により|何らかの",
    # an event left beside the fact (destroyed, exiled, returned, sacrificed, died, left, cast, countered, dealt
    # damage, counters put): never a short residue — the clause states it and the fact does not stage it
    "residue_event": r"破壊|追放|戻|捧げ|生贄|死亡|離れ|唱え|打ち消|ダメージ|カウンター|置か|置い",
    "unless": r"ない(?:限り|かぎり)$",
    "reason_tail": r"(?:ので|ため(?:に)?|から)$",
    "hedge_only": r"^(?:その|この|これ|それ|つまり|ただし|なお|例えば|たとえば|従って|したがって|なので|具体的には)$",
})
P = PATTERNS


def read_condition(clause: str, before: str = "") -> dict[str, Any] | None:
    """A condition fact the whole clause states, or ``None`` (see :func:`_read_one`): a clause that says more
    than its one fact ('10点のダメージを与えてからタフネスを1だけ減少させた') is not represented by that fact.
    ``before``: the words before the clause, where a has / lacks fact finds its card (:func:`_of_card`)."""
    return _of_card(_read_fact(clause), before)


def _read_fact(clause: str) -> dict[str, Any] | None:
    if P["orphan_particle"].match(clause):
        return None          # 「にブロックされた」: the words before it (the other object) were read away, not staged
    got = _read_one(clause)
    if got is None:
        return None
    fact, m = got
    rest = P["residue_filler"].sub("", clause[:m.start()] + clause[m.end():])
    if P["residue_event"].search(rest):
        return None          # 「コントロールを得たクリーチャーが破壊された場合」: the event is more than the fact
    return fact if len(rest) <= RESIDUE_MAX else None


RESIDUE_MAX = 3                          # characters a clause may hold beyond its fact (fillers removed)


def _read_one(clause: str) -> tuple[dict[str, Any], re.Match] | None:
    """The first condition fact a clause states, with where (the readers of these kinds do not merge the
    example-wide keys, so a clause about an event or a board is not represented)."""
    m = P["host_leaves"].search(clause)
    if m:
        fact = {"kind": "host_leaves", "attached": "equipment" if m.group("host") == "装備" else "aura",
                **({"card": m.group("mark")} if m.group("mark") else {})}
        what = {"クリーチャー": "Creature", "土地": "Land"}.get(m.group("what") or "")
        how = {"破壊され": "destroyed", "死亡し": "dies", "死亡す": "dies", "追放され": "exiled",
               "手札に戻され": "returned to hand"}.get(m.group("how") or "")
        return {**fact, **({"host": what} if what else {}), **({"host_card": m.group("hostmark")} if m.group("hostmark") else {}),
                **({"how": how} if how else {})}, m
    m = P["target_illegal"].search(clause)
    if m:
        return {"kind": "target_illegal"}, m
    m = P["blocked_by_n"].match(clause.strip())
    if m:
        d = described_before(m.group("np"))
        if d and UNSTATED not in d:
            return {"kind": "blocked_by", "attacker": d, "blockers": int(m.group("n"))}, m
    m = P["mode"].search(clause)
    if m:
        mode = LEX.first("cast_modes", clause)
        return ({"kind": "cast_mode", "mode": mode}, m) if mode else None
    m = P["toughness_zero"].search(clause)
    if m:
        return {"kind": "toughness_zero"}, m
    m = P["loses"].search(clause)
    if m:
        return {"kind": "loses", "keyword": LEX.value("keyword_abilities", m.group(1))}, m
    m = P["damage"].search(clause)
    if m:
        if P["damage_source"].search(clause[:m.start()]):
            return None      # 「接死を持つクリーチャーから1点の…」: the source is a fact this condition does not hold
        return {"kind": "damage", "n": int(m.group(1))}, m
    for name, fact in (("entered_this_turn", {"kind": "summoning_sick"}),
                       ("since_turn_start", {"kind": "controlled_since_turn_start"}),
                       ("lethal", {"kind": "lethal_damage"})):
        m = P[name].search(clause)
        if m:
            return fact, m
    m = P["lacks"].search(clause)
    if m:
        return {"kind": "lacks", "keyword": LEX.value("keyword_abilities", m.group(1))}, m
    m = P["has"].search(clause)
    if m:
        return {"kind": "has", "keyword": LEX.value("keyword_abilities", m.group(1))}, m
    m = P["just_controlled"].search(clause)
    if m:
        # 「《反逆の行動》でコントロールを得た」: the card it was done with is a fact (its effect may untap the
        # creature and give it haste): the mark's index, named by the caller (:func:`name_means`)
        means = P["means"].search(clause[:m.start()])
        return {"kind": "just_controlled", **({"by_mark": int(means.group(1))} if means else {})}, m
    m = P["has_protection"].search(clause)
    if m:
        quals = [en for en, ws in LEX.sections["protections"] if any(w in m.group(1) for w in ws)]
        if quals:
            return {"kind": "has", "keyword": "protection", "protection": quals}, m
    for name in ("summoning_sick", "no_attackers", "unblocked", "blocked", "attacking", "blocking", "in_combat",
                 "regen_shield"):
        m = P[name].search(clause)
        if m:
            return {"kind": name}, m
    return None


def zone_clause_fact(clause: str) -> dict[str, Any] | None:
    """A condition clause the zone readers (can_destroy / can_exile / zone_after, extractor/claims/removal.py)
    stage and other kinds do not: who owns and controls the object (``not_owned``, 400.3 — the opponent owns
    it, you control it) or the +1/+1 / -1/-1 counters put on it (``counters`` {kind: n}: the toughness they
    leave, 704.5f, and the pairs removed, 704.5q).  The whole clause is the fact (its object, particles and
    connective aside), else None."""
    if len(MARK.findall(clause)) > 1:
        return None              # 「〔1〕で〔0〕に…」: the card it is done with is a fact this clause fact does not hold
    if card_modifiers(clause):
        return None              # 「手札の〔0〕に…」「トークンである〔0〕に…」: the card's own modifier (400.1, 111.1)
    for name in ("not_owned", "counters_put", "unattached"):
        m = P[name].search(clause)
        if not m:
            continue
        rest = P["zone_filler"].sub("", clause[:m.start()] + clause[m.end():])
        if len(rest) > RESIDUE_MAX or P["residue_event"].search(rest):
            return None
        if name in ("not_owned", "unattached"):
            return {"kind": name}
        got: dict[str, int] = {}
        for c in P["counter_each"].finditer(m.group(0)):
            got[c.group(1)] = got.get(c.group(1), 0) + int(c.group(2))
        return {"kind": "counters", "counters": got} if got else None
    return None


OWNERSHIP_WORDS = re.compile(r"^(?:対戦相手|相手|他の|ほかの|プレイヤー|人|オーナー|持ち主|あなた|自分|以外|である|で|では|じゃ|ない"
                             r"|が|の|\s)+$")


def owner_words_read(sit: dict[str, Any], obj: Any) -> None:
    """A described object's unread words that only say who owns it (「対戦相手がオーナーである」) are read when the
    statement's not_owned condition states them (400.3): dropped from the object, never from anything else."""
    if {"kind": "not_owned"} in (sit.get("conditions") or []) and isinstance(obj, dict) \
            and isinstance(obj.get(UNSTATED), str) and OWNERSHIP_WORDS.match(obj[UNSTATED]):
        del obj[UNSTATED]


def _of_card(fact: dict[str, Any] | None, before: str) -> dict[str, Any] | None:
    """A has / lacks fact with the named card it is stated of — the topic right before its clause,
    「〔0〕は飛行を持つので」 — as ``card`` (the card mark, named by the claim reader, :func:`name_cards`): a fact of
    that card's characteristics, which the cross-check checks against the card, never stages.  Protection
    stated of no named card is not read (a stand-in's quality is no keyword)."""
    if not fact or fact.get("kind") not in ("has", "lacks"):
        return fact
    t = P["card_topic"].search(before)
    if t:
        return {**fact, "card": t.group(1)}
    return None if fact.get("keyword") == "protection" else fact


_TOPIC_CLAUSE = re.compile(r"^\s*(〔\d+〕(?:/[^、。〔]*?)?(?:は|が|も))[、\s]*(.+)$")


def card_fact(clause: str) -> tuple[dict[str, Any], str] | None:
    """A whole clause that states a named card's keyword (「〔0〕はプロテクション(赤)を持つ」, its connective
    read away): (the has / lacks fact with its card mark, the card's topic words 「〔0〕は」 — the topic of
    what follows too), else None."""
    m = _TOPIC_CLAUSE.match(clause)
    fact = read_condition(m.group(2), m.group(1)) if m else None
    return (fact, m.group(1)) if fact and fact.get("card") else None


def name_cards(facts: list, card_of) -> None:
    """Each condition's card mark (:func:`_of_card`) as the card's name (``card_of``: a mark's match → EN name);
    a fact whose mark names no card loses ``card`` (it is then about the claim's object, as before)."""
    for f in facts:
        for key in ("card", "host_card"):
            if isinstance(f, dict) and isinstance(f.get(key), str):
                m = MARK.fullmatch(f[key])
                if m:
                    name = card_of(m)
                    if name:
                        f[key] = name
                    else:
                        del f[key]


def conditions(norm: str, end: int) -> dict[str, Any]:
    """``{"conditions": [...], "unrepresented": [...]}`` (only the non-empty ones) of the clauses before ``end``."""
    facts: list[dict[str, Any]] = []
    dropped: list[str] = []
    for start, stop in clause_spans(norm[:end]):
        text = norm[start:stop].strip()
        if P["hedge_only"].match(P["marker_tail"].sub("", text)) or P["hedge_only"].match(text):
            continue
        _read_into(text, facts, dropped, norm[:start])
    return _facts(facts, dropped)


def _read_into(text: str, facts: list[dict[str, Any]], dropped: list[str], before: str = "") -> None:
    """One clause: its fact (once), or its text as unrepresented; ``before``: the words before the clause (its
    card topic, :func:`_of_card`)."""
    got = read_condition(text, before)
    if got is None:
        dropped.append(text)
    elif got.get("kind") in ("has", "lacks") and P["unless"].search(text):
        # 「Kを持たない限り…できない」: an exception states that K makes the difference — the fact alone holds for any
        # keyword the object lacks (702.10b haste, 702.17b reach …), so the cross-check also runs the converse case
        # (engine/crosscheck/card_facts.causes: with K turned over, the outcome must be shown to fail)
        got = {**got, "unless": True}
        if got not in facts:
            facts.append(got)
    else:
        if got.get("kind") in ("has", "lacks") and P["reason_tail"].search(text):
            # 「警戒を持たないので攻撃できない」: a cause the statement gives — the cross-check asks whether it makes the
            # difference (engine/crosscheck/verdict.py, the outcome with the keyword flipped)
            got = {**got, "because": True}
        if got not in facts:
            facts.append(got)


def _facts(facts: list[dict[str, Any]], dropped: list[str]) -> dict[str, Any]:
    return {k: v for k, v in (("conditions", facts), ("unrepresented", dropped)) if v}


def setup_key(norm: str) -> str:
    """A setup sentence without its Q label and final 。 (the question's sentence and the statement's are one)."""
    return P["label"].sub("", norm.strip()).rstrip("。").strip()


def setup_facts(norms: list[str]) -> dict[str, Any]:
    """The facts of a question's setup sentences ('…が破壊された。'), each read as one condition."""
    facts: list[dict[str, Any]] = []
    dropped: list[str] = []
    for n in norms:
        text = P["label"].sub("", n.strip()).rstrip("。")
        clauses = list(P["clause"].finditer(text))
        part = conditions(text, len(text))          # its conditional clauses, then what follows them
        facts.extend(f for f in part.get("conditions", []) if f not in facts)
        dropped.extend(part.get("unrepresented", []))
        rest = text[clauses[-1].end():].lstrip("、") if clauses else text
        if rest:
            _read_into(rest, facts, dropped)
    return _facts(facts, dropped)


def merge(sit: dict[str, Any], more: dict[str, Any]) -> None:
    """Add condition facts / unrepresented clauses to a claim's situation (no duplicates)."""
    for k, vs in more.items():
        cur = sit.setdefault(k, [])
        cur.extend(v for v in vs if v not in cur)


def clause_spans(norm: str) -> list[tuple[int, int]]:
    """Where the condition clauses of a text are (an object named inside one is not the outcome's object); a
    leading topic ('装備品は装備されていない状態で': 装備品は) is the main clause's, not the condition's."""
    out = []
    for m in P["clause"].finditer(norm):
        a, b = m.span()
        t = P["topic"].match(norm, a, b)
        if P["np_even"].fullmatch(norm, t.end() if t else a, b):
            continue                      # '破壊不能のクリーチャーでも…できる': 'even X' names the object
        out.append((t.end() if t else a, b))
    return out


_TURN_FACTS = ("just_controlled", "summoning_sick")        # conditions that name a turn: 'this turn'


def resolve(sit: dict[str, Any]) -> None:
    """Unrepresented words that are a condition this module reads ('このターンに戦場に出た' in a description)
    become condition facts."""
    left = []
    for text in sit.get("unrepresented") or []:
        got = read_condition(text)
        if got is None:
            left.append(text)
        else:
            if got.get("kind") in ("has", "lacks") and P["reason_tail"].search(text.strip()):
                got = {**got, "because": True}      # 「被覆を持つので」: a cause, as :func:`_read_into` reads it
            merge(sit, {"conditions": [got]})
    if any(isinstance(c, dict) and c.get("kind") in _TURN_FACTS for c in sit.get("conditions") or []):
        # 「(コントロールを得た…は、)そのターンには」: the turn that condition is about (302.6), nothing more
        left = [t for t in left if not P["that_turn"].fullmatch(t.strip())]
    if "unrepresented" in sit:
        if left:
            sit["unrepresented"] = left
        else:
            del sit["unrepresented"]


def name_means(sit: dict[str, Any], card) -> None:
    """A condition's card mark (``by_mark``: 「〔0〕でコントロールを得た」) as the card's EN name (``by``), by the
    sentence's ``card(i)``; a mark it cannot name leaves the condition unrepresented."""
    for c in list(sit.get("conditions") or []):
        if isinstance(c, dict) and "by_mark" in c:
            name = card(c.pop("by_mark"))
            if name:
                c["by"] = name
            else:
                sit["conditions"].remove(c)
                merge(sit, {"unrepresented": [f"the card {c.get('kind')} names"]})


def adverbials(text: str, objects: str) -> dict[str, Any]:
    """What a clause says between its subject and its verb besides its objects ('戦場に出たターンには'):
    condition facts, or the words as unrepresented."""
    rest = P["adverbial_filler"].sub(" ", text.replace(objects, " ") if objects else text).strip()
    if len(rest.replace(" ", "")) < 2:
        return {}
    got = read_condition(rest)
    return {"conditions": [got]} if got else {"unrepresented": [rest]}


# a reason that states what a card is (「《X》はクリーチャー呪文なので」「赤なので」「インスタントだから」): its card types and
# colours, a fact of the card's characteristics (109.3, 105.2, 205.2a) — the card's topic (a mark) or none
_IS_REASON = re.compile(r"^\s*(?:(?:従って|したがって|つまり|よって|すなわち)[、\s]*)?(?:(?P<mark>〔\d+〕)(?:/[^、。〔]*?)?(?:は|も|が)[、\s]*)?(?P<what>[^、。〔]{1,30}?)"
                        r"(?:の)?(?:呪文|カード|パーマネント|オブジェクト)?\s*(?:なので|だから|で(?:も)?ある(?:ので|ため|から)|なため|のため|ですので)$")


def is_reason(clause: str) -> dict[str, Any] | None:
    """A reason clause that only states a card's types / colours (:data:`_IS_REASON`): {kind: is, types?, colors?,
    card?: its mark} — checked against the card by the cross-check (engine/crosscheck/card_facts.py), never
    staged; else None (a reason that says anything more is no such fact)."""
    m = _IS_REASON.match(clause.strip())
    if not m:
        return None
    what = m.group("what")
    colors = [c for c in "WUBRG" if any(w in what for w in LEX.words("colours", c))]
    types = LEX.types_in(what)
    rest = re.sub(r"[・\s]|(?:の|と|で)", "", what)
    for w in [*LEX.type_run_words, *LEX.words("colours")]:
        rest = rest.replace(w, "")
    if rest or not (colors or types):
        return None
    return {"kind": "is", **({"types": types} if types else {}), **({"colors": colors} if colors else {}),
            **({"card": m.group("mark")} if m.group("mark") else {})}


# the words of a clause that modify a named card right before its mark (「召喚酔いの〔0〕」「墓地にある〔0〕」「対戦相手の
# 〔0〕」「トークンである〔0〕」「2/2の〔0〕」): facts of that card, which a reader that does not stage them keeps as
# unrepresented words, never drops (the card a sentence names is that card in that state: 110.5, 302.6, 400.1)
_CARD_MODIFIER = re.compile(r"(?:^|[、。「」\s])([^、。〔〕「」\s]*?(?:た|る|ない|いる|の|つ|である|な))〔\d+〕")
_NOT_MODIFIER = re.compile(r"^(?:その|この|あの|もう\s*(?:1|一)\s*(?:体|つ|枚)の)$")


def card_modifiers(text: str) -> list[str]:
    """The modifiers right before the card marks of ``text`` (:data:`_CARD_MODIFIER`), in text order."""
    return [w for m in _CARD_MODIFIER.finditer(text) for w in [m.group(1).strip()] if w and not _NOT_MODIFIER.match(w)]
