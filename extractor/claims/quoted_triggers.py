"""Triggers given only by their quoted wording: 「あなたが白の呪文を唱えるたび〜」, 「あなたがクリーチャーでない呪文を
唱えるたび〜」, 「あなたがマナを引き出す目的で○○をタップするたび△△する」 read into the engine's trigger shape
({"event": "cast" | "tapped_for_mana", "object": FILTER}, engine/game/triggers.py) — the ability of a described
object whose only ability is that trigger with no stated effect (engine/crosscheck/standins.py ``trigger``).

A condition this grammar cannot represent exactly gives None (the claim stays unsimulable), never a looser
trigger: every word of the quote is read (who casts / taps, the spell's colour and type, the tapped object).

And the Q&A family 「ＸすることはＱに該当する?」 (playing a land / casting a spell / tapping for mana "counts as"
the quoted trigger condition): a ``trigger_count`` claim (it triggers, at least once) about the quoted trigger,
with the act the sentence states as the event — playing a land is not casting a spell (CR 305.1, 305.9, 601.2),
tapping a permanent for mana is activating its mana ability (CR 106.12, 605.1a).
"""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_COLOUR = "(?:" + alternation([w for _, ws in LEX.sections["colours"] for w in ws]) + ")"
_CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Sorcery", "Planeswalker", "Battle", "Land")  # 300.1
_TYPES = "(?:" + alternation([t.ja for t in LEX.card_types if t.en in _CARD_TYPES]) + ")"
BASIC_LAND_TYPES = {"平地": "Plains", "島": "Island", "沼": "Swamp", "山": "Mountain", "森": "Forest"}   # 305.6
_PLACEHOLDER = r"(?:○○|〇〇|◯◯|××|X|何か)"
_TAIL = r"(?:に)?(?:[〜~…]|△△する|○○する|〇〇する|××する)*"

PATTERNS = compile_patterns({
    # 「あなたが白のクリーチャーでない呪文を唱えるたび〜」: who casts, then colour / type words before 呪文
    "cast": r"^(?P<who>あなた|対戦相手|プレイヤー|いずれかのプレイヤー|各プレイヤー)が(?:1つの)?(?P<what>[^」]*?)呪文を"
            r"唱える(?:たび|とき|時)" + _TAIL + "$",
    "colour_word": "^(" + _COLOUR + ")の?",
    "not_type": "^(" + _TYPES + ")でない",
    "type_word": "^(" + _TYPES + ")(?:・)?",
    # 「あなたがマナを引き出す目的で○○をタップするたび△△する」 (CR 106.12: activating a mana ability with {T})
    "tap_for_mana": r"^(?P<who>あなた|プレイヤー|いずれかのプレイヤー)がマナを引き出す目的で(?P<obj>[^」]+?)をタップする"
                    r"(?:たび|とき|時)" + _TAIL + "$",
    "placeholder": "^" + _PLACEHOLDER + "$",
    # a quote that is a trigger condition: it ends in たび / とき (and a placeholder for the effect)
    "condition_quote": r"「([^」「]{4,80}?(?:たび|とき|時)" + _TAIL + ")」",
    # 「平地を戦場に出すことは「…たび〜」に該当する」 (also 「…や「…」に該当する」: one claim per quote)
    "counts_as": r"^(?P<act>[^「」]+?)(?:こと|の)は(?P<quotes>(?:「[^」]+」(?:や|と|、|または|か)?)+)に(?:該当|当て?はま|含まれ)"
                 r"(?P<neg>し(?:ない|ません|ず)|せず|ら(?:ない|ず)|りません|(?<=れ)(?:ない|ません|ず))?",
    "quote": r"「([^」]+)」",
    "play_land": r"^(?:〔(?P<card>\d+)〕|(?P<word>土地)(?:・カード)?)を(?P<how>戦場に出す|プレイする|置く)$",
    "cast_card": r"^〔(?P<card>\d+)〕を唱える$",
    "tap_card": r"^〔(?P<card>\d+)〕を(?:マナを引き出す目的で|マナのために)タップする$|^〔(?P<card2>\d+)〕をタップしてマナを"
                r"(?:引き出す|出す|生み出す)$",
    # 「生み出したマナを使わなくても」: the mana the tapping made is not spent (what the scenario does anyway)
    "mana_unspent": r"マナを(?:実際に)?(?:使わ|使用しな|支払わ|消費しな)(?:くても|なくても|ずに|ずとも|ないで|ない|なかった|なければ|ず)",
    # any other words about using the mana (「マナを使ったとき」「マナを実際に支払うまで」): a fact not staged
    "mana_spent": r"マナを[^、。]{0,6}?(?:使|使用|支払|消費)[^、。]{0,8}",
})
P = PATTERNS


def _spell_filter(what: str) -> dict[str, Any] | None:
    """'白の' / 'クリーチャーでない' / '白のクリーチャー' / '' → a spell filter; None for any word not read."""
    f: dict[str, Any] = {}
    rest = what.strip()
    while rest:
        m = P["colour_word"].match(rest)
        if m and "colors" not in f:
            f["colors"] = LEX.colour(m.group(1))
            rest = rest[m.end():]
            continue
        m = P["not_type"].match(rest)
        if m:
            ty = LEX.card_type(m.group(1))
            if not ty or ty == "Land":
                return None                    # 「土地でない呪文」 adds nothing read here: never a looser filter
            f.setdefault("not_types", []).append(ty)
            rest = rest[m.end():].lstrip("の")
            continue
        m = P["type_word"].match(rest)
        if m:
            ty = LEX.card_type(m.group(1))
            if not ty or ty in ("Land", "Permanent"):
                return None
            f.setdefault("types", []).append(ty)
            rest = rest[m.end():]
            continue
        return None
    if not f.get("colors"):
        f.pop("colors", None)
    return f


def _who(word: str) -> dict[str, Any] | None:
    if word == "あなた":
        return {"controller": "you"}
    if word == "対戦相手":
        return {"controller": "opponent"}
    return {}


def _tapped_filter(obj: str) -> dict[str, Any] | None:
    """What is tapped for mana: a placeholder (○○: any permanent), a card type word, 基本土地, a basic land type."""
    obj = obj.strip()
    if P["placeholder"].match(obj):
        return {}
    if obj in BASIC_LAND_TYPES:
        return {"subtypes": [BASIC_LAND_TYPES[obj]]}
    if obj == "基本土地":
        return {"types": ["Land"], "supertypes": ["Basic"]}
    ty = LEX.card_type(obj)
    if ty and ty != "Permanent":
        return {"types": [ty]}
    if ty == "Permanent":
        return {}
    return None


def read_quote(quote: str) -> dict | None:
    """The engine trigger of a quoted cast / tap-for-mana condition, or None when it says more than that."""
    q = quote.strip()
    for pattern, event, group, read in (("cast", "cast", "what", _spell_filter),
                                        ("tap_for_mana", "tapped_for_mana", "obj", _tapped_filter)):
        m = P[pattern].match(q)
        if m:
            obj, who = read(m.group(group)), _who(m.group("who"))
            return None if obj is None or who is None else {"event": event, "object": {**obj, **who}}
    return None


def quoted_source(ctx: Context, quote: str | None) -> dict | None:
    """The one quoted trigger of an example read by :func:`read_quote`, as a described permanent whose only
    ability is that trigger (its card type is not stated: the cross-check takes each reading)."""
    if not quote:
        return None
    trig = read_quote(quote.rstrip("〜~…"))
    return None if trig is None else {"desc": {"trigger": trig}}


def one_quoted_source(ctx: Context) -> dict | None:
    """The example quotes exactly one trigger condition, a cast / tap-for-mana one: the described permanent
    with just that trigger is the source (several quoted conditions: which one is meant is not read)."""
    quotes = {q.rstrip("〜~…") for x in ctx.sentences for q in P["condition_quote"].findall(x.norm)}
    return quoted_source(ctx, next(iter(quotes))) if len(quotes) == 1 else None


def _act(s: Sentence, act: str) -> dict[str, Any] | None:
    """The event of the act the sentence states: a land played / put onto the battlefield, a card cast, a
    permanent tapped for mana."""
    act = act.strip()
    m = P["play_land"].match(act)
    if m:
        card = s.card(m.group("card")) if m.group("card") else None
        if card is None:
            return None                         # 「土地を戦場に出す」 without a card: which land is not read
        return {"event": "play_land", "objects": [card], "events": ["enters"],
                "land_entry": "play" if m.group("how") == "プレイする" else "play_or_put"}
    m = P["cast_card"].match(act)
    if m and s.card(m.group("card")):
        return {"event": "cast", "cause": s.card(m.group("card")), "events": ["cast"]}
    m = P["tap_card"].match(act)
    if m:
        card = s.card(m.group("card") or m.group("card2"))
        return {"event": "tapped_for_mana", "objects": [card], "events": []} if card else None
    return None


@register("trigger_count", "no_trigger", priority=1, claims=True, order=9, needs=("該当", "当てはま", "あてはま", "含まれ"))
def find_counts_as(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「平地を戦場に出すことは「あなたが白の呪文を唱えるたび〜」に該当する」: the act triggers the quoted ability
    (a Q&A answer 該当しない gives the negation, qa_join.negate).  One claim per quoted trigger; a quote that is
    no trigger condition this grammar reads (「…限り〜」) gives none."""
    m = P["counts_as"].search(s.norm)
    if not m:
        return []
    act = _act(s, m.group("act"))
    if act is None:
        return []
    out = []
    for q in P["quote"].findall(m.group("quotes")):
        trig = read_quote(q.rstrip("〜~…"))
        if trig is None:
            continue
        if trig["object"].get("controller") == "opponent":
            continue                            # who performs the act, relative to the ability's controller, is not said
        sit = {**act, "source": {"desc": {"trigger": trig}}}
        if m.group("neg"):
            out.append(Found("no_trigger", sit, {"times": 0}, None, m.span()))
        else:
            out.append(Found("trigger_count", sit, {"times": 1, "at_least": True}, None, m.span()))
    return out


def mana_condition(s: Sentence) -> dict[str, Any]:
    """The stated fact about the mana a tapped-for-mana trigger's tapping made: unspent (staged: the scenario
    never spends it) or spent (not staged: unrepresented)."""
    if P["mana_unspent"].search(s.norm):
        return {"mana_unspent": True}
    m = P["mana_spent"].search(s.norm)
    if m:
        return {"unrepresented": [m.group(0)]}
    return {}
