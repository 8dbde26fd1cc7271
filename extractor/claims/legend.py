"""The legend rule (CR 704.5j): ``legend_rule`` claims — whether two permanents are put into the graveyard by
it, given what the sentence says about them (same or different names, both or one legendary, who controls
them, indestructible / regeneration).

A sentence is about the legend rule when it names it (レジェンド・ルール, or 「この/ルール」 on the rule's own
page) or speaks of legendary permanents with the same name.  The outcome: the rule applies (「1つを選び、残りは
墓地に置かれる」, 「…が妨げられることはない」, 「ルールが適用されるのは…場合」) or not (「ルールは適用されない」,
「墓地に置かれることはない」).  The facts of the situation are read from the words before the outcome; each
case of a list (「A」「B」という場合 / AであったりBならば) is its own claim.  Words the reader cannot represent go
into ``situation.unrepresented``.  A historical statement (…だった / …より前のルール) states no current rule and
is not read.

Situation: ``object`` (the shared description of the permanents: {"desc": {"supertypes": ["Legendary"], …}} or
a card), ``objects`` (two named cards), ``names`` ("same" / "different"), ``legendary`` ("both" / "one"),
``controllers`` ("same" / "different"), ``shields`` (["regeneration"]).  Outcome: ``applies`` (bool).
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.clauses import coordinated
from extractor.claims.conditions import card_modifiers, merge
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence
from extractor.lexicon import lexicon

LEX = lexicon()
_TYPES = "クリーチャー|土地|アーティファクト|エンチャント|プレインズウォーカー"

PATTERNS = compile_patterns({
    "rule": r"レジェンド・?ルール|レジェンド・ルール|伝説(?:の)?ルール",
    "topic": r"伝説の[^。]*?(?:名前|同名)|(?:名前|同名)[^。]*?伝説",
    "historical": r"(?:だった|かった|あった|ていた)(?:。|$)|より前|以前の|過去の|旧ルール",
    # outcomes (applies: True / False)
    "keep_one": r"(?:(?:1|一)(?:つ|体)を選(?:び|ぶ|んで)[^。]*?)?残り(?:は|を|の)[^。]*?墓地に置(?:かれる|く)"
                r"|(?:1|一)(?:つ|体)を選(?:び|ぶ|んで)"
                # 「1体は墓地に置かれる」「どちらか1体を墓地に置く」: one of the two goes, the other stays
                r"|(?:どちらか|いずれか)?(?:1|一)(?:体|つ|枚)(?:は|を|が)[^。、]*?墓地に置(?:かれる|く)",
    # one named card, two of it under one player's control (「《X》を2体コントロールしている」) or another of it
    # entering (「もう1体の《X》が戦場に出る」): a statement about the legend rule when it says where they go
    "two_of": r"〔\d+〕(?:/[^、。〔]*?)?(?:を)?\s*(?:2|二|ふた)\s*(?:体|つ|枚)(?:以上)?\s*(?:を)?\s*コントロール"
              r"|もう\s*(?:1|一)\s*(?:体|つ|枚)の\s*〔\d+〕",
    "only_when": r"(?:この|レジェンド・)?ルールが適用されるのは",
    "applies": r"(?:この|レジェンド・)?ルール(?:は|が)適用される(?!のは)(?:。|$)",
    "not_applied": r"(?:この|レジェンド・)?ルール(?:は|が|も)適用され(?:ない|ません|ず)",
    # a parenthesis after the rule's statement that gives a case it does (not) apply to: 「(…場合には適用されない)」
    "paren_not_applied": r"[(（](?P<body>[^()（）]*?)適用され(?:ない|ません)[)）]",
    "paren_applies": r"[(（](?P<body>[^()（）]*?)適用され(?:る|ます)[)）]",
    "both_stay": r"(?:両方|どちらも|いずれも|(?:2|二)つとも)(?:とも)?(?:が)?戦場に残(?:る|ります)",
    # 「同時に戦場に存在できる／存在できない」: both may stay (the rule does not apply) / they cannot (it does)
    "coexist": r"同時に(?:戦場に)?(?:存在(?:すること[がも]?)?でき(?:る|ます)|(?:い|残)(?:ること[がも]?でき|られ)(?:る|ます))",
    "cannot_coexist": r"同時に(?:戦場に)?(?:存在(?:すること[はがも]?)?でき(?:ない|ません)|(?:い|残)(?:ること[はがも]?でき|られ)(?:ない|ません))",
    "no_graveyard": r"墓地に置かれる(?:ことはない|ことはありません)|墓地に置かれ(?:ない|ません)",
    "not_prevented": r"ルールが妨げられる(?:ことはない|ことはありません)|ルールが妨げられ(?:ない|ません)"
                     r"|ルールを妨げ(?:ない|ません|られない)",
    # facts
    "different": r"(?:違う|異なる|別の|別々の)名前|名前(?:が|の)(?:違|異な|別)",
    "same": r"同じ名前|同名",
    # only one of them legendary: said with しか／だけ／のみ, or the other one denied it (「片方が「伝説の」を持たない」)
    "one_legendary": r"(?:片方|一方|どちらか(?:片方|一方)?)(?:しか|だけ|のみ)[^。」』]*?伝説"
                     r"|(?:片方|一方|どちらか(?:片方|一方)?)(?:が|は)[^。、]*?伝説(?:の)?[」』]?(?:という)?(?:特殊タイプ)?"
                     r"(?:を持(?:たない|っていない|たず)|で(?:は)?な(?:い|く))",
    # 「片方が「伝説の」を持つ」 alone: whether the other one is legendary is not said — a fact this reader does not read
    "one_has": r"(?:片方|一方|どちらか(?:片方|一方)?)(?:が|は)[^。、]*?伝説[^。、]*?",
    # how many permanents (「3つ以上コントロールしている」「同名の3つのパーマネント」; 704.5j): the rule's scenario stages two —
    # another number is a fact it does not stage (not 「もう1体の」, one more; nor 「1つを選び」, the kept one)
    "count": r"(?<!もう)(?<!もう\s)(\d+|[一三四五六七八九十])\s*(?:つ|体|枚)(?:以上|以下|未満)?(?!\s*を選)",
    # 「「伝説の」を持たない」「伝説ではない」 said of all the permanents (not of one of them): the rule does not
    # apply to them (704.5j) — a fact this reader does not stage, never dropped with the filler's 持た/ない
    "not_legendary": r"伝説(?:の)?[」』]?(?:という)?(?:特殊タイプ)?を持(?:たない|っていない|たず)|伝説(?:の[^、。]{0,8}?)?で(?:は)?な(?:い|く)",
    # 「墓地に出ると」: only the battlefield is entered (305/403.1); a permanent 'entering' another zone is no fact
    # the rule's scenario stages
    "other_zone": r"(?:墓地|手札|追放領域|ライブラリー|スタック)に出",
    # the permanent kept: one (704.5j 「1つを選び」); another number is not the rule's
    "choose_n": r"(?:[2-9２-９]|二|三|ふた|みっ)\s*(?:つ|体)を選",
    "other_controller": r"コントローラーに関係なく|異なるプレイヤー|別々のプレイヤー|別のプレイヤー|対戦相手(?:が|の)",
    "same_controller": r"(?:プレイヤー|あなた)が[^。]*?コントロール|コントロールして",
    "indestructible": r"破壊されない|破壊不能",
    "regeneration": r"再生",
    "types": r"伝説の(" + _TYPES + r")",
    "other_chars": r"(?:その)?他の特性|カード・タイプ[^。]*?異な",
    "story": r"(?:例え|たとえ)?ストーリー上(?:で)?[^、。]*?(?:人物|物|キャラクター)[^、。]*?(?:としても|でも)",
    "quote_case": r"「([^「」]{4,})」",
    "list_case": r"(?:であったり|だったり|たり)、",
    # what a case may hold besides its facts (particles, the rule's own words)
    "filler": r"[、,\s()（）「」『』・]|複数の|(?:2|二|ふた)つ(?:以上)?|パーマネント|伝説の|伝説|特殊タイプ|持って|持た|持つ"
              r"|(?:2|二|ふた|1|一)(?:体|枚)(?:以上)?|もう|とき|戦場に出(?:ると|た|る)|どちら(?:か|も)?|コントローラー|うち|いても"
              r"|いない|ない|いる|両方とも|両方|それら|全て|すべて|場合(?:は|だけ|のみ)?|ならば|なら|なおかつ|かつ|であり"
              r"|であるが|である|であって|であれば|あれば|であっても|あっても|ても|でも|して|した|する|が|は|を|の|に|で|と|も|という|ような|ような場合"
              r"|存在|コントロール|プレイヤー|あなた|名前|同じ|違う|異なる|違|異な|片方|一方|しか|だけ|のみ|ルール|この"
              r"|レジェンド|適用|され|る|っている|か|よって|といった|能力|により|によって|より|ことにより|こと|や"
              r"|その|中から|から|オーナー|墓地|置かれる|置く|(?:1|一)(?:つ|体)を選(?:び|ぶ|んで)|(?:1|一)つ|残り|いった"
              r"|(?:" + _TYPES + r")",
})
P = PATTERNS


def _about_rule(s: Sentence, ctx: Context) -> bool:
    if P["rule"].search(s.norm) or P["topic"].search(s.norm) or P["two_of"].search(s.norm):
        return True
    return bool(P["rule"].search(ctx.page_title or "")) and bool(re.search("ルール|伝説|名前", s.norm))


def _cases(text: str) -> list[str]:
    """The cases a list gives (「A」「B」という場合 / AであったりBならば), else the whole text as one."""
    quoted = [m.group(1) for m in P["quote_case"].finditer(text) if not re.fullmatch(r"伝説の?", m.group(1))]
    if len(quoted) >= 2:
        return quoted
    parts = [p for p in P["list_case"].split(text) if p.strip()]
    return parts if len(parts) >= 2 else [text]


def _situation(s: Sentence, case: str, ctx: Context, frame: bool) -> dict[str, Any]:
    """The facts of one case.  ``frame``: the outcome speaks of the rule itself (適用 / 妨げ), so its own frame
    (one player controls the permanents) is the situation unless the case says otherwise."""
    sit: dict[str, Any] = {}
    desc: dict[str, Any] = {"supertypes": ["Legendary"]}
    m = P["types"].search(case)
    if m:
        t = LEX.card_type(m.group(1))
        if t:
            desc["types"] = [t]
    named = [s.card(x) for x in MARK.finditer(case)]
    named = [c for c in named if c]
    unread: list[str] = []
    if P["indestructible"].search(case):
        desc["keywords"] = ["indestructible"]
    if P["regeneration"].search(case):
        sit["shields"] = ["regeneration"]
    if P["different"].search(case):
        sit["names"] = "different"
    elif P["same"].search(case):
        sit["names"] = "same"
    if P["one_legendary"].search(case):
        sit["legendary"] = "one"
    if P["other_controller"].search(case):
        sit["controllers"] = "different"
    elif P["same_controller"].search(case) or frame:
        sit["controllers"] = "same"
    if "names" not in sit and P["two_of"].search(case):
        sit["names"] = "same"                   # two of one named card (「《X》を2体」「もう1体の《X》」)
    if P["other_chars"].search(case):
        unread.append(P["other_chars"].search(case).group(0))
    if named:                # 「墓地にある《X》を2体」「破壊不能を持つ《X》」: the named card's own modifier (110.5)
        unread += card_modifiers(case)
    for name in ("not_legendary", "other_zone", "choose_n"):     # facts the filler's words would hide
        hit = P[name].search(case)
        if hit and not (name == "not_legendary" and "legendary" in sit):
            unread.append(hit.group(0))
    if "legendary" not in sit and P["one_has"].search(case):
        unread.append(P["one_has"].search(case).group(0).strip())
    unread += [c.group(0) for c in P["count"].finditer(case) if c.group(1) not in ("2",)]
    if len(named) >= 2:
        sit["objects"] = named[:2]
    else:
        sit["object"] = named[0] if named else {"desc": desc}
    rest = P["story"].sub(" ", case)        # a story's identity is no characteristic (CR 109.3): nothing to stage
    rest = MARK.sub(" ", rest)
    for name in ("different", "same", "one_legendary", "other_controller", "same_controller", "indestructible",
                 "regeneration", "types", "other_chars"):
        rest = P[name].sub(" ", rest)
    rest = P["filler"].sub(" ", rest)
    left = " ".join(rest.split())
    if len(left.replace(" ", "")) >= 2:
        unread.append(left)
    if unread:
        sit["unrepresented"] = unread
    return sit


_OUTCOMES = (("keep_one", True, False), ("only_when", True, True), ("applies", True, True),
             ("not_applied", False, True), ("paren_not_applied", False, True), ("paren_applies", True, True), ("no_graveyard", False, False), ("both_stay", False, False),
             ("not_prevented", True, True), ("coexist", False, False), ("cannot_coexist", True, False))


@register("legend_rule", priority=58, claims=True, needs=("ルール", "伝説", "同名", "名前", "コントロール", "もう"))
def find_legend_rule(s: Sentence, si: int, ctx: Context) -> list[Found]:
    if not _about_rule(s, ctx) or P["historical"].search(s.norm):
        return []
    out: list[Found] = []
    for name, applies, frame in _OUTCOMES:
        for m in P[name].finditer(s.norm):
            if name == "only_when":                    # 「適用されるのは、…場合だけ」: the facts follow
                end = re.search(r"場合(?:だけ|のみ|に限)", s.norm[m.end():])
                if not end:
                    continue
                text = s.norm[m.end():m.end() + end.start()]
            elif name.startswith("paren_"):
                text = m.group("body")                 # the parenthesis' own case, not the sentence before it
            else:
                text = s.norm[:m.start()]
            if name == "keep_one" and _not_the_graveyard(s.norm[m.end():]):
                continue                                # 「1つを選び、残りは手札に置かれる／墓地に置かれない」
            if not (P["same"].search(text) or P["different"].search(text) or P["indestructible"].search(text)
                    or P["regeneration"].search(text) or len(list(MARK.finditer(text))) >= 2
                    or P["two_of"].search(text)):
                continue                                # nothing said about the permanents: nothing to stage
            sits, skipped = [], []
            for case in _cases(text):
                sit = _situation(s, case, ctx, frame)
                if name in ("keep_one", "no_graveyard", "both_stay", "coexist", "cannot_coexist") and not ({"names", "objects", "legendary"} & set(sit)):
                    skipped.append(case.strip(" 、,"))
                    continue
                if "names" not in sit and "objects" not in sit:
                    sit["names"] = "same"               # the rule's own frame: permanents with one name
                sits += _each_shield(sit)
            # a predicate coordinated after the outcome (「…置かれることはないが、…」): a statement of its own
            after = coordinated(s, m, _read_here, head=False)[1]
            for one in sits:
                merge(one, after)
                if skipped:     # 「…であったり、片方が「伝説の」を持つならば」: a listed case not staged is a stated fact
                    one["unrepresented"] = [*(one.get("unrepresented") or []), *skipped]
            if len(sits) > 1:   # the cases one outcome is said of (「AであったりBならば」): one statement, true when all are
                parts = [{"kind": "legend_rule", "situation": one, "outcome": {"applies": applies}, "subject": None}
                         for one in sits]
                out.append(Found("all_of", {"parts": parts}, {"holds": True}, None, m.span()))
            else:
                out += [Found("legend_rule", one, {"applies": applies}, None, m.span()) for one in sits]
            if sits and name == "keep_one":
                break                                   # 「1つを選び、残りは…」: one outcome, said twice
    return _with_exception(out, s)


def _with_exception(out: list[Found], s: Sentence) -> list[Found]:
    """The rule and the exception its parenthesis states (「…残りはオーナーの墓地に置かれる(…片方だけが伝説のパーマ
    ネントである場合には適用されない)」) as one statement (``all_of``): the sentence holds only when both do, so the
    rule's case confirmed never decides it while the exception is not judged (a stated part, as a reason clause is:
    verdict.check_claim's ``reason_for``)."""
    inside = [f for f in out if f.span and _in_parens(s.norm, f.span[0])]
    if not inside or len(inside) == len(out):
        return out
    parts = [p for f in out for p in (f.situation["parts"] if f.kind == "all_of" else
                                      [{"kind": f.kind, "situation": f.situation, "outcome": f.outcome, "subject": f.subject}])]
    span = (min(f.span[0] for f in out if f.span), max(f.span[1] for f in out if f.span))
    return [Found("all_of", {"parts": parts}, {"holds": True}, None, span)]


def _in_parens(text: str, at: int) -> bool:
    """Whether position ``at`` of ``text`` lies inside a parenthesis (( … ) or （ … ）)."""
    before = text[:at + 1]          # (a match that opens with the parenthesis itself)
    return before.count("(") + before.count("（") > before.count(")") + before.count("）")


def _read_here(text: str) -> bool:
    """A coordinated predicate this module reads as a claim of its own (an outcome of the legend rule, 704.5j)."""
    return any(P[name].search(text) for name, _, _ in _OUTCOMES)


def _not_the_graveyard(after: str) -> bool:
    """The words after 「1つを選び」 send the rest elsewhere than the graveyard, or not there (704.5j: the rest
    are put into their owners' graveyards) — the choice alone is no outcome then."""
    rest = after.split("。")[0]
    rest = re.split(r"[(（]", rest)[0]                  # a parenthesis after the outcome is another statement
    return bool(re.search(r"(?:手札|追放領域|ライブラリー|戦場)に(?:置|戻|残)|追放|置かれ(?:ない|ず|ません)|置か(?:ない|ず)", rest))


def _each_shield(sit: dict[str, Any]) -> list[dict[str, Any]]:
    """「再生や破壊されないといった能力」: one claim per ability (regeneration; indestructible)."""
    obj = sit.get("object")
    kws = obj.get("desc", {}).get("keywords") if isinstance(obj, dict) else None
    if not (sit.get("shields") and kws):
        return [sit]
    plain = {**sit, "object": {"desc": {k: v for k, v in obj["desc"].items() if k != "keywords"}}}
    bare = {k: v for k, v in sit.items() if k != "shields"}
    return [plain, bare]
