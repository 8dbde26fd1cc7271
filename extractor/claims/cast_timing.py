"""When a kind of spell may be cast, a land played or an ability activated (``cast_timing``): a sorcery, a creature
or another permanent spell only in its controller's main phase while the stack is empty (307.1, 302.1, 117.1a), an
instant or a spell with flash whenever its controller has priority (117.1a, 702.8a), a land only at sorcery speed
(305.1); an activated ability whenever its controller has priority (602.2, 117.1b), equip only as a sorcery (702.6a).

Constructions read (the whole sentence, else no claim):
「<subject>は、?<time>(に|で)?(も|は|しか)?、?<verb>」 — subject: ソーサリー / インスタント / クリーチャー / エンチャント /
アーティファクト / プレインズウォーカー (each with an optional 呪文 or カード; 「瞬速を持つ／持たない」 before it),
「インスタント以外の呪文」 (each sorcery-speed type a reading; 「瞬速を持つ呪文」 each with flash), 土地 (with プレイ); time: 「(自分の)メイン・フェイズ」
(「…でスタックが空の(とき|時|場合)」「…にスタックが空であれば」 too), 「対戦相手のターン」 (「…のメイン・フェイズ／アップキープ／終了ステップ」), 「自分のターン」, 「戦闘中」, 「(ほかの)呪文に
対応して」 / 「スタックに呪文がある(とき|間)」, 「(自分の)アップキープ」, 「終了ステップ」, 「いつでも」 (every staged time,
affirmative only; 「優先権を持っていれば」「優先権を持つ時なら(いつでも)」「インスタントを唱えられる時ならいつでも」 too: the player
acting holds priority at each staged moment — a denial is never read, priority itself is not staged); the active
voice 「プレイヤーは、<time><subject>を<verb>」; verb: 唱え(られる|ることができる|
ることはできない|られない …) / プレイ(できる|できない|することができる …); 「…しか…ない」「…のみ…できる」 = only then.
「起動型能力」「装備(能力)」 with 起動／使用 (an ability: ``situation.ability`` activated / equip); 「ソーサリー・タイミングで」 =
sorcery_timing, 「インスタント・タイミングで」 = any.
A subject or a time said with more words (「優先権を持ち」, a card's name, 「いつでも」) gives no claim.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import NEG, Sentence

TYPES = {"ソーサリー": "Sorcery", "インスタント": "Instant", "クリーチャー": "Creature", "エンチャント": "Enchantment",
         "アーティファクト": "Artifact", "プレインズウォーカー": "Planeswalker"}
# 「インスタント以外の呪文」: every spell cast at sorcery speed (307.1) — a reading each
NON_INSTANT = ["Sorcery", "Creature", "Artifact", "Enchantment"]

_TYPE = "|".join(TYPES)
_SUBJ = (r"(?P<flash>瞬速を持(?:つ|たない|っていない)|瞬速(?:の|がない|のない))?(?P<type>" + _TYPE + r")(?:・?呪文|・?カード)?"
         r"|(?P<non_instant>インスタント以外の呪文)|(?P<land>土地(?:・?カード)?)"
         # 「瞬速を持つ呪文」: a spell of any sorcery-speed type given flash (702.8a) — a reading each
         r"|(?P<flash_spell>瞬速を持つ(?:パーマネント)?(?:呪文|カード))"
         # an activated ability (602.2, 602.5d): any, or equip (702.6a: as a sorcery)
         r"|(?P<ability>(?:マナ能力でない|マナ能力以外の)?起動型能力|装備(?:能力)?)")
_MINE = r"(?:自分の|あなたの|そのプレイヤーの|自身の|プレイヤー自身の)?"
_EMPTY = r"スタックが空(?:の|である|で|だ)?(?:とき|時|場合|間)?(?:に|で)?|スタックが空(?:であれば|なら(?:ば)?|ならば)"
_TIMES = {
    "main_empty": _MINE + r"メイン・?フェイズ(?:の間|中)?(?:に|で)、?(?:かつ)?(?:" + _EMPTY + r")",
    "main": _MINE + r"メイン・?フェイズ(?:の間|中)?(?:に|で)?",
    "opponent_turn": r"対戦相手の(?:ターン|ターン中|ターンの間)(?:に|で)?",
    "opp_main": r"対戦相手のメイン・?フェイズ(?:中|の間)?(?:に|で)?",
    "opp_upkeep": r"対戦相手のアップキープ(?:・ステップ)?(?:中|の間)?(?:に|で)?",
    "opp_end": r"対戦相手の(?:ターンの)?終了ステップ(?:中|の間)?(?:に|で)?",
    "own_turn": r"(?:自分の|あなたの|自身の)ターン(?:中|の間)?(?:に|で)?",
    "combat": r"戦闘(?:中|の間|フェイズ(?:中|の間)?)(?:に|で)?",
    "response": r"(?:ほかの|他の)?呪文に対応して|スタックに(?:ほかの|他の)?呪文が(?:ある|積まれている|乗っている)(?:とき|時|間|場合)(?:に)?",
    "upkeep": _MINE + r"アップキープ(?:・ステップ)?(?:中|の間)?(?:に|で)?",
    "end": _MINE + r"終了ステップ(?:中|の間)?(?:に|で)?",
    # 「いつでも」: whenever its controller has priority (117.1a) — every staged time; 「インスタント・タイミングで」 too
    # (「優先権を持っていれば」「優先権を持つ時なら」: the player acting in every staged moment holds priority, 117.1a —
    # only its affirmative is read; 「インスタントを唱えられる時ならいつでも」: 702.8a's wording)
    "any": r"(?:基本的に)?(?:(?:優先権を持って(?:いれば|いる(?:とき|時|間|限り)(?:なら(?:ば)?)?)|優先権を持つ(?:とき|時)(?:なら(?:ば)?)?"
           r"|インスタントを唱えられる(?:とき|時)(?:なら(?:ば)?)?)、?)?いつでも"
           r"|優先権を持って(?:いれば|いる(?:とき|時|間)(?:に)?)|インスタント・?(?:タイミング|スピード)(?:で)?",
    # 「ソーサリー・タイミングで」: when its controller could cast a sorcery (307.1, 602.5d)
    "sorcery_timing": r"ソーサリー・?(?:タイミング|スピード)(?:で)?",
}
_TIME = "|".join(f"(?P<{k}>{v})" for k, v in _TIMES.items())
_LEAD = r"^[\s*・\-－•]*(?:(?:なお|また|ただし|つまり|基本的に|通常)、?)?"
_VERB = (r"(?P<verb>唱え|使え(?=る|ない|ます|ません|ず)|使う(?=こと)|プレイ(?:す|し)?|起動(?:す|し)?|使用(?:す|し)?)"
         r"(?P<form>(?<=使え)(?:る|ない|ます|ません|ず)|られる|られます|られない|られません|られず|る(?:ことが|ことは|ことも)?(?:でき(?:る|ます|ない|ません)|可能|不可能)"
         r"|(?:(?<=プレイ)|(?<=起動)|(?<=使用))(?:でき(?:る|ます|ない|ません)|可能|不可能)"
         r"|(?:(?<=プレイす)|(?<=起動す)|(?<=使用す))る(?:ことが|ことは|ことも)?(?:でき(?:る|ます|ない|ません)|可能|不可能)"
         r"|(?<=使う)(?:ことが|ことは|ことも)(?:でき(?:る|ます|ない|ません)|可能|不可能))")

_ACTOR = r"(?:プレイヤーは|あなたは|各プレイヤーは)、?"
_DOING = r"(?:瞬速を持(?:つ|たない))?[^、。を]+?を、?(?:唱え|起動し|プレイし|使用し)"
PATTERNS = compile_patterns({
    # two of them coordinated (たり…たり): 「プレイヤーは、<time>インスタント呪文を唱えたり、起動型能力を起動したりできる」
    "pair": r"(?P<pre>" + _LEAD + _ACTOR + r"(?:" + _TIME.replace("?P<", "?P<p_") + r")(?:も|は)?、?)(?P<a>" + _DOING + r")たり、?(?:あるいは|または)?(?P<b>" + _DOING + r")たり(?:も)?"
            r"(?P<form>でき(?:る|ない|ます|ません)|することが(?:でき(?:る|ない|ます|ません)))[。.]?\s*$",
    # the active voice: 「プレイヤーは、優先権を持つ時ならいつでもインスタントを唱えることができる」
    "actor": _LEAD + _ACTOR + r"(?:" + _TIME + r")(?P<only>しか|のみ|だけ)?(?:も|は)?、?(?P<s>" + _SUBJ + r")を、?"
             + _VERB + r"(?:のだ|のです)?[。.]?\s*$",
    "timing": _LEAD + r"(?P<s>" + _SUBJ + r")(?:/[A-Za-z][A-Za-z \-]*)?(?:は|も|を)、?(?:" + _TIME + r")(?P<only>しか|のみ|だけ)?(?:も|は)?、?"
              + _VERB + r"(?:のだ|のです|ようになっている)?[。.]?\s*$",
})
P = PATTERNS


def _spell(m) -> Any:
    if m.group("land"):
        return "land"
    if m.group("non_instant"):
        return None
    if m.group("flash_spell"):
        return "flash"
    desc: dict[str, Any] = {"types": [TYPES[m.group("type")]]}
    fl = m.group("flash")
    if fl:
        desc["keywords" if fl in ("瞬速を持つ", "瞬速の") else "lacks"] = ["flash"]
    return desc


@register("cast_timing", priority=95, claims=True, needs=("唱え", "プレイ", "使", "起動"))
def find_cast_timing(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["timing"].match(s.norm) or P["actor"].match(s.norm)
    if not m:
        return []
    land, ability = bool(m.group("land")), m.group("ability")
    verb = m.group("verb")
    if ability and not verb.startswith(("起動", "使用")) or not ability and verb.startswith(("起動", "使用")):
        return []                               # an ability is activated (602.1), a spell cast, a land played
    if not ability and land != verb.startswith("プレイ"):
        return []                               # a land is played, a spell cast (305.1, 601.2)
    when = next(k for k in _TIMES if m.group(k))
    form = m.group("form")
    neg = bool(NEG.search(form)) or "不可能" in form
    only = bool(m.group("only"))
    if only and m.group("only") == "しか" and not neg:
        return []                               # 「しか」 needs its negative verb
    can = True if only else not neg
    if when == "any" and (only or not can):
        return []                               # 「いつでも…ない」「いつでもしか」: not one of the constructions
    if ability:
        sit: dict[str, Any] = {"ability": "equip" if ability.startswith("装備") else "activated", "when": when,
                               "events": []}
    else:
        spell = _spell(m)
        every = [{"types": [t]} for t in NON_INSTANT]
        if spell == "flash":
            every = [{**d, "keywords": ["flash"]} for d in every]
        sit = {"spells": every if spell in (None, "flash") else [spell], "when": when, "events": []}
    out: dict[str, Any] = {"can": can}
    if only:
        out["only"] = True
    return [Found("cast_timing", sit, out, None, m.span())]


_EACH = {"唱え": "唱えることが", "起動し": "起動することが", "プレイし": "プレイすることが", "使用し": "使用することが"}


@register("all_of", priority=94, claims=True, needs=("たり",))
def find_coordinated_timing(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「…Aを唱えたり、Bを起動したりできる」: ONE statement (``all_of``) of both, each read as its own sentence
    「<the words before>Aを唱えることができる」 by :func:`find_cast_timing` (as coordination.py does for combat)."""
    m = P["pair"].match(s.norm)
    if not m:
        return []
    form = m.group("form")
    form = form[len("することが"):] if form.startswith("することが") else form
    parts: list[dict] = []
    for g in ("a", "b"):
        doing = m.group(g)
        verb = next(v for v in _EACH if doing.endswith(v))
        one = dataclasses.replace(s, norm=f"{m.group('pre')}{doing[:-len(verb)]}{_EACH[verb]}{form}。")
        found = find_cast_timing(one, si, ctx)
        if len(found) != 1:
            return []                               # each part read once, or the sentence is not read
        f = found[0]
        parts.append({"kind": f.kind, "situation": f.situation, "outcome": f.outcome, "subject": f.subject})
    return [Found("all_of", {"parts": parts}, {"holds": True}, None, (0, m.end()))]
