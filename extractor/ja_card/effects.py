"""Actions and effects: カードを2枚引く, 3点のダメージを与える, 破壊する, 追放する, オーナーの手札に戻す,
+2/+2の修整を受ける, パワーとタフネスを入れ替える, 0/1になる, 〜を得る, タップする, 打ち消す, 再生する, 占術2を行う, トークンを生成する (older: 戦場に出す),
{G}を加える (older: あなたのマナ・プールに…), 生け贄に捧げる, 捨てる, …てもよい → the English grammar's effect values
(engine/oracle/effects.py shapes, objects symbolic: {"target": …}, {"ref": …}, {"each": …})."""
from __future__ import annotations

import json

import pyparsing as pp

from .base import MANA, NUM, PT, SELF, SIGNED_PT, Gate, T, TV, choice, guard
from .objects import (COUNTER_KIND, COUNT, INDEF, INDEF_ACC, KEYWORD, NOUN, NTH, ONE, OBJECT, PLAYER, PRONOUN, SET, SET_BARE, DECLARE,
                      INLINE_TARGET, _COLOR, _TYPE_TABLE, _TYPES, type_line_order)
from .events import CONDITION
from .library import DIG, SEARCH
from .quantities import AMOUNT, EQUAL_POINTS, FOR_EACH, THAT_MUCH, X_IS, times
from .vocab import COLORS

_WA = T("は", "が")
_EOT = T("ターン終了時まで")
_NEXT = pp.Opt(T("、"))


SAME = "_same_subject"


def _player_val(p, key, n):
    return {key: dict(p, n=n)}


_SUBJ = pp.Opt(PLAYER + _WA + pp.Opt(T("それぞれ")) + pp.Opt(T("、")), default={"player": SAME})


def _subjects(t):
    """A clause with no subject continues the subject of the clause before it (imperative: you); draw and gain
    life by you are the bare number, as the English grammar writes them."""
    out, last = [], "you"
    for item in t:
        inner = item["may"] if "may" in item else [item]
        new = []
        for e in inner:
            (k, v), = e.items()
            if isinstance(v, dict) and "player" in v:
                if v["player"] == SAME:
                    v = dict(v, player="_declared_same" if last in ("_declared", "_declared_same") else last)
                last = v["player"]
                if k in ("draw", "gain_life") and v["player"] == "you" and set(v) == {"player", "n"}:
                    v = v["n"]
            new.append({k: v})
        out.append({"may": new} if "may" in item else new[0])
    return _merge_pumps(out)


def _merge_pumps(items: list) -> list:
    """One sentence's "gets +1/+1 until end of turn, and … can't be blocked this turn" (…修整を受け、このターン、これは
    ブロックされない) is the English grammar's one pump of the same object with both its P/T and its grant."""
    out: list = []
    for e in items:
        prev = out[-1].get("pump") if out and isinstance(out[-1], dict) else None
        cur = e.get("pump") if isinstance(e, dict) else None
        if prev and cur and set(prev) == {"affected", "pt"} and set(cur) == {"affected", "grant"} \
                and prev["affected"] == cur["affected"]:
            out[-1] = {"pump": dict(prev, grant=cur["grant"])}
            continue
        out.append(e)
    return out
# ---------------------------------------------------------------- cards, life (120, 119)
_N_CARDS = (T("カードを") + NUM + T("枚")) | (T("カード") + NUM + T("枚を"))
# "… for each <objects>" (…1体につき) and "equal to <value>" (…に等しい点数の) amounts: the English grammar's
# times(N, {count}) and reference values (engine/oracle/quantities.py)
_PER_N = lambda n: (FOR_EACH + n).set_parse_action(lambda t: [times(t[1], t[0])])      # noqa: E731
_N_CARDS_ANY = _N_CARDS | _PER_N(_N_CARDS)
# a count phrase may open the clause (あなたがコントロールする島1つにつき…): its あなたが is not the subject
_NO_SUBJ = pp.Empty().set_parse_action(lambda: [{"player": SAME}])
DRAW = ((_SUBJ + _NEXT + _N_CARDS_ANY + T("引く")) | (_NO_SUBJ + _PER_N(_N_CARDS) + T("引く"))).set_parse_action(
    lambda t: [_player_val(t[0], "draw", t[1])])
_LIFE = _PER_N(AMOUNT + T("点の")) | (AMOUNT + T("点の")) | (THAT_MUCH + T("の")) | EQUAL_POINTS
GAIN = ((_SUBJ + _NEXT + _LIFE + T("ライフを得る")) | (_NO_SUBJ + _PER_N(AMOUNT + T("点の")) + T("ライフを得る"))
        ).set_parse_action(lambda t: [_player_val(t[0], "gain_life", t[1])])
LOSE = (_SUBJ + _NEXT + pp.Opt(T("それぞれ")) + _LIFE + T("ライフを失う")).set_parse_action(
    lambda t: [{"lose_life": dict(t[0], n=t[1])}])
_TOP = T("自分のライブラリーの一番上から", "ライブラリーの一番上から", "あなたのライブラリーの一番上から")
_TO_GY = T("自分の墓地に置く", "あなたの墓地に置く", "墓地に置く")
# "mills N cards" (701.13), printed before 2021 as putting the top N cards into the graveyard
MILL = (_SUBJ + pp.Opt(T("、")) + _TOP + T("カードを") + NUM + T("枚") + _TO_GY).set_parse_action(
    lambda t: [{"mill": dict(t[0], n=t[1])}]) | \
    (_SUBJ + pp.Opt(T("、")) + _TOP + NUM + T("枚のカードを") + _TO_GY).set_parse_action(
    lambda t: [{"mill": dict(t[0], n=t[1])}]) | \
    (_SUBJ + T("カードを") + NUM + T("枚切削する")).set_parse_action(lambda t: [{"mill": dict(t[0], n=t[1])}]) | \
    (_SUBJ + T("カード") + NUM + T("枚を切削する")).set_parse_action(lambda t: [{"mill": dict(t[0], n=t[1])}]) | \
    (_SUBJ + pp.Opt(T("、")) + T("自分のライブラリーの一番上のカードを", "あなたのライブラリーの一番上のカードを") + _TO_GY
     ).set_parse_action(lambda t: [{"mill": dict(t[0], n=1)}])
DISCARD = (_SUBJ + pp.Opt(T("手札から", "自分の手札から")) + T("カードを") + NUM + T("枚捨てる")).set_parse_action(
    lambda t: [{"discard": dict(t[0], n=t[1])}]) | \
    (_SUBJ + T("カード") + NUM + T("枚を捨てる")).set_parse_action(lambda t: [{"discard": dict(t[0], n=t[1])}]) | \
    ((_SUBJ + T("カードを") + NUM + T("枚無作為に選んで捨てる", "枚無作為に捨てる")) |        # "discard … at random"
     (_SUBJ + T("カード") + NUM + T("枚を無作為に選んで捨てる", "枚を無作為に捨てる"))).set_parse_action(
        lambda t: [{"discard": dict(t[0], n=t[1], random=True)}])
# "discard your hand" / "that player discards their hand" (701.9)
DISCARD_HAND = ((_SUBJ + T("自分の手札を捨てる", "自分の手札をすべて捨てる", "手札をすべて捨てる")) |
                (_NO_SUBJ + T("あなたの手札を捨てる", "あなたの手札をすべて捨てる"))).set_parse_action(
    lambda t: [{"discard": dict(t[0], n="all")}])
SCRY = (T("占術") + NUM + (T("を行う") | pp.FollowedBy(T("。")) | pp.StringEnd())).set_parse_action(lambda t: [{"scry": t[0]}]) | \
    (T("諜報") + NUM + T("を行う")).set_parse_action(lambda t: [{"surveil": t[0]}])

# ---------------------------------------------------------------- damage (120.3)
# "each creature and each player" (120.3): one set and every player, the English grammar's each_and_players
_EACH_AND_PLAYERS = (SET + T("と各プレイヤー", "とすべてのプレイヤー")).set_parse_action(
    lambda t: [{"each_and_players": t[0]["each"]}])
_DMG_TO = (INLINE_TARGET | _EACH_AND_PLAYERS | SET | PLAYER | PRONOUN)
# the source as the topic, a comma after it or not (~は、…に3点のダメージを与える)
# (never one of several declared targets: その前者は…に3点のダメージを与える names its source, which a dropped topic
# would lose)
_SOURCE = pp.Opt((PRONOUN.copy().add_condition(lambda t: t[0].get("ref") != "nth") + _WA + pp.Opt(T("、"))).suppress())
DAMAGE = (_SOURCE + _DMG_TO + T("に") + _NEXT + pp.Opt(T("それぞれ")) + _NEXT + _LIFE + T("ダメージを与える")).set_parse_action(
    lambda t: [{"damage": {"n": t[1], "to": t[0]}}])

# 701.14a fight: "AはBと格闘を行う" (each deals damage equal to its power to the other); 120.3 one-sided: "AはBに、
# 自身のパワーに等しい点数のダメージを与える" (A deals damage equal to A's power to B)
_FIGHTER = INLINE_TARGET | PRONOUN
FIGHT = (_FIGHTER + _WA + pp.Opt(T("、")) + _FIGHTER + T("と格闘を行う")).set_parse_action(
    lambda t: [{"fight": {"a": t[0], "b": t[1]}}])
_OWN_POWER = T("自身の") | (NTH + T("の"))          # その前者はその後者に、その前者のパワーに…: the source's own power
BITE = (_FIGHTER + _WA + pp.Opt(T("、")) + _FIGHTER + T("に") + _NEXT + _OWN_POWER +
        T("パワーに等しい点数のダメージを与える")).set_parse_action(guard(
            lambda t: len(t) == 2 or t[2] == t[0], lambda t: [{"bite": {"source": t[0], "to": t[1]}}]))
# 509.1c a blocking requirement until end of turn: "このターン、AはBを可能ならブロックする" / "…可能ならBをブロックする"
# / "…ブロックしなければならない" ("A blocks B this turn if able")
_IF_ABLE = T("可能なら")
MUST_BLOCK = (T("このターン、", "このターン") + _FIGHTER + _WA + pp.Opt(T("、")) +
              ((_IF_ABLE + _FIGHTER + T("を")) | (_FIGHTER + T("を") + _IF_ABLE)) +
              T("ブロックしなければならない", "ブロックする")).set_parse_action(
    lambda t: [{"must_block": {"blocker": t[0], "attacker": t[1]}}])
# one source, two recipients (120.3): "~はAに3点のダメージ、Bに2点のダメージを与える" (…ダメージと、… / …ダメージを、…)
_DMG_AND = T("ダメージ") + pp.Opt(T("と", "を")) + T("、")
DAMAGE_TWO = (_SOURCE + _DMG_TO + T("に") + _NEXT + _LIFE + _DMG_AND + _DMG_TO + T("に") + _NEXT + _LIFE +
              T("ダメージを与える")).set_parse_action(
    lambda t: [{"damage": {"n": t[1], "to": t[0]}}, {"damage": {"n": t[3], "to": t[2]}}])

# ---------------------------------------------------------------- removal, zones
MANY = INLINE_TARGET | SET | PRONOUN
_NO_REGEN = T("それは再生できない", "それらは再生できない", "それを再生することはできない", "それらを再生することはできない",
              "そのクリーチャーは再生できない", "それらのクリーチャーは再生できない")
# "destroy …. It can't be regenerated" (701.15c): the English grammar's {what, no_regen} / {each…, no_regen}
DESTROY = (MANY + T("を破壊する") + pp.Opt(T("。")) + _NO_REGEN).set_parse_action(
    lambda t: [{"destroy": dict(t[0], no_regen=True) if "each" in t[0] else {"what": t[0], "no_regen": True}}]) | \
    (MANY + T("を破壊する")).set_parse_action(lambda t: [{"destroy": t[0]}])
# "destroy all artifacts, creatures, and enchantments" (701.7): すべてのアーティファクト、クリーチャー、エンチャントを破壊する,
# printed later as アーティファクトとクリーチャーとエンチャントをすべて破壊する / 土地をすべて破壊する
_TYPE_NAME = choice({ja: en for ja, en in _TYPES.items()})
_TYPE_LIST = (_TYPE_NAME + pp.OneOrMore(T("、", "と", "、および", "および") + _TYPE_NAME)).set_parse_action(
    lambda t: [{"each": {"types_any": list(t)}}])
# …or with すべての before each type (すべてのアーティファクトとすべてのエンチャント)
_EVERY_TYPE_LIST = (T("すべての", "全ての") + _TYPE_NAME + pp.OneOrMore(T("と", "、") + T("すべての", "全ての") + _TYPE_NAME)
                    ).set_parse_action(lambda t: [{"each": {"types_any": list(t)}}])
DESTROY_ALL = ((_EVERY_TYPE_LIST + T("を破壊する")) |
               (T("すべての", "全ての") + _TYPE_LIST + T("を破壊する")) | (_TYPE_LIST + T("をすべて破壊する")) |
               (SET_BARE + T("をすべて破壊する"))).set_parse_action(lambda t: [{"destroy": t[0]}])
# "exile / tap / untap / return all <objects>" printed as …をすべて<verb>: the each-set of the English "all"
_ALL = SET_BARE + T("をすべて", "を全て")
EXILE = ((MANY + T("を追放する", "をゲームから取り除く")) | (_ALL + T("追放する"))).set_parse_action(
    lambda t: [{"exile": t[0]}])
# "exile … until ~ leaves the battlefield" (610.3c): ~が戦場を離れるまで(、)それを追放する
EXILE_UNTIL = ((T("~が戦場を離れるまで", "これが戦場を離れるまで") + pp.Opt(T("、")) + (INLINE_TARGET | PRONOUN) +
                T("を追放する")) |
               ((INLINE_TARGET | PRONOUN) + T("を") + T("~が戦場を離れるまで", "これが戦場を離れるまで") + pp.Opt(T("、")) +
                T("追放する"))).set_parse_action(lambda t: [{"exile": {"what": t[0], "until": "self_leaves"}}])
# "return ~ from your graveyard to the battlefield (tapped)" (an ability that works from the graveyard)
RETURN_SELF_BF = (T("あなたの墓地から~を", "あなたの墓地にある~を") + pp.Opt(TV({"tapped": True}, "タップ状態で"), default={}) +
                  T("戦場に戻す")).set_parse_action(
    lambda t: [{"return_from_graveyard": dict(t[0], to="battlefield", what={"ref": "self"})}])
RETURN_FROM_GY = ((T("あなたの墓地から") + PRONOUN + T("をあなたの手札に戻す", "をオーナーの手札に戻す")) |
                  # あなたの墓地にある~を…, ~をあなたの墓地から手札に戻す: the same card from the same zone
                  (T("あなたの墓地にある") + PRONOUN + T("をあなたの手札に戻す", "をオーナーの手札に戻す")) |
                  (PRONOUN + T("をあなたの墓地からあなたの手札に戻す", "をあなたの墓地から手札に戻す"))).set_parse_action(
    lambda t: [{"return_from_graveyard": {"to": "hand", "what": t[0]}}])
RETURN_CHOSEN = (INDEF_ACC + T("オーナーの手札に戻す", "持ち主の手札に戻す")).set_parse_action(
    lambda t: [{"return_to_hand": {"choose": t[0]["filter"], "n": t[0]["n"]}}])
NO_UNTAP = ((INLINE_TARGET | PRONOUN) + T("は") + pp.Opt(T("、")) +
            T("それのコントローラーの次のアンタップ・ステップにアンタップしない",
              "それらのコントローラーの次のアンタップ・ステップにアンタップしない")).set_parse_action(
    lambda t: [{"skip_untap": t[0]}])
PAY = (MANA + T("を支払う")).set_parse_action(lambda t: [{"pay": t[0]}])
RETURN_HAND = (MANY + T("をオーナーの手札に戻す", "をそのオーナーの手札に戻す", "を持ち主の手札に戻す",
                        "をあなたの手札に戻す")).set_parse_action(lambda t: [{"return_to_hand": t[0]}])
TAP = ((MANY + T("をタップする")) | (_ALL + T("タップする"))).set_parse_action(lambda t: [{"tap": t[0]}])
UNTAP = ((MANY + T("をアンタップする")) | (_ALL + T("アンタップする"))).set_parse_action(lambda t: [{"untap": t[0]}])
COUNTER = ((INLINE_TARGET | PRONOUN) + T("を打ち消す")).set_parse_action(lambda t: [{"counter": t[0]}])
REGENERATE = ((INLINE_TARGET | PRONOUN) + T("を再生する")).set_parse_action(lambda t: [{"regenerate": t[0]}])
SACRIFICE = (_SUBJ + (INDEF_ACC | (PRONOUN + T("を"))) + T("生け贄に捧げる")).set_parse_action(guard(
    lambda t: t[0]["player"] in ("you", SAME),
    lambda t: [{"sacrifice": t[1] if "ref" in t[1] else {"filter": t[1]["filter"], "n": t[1]["n"]}}])) | \
    (PLAYER + _WA + pp.Opt(T("それぞれ")) + pp.Opt(T("、")) + INDEF_ACC + T("生け贄に捧げる")).set_parse_action(
        lambda t: [{"sacrifice": {"filter": t[1]["filter"], "n": t[1]["n"], **t[0]}}])
# "sacrifice ~ unless you pay {1}" (an upkeep or enters cost, 118.12)
SACRIFICE_UNLESS = (T("あなたが") + MANA + T("を支払わないかぎり", "を支払わない限り") + pp.Opt(T("、")) + SACRIFICE.copy()
                    ).set_parse_action(guard(lambda t: set(t[1]) == {"sacrifice"} and "ref" in t[1]["sacrifice"],
                                             lambda t: [{"unless": {"player": "you", "pay": t[0], "else": [t[1]]}}]))
PUT_LIBRARY = ((INLINE_TARGET | PRONOUN) + T("をオーナーのライブラリーの一番上に置く")).set_parse_action(
    lambda t: [{"put_in_library": {"what": t[0], "where": "top"}}]) | \
    ((INLINE_TARGET | PRONOUN) + T("をオーナーのライブラリーの一番下に置く")).set_parse_action(
    lambda t: [{"put_in_library": {"what": t[0], "where": "bottom"}}])

# ---------------------------------------------------------------- pump (611, 613.4c), grants
# A quoted ability granted to an object (「{T}：…」を持つ / を得る, 113.1a) is read as a line of its own; its lowering into a
# behaviour (the Oracle compiler's binder) is handed in by kb.cards_ja (set_granted_compiler), as the English grammar's
# is by engine/oracle/compile.py — the extractor imports no engine
_GRANTED: list = []
_LINE_READER: list = []           # lines.parse_quoted, handed in by lines.py (which imports this module)


def set_granted_compiler(fn) -> None:
    _GRANTED[:] = [fn]


def set_line_reader(fn) -> None:
    _LINE_READER[:] = [fn]


def _granted(s, loc, t):
    inner = t[0][1:-1].strip()
    if not _GRANTED or not _LINE_READER:
        raise pp.ParseException(s, loc, "no compiler for a granted ability")
    kv = _LINE_READER[0](inner)
    if kv is None:
        raise pp.ParseException(s, loc, "granted ability does not parse")
    b = _GRANTED[0](*kv)
    if b is None:
        raise pp.ParseException(s, loc, "granted ability does not parse")
    return [{"ability": b}]


QUOTED = pp.Regex(r"「 [^「」]+? 」(?= |$)").set_parse_action(_granted)
_KW_LIST = ((KEYWORD | QUOTED) + pp.ZeroOrMore(T("と", "、") + (KEYWORD | QUOTED))).set_parse_action(lambda t: [list(t)])
_GETS = SIGNED_PT + T("の修整を受ける", "の修正を受ける")
_BODY = ((_GETS + pp.Opt(T("とともに", "、")) + _KW_LIST + T("を得る")).set_parse_action(lambda t: [{"pt": t[0], "grant": t[1]}]) |
         _GETS.copy().set_parse_action(lambda t: [{"pt": t[0]}]) |
         (_KW_LIST + T("を得る")).set_parse_action(lambda t: [{"grant": t[0]}]))
# "gets +1/+1 until end of turn for each …" (…1体につき+1/+1の修整を受ける): the English pump's per
_BODY = _BODY | (FOR_EACH + _GETS).set_parse_action(lambda t: [{"pt": t[1], "per": t[0]}])
_WHO = INLINE_TARGET | SET | PRONOUN | SET_BARE
_ALL_OF = (OBJECT + T("はすべて")).set_parse_action(lambda t: [{"each": dict(t[0]["filter"])}])   # クリーチャーはすべて…
_EACH_OF = pp.Opt(T("それぞれ"))          # それらはそれぞれ+1/+1の修整を受ける: each of them
PUMP = ((_EOT + T("、") + _ALL_OF + _BODY) | (_EOT + T("、") + _WHO + _WA + _EACH_OF + _BODY) |
        (_WHO + _WA + _EACH_OF + pp.Opt(T("、")) + _EOT + pp.Opt(T("、")) + _BODY)).set_parse_action(
    lambda t: [{"pump": dict(t[1], affected=t[0])}])
# one duration over two coordinated subjects: "ターン終了時まで、Aは+2/+2の修整を受け、Bは-2/-2の修整を受ける" (both until
# end of turn)
PUMP_TWO = (_EOT + T("、") + _WHO + _WA + _BODY + T("、") + _WHO + _WA + _BODY).set_parse_action(
    lambda t: [{"pump": dict(t[1], affected=t[0])}, {"pump": dict(t[3], affected=t[2])}])
# "switch …'s power and toughness until end of turn" (613.4d): (ターン終了時まで、)それのパワーとタフネスを入れ替える;
# "… has base power and toughness N/N until end of turn" (613.4b): ターン終了時まで、それは0/1になる / それの基本のパワーと
# タフネスは0/1になる — the English grammar's pump {switch} and animate {pt} values
_SWITCHED = (INLINE_TARGET | PRONOUN) + T("の")
SWITCH_PT = (pp.Opt(_EOT + _NEXT) + _SWITCHED + T("パワーとタフネスを入れ替える") + pp.Opt(_EOT)).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "switch": True}}])
_SET_VALUE = pp.Regex(r"\d+/\d+(?= |$)").set_parse_action(lambda t: [[int(x) for x in t[0].split("/")]])
_BASE_OF = _WA | T("の基本のパワーとタフネスは", "の基本のパワーとタフネスが")
SET_PT = ((_EOT + _NEXT + (INLINE_TARGET | PRONOUN) + _BASE_OF + _NEXT + _SET_VALUE + T("になる")) |
          ((INLINE_TARGET | PRONOUN) + _BASE_OF + _NEXT + _EOT + _NEXT + _SET_VALUE + T("になる"))).set_parse_action(
    lambda t: [{"animate": {"what": t[0], "pt": t[1], "until": "end_of_turn"}}])
_CANT = choice({"ブロックできない": "cant_block", "ブロックされない": "unblockable", "攻撃もブロックもできない": "cant_attack_or_block",
                "攻撃したりブロックしたりできない": "cant_attack_or_block",
                # 508.1d "attacks this turn if able"; printed "can't be destroyed" is Oracle indestructible (errata.py)
                "可能なら攻撃する": "attacks_each_combat", "破壊されない": "indestructible",
                "ブロックに参加できない": "cant_block"})
CANT_BLOCK = (T("このターン") + pp.Opt(T("、")) + _WHO + T("では", "は") + _CANT).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "grant": [t[1]]}}]) | \
    (_WHO + T("は", "では") + T("このターン") + pp.Opt(T("、")) + _CANT).set_parse_action(
        lambda t: [{"pump": {"affected": t[0], "grant": [t[1]]}}])

# ---------------------------------------------------------------- tokens (111), counters (122)
_TOKEN_KW = pp.Opt((_KW_LIST + T("を持つ")).set_parse_action(lambda t: [{"keywords": t[0]}]))
# a two-colour word (緑青の, 白黒の: "green and blue") in the printed order, as the English token's colours
_PAIR = choice({a + b: {"colors": COLORS[a] + COLORS[b]} for a in COLORS for b in COLORS if a != b}) + T("の")
_COLORS = (_PAIR | pp.OneOrMore(_COLOR + pp.Opt(T("かつ", "であり"))) | TV({"colors": ""}, "無色の")).set_parse_action(
    lambda t: [{"colors": "".join(x["colors"] for x in t)}])
_TYPES_RUN = (choice(_TYPE_TABLE) + pp.ZeroOrMore(T("・") + choice(_TYPE_TABLE)) + T("・トークン")).set_parse_action(
    lambda t: [{"subtypes": [s for x in t for s in x.get("subtypes", [])],
                "types": type_line_order([s for x in t for s in x.get("types", [])])}])
_TOKEN_DESC = (_TOKEN_KW + pp.Opt(_COLORS) + pp.Opt(PT.copy().add_parse_action(lambda t: [{"pt": t[0]}]) + T("の")) +
               _TYPES_RUN).set_parse_action(lambda t: [{k: v for d in t for k, v in d.items()}])
_TOKEN_N = (T("を") + NUM + T("体", "つ")) | (NUM + T("体を", "つを"))
_MAKE = T("生成する", "戦場に出す")
CREATE = (_TOKEN_DESC + _TOKEN_N + _MAKE).set_parse_action(
    guard(lambda t: "Creature" not in t[0]["types"] or "pt" in t[0],
          lambda t: [{"create_token": {"token": dict(t[0], subtypes=t[0]["subtypes"]), "n": t[1]}}])) | \
    (FOR_EACH + _TOKEN_DESC + _TOKEN_N + _MAKE).set_parse_action(          # "create N … for each …"
        guard(lambda t: "Creature" not in t[1]["types"] or "pt" in t[1],
              lambda t: [{"create_token": {"token": dict(t[1], subtypes=t[1]["subtypes"]), "n": times(t[2], t[0])}}]))
_PREDEF = choice({"宝物": "treasure", "食物": "food", "手掛かり": "clue", "血": "blood"})
CREATE_NAMED = (_PREDEF + T("・トークン") + _TOKEN_N + _MAKE).set_parse_action(
    lambda t: [{"create_token": {"token": t[0], "n": t[1]}}])
INVESTIGATE = TV({"create_token": {"token": "clue", "n": 1}}, "調査を行う")


def _token_has(t):
    """111.4 / 113.1a: "…トークンを1体生成する。それは「…」を持つ。" — the quoted ability is the token's own (the English
    grammar's "create … token. It has "…"": one more keyword entry {ability: …})."""
    c, has = t[0]["create_token"], t[1]
    if not isinstance(c.get("token"), dict):
        raise pp.ParseException("", 0, "a quoted ability for a predefined token")
    tok = dict(c["token"], keywords=list(c["token"].get("keywords") or []) + [has])
    return [{"create_token": dict(c, token=tok)}]


CREATE_HAS = (CREATE + T("。") + T("それは", "それらは", "それらはそれぞれ") + QUOTED + T("を持つ")).set_parse_action(_token_has)
_COUNTER_KIND = COUNTER_KIND

# "until end of turn, ~ becomes a 4/4 white and blue Elemental creature with flying (. It's still a land.)" (613.1d-f,
# the English grammar's animate): ターン終了時まで、~は飛行を持ち白であり青である4/4のエレメンタル・クリーチャーになる。
_BECOMES_TYPES = (choice(_TYPE_TABLE) + pp.ZeroOrMore(T("・") + choice(_TYPE_TABLE))).set_parse_action(
    lambda t: [{"subtypes": [x for d in t for x in d.get("subtypes", [])],
                "types": type_line_order([x for d in t for x in d.get("types", [])])}])
_STILL = pp.Opt((T("。") + T("これは土地でもある", "それは土地でもある", "~は土地でもある")).set_parse_action(
    lambda: [{"still": "land"}]))


def _animate(t):
    body = {k: v for d in t[1:] for k, v in d.items() if v != []}
    if "Creature" not in body.get("types", []):
        raise pp.ParseException("", 0, "becomes no creature")
    return [{"animate": dict(body, what=t[0], until="end_of_turn")}]


ANIMATE = (_EOT + _NEXT + (SELF | TV({"ref": "self"}, "これ")) + T("は") +
           pp.Opt((_KW_LIST + T("を持つ", "を持ち") + _NEXT).set_parse_action(lambda t: [{"keywords": t[0]}])) +
           pp.Opt(_COLORS) + PT.copy().add_parse_action(lambda t: [{"pt": t[0]}]) + T("の") + _BECOMES_TYPES +
           T("になる") + _STILL).set_parse_action(_animate)

# ---------------------------------------------------------------- mana (106)
_SYM = MANA.copy().add_condition(lambda t: t[0].replace("{", "").replace("}", "").isalpha()).add_parse_action(
    lambda t: [t[0].replace("{", "").replace("}", "")])
_OLD_POOL = pp.Opt(T("あなたのマナ・プールに", "あなたのマナ・プールに、"))
# printed "add {1}" (before the 2015 colourless symbol) is Oracle "add {C}" (errata.py)
_COLORLESS_OLD = pp.Regex(r"\{1\}(?= |$)").set_parse_action(lambda: ["C"])
ADD_MANA = (_OLD_POOL + (
    TV({"any_color": 1}, "好きな色1色のマナ1点", "好きな色のマナ1点", "好きな1色のマナ1点") |
    (T("望む色の組み合わせのマナ", "好きな色の組み合わせのマナ") + NUM + T("点")).set_parse_action(
        lambda t: [{"any_color": t[0]}]) |
    # "N mana of any one color" (106.1): 好きな色1色のマナ3点 (one mana of it is any_color 1, above)
    (T("好きな色1色のマナ", "好きな1色のマナ") + NUM + T("点")).set_parse_action(guard(
        lambda t: t[0] != 1, lambda t: [{"one_color": t[0]}])) |
    (_SYM + pp.OneOrMore(T("か", "、", "または") + _SYM)).set_parse_action(lambda t: [{"one_of": list(t)}]) |
    (_SYM | _COLORLESS_OLD).copy().add_parse_action(lambda t: [{"mana": t[0]}])) + T("を加える")
).set_parse_action(lambda t: [{"add_mana": t[0]}])

# ---------------------------------------------------------------- counters (122.1)
_EACH = pp.Opt(T("それぞれ"))          # "…の上に+1/+1カウンターをそれぞれ1個置く": one on each of them
_ON = (((INLINE_TARGET | PRONOUN | SET) + T("の上に")) | TV({"ref": "it"}, "その上に")) + _NEXT
_COUNTERS_N = (_EACH + _COUNTER_KIND + T("カウンターを") + _EACH + NUM + T("個置く")) | \
    (_EACH + _COUNTER_KIND + T("カウンター") + NUM + T("個を置く"))
# "put a +1/+1 counter on … for each …" (…1つにつき): n is times(N, {count}) as in English
COUNTERS = (_ON + _COUNTERS_N).set_parse_action(lambda t: [{"put_counters": {"to": t[0], "kind": t[1], "n": t[2]}}]) | \
    (_ON + FOR_EACH + _COUNTERS_N).set_parse_action(
        lambda t: [{"put_counters": {"to": t[0], "kind": t[2], "n": times(t[3], t[1])}}]) | \
    (FOR_EACH + _ON + _COUNTERS_N).set_parse_action(
        lambda t: [{"put_counters": {"to": t[1], "kind": t[2], "n": times(t[3], t[0])}}])
# "counter target spell unless its controller pays {1}" (701.6)
COUNTER_UNLESS = (PLAYER + T("が") + MANA + T("を支払わないかぎり", "を支払わない限り") + pp.Opt(T("、")) + (INLINE_TARGET | PRONOUN) +
                  T("を打ち消す")).set_parse_action(
    lambda t: [{"unless": {"player": t[0]["player"], "pay": t[1], "else": [{"counter": t[2]}]}}])
# "put a land card from your hand onto the battlefield (tapped)" (あなたの手札から土地・カード1枚を(タップ状態で)戦場に出す):
# a card chosen from its owner's hand as the effect resolves (608.2c), the English put_onto_battlefield
_FROM_HAND = ((INDEF + T("を")) | (OBJECT + T("を") + COUNT).set_parse_action(guard(
    lambda t: "n" in t[1], lambda t: [dict(t[0], n=t[1]["n"])]))).copy().add_parse_action(guard(
        lambda t: t[0].get("zone") == "hand" and t[0]["filter"].get("owner") == "you", lambda t: [t[0]]))
PUT_FROM_HAND = (_FROM_HAND + pp.Opt(TV({"tapped": True}, "タップ状態で"), default={}) + T("戦場に出す")).set_parse_action(
    lambda t: [{"put_onto_battlefield": dict(t[1], choose=t[0]["filter"], n=t[0]["n"], zone="hand")}])
RETURN_BF = (MANY + T("をあなたのコントロール下で戦場に出す", "をあなたのコントロール下で場に出す",
                     "をあなたのコントロール下で戦場に戻す")).set_parse_action(
    lambda t: [{"return_to_battlefield": {"controller": "you", "what": t[0]}}]) | \
    (MANY + T("をオーナーのコントロール下で戦場に戻す")).set_parse_action(
    lambda t: [{"return_to_battlefield": {"controller": "owner", "what": t[0]}}]) | \
    (MANY + T("を戦場に戻す")).set_parse_action(lambda t: [{"return_to_battlefield": {"what": t[0]}}])

# "remove N counters from …" (122.8), "create a token that's a copy of …" (111.10, 707.2)
REMOVE_COUNTERS = ((INLINE_TARGET | PRONOUN) + T("の上から") + _COUNTER_KIND +
                   ((T("カウンターを") + NUM + T("個取り除く")) | (T("カウンター") + NUM + T("個を取り除く")))).set_parse_action(
    lambda t: [{"remove_counters": {"from": t[0], "kind": t[1], "n": t[2]}}])
CREATE_COPY = ((INLINE_TARGET | PRONOUN) + T("のコピーであるトークンを1体生成する", "のコピーであるトークン1体を生成する",
                                           "のコピーであるトークンを1体戦場に出す")).set_parse_action(
    lambda t: [{"create_copy": {"of": t[0]}}])
MONSTROSITY = (T("怪物化") + NUM + T("を行う")).set_parse_action(lambda t: [{"monstrosity": t[0]}])
GAIN_CONTROL = (T("ターン終了時まで、", "ターン終了時まで") + (INLINE_TARGET | PRONOUN) + T("のコントロールを得る")).set_parse_action(
    lambda t: [{"gain_control": {"what": t[0], "until": "end_of_turn"}}]) | \
    ((INLINE_TARGET | PRONOUN) + T("のコントロールを得る")).set_parse_action(lambda t: [{"gain_control": {"what": t[0]}}])
TRANSFORM = ((PRONOUN) + T("を変身させる")).set_parse_action(lambda t: [{"transform": t[0]}])
PROLIFERATE = TV({"proliferate": True}, "増殖を行う")
# 500.7: "take an extra turn after this one"
EXTRA_TURN = (pp.Opt(T("あなたは")) + T("このターンに続いて追加の") + NUM + T("ターンを行う")).set_parse_action(
    lambda t: [{"extra_turn": t[0]}])
# 701.3a: an Aura's or Equipment's own "attach it to <target>" (これをそれにつける)
ATTACH = (T("これを", "~を") + (INLINE_TARGET | PRONOUN) + T("につける")).set_parse_action(lambda t: [{"attach": t[0]}])
# prevention (615.1): the next N damage to one object or player this turn; all combat damage this turn; all (combat)
# damage to or by one object this turn, to players, to or by each of a set
_PREVENTED = (INLINE_TARGET | PRONOUN | TV("you", "あなた"))
_ALL_DAMAGE = T("すべてのダメージを", "ダメージをすべて")
_ALL_COMBAT = T("すべての戦闘ダメージを", "戦闘ダメージをすべて")
_PREVENT_ALL = T("軽減し、0にする", "軽減する")          # older printings: "…を軽減し、0にする"
_THIS_TURN = pp.Opt(T("また、")) + T("このターン") + pp.Opt(T("、"))
_EACH_PERMANENT = OBJECT.copy().add_parse_action(guard(lambda t: t[0]["kind"] not in ("player", "spell"),
                                                       lambda t: [t[0]["filter"]]))
PREVENT = (T("このターン") + pp.Opt(T("、")) + ((_PREVENTED + T("に与えられる次のダメージを")) |
                                            (T("次に") + _PREVENTED + T("に与えられるダメージを"))) + NUM +
           T("点軽減する")).set_parse_action(lambda t: [{"prevent": {"n": t[1], "to": t[0], "until": "end_of_turn"}}]) | \
    (T("このターンに与えられる", "このターン、与えられる") + _ALL_COMBAT + _PREVENT_ALL).set_parse_action(
        lambda: [{"prevent": {"what": "combat", "until": "end_of_turn"}}]) | \
    (_THIS_TURN + _PREVENTED.copy().add_parse_action(guard(lambda t: t[0] != {"ref": "self"}, lambda t: [t[0]])) +
     T("に与えられる") + _ALL_DAMAGE + _PREVENT_ALL).set_parse_action(
        lambda t: [{"prevent": {"to": t[0], "until": "end_of_turn"}}]) | \
    (_THIS_TURN + T("プレイヤーに与えられる") + _ALL_COMBAT + _PREVENT_ALL).set_parse_action(
        lambda: [{"prevent": {"what": "combat", "to": "players", "until": "end_of_turn"}}]) | \
    (_THIS_TURN + (INLINE_TARGET | PRONOUN) + T("が与える") + _ALL_COMBAT + _PREVENT_ALL).set_parse_action(
        lambda t: [{"prevent": {"what": "combat", "by": t[0], "until": "end_of_turn"}}]) | \
    (_THIS_TURN + _EACH_PERMANENT + T("に与えられる") + _ALL_DAMAGE + _PREVENT_ALL).set_parse_action(
        lambda t: [{"prevent": {"to_each": t[0], "until": "end_of_turn"}}]) | \
    (_THIS_TURN + _EACH_PERMANENT + T("が与える") + _ALL_COMBAT + _PREVENT_ALL).set_parse_action(
        lambda t: [{"prevent": {"what": "combat", "by_each": t[0], "until": "end_of_turn"}}])
# "you gain life equal to the life lost this way" (the amount of a preceding loss)
DRAIN = TV({"gain_life": "lost_this_way:life"}, "あなたはこれにより失われたライフに等しい点数のライフを得る",
           "あなたはこれにより失われたライフの点数に等しい点数のライフを得る")
# keyword actions of a number (701.39 bolster, 701.41 support: up to N other target creatures) and populate (701.36)
BOLSTER = (T("鼓舞") + NUM + T("を行う")).set_parse_action(lambda t: [{"bolster": t[0]}])
SUPPORT = (T("支援") + NUM + T("を行う")).set_parse_action(lambda t: [{"put_counters": {
    "to": {"target": {"kind": "creature", "up_to": t[0], "filter": {"other": True}}}, "kind": "+1/+1", "n": 1}}])
POPULATE = TV({"populate": True}, "居住を行う")
# 502.3: "~ doesn't untap during your next untap step"
NO_UNTAP_SELF = TV({"skip_untap": {"ref": "self"}}, "~はあなたの次のアンタップ・ステップにアンタップしない")
# "target opponent reveals their hand. You choose a card from it. That player discards that card." (701.9)
_CHOOSE_FROM = (TV({}, "あなたはその中からカードを1枚選ぶ", "あなたはその中からカード1枚を選ぶ", "その中の1枚を選ぶ",
                   "その中からカードを1枚選ぶ") |
                (pp.Opt(T("あなたは")) + T("その中から") + OBJECT + T("1枚を選ぶ", "を1枚選ぶ")).set_parse_action(
                    lambda t: [t[0]["filter"]]))
DISCARD_CHOSEN = (PLAYER + T("は自分の手札を公開する", "は手札を公開する") + T("。") + _CHOOSE_FROM + T("。") +
                  T("そのプレイヤーはそのカードを捨てる")).set_parse_action(
    lambda t: [{"discard_chosen": {"filter": t[1], "player": t[0]["player"]}}])
# "… gains protection from the color of your choice" (702.16): 色1色を選ぶ。…はプロテクション(その選ばれた色)を得る
CHOSEN_PROTECTION = (T("色1色を選ぶ。") + pp.Opt(_EOT + pp.Opt(T("、"))) + _WHO + _WA + pp.Opt(T("、")) +
                     pp.Opt(_EOT + pp.Opt(T("、"))) + T("プロテクション(その選ばれた色)", "プロテクション(その選んだ色)") +
                     T("を得る")).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "grant": ["protection_chosen_color"]}}])
# explore (701.44), amass (701.47), "tap or untap"
EXPLORE = (PRONOUN + T("は") + T("探検を行う")).set_parse_action(lambda t: [{"explore": t[0]}])
AMASS = (T("動員") + NUM + T("を行う")).set_parse_action(lambda t: [{"amass": t[0]}])
TAP_OR_UNTAP = ((INLINE_TARGET | PRONOUN) + T("をタップまたはアンタップする", "をタップするかアンタップする")).set_parse_action(
    lambda t: [{"tap_or_untap": t[0]}])
# energy (107.14): "you get {E}{E} (two energy counters)", "pay {E}{E}"; the printed reminder count must agree
E_SYMBOLS = pp.Regex(r"(?:\{E\})+(?= |$)").set_parse_action(lambda t: [t[0].count("{E}")])
_E_REMINDER = pp.Opt(T("(エネルギー・カウンター") + NUM + T("個)"), default=0)
ENERGY = (pp.Opt(T("あなたは")) + E_SYMBOLS + _E_REMINDER + T("を得る")).set_parse_action(guard(
    lambda t: t[1] in (0, t[0]), lambda t: [{"energy": t[0]}])) | \
    (pp.Opt(T("あなたは")) + E_SYMBOLS + T("を支払う")).set_parse_action(lambda t: [{"pay_energy": t[0]}])
# "exile <player>'s graveyard" (406.2): …の墓地にあるすべてのカードを追放する
EXILE_GRAVEYARD = (PLAYER + T("の墓地にあるすべてのカードを追放する", "の墓地にあるカードをすべて追放する")
                   ).set_parse_action(lambda t: [{"exile_graveyards": t[0]}])
# 701.48 learn
LEARN = TV({"learn": True}, "履修を行う")
# 509.1c "<creature> blocks this turn if able" (no attacker named): このターン、それは可能ならブロックする
MUST_BLOCK_ANY = (T("このターン、", "このターン") + _FIGHTER + _WA + pp.Opt(T("、")) + T("可能ならブロックする")
                  ).set_parse_action(lambda t: [{"must_block": {"blocker": t[0]}}])
# 614.1a replacements of one event this turn: "if that spell is countered this way, exile it instead of putting it
# into its owner's graveyard" (701.6); "if that creature would die this turn, exile it instead" (700.4)
COUNTERED_EXILE = TV({"countered_to_exile": True},
                     "これによりその呪文が打ち消されたなら、それをオーナーの墓地に置く代わりに追放する",
                     "その呪文がこれにより打ち消されたなら、それをオーナーの墓地に置く代わりに追放する")
EXILE_IF_DIES = (T("このターン、", "このターン") + PRONOUN + T("が死亡するなら、", "が死亡する場合、") +
                 T("代わりにそれを追放する", "代わりにそれを追放する")).set_parse_action(lambda t: [{"exile_if_dies": t[0]}])
# 104.2b: an effect states that a player wins the game
WIN = TV({"win_game": True}, "あなたはこのゲームに勝利する", "あなたはゲームに勝利する")
CLAUSE = (Gate(WIN, "勝利する") | Gate(LEARN, "履修") | Gate(MUST_BLOCK_ANY, "可能ならブロックする") |
          Gate(COUNTERED_EXILE | EXILE_IF_DIES, "代わりに") | Gate(ENERGY, "{E}") | Gate(SEARCH, "を探し", "枚探して", "枚探し、") | Gate(DISCARD_CHOSEN, "手札を公開する") | Gate(CHOSEN_PROTECTION, "色1色を選ぶ") | Gate(EXPLORE, "探検") | Gate(AMASS, "動員") | Gate(TAP_OR_UNTAP, "アンタップする") | Gate(RETURN_FROM_GY | RETURN_CHOSEN, "手札に戻す") | Gate(NO_UNTAP, "アンタップしない") | Gate(PAY, "支払う") |
          Gate(MONSTROSITY, "怪物化") | Gate(GAIN_CONTROL, "コントロールを得る") | Gate(TRANSFORM, "変身") |
          Gate(PROLIFERATE, "増殖") | Gate(EXTRA_TURN, "追加の") | Gate(ATTACH, "につける") | Gate(PREVENT, "軽減する") | Gate(DRAIN, "失われたライフ") | Gate(BOLSTER, "鼓舞") | Gate(SUPPORT, "支援") | Gate(POPULATE, "居住") |
          Gate(NO_UNTAP_SELF, "アンタップしない") | Gate(FIGHT, "格闘") | Gate(MUST_BLOCK, "可能なら") | Gate(BITE, "のパワーに等しい") | Gate(DAMAGE_TWO, "ダメージ、", "ダメージと、", "ダメージを、") | Gate(DAMAGE, "ダメージを与える") | Gate(DRAW, "引く") | Gate(GAIN, "ライフを得る") |
          Gate(LOSE, "ライフを失う") | Gate(MILL, "墓地に置く", "切削する") | Gate(DISCARD_HAND | DISCARD, "捨てる") |
          Gate(SCRY, "占術", "諜報") | Gate(DESTROY_ALL | DESTROY, "破壊する") | Gate(EXILE_UNTIL, "離れるまで") | Gate(EXILE_GRAVEYARD, "墓地にある") | Gate(EXILE, "追放する", "取り除く") |
          Gate(RETURN_HAND, "手札に戻す") | Gate(TAP, "タップする") | Gate(UNTAP, "アンタップする") |
          Gate(COUNTER_UNLESS | SACRIFICE_UNLESS, "支払わない") | Gate(COUNTER, "打ち消す") |
          Gate(PUT_LIBRARY, "一番上に置く", "一番下に置く") | Gate(COUNTERS, "置く") | Gate(PUT_FROM_HAND, "戦場に出す") | Gate(RETURN_SELF_BF, "戦場に戻す") | Gate(RETURN_BF, "戦場に出す", "場に出す", "戦場に戻す") | Gate(REGENERATE, "再生する") | Gate(SACRIFICE, "生け贄に捧げる") |
          Gate(SWITCH_PT, "入れ替える") | Gate(ANIMATE, "クリーチャーになる") | Gate(SET_PT, "になる") |
          Gate(PUMP_TWO | PUMP, "修整を受ける", "修正を受ける", "を得る") | Gate(CANT_BLOCK, "できない", "されない", "可能なら攻撃する") |
          Gate(CREATE_COPY, "コピーであるトークン") | Gate(REMOVE_COUNTERS, "取り除く") |
          Gate(CREATE_HAS | CREATE_NAMED | CREATE, "生成する", "戦場に出す") | INVESTIGATE | Gate(ADD_MANA, "加える"))
_MAY = (CLAUSE + T("てもよい")).set_parse_action(lambda t: [{"may": list(t)}]) | \
    (T("あなたは") + pp.Opt(T("、")) + CLAUSE + T("てもよい")).set_parse_action(lambda t: [{"may": list(t)}]) | \
    (T("あなたは") + T("「") + CLAUSE + pp.Opt(T("。")) + T("」") + T("を選んでもよい")).set_parse_action(
        lambda t: [{"may": list(t)}])         # older printings quote the optional action: あなたは「…」を選んでもよい
_THEN = pp.Opt(T("その後", "その後、"))
ITEM = _MAY | CLAUSE
# clauses joined by the て-form (…ライフを得て、カードを1枚引く: "gain 2 life and draw a card"); a て-joined clause that
# is itself optional (…得て、…引いてもよい) may make both optional, which the English says otherwise: refused
_TE = T("て") + pp.Opt(T("、")) + _THEN + CLAUSE + ~T("てもよい")
_CHAIN = (ITEM + pp.ZeroOrMore(_TE | (pp.Opt(T("、")) + _THEN + ITEM))).set_parse_action(_subjects)
# "If you do, …" (608.2c): そうしたなら、… / そうした場合、…
_IF_YOU_DO = (T("そうしたなら、", "そうした場合、") + _CHAIN).set_parse_action(lambda t: [{"if_you_do": list(t)}])
# the English grammar's sentence forms: "if you don't, …", "otherwise, …", "if <condition>, …" (608.2c), "when you
# do, …" (603.12 reflexive), delayed triggers "at the beginning of the next end step, …" (603.7)
_IF_NOT = (T("そうしなかったなら、", "そうしなかった場合、") + _CHAIN).set_parse_action(lambda t: [{"if_you_dont": list(t)}])
_OTHERWISE = (T("そうでないなら、", "そうでない場合、") + _CHAIN).set_parse_action(lambda t: [{"otherwise": list(t)}])
_IF_COND = (CONDITION + T("なら", "場合") + T("、") + _CHAIN).set_parse_action(
    lambda t: [{"if": t[0], "then": list(t[1:])}])
_REFLEXIVE = (T("そうしたとき、") + _CHAIN).set_parse_action(lambda t: [{"reflexive": {"effects": list(t)}}])
_AT = choice({"次の終了ステップの開始時に": "next_end_step", "あなたの次の終了ステップの開始時に": "next_end_step",
              "あなたの次のアップキープの開始時に": "your_next_upkeep", "次のターンのアップキープの開始時に": "next_upkeep",
              "戦闘終了時に": "end_of_combat",
              # printed before 2009 inside an effect: "at end of turn" is Oracle "at the beginning of the next end step"
              "ターン終了時に": "next_end_step"}) + pp.Opt(T("、"))
DELAYED = (_AT + _CHAIN).set_parse_action(lambda t: [{"delayed": {"at": t[0], "effects": list(t[1:])}}])
_CLASH = T("いずれかの対戦相手と激突を行う", "対戦相手1人と激突を行う")
CLASH = (_CLASH + T("。") + T("あなたが勝った場合、", "あなたが勝ったなら、") + _CHAIN).set_parse_action(
    lambda t: [{"clash": {"win": list(t)}}]) | _CLASH.copy().set_parse_action(lambda: [{"clash": {}}])
# 118.12 "[effect] unless you <cost>": (あなたが)<cost>ないかぎり、<effect> — the cost read by the line grammar's cost
# phrases (the tokenizer gives a verb's dictionary form before ない: 捨てないかぎり = 捨てる ない 限り); the English
# grammar's unless {player, pay | pay_life | pay_cost, else}. The unless covers its own sentence only
COST_REF = pp.Forward()          # lines.COST, handed in by lines.py (which imports this module)


def _unless_cost(t):
    who, cost, effects = t[0], t[1], list(t[2:])
    spec = {"pay": cost["cost"]} if set(cost) == {"cost"} else \
        {"pay_life": cost["pay_life"]} if set(cost) == {"pay_life"} else {"pay_cost": cost}
    if who != "you" and "pay_cost" in spec:      # another player's cost is read from their side: mana or life only
        raise pp.ParseException("", 0, "unless: another player's cost other than mana or life")
    return [{"unless": dict(spec, player=who, **{"else": effects})}]


# the negative auxiliary after a verb is ない (alone the tokenizer reads the adjective 無い)
UNLESS = pp.Regex(r"ない 限り(?= |$)").suppress()
_PAYER = TV("you", "あなたが", "あなたは") | TV("its_controller", "それのコントローラーが", "そのコントローラーが")
UNLESS_COST = (pp.Opt(T("その後、", "その後")) + ((_PAYER + COST_REF + UNLESS) |
                                                  (pp.Empty().set_parse_action(lambda: ["you"]) + COST_REF + UNLESS)) +
               T("、") + _CHAIN).set_parse_action(_unless_cost)
_UNLESS_GATE = Gate(UNLESS_COST)
_UNLESS_GATE.needles = ("ない 限り",)
SENTENCE = ((_UNLESS_GATE | Gate(CLASH, "激突") | Gate(DIG, "一番上から", "一番上にある") | _IF_YOU_DO | _IF_NOT | _OTHERWISE |
             _REFLEXIVE | DELAYED | (DECLARE + pp.Opt(T("。")) + (_UNLESS_GATE | _CHAIN)) | Gate(_IF_COND, "場合", "なら") | _CHAIN |
             # a sentence that starts "その後、" ("Then, …", 608.2c: the effects happen in the order written)
             (T("その後、") + _CHAIN)) + pp.Opt(T("。"))
            ).set_parse_action(lambda t: [list(t)])
_WHERE_X = (X_IS + pp.Opt(T("。"))).set_parse_action(lambda t: [list(t)])


def _subst_x(v, x):
    """X (and -X) in a sentence's values → the value X is stated to be (107.3)."""
    text = json.dumps(v).replace('"-X"', json.dumps({"negate": x})).replace('"X"', json.dumps(x))
    return json.loads(text)


def _sentences(t):
    """The sentences' effects in order; a sentence "Xは…に等しい。" defines the X of the sentence before it (107.3, the
    English "…, where X is …"): it is substituted there, and refused when that sentence has no X."""
    out: list = []
    for sent in t:
        if len(sent) == 1 and isinstance(sent[0], dict) and "_where_x" in sent[0]:
            prev = out[-1] if out else []
            new = _subst_x(prev, sent[0]["_where_x"])
            if new == prev:
                raise pp.ParseException("", 0, "an X defined for a sentence without X")
            out[-1] = new
        else:
            out.append(sent)
    return [[e for sent in out for e in sent]]


EFFECTS = (SENTENCE + pp.ZeroOrMore(_WHERE_X | SENTENCE)).set_parse_action(_sentences)
