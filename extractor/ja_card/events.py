"""Events and trigger conditions (603.1): ~が戦場に出たとき, ~が死亡したとき, クリーチャーが1体死亡するたび,
あなたのアップキープの開始時に, あなたが呪文を唱えるたび, ~が攻撃するたび, ~がブロックするたび,
~がプレイヤーに戦闘ダメージを与えるたび, 墓地に置かれたとき (older: 場に出たとき, プレイするたび) → the English
grammar's trigger-head values ({"event", "object", "whose"}); conditions (…場合, …かぎり, …なら) likewise."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, SELF, T, TV, choice, guard
from .objects import COUNTER_KIND as _COUNTER_KIND, OBJECT

_WHEN = T("とき", "たび", "時")          # 603.2: とき (once) and たび (each time) are the same trigger word in English
_GA = T("が", "は")
_SELF = (SELF | TV(None, "このクリーチャー", "これ", "このパーマネント", "このエンチャント", "このアーティファクト", "この土地")
         ).set_parse_action(lambda: [{"object": {"self": True}}])
_CONTROL_SUFFIX = pp.Opt(TV({"controller": "you"}, "あなたのコントロール下で") |
                         TV({"controller": "opponent"}, "対戦相手のコントロール下で", "いずれかの対戦相手のコントロール下で"),
                         default={})


def _other(t):
    obj, n = t[0], (t[1] if len(t) > 1 else None)
    f = dict(obj["filter"])
    return [{"object": f}]


# "a creature" (いずれかのクリーチャーが, クリーチャーが1体, クリーチャー1体が); "one or more" (1体以上が) is a batch
_OTHER = (pp.Opt(T("いずれかの")) + OBJECT + _GA + pp.Opt(T("1体", "1つ"))).set_parse_action(_other) | \
    (OBJECT + T("1体が", "1つが")).set_parse_action(_other) | \
    (OBJECT + T("1体以上が", "1つ以上が")).set_parse_action(lambda t: [dict(_other(t)[0], batch=True)])
_SELF_OR = (_SELF + T("か") + TV({"other": True}, "他の") + OBJECT + _GA + pp.Opt(T("1体", "1つ"))).set_parse_action(
    lambda t: [{"object": {"any_of": [{"self": True}, dict(t[2]["filter"], other=True)]}}])
# the host of an Aura or Equipment (enchanted/equipped creature …, 303.4, 301.5)
_HOST_SUBJ = (TV({"object": {"enchanted": True}}, "エンチャントされているクリーチャー") |
              TV({"object": {"equipped": True}}, "装備しているクリーチャー", "装備されているクリーチャー")) + _GA
_SUBJ = _SELF_OR | (_SELF + _GA) | _HOST_SUBJ | _OTHER
# "a creature" as the object of an event verb (blocks a creature, deals damage to a creature)
_A_CREATURE = ("クリーチャー", "クリーチャー1体", "いずれかのクリーチャー")
_ENTER = T("戦場に出る", "戦場に出た", "場に出る", "場に出た")
_VERBS = choice({"死亡する": "dies", "死亡した": "dies", "攻撃する": "attacks", "ブロックする": "blocks",
                 "攻撃かブロックする": "attacks_or_blocks", "ブロックされる": "becomes_blocked",
                 "ブロックされた": "becomes_blocked", "戦場を離れる": "leaves", "戦場を離れた": "leaves",
                 "プレイヤーに戦闘ダメージを与える": "combat_damage_player",
                 "プレイヤー1人に戦闘ダメージを与える": "combat_damage_player",
                 "対戦相手1人に戦闘ダメージを与える": "combat_damage_player",
                 "いずれかのプレイヤーに戦闘ダメージを与える": "combat_damage_player",
                 "プレイヤーにダメージを与える": "damage_player", "プレイヤー1人にダメージを与える": "damage_player",
                 "戦場から墓地に置かれる": "dies_any", "戦場から墓地に置かれた": "dies_any",
                 # printed before 2009 ("is put into a graveyard from play"): Oracle "dies" (errata.py)
                 "場からいずれかの墓地に置かれる": "dies", "場からいずれかの墓地に置かれた": "dies",
                 "場から墓地に置かれる": "dies", "場から墓地に置かれた": "dies",
                 "戦場からいずれかの墓地に置かれる": "dies_any", "戦場からいずれかの墓地に置かれた": "dies_any",
                 "タップ状態になる": "becomes_tapped", "タップする": "becomes_tapped",
                 "アンタップ状態になる": "becomes_untapped",
                 "呪文や能力の対象になる": "becomes_target", "呪文や能力の対象になった": "becomes_target",
                 "表向きになる": "turned_face_up", "表向きになった": "turned_face_up",
                 # 509.1h, 509.3c: blocking and becoming blocked (…ブロックされた状態になる: "becomes blocked")
                 "ブロックされた状態になる": "becomes_blocked", "ブロックされた状態になった": "becomes_blocked",
                 "ブロックするかブロックされた状態になる": "blocks_or_blocked",
                 "攻撃するかブロックする": "attacks_or_blocks", "攻撃やブロックする": "attacks_or_blocks",
                 "単独で攻撃する": "attacks_alone",               # 506.5
                 # 120.3: a source dealing damage, to a creature or an opponent
                 "ダメージを与える": "deals_damage", "戦闘ダメージを与える": "combat_damage",
                 **{f"{c}に戦闘ダメージを与える": "combat_damage_creature" for c in _A_CREATURE},
                 **{f"{c}にダメージを与える": "damage_creature" for c in _A_CREATURE},
                 "対戦相手1人にダメージを与える": "damage_opponent", "いずれかの対戦相手にダメージを与える": "damage_opponent",
                 # 115.1: becoming a target, of a spell or of an opponent's or your spell or ability
                 "呪文の対象になる": "becomes_target_spell",
                 "対戦相手がコントロールする呪文や能力の対象になる": "becomes_target_opponent",
                 "いずれかの対戦相手がコントロールする呪文や能力の対象になる": "becomes_target_opponent",
                 "あなたがコントロールする呪文や能力の対象になる": "becomes_target_yours",
                 "変身する": "transforms", "探検を行う": "explores",
                 # two events of one object in one trigger (603.2): "enters or attacks", "enters or dies", "enters or
                 # leaves", "attacks or blocks" (…するか…するかした: the past of a pair)
                 "戦場に出るか攻撃する": "enters_or_attacks", "戦場に出たか攻撃した": "enters_or_attacks",
                 "戦場に出るか死亡する": "enters_or_dies", "戦場に出たか死亡した": "enters_or_dies",
                 "戦場に出るか戦場を離れるかする": "enters_or_leaves", "戦場に出るか戦場を離れる": "enters_or_leaves",
                 "攻撃するかブロックするかする": "attacks_or_blocks"})
# "is dealt damage" (120.3) is printed with the damaged object marked by に: ~にダメージが与えられるたび
_SUBJ_NI = (_SELF | TV({"object": {"enchanted": True}}, "エンチャントされているクリーチャー") |
            TV({"object": {"equipped": True}}, "装備しているクリーチャー", "装備されているクリーチャー") |
            (pp.Opt(T("いずれかの")) + OBJECT).set_parse_action(_other)) + T("に")
# events with a second object, filtered (509.3a/c, the English pair events' other_party): ~が飛行を持つクリーチャーを
# 1体ブロックするたび, ~がクリーチャー1体にブロックされた状態になるたび, ~が黒でないクリーチャーをブロックするか
# （それに）ブロックされた状態になるたび
_A_CREATURE_FILTER = guard(lambda t: t[0]["kind"] == "permanent" and "Creature" in (t[0]["filter"].get("types") or []),
                           lambda t: [t[0]["filter"]])
_PARTY = (pp.Opt(T("いずれかの")) + OBJECT + pp.Opt(T("1体"))).set_parse_action(_A_CREATURE_FILTER)
_PARTY_O = (pp.Opt(T("いずれかの")) + OBJECT + T("を") + pp.Opt(T("1体"))).set_parse_action(_A_CREATURE_FILTER)
_PARTY_WO = _PARTY_O | (_PARTY + T("を"))
_BLOCKED = T("ブロックされた状態になる", "ブロックされた状態になった")
PAIR = ((_SUBJ + _PARTY_WO + T("ブロックするか") + pp.Opt(_PARTY) + T("に") + _BLOCKED + _WHEN).set_parse_action(guard(
    lambda t: len(t) == 2 or t[1] == t[2],
    lambda t: [dict(t[0], event="blocks_or_blocked_by_creature", other_party=t[1])])) |
    (_SUBJ + _PARTY_WO + T("ブロックするかブロックされた状態になる") + _WHEN).set_parse_action(
        lambda t: [dict(t[0], event="blocks_or_blocked_by_creature", other_party=t[1])]) |
    (_SUBJ + _PARTY_WO + T("ブロックする") + _WHEN).set_parse_action(
        lambda t: [dict(t[0], event="blocks_creature", other_party=t[1])]) |
    (_SUBJ + _PARTY + T("に") + _BLOCKED + _WHEN).set_parse_action(
        lambda t: [dict(t[0], event="blocked_by_creature", other_party=t[1])]))
DEALT = (_SUBJ_NI + T("ダメージが与えられる") + _WHEN).set_parse_action(lambda t: [dict(t[0], event="dealt_damage")])
ENTERS = (_SUBJ + _CONTROL_SUFFIX + _ENTER + _WHEN).set_parse_action(
    lambda t: [dict(t[0], event="enters", object=dict(t[0]["object"], **t[1]))])
# the past form (…した時, 攻撃かブロックしたとき) is the same event (603.2: とき and たび alike)
def _to_graveyard(head: dict, event: str) -> str:
    """"Is put into a graveyard from the battlefield" (either printing) of an object of a stated type: Oracle says
    "dies" of creatures and keeps the long wording (dies_any) for other permanents (700.4); of ~ itself, whose type
    the line does not state, the printed wording decides."""
    types = (head.get("object") or {}).get("types") or []
    if event in ("dies", "dies_any") and types:
        return "dies" if "Creature" in types else "dies_any"
    return event


VERB = (_SUBJ + _VERBS + pp.Opt(T("た")) + _WHEN).set_parse_action(
    lambda t: [dict(t[0], event=_to_graveyard(t[0], t[1]))])
# 702.101-like battalion "whenever ~ and at least two other creatures attack"; "whenever you attack with two or more
# creatures" (508.1: the declared attackers)
BATTALION = (_SELF + T("と少なくとも") + NUM + T("体の他のクリーチャーが攻撃する") + _WHEN).set_parse_action(
    lambda t: [dict(t[0], event="attacks", with_at_least_others=t[1])])
ATTACK_WITH = ((T("あなたが") + NUM + T("体以上のクリーチャーで攻撃する") + _WHEN) |
               (T("あなたがクリーチャー") + NUM + T("体以上で攻撃する") + _WHEN)).set_parse_action(guard(
    lambda t: t[0] in (1, 2, 3), lambda t: [{"event": "attack" if t[0] == 1 else f"attack_{t[0]}", "whose": "you"}]))
_WHO = choice({"あなた": "you", "対戦相手": "opponent", "いずれかの対戦相手": "opponent", "プレイヤー": "each",
               "いずれかのプレイヤー": "each", "各プレイヤー": "each"})
CAST = (_WHO + T("が") + OBJECT + T("を唱える", "をプレイする", "を1つ唱える", "を1つプレイする") + _WHEN).set_parse_action(guard(
    lambda t: t[1]["kind"] == "spell", lambda t: [{"event": "cast", "whose": t[0], "object": t[1]["filter"]}]))
# "whenever you cast your second spell each turn" (a count of the spells cast this turn, 601.2i)
CAST_SECOND = (_WHO + T("が") + T("各ターンのあなたの2つ目の呪文を唱える", "各ターンの自分の2つ目の呪文を唱える",
                                 "各ターンにあなたの2つ目の呪文を唱える", "各ターンに自分の2つ目の呪文を唱える") + _WHEN
               ).set_parse_action(lambda t: [{"event": "cast_second", "whose": t[0]}])
# heroic: "whenever you cast a spell that targets ~" (あなたが~を対象とする呪文を1つ唱えるたび / ~を対象として呪文を唱える)
TARGETS_SELF = (T("あなたが~を対象とする呪文を", "あなたが~を対象として呪文を") + pp.Opt(T("1つ")) + T("唱える") + _WHEN
                ).set_parse_action(lambda: [{"event": "cast", "whose": "you", "object": {"targets_self": True}}])
_PLAYER_EVENTS = choice({"ライフを得る": "gain_life", "カードを引く": "draw", "ライフを失う": "lose_life",
                         "カードを1枚引く": "draw", "カードを1枚捨てる": "discard",
                         "カードを1枚サイクリングするか捨てる": "cycle_or_discard",
                         "カード1枚をサイクリングするか捨てる": "cycle_or_discard"})
PLAYER_EV = (_WHO + T("が", "は") + _PLAYER_EVENTS + _WHEN).set_parse_action(
    lambda t: [{"event": t[1], "whose": t[0]}])
LANDFALL = (T("土地が1つあなたのコントロール下で戦場に出るたび", "土地1つがあなたのコントロール下で戦場に出るたび",
              "あなたのコントロール下で土地が1つ戦場に出るたび")).set_parse_action(
    lambda: [{"event": "enters", "object": {"types": ["Land"], "controller": "you"}}])
# "when you cycle ~" (702.29): it triggers from the graveyard the card was cycled to
CYCLE_SELF = (T("あなたが~をサイクリングした", "あなたが~をサイクリングする") + _WHEN).set_parse_action(
    lambda: [{"event": "cycle_self", "whose": "you", "source_zone": "graveyard"}])
# 726.3: "whenever day becomes night or night becomes day"
DAY_NIGHT = TV({"event": "day_night_changes"}, "昼が夜になるか夜が昼になるたび", "昼が夜になるか夜が昼になる度")
EVENT = DAY_NIGHT | CYCLE_SELF | LANDFALL | BATTALION | ATTACK_WITH | ENTERS | PAIR | VERB | DEALT | TARGETS_SELF | CAST_SECOND | CAST | PLAYER_EV

_WHOSE = choice({"あなたの": "you", "各プレイヤーの": "each", "各対戦相手の": "opponent", "各": "each",
                 "対戦相手の": "opponent"})
_STEP = choice({"アップキープ": "upkeep", "終了ステップ": "end_step", "ドロー・ステップ": "draw_step",
                "戦闘": "begin_combat", "戦闘前メイン・フェイズ": "main1"})
AT = T("あなたのターンの戦闘の開始時に").set_parse_action(lambda: [{"event": "begin_combat", "whose": "you"}]) | \
    (_WHOSE + _STEP + T("の開始時に")).set_parse_action(lambda t: [{"event": t[1], "whose": t[0]}]) | \
    (T("終了ステップの開始時に")).set_parse_action(lambda: [{"event": "end_step", "whose": "each"}]) | \
    (T("ターン終了時に")).set_parse_action(lambda: [{"event": "end_step", "whose": "each"}])   # printed "at end of turn"

# ---------------------------------------------------------------- conditions (603.4, 611.3)
CONDITION = ((T("あなたが") + OBJECT + T("をコントロールしている")).set_parse_action(
    lambda t: [{"control_at_least": {"n": 1, "filter": t[0]["filter"]}}]) |
    (T("あなたが") + NUM + T("つ以上の", "体以上の") + OBJECT + T("をコントロールしている")).set_parse_action(
        lambda t: [{"control_at_least": {"n": t[0], "filter": t[1]["filter"]}}]) |
    (T("あなたが") + OBJECT + T("を") + NUM + T("つ以上", "体以上") + T("コントロールしている")).set_parse_action(
        lambda t: [{"control_at_least": {"n": t[1], "filter": t[0]["filter"]}}]) |
    (T("あなたが") + OBJECT + NUM + T("つ以上を", "体以上を") + T("コントロールしている")).set_parse_action(
        lambda t: [{"control_at_least": {"n": t[1], "filter": t[0]["filter"]}}]) |
    (T("あなたが") + OBJECT + T("を") + NUM + T("個以上") + T("コントロールしている")).set_parse_action(
        lambda t: [{"control_at_least": {"n": t[1], "filter": t[0]["filter"]}}]) |
    (T("あなたのライフが") + NUM + T("点以上である", "点以上")).set_parse_action(lambda t: [{"life_at_least": t[0]}]) |
    (T("あなたのライフが") + NUM + T("点以下である", "点以下")).set_parse_action(lambda t: [{"life_at_most": t[0]}]) |
    # 611.3: counts of a hand or graveyard — "an opponent has N or more cards in their graveyard", "there are N or
    # more land cards in your graveyard", "you have N or fewer cards in hand"
    (T("対戦相手1人の墓地に", "いずれかの対戦相手の墓地に") + T("カードが") + NUM + T("枚以上ある")).set_parse_action(
        lambda t: [{"opponent_graveyard_at_least": t[0]}]) |
    (T("あなたの墓地に") + OBJECT + T("が") + NUM + T("枚以上ある")).set_parse_action(guard(
        lambda t: t[0]["kind"] == "card" and t[0]["filter"] and set(t[0]["filter"]) <= {"types", "subtypes", "supertypes"},
        lambda t: [{"count_at_least": {"n": t[1], "zone": "graveyard", "filter": dict(t[0]["filter"], owner="you")}}])) |
    (T("あなたの手札のカードが", "あなたの手札にあるカードが") + NUM + T("枚以下である")).set_parse_action(
        lambda t: [{"hand_at_most": t[0]}]) |
    # 611.3 "as long as" states of the source itself and of its controller's hand and graveyard
    (T("あなたの墓地に") + NUM + T("枚以上のカードがある")).set_parse_action(lambda t: [{"graveyard_at_least": t[0]}]) |
    (T("あなたの墓地にカードが") + NUM + T("枚以上ある")).set_parse_action(lambda t: [{"graveyard_at_least": t[0]}]) |
    (T("あなたの墓地にあるカードにカード・タイプが合計") + NUM + T("種類以上含まれる")).set_parse_action(
        lambda t: [{"card_types_in_graveyard_at_least": t[0]}]) |
    (T("あなたの手札のカードの枚数が") + NUM + T("枚以上である")).set_parse_action(lambda t: [{"hand_at_least": t[0]}]) |
    (T("あなたの手札に") + NUM + T("枚以上のカードがある")).set_parse_action(lambda t: [{"hand_at_least": t[0]}]) |
    ((SELF | TV(None, "これ")).suppress() + T("の上に") + _COUNTER_KIND + T("カウンターが置かれている")).set_parse_action(
        lambda t: [{"self_has_counter": t[0]}]) |
    TV({"self_monstrous": True}, "~が怪物的である", "これが怪物的である") |
    TV({"self_untapped": True}, "~がアンタップ状態である", "これがアンタップ状態である") |
    TV({"self_tapped": True}, "~がタップ状態である", "これがタップ状態である") |
    TV({"self_equipped": True}, "~に装備品がついている", "これに装備品がついている", "~が装備されている") |
    TV({"hand_empty": True}, "あなたの手札にカードが1枚もない", "あなたの手札にカードがない") |
    TV({"your_turn": True}, "あなたのターンである") | TV({"self_attacking": True}, "~が攻撃している") |
    # "if you control no …" (603.4)
    (T("あなたが") + OBJECT + T("をコントロールしていない")).set_parse_action(
        lambda t: [{"control_none": t[0]["filter"]}]) |
    # the English grammar's named conditions of this turn and of the source (raid, revolt, morbid, kicked, …)
    choice({**{f"{p}{w}": v for p in ("このターンに", "このターン", "このターン、") for w, v in (
        ("あなたがコントロールするパーマネントが戦場を離れていた", {"revolt": True}),
        ("あなたがコントロールしているパーマネントが戦場を離れていた", {"revolt": True}),
        ("あなたがクリーチャーで攻撃していた", {"attacked_this_turn": True}),
        ("あなたが攻撃していた", {"attacked_this_turn": True}),
        ("クリーチャーが死亡していた", {"creature_died_this_turn": True}),
        ("あなたがライフを得ていた", {"gained_life_this_turn": True}),
        ("対戦相手がライフを失っていた", {"opponent_lost_life_this_turn": True}),
        ("いずれかのクリーチャーが死亡していた", {"creature_died_this_turn": True}))},
        # 601.2: the spell that became this permanent was cast from its controller's hand
        **{f"あなたが{s}を{h}手札から唱えていた": {"cast_from_hand": True} for s in ("~", "これ") for h in ("あなたの", "")},
        **{f"{s}がキッカーされていた": {"kicked": True} for s in ("~", "これ", "それ")},
        **{f"{s}がキッカーされている": {"kicked": True} for s in ("~", "これ", "それ")},
        "あなたのターンでない": {"your_turn": False}, "あなたが都市の承認を持っている": {"citys_blessing": True},
        "~がエンチャントされている": {"self_enchanted": True}, "夜である": {"night": True},
        "昼である": {"day": True}}) |
    # the day/night werewolf checks of the turn before (Innistrad transform triggers, 603.4)
    TV({"no_spells_last_turn": True}, "直前のターンに呪文が唱えられていなかった") |
    TV({"two_spells_last_turn": True}, "直前のターンにプレイヤー1人が2つ以上の呪文を唱えていた",
       "直前のターンにいずれかのプレイヤーが2つ以上の呪文を唱えていた",
       "直前のターンに1人のプレイヤーが2つ以上の呪文を唱えていた"))
INTERVENING_IF = (CONDITION + T("場合", "なら") + T("、")).set_parse_action(lambda t: [{"if": t[0]}])   # 603.4
# 603.8: a state trigger — "whenever [a game state]" triggers whenever the state is true (…たび after a condition)
STATE = (CONDITION + T("たび")).set_parse_action(lambda t: [{"event": "state", "if": t[0]}])
TRIGGER_HEAD = (EVENT | AT | STATE)
