"""Who controls and who owns a token (CR 111.2: the player who creates it, unless the effect says otherwise):
``token_controller`` claims.

「トークン(が戦場に出るとき)のコントローラー / オーナーは、(特に指定されていない限り、)そのトークンを戦場に出した
プレイヤーである」: situation ``role`` ("controller" / "owner"), outcome ``player``: "creator" (the player who
put it onto the battlefield), "creator_opponent", "you" or "opponent".  「特に指定されていない限り」 (unless the
effect says otherwise) is the default the cross-check stages — a token maker that says nothing about control;
any other words between subject and predicate are ``situation.unrepresented``.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

PATTERNS = compile_patterns({
    "subject": r"トークン(?:が戦場に出る(?:とき|際|時)の|の)(?P<role>コントローラー|オーナー)(?:は|も)、?",
    "creator": r"(?:その|当該)?トークンを(?:戦場に出した|戦場に出す|生成した|生成する|生み出した|作った|作る|出した)"
               r"プレイヤー(?P<opp>の対戦相手)?",
    "fixed": r"(?:常に|いつも)?(?P<who>あなた|対戦相手)",
    "copula": r"(?:である|です|だ|となる|となります|になる|になります)(?=[。、]|$)",
    "neg_copula": r"(?:ではない|ではありません|じゃない)(?=[。、]|$)",
    "default": r"特に(?:指定|明記|記載)(?:されて|が)(?:い)?ない限り|特に指定がない限り|特記されない限り",
    "filler": r"[、\s]|常に|いつも|必ず",
})
P = PATTERNS


@register("token_controller", priority=57, needs=("トークン",))
def find_token_controller(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["subject"].finditer(s.norm):
        rest = s.norm[m.end():]
        stop = re.search(r"[。]", rest)
        clause = rest[:stop.start()] if stop else rest
        pred = P["creator"].search(clause)
        player = None
        if pred:
            player = "creator_opponent" if pred.group("opp") else "creator"
        else:
            pred = P["fixed"].search(clause)
            if pred:
                player = "you" if pred.group("who") == "あなた" else "opponent"
        if pred is None:
            continue
        tail = clause[pred.end():]
        pos = P["copula"].match(tail)
        neg = P["neg_copula"].match(tail)
        if not (pos or neg):
            continue
        between = clause[:pred.start()]
        sit: dict[str, Any] = {"role": "controller" if m.group("role") == "コントローラー" else "owner"}
        left = P["filler"].sub("", P["default"].sub("", between))
        if len(left) >= 2:
            sit["unrepresented"] = [left]
        outcome: dict[str, Any] = {"player": player}
        if neg:
            outcome["not"] = True           # 「…ではない」
        end = m.end() + pred.end() + (pos or neg).end()
        out.append(Found("token_controller", sit, outcome, None, (m.start(), end)))
    return out
