"""Combat damage of a blocked attacker to the defending player, by trample (``trample_assign``, CR 702.19b-c,
510.1a-c): a blocked creature assigns its combat damage to its blockers; one with trample may assign what is left
after lethal damage to every blocker to the player, one without may assign none (unless no creature blocks it).

Constructions read (no card named; the subject is a described creature):
- the subject: 「<creature>(は|が|も)、」 — トランプルを持つ／持たない, a P/T, 攻撃 / ブロックされた (the staging);
- the trample rule's own step, when stated: 「ブロック・クリーチャー(すべて)に致死ダメージを割り振れば／割り振った後、」;
- the outcome: 「(余剰の／超過分の／残りの)(戦闘)ダメージを(防御)プレイヤーに割り振る(ことができる／ことはできない)」 or
  「(防御)プレイヤーに…ダメージを…」 (与える too);
- the exception 「<subject>は、トランプルを持たない限り、…割り振ることができない」: ONE statement (``all_of``) of both
  sides — the creature without trample may not, the creature with it may.
The subject must say the creature is blocked — 「ブロックされた」, a blocker step, or damage 「余剰／超過／残り」 of a
block; an unblocked creature's damage goes to the player whatever its keywords (510.1a).  What the sentence states
that no phrase reads goes to ``situation.unrepresented``.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_PLAYER = r"(?:防御(?:側)?|攻撃(?:した|している)先の)?プレイヤー(?:またはプレインズウォーカー)?に(?:は|も)?、?"
_WHAT = r"(?P<{}>(?:(?:余剰|超過|残り)(?:分)?(?:の)?)?(?:戦闘)?ダメージ|残り)"
_VERB = (r"(?P<verb>割り振(?:ることができ(?:る|ない)|ることはできない|ることもできる|ることが可能|れる|れない|らない|れず|る)"
         r"|与え(?:ることができ(?:る|ない)|ることはできない|られる|られない|ない|る))")

PATTERNS = compile_patterns({
    # the subject at the sentence's start (a discourse adverb before it: no fact of the creature)
    "subject": r"^(?:通常|なお|また|つまり)?(?:は)?、?(?P<subj>[^、。]*?クリーチャー)(?P<p>は|が|も|でも)、?",
    "exception": r"トランプルを持(?:たない|っていない)(?:限り|かぎり)、?",
    # 「トランプルを持っていても」: a concession — the creature has trample
    "concession": r"トランプルを持っていても、?",
    # the block as a clause of its own after the subject: 「ブロックされた場合、」「ブロックされると、」
    "block_clause": r"ブロックされ(?:た場合|たら|ると|ても|た時|たとき)(?:には|は)?、?",
    # 702.19b: lethal damage to every blocker first (1 damage, deathtouch's lethal, is trample.py's)
    "lethal_first": r"(?:(?:それを)?ブロック(?:した)?・?クリーチャー|ブロッカー)(?:すべて|全て|それぞれ)?に(?:それぞれ)?"
                    r"致死(?:量の)?ダメージ(?:を)?割り振(?:れば|った(?:後|あと)(?:で|に)?|り|って)、?(?:それから|その後)?、?",
    "outcome": r"(?:" + _WHAT.format("what") + r"(?:を|は)、?" + _PLAYER + r"|" + _PLAYER + _WHAT.format("what2")
               + r"を)" + _VERB,
    "tail": r"(?:[。、\s]|ことになる|のです|のだ)*$",
    "negative": r"ない|ず",
    # the subject's words the staging states: the attack and the block (509.1a, 509.1h)
    "blocked": r"ブロックされた(?:状態の)?、?",
    "attacking": r"攻撃(?:している|中の)?(?=クリーチャー)",
    "unblocked": r"ブロックされ(?:ていない|なかった)",
})
P = PATTERNS
_TRAMPLE = "trample"


def _attacker(subj: str) -> tuple[dict[str, Any] | None, bool | None]:
    """The described attacker (the block and attack words taken out) and whether the subject says it is
    blocked (None: 「ブロックされていない」, unblocked); no attacker when it names a card or describes no creature."""
    if "〔" in subj:
        return None, False
    blocked = bool(P["blocked"].search(subj))
    bare = P["attacking"].sub("", P["blocked"].sub("", subj))
    if P["unblocked"].search(subj):
        blocked, bare = None, P["unblocked"].sub("", P["attacking"].sub("", subj)).lstrip("、")
    d = describe(bare)
    if d is None or d.get("desc", {}).get("types") != ["Creature"]:
        return None, blocked
    return d, blocked


@register("trample_assign", "all_of", priority=57, claims=True, needs=("プレイヤー",))
def find_trample_assign(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["subject"].match(s.norm)
    if not m:
        return []
    attacker, blocked = _attacker(m.group("subj"))
    if attacker is None:
        return []
    at = m.end()
    exc = P["exception"].match(s.norm, at)
    if exc:
        at = exc.end()
    conc = P["concession"].match(s.norm, at)
    if conc:
        at = conc.end()
    clause = P["block_clause"].match(s.norm, at)
    if clause:
        at, blocked = clause.end(), True
    first = P["lethal_first"].match(s.norm, at)
    if first:
        at = first.end()
    out = P["outcome"].match(s.norm, at)
    if not out:
        return []
    what = out.group("what") or out.group("what2")
    unblocked = blocked is None
    if unblocked and (first or clause or what not in ("ダメージ", "戦闘ダメージ")):
        return []                                   # (unblocked, and blockers or the rest beyond them: not read)
    blocked = blocked or bool(first) or any(w in what for w in ("余剰", "超過", "残り"))
    if not blocked and not unblocked:
        return []                                   # (whether it is blocked decides it: 509.1h, 510.1a)
    can = not P["negative"].search(out.group("verb"))
    rest = what != "ダメージ" and what != "戦闘ダメージ"   # 「残り／余剰」: the damage beyond lethal to the blockers
    desc = attacker["desc"]
    has = _TRAMPLE in (desc.get("keywords") or [])
    lacks = _TRAMPLE in (desc.get("lacks") or [])
    if (exc or conc) and (has or lacks or (exc and can)):
        return []                                   # 「トランプルを持たない限り…できる」/ a keyword said twice: not read
    if conc:
        attacker = {**attacker, "desc": {**desc, "keywords": [*(desc.get("keywords") or []), _TRAMPLE]}}
    # 「ブロックされていない」: no creature blocks it, its damage goes to the player whatever its keywords (510.1a)
    sit: dict[str, Any] = {"attacker": attacker, **({"unblocked": True} if unblocked else {})}
    merge(sit, conditions(s.norm, m.start("subj")))
    if not P["tail"].match(s.norm[out.end():]):
        sit.setdefault("unrepresented", []).append(s.norm[out.end():].strip("。、 "))
    outcome = {"to_player": {"rest" if rest else "some": can}}
    span = (m.start("subj"), out.end())
    if not exc:
        return [Found("trample_assign", sit, outcome, None, span)]
    # 「…トランプルを持たない限り、…できない」: without trample it may not, with trample it may (702.19b-c)
    parts = []
    for kw_key, ok in (("lacks", False), ("keywords", True)):
        a = {k: v for k, v in attacker.items()}
        a["desc"] = {**desc, kw_key: [*(desc.get(kw_key) or []), _TRAMPLE]}
        parts.append({"kind": "trample_assign", "situation": {**sit, "attacker": a},
                      "outcome": {"to_player": {"rest" if rest else "some": ok}}, "subject": None})
    return [Found("all_of", {"parts": parts}, {"holds": True}, None, span)]

