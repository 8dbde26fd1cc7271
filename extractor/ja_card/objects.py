"""Objects and players: 対象のクリーチャー, クリーチャー1体を対象とする, あなたがコントロールする他のクリーチャー,
土地でないパーマネント, 飛行を持つクリーチャー, 白の兵士・クリーチャー・トークン, あなたの墓地にあるカード,
このクリーチャー, それ, プレイヤー1人 … → the same OBJECT / TARGET / FILTER values the English grammar's
filters.py builds ({"kind", "zone", "filter"}, {"target": SPEC}, {"ref": …}, {"each": FILTER}).

A Japanese object phrase is modifiers, then a type run joined by ・ (or か/や for "any of"), then a counter
(1体, 1つ, 最大2体).  Modifiers come first in Japanese: relative clauses (あなたがコントロールする, 飛行を持つ),
の-phrases (白の, タップ状態の, 伝説の), negations (土地でない) and 他の.
"""
from __future__ import annotations

import pyparsing as pp

from .. import shapes
from .base import NUM, SELF, T, TV, choice, guard
from .vocab import COLORS, COUNTER_KINDS, SIMPLE_KEYWORDS, SUPERTYPES, card_types, subtypes

_TYPES = card_types()
_TYPE_TABLE = {**{ja: {"types": [en]} for ja, en in _TYPES.items()},
               **{ja: {"subtypes": [en]} for ja, en in subtypes().items() if ja not in _TYPES}}
TYPE_WORD = choice(_TYPE_TABLE)
KIND_WORD = choice({"パーマネント": {"_kind": "permanent"}, "呪文": {"_kind": "spell"}, "カード": {"_kind": "card"},
                    "トークン": {"token": True}})
_DOT = T("・")
_OR = T("か", "や", "または", "あるいは")


def _noun(t):
    out: dict = {"_kind": "permanent"}
    types, subs, any_types = [], [], []
    for part in t:
        if "_or" in part:
            alts = part["_or"]
            if all(list(x) == ["types"] for x in alts):
                any_types.extend(x["types"][0] for x in alts)
            elif all(list(x) == ["subtypes"] for x in alts):
                subs.extend(x["subtypes"][0] for x in alts)
            else:
                raise pp.ParseException("", 0, "mixed alternatives")
            continue
        for k, v in part.items():
            if k == "types":
                types.extend(v)
            elif k == "subtypes":
                subs.extend(v)
            else:
                out[k] = v
    if types:
        out["types"] = type_line_order(types)
    if subs:
        out["subtypes"] = subs
    if any_types:
        out["types_any"] = sorted(any_types)
    return [out]


# Japanese prints some type runs in another order (クリーチャー・エンチャント); the English type line's order
# (as printed: Kindred, Enchantment, Artifact, Land, Creature …) is the one the behaviour keeps.
_TYPE_ORDER = {t: i for i, t in enumerate(("Tribal", "Kindred", "Enchantment", "Artifact", "Land", "Creature",
                                           "Planeswalker", "Battle", "Instant", "Sorcery"))}


def type_line_order(types: list) -> list:
    return sorted(types, key=lambda t: _TYPE_ORDER.get(t, 99))


_COMBAT_NOUN = TV({"types": ["Creature"], "attacking": True}, "攻撃クリーチャー") | \
    TV({"types": ["Creature"], "blocking": True}, "ブロック・クリーチャー")
_TYPE_OR = (TYPE_WORD + pp.OneOrMore(_OR + TYPE_WORD)).set_parse_action(lambda t: [{"_or": list(t)}])
_RUN = (TYPE_WORD + pp.ZeroOrMore(_DOT + TYPE_WORD) + pp.Opt(pp.Opt(_DOT) + KIND_WORD)) | KIND_WORD
# "instant or sorcery spell": インスタントかソーサリーである呪文; "Spirit or Arcane spell": スピリット呪文か秘儀呪文
_TYPE_OR_KIND = (_TYPE_OR + T("である") + KIND_WORD)


def _kind_alts(t):
    kinds = {tuple(sorted(x.items())) for x in t[1::2]}
    if len(kinds) != 1:
        raise pp.ParseException("", 0, "different kinds")
    return [{"_or": list(t[0::2])}, t[1]]


_EACH_KIND_OR = (TYPE_WORD + KIND_WORD + pp.OneOrMore(_OR + TYPE_WORD + KIND_WORD)).set_parse_action(_kind_alts)
NOUN = (_COMBAT_NOUN | _TYPE_OR_KIND | _EACH_KIND_OR | _TYPE_OR | _RUN).copy().set_parse_action(_noun)

# ---------------------------------------------------------------- modifiers (before the noun)
_NO = T("の")
# (the conjunctive 「あなたがコントロールしていて白である…」 joins two relative clauses: the same filter)
# "you don't control" first: "you control" is its prefix (an ordered choice keeps the first match)
_CONTROL = (TV({"controller": "opponent"}, "対戦相手がコントロールする", "対戦相手がコントロールしている",
               "あなたがコントロールしていない", "あなたがコントロールしない", "あなたの対戦相手がコントロールする",
               "あなたの対戦相手がコントロールしている", "あなたがコントロールしておらず", "対戦相手がコントロールしていて") |
            TV({"controller": "you"}, "あなたがコントロールする", "あなたがコントロールしている", "あなたのコントロールする",
               "あなたがコントロールしていて") |
            TV({"controller": "defending_player"}, "防御プレイヤーがコントロールする", "防御プレイヤーがコントロールしている") |
            TV({"owner": "you"}, "あなたがオーナーである"))
_COLOR = choice({c: {"colors": l} for c, l in COLORS.items()}) + (_NO | T("である"))   # 白の / 白である (a relative clause)
_NOT_COLOR = (choice({c: l for c, l in COLORS.items()}) + T("でない")).set_parse_action(
    lambda t: [{"not_colors": t[0]}])
_NOT_TYPE = (choice(_TYPES) + T("でない")).set_parse_action(lambda t: [{"not_types": [t[0]]}])
# nonbasic, nonsnow, nonlegendary (205.4); non-Human (205.3)
_NOT_SUPER = (choice(SUPERTYPES) + T("でない")).set_parse_action(lambda t: [{"not_supertypes": [t[0]]}])
_NOT_SUB = (choice({ja: en for ja, en in subtypes().items() if ja not in _TYPES}) + T("でない")).set_parse_action(
    lambda t: [{"not_subtypes": [t[0]]}])
# "black or red": 黒か赤の (the English grammar's colours string, as printed)
_COLOR_OR = (choice(COLORS) + pp.OneOrMore(T("か", "または") + choice(COLORS)) + _NO).set_parse_action(
    lambda t: [{"colors": "".join(t)}])
# "with a +1/+1 counter on it" (122): +1/+1カウンターが置かれている
# 122.1b: keyword counters (飛行カウンター, 接死・カウンター) give their keyword; the English names them with spaces
_KEYWORD_COUNTERS = {"flying", "first_strike", "double_strike", "deathtouch", "decayed", "exalted", "haste", "hexproof",
                     "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"}
_KW_COUNTER = choice({ja: en.replace("_", " ") for ja, en in SIMPLE_KEYWORDS.items() if en in _KEYWORD_COUNTERS}) + \
    pp.Opt(T("・"))
COUNTER_KIND = pp.Regex(r"[+-]\d+/[+-]\d+(?= |$)") | choice(COUNTER_KINDS) | _KW_COUNTER   # 122.1: +1/+1, 蓄積, …
_HAS_COUNTER = (COUNTER_KIND + T("カウンターが置かれている")
                ).set_parse_action(lambda t: [{"has_counter": t[0]}])
_NOT_TOKEN = TV({"token": False}, "トークンでない")
_SUPER = (choice({ja: {"supertypes": [en]} for ja, en in SUPERTYPES.items()}) + _NO) | \
    (TV({"supertypes": ["Basic"]}, "基本") + pp.FollowedBy(T("土地")))       # the compound 基本土地 (205.4c)
_STATE = (TV({"tapped": True}, "タップ状態の", "タップしている") | TV({"tapped": False}, "アンタップ状態の", "アンタップしている") |
          TV({"attacking": True}, "攻撃している") | TV({"blocking": True}, "ブロックしている") |
          TV({"attacking_or_blocking": True}, "攻撃かブロックしている", "攻撃かブロックに参加している",
             "攻撃しているかブロックしている") |
          TV({"attacking": True}, "攻撃に参加している") | TV({"blocking": True}, "ブロックに参加している") |
          TV({"other": True}, "他の", "他の1つの", "これでない") |
          # "that was dealt damage this turn" (120.3), "blocking ~" (509.1)
          TV({"dealt_damage_this_turn": True}, "このターンにダメージを与えられている", "このターンにダメージが与えられた",
             "このターンにダメージを与えられた", "このターンにダメージを受けた") |
          TV({"blocking_self": True}, "~をブロックしている", "これをブロックしている") |
          # historic (700.6: artifacts, legendaries and Sagas), a kicked spell (702.33)
          TV({"historic": True}, "歴史的な") | TV({"kicked": True}, "キッカーされている", "キッカーされた") | TV({"colorless": True}, "無色の") |
          TV({"multicolored": True}, "多色の"))
KEYWORD = choice(SIMPLE_KEYWORDS)
_HAS_KW = (KEYWORD + T("を持たない", "を持っていない")).set_parse_action(lambda t: [{"lacks_keyword": t[0]}]) | \
    (KEYWORD + T("を持つ", "を持っている")).set_parse_action(lambda t: [{"has_keyword": t[0]}])
_STAT = choice({"パワー": "power", "タフネス": "toughness", "点数で見たマナ・コスト": "mana_value", "マナ総量": "mana_value"})
_CMP = choice({"以下": "at_most", "以上": "at_least"})
_WITH_STAT = (_STAT + T("が") + NUM + _CMP + _NO).set_parse_action(lambda t: [{f"{t[0]}_{t[2]}": t[1]}]) | \
    (_STAT + T("が") + NUM + (_NO | T("である"))).set_parse_action(       # "with mana value X": exactly N
        lambda t: [{f"{t[0]}_at_most": t[1], f"{t[0]}_at_least": t[1]}])
_ZONE = (TV({"_zone": "graveyard", "owner": "you"}, "あなたの墓地にある", "あなたの墓地の", "あなたの墓地から") |
         TV({"_zone": "graveyard"}, "墓地にある", "墓地の", "いずれかの墓地にある", "墓地から") |
         TV({"_zone": "hand", "owner": "you"}, "あなたの手札にある", "あなたの手札の", "あなたの手札から") |
         TV({"_zone": "graveyard", "owner": "opponent"}, "対戦相手の墓地にある", "対戦相手の墓地から", "対戦相手の墓地の"))
MOD = (_CONTROL | _ZONE | _WITH_STAT | _HAS_KW | _HAS_COUNTER | _NOT_TOKEN | _NOT_COLOR | _NOT_TYPE | _NOT_SUPER |
       _NOT_SUB | _STATE | _SUPER | _COLOR_OR | _COLOR)


def _phrase(t):
    f: dict = {}
    for part in t:
        for k, v in part.items():
            if k in ("not_types",) and k in f:
                f[k] = f[k] + v
            elif k == "colors" and k in f:
                f[k] = f[k] + v
            else:
                f[k] = v
    kind = f.pop("_kind", "permanent")
    zone = f.pop("_zone", None)
    if kind == "card" or zone not in (None, "battlefield"):
        kind = "card"
    return [{"kind": kind, "zone": zone, "filter": f}]


OBJECT = (pp.ZeroOrMore(MOD + pp.Opt(T("、"))) + NOUN).set_parse_action(_phrase)

# ---------------------------------------------------------------- counting
_CT = pp.Regex(r"(?:体|つう|つ|枚|人|個)(?= |$)").suppress()
COUNT = (NUM + _CT).set_parse_action(lambda t: [{"n": t[0]}]) | \
    (T("最大") + NUM + _CT + pp.Opt(T("まで"))).set_parse_action(lambda t: [{"up_to": t[0]}])


def target_spec(obj: dict, det: dict | None = None) -> dict:
    """An object phrase and its count → the target spec the English grammar builds (115.1; extractor.shapes):
    a count of one says nothing, "up to N" is kept."""
    return shapes.target_spec(obj, {k: v for k, v in (det or {}).items()
                                    if k == "up_to" or (k == "n" and v != 1)})


# Players
_PLAYER_ONE = (T("プレイヤー") + T("1人")).set_parse_action(lambda: [{"kind": "player"}]) | \
    (T("対戦相手") + T("1人")).set_parse_action(lambda: [{"kind": "player", "filter": {"controller": "opponent"}}])
# Printed "creature or player" is Oracle "any target" (errata.py: the 2018 wording update, 115.4).
_ANY = (T("クリーチャー1体か") + (T("プレイヤー1人かプレインズウォーカー1体") | T("プレインズウォーカー1体かプレイヤー1人") |
                              T("プレイヤー1人")) + pp.Opt(T("、"))).set_parse_action(lambda: [{"kind": "any"}]) | \
    T("クリーチャーかプレイヤー1つ", "クリーチャー1体かプレインズウォーカー1人かプレイヤー1人",
      # later printings: "one among creatures, planeswalkers and players" (…のうち1つ)
      "クリーチャーやプレインズウォーカーやプレイヤーのうち1つ", "クリーチャーやプレイヤーやプレインズウォーカーのうち1つ"
      ).set_parse_action(lambda: [{"kind": "any"}])
_OBJ_TARGET = (OBJECT + COUNT).set_parse_action(guard(lambda t: t[0]["kind"] != "player",
                                                      lambda t: [target_spec(t[0], t[1])]))
_OBJ_OR = (OBJECT + T("1つ")).set_parse_action(lambda t: [target_spec(t[0])])
_UP_TO_WO = (OBJECT + T("を") + COUNT).set_parse_action(guard(lambda t: "up_to" in t[1],
                                                               lambda t: [target_spec(t[0], t[1])]))
_AMONG = (OBJECT + T("のうち") + COUNT).set_parse_action(lambda t: [target_spec(t[0], t[1])])
def _any_of(t):
    """Counted alternatives (アーティファクト1つかエンチャント1つ, 吸血鬼1体か狼男1体, インスタント呪文1つかソーサリー呪文1つ,
    クリーチャー1体か機体1つ) → the English grammar's one filter: types_any, a subtype list, or any_of of a type and a
    subtype; modifiers printed before the first alternative (対戦相手がコントロールする…) are the whole phrase's."""
    objs = list(t)
    kinds = {o["kind"] for o in objs}
    extra = {k: v for k, v in objs[0]["filter"].items() if k not in ("types", "subtypes")}
    cores = [{k: v for k, v in o["filter"].items() if k in ("types", "subtypes")} for o in objs]
    if len(kinds) != 1 or kinds - {"permanent", "spell"} or any(set(o["filter"]) - {"types", "subtypes"} for o in objs[1:]) \
            or any(sum(len(v) for v in c.values()) != 1 for c in cores):
        raise pp.ParseException("", 0, "not a plain type alternative")
    kind = kinds.pop()
    if all("types" in c for c in cores):
        f = {"types_any": sorted(c["types"][0] for c in cores)}
    elif all("subtypes" in c for c in cores):
        f = {"subtypes": [c["subtypes"][0] for c in cores]}
    elif kind == "permanent" and len(cores) == 2 and "types" in cores[0]:
        f = {"any_of": cores}
    else:
        raise pp.ParseException("", 0, "not a plain type alternative")
    return [{"kind": kind, "filter": dict(extra, **f)}]


# "target artifact or enchantment": アーティファクト1つかエンチャント1つ (each alternative counted)
_OBJ_ALTS = (OBJECT + COUNT.copy().add_condition(lambda t: t[0] == {"n": 1}).suppress() +
             pp.OneOrMore(T("か") + OBJECT + COUNT.copy().add_condition(lambda t: t[0] == {"n": 1}).suppress())
             ).set_parse_action(_any_of)
_FIXED = (TV({"kind": "creature", "filter": {"attacking_or_blocking": True}}, "攻撃クリーチャー1体かブロック・クリーチャー1体") |
          # abilities on the stack (113.1, 115.1): 起動型能力1つ, 誘発型能力1つ, either
          TV({"kind": "ability", "filter": {"ability_kind": "activated"}}, "起動型能力1つ") |
          TV({"kind": "ability", "filter": {"ability_kind": "trigger"}}, "誘発型能力1つ") |
          TV({"kind": "ability"}, "起動型能力1つか誘発型能力1つ", "起動型か誘発型である能力1つ") |
          TV({"kind": "player_or_planeswalker"}, "プレイヤー1人かプレインズウォーカー1体", "プレイヤー1人かプレインズウォーカー1人",
             "プレインズウォーカー1体かプレイヤー1人", "プレイヤーやプレインズウォーカーのうち1つ") |
          TV({"kind": "player_or_planeswalker", "filter": {"controller": "opponent"}}, "対戦相手1人かプレインズウォーカー1体"))
# "any number of target <objects>" (115.1, 601.2c): 望む数の…
_ANY_NUMBER = (T("望む数の") + OBJECT).set_parse_action(guard(lambda t: t[0]["kind"] != "player",
                                                             lambda t: [target_spec(t[0], {"up_to": "any"})]))
TARGET_SPEC = _FIXED | _ANY | _ANY_NUMBER | _PLAYER_ONE | _OBJ_ALTS | _AMONG | _UP_TO_WO | _OBJ_TARGET
# "Xを対象とする。" / "Xを対象とし、": the target the following それ / そのクリーチャー / そのプレイヤー names
# "A1体とB1体を対象とする" (115.1, 601.2c): one target of each description, in the order written; the later
# sentences name them その前者 / その後者 (その第1者, その第2者, その第3者)
# ("…1体と、2体目の…1体": "a second target …", another instance of the word target, 115.3)
# (the tokenizer reads "1つと" as one word つと: "アーティファクト1つと、…" is split back here)
_TSUTO = (OBJECT + pp.Opt(TV("up_to", "最大"), default="n") + NUM + pp.Regex(r"つと(?= |$)").suppress()).set_parse_action(
    guard(lambda t: t[0]["kind"] != "player", lambda t: [target_spec(t[0], {t[1]: t[2]})]))
_AND_SPEC = (TARGET_SPEC + T("と")) | _TSUTO
# "…と、それ以外のクリーチャー1体": "another target creature" (other than the first)
_OTHER_SPEC = (T("それ以外の") + OBJECT + COUNT).set_parse_action(guard(
    lambda t: t[0]["kind"] != "player", lambda t: [target_spec(dict(t[0], filter=dict(t[0]["filter"], other=True)), t[1])]))
_DECLARE_MANY = (pp.OneOrMore(_AND_SPEC + pp.Opt(T("、")) + pp.Opt(T("2体目の", "2つ目の"))) + (_OTHER_SPEC | TARGET_SPEC) +
                 T("を対象とする", "を対象とし")).set_parse_action(lambda t: [{"_declare_many": list(t)}]) | \
    (TARGET_SPEC + pp.OneOrMore(T("を対象とし") + pp.Opt(T("、")) + TARGET_SPEC) + T("を対象とする")
     ).set_parse_action(lambda t: [{"_declare_many": list(t)}])       # "Aを対象とし、Bを対象とする": the same, two sentences
DECLARE = (_DECLARE_MANY |
           (TARGET_SPEC + T("を対象とする", "を対象とし")) |
           (OBJECT + T("を") + COUNT + T("対象とする", "対象とし")).set_parse_action(
               guard(lambda t: "up_to" in t[1], lambda t: [target_spec(t[0], t[1])]))
           ) + pp.Opt(T("、"))
DECLARE = DECLARE.set_parse_action(lambda t: [t[0] if "_declare_many" in t[0] else {"_declare": t[0]}])
# older inline 対象の: 対象のクリーチャー1体, 対象のプレイヤー1人
INLINE_TARGET = (T("対象の") + OBJECT + pp.Opt(COUNT)).set_parse_action(
    lambda t: [{"target": target_spec(t[0], t[1] if len(t) > 1 else None)}]) | \
    (T("対象のプレイヤー") + pp.Opt(T("1人"))).set_parse_action(lambda: [{"target": {"kind": "player"}}]) | \
    (T("対象の対戦相手") + pp.Opt(T("1人"))).set_parse_action(
        lambda: [{"target": {"kind": "player", "filter": {"controller": "opponent"}}}])

# Pronouns (608.2c): bound later to the declared target, the event object or the source itself.
# そのクリーチャー / そのパーマネント is the English "that creature": after an event with a second object (~がクリーチャー
# 1体をブロックするたび、そのクリーチャーを…) it names that other object, never the source (608.2c); elsewhere it is "it"
# one of several declared targets by its place (その前者 "the former", その後者 "the latter", その第2者): bound by
# lines.resolve, never left in a value
NTH = (TV({"ref": "nth", "i": 0}, "その前者", "その第1者") | TV({"ref": "nth", "i": 1}, "その後者", "その第2者") |
       TV({"ref": "nth", "i": 2}, "その第3者")) + pp.Opt(T("のクリーチャー", "のパーマネント", "の呪文").suppress())
PRONOUN = NTH | TV({"ref": "that"}, "そのクリーチャー", "そのパーマネント") | \
    TV({"ref": "it"}, "それ", "そのカード", "その呪文", "それら",
       "それらのクリーチャー", "そのトークン", "その土地", "そのアーティファクト") | \
    TV({"ref": "self"}, "これ", "このクリーチャー", "このパーマネント", "この呪文", "このカード", "このエンチャント",
       "このアーティファクト", "この土地") | SELF | \
    TV({"ref": "enchanted"}, "エンチャントされているクリーチャー", "エンチャントしているクリーチャー") | \
    TV({"ref": "equipped"}, "装備しているクリーチャー", "装備されているクリーチャー")
ONE = INLINE_TARGET | PRONOUN

# Sets: すべてのクリーチャー, あなたがコントロールするクリーチャー (bare, as a subject), 他のすべての…
_EVERY = T("すべての", "全ての", "各")


def zoned_filter(obj: dict) -> dict:
    """An object phrase's filter with its zone, as the English grammar's sets and counts have it (a spell is on the
    stack)."""
    f = dict(obj["filter"])
    if obj["kind"] == "spell":
        f["zone"] = "stack"
    elif obj.get("zone"):
        f["zone"] = obj["zone"]
    return f


def _set(obj):
    return {"each": zoned_filter(obj)}


# modifiers may come before the 「すべての」 too, a comma after them (あなたがコントロールしている、他のすべてのクリーチャー)
SET = ((TV({"other": True}, "他の") + _EVERY + OBJECT).set_parse_action(
    lambda t: [_set(dict(t[1], filter=dict(t[1]["filter"], other=True)))]) |
       (pp.ZeroOrMore(MOD + pp.Opt(T("、"))) + _EVERY + OBJECT).set_parse_action(
    lambda t: [_set(dict(t[-1], filter=dict(t[-1]["filter"], **{k: v for d in t[:-1] for k, v in d.items()})))]))
SET_BARE = OBJECT.copy().add_parse_action(lambda t: [_set(t[0])])

# Indefinite objects (costs, sacrifice): クリーチャー1体, 他のクリーチャー1体, カード2枚
INDEF = (OBJECT + COUNT).set_parse_action(guard(lambda t: "n" in t[1],
                                                lambda t: [dict(t[0], n=t[1]["n"])]))
# the same as a verb's object: クリーチャー1体を, or with the count floated after を (クリーチャーを1体: Japanese puts a
# quantifier after the case particle as often as before it), or counted alternatives of one each (アーティファクト1つか
# クリーチャー1体を: "an artifact or creature")
INDEF_ACC = (INDEF + T("を")) | \
    (OBJECT + T("を") + COUNT).set_parse_action(guard(lambda t: "n" in t[1] and t[0]["kind"] == "permanent",
                                                       lambda t: [dict(t[0], n=t[1]["n"])])) | \
    (_OBJ_ALTS + T("を")).set_parse_action(guard(lambda t: t[0]["kind"] == "permanent", lambda t: [dict(t[0], n=1)]))

# Players
PLAYER = (TV({"player": "you"}, "あなた") | TV({"player": "each_player"}, "各プレイヤー") |
          TV({"player": "each_opponent"}, "各対戦相手", "あなたの各対戦相手", "すべての対戦相手") |
          TV({"player": "_declared"}, "そのプレイヤー", "その対戦相手") |
          TV({"player": "its_controller"}, "それのコントローラー", "そのコントローラー", "そのクリーチャーのコントローラー",
             "その呪文のコントローラー", "そのパーマネントのコントローラー") |
          TV({"player": "its_owner"}, "それのオーナー", "そのオーナー") |
          TV({"player": "defending_player"}, "防御プレイヤー"))
