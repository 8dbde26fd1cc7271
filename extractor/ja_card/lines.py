"""Route each Japanese line by kind (keywords, activated "COST：EFFECT", trigger "…とき、…", static, spell, modal
"以下から1つを選ぶ —" with • modes, additional cost) and parse it all-or-nothing into the same (kind, value) the
English grammar's engine/oracle/lines.py returns; a failure names the first clause that did not parse.

Japanese states targets in a sentence of their own (クリーチャー1体を対象とする。それを破壊する。): ``resolve`` puts
the declared target where the English grammar has it, at the first pronoun that names it (115.1, 608.2c)."""
from __future__ import annotations

import json
import re

import pyparsing as pp

from .base import MANA, NUM, SIGNED_PT, T, TV, choice, guard, parse_or_fail_at
from .effects import COST_REF, EFFECTS, E_SYMBOLS, _COUNTER_KIND, _KW_LIST, _CANT, set_line_reader
from .events import CONDITION, INTERVENING_IF, TRIGGER_HEAD
from .objects import COUNT, INDEF, OBJECT, SET, SET_BARE, SELF, PRONOUN
from .quantities import EQUAL_REF, FOR_EACH
from . import errata
from ..shapes import anthem_statics, merge_keyword_items
from .tokens import surface_of, token_string
from .vocab import COLORS, COST_KEYWORDS, NUMBER_KEYWORDS, SIMPLE_KEYWORDS


class Failure(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_LINE = [""]          # the line being parsed (its printed words name a failure)


def shape(kind: str, toks: str) -> str:
    """The failing clause as printed, numbers, mana and P/T generalised (so failures rank into a worklist)."""
    s = surface_of(_LINE[0], token_string(_LINE[0]), toks) if _LINE[0] else toks.replace(" ", "")
    s = re.sub(r"[+-]?(?:\d+|X)/[+-]?(?:\d+|X)", "<P/T>", s)
    s = re.sub(r"(?:\{[^}]+\})+", "{M}", s)
    s = re.sub(r"\d+", "N", s)
    return f"{kind}: '{s[:40]}{' …' if len(s) > 40 else ''}'"


# ---------------------------------------------------------------- keywords (702)
_KW = choice(SIMPLE_KEYWORDS).copy().add_parse_action(lambda t: [{"keywords": [t[0]]}])
_COST_KW = (choice(COST_KEYWORDS) + MANA).set_parse_action(lambda t: [{t[0]: t[1]}])
_NUM_KW = (choice(NUMBER_KEYWORDS) + NUM).set_parse_action(lambda t: [{t[0]: t[1]}])
_PAREN = T("("), T(")")
# what protection or hexproof is from (702.16, 702.11d): a colour, a colour class, everything, or objects
_FROM_ITEM = choice(dict({c: {"colors": l} for c, l in COLORS.items()},
                         **{"多色": {"multicolored": True}, "単色": {"monocolored": True}, "無色": {"colorless": True},
                            "すべての色": {"colors": "WUBRG"}, "全ての色": {"colors": "WUBRG"},
                            "すべて": {"everything": True}, "全て": {"everything": True}})) | \
    OBJECT.copy().add_parse_action(guard(lambda t: t[0]["kind"] != "player", lambda t: [t[0]["filter"]]))
_PROT = (T("プロテクション") + _PAREN[0] + _FROM_ITEM + pp.ZeroOrMore(T("と", "、") + _FROM_ITEM) + _PAREN[1]
         ).set_parse_action(lambda t: [{"protection": list(t)}])
# hexproof from <quality> (702.11d): 黒からの呪禁
_HEXPROOF_FROM = (_FROM_ITEM + pp.ZeroOrMore(T("と") + _FROM_ITEM) + T("からの呪禁")).set_parse_action(
    lambda t: [{"hexproof_from": list(t)}])
_ENCHANT = (T("エンチャント") + _PAREN[0] + OBJECT + _PAREN[1]).set_parse_action(lambda t: [{"enchant": t[0]["filter"]}]) | \
    (T("エンチャント") + _PAREN[0] + choice({"プレイヤー": {"player": True}, "対戦相手": {"player": "opponent"}}) +
     _PAREN[1]).set_parse_action(lambda t: [{"enchant": t[0]}])
# ward—pay N life (702.21a): 護法—3点のライフを支払う
_WARD_LIFE = (T("護法") + T("—") + NUM + T("点のライフを支払う")).set_parse_action(lambda t: [{"ward": f"life:{t[0]}"}])
# escape—{cost}, exile N other cards from your graveyard (702.138a)
_ESCAPE = (T("脱出") + T("—") + MANA + T(",", "、") + T("あなたの墓地から他のカード") + NUM + T("枚を追放する")
           ).set_parse_action(lambda t: [{"escape": {"cost": t[0], "exile_from_graveyard": t[1]}}])
# affinity for <objects> (702.41): 親和(アーティファクト)
_AFFINITY = (T("親和") + _PAREN[0] + OBJECT + _PAREN[1]).set_parse_action(lambda t: [{"affinity": t[0]["filter"]}])
# suspend N—{cost} (702.62): 待機4—{U}
_SUSPEND = (T("待機") + NUM + T("—") + MANA).set_parse_action(lambda t: [{"suspend": {"time": t[0], "cost": t[1]}}])
# a keyword whose cost is not (only) mana (kicker—sacrifice a creature, 702.33; flashback—…, cycling—…, cumulative
# upkeep—…): its cost as an activated ability's cost; kicker {A} and/or {B} (702.33c): both costs
_NONMANA_KW = choice({"キッカー": "kicker", "フラッシュバック": "flashback", "サイクリング": "cycling",
                      "累加アップキープ": "cumulative_upkeep"}) + T("—")
_KICKER_AND_OR = (T("キッカー") + MANA + ((T("と/または", "と/あるいは") + MANA) |
                                           (T("か") + MANA + T("かその両方", "(または両方)")))).set_parse_action(
    lambda t: [{"kicker": [t[0], t[1]]}])
_COST_FWD = pp.Forward()            # COST (below)
_KW_COST = (_NONMANA_KW + _COST_FWD).set_parse_action(lambda t: [{t[0]: t[1]}])
_ITEM = (_KICKER_AND_OR | _KW_COST | _ESCAPE | _WARD_LIFE | _PROT | _HEXPROOF_FROM | _ENCHANT | _AFFINITY | _SUSPEND |
         _COST_KW | _NUM_KW | _KW)


def _kw_merge(t):
    """Printed プロテクション(黒)、プロテクション(赤) is one Oracle "protection from black and from red" (702.16)."""
    prot = [x for d in t if "protection" in d for x in d["protection"]]
    items = [d for d in t if "protection" not in d] + ([{"protection": prot}] if prot else [])
    try:
        return [merge_keyword_items(items)]
    except ValueError as e:
        raise pp.ParseException("", 0, str(e)) from None


# items are separated by 、 or , — or by a printed space only (防衛 強請), which normalise_lines removes
KEYWORD_LINE = (_ITEM + pp.ZeroOrMore(pp.Opt(pp.Regex(r"[,、](?= )").suppress()) + _ITEM) +
                pp.Opt(pp.Regex(r"[。、](?= |$)")).suppress()).set_parse_action(_kw_merge)

# ---------------------------------------------------------------- costs (118, 602.1)
# more costs (118, 602.1), as the English COST_ITEMs: removing counters from ~, tapping untapped permanents you
# control, exiling cards from your graveyard or ~ itself, returning permanents you control, discarding your hand
_OWN = lambda f: {k: v for k, v in f.items() if k != "owner"}       # noqa: E731
_MORE_COSTS = (
    # printed also ~から… / ~の上の…を (122.8: removing counters from the permanent they are on)
    ((SELF | TV(None, "これ", "このクリーチャー", "このアーティファクト")).suppress() + T("の上から", "から", "の上の") +
     _COUNTER_KIND +
     ((T("カウンターを") + NUM + T("個取り除く")) | (T("カウンター") + NUM + T("個を取り除く")))).set_parse_action(
        lambda t: [{"remove_counters": {"kind": t[0], "n": t[1]}}]) |
    (OBJECT + T("を") + COUNT + T("タップする")).set_parse_action(guard(
        lambda t: "n" in t[1] and t[0]["filter"].get("tapped") is False and t[0]["kind"] == "permanent",
        lambda t: [{"tap_other": dict(t[0]["filter"], **({"n": t[1]["n"]} if t[1]["n"] != 1 else {}))}])) |
    (INDEF + T("をタップする")).set_parse_action(guard(
        lambda t: t[0]["filter"].get("tapped") is False and t[0]["kind"] == "permanent",
        lambda t: [{"tap_other": dict(t[0]["filter"], **({"n": t[0]["n"]} if t[0]["n"] != 1 else {}))}])) |
    TV({"exile_self_from_graveyard": True}, "あなたの墓地から~を追放する", "あなたの墓地にある~を追放する") |
    TV({"exile_self": True}, "~を追放する") |
    ((INDEF + T("を追放する", "をゲームから取り除く")) |
     (OBJECT + T("を") + COUNT + T("追放する", "ゲームから取り除く")).set_parse_action(
         lambda t: [dict(t[0], n=t[1].get("n"))])).set_parse_action(guard(
        lambda t: t[0].get("zone") == "graveyard" and t[0]["filter"].get("owner") == "you" and t[0]["n"],
        lambda t: [{"exile_from_graveyard": {"n": t[0]["n"], "filter": _OWN(t[0]["filter"])}}])) |
    ((INDEF + T("をオーナーの手札に戻す")) |
     (OBJECT + T("を") + COUNT + T("オーナーの手札に戻す")).set_parse_action(
         lambda t: [dict(t[0], n=t[1].get("n"))])).set_parse_action(guard(
        lambda t: t[0]["kind"] == "permanent" and t[0]["filter"].get("controller") == "you" and t[0]["n"],
        lambda t: [{"return_cost": dict(t[0]["filter"], n=t[0]["n"])}])) |
    TV({"discard": {"n": "all", "filter": {}}}, "あなたの手札を捨てる", "手札をすべて捨てる"))
_COST_ITEM = (TV({"tap": True}, "{T}") | TV({"untap_cost": True}, "{Q}") |
              (E_SYMBOLS + T("を支払う")).set_parse_action(lambda t: [{"energy": t[0]}]) | MANA.copy().add_parse_action(lambda t: [{"cost": t[0]}]) |
              TV({"sacrifice_self": True}, "~を生け贄に捧げる", "このクリーチャーを生け贄に捧げる",
                 "このアーティファクトを生け贄に捧げる") |   # a token's own ability names it so (111.10)
              TV({"discard_self": True}, "~を捨てる", "このカードを捨てる") |       # channel, cycling-like (602.1)
              (INDEF + T("を生け贄に捧げる")).set_parse_action(lambda t: [{"sacrifice_other": dict(
                  t[0]["filter"], **({"n": t[0]["n"]} if t[0]["n"] != 1 else {}))}]) |
              (OBJECT + T("を") + COUNT + T("生け贄に捧げる")).set_parse_action(guard(lambda t: "n" in t[1], lambda t: [
                  {"sacrifice_other": dict(t[0]["filter"], **({"n": t[1]["n"]} if t[1]["n"] != 1 else {}))}])) |
              (T("カードを") + NUM + T("枚捨てる")).set_parse_action(lambda t: [{"discard": {"n": t[0], "filter": {}}}]) |
              (T("カード") + NUM + T("枚を捨てる")).set_parse_action(lambda t: [{"discard": {"n": t[0], "filter": {}}}]) |
              (NUM + T("点のライフを支払う")).set_parse_action(lambda t: [{"pay_life": t[0]}]) |
              _MORE_COSTS)
COST = (_COST_ITEM + pp.ZeroOrMore(pp.Regex(r"[,、](?= |$)").suppress() + _COST_ITEM)).set_parse_action(
    lambda t: [{k: v for d in t for k, v in d.items()}])
_COST_FWD <<= COST
COST_REF <<= COST

# ---------------------------------------------------------------- statics (604, 611, 614)
_ENTERS = T("戦場に出る", "場に出る")
_HOST = TV("enchanted", "エンチャントされているクリーチャー", "エンチャントしているクリーチャー") | \
    TV("equipped", "装備しているクリーチャー", "装備されているクリーチャー")
_HAS = T("を持つ")
_ST_BODY = ((SIGNED_PT + T("の修整を受ける", "の修正を受ける") + pp.Opt(T("とともに", "、")) + _KW_LIST + _HAS).set_parse_action(
    lambda t: [{"pt": t[0], "grant": t[1]}]) |
    (SIGNED_PT + T("の修整を受ける", "の修正を受ける")).set_parse_action(lambda t: [{"pt": t[0]}]) |
    (_KW_LIST + _HAS).set_parse_action(lambda t: [{"grant": t[0]}]))
_RESTRICT = choice({"ブロックできない": "cant_block", "ブロックされない": "unblockable", "攻撃できない": "cant_attack",
                    "攻撃もブロックもできない": "cant_attack_or_block", "可能なら毎ターン攻撃する": "attacks_each_combat",
                    "飛行を持つクリーチャーしかブロックできない": "block_only_flyers",
                    "飛行を持つクリーチャーのみをブロックできる": "block_only_flyers",
                    "あなたのアンタップ・ステップにアンタップしない": "doesnt_untap",
                    "それのコントローラーのアンタップ・ステップにアンタップしない": "doesnt_untap",
                    "ブロックに参加できない": "cant_block", "単独では攻撃できない": "cant_attack_alone",
                    "単独で攻撃できない": "cant_attack_alone", "単独ではブロックできない": "cant_block_alone",
                    "攻撃したりブロックしたりできない": "cant_attack_or_block",
                    # blocker counts (509.1b): "except by two or more" is menace, "by more than one" at most one
                    "2体以上のクリーチャーによってしかブロックされない": "menace",
                    "2体以上のクリーチャーによってはブロックされない": "max_one_blocker",
                    "3体以上のクリーチャーによってしかブロックされない": "min_three_blockers",
                    "可能ならブロックされなければならない": "must_be_blocked",
                    # printed "can't be destroyed" is Oracle "indestructible" (errata.py)
                    "破壊されない": "indestructible"})
_SELF_SUBJ = SELF.copy().suppress() + T("は", "では") + pp.Opt(T("、"))
_ATTACHED = (_HOST + T("は") + pp.Opt(T("、")) + SIGNED_PT + T("の修整を受ける", "の修正を受ける", "の修整を受け", "の修正を受け") +
             T("とともに", "、") + pp.Opt(T("、")) + pp.Opt(T("それでは", "それは")) + _RESTRICT).set_parse_action(
    lambda t: [[{t[0]: {"pt": t[1], "grant": [t[2]]}}]]) | \
    (_HOST + T("は", "では") + pp.Opt(T("、")) + _ST_BODY).set_parse_action(lambda t: [[{t[0]: t[1]}]]) | \
    (_HOST + T("は", "では") + pp.Opt(T("、")) + _RESTRICT).set_parse_action(lambda t: [[{t[0]: {"grant": [t[1]]}}]])


def _anthem(t):
    return [anthem_statics(t[0]["each"], t[1])]


# "all <objects> get …" is printed also as <objects>はすべて… (クリーチャーはすべて-1/-1の修整を受ける)
_ALL_SUBJ = (OBJECT + T("はすべて")).set_parse_action(lambda t: [{"each": dict(t[0]["filter"])}])
_ANTHEM = ((_ALL_SUBJ + pp.Opt(T("、")) + _ST_BODY) |
           ((SET | SET_BARE) + T("は") + pp.Opt(T("、")) + _ST_BODY)).set_parse_action(_anthem)
# printed "you may play ~ any time you could play an instant" is Oracle "Flash" (errata.py)
_OLD_FLASH = T("あなたは~を、あなたがインスタントをプレイできるときならいつでもプレイしてよい",
               "あなたは~を、あなたがインスタントを唱えられるときならいつでも唱えてもよい").set_parse_action(
    lambda: [{"keywords": ["flash"]}])


def _as_long_as(t):
    cond, body = t[0], t[1]
    out = []
    for s in (body if isinstance(body, list) else [body]):
        if isinstance(s, dict) and "keywords" in s:
            out.append({"layer": 6, "affected": {"self": True}, "grant": s["keywords"], "if": cond})
        else:
            out.append(dict(s, **{"if": cond}))
    return [out]


# lands that enter tapped unless (614.1c replacement): "unless you control two or more other lands",
# "unless you control two or fewer other lands" (printed: tapped as long as three or more), "as ~ enters, you may
# pay 2 life. If you don't, it enters tapped"
_OTHER = pp.Opt(TV({"other": True}, "これでない", "他の"), default={})
_OTHER_LAND = (_OTHER + OBJECT).set_parse_action(
    lambda t: [dict(t[1]["filter"], **t[0])])
_TAPPED = pp.Opt(T("、")) + (SELF | TV(None, "これ")).suppress() + T("は") + T("タップ状態で") + _ENTERS
def _either(f: dict) -> dict:
    """沼か山 ("a Swamp or a Mountain"): the Oracle grammar's any_of of one-subtype filters."""
    subs = f.get("subtypes") or []
    return {"any_of": [{"subtypes": [x]} for x in subs]} if set(f) == {"subtypes"} and len(subs) > 1 else f


# "unless <condition>" (…ていないかぎり, …ているのでないかぎり: "as long as not"): the English grammar's {"not": cond}
# (611.3); the positive condition is read first, so a printed negative is never the same as its positive
def _not(t):
    c = t[0].get("control_at_least")
    if c and c["n"] == 1:           # "unless you control a Forest or an Island": any_of, as the English condition
        return [{"not": {"control_at_least": dict(c, filter=_either(c["filter"]))}}]
    return [{"not": t[0]}]


_UNLESS_COND = (CONDITION + pp.Regex(r"(?:の だ )?(?:ない|無い) 限り(?= |$)").suppress()).set_parse_action(_not)


def _tapped_unless(t):
    """614.1c "~ enters tapped unless you control <objects>": the condition's count and objects (沼か山: any_of)."""
    c = t[0]["not"].get("control_at_least")
    if not c:
        raise pp.ParseException("", 0, "enters tapped unless: not a control condition")
    return [{"enters_tapped": {"unless": {"control_at_least": c}}}]


_TAPPED_UNLESS = (
    ((_UNLESS_COND + _TAPPED) |
     ((SELF | TV(None, "これ")).suppress() + T("は") + pp.Opt(T("、")) + _UNLESS_COND + pp.Opt(T("、")) + T("タップ状態で") +
      _ENTERS)).set_parse_action(_tapped_unless) |
    (T("あなたが") + _OTHER + NUM + T("つ以上の") + _OTHER_LAND + T("をコントロールしていないかぎり") + _TAPPED
     ).set_parse_action(lambda t: [{"enters_tapped": {"unless": {"control_at_least": {
         "filter": dict(t[2], **t[0]), "n": t[1]}}}}]) |
    (pp.Opt(TV({"other": True}, "他の 、"), default={}) +
     T("あなたがコントロールしている", "あなたがコントロールする") + _OTHER_LAND + T("が") + NUM + T("つ以上であるかぎり") +
     _TAPPED).set_parse_action(guard(lambda t: t[2] >= 1, lambda t: [
         {"enters_tapped": {"unless": {"control_at_most": {"filter": dict(t[1], **t[0]), "n": t[2] - 1}}}}])) |
    # "enters tapped unless you control a Plains" (614.1c)
    (T("あなたが") + OBJECT + T("をコントロールしていないかぎり") + _TAPPED).set_parse_action(
        lambda t: [{"enters_tapped": {"unless": {"control_at_least": {"n": 1, "filter": _either(t[0]["filter"])}}}}]) |
    # "unless you have two or more opponents" (printed: as long as you have one or fewer opponents)
    (T("あなたの対戦相手が") + NUM + T("人以下であるかぎり") + _TAPPED).set_parse_action(
        lambda t: [{"enters_tapped": {"unless": {"opponents_at_least": t[0] + 1}}}]) |
    (T("~が戦場に出るに際し、あなたは") + NUM + T("点のライフを支払ってもよい。そうしないなら") + _TAPPED).set_parse_action(
        lambda t: [{"enters_tapped": {"unless_pay_life": t[0]}}]))
_SELF_BODY = (_SELF_SUBJ + _ST_BODY).set_parse_action(lambda t: [_anthem([{"each": {"self": True}}, t[0]])[0]])
_IT_SUBJ = (SELF | TV(None, "これ")).suppress() + T("は", "では") + pp.Opt(T("、"))
_IT_BODY = (_IT_SUBJ + _ST_BODY).set_parse_action(lambda t: [_anthem([{"each": {"self": True}}, t[0]])[0]])
# …but a printed "as long as you don't control X" with another body is the English "as long as you control no X"
# (control_none); a count other than one is not read so
_NONE_COND = _UNLESS_COND.copy().add_parse_action(guard(
    lambda t: set(t[0]["not"]) == {"control_at_least"} and t[0]["not"]["control_at_least"]["n"] == 1
    and "any_of" not in t[0]["not"]["control_at_least"]["filter"],
    lambda t: [{"control_none": t[0]["not"]["control_at_least"]["filter"]}]))
_WHILE = _NONE_COND | (CONDITION + T("かぎり", "限り"))
_SELF_RESTRICT = _RESTRICT.copy().set_parse_action(lambda t: [{"keywords": [t[0]]}])
_SELF_FIRST = (_SELF_SUBJ + _UNLESS_COND + pp.Opt(T("、")) + _SELF_RESTRICT).set_parse_action(_as_long_as) | \
    (_SELF_SUBJ + _WHILE + pp.Opt(T("、")) + _ST_BODY).set_parse_action(
        lambda t: _as_long_as([t[0], _anthem([{"each": {"self": True}}, t[1]])[0]]))
_AS_LONG_AS = _SELF_FIRST | (_UNLESS_COND + pp.Opt(T("、")) + _IT_SUBJ + _SELF_RESTRICT).set_parse_action(_as_long_as) | \
    (_WHILE + pp.Opt(T("、")) + (_ATTACHED | _IT_BODY | (_IT_SUBJ + _SELF_RESTRICT) | _ANTHEM)).set_parse_action(_as_long_as)
# "as long as enchanted creature is black / a Human, it …" (611.3): the host's own characteristics
_HOST_QUALITY = choice({c: {"colors": l} for c, l in COLORS.items()}) | \
    OBJECT.copy().add_parse_action(guard(lambda t: t[0]["kind"] != "player", lambda t: [t[0]["filter"]]))
_HOST_IS = (_HOST + T("が") + _HOST_QUALITY + T("であるかぎり") + T("、") + T("それは") + _ST_BODY).set_parse_action(
    lambda t: [[{t[0]: t[2], "if": {"host_is": {"filter": _either(t[1])}}}]])
# static prevention (615.1): all (combat) damage dealt to or by the host or ~
_PREVENT_WHO = (TV({"enchanted": True}, "エンチャントされているクリーチャー") | SELF.copy().set_parse_action(lambda: [{"self": True}]))
_STATIC_PREVENT = (_PREVENT_WHO + choice({"に与えられる": "to", "が与える": "from"}) +
                   choice({"すべてのダメージを": False, "ダメージをすべて": False,
                           "すべての戦闘ダメージを": True, "戦闘ダメージをすべて": True}) + T("軽減する")
                   ).set_parse_action(lambda t: [[{"prevent_damage": {t[1]: t[0], "combat": t[2]}}]])
# spells cost more or less to cast (601.2f): あなたがアーティファクト・呪文を唱えるためのコストは{1}少なくなる
_CASTER = pp.Opt(choice({"あなたが": {"controller": "you"}, "対戦相手が": {"controller": "opponent"},
                         "あなたの対戦相手が": {"controller": "opponent"}}), default={})
_GENERIC = pp.Regex(r"\{\d+\}(?= |$)").set_parse_action(lambda t: [int(t[0][1:-1])])
_COST_MOD = (_CASTER + OBJECT + T("を唱えるためのコストは") + _GENERIC + choice({"少なくなる": -1, "多くなる": 1})
             ).set_parse_action(guard(
                 lambda t: t[1]["kind"] == "spell" and not (t[0] and "controller" in t[1]["filter"]),
                 lambda t: [[{"cost_modifier": {"filter": dict(t[1]["filter"], **t[0]), "generic": t[2] * t[3]}}]]))
# "if ~ was kicked, it enters with N +1/+1 counters on it" (702.33, 614.1c)
_KICKED_COUNTERS = (T("~がキッカーされていたなら、") + (SELF | TV(None, "これ")).suppress() + T("は") + _COUNTER_KIND +
                    T("カウンターが") + NUM + T("個置かれた状態で") + _ENTERS).set_parse_action(
    lambda t: [[{"enters_with_counters": {t[0]: t[1]}, "if": {"kicked": True}}]])
# "creature spells can't be cast" (601.3, 101.2): すべてのクリーチャー・呪文は唱えられない
_CANT_CAST = (pp.Opt(T("すべての")) + OBJECT + T("は唱えられない", "を唱えることはできない")).set_parse_action(guard(
    lambda t: t[0]["kind"] == "spell", lambda t: [[{"cant_cast": t[0]["filter"]}]]))
# "~ can't be blocked by <objects>" (509.1b): ~は、パワーが2以下のクリーチャーによってはブロックされない
_BLOCKED_BY = (_SELF_SUBJ + OBJECT + T("によってはブロックされない", "ではブロックされない")).set_parse_action(guard(
    lambda t: t[0]["kind"] == "permanent" and "enchanted" not in t[0]["filter"],
    lambda t: [[{"block_restriction": {"attacker": {"self": True}, "blocker": t[0]["filter"]}}]]))
# 613.4c "~ gets +1/+1 for each …" (~は、…1つにつき+1/+1の修整を受ける), the host's likewise; the English PER / HOST_PER
_GETS_PER = FOR_EACH + SIGNED_PT + T("の修整を受ける", "の修正を受ける")


def _other_is_source(host: str, count: dict) -> bool:
    """As the English HOST_PER: "for each OTHER …" of an Aura or Equipment is read only when the source itself is of
    that kind (an Aura counting other enchantments); otherwise "other" means other than the host — refused."""
    f = count.get("count") or {}
    if not f.get("other"):
        return True
    return ({"enchanted": "Enchantment", "equipped": "Artifact"}[host] in (f.get("types") or [])
            and set(f) <= {"other", "types", "zone", "controller"})


_PER = (_SELF_SUBJ + _GETS_PER).set_parse_action(
    lambda t: [[{"layer": "7c", "affected": {"self": True}, "pt_per": {"pt": t[1], "count": t[0]}}]]) | \
    (_HOST + T("は") + pp.Opt(T("、")) + _GETS_PER).set_parse_action(guard(
        lambda t: _other_is_source(t[0], t[1]),
        lambda t: [[{"layer": "7c", "affected": {"enchanted": True}, "pt_per": {"pt": t[2], "count": t[1]}}]]))
# 601.2f "this spell costs {1} less to cast for each …" / "… if <condition>": the English SELF_COST_MOD
_SELF_COST = T("この呪文を唱えるためのコストは", "~を唱えるためのコストは") + pp.Opt(T("、"))
_MORE_LESS = pp.Regex(r"\{\d+\}(?= |$)") + choice({"少なくなる": "less", "多くなる": "more"})
_SELF_COST_MOD = (_SELF_COST + T("2つ目以降の対象1つにつき") + MANA + choice({"少なくなる": "less", "多くなる": "more"})
                  ).set_parse_action(   # strive (207.2c)
    lambda t: [[{"cost_modifier": {"self": True, t[1]: t[0], "per_target": 1}}]]) | \
    (_SELF_COST + FOR_EACH + _MORE_LESS).set_parse_action(
    lambda t: [[{"cost_modifier": {"self": True, t[2]: t[1], "per": t[0]}}]]) | \
    (CONDITION + T("なら", "場合") + T("、") + _SELF_COST + _MORE_LESS).set_parse_action(
        lambda t: [[{"cost_modifier": {"self": True, t[2]: t[1], "if": t[0]}}]])
# 604.3 characteristic-defining abilities: "~'s power and toughness are each equal to …", "~'s power is equal to the
# number of …" (the English CDA / POWER_CDA; a count of spells is not one the English states)
_CDA_VALUE = TV("creature_cards_in_graveyards", "すべての墓地にあるクリーチャー・カードの枚数",
                "すべての墓地にあるクリーチャー・カードの総数") | EQUAL_REF
CDA = ((T("~のパワーとタフネスは") + pp.Opt(T("、")) + T("それぞれ") + _CDA_VALUE + T("に等しい")).set_parse_action(
    guard(lambda t: (t[0].get("count", {}) if isinstance(t[0], dict) else {}).get("zone") != "stack",
          lambda t: [{"pt_cda": t[0]}])) |
    (T("~のパワーは") + pp.Opt(T("、")) + EQUAL_REF + T("に等しい")).set_parse_action(guard(
        lambda t: isinstance(t[0], dict) and "count" in t[0] and t[0]["count"].get("zone") != "stack",
        lambda t: [{"pt_cda": {"power": t[0]["count"]}}])))
# 614.1c "~ enters with a +1/+1 counter on it for each …": the English ENTERS_COUNTERS_EACH
_ENTERS_PER = (_SELF_SUBJ + FOR_EACH + _COUNTER_KIND + T("カウンターが") + NUM + T("個置かれた状態で") + _ENTERS
               ).set_parse_action(lambda t: [{"enters_with_counters": {t[1]: dict(t[0], times=t[2]) if t[2] != 1
                                                                       else t[0]}}])
_SIMPLE_STATIC = choice({"この呪文は打ち消されない": {"cant_be_countered": True},
                         "あなたはエンチャントされているクリーチャーをコントロールする": {"control_enchanted": True},
                         "あなたはエンチャントされているパーマネントをコントロールする": {"control_enchanted": True},
                         "あなたの手札の上限はなくなる": {"no_max_hand_size": "you"},
                         "あなたには手札の上限がない": {"no_max_hand_size": "you"},
                         # 726.2 daybound: the game becomes day as a daybound permanent enters, if neither
                         "~が戦場に出るに際し、昼でも夜でもないなら、昼になる": {"day_if_neither": True}}
                        ).add_parse_action(lambda t: [[t[0]]])
_ALT_COST = (T("あなたは~のマナ・コストを支払うのではなく、", "あなたはこの呪文のマナ・コストを支払うのではなく、") + MANA +
             T("を支払ってもよい")).set_parse_action(lambda t: [[{"alternative_cost": {"cost": t[0]}}]])
# "can't attack or block alone": both restrictions
_ALONE = (_SELF_SUBJ + T("単独では攻撃もブロックもできない", "単独で攻撃したりブロックしたりできない")).set_parse_action(
    lambda: [{"keywords": ["cant_attack_alone", "cant_block_alone"]}])
# 614.1c "~ enters with N <kind> counters on it" — the counters in any of the printed orders (+1/+1カウンターが2個 /
# 2個の+1/+1カウンターが / +1/+1カウンター2個が), N a number or "for each time it was kicked" (702.33); with the
# condition first ("if a creature died this turn", 603.4-like), or "escapes with" (702.138c)
_TIMES_KICKED = (T("これがキッカーされた1回につき", "~がキッカーされた1回につき") + pp.Opt(T("、"))).set_parse_action(
    lambda: [{"times_kicked": 1}])
_N_OR_KICKED = NUM | (_TIMES_KICKED + NUM).set_parse_action(
    lambda t: [dict(t[0], times=t[1]) if t[1] != 1 else t[0]])
_WITH_COUNTERS = pp.Opt(T("その上に")) + (
    (_COUNTER_KIND + T("カウンターが") + NUM + T("個置かれた状態で")).set_parse_action(lambda t: [{t[0]: t[1]}]) |
    (NUM + T("個の") + _COUNTER_KIND + T("カウンターが置かれた状態で")).set_parse_action(lambda t: [{t[1]: t[0]}]) |
    (_COUNTER_KIND + T("カウンター") + NUM + T("個が置かれた状態で")).set_parse_action(lambda t: [{t[0]: t[1]}]) |
    (_TIMES_KICKED + _COUNTER_KIND + T("カウンターが") + NUM + T("個置かれた状態で")).set_parse_action(
        lambda t: [{t[1]: dict(t[0], times=t[2]) if t[2] != 1 else t[0]}]) |
    (_TIMES_KICKED + NUM + T("個の") + _COUNTER_KIND + T("カウンターが置かれた状態で")).set_parse_action(
        lambda t: [{t[2]: dict(t[0], times=t[1]) if t[1] != 1 else t[0]}]))
_ENTERS_COUNTERS = (
    (CONDITION + T("なら", "場合") + T("、") + _IT_SUBJ + _WITH_COUNTERS + _ENTERS).set_parse_action(
        lambda t: [[{"enters_with_counters": t[1], "if": t[0]}]]) |
    (_IT_SUBJ + _WITH_COUNTERS + T("脱出する")).set_parse_action(
        lambda t: [[{"enters_with_counters": t[0], "if": {"escaped": True}}]]) |
    (_IT_SUBJ + _WITH_COUNTERS + _ENTERS).set_parse_action(lambda t: [{"enters_with_counters": t[0]}]))
# "~ can't attack unless defending player controls an Island" (508.1c, a restriction on attacking): the English
# grammar's keyword; printed in either order, the subtype's English name in parentheses or not
_DEF_ISLAND = T("防御プレイヤーが", "防御側プレイヤーが") + T("島を", "島(Island)を") + \
    T("コントロールしていないかぎり", "コントロールしていない限り") + pp.Opt(T("、"))
_ISLAND_ATTACK = ((_SELF_SUBJ + _DEF_ISLAND + T("攻撃できない")) | (_DEF_ISLAND + _SELF_SUBJ + T("攻撃できない"))
                  ).set_parse_action(lambda: [{"keywords": ["cant_attack_unless_defender_island"]}])
STATIC = (
    _ISLAND_ATTACK | _PER | _ENTERS_COUNTERS | _SELF_COST_MOD | CDA | _ENTERS_PER | _SIMPLE_STATIC | _HOST_IS | _STATIC_PREVENT | _ALT_COST | _ALONE | _OLD_FLASH | _CANT_CAST | _AS_LONG_AS | _TAPPED_UNLESS | _COST_MOD | _KICKED_COUNTERS |
    (_SELF_SUBJ + T("タップ状態で") + _ENTERS).set_parse_action(lambda: [{"enters_tapped": True}]) |
    (_SELF_SUBJ + _COUNTER_KIND + T("カウンターが") + NUM + T("個置かれた状態で") + _ENTERS).set_parse_action(
        lambda t: [{"enters_with_counters": {t[0]: t[1]}}]) |
    (_SELF_SUBJ + NUM + T("個の") + _COUNTER_KIND + T("カウンターが置かれた状態で") + _ENTERS).set_parse_action(
        lambda t: [{"enters_with_counters": {t[1]: t[0]}}]) |
    (_SELF_SUBJ + _COUNTER_KIND + T("カウンター") + NUM + T("個が置かれた状態で") + _ENTERS).set_parse_action(
        lambda t: [{"enters_with_counters": {t[0]: t[1]}}]) |
    (_SELF_SUBJ + _COUNTER_KIND + T("カウンターが") + NUM + T("個置かれた状態で") + pp.Opt(T("、")) + T("タップ状態で") +
     _ENTERS).set_parse_action(lambda t: [[{"enters_tapped": True}, {"enters_with_counters": {t[0]: t[1]}}]]) |
    (_SELF_SUBJ + T("打ち消されない")).set_parse_action(lambda: [[{"cant_be_countered": True}]]) |
    (T("各戦闘で、", "毎ターン、") + _SELF_SUBJ + T("可能なら攻撃する")).set_parse_action(
        lambda: [{"keywords": ["attacks_each_combat"]}]) |
    (T("~が戦場に出るに際し、", "~が場に出るに際し、") + choice({
        "色1色を": "color", "色を1色": "color", "クリーチャー・タイプ1つを": "creature_type",
        "クリーチャー・タイプを1つ": "creature_type", "対戦相手1人を": "opponent", "プレイヤー1人を": "player",
        "カード・タイプ1つを": "card_type", "カード名1つを": "card_name", "基本土地タイプ1つを": "basic_land_type",
        "土地でないカード名1つを": "card_name", "クリーチャー・カード名1つを": "card_name"}) +
     T("選ぶ")).set_parse_action(lambda t: [{"enters_choice": t[0]}]) |
    (_SELF_SUBJ + _RESTRICT).set_parse_action(lambda t: [{"keywords": [t[0]]}]) | _BLOCKED_BY |
    _ATTACHED | _ANTHEM) + pp.Opt(T("。"))

# ---------------------------------------------------------------- line kinds
_MODAL = choice({"以下の2つから1つを選ぶ": "one", "以下の3つから1つを選ぶ": "one", "以下の4つから1つを選ぶ": "one",
                 "以下の3つから2つを選ぶ": "two", "以下の4つから2つを選ぶ": "two", "以下から1つを選ぶ": "one", "以下から2つを選ぶ": "two", "以下から1つまたは両方を選ぶ": "one or both",
                 "以下から1つ以上を選ぶ": "one or more", "以下から3つを選ぶ": "three"})
_ADDITIONAL = T("この呪文を唱えるための追加コストとして", "~を唱えるための追加コストとして") + pp.Opt(T("、"))


def _parse(expr, toks: str, kind: str):
    v, at = parse_or_fail_at(expr, toks)
    if v is None:
        raise Failure(shape(kind, toks[at or 0:].strip() or toks))
    return v


def _effects(toks: str) -> list:
    return resolve(_parse(EFFECTS, toks, "effect"))


def resolve(effects: list) -> list:
    """Put each declared target (…を対象とする) where its first pronoun stands; a declared target nothing names, or
    a target pronoun with no target, fails."""
    out, pending, bound_player = [], [], []
    group: list = []          # several targets declared at once (…と…を対象とする), named by place (その前者/その後者)
    named: list = []          # their places, in the order the clauses first name them

    def nth(v):
        k = v["i"]
        if k >= len(group):
            raise Failure("effect: a target named by its place with no such declared target")
        if k not in named:
            if k != len(named):
                # the English binder numbers targets as first named (601.2c order): a later one first is refused
                raise Failure("effect: declared targets named out of their written order")
            named.append(k)
            return {"target": group[k]}
        if named[-1] != k:
            # only the last target named can be named again ("it", 608.2c); an earlier one is not guessed
            raise Failure("effect: an earlier declared target named again")
        return {"ref": "it"}

    def sub(v):
        if isinstance(v, list):
            return [sub(x) for x in v]
        if not isinstance(v, dict):
            return v
        if v.get("ref") == "nth":
            return nth(v)
        if group and not named and v in ({"ref": "it"}, {"ref": "that"}):
            raise Failure("effect: a pronoun for one of several declared targets")
        if "bite" in v and isinstance(v["bite"], dict):
            # 120.3: a target dealing damage equal to its own power is the English grammar's bite; "it" / "this
            # creature" deals damage equal to its power is its damage by that object's power (power:it, power:self)
            b = sub(v["bite"])
            src = b["source"]
            if isinstance(src, dict) and set(src) == {"target"}:
                return {"bite": b}
            if src == {"ref": "self"}:
                return {"damage": {"n": "power:self", "to": b["to"]}}
            if src == {"ref": "it"}:         # the object named before deals it (608.2c), as the English `by`
                return {"damage": {"by": {"ref": "it"}, "n": "power:it", "to": b["to"]}}
            raise Failure("effect: damage by the power of an object the English grammar does not name")
        if "must_block" in v and isinstance(v["must_block"], dict) and (v["must_block"].get("attacker") or {}).get("ref") == "nth" \
                and v["must_block"]["attacker"]["i"] in named:
            # "… blocks it this turn if able": an attacker named before is bound first, as the English grammar's
            # pronoun attacker (engine/oracle/combat_ek.py, 115.1d written order)
            a = sub(v["must_block"]["attacker"])
            return {"must_block": {"attacker": a, "blocker": sub(v["must_block"]["blocker"])}}
        if v in ({"ref": "it"}, {"ref": "that"}) and pending:
            spec = pending.pop(0)
            if spec["kind"] == "player":
                raise Failure("effect: a player target named as an object")
            return {"target": spec}
        if v.get("player") in ("_declared", "_declared_same"):
            rest = {k: sub(x) for k, x in v.items() if k != "player"}
            if pending and pending[0]["kind"] == "player":
                bound_player.append(True)
                return dict(rest, player="target", target=pending.pop(0))
            same = v["player"] == "_declared_same" and bound_player
            return dict(rest, player="target" if same else "that_player")
        return {k: sub(x) for k, x in v.items()}

    for e in effects:
        if isinstance(e, dict) and "_declare" in e:
            pending.append(e["_declare"])
            continue
        if isinstance(e, dict) and "_declare_many" in e:
            if group or pending:
                raise Failure("effect: several target declarations in one ability")
            group.extend(e["_declare_many"])
            continue
        out.append(sub(e))
    if pending or len(named) != len(group):
        raise Failure("effect: a declared target that no clause names")
    return errata.apply(out)


# "Activate only as a sorcery." / "… only once each turn." (602.5): a last sentence of an activated ability
_RESTRICTION = (TV({"speed": "sorcery"}, "この能力は、あなたがソーサリーを唱えられるときにのみ起動できる",
                   "この能力はソーサリーとしてのみ起動できる", "起動はソーサリーとしてのみ行う",
                   "この能力は、ソーサリーを唱えられるときにのみ起動できる") |
                TV({"once_per_turn": True}, "この能力は、毎ターン1回のみ起動できる", "この能力は毎ターン1回しか起動できない",
                   "この能力は1ターンに1回しか起動できない") |
                TV({"your_turn_only": True}, "この能力は、あなたのターンの間にのみ起動できる",
                   "この能力は、あなたのターンにのみプレイできる", "この能力は、あなたのターンにのみ起動できる") |
                # "Activate only if <condition>" (602.5b)
                (T("あなたが") + OBJECT + T("をコントロールしていなければ起動できない")).set_parse_action(
                    lambda t: [{"if": {"control_at_least": {"n": 1, "filter": t[0]["filter"]}}}]) |
                (T("この能力は、", "この能力は") + CONDITION + T("ときにのみ起動できる", "場合にのみ起動できる",
                                                             "ときにのみプレイできる", "場合にのみプレイできる")
                 ).set_parse_action(lambda t: [{"if": t[0]}]) |
                TV({"once_per_turn": True}, "この能力は、毎ターン1回のみプレイできる", "この能力は1ターンに1回のみプレイできる",
                   "この能力は毎ターン1回しかプレイできない") |
                TV({"speed": "sorcery"}, "この能力は、あなたがソーサリーをプレイできるときにのみプレイできる",
                   "この能力は、ソーサリーをプレイできるときにのみプレイできる") |
                TV({"during": "your_upkeep"}, "この能力は、あなたのアップキープの間にのみプレイできる",
                   "この能力は、あなたのアップキープの間にのみ起動できる"))
_RESTRICTION_TAIL = (pp.Regex(r".+ 。(?= )") + _RESTRICTION + pp.Opt(T("。"))).set_parse_action(
    lambda t: [(t[0], t[1])])
_ADDITIONAL_HEAD = _ADDITIONAL + pp.Regex(".+")
_IF_HEAD = INTERVENING_IF + pp.Regex(".+")
_TRIGGER_WORD = re.compile(r"(?:時|とき|たび|度) 、|開始 時 に 、|^ターン 終了 時 に 、")


def _unquoted(toks: str) -> str:
    """The token string with every quoted ability's words blanked (same length): a trigger word inside
    「…」を持つ is the granted ability's, never the line's own (113.1a)."""
    out, depth = [], 0
    for ch in toks:
        depth += ch == "「"
        out.append(ch if depth == 0 or ch in "「」" else "_")
        depth -= ch == "」" and depth > 0
    return "".join(out)


def _trigger(toks: str):
    for m in reversed(list(_TRIGGER_WORD.finditer(_unquoted(toks)))):
        head_toks = toks[:m.end() - 2].strip()
        v, _ = parse_or_fail_at(TRIGGER_HEAD, head_toks)
        if v is not None:
            rest = toks[m.end():].strip()
            cond = parse_or_fail_at(_IF_HEAD, rest)[0] if "場合 、" in rest or "だ 、" in rest else None
            if cond is not None:
                v = dict(v, **cond[0])
                rest = rest[rest.find(" 、 ") + 3:]
            return v, _effects(rest)
    raise Failure(shape("trigger", toks.split(" 、 ")[0]))


# a planeswalker's loyalty ability (606.4): +1:, -3:, 0:, -X: — its cost as the Oracle grammar writes it
_LOYALTY_COST = re.compile(r"^\[? ?([+-])? ?(\d+|X) ?\]?$")


def _loyalty(m):
    sign, n = m.group(1) or "", m.group(2)
    return f"{sign}x" if n == "X" else int(sign + n)


# 701.43 exert as it attacks: "you may exert ~ as it attacks. When you do, …" (the English grammar's exert line)
_EXERT_HEAD = (T("~が攻撃するに際し、", "これが攻撃するに際し、") + T("あなたはこれを督励してもよい", "あなたは~を督励してもよい") +
               T("。") + T("そうしたとき、") + pp.Regex(".+"))
_CACHE: dict = {}


def parse_line(line: str, spell_face: bool, modes: list[str] | None = None):
    """-> (kind, value), memoised per distinct line (callers never mutate values).  Raises Failure(reason)."""
    key = (line, spell_face, tuple(modes) if modes is not None else None)
    hit = _CACHE.get(key)
    if hit is None:
        _LINE[0] = line
        try:
            hit = (True, _parse_line(line, spell_face, modes))
            if '"nth"' in json.dumps(hit[1], default=str):
                raise Failure("effect: a target named by its place outside its declaration")
        except Failure as f:
            hit = (False, f.reason)
        if len(_CACHE) < 200000:
            _CACHE[key] = hit
    if not hit[0]:
        raise Failure(hit[1])
    return hit[1]


def parse_quoted(toks: str):
    """A quoted ability inside another (「{T}：カードを1枚引く。」を持つ, 113.1a) → (kind, value), read by the same
    routing as a line of a permanent's text; None when it does not parse."""
    saved = _LINE[0]
    _LINE[0] = ""
    try:
        kv = _parse_line("", False, None, toks=toks)
    except (Failure, RecursionError):
        return None
    finally:
        _LINE[0] = saved
    return None if '"nth"' in json.dumps(kv, default=str) else kv


set_line_reader(parse_quoted)


def _parse_line(line: str, spell_face: bool, modes: list[str] | None = None, toks: str | None = None):
    toks = token_string(line) if toks is None else toks
    if modes is not None:
        head = toks.rstrip(" —。").strip()
        trig = None
        tm = list(_TRIGGER_WORD.finditer(head))
        if tm:
            trig = parse_or_fail_at(TRIGGER_HEAD, head[:tm[-1].end() - 2].strip())[0]
            if trig is None:
                raise Failure(shape("trigger", head))
            head = head[tm[-1].end():].strip()
        m = parse_or_fail_at(_MODAL, head)[0]
        if m is None:
            raise Failure(shape("modal", head))
        parsed_modes = []
        for x in modes:
            _LINE[0] = x.lstrip("•").strip()          # a failing mode is named by its own words
            parsed_modes.append(_effects(token_string(_LINE[0])))
        modal = {"choose": m, "modes": parsed_modes}
        if trig is not None:
            return "trigger", (trig, [{"modal": modal}])
        return "modal", modal
    add = parse_or_fail_at(_ADDITIONAL_HEAD, toks)[0] if "追加コスト" in line else None
    if add is not None:
        rest = toks[toks.find("、") + 1:].strip() if "、" in toks else ""
        cost = _parse(COST + pp.Opt(T("。")), rest, "additional cost")
        return "additional_cost", cost
    colon = toks.find(" : ")
    if colon > 0 and "「" not in toks[:colon]:
        lm = _LOYALTY_COST.match(toks[:colon])
        cost = {"loyalty": _loyalty(lm)} if lm else _parse(COST, toks[:colon], "cost")
        body, restr = toks[colon + 3:], {}
        while True:
            m = parse_or_fail_at(_RESTRICTION_TAIL, body)[0]
            if m is None:
                break
            restr.update(m[1])
            body = m[0]
        return "activated", (cost, _effects(body), restr)
    ex = parse_or_fail_at(_EXERT_HEAD, toks)[0]
    if ex is not None:
        return "exert", _effects(ex)
    if _TRIGGER_WORD.search(_unquoted(toks)):
        try:
            return "trigger", _trigger(toks)
        except Failure:
            # a spell's later sentence may be a delayed trigger (次の終了ステップの開始時に、…, 603.7): read as a spell
            if not spell_face:
                raise
    kw, _ = parse_or_fail_at(KEYWORD_LINE, toks)
    if kw is not None:
        return "keywords", kw
    st, _ = parse_or_fail_at(STATIC, toks)
    if st is not None:
        return "static", st
    if spell_face:
        return "spell", _effects(toks)
    raise Failure(shape("static", toks))
