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


# ---------------------------------------------------------------- predefined tokens (111.10)
# 「効果が「宝物(Treasure)・トークンを生成する」場合、「…」を持つ、無色の宝物・アーティファクト・トークンを生成する」
# (the wiki's rule of a predefined token), 「食物・トークンは「…」を持つ無色のアーティファクトである」, and a card's
# reminder 「食物トークンを1つ生成する。(それは「…」を持つアーティファクトである。)」: the named predefined token
# (111.10) has the quoted ability and the stated colour, card type and subtype.  The quote is the ability's wording;
# the wiki spells mana symbols (T) (2) (白) — read as the card grammar's {T} {2} {W} (``token_ability``).
PREDEFINED = {"宝物": "treasure", "食物": "food", "手掛かり": "clue", "血": "blood", "金": "gold"}
_TOK = r"(?P<{g}>宝物|食物|手掛かり|血|金)(?:\([A-Za-z]+\))?・?トークン"
_DESC = (r"(?P<desc>(?:(?P<col>無色|白|青|黒|赤|緑)の)?(?:(?P<sub>宝物|食物|手掛かり|血|金)・)?"
         r"(?:(?P<type>アーティファクト)(?:・トークン)?|(?<=・)トークン))")
_QUOTED = r"「(?P<q>[^「」]+)」(?:という(?:起動型)?能力)?を持つ、?"
TOKEN_PATTERNS = compile_patterns({
    # 効果が「X・トークンを生成する」場合、「Q」を持つ…X・アーティファクト・トークンを生成する
    "rule": r"効果が「" + _TOK.format(g="tok") + r"を?(?:1つ)?生成する」場合、?" + _QUOTED + _DESC + r"を(?:1つ)?生成する",
    # X・トークンは「Q」を持つ…アーティファクトである / X(・トークン)とは「Q」を持つ…アーティファクト・トークンである
    "copula": r"(?<![ぁ-ゟ゠-ヿ一-鿿])(?P<tok>宝物|食物|手掛かり|血|金)(?:\([A-Za-z]+\))?(?P<tk>・?トークン)?(?:とは|は)、?"
              + _QUOTED + _DESC + r"(?:である|です|だ)(?=[。、)]|$)",
    # Xトークンを1つ生成する。(それは「Q」を持つアーティファクトである。)
    "reminder": _TOK.format(g="tok") + r"(?:を(?P<n>\d+)つ|(?P<n2>\d+)つを|を)生成する。\(それ(?:ら)?は、?" + _QUOTED + _DESC
                + r"(?:である|です)。?\)",
    # 調査を行うとは、「Q」を持つ無色の手掛かり・アーティファクト・トークンを1つ生成することである (701.16a): the
    # keyword action is staged as the card grammar reads it (``cause_spell``), the token it makes observed
    # (the CR's own wording names the token alone: 「調査を行う」とは、手掛かり・トークンを1つ生成することである)
    "action": r"「?(?P<act>調査)(?:を行う)?」?(?:こと)?(?:とは|は)、?(?:" + _QUOTED + r")?" + _DESC
              + r"(?:を(?P<n>\d+)つ|(?P<n2>\d+)つを|を)生成する(?:ことである|ことを意味する|ことです|ことだ)",
})
_ACTION = {"調査": "調査を行う。"}
_WIKI_SYMBOL = re.compile(r"\((T|Q|X|\d+|白|青|黒|赤|緑|◇)\)")
_SYMBOL = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G", "◇": "C"}
_COLOUR = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G"}


# a rendered wiki page loses the one character between a word and a link: 「このアーティファクト[を]生け贄に捧げる[:]…」
# (a cost's object always takes を; a cost list ends at the colon, 602.1) — restored, never any other word
_LOST_WO = re.compile(r"(?<=[ァ-ヿ一-鿿])(?=生け贄に捧げる)")
_LOST_COLON = re.compile(r"(?<=を生け贄に捧げる)(?=[^:,、。])")


def card_symbols(quote: str) -> str:
    """A quoted ability as the wiki renders it ((T), (2), (白)) in the card grammar's spelling ({T}, {2}, {W})."""
    quote = _LOST_WO.sub("を", quote)
    if ":" not in quote:                    # an activated ability's colon lost after its cost
        quote = _LOST_COLON.sub(":", quote, count=1)
    return _WIKI_SYMBOL.sub(lambda m: "{" + _SYMBOL.get(m.group(1), m.group(1)) + "}", quote)


@register("token_definition", priority=0, claims=True, needs=("トークン",))
def find_token_definition(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    if "〔" in s.norm:
        return out                          # a sentence naming a card: its effect is the card's, not a stand-in's
    for name in ("rule", "copula", "reminder", "action"):
        for m in TOKEN_PATTERNS[name].finditer(s.norm):
            if m.group("q") is None and name != "action" or "〔" in (m.group("q") or ""):
                continue                    # no quote, or a card named inside it: not a token's own ability
            if name == "copula" and not m.group("tk") and not m.group("desc").endswith("トークン"):
                continue                    # 「宝物は…アーティファクトである」: a token only when one side says so
            if name == "action" and not m.group("sub"):
                continue                    # the token the action makes must be named
            token = PREDEFINED[m.group("tok") if name != "action" else m.group("sub")]
            sit: dict[str, Any] = {"token": token}
            if m.group("q") is not None:
                sit["token_ability"] = card_symbols(m.group("q"))
            if m.group("type"):
                sit["types"] = ["Artifact"]
            if m.group("sub"):
                sit["subtypes"] = [PREDEFINED[m.group("sub")].capitalize()]
            if name == "action":
                sit["cause_spell"] = _ACTION[m.group("act")]    # the action, as a spell's text the card grammar reads
            n = name in ("reminder", "action") and (m.group("n") or m.group("n2"))
            if n and name == "reminder" and int(n) == 0:
                continue                    # a reminder of no token defines nothing
            if n:
                sit["n"] = int(n)               # how many are made: staged (reminder) or counted (action)
            if m.group("col"):
                sit["colors"] = _COLOUR.get(m.group("col"), "")      # 無色: "" (105.2c)
            out.append(Found("token_definition", sit, {"has_ability": True}, None, m.span()))
    return out
