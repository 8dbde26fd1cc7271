"""Combat read by composition (issue 20): the pieces a statement about a declared attack and block and its combat
damage is built from, added to the composed reader's tables (:mod:`extractor.claims.compose` extends its own
with these; nothing here knows a sentence).

- ``stays`` (outcome): 「生き残る」 — the creature is still on the battlefield after the combat (510.2, 704.5g: it
  was not dealt lethal damage); 「生き残らない」 denies it;
- ``deals_first`` (510.4) read from 「より後に」 too: 「AはBより後に戦闘ダメージを与える」 is B dealing first;
- ``life_of`` (outcome, 119.3, 702.15b): 「《X》のコントローラーはN点のライフを得る」 — the player who controls the named
  card X (``{"controller_of": X}``, an object) gains N life by the events;
- ``life_down`` (outcome, 119.3 / 510.1a / 120.3a): 「防御プレイヤーのライフは4点減る」 — the player (the genitive)
  loses N life to the events; the number is a fact of the verb phrase;
- **each of the two** (an object): 「両方とも」「どちらも」「双方とも」 — the outcome is about each of the two creatures
  the sentence stages (the attacker and its blocker): ``outcome[role]`` is the list of both letters, and the
  checker checks it of each (a denial: of neither);
- **the topic** (は) scopes over the whole sentence: 「AはBにブロックされても破壊されない」 — an outcome whose subject
  is unstated is about A, the は-marked object of the first clause, even when a second card is named (a が
  subject of a subordinate clause does not carry over: which card the outcome is about is then not told);
- **who deals the damage to the defending player**: only an attacking creature deals combat damage to the player
  it attacks (510.1a-c) — 「Aがブロックされた場合、防御プレイヤーに4点のダメージを与えられる」: A, when A is the one
  attacker the sentence stages.

The checker is :mod:`engine.crosscheck.outcome_combat`.
"""
from __future__ import annotations

import re

# (pattern of the verb phrase, name, role of each case) — as extractor.claims.compose.PREDICATES
PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    # 510.2 / 704.5g 「《丘巨人》は生き残る」
    (r"生き残", "stays", {"s": "patient"}),
    # 119.3 「防御プレイヤーのライフは4点減る」「…のライフが2点失われる」
    (r"ライフ(?:の総量)?(?:は|が|も)、?(?P<n>\d+)点(?:減|失われ)", "life_down", {"g": "player"}),
    (r"ライフ(?:の総量)?(?:は|が|も)、?減", "life_down", {"g": "player"}),
    # 510.1a 「…は、そのパワーに等しい戦闘ダメージを防御プレイヤーに与える」: the amount is the source's power
    (r"(?P<x_amount>その|自身の)パワーに等しい(?:点数の)?(?:戦闘)?ダメージを(?P<x_to>防御プレイヤー)に与え(?!られ)", "damage",
     {"s": "source"}),
    # 119.3 / 702.15b 「《吸血鬼の夜鷲》のコントローラーは2点のライフを得る」: the player (a card's controller) gains N
    (r"(?P<n>\d+)点のライフを(?:得|獲得し|獲得す|回復し|回復す)", "life_of", {"s": "player"}),
    # 510.4 「AはBより後に戦闘ダメージを与える」: B deals its combat damage first (the mirror of 「より先に」, より: the
    # comparative case)
    (r"(?:後|あと)に(?:戦闘)?ダメージ(?:を)?与え", "deals_first", {"s": "other", "c": "source"}),
    # 702.14c / 506.2 「防御プレイヤーが沼をコントロールしている(限り)」: a state of the board — the player controls a
    # permanent of that description (denied: none)
    (r"コントロールしてい(?=る|な|$)", "controls", {"s": "player", "o": "permanent"}),
]
OUTCOMES = frozenset({"life_down", "life_of"})
EVENTS = frozenset({"controls"})
# events that may be denied: a state of the board, not something that happens (「…をコントロールしていない」)
STATES = ("controls",)
SUBJECT_ROLES = {"life_down": "player", "life_of": "player"}
NEEDS = ("生き残", "ライフは", "ライフが", "後に", "パワーに等しい")

EACH = {"each": True}
_EACH = re.compile(r"^(?:その)?(?:両方|両者|双方|どちら|2体)(?:とも|と)?$")   # (も: the particle)
_COMBAT_ROLES = ("attacker", "blocker")


_CONTROLLER_OF = re.compile(r"^(?P<of>.+?)のコントローラー$")
# 「攻撃クリーチャー」「攻撃しているクリーチャー」: a creature the sentence's events stage attacking (506.3)
_ATTACKING = re.compile(r"^(?:攻撃・?クリーチャー|攻撃している(?:クリーチャー)?)$")


def object_of(phrase: str, read) -> dict | None:
    """「両方とも」「どちらも」 (the particle read by the caller): each of the sentence's two creatures;
    「《X》のコントローラー」: the player who controls the named card X (``read`` reads the phrase of X; a described
    object's controller is not read — which object of the description is not told)."""
    if _EACH.match(phrase.strip()):
        return dict(EACH)
    if _ATTACKING.match(phrase.strip()):
        return {"desc": {"types": ["Creature"], "attacking": True}}
    m = _CONTROLLER_OF.match(phrase.strip())
    if m:
        of = read(m.group("of"))
        return {"controller_of": of} if isinstance(of, str) else None
    return None


# 「《X》は、防御プレイヤーが沼をコントロールしている限り、ブロックされない」: a topic (は, set off by a comma) that
# heads a subordinate clause with a subject of its own (が) is the main clause's topic — は scopes over the sentence
_HEAD_TOPIC = re.compile(r"^(?P<t>[^、。「」]+?は)、(?P<rest>[^、。]*?が.+)$")


def lift_topic(parts: list[str]) -> list[str]:
    """The clauses with a sentence-initial topic moved from the first (subordinate) clause to the main one."""
    m = _HEAD_TOPIC.match(parts[0]) if len(parts) > 1 else None
    if not m:
        return parts
    return [m.group("rest"), *parts[1:-1], m.group("t") + "、" + parts[-1]]


def topic_of(items: list[dict]) -> object | None:
    """The object the first clause marks with は (the topic the whole sentence is about), or None."""
    for x in items:
        if x.get("topic") is not None:
            return x["topic"]
    return None


def attacking_staged(items: list[dict]) -> bool:
    """An object read as 「攻撃クリーチャー」 must be an attacker of an event the sentence states (then the event
    stages the attack and the description drops the word); False when no event does (the fact would be lost)."""
    attackers = [x["roles"]["attacker"] for x in items if "attacker" in x["roles"]]
    for x in items:
        for o in x["roles"].values():
            if isinstance(o, dict) and isinstance(o.get("desc"), dict) and o["desc"].get("attacking"):
                if o not in attackers:
                    return False
    for x in items:
        for o in x["roles"].values():
            if isinstance(o, dict) and isinstance(o.get("desc"), dict):
                o["desc"].pop("attacking", None)
    return True


def fill_source(events: list[dict], outcome: dict) -> None:
    """Damage to the defending player with no source stated: the one attacking creature the events stage
    (510.1a: a blocking creature deals its damage to the attacker, never to the player).  「…を防御プレイヤーに
    与える」 read inside the power-amount phrase names the recipient."""
    if outcome["facts"].pop("to", None) == "防御プレイヤー":
        outcome["roles"]["recipient"] = {"player": "opponent"}
    if outcome["facts"].pop("amount", None):
        outcome["facts"]["n_is"] = "power"      # 「そのパワーに等しい」: the source's power, in each reading
    if "times2" in outcome["facts"]:
        outcome["facts"]["times"] = outcome["facts"].pop("times2")
    unblocked = [x["roles"]["attacker"] for x in events if x["name"] == "unblocked" and "attacker" in x["roles"]]
    if outcome["name"] == "damage" and "times" in outcome["facts"] and "source" not in outcome["roles"] and \
            len(unblocked) == 1:
        outcome["roles"]["source"] = unblocked[0]     # the one attacker the sentence stages is its subject
    if outcome["name"] == "damage" and "times" in outcome["facts"] and "recipient" not in outcome["roles"] and \
            outcome["roles"].get("source") in unblocked:
        # 「Aがブロックされなかった場合、戦闘ダメージを2回与える」: an unblocked attacker's combat damage goes to the
        # player it attacks (510.1a)
        outcome["roles"]["recipient"] = {"player": "opponent"}
    if outcome["name"] != "damage" or "source" in outcome["roles"]:
        return
    if outcome["roles"].get("recipient") != {"player": "opponent"}:
        return
    attackers = {repr(x["roles"]["attacker"]): x["roles"]["attacker"] for x in events if "attacker" in x["roles"]}
    if len(attackers) == 1:
        outcome["roles"]["source"] = next(iter(attackers.values()))


def each_letters(outcome: dict, events: list[dict], letter) -> dict[str, list[str]] | None:
    """The outcome's roles that say 「両方とも」, each as the letters of the two creatures of the combat the events
    stage; None when a role says it and the events do not stage exactly two creatures (then the sentence is
    not read: which objects 'both' are is not told)."""
    roles = [r for r, o in outcome["roles"].items() if o == EACH]
    if not roles:
        return {}
    objs: list = []
    for x in events:
        for r in _COMBAT_ROLES:
            o = x["roles"].get(r)
            if o is not None and o != EACH and o not in objs:
                objs.append(o)
    if len(objs) != 2:
        return None
    for r in roles:
        del outcome["roles"][r]
    return {r: [letter(o) for o in objs] for r in roles}
