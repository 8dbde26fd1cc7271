"""Life and damage results (life_result), targeting of described objects (can_target with protection,
hexproof, shroud: CR 702.16, 702.11, 702.18), and quoted card text (card_text).

Card text and reminder text quoted on a page are not worked examples: a quote the sentence gives as a card's
wording (「…」と書かれている / という能力 / 《X》の「…」) becomes a ``card_text`` claim that *claims* its span, so no
other reader takes a trigger or result out of the quote with its event missing.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.clauses import coordinated
from extractor.claims.conditions import card_modifiers, clause_spans, conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC_PATTERNS, UNSTATED, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.claims.sides import side_of
from extractor.lexicon import alternation, lexicon
from extractor.qa import Q_LABEL

LEX = lexicon()
_PLAYER = r"(防御プレイヤー|攻撃した先のプレイヤー|対戦相手|あなた|自分|プレイヤー)"
_ENDS = r"(?=[。、)]|$|ことになる|の(?:である|だ|です)|わけ)"

PATTERNS = compile_patterns({
    "damage_to": r"(?:残り(?:の)?)?(\d+)\s*点(?:の)?(?:戦闘)?ダメージ(?:を|は|が)(?:すべて)?" + _PLAYER +
                 r"(?:や[^、。]*?)?に(?:与え(?:る|られる)|割り振られる)" + _ENDS,
    "damage_taken": _PLAYER + r"(?:は|が)(\d+)\s*点(?:の)?(?:戦闘)?ダメージを受ける" + _ENDS,
    "life": r"(?<![点\d])(\d+)\s*ライフを(得る|失う)" + _ENDS,
    # 'したがって相手が失うライフは1点': the amount as the predicate
    "life_amount": _PLAYER.replace("(防御プレイヤー", "(相手|防御プレイヤー") + r"(?:が|の)(失う|得る)ライフは(\d+)\s*点" + _ENDS,
    "attacker": r"(?:の攻撃|が攻撃)",
    "blocked_by": r"にブロックされ(?!(?:なかっ|ない|ず))",
    # 「《X》がブロックされなかった場合」: X is the attacker, unblocked (509.1h)
    "unblocked": r"(?:/[^、。〔]*?)?が(?:攻撃して)?ブロックされ(?:なかっ|ず)",
    "cost": r"〔(\d+)〕(?:/[^、。〔]*?)?(?:を|の)(?:プレイ|唱え)(?:する|る)?(?:ため|のに)?の?(?:総)?コストは\s*((?:\{[^}]+\})+)"
            r"(?:に|と)なる",
    "draw": r"カードを\s*(\d+)\s*枚引(?:く|ける)" + _ENDS,
    "quote": r"「([^「」]{6,200})」",
    "card_quote_after": r"\s*(?:と(?:書かれ|いう(?:テキスト|能力|文章|文面|効果|ルール文章))|の(?:能力|テキスト))",
    # 「…」という能力を持つ《X》: the card that has the quoted ability comes after it
    "card_after_quote": r"\s*という(?:能力|テキスト|効果)を持(?:つ|った)\s*〔(\d+)〕",
    "rules_words": r"たび|とき|時|対象|戦場|唱え|引く|カード|ダメージ|ターン|生け?贄|追放|破壊|コントロール|得る|失う",
    "target": r"対象に(?:取|と|選|す|な)(?P<form>れる|れない|れず|ることができる|ることができない|ることはできない"
              r"|ることができず|らない|ならない|る(?=。|$)"
              r"|れます|れません|ることができます|ることができません|ることはできません|りません)",
    "open_quote": r"「[^」]*$",
    "colour_spell": r"(" + alternation(LEX.words("colours")) + r")の(?:呪文|発生源)",
    "opponents_source": r"対戦相手(?:から|の|が(?:コントロール(?:する|している)|唱え(?:た|る))(?=\s*(?:呪文|能力)))",
    # the topic card, perhaps with whose it is (「対戦相手の《X》は」, 108.4: sides.SIDE)
    "named_topic": r"^\s*(?P<side>(?:あなた|自分|対戦相手)(?:の|がコントロール(?:する|している)))?"
                   r"〔(?P<card>\d+)〕(?:/[^、。〔]*?)?(?:は|も)、?",
    # 「あなたの呪文」 as the source, read only beside a topic card whose side is stated (else whose it is is not told)
    "your_source_phrase": r"\s*あなたの(?:呪文(?:や|と|または|か)?(?:能力)?|呪文)(?:の|から)?\s*",
    # a spell described by its colour or its controller (with or without abilities): the source of a targeting
    "source_phrase": r"\s*(?:対戦相手の(?:コントロールする)?|(?:" + alternation(LEX.words("colours")) + r")の)"
                     r"(?:呪文(?:や|と|または|か)?(?:能力)?|呪文)(?:の|から)?\s*",
    "yours_source": r"(?:自分|あなた)の(?:カード|呪文|能力)",
    # a player named through another (「対戦相手の対戦相手」「そのコントローラーの対戦相手」, 102.3): not the player the
    # controller words after it name — kept unread (only 「あなたの対戦相手」 is the opponent as read)
    "player_of_player": r"(?:対戦相手|プレイヤー|コントローラー|オーナー)の(?:対戦相手|プレイヤー|コントローラー)",
    # 「呪文や能力の対象にならない」: a spell (or ability) with no other word — any controller (each a reading)
    "any_source": r"(?:^|[、\sはも])(?:呪文|能力)(?:(?:や|と|または|か)(?:呪文|能力))?の\s*$",
    "in_graveyard": r"墓地(?:に|では|にある|の中の)",
    "on_stack": r"スタック(?:上|にある|では)",
    "on_stack_words": r"スタック(?:上|にある|に乗っている)の?",
    "spell_after": r"\s*・?\s*呪文",
})
P = PATTERNS


def _who(word: str) -> str:
    return "you" if word in ("あなた", "自分") else "opponent"


def _combat(s: Sentence, head: str) -> dict[str, Any]:
    """'6/6トランプルクリーチャーの攻撃が、2/2のクリーチャーにブロックされた場合': attacker and blocker."""
    out: dict[str, Any] = {}
    others = []
    for m in DESC_PATTERNS["head"].finditer(head):
        tail = head[m.end():]
        if "attacker" not in out and P["attacker"].match(tail):
            out["attacker"] = describe(head, m)
        elif P["blocked_by"].match(tail):
            out["blocker"] = describe(head, m)
        else:
            others.append(m)
    # 「…ブロックされた場合、トランプルクリーチャーは…」: a later description is the attacker (or blocker) again only
    # when the keywords it states are that object's; another keyword describes an object the combat does not stage
    staged = [set(((v or {}).get("desc") or {}).get("keywords") or []) for v in (out.get("attacker"), out.get("blocker"))
              if isinstance(v, dict)]
    for m in others:
        d = (describe(head, m) or {}).get("desc") or {}
        kws = set(d.get("keywords") or [])
        if kws and staged and not any(kws <= st for st in staged):
            start = max(head.rfind(c, 0, m.start()) for c in "、,，") + 1
            out.setdefault("unrepresented", []).append(head[start:m.end()].strip())
    for m in MARK.finditer(head):
        tail = head[m.end():]
        if "attacker" not in out and (P["attacker"].match(tail) or P["unblocked"].match(tail)):
            out["attacker"] = s.card(m)
        elif P["blocked_by"].match(tail):
            out["blocker"] = s.card(m)
    return out


def _modified(sit: dict[str, Any], head: str) -> dict[str, Any]:
    """「タップ状態の《X》がブロックされなかった場合」: the words modifying the combat's named card, kept (510.1a
    stages the card as it is printed, untapped, yours)."""
    mods = card_modifiers(head)
    if mods:
        sit.setdefault("unrepresented", []).extend(mods)
    return sit


@register("life_result", priority=92, needs=("ダメージ", "ライフ"))
def find_life_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    head_of = lambda m: s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]    # noqa: E731
    for m in P["damage_to"].finditer(s.norm):
        sit = _modified({**_combat(s, head_of(m)), **conditions(s.norm, m.start())}, head_of(m))
        out.append(Found("life_result", sit, {"damage": {"n": int(m.group(1)), "to": _who(m.group(2))}}, None,
                         m.span()))
    for m in P["damage_taken"].finditer(s.norm):
        sit = _modified({**_combat(s, head_of(m)), **conditions(s.norm, m.start())}, head_of(m))
        out.append(Found("life_result", sit, {"damage": {"n": int(m.group(2)), "to": _who(m.group(1))}}, None,
                         m.span()))
    for m in P["life_amount"].finditer(s.norm):
        key = "gain" if m.group(2) == "得る" else "lose"
        life = {key: int(m.group(3)), "player": _who(m.group(1))}
        out.append(Found("life_result", conditions(s.norm, m.start()), {"life": life}, None, m.span()))
    for m in P["life"].finditer(s.norm):
        if NEG.search(s.norm[m.end():m.end() + 6]):
            continue
        sit = conditions(s.norm, m.start())
        if "cause" in ctx.situation:
            sit["cause"] = ctx.situation["cause"]
        own_entering(s, sit, sit.get("cause") or ctx.default_subject)
        key = "gain" if m.group(2) == "得る" else "lose"
        out.append(Found("life_result", sit, {"life": {key: int(m.group(1))}}, ctx.default_subject, m.span()))
    return out


@register("card_text", priority=0, claims=True, order=200, needs=("「",))
def find_card_text(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """A card's own wording quoted: 《X》の「…」 / 「…」と書かれている (the card: the one named just before, else
    the page's card).  A quote of no known card is left to the other readers' quote rules."""
    out: list[Found] = []
    for m in P["quote"].finditer(s.norm):
        quoted = m.group(1)
        if not P["rules_words"].search(quoted):
            continue
        before = s.norm[:m.start()]
        mk = re.search(r"〔(\d+)〕(?:/[^、。〔]*?)?(?:の|は|に)?(?:能力|テキスト)?(?:の|は)?$", before)
        stated = P["card_quote_after"].match(s.norm, m.end())
        holder = P["card_after_quote"].match(s.norm, m.end())
        card = s.card(mk.group(1)) if mk else s.card(holder.group(1)) if holder else \
            (ctx.page_card if stated else None)
        if card is None or not (mk or stated or holder):
            continue
        out.append(Found("card_text", {"card": card, "quoted": quoted}, {"matches": True}, card, m.span()))
    return out


@register("can_target", priority=51, needs=("対象に",))
def find_target_described(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """Targeting a described object: 「プロテクション(黒)のクリーチャー…黒の呪文で対象に取れる」, 「呪禁は対戦相手
    からは…対象に取ることができない」 — or a named card as the topic targeted by a described spell
    (:func:`_named_target`).  Never when the sentence names another card (the card readers take those)."""
    if len(s.cards) > 1:
        return []
    out: list[Found] = []
    for m in P["target"].finditer(s.norm):
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        side = None
        if s.cards:
            named = _named_target(s, head)
            if named is None:
                continue
            target, head, side = named
        else:
            heads = [h for h in DESC_PATTERNS["head"].finditer(head)]
            target = _in_graveyard(describe(head, heads[0]) or {}) if heads else None
            target = target or None
        if target and not s.cards and P["spell_after"].match(head, heads[0].end()):
            target["zone"] = "stack"          # 「…クリーチャー呪文」: a spell, on the stack
        kws = [k for en, ws in LEX.sections["keyword_abilities"] for k in [en] if any(w in head for w in ws)
               and en in ("hexproof", "shroud")] if not s.cards else []
        if target is None and kws:
            target = {"desc": {"types": ["Creature"], "keywords": kws}}
        if target is None and "プロテクション" in head:
            prot = DESC_PATTERNS["protection"].search(head)
            target = describe(head + "クリーチャー") if prot else None
        zone = target.pop("zone", None) if isinstance(target, dict) else None
        if target is None and P["colour_spell"].search(head):
            target = _example_object(ctx)     # 'Q: 墓地にあるプロテクション(黒)のクリーチャーを… A: 黒の呪文で対象に取れる'
            zone = target.pop("zone", None) if target else None
        if target is None:
            continue
        sit: dict[str, Any] = {"target": target, **conditions(s.norm, m.start())}
        if "unrepresented" in sit:        # '対戦相手からならば': the source's controller, read below
            sit["unrepresented"] = [c for c in sit["unrepresented"] if not P["opponents_source"].search(c)]
            if not sit["unrepresented"]:
                del sit["unrepresented"]
        chain = P["player_of_player"].search(head)
        if chain:                         # whose the source is, said through another player: not read
            sit.setdefault("unrepresented", []).append(chain.group(0))
        cs = P["colour_spell"].search(head)
        if cs:
            sit["source"] = {"desc": {"types": ["Instant"], "colors": LEX.colour(cs.group(1))}}
        if P["opponents_source"].search(head):
            sit.setdefault("source", {"desc": {"types": ["Instant"]}})["desc"]["controller"] = "opponent"
        elif P["yours_source"].search(head):
            sit.setdefault("source", {"desc": {"types": ["Instant"]}})["desc"]["controller"] = "you"
            if isinstance(target, dict) and not target.get("desc", {}).get("controller"):
                # 「呪禁は自分の呪文の対象に…」: 自分 is the described object's own controller (reflexive), whose
                # side the scenario's target is not staged on — never judged as the other player's (702.11b)
                sit.setdefault("unrepresented", []).append(P["yours_source"].search(head).group(0))
        elif "source" not in sit and P["any_source"].search(head):
            # 「(被覆を持つクリーチャーは)呪文や能力の対象にならない」: any spell, whoever controls it (702.18a) — the
            # target's side is then a reading each (the checker), as for a described target
            sit["source"] = {"desc": {"types": ["Instant"]}}
        if side:
            # whose the topic card is (108.4), said against the source's stated side (「対戦相手の呪文」「あなたの
            # 呪文」): the same side is "source", the other "opponent" (702.11b hexproof); beside a source whose
            # controller is not said (「赤の呪文」) the side is kept unread, never staged against a guessed one
            src = ("opponent" if P["opponents_source"].search(head) else
                   "you" if P["yours_source"].search(head) else None)
            if src:
                sit["target_controller"] = "source" if side == src else "opponent"
            else:
                topic = P["named_topic"].match(s.norm, s.norm.rfind("。", 0, m.start()) + 1)
                sit.setdefault("unrepresented", []).append(topic.group("side") if topic else side)
        if zone:
            sit["zone"] = zone
        elif isinstance(target, str):
            sit["zone"] = "battlefield"       # a named card not targeted: the permanent (its abilities work there, 113.6)
        elif P["in_graveyard"].search(head):
            sit["zone"] = "graveyard"
        elif P["on_stack"].search(head):
            sit["zone"] = "stack"
        can = not (NEG.search(m.group("form")) or m.group("form") in ("らない", "ならない", "れず"))
        out.append(Found("can_target", sit, {"can": can}, target if isinstance(target, str) else None, m.span()))
    return out


def _named_target(s: Sentence, head: str) -> tuple[str, str, str | None] | None:
    """「《X》は赤の呪文の対象にならない」「《X》は対戦相手の呪文や能力の対象にならない」: the sentence's one card as
    the topic, targeted by a spell described by its colour or its controller (the same source words as a described
    target's, 702.11b / 702.16b): (the card, the words after it); None for any other head (a card named in a
    source phrase, 「自分の」 — whose own the spell is, is not told — or words no source piece reads); and the side
    the topic card is said to be on (「対戦相手の《X》は」: you / opponent, 108.4), or None."""
    t = P["named_topic"].match(head)
    if not t or MARK.search(head, t.end()):
        return None
    rest = head[t.end():]
    # 「《X》は呪禁を持つので、対戦相手の呪文の…」: a condition / reason clause (read by conditions) before the source
    rest = rest[max((b for _, b in clause_spans(rest)), default=0):].lstrip("、, ")
    side = side_of(t.group("side")) if t.group("side") else None
    if not (P["source_phrase"].fullmatch(rest) or side and P["your_source_phrase"].fullmatch(rest)):
        return None
    return s.card(t.group("card")), rest, side


def _in_graveyard(d: dict) -> dict:
    """A description whose only unread words say it is in a graveyard ('(…)墓地にある'): those words as its
    ``zone`` (the claim's zone, staged by the cross-check)."""
    rest = d.get(UNSTATED)
    label = Q_LABEL.match(rest or "")
    rest = label.group(label.lastindex) if label and label.lastindex else rest   # '[Q]墓地にある'
    if rest and P["in_graveyard"].fullmatch(rest.strip()):
        return {"desc": d["desc"], "zone": "graveyard"}
    if rest and P["on_stack_words"].fullmatch(rest.strip()):
        return {"desc": d["desc"], "zone": "stack"}        # 'スタック上の…クリーチャー呪文'
    return d


def _example_object(ctx: Context):
    """The one object with protection the example describes (the question of a Q&A whose answer says only
    「黒の呪文で対象に取れます」), with its zone words; None unless there is exactly one such phrase."""
    found = []
    for x in ctx.sentences:
        for h in DESC_PATTERNS["head"].finditer(x.norm):
            d = describe(x.norm, h)
            if d and d["desc"].get("protection"):
                d = _in_graveyard(d)
                if P["spell_after"].match(x.norm, h.end()):
                    d = {"desc": d["desc"], "zone": "stack"}
                if d not in found:
                    found.append(d)
    return found[0] if len(found) == 1 else None


@register("cost", priority=93, needs=("コスト",))
def find_cost(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'…ので《X》をプレイするためのコストは{1}になる': the total cost to cast (CR 601.2f)."""
    out: list[Found] = []
    for m in P["cost"].finditer(s.norm):
        sit = {"spell": s.card(m.group(1)), **conditions(s.norm, m.start())}
        out.append(Found("cost", sit, {"cost": m.group(2)}, sit["spell"], m.span()))
    return out


_OWN_ENTERING = re.compile(r"^〔(\d+)〕(?:/[^、。〔]*?)?が戦場に出(?:た|る)(?:とき|時|場合|なら)(?:に|は)?$")


# 「《X》を唱えると」「《X》を唱えた場合」: X is cast — the cause of what its resolution does (601.2, 608.2)
_OWN_CAST = re.compile(r"^〔(\d+)〕(?:/[^、。〔]*?)?を唱え(?:ると|た(?:とき|時|場合|なら|ら)|れば)(?:に|は)?$")


def own_entering(s: Sentence, sit: dict[str, Any], card: str | None) -> dict[str, Any]:
    """「《X》が戦場に出たとき、…」 said of X's own result: the clause is the event that makes X's own entering
    trigger act (603.6a), staged by casting X — read as X entering, no longer an unrepresented clause.
    「《X》を唱えると、…」: the clause is the cast of X, the cause (608.2) — read as ``cause`` X when the example
    names no other cause (the kind stages its cause by casting it, or the claim is not judged)."""
    left = []
    for clause in sit.get("unrepresented") or []:
        m = _OWN_ENTERING.match(clause.strip())
        c = _OWN_CAST.match(clause.strip())
        if m and card and s.card(m.group(1)) == card:
            sit["entered"] = [card]
        elif c and s.card(c.group(1)) and sit.get("cause") in (None, s.card(c.group(1))):
            sit["cause"] = s.card(c.group(1))
        else:
            left.append(clause)
    if "unrepresented" in sit:
        sit["unrepresented"] = left
        if not left:
            del sit["unrepresented"]
    return sit


def _read_here_outcome(text: str) -> bool:
    """A coordinated predicate this module reads as a claim of its own (a draw, life, damage to a player)."""
    return any(P[k].search(text) for k in ("draw", "life", "life_amount", "damage_to", "damage_taken"))


@register("draw_result", priority=94, needs=("引",))
def find_draw(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """'カードを2枚引く': how many cards are drawn (by the example's cause)."""
    out: list[Found] = []
    for m in P["draw"].finditer(s.norm):
        if P["open_quote"].search(s.norm[:m.start()]):
            continue                                  # quoted card text
        sit = conditions(s.norm, m.start())
        if "cause" in ctx.situation:
            sit["cause"] = ctx.situation["cause"]
        own_entering(s, sit, sit.get("cause") or ctx.default_subject)
        # a predicate coordinated with the draw (「カードを1枚引き、…」「…引けるが、…」): a statement of its own
        merge(sit, coordinated(s, m, _read_here_outcome)[1])
        out.append(Found("draw_result", sit, {"draw": int(m.group(1))}, ctx.default_subject, m.span()))
    return out
