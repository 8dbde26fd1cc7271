"""End to end on real cards compiled from ../shared/cards/AtomicCards.json: statements naming real spells and
creatures (issue 20, named cards) — a burn spell's own damage staged once (704.5g), a named spell cast at a named
target (601.2c), Q&A on one line — each true form confirmed and each false form contradicted (or not decided),
never the opposite."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge, undecided

NAMES = ["Shock", "Lightning Bolt", "Hill Giant", "Grizzly Bears", "Serra Angel", "Murder", "Darksteel Myr",
         "Air Elemental", "Giant Spider", "White Knight", "Lightning Strike", "Swords to Plowshares",
         "Typhoid Rats", "Vampire Nighthawk", "Elvish Visionary", "Negate", "Counterspell",
         "Essence Scatter", "Wrath of God", "Pillarfield Ox"]

CASES = [
    # (text, truth)
    ("《ショック》で2点のダメージを受けた《丘巨人》は破壊されない。", True),
    ("《ショック》で2点のダメージを受けた《丘巨人》は破壊される。", False),
    ("《灰色熊》が《ショック》で2点のダメージを受けた場合、《灰色熊》は破壊される。", True),
    # the topic card dealt a named spell's damage (「…は《稲妻》で3点のダメージを受けても」): staged once, never twice
    ("《柱平原の雄牛》は《稲妻》で3点のダメージを受けても破壊されない。", True),
    ("《柱平原の雄牛》は《稲妻》で3点のダメージを受けると破壊される。", False),
    ("《灰色熊》が《ショック》で2点のダメージを受けた場合でも、《灰色熊》は破壊されない。", False),
    ("《稲妻》で《セラの天使》を対象にした場合、《セラの天使》は破壊されない。", True),
    ("《稲妻》で《セラの天使》を対象にした場合、《セラの天使》は破壊される。", False),
    ("《殺害》で《ダークスティールのマイア》を対象にしても、《ダークスティールのマイア》は破壊されない。", True),
    ("《殺害》で《ダークスティールのマイア》を対象にすると、《ダークスティールのマイア》は破壊される。", False),
    ("Q: 《灰色熊》は《大気の精霊》をブロックできますか？ A: いいえ、できません。", True),
    ("Q: 《灰色熊》は《大気の精霊》をブロックできますか？ A: はい、できます。", False),
    ("Q: 《白騎士》を《殺害》の対象にできますか？ A: いいえ、できません。", True),
    ("Q: 《白騎士》を《殺害》の対象にできますか？ A: はい、できます。", False),
    # the topic card is the cause: 'XはYを破壊 / 追放できる'
    ("《稲妻の一撃》は《丘巨人》を破壊できる。", True),
    ("《ショック》は《丘巨人》を破壊できる。", False),
    ("《剣を鍬に》は《ダークスティールのマイア》を追放できる。", True),
    ("《殺害》は《ダークスティールのマイア》を破壊できる。", False),
    # an unblocked named attacker deals its power to the defending player (509.1h, 510.1)
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーは2点のダメージを受ける。", True),
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーは3点のダメージを受ける。", False),
    ("《セラの天使》がブロックされなかった場合、防御プレイヤーは4点の戦闘ダメージを受ける。", True),
    # 「AがBにブロックされた」: B blocks A (509.1a), combat damage dealt (510.2, deathtouch 702.2b)
    ("《チフス鼠》にブロックされた《丘巨人》は破壊される。", True),
    ("《チフス鼠》にブロックされた《丘巨人》は破壊されない。", False),
    ("《大気の精霊》が《大蜘蛛》にブロックされた場合、《大蜘蛛》は破壊される。", True),
    ("《大気の精霊》が《大蜘蛛》にブロックされた場合、《大気の精霊》は破壊される。", False),
    ("《吸血鬼の夜鷲》にブロックされた《セラの天使》は破壊される。", True),
    # 「《X》が戦場に出たとき」 of X's own result: X's entering trigger, staged by casting X (603.6a)
    ("《エルフの幻想家》が戦場に出たとき、そのコントローラーはカードを1枚引く。", True),
    ("《エルフの幻想家》が戦場に出たとき、そのコントローラーはカードを2枚引く。", False),
    # the topic counterspell and a spell described by its type (701.5, 115.1)
    ("《否認》はクリーチャー呪文を打ち消せない。", True),
    ("《否認》はクリーチャー呪文を打ち消せる。", False),
    ("《対抗呪文》はクリーチャー呪文も打ち消すことができる。", True),
    ("《本質の散乱》がエンチャント・クリーチャーを打ち消せる。", True),
    ("《本質の散乱》はエンチャント呪文を打ち消せる。", False),
    # 「《X》が解決されると」: the cause resolving (608.2), a sweeper cast with no target
    ("《神の怒り》が解決されると、《灰色熊》と《セラの天使》はどちらも破壊される。", True),
    ("《神の怒り》が解決されても、《ダークスティールのマイア》は破壊されない。", True),
    ("《神の怒り》が解決されると、《ダークスティールのマイア》は破壊される。", False),
]
# what the scenario would not stage as stated (an amount the named spell does not deal, …): never decided
UNDECIDED = ["《否認》はクリーチャーでない呪文を打ち消せない。",      # not a type description: never 'Creature'
             "《ショック》で3点のダメージを受けた《丘巨人》は破壊される。",
             "《柱平原の雄牛》は《稲妻》で4点のダメージを受けると破壊される。",
             # not blocked is not blocked: never staged as a block, nor the blocker dropped
             "《灰色熊》が《大蜘蛛》にブロックされなかった場合、《灰色熊》は破壊される。",
             "《灰色熊》がブロックされた場合、《灰色熊》は破壊されない。",
             # another card entering is not the drawing card's own trigger
             "《灰色熊》が戦場に出たとき、《エルフの幻想家》のコントローラーはカードを1枚引く。",
             "《稲妻》で《灰色熊》を対象にした場合、《セラの天使》は破壊されない。"]


table, nlp = card_fixtures(NAMES)


@pytest.mark.parametrize("text, truth", CASES, ids=[c[0][:24] for c in CASES])
def test_named_cards_on_real_cards(nlp, table, text, truth):
    judge(_verdicts(nlp, table, None, text), truth)


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:24] for t in UNDECIDED])
def test_unstaged_facts_are_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))
