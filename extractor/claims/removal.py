"""Removal claims: can_destroy, can_exile, zone_after (where a card ends up).

CR 701.8 (destroy), 702.12 (indestructible), 704.5f/g (toughness 0, lethal damage: state-based actions),
701.17 (sacrifice is not destruction), 111.8 / 704.5d (a token off the battlefield ceases to exist), 406 (exile).
The object is a card or a described object (:mod:`.described`); what happened to it (events) and the stated
conditions (:mod:`.conditions`) are in the situation.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.clauses import CONTRAST, coordinated
from extractor.claims.attachments import holder_condition, holder_of
from extractor.claims.conditions import PATTERNS as COND_PATTERNS, clause_spans, conditions, merge, owner_words_read, \
    read_condition, zone_clause_fact
from extractor.claims.context import Context, coordinated_before
from extractor.claims.described import PATTERNS as DESC_PATTERNS, UNSTATED, describe, leftover, lift_unstated, marked_objects
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sides import read_side
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.facts import NO_EVENT  # what happened is not stated in the sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_CAN = r"(?:ことは|ことが|ことも)?(?P<form>でき(?:る|ない|ず)|出来(?:る|ない|ず))"
_ENDS = r"(?=[。、)(]|$|し、|が、|ので|ため|から|という(?:こと|わけ)|ことになる|ことはない)"

PATTERNS = compile_patterns({
    "destroy": r"(?<!「)(?:破壊(?:さ(?P<passive>れる|れない|れず)|する" + _CAN + r"|でき(?P<form2>る|ない|ず))"
               r"|除去(?:は|が)?(?P<form3>でき(?:る|ない|ず)|可能))" + _ENDS,
    "exile": r"追放(?:する" + _CAN + r"|でき(?P<form2>る|ない|ず))" + _ENDS,
    "sacrifice_can": r"(?<!「)生け?贄に捧げ(?:る" + _CAN + r"|られ(?P<form2>る|ない|ず))" + _ENDS,
    "zone": r"(?P<zone>墓地|手札|追放領域|ライブラリー|戦場|場)(?:に|へ)(?:は)?(?P<verb>置かれ(?:る|ない|ず)|送られ(?:る|ない|ず)"
            r"|戻(?:る|らない|される)|加え(?:る|られる)|残(?:る|らない)|落ち(?:る|ない)|行く|移動する)" + _ENDS,
    "exiled": r"(?<!「)追放され(?P<neg>る|ない|ず)" + _ENDS,
    "cease": r"消滅する" + _ENDS,
    # 「《X》で」「《X》が解決されると」「《X》を唱えると／唱えた場合」 (cast and resolved, 608.2): X removes it
    "by_card": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:で|によって|により|の効果で|が解決され(?=る|た|て)"
               r"|を唱え(?=ると|ても|た(?:場合|とき|時|ら)|れば))(?!は)",
    # 「《神の怒り》が解決されると」: the cause resolving is its clause's whole content (608.2)
    "resolves": r"^\s*〔\d+〕(?:/[^、。〔]*?)?(?:が解決され(?:ると|ても|たら|た場合|る場合|た後|る|た|て)?"
                r"|を唱え(?:ると|ても|たら|た場合|たとき|た時|れば))[、\s]*$",
    "damage": r"(\d+)\s*点(?:の)?(?:戦闘)?ダメージ",
    "sacrifice": r"生け?贄に捧げ|生贄",
    "toughness_zero": r"タフネスが\s*0\s*(?:以下)?(?:に(?:なった|なる|なって|なれば|なると))?",
    "bounce": r"手札に戻",
    # 「墓地に置かれた／置かれると」 as an event (not the outcome's 置かれる): staged for a token only (111.7, 704.5d)
    "to_graveyard": r"墓地に(?:置かれ|送られ|落ち)(?=た|ると|たら|れば|て)",
    "counter": r"打ち消され",
    "sba": r"状況起因",
    "dies": r"死亡",
    "pump": r"([+-]\d+)/([+-]\d+)(?:の)?修整",
    "toughness_down": r"タフネスを\s*(\d+)\s*(?:点)?(?:だけ)?(?:減少|下げ|減ら|低下)",
    "destroyed": r"破壊され(?:た|ると|たら|れば|て)",
    "lethal": r"致死ダメージ(?:を|が)(?:受け|与え)",
    # what an event clause says, once its object and its event are read (nothing left: the events carry it)
    "event_words": r"〔\d+〕(?:/[^、。〔]*?)?|\d+\s*点(?:の)?(?:戦闘)?ダメージ|致死ダメージ|ダメージ|破壊され|生け?贄に捧げ(?:られ)?|生贄"
                   r"|打ち消され|(?<=で)戻され|死亡[しす]|(?:戦場|場)を離れ|(?:戦場|場)以外(?:\s*の?\s*(?:領域|場所))?(?:に|へ)(?:ある|移動し?|置かれ)|対象(?:に|と)(?:し|す|取っ)|解決され|唱え|状況起因処理により|手札に戻(?:され|し)?|墓地に(?:置かれ|送られ|落ち)|追放され|タフネスが\s*0\s*(?:以下)?|状況起因処理"
                   r"|[+-]\d+/[+-]\d+(?:の)?修整(?:を)?(?:かけ|受け|得|与え)?|^0\s*(?:以下)?に(?:なった|なる|なって)$|タフネスを\s*\d+\s*(?:点)?(?:だけ)?(?:減少さ|下げ|減ら|低下さ)せ?|てから|呪文で|を受け|与えられ|与え|いる|としても|とした|に?な|(?:ると|ても|たら|れば|た|て|場合(?:は|でも)?|とき|時|も|が|は|を|に|で|、|\s)",
    "leaves": r"(?:戦場|場)を離れ|(?:戦場|場)以外(?:の(?:領域|場所))?(?:に|へ)(?:ある|移動|置かれ)",
    "itself": r"自身",
    # what may stand before the object in its clause and says nothing of it
    "lead_filler": r"^(?:また|なお|ただし|つまり|例えば|たとえば|もし|仮に|その|この|[QA]\s*\d*\s*[:：.)]|[\[【(（]\s*[QA]\s*\d*\s*[\]】)）]|\s)+",
    "topic": r"^[^、。〔]*?〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)",
    # the cause before the object in its clause: the topic card (「《X》は」) or the means (「《X》で」)
    "cause_lead": r"^〔\d+〕(?:/[^、。〔]*?)?(?:は|も|でも|で|によって|により)、?",
    "restricted": r"\d+\s*(?:体|枚|つ|個)(?:しか|のみ|だけ)?(?:を)?$|(?:しか|のみ)$",
    # whose zone (400.3: a card goes to its owner's graveyard / hand / library): a fact of the outcome
    "whose": r"(?P<whose>オーナー|持ち主|対戦相手|あなた|自分|コントローラー)(?:の)$",
    # who owns and who controls a named object (400.3, 108.3): 「《X》でコントロールを得た《Y》」「コントロールを奪った《Y》」
    # (a control change, just_controlled — the card it was done with, if named), 「あなたがコントロールしている対戦相手の
    # 《Y》」「対戦相手の《Y》をコントロールしている場合」 (not_owned: the opponent owns it, you control it)
    "owned_by": r"(?:〔(?P<by>\d+)〕(?:/[^、。〔]*?)?\s*(?:で|によって|により|を使って)\s*)?(?:対戦相手から)?コントロールを(?:得|奪っ)た"
                r"\s*(?=〔(?P<obj>\d+)〕)"
                r"|(?:あなたが|自分が)コントロールしている対戦相手の\s*(?=〔(?P<obj2>\d+)〕)"
                r"|(?:^|(?<=[、\s]))対戦相手の\s*〔(?P<obj3>\d+)〕(?:/[^、。〔]*?)?を(?:あなたが|自分が)?コントロールして(?:いる|いた)"
                r"(?:場合(?:は|に|には)?|とき(?:は|に)?|なら(?:ば)?|ので)\s*(?=[、,])",
    # 「破壊不能を持つ《X》」: a keyword stated of the named object — a fact of the card, checked against it
    "has_before": r"(?P<kw>" + alternation(LEX.words("keyword_abilities")) + r")(?:能力)?を持(?:つ|っている)\s*(?=〔(?P<obj4>\d+)〕)",
    "exiled_event": r"追放され(?:た|ると|たら|れば|て|ても)",
    # 「《急報》で生成したトークン」「《X》が生み出したトークン」「《X》によって作られたトークン」: a token a named card made
    # (111.1): made_by, that card cast first and its token the object
    "made_by": r"(?P<maker>〔\d+〕)(?:/[^、。〔]*?)?\s*(?:で|によって|により|が)\s*(?:生成|作成|生み出|作|出)(?:した|された|された|され|っ?た|られた)\s*(?=(?:[^、。〔]{0,6}の)?トークン)",
    # 「再生の盾がある《X》」: a regeneration shield on the named object (701.15a)
    "shield_before": r"再生(?:の盾|シールド)(?:が|を)(?:ある|張られ(?:た|ている)|張った|持つ)\s*(?=〔(?P<obj5>\d+)〕)",
})
P = PATTERNS
_ZONES = {"墓地": "graveyard", "手札": "hand", "追放領域": "exile", "ライブラリー": "library", "戦場": "battlefield",
          "場": "battlefield"}


def _clause_start(norm: str, pos: int) -> int:
    """Where the claim's clause begins: after the last 〜が／〜し coordination before it (「…できるし、…置かれる」
    「…できないが、…置かれる」: two statements, :data:`extractor.claims.clauses.CONTRAST`)."""
    start = norm.rfind("。", 0, pos) + 1
    for m in CONTRAST.finditer(norm, start, pos):
        start = m.end()
    return start


def _read_here(text: str) -> bool:
    """A coordinated predicate this module reads as a claim of its own (destroyed, exiled, sacrificed, a zone)."""
    return any(P[k].search(text) for k in ("destroy", "exile", "sacrifice_can", "zone", "exiled", "cease"))


def _coordinated(s: Sentence, m: re.Match, sit: dict[str, Any]) -> None:
    """The predicates coordinated with the claim's own by 〜が／〜し (:func:`extractor.claims.clauses.coordinated`):
    each a statement of its own — read by this module, else kept unrepresented (never riding on this claim)."""
    merge(sit, coordinated(s, m, _read_here, pattern=CONTRAST)[1])


def _candidates(s: Sentence, head: str) -> list[tuple[int, Any]]:
    """(position, object) of the objects a clause marks as topic/subject/object (は/が/を/も …), in text order."""
    return marked_objects(s, head, r"(?:/[^、。〔]*?)?(?:自身)?(?:は|が|を|も|でも|に(?=\d+\s*点|致死|[+-]1/[+-]1\s*カウンター)"
                          r"|の(?=タフネス|パワー))",
                          r"\s*(?:[A-Z])?(?:は|が|を|も|に|でも|の(?=タフネス|パワー))")


def _placed_object(s: Sentence, head: str) -> tuple[int | None, Any]:
    """(position in ``head``, object) of what a clause is about: its last object marked in the main clause, else
    (a pronoun or an omitted subject) the first one of a condition clause
    ('…クリーチャーが…受けた後、…それは破壊される', 'トークンが戦場以外にある場合、…消滅する'); never the
    example's subject: a wrong object would decide."""
    inside = clause_spans(head)
    cands = _candidates(s, head)
    main = [c for c in cands if not any(a <= c[0] < b for a, b in inside)]   # 'Xが場を離れても': X is the condition's
    if main:
        return main[-1]
    return cands[0] if cands else (None, None)


def _lead(sit: dict[str, Any], head: str, obj_at: int | None, obj: Any, own: Any) -> None:
    """The words before the object in its own clause (outside any condition clause): 「再生の盾がある《灰色熊》は」,
    「再生の盾があるクリーチャーは」 — a condition they state is the object's; before a named card, words no
    condition reads are unrepresented (never dropped)."""
    if obj_at is None:
        return
    lead = head[:obj_at]
    cut = max(lead.rfind("、"), lead.rfind("。")) + 1
    spans = clause_spans(head)
    inside = next((a for a, b in spans if a < obj_at < b), None)
    if inside is not None and isinstance(obj, str):
        # 「召喚酔いの《X》が死亡すると、」: the named object is the condition clause's subject — the words before
        # it in that clause are its own, as in a main clause
        cut = max(cut, inside)
    elif any(a <= cut < b or a < obj_at <= b for a, b in spans):
        return
    pre = P["lead_filler"].sub("", lead[cut:]).strip()
    cause = P["cause_lead"].match(pre)
    if cause and isinstance(obj, str) and not MARK.search(pre[cause.end():]):
        # 「《破滅の刃》は召喚酔いの《灰色熊》を」「《稲妻》でタップ状態の《灰色熊》を」: the cause (topic or means,
        # read by _topic_cause / by_card) is not the object's words; what follows it modifies the object (issue 20)
        pre = pre[cause.end():].strip()
    if len(pre) < 2:
        return
    # another object in the words (「5/5のクリーチャーにブロックされた2/2のクリーチャー」): a fact about two objects,
    # never one condition of this one
    if MARK.search(pre) or DESC_PATTERNS["head"].search(pre) and not isinstance(obj, str):
        return                        # (what the other object does is read, or not, by the callers' checks)
    # before a named card, words naming an object type (「トークンである《X》」「装備品をつけた《X》」) still state a
    # fact of the card (111.1, 301.5): read as a condition or kept unrepresented, never dropped
    got = read_condition(pre)
    if got is not None:
        if got not in sit.setdefault("conditions", []):
            sit["conditions"].append(got)
        if isinstance(own, str) and own in pre and own in (sit.get("unrepresented") or []):
            sit["unrepresented"].remove(own)
            if not sit["unrepresented"]:
                del sit["unrepresented"]
    elif isinstance(obj, str) and pre not in sit.setdefault("unrepresented", []):
        sit["unrepresented"].append(pre)


def _antecedent(s: Sentence, head: str, obj_at: int | None, obj: Any) -> tuple[int | None, Any]:
    """「…クリーチャーが破壊された場合、そのクリーチャーは…」: a described object the main clause takes up again
    with その/この is the one its condition clause described (with that description's words, and the events of the
    clause); only when that clause has exactly one subject of the same type."""
    if obj_at is None or not isinstance(obj, dict) or head[max(0, obj_at - 2):obj_at] not in ("その", "この"):
        return obj_at, obj
    before = [(a, b) for a, b in clause_spans(head) if b <= obj_at]
    if not before:
        return obj_at, obj
    a, b = before[-1]
    subjects = [(pos, o) for pos, o in _candidates(s, head[:b]) if pos >= a]
    if len(subjects) != 1 or not isinstance(subjects[0][1], dict):
        return obj_at, obj
    types = (subjects[0][1].get("desc") or {}).get("types")
    return subjects[0] if types and types == (obj.get("desc") or {}).get("types") else (obj_at, obj)


def _others_events(s: Sentence, head: str, obj_at: int | None, obj: Any) -> list[tuple[int, int]]:
    """The condition clauses of ``head`` whose subject is another object than the statement's (「《A》が破壊される
    と、《B》は…」): what happens in them happens to that object, not to the statement's — (start, end) of each.
    Coordinated cards (「《A》と《B》が…」) are all the clause's subjects."""
    out = []
    for a, b in clause_spans(head):
        if obj_at is not None and a <= obj_at < b:
            continue
        subjects = [o for pos, o in _candidates(s, head[:b]) if pos >= a]
        if subjects and obj not in subjects and not _same_sentence_card(s, head[a:b], obj):
            out.append((a, b))
    return out


def _same_sentence_card(s: Sentence, clause: str, obj: Any) -> bool:
    """Whether the clause names ``obj`` (a card) anywhere, e.g. coordinated before its marked subject."""
    return isinstance(obj, str) and any(s.card(m) == obj for m in MARK.finditer(clause))


def events_of(head: str, s: Sentence, others: list[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """What the clause says happened to the object, in text order (not what ``others``, the spans of clauses about
    another object, say happened to that one)."""
    found: list[tuple[int, dict[str, Any]]] = []
    for m in P["damage"].finditer(head):
        found.append((m.start(), {"action": "damage", "n": int(m.group(1))}))
    for name, action in (("sacrifice", "sacrifice"), ("toughness_zero", "sba"), ("bounce", "bounce"),
                         ("counter", "counter"), ("dies", "die"), ("leaves", "leave"), ("destroyed", "destroy"),
                         ("exiled_event", "exile"), ("to_graveyard", "to_graveyard"),
                         ("lethal", "lethal_damage")):
        m = P[name].search(head)
        if m:
            found.append((m.start(), {"action": action}))
    for m in P["pump"].finditer(head):                # '-2/-2の修整をかける' (CR 613.4c)
        found.append((m.start(), {"action": "pump", "pt": [int(m.group(1)), int(m.group(2))]}))
    for m in P["toughness_down"].finditer(head):      # 'タフネスを1だけ減少させる': -0/-N (CR 613.4c)
        found.append((m.start(), {"action": "pump", "pt": [0, -int(m.group(1))]}))
    m = P["by_card"].search(head)
    if m:           # 《A》や《B》で: each coordinated card is a cause of its own claim
        found.append((m.start(), {"action": "by", "by": s.card(m), "all": [*coordinated_before(s, m.start()), s.card(m)]}))
    return [e for at, e in sorted(found, key=lambda t: t[0]) if not any(a <= at < b for a, b in others)]


UNATTACHED = COND_PATTERNS["unattached"]
TOKEN_OBJECT = object()          # (a made_by fact is of the token described right after it)


def _ownership(s: Sentence, head: str) -> tuple[str, list[tuple[str | None, dict[str, Any], str]]]:
    """The words before a named object that state a fact of it, blanked out of ``head`` (positions kept), with
    (the object's name, the condition fact, the words) of each: who owns and controls it (``owned_by``: a
    control change, just_controlled, with the card it was done with as ``by_mark``, or the opponent's object you
    control, not_owned, 400.3), a keyword it has (``has_before``), a regeneration shield (``shield_before``)."""
    found = []
    for m in [*P["owned_by"].finditer(head), *P["has_before"].finditer(head), *P["shield_before"].finditer(head),
              *P["made_by"].finditer(head)]:
        if m.re is P["made_by"]:        # (of the token after it: :func:`_situation` checks it is the object)
            found.append((TOKEN_OBJECT, {"kind": "made_by", "card": s.card(m.group("maker")[1:-1])}, m.group(0)))
            head = head[:m.start()] + " " * (m.end() - m.start()) + head[m.end():]
            continue
        if m.re is P["shield_before"]:
            found.append((s.card(m.group("obj5")), {"kind": "regen_shield"}, m.group(0)))
            head = head[:m.start()] + " " * (m.end() - m.start()) + head[m.end():]
            continue
        if m.re is P["has_before"]:
            fact = {"kind": "has", "keyword": LEX.value("keyword_abilities", m.group("kw")),
                    "card": f"〔{m.group('obj4')}〕"}
            found.append((s.card(m.group("obj4")), fact, m.group(0)))
            head = head[:m.start()] + " " * (m.end() - m.start()) + head[m.end():]
            continue
        if m.group("obj2") or m.group("obj3"):
            fact: dict[str, Any] = {"kind": "not_owned"}
        else:
            fact = {"kind": "just_controlled", **({"by_mark": int(m.group("by"))} if m.group("by") else {})}
        obj = s.card(m.group("obj") or m.group("obj2") or m.group("obj3"))
        found.append((obj, fact, m.group(0)))
        head = head[:m.start()] + " " * (m.end() - m.start()) + head[m.end():]
    return head, found


def _zone_facts(s: Sentence, sit: dict[str, Any], obj: Any) -> None:
    """The condition clauses left unread that state a fact these kinds stage (:func:`zone_clause_fact`: who owns
    the object, 400.3; the counters put on it, 704.5f / 704.5q) — only of the statement's own object: the card
    the clause names, or (no card named) the described object the statement is about."""
    for c in sit.get("conditions") or []:
        if isinstance(obj, str) and isinstance(c, dict) and c.get("kind") in ("has", "lacks") and not c.get("card"):
            # 「《X》に…置かれても、破壊不能なので…」: the keyword a clause with no subject gives as its cause is the
            # statement's object's — a fact of the card, checked against it (engine/crosscheck/card_facts.py)
            c["card"] = obj
    kept = []
    for clause in sit.get("unrepresented") or []:
        fact = zone_clause_fact(clause) if isinstance(clause, str) else None
        marks = MARK.findall(clause) if fact else []
        own = (s.card(marks[0]) == obj) if marks else isinstance(obj, dict)
        if fact and own:
            merge(sit, {"conditions": [fact]})
        else:
            kept.append(clause)
    if "unrepresented" in sit:
        if kept:
            sit["unrepresented"] = kept
        else:
            del sit["unrepresented"]


def _unattached_lead(sit: dict[str, Any]) -> None:
    """「何にもつけられていない《平和な心》」「何にもつけられていないオーラ」: words before the object, in its own
    clause, that say only that it is attached to nothing — its condition ``unattached`` (704.5m / 704.5n)."""
    words = sit.get("unrepresented") or []
    hit = [w for w in words if isinstance(w, str) and UNATTACHED.fullmatch(w.strip())]
    if hit:
        merge(sit, {"conditions": [{"kind": "unattached"}]})
        rest = [w for w in words if w not in hit]
        if rest:
            sit["unrepresented"] = rest
        else:
            del sit["unrepresented"]


def _situation(s: Sentence, start: int, pos: int, ctx: Context, key: str) -> dict[str, Any]:
    head, owned = _ownership(s, s.norm[start:pos])
    norm = s.norm[:start] + head + s.norm[pos:]
    obj_at, obj = _antecedent(s, head, *_placed_object(s, head))
    sit: dict[str, Any] = {key: obj}
    # a clause whose subject is the cause resolving (「《X》が解決されると」) is the cause's, not another object's event
    others = [(a, b) for a, b in _others_events(s, head, obj_at, obj) if not P["resolves"].match(head[a:b])]
    ev = events_of(head, s, others)
    by = next((e for e in ev if e["action"] == "by"), None)
    ev = [e for e in ev if e["action"] != "by"]
    obj = sit[key]
    own = obj.get(UNSTATED) if isinstance(obj, dict) else None    # the object's own unread words (lifted below)
    marked = obj.get("desc", {}).get("damage") if isinstance(obj, dict) else None
    if marked is not None:           # 「3点のダメージを受けている…クリーチャー」: damage it has, not an event
        ev = [e for e in ev if not (e["action"] == "damage" and e.get("n") == marked)]
    means = (re.search(P["by_card"].pattern + re.escape(own), head) or P["by_card"].match(own)) \
        if isinstance(own, str) and own else None
    if by is not None and means:
        # 「《支配魔法》でコントロールを得たクリーチャー」: the card is how the object came to be so (its description,
        # kept unread with it), not what removes it
        by, own = None, (means.group(0) if means.start() else own)
        obj[UNSTATED] = own
    if by is not None and by["by"] != sit[key]:
        sit["by"] = by["by"]
        if len(by["all"]) > 1:
            sit["_by_all"] = by["all"]
    if ev:
        sit["events"] = ev
    sit.update(conditions(norm, pos))
    _zone_facts(s, sit, obj)
    for name, fact, words in owned:
        # a fact of the object itself is staged with it; of another object, it is stated and not staged
        own = name is not None and name == obj or (name is TOKEN_OBJECT and fact.get("card") and isinstance(obj, dict)
                                                   and (obj.get("desc") or {}).get("token"))
        merge(sit, {"conditions": [fact]} if own else {"unrepresented": [words.strip()]})
    owner_words_read(sit, obj)
    zero = {"kind": "toughness_zero"}
    if P["toughness_zero"].search(head) and zero not in sit.get("conditions", []):
        # 「タフネスが0になったクリーチャー」: the toughness 0 in the object's description is its condition (704.5f)
        sit.setdefault("conditions", []).append(zero)
    lift_unstated(sit)
    _lead(sit, head, obj_at, obj, own)
    _unattached_lead(sit)
    if (ev or by or "by" in sit) and "unrepresented" in sit:
        # '《灰色熊》が破壊されると': the clause is the event, read into events; '《稲妻》で《X》を対象にした場合': the
        # cause cast with the object as its target (staged so, 601.2c)
        sit["unrepresented"] = [c for c in sit["unrepresented"] if not _explained(
            c.replace(own, "", 1) if isinstance(own, str) and own and c != own else c, sit[key])]
        if not sit["unrepresented"]:
            del sit["unrepresented"]
    for a, b in others:               # what happened to another object: not staged on this one
        clause = head[a:b].strip()
        if clause not in sit.setdefault("unrepresented", []):
            sit["unrepresented"].append(clause)
    coordinated = coordinated_before(s, start + obj_at) if isinstance(obj, str) and obj_at is not None else []
    if coordinated:                   # 「《A》と《B》は…」: the statement is about each of them
        sit["_objects_all"] = (key, [*coordinated, obj])
    denied = _NEGATED_EVENT.search(s.norm, s.norm.rfind("。", 0, pos) + 1, pos)
    if denied:        # 「戦場以外に移動しないと…消滅する」「ダメージを受けないと破壊される」: the staged event, denied
        merge(sit, {"unrepresented": [denied.group(0)]})
    if not (ev or by or sit.get("conditions") or sit.get("unrepresented")):
        # 'オーラは墓地に置かれる' alone: what happened to it is stated elsewhere (a question, the line before)
        sit["unrepresented"] = [NO_EVENT]
    return sit


@register("can_destroy", priority=60, needs=("破壊", "除去", "贄"))
def find_can_destroy(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    start = 0
    for m in P["destroy"].finditer(s.norm):
        if P["restricted"].search(s.norm[:m.start()]):
            continue                      # '1体しか破壊できない': how many (a result), not whether
        form = m.group("passive") or m.group("form") or m.group("form2") or m.group("form3") or ""
        can = not (NEG.search(form) or form in ("れない", "れず"))
        sit = _situation(s, max(start, _clause_start(s.norm, m.start())), m.start(), ctx, "target")
        _coordinated(s, m, sit)
        if not m.group("passive"):
            _topic_cause(s, m.start(), sit)
        if "by" not in sit:
            ev = sit.get("events") or []
            tgt = sit.get("target")
            marked = isinstance(tgt, dict) and bool(tgt.get("desc", {}).get("damage"))
            if ev and (ev[-1]["action"] == "damage" or (ev[-1]["action"] == "pump" and (marked or any(
                    e["action"] == "damage" for e in ev)))):
                sit["by"] = "damage"          # damage, then a P/T change: the lethal-damage SBA (704.5g) decides
        read_side(sit, "target")                  # 「対戦相手の《X》を」: whose it is (108.4)
        out += [Found("can_destroy", x, {"can": can}, _subject(x, "target"), m.span()) for x in _each_cause(sit)]
        start = m.end()
    for m in P["sacrifice_can"].finditer(s.norm):       # sacrificing is not destroying (CR 701.17)
        form = m.group("form") or m.group("form2") or ""
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "target")
        _coordinated(s, m, sit)
        named = sit.get("by")
        sit["by"] = "sacrifice"
        sit.pop("events", None)
        sit.pop("_by_all", None)
        if sit.get("unrepresented") == [NO_EVENT]:
            del sit["unrepresented"]                  # the sacrifice is the event
        if isinstance(named, str) and named not in ("sacrifice", "damage"):
            # 「《X》を《稲妻》で生け贄に捧げることができる」: the card it is done with is a fact the sacrifice (its
            # controller's own action, 701.17a) does not stage — never dropped
            sit.setdefault("unrepresented", []).append(f"《{named}》で")
        out += [Found("can_destroy", x, {"can": not NEG.search(form)}, _subject(x, "target"), m.span())
                for x in _each_cause(sit)]
    return out


def _topic_cause(s: Sentence, pos: int, sit: dict[str, Any]) -> None:
    """'XはYを破壊できない' / '《剣を鍬に》はYを追放できる': the topic card X does it (the cause, cast or activated on
    Y) — what happened to Y is then stated."""
    if "by" in sit:
        return
    topic = P["topic"].search(s.norm[:pos])
    if topic and s.card(topic.group(1)) != sit["target"]:
        sit["by"] = s.card(topic.group(1))
        # the topic words before Y (「《X》は」, kept unread by _lead) are now read: X is the cause
        left = [u for u in sit.get("unrepresented") or [] if u != NO_EVENT and not (
            (t := P["topic"].match(u)) and t.end() == len(u) and t.group(1) == topic.group(1))]
        if left:
            sit["unrepresented"] = left
        else:
            sit.pop("unrepresented", None)


@register("can_exile", priority=61, needs=("追放",))
def find_can_exile(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["exile"].finditer(s.norm):
        form = m.group("form") or m.group("form2") or ""
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "target")
        _coordinated(s, m, sit)
        _topic_cause(s, m.start(), sit)
        read_side(sit, "target")                  # 「対戦相手の《X》を」: whose it is (108.4)
        out += [Found("can_exile", x, {"can": not NEG.search(form)}, _subject(x, "target"), m.span())
                for x in _each_cause(sit)]
    return out


@register("zone_after", priority=62, needs=("墓地", "手札", "追放", "ライブラリー", "戦場", "場", "消滅"))
def find_zone_after(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    stated: list[tuple[re.Match, str, bool]] = []
    for m in P["zone"].finditer(s.norm):
        verb = m.group("verb")
        zone = _ZONES[m.group("zone")]
        negated = bool(re.search(r"(?:ない|ず)$", verb))
        # (「戦場に残る」 is where it stays; 「手札に残る」 / 「墓地に残る」 name their own zone)
        stated.append((m, zone, negated))
    for m in P["exiled"].finditer(s.norm):
        stated.append((m, "exile", m.group("neg") != "る"))
    for m in P["cease"].finditer(s.norm):
        stated.append((m, "none", False))
    positive = [z for _, z, neg in stated if not neg]
    for m, zone, negated in stated:
        if negated:
            # 'X is not put into the graveyard': where it stays is only known for a permanent with no other
            # destination stated in the sentence
            if positive or zone != "graveyard" or _whose(s.norm[:m.start()]):
                continue          # (「あなたの墓地には置かれない」 denies whose graveyard, not the zone: 400.3)
            zone = "battlefield"
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "card")
        _coordinated(s, m, sit)
        if holder_of(sit):                    # 'the equipped creature leaves': that event is the host's
            host = {"leave", *_HOST_EVENTS.get(str(holder_condition(sit).get("how")), ())}
            sit["events"] = [e for e in sit.get("events") or [] if not (isinstance(e, dict) and e.get("action")
                                                                        in host)]
            if not sit["events"]:
                del sit["events"]
            if sit.get("card") is None:       # 'the enchanted object leaves': the statement is about the Aura —
                named = holder_condition(sit).get("card")       # the named one (「《X》がつけられている…」), if named
                sit["card"] = s.card(MARK.fullmatch(named)) if isinstance(named, str) and MARK.fullmatch(named) \
                    else holder_of(sit)
        if negated and any(isinstance(e, dict) and e.get("action") in _MOVES for e in sit.get("events") or []):
            continue      # 「追放された場合、墓地に置かれない」: it is elsewhere, not on the battlefield (400.7)
        lead = s.norm[max(s.norm.rfind("、", 0, m.start()), s.norm.rfind("。", 0, m.start())) + 1:m.start()]
        if _STATE.search(lead):
            # 「アンタップ状態のまま戦場に残る」: the state it stays in is stated too, and this kind checks only where
            # it is (701.15a: a regenerated permanent is tapped) — never confirmed without it
            merge(sit, {"unrepresented": [lead.strip()]})
        outcome = {"zone": zone, **_whose(s.norm[:m.start()])}
        out += [Found("zone_after", x, dict(outcome), _subject(x, "card"), m.span()) for x in _each_cause(sit)]
    return out


_MOVES = ("exile", "bounce", "leave")     # events after which it is in another zone than both
_STATE = re.compile(r"(?:アン)?タップ(?:状態|され|して|した)")      # a stated tapped / untapped state of the object


_WHOSE = {"オーナー": "owner", "持ち主": "owner", "対戦相手": "opponent", "あなた": "you", "自分": "you",
          "コントローラー": "controller"}


def _whose(before: str) -> dict[str, str]:
    """「対戦相手の墓地に」: whose zone the outcome names (``owner``: opponent / you / owner / controller), or {}."""
    m = P["whose"].search(before)
    return {"owner": _WHOSE[m.group("whose")]} if m else {}


_HOST_EVENTS = {"destroyed": ("destroy",), "dies": ("die",), "exiled": ("exile",)}   # the host's, stated in the condition


# 「戦場以外に移動しないと」: an event denied — the staged event happened, so the clause is never explained by it
# (a condition: 「…しないと」「…されなければ」, or a reason: 「3点のダメージを受けないので」「…受けていないため」;
# not an outcome 「破壊されずに戦場に残る」)
_NEGATED_EVENT = re.compile(r"(?:移動|離れ|置かれ|破壊され|死亡|追放され|戻され|捧げられ|受け|与えられ|与え)(?:し|さ)?(?:てい)?"
                            r"(?:ない(?:と|場合|なら|限り|かぎり|ので|ため|から|のに)|なければ|なかったら|なかった場合|なくても"
                            r"|なかった(?:ので|ため|から))")


def _explained(clause: str, obj: Any) -> bool:
    """A condition clause that only states an event of the object (its name or description, the event)."""
    if _NEGATED_EVENT.search(clause):
        return False
    rest = P["event_words"].sub("", clause)
    d = describe(rest) if rest else None
    od = obj.get("desc") if isinstance(obj, dict) else None
    if d and od is not None and all(od.get(k) == v for k, v in d.get("desc", {}).items()):
        # the clause names the object by (part of) its own description: nothing else is said
        rest = leftover(DESC_PATTERNS["head"].sub("", rest))
    # what is left is a condition the reader reads from the description (「コントロールを奪った」): kept there
    return len(rest.strip()) < 2 or read_condition(rest.strip()) is not None


def _each_cause(sit: dict[str, Any]) -> list[dict[str, Any]]:
    """One situation per coordinated cause (「《紅蓮地獄》や《金屑の嵐》で…」) and per coordinated object
    (「《A》と《B》は墓地に置かれる」)."""
    objs = sit.pop("_objects_all", None)
    alls = sit.pop("_by_all", None)
    sits = [sit] if not objs else [{**sit, objs[0]: o} for o in objs[1]]
    return sits if not alls else [{**x, "by": c} for x in sits for c in alls]


def _subject(sit: dict[str, Any], key: str) -> str | None:
    v = sit.get(key)
    return v if isinstance(v, str) else None
