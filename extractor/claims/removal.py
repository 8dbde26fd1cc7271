"""Removal claims: can_destroy, can_exile, zone_after (where a card ends up).

CR 701.8 (destroy), 702.12 (indestructible), 704.5f/g (toughness 0, lethal damage: state-based actions),
701.17 (sacrifice is not destruction), 111.8 / 704.5d (a token off the battlefield ceases to exist), 406 (exile).
The object is a card or a described object (:mod:`.described`); what happened to it (events) and the stated
conditions (:mod:`.conditions`) are in the situation.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.attachments import holder_condition, holder_of
from extractor.claims.conditions import clause_spans, conditions
from extractor.claims.context import Context, coordinated_before
from extractor.claims.described import PATTERNS as DESC_PATTERNS, describe, leftover, lift_unstated, marked_objects
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import NEG, Sentence
from extractor.facts import NO_EVENT  # what happened is not stated in the sentence
from extractor.lexicon import lexicon

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
    "by_card": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:で|によって|により|の効果で)(?!は)",
    "damage": r"(\d+)\s*点(?:の)?(?:戦闘)?ダメージ",
    "sacrifice": r"生け?贄に捧げ|生贄",
    "toughness_zero": r"タフネスが\s*0\s*(?:以下)?(?:に(?:なった|なる|なって|なれば|なると))?",
    "bounce": r"手札に戻",
    "counter": r"打ち消され",
    "sba": r"状況起因",
    "dies": r"死亡",
    "pump": r"([+-]\d+)/([+-]\d+)(?:の)?修整",
    "toughness_down": r"タフネスを\s*(\d+)\s*(?:点)?(?:だけ)?(?:減少|下げ|減ら|低下)",
    "destroyed": r"破壊され(?:た|ると|たら|れば|て)",
    "lethal": r"致死ダメージを(?:受け|与え)",
    # what an event clause says, once its object and its event are read (nothing left: the events carry it)
    "event_words": r"〔\d+〕(?:/[^、。〔]*?)?|\d+\s*点(?:の)?(?:戦闘)?ダメージ|致死ダメージ|ダメージ|破壊され|生け?贄に捧げ(?:られ)?|生贄"
                   r"|打ち消され|死亡し|(?:戦場|場)を離れ|(?:戦場|場)以外(?:の(?:領域|場所))?(?:に|へ)(?:ある|移動し?|置かれ)|状況起因処理により|手札に戻|タフネスが\s*0\s*(?:以下)?|状況起因処理"
                   r"|[+-]\d+/[+-]\d+(?:の)?修整(?:を)?(?:かけ|受け|得|与え)?|^0\s*(?:以下)?に(?:なった|なる|なって)$|タフネスを\s*\d+\s*(?:点)?(?:だけ)?(?:減少さ|下げ|減ら|低下さ)せ?|てから|呪文で|を受け|与えられ|与え|いる|としても|とした|に?な|(?:ると|ても|たら|れば|た|て|場合(?:は|でも)?|とき|時|も|が|は|を|に|で|、|\s)",
    "leaves": r"(?:戦場|場)を離れ|(?:戦場|場)以外(?:の(?:領域|場所))?(?:に|へ)(?:ある|移動|置かれ)",
    "itself": r"自身",
    "topic": r"^[^、。〔]*?〔(\d+)〕(?:/[^、。〔]*?)?(?:は|も)",
    "restricted": r"\d+\s*(?:体|枚|つ|個)(?:しか|のみ|だけ)?(?:を)?$|(?:しか|のみ)$",
})
P = PATTERNS
_ZONES = {"墓地": "graveyard", "手札": "hand", "追放領域": "exile", "ライブラリー": "library", "戦場": "battlefield",
          "場": "battlefield"}


_COORD = re.compile(r"(?<=[るいだ])し、")      # 「…できるし、…置かれる」: two coordinated statements


def _clause_start(norm: str, pos: int) -> int:
    start = norm.rfind("。", 0, pos) + 1
    for m in _COORD.finditer(norm, start, pos):
        start = m.end()
    return start


def object_of(s: Sentence, head: str, ctx: Context) -> Any:
    """The object a clause is about: its last card marked as topic/subject/object (は/が/を/も), else the last
    described object, else a card the clause names, else the example's subject."""
    inside = clause_spans(head)

    def in_clause(pos: int) -> bool:                  # 'Xが場を離れても': X belongs to the condition
        return any(a <= pos < b for a, b in inside)
    cands = marked_objects(s, head, r"(?:/[^、。〔]*?)?(?:自身)?(?:は|が|を|も|でも|に(?=\d+\s*点|致死)|の(?=タフネス|パワー))",
                           r"\s*(?:[A-Z])?(?:は|が|を|も|に|でも|の(?=タフネス|パワー))")
    main = [c for c in cands if not in_clause(c[0])]
    if main:
        return main[-1][1]
    # no object in the main clause: a pronoun or an omitted subject is the condition's subject
    # ('…クリーチャーが…受けた後、…それは破壊される', 'トークンが戦場以外にある場合、…消滅する')
    return cands[0][1] if cands else None             # never the example's subject: a wrong object would decide


def events_of(head: str, s: Sentence) -> list[dict[str, Any]]:
    """What the clause says happened to the object, in text order."""
    found: list[tuple[int, dict[str, Any]]] = []
    for m in P["damage"].finditer(head):
        found.append((m.start(), {"action": "damage", "n": int(m.group(1))}))
    for name, action in (("sacrifice", "sacrifice"), ("toughness_zero", "sba"), ("bounce", "bounce"),
                         ("counter", "counter"), ("dies", "die"), ("leaves", "leave"), ("destroyed", "destroy"),
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
    return [e for _, e in sorted(found, key=lambda t: t[0])]


def _situation(s: Sentence, start: int, pos: int, ctx: Context, key: str) -> dict[str, Any]:
    head = s.norm[start:pos]
    sit: dict[str, Any] = {key: object_of(s, head, ctx)}
    ev = events_of(head, s)
    by = next((e for e in ev if e["action"] == "by"), None)
    ev = [e for e in ev if e["action"] != "by"]
    obj = sit[key]
    marked = obj.get("desc", {}).get("damage") if isinstance(obj, dict) else None
    if marked is not None:           # 「3点のダメージを受けている…クリーチャー」: damage it has, not an event
        ev = [e for e in ev if not (e["action"] == "damage" and e.get("n") == marked)]
    if by is not None and by["by"] != sit[key]:
        sit["by"] = by["by"]
        if len(by["all"]) > 1:
            sit["_by_all"] = by["all"]
    if ev:
        sit["events"] = ev
    sit.update(conditions(s.norm, pos))
    zero = {"kind": "toughness_zero"}
    if P["toughness_zero"].search(head) and zero not in sit.get("conditions", []):
        # 「タフネスが0になったクリーチャー」: the toughness 0 in the object's description is its condition (704.5f)
        sit.setdefault("conditions", []).append(zero)
    lift_unstated(sit)
    if ev and "unrepresented" in sit:   # '《灰色熊》が破壊されると': the clause is the event, read into events
        sit["unrepresented"] = [c for c in sit["unrepresented"] if not _explained(c, sit[key])]
        if not sit["unrepresented"]:
            del sit["unrepresented"]
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
        if "by" not in sit and not m.group("passive"):   # 'XはYを破壊できない': the topic X destroys
            topic = P["topic"].search(s.norm[:m.start()])
            if topic and s.card(topic.group(1)) != sit["target"]:
                sit["by"] = s.card(topic.group(1))
        if "by" not in sit:
            ev = sit.get("events") or []
            tgt = sit.get("target")
            marked = isinstance(tgt, dict) and bool(tgt.get("desc", {}).get("damage"))
            if ev and (ev[-1]["action"] == "damage" or (ev[-1]["action"] == "pump" and (marked or any(
                    e["action"] == "damage" for e in ev)))):
                sit["by"] = "damage"          # damage, then a P/T change: the lethal-damage SBA (704.5g) decides
        out += [Found("can_destroy", x, {"can": can}, _subject(x, "target"), m.span()) for x in _each_cause(sit)]
        start = m.end()
    for m in P["sacrifice_can"].finditer(s.norm):       # sacrificing is not destroying (CR 701.17)
        form = m.group("form") or m.group("form2") or ""
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "target")
        sit["by"] = "sacrifice"
        sit.pop("events", None)
        sit.pop("_by_all", None)
        if sit.get("unrepresented") == [NO_EVENT]:
            del sit["unrepresented"]                  # the sacrifice is the event
        out.append(Found("can_destroy", sit, {"can": not NEG.search(form)}, _subject(sit, "target"), m.span()))
    return out


@register("can_exile", priority=61, needs=("追放",))
def find_can_exile(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["exile"].finditer(s.norm):
        form = m.group("form") or m.group("form2") or ""
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "target")
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
        if verb.startswith("残"):
            zone = "battlefield"
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
            if positive or zone != "graveyard":
                continue
            zone = "battlefield"
        sit = _situation(s, _clause_start(s.norm, m.start()), m.start(), ctx, "card")
        if holder_of(sit):                    # 'the equipped creature leaves': that event is the host's
            host = {"leave", *_HOST_EVENTS.get(str(holder_condition(sit).get("how")), ())}
            sit["events"] = [e for e in sit.get("events") or [] if not (isinstance(e, dict) and e.get("action")
                                                                        in host)]
            if not sit["events"]:
                del sit["events"]
            if sit.get("card") is None:
                sit["card"] = holder_of(sit)  # 'the enchanted object leaves': the statement is about the Aura
        out += [Found("zone_after", x, {"zone": zone}, _subject(x, "card"), m.span()) for x in _each_cause(sit)]
    return out


_HOST_EVENTS = {"destroyed": ("destroy",), "dies": ("die",), "exiled": ("exile",)}   # the host's, stated in the condition


def _explained(clause: str, obj: Any) -> bool:
    """A condition clause that only states an event of the object (its name or description, the event)."""
    rest = P["event_words"].sub("", clause)
    d = describe(rest) if rest else None
    od = obj.get("desc") if isinstance(obj, dict) else None
    if d and od is not None and all(od.get(k) == v for k, v in d.get("desc", {}).items()):
        # the clause names the object by (part of) its own description: nothing else is said
        rest = leftover(DESC_PATTERNS["head"].sub("", rest))
    return len(rest.strip()) < 2


def _each_cause(sit: dict[str, Any]) -> list[dict[str, Any]]:
    """One situation per coordinated cause (「《紅蓮地獄》や《金屑の嵐》で…」)."""
    alls = sit.pop("_by_all", None)
    return [sit] if not alls else [{**sit, "by": c} for c in alls]


def _subject(sit: dict[str, Any], key: str) -> str | None:
    v = sit.get(key)
    return v if isinstance(v, str) else None
