"""Quantities read by composition (issue 20): counters with their kind and number, P/T, life totals — pieces of
the composed reader's tables (:mod:`extractor.claims.compose` extends its own with these; nothing here knows a
sentence).

- **counters as an object**: 「+1/+1カウンター」「-1/-1カウンター」 — one kind, its number left to the predicate
  (``{"counters": {kind: None}}``); only the kinds the staging keeps (122.1a: +N/+N counters change P/T) are
  read, so a counter of any other kind (a javelin counter) is never taken for one of these;
- ``has_counters`` with a number: 「…にN個置かれ(た)」 — the number is the predicate's ``n`` (122.1);
- ``pumped`` (an event): 「+N/+Nの修整を受け(た)」 — the P/T modification stated (613.4c), ``pump``: "+N/+N";
- ``pt_is`` (an outcome): 「(それは) P/T になる」 — the P/T after the events (613.4: the layers decide), ``pt``;
  one of the two, 「《X》のパワーは5になる」「タフネスは3になる」: ``power`` or ``toughness`` alone; 「P/Tのまま(である)」:
  unchanged by the events, the same outcome;
- **a player described by a life total** (an object): 「ライフが0以下のプレイヤー」「ライフの総量が0点以下になった
  プレイヤー」 — ``{"player_desc": {"life": [comparison, N]}}`` (以下 / 以上 / 未満 / none: exactly N); or by poison
  counters (704.5c): 「毒カウンターが10個以上あるプレイヤー」 — ``{"player_desc": {"poison": [comparison, N]}}``;
- ``counters_left`` (an outcome, 704.5q): 「+1/+1カウンターが1個残る」「-1/-1カウンターは残らない」 — the counters of
  one kind on the permanent after the events (``n``; a denial without a number: none);
- ``loses_game`` (an outcome, 704.5a / 104.3b): 「ゲームに敗北する」「ゲームに負ける」;
- ``life_gained`` / ``life_lost`` (outcomes): 「あなたはN点のライフを得る」「対戦相手はN点のライフを失う」 — the
  player (あなた: the controller of the statement's objects; 対戦相手: the other player) and the number are
  facts of the verb phrase (119.3: a player's life total changes by the amount gained or lost).

A predicate's named groups ``x_<name>`` are facts of the claim's event or outcome (``<name>``: value), beside
``n``.  The checker is :mod:`engine.crosscheck.outcome_amounts`.
"""
from __future__ import annotations

import re

_PT = r"[+\-]\d+/[+\-]\d+"
# the players a life predicate names (the statement's "you" is the controller of the objects it stages)
_PLAYERS = {"あなた": "you", "対戦相手": "opponent", "各対戦相手": "opponent", "あなたの対戦相手": "opponent",
            "そのコントローラー": "you"}      # (the controller of the object just named: the checker stages them all yours)
_WHO = "|".join(sorted(map(re.escape, _PLAYERS), key=len, reverse=True))

# (pattern, name, role of each case) as extractor.claims.compose.PREDICATES; a pattern ends at the verb's stem
PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    # 122.1 「…に+1/+1カウンターが2個置かれた」: the number belongs to the placing
    (r"(?P<n>\d+)個(?:の)?(?:置かれ|乗っ|乗せられ)", "has_counters", {"s": "counters", "d": "patient"}),
    # 613.4c 「+2/+2の修整を受けた」
    (rf"(?P<x_pump>{_PT})の修整を受け", "pumped", {"s": "patient"}),
    # 613.4 「それは4/4になる」
    (r"(?P<x_pt>\d+/\d+)(?:の(?:クリーチャー))?にな(?=る|ら|り|っ)", "pt_is", {"s": "patient"}),
    # 613.4 「《X》は2/2のまま(である)」: its P/T after the events is the one stated (unchanged by them)
    (r"(?P<x_pt>\d+/\d+)のまま(?:である|だ|です)?(?=$)", "pt_is", {"s": "patient"}),
    # 613.4 one of the two asked: 「《X》のパワーは5になる」「タフネスは3になる」 (the other is not stated, not checked)
    (r"パワーは、?(?P<x_power>\d+)にな(?=る|ら|り|っ)", "pt_is", {"g": "patient", "s": "patient"}),
    (r"タフネスは、?(?P<x_toughness>\d+)にな(?=る|ら|り|っ)", "pt_is", {"g": "patient", "s": "patient"}),
    # 119.3 「あなたは2点のライフを得る」「対戦相手は3点のライフを失う」
    (rf"(?P<x_player>{_WHO})(?:は|が)、?(?P<n>\d+)点のライフを(?:得|獲得す|獲得し|回復す|回復し)", "life_gained", {}),
    (rf"(?P<x_player>{_WHO})(?:は|が)、?(?P<n>\d+)点のライフを失", "life_lost", {}),
    # 704.5q 「+1/+1カウンターが1個残る」「-1/-1カウンターは残らない」: the counters of a kind left after the events
    (r"(?P<n>\d+)個(?:だけ)?残(?=る|っ)", "counters_left", {"s": "counters", "g": "patient", "d": "patient"}),
    (r"(?:1個も)?残ら(?=ない|ず)", "counters_left", {"s": "counters", "g": "patient", "d": "patient"}),
    # 704.5a / 104.3b 「…プレイヤーはゲームに敗北する」
    (r"(?:ゲームに)?(?:敗北|負け)", "loses_game", {"s": "player"}),
]
EVENTS = frozenset({"pumped"})
# 「…には-1/-1カウンターが1個置かれる」 as the last clause: the counters the events put on it (122.1, 702.90b)
OUTCOMES = frozenset({"pt_is", "life_gained", "life_lost", "loses_game", "counters_left", "has_counters"})
SUBJECT_ROLES = {"pumped": "patient", "pt_is": "patient", "loses_game": "player", "counters_left": "patient"}
# (a P/T outcome: a digit before 「にな」 — 「4/4になる」 — not every 「になる」)
NEEDS = ("パワーは", "タフネスは", "のまま", "個残", "個だけ残", "残らな", "残らず", "個置かれ", "個乗", "修整を受け", *(f"{d}にな" for d in "0123456789"), "点のライフを", "敗北", "負け")

_ONE_KIND = re.compile(r"^(?P<k>[+\-]1/[+\-]1)カウンター$")


_LIFE_PLAYER = re.compile(r"^ライフ(?:の総量)?が(?P<n>-?\d+)点?(?P<cmp>以下|以上|未満)?(?:である|になった|になっている|の)?"
                          r"プレイヤー$")
_CMP = {"以下": "at_most", "以上": "at_least", "未満": "below", None: "exactly"}
# 704.5c 「毒カウンターが10個以上あるプレイヤー」「毒カウンターを10個得たプレイヤー」: a player described by poison counters
# (the number after the counters, or before them: 「10個以上の毒カウンターを持つプレイヤー」, the CR's own wording)
_POISON_PLAYER = re.compile(r"^(?:毒カウンター(?:が|を)(?P<n>\d+)個(?P<cmp>以下|以上|未満)?(?:ある|持つ|持っている|置かれている"
                            r"|得た|得ている|の)|(?P<n2>\d+)個(?P<cmp2>以下|以上|未満)?の毒カウンターを(?:持つ|持っている|得た"
                            r"|得ている))プレイヤー$")


def object_of(phrase: str) -> dict | None:
    """「+1/+1カウンター」 (one kind, uncounted): ``{"counters": {kind: None}}``; 「ライフが0以下のプレイヤー」:
    ``{"player_desc": {"life": [comparison, N]}}``; None for any other phrase."""
    phrase = phrase.replace("−", "-")
    m = _ONE_KIND.match(phrase)
    if m:
        return {"counters": {m.group("k"): None}}
    for pat, key in ((_LIFE_PLAYER, "life"), (_POISON_PLAYER, "poison")):
        m = pat.match(phrase)
        if m:
            g = m.groupdict()
            n, cmp = (g["n"], g["cmp"]) if g["n"] is not None else (g["n2"], g["cmp2"])
            return {"player_desc": {key: [_CMP[cmp], int(n)]}}
    return None


def facts(m: re.Match) -> dict:
    """The facts a predicate's verb phrase states besides ``n`` (its ``x_<name>`` groups), normalised."""
    out = {}
    for k, v in m.groupdict().items():
        if k.startswith("x_") and v is not None:
            out[k[2:]] = _PLAYERS.get(v, v.replace("−", "-"))
    return out
