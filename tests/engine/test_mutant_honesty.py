"""Honesty of the card and number mutants (bench/bench_mutants.py): facts a sentence states that a confirmed claim
left unchecked.  Each true statement (written here from the construction, CR and card file) with mutations that
must NOT be confirmed:

- a written-out activated ability whose cost sacrifices the card (602.1a: cost, colon, effect; 602.2b): the mana
  and tap symbols name which ability is meant, so an ability with another cost is not it;
- a quoted rule given as the reason (「「S」というルールがあるので、Y」): S's claim, true, is Y's premise and never decides
  the line by itself (``reason_for``, as a reason clause's claim);
- an object described by a keyword it lacks (「警戒を持たないクリーチャー」) is any such object, so it is read with each
  keyword another described object is said to have: a lacked keyword that is not the one the outcome turns on
  makes the readings disagree (standins.others_keywords);
- a player named through another (「対戦相手の対戦相手」, 102.3) as a targeting source's controller is not the player
  the words after it name: kept unread (outcomes.player_of_player);
- 「(X は)飛行を持つので、《Y》をブロックできる」: the blocker is the unstated subject the reason is about, never "any
  creature" (outcome._out_blocked) — else a plain creature blocking Y confirms a cause that makes no difference;
- a card type or colour given as the cause (「《X》はクリーチャー呪文なので」, 109.3) is one only when the outcome differs
  for X without it (card_facts._without_types), as a keyword given as the cause;
- a combat story's later description (「…ブロックされた場合、トランプルクリーチャーは…」) is the attacker again only when
  its keywords are the attacker's (or the blocker's): another keyword is an object not staged (outcomes._combat);
- 「《X》の能力は誘発しない」 of a card with no abilities is never vacuously true (triggers._syn_trigger_count);
- a count of blockers read is staged as read: 「0体のクリーチャーで」 is no block of one creature (combat._counted_blocks).
"""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

pytestmark = pytest.mark.shared

table, nlp = card_fixtures(["Golden Egg", "Grizzly Bears", "Serra Angel", "Ornithopter", "Wind Drake",
                             "Heliod, God of the Sun", "Negate", "Lightning Bolt", "Essence Scatter",
                             "Blood Artist", "Swords to Plowshares"])

# (true statement, [its mutations: each false])
CASES = [
    # 602.1a / 602.2b: Golden Egg's second ability costs {2}, {T} and the Egg itself
    ("(2),(T),《黄金の卵》を生け贄に捧げる:あなたは3点のライフを得る。",
     ["(3),(T),《黄金の卵》を生け贄に捧げる:あなたは3点のライフを得る。",
      "(1),(T),《黄金の卵》を生け贄に捧げる:あなたは3点のライフを得る。",
      "(2),《黄金の卵》を生け贄に捧げる:あなたは3点のライフを得る。",
      "(2),(T),《黄金の卵》を生け贄に捧げる:あなたは4点のライフを得る。"]),
    # 704.5f: toughness 0 puts even an indestructible creature into the graveyard (702.12b ignores only destruction)
    ("「タフネスが0以下のクリーチャーはオーナーの墓地に置かれる」というルールがあるので、破壊不能を持つクリーチャーでもタフネスが"
     "0になれば墓地に置かれる。",
     ["「タフネスが0以下のクリーチャーはオーナーの墓地に置かれる」というルールがあるので、破壊不能を持つクリーチャーでもタフネスが"
      "1になれば墓地に置かれる。",
      "「タフネスが0以下のクリーチャーはオーナーの墓地に置かれる」というルールがあるので、破壊不能を持つクリーチャーは墓地に"
      "置かれない。"]),
    # 702.7b: a first striker deals its damage before creatures without first strike or double strike (702.4b:
    # without first strike only, the statement is not confirmed — test_lacking_keywords.py); told by a 2/2 dying
    # before it deals damage, so a creature that may be indestructible (702.12b) is denied that too
    ("先制攻撃を持つクリーチャーは、先制攻撃も二段攻撃も破壊不能も持たないクリーチャーより先に戦闘ダメージを与える。",
     ["先制攻撃を持つクリーチャーは、警戒を持たないクリーチャーより先に戦闘ダメージを与える。",
      "先制攻撃を持つクリーチャーは、速攻を持たないクリーチャーより先に戦闘ダメージを与える。",
      "先制攻撃を持たないクリーチャーは、先制攻撃を持つクリーチャーより先に戦闘ダメージを与える。"]),
    # 702.9b: a flyer is blocked only by creatures with flying or reach
    ("飛行を持つクリーチャーは、飛行も到達も持たないクリーチャーにブロックされない。",
     ["飛行を持つクリーチャーは、警戒を持たないクリーチャーにブロックされない。",
      "飛行を持つクリーチャーは、飛行も到達も持たないクリーチャーにブロックされる。"]),
    # 702.11b: hexproof — not the target of spells or abilities an opponent controls
    ("呪禁(このクリーチャーは、対戦相手がコントロールする呪文や能力の対象にならない。)",
     ["呪禁(このクリーチャーは、対戦相手の対戦相手がコントロールする呪文や能力の対象にならない。)",
      "呪禁(このクリーチャーは、対戦相手がコントロールする呪文や能力の対象になる。)"]),
    # 702.9b: flying lets Ornithopter block a flyer; it blocks Grizzly Bears with or without it
    ("《羽ばたき飛行機械》は0/2のクリーチャーだ。飛行を持つので、《風のドレイク》をブロックできる。",
     ["《羽ばたき飛行機械》は0/2のクリーチャーだ。飛行を持つので、《灰色熊》をブロックできる。",
      "《羽ばたき飛行機械》は0/2のクリーチャーだ。飛行を持つので、《風のドレイク》をブロックできない。"]),
    # Negate counters a noncreature spell only: a god on the stack is a creature spell (the Theros gods)
    ("《太陽の神、ヘリオッド》はクリーチャー呪文なので《否認》では打ち消せない。",
     ["《太陽の神、ヘリオッド》はクリーチャー呪文なので《稲妻》では打ち消せない。",
      "《太陽の神、ヘリオッド》は白なので《否認》では打ち消せない。",
      "《太陽の神、ヘリオッド》はクリーチャー呪文なので《否認》で打ち消せる。"]),
    # 702.19b: a trampler assigns lethal damage to its blocker and the rest to the player
    ("たとえば、6/6トランプルクリーチャーの攻撃が、2/2のクリーチャーにブロックされた場合、トランプルクリーチャーはブロック"
     "クリーチャーに2点のダメージを与えて殺してしまった上、残り4点のダメージをプレイヤーに与える。",
     ["たとえば、6/6トランプルクリーチャーの攻撃が、2/2のクリーチャーにブロックされた場合、飛行クリーチャーはブロック"
      "クリーチャーに2点のダメージを与えて殺してしまった上、残り4点のダメージをプレイヤーに与える。",
      "たとえば、6/6トランプルクリーチャーの攻撃が、2/2のクリーチャーにブロックされた場合、トランプルクリーチャーはブロック"
      "クリーチャーに2点のダメージを与えて殺してしまった上、残り5点のダメージをプレイヤーに与える。"]),
    # 603.6c / 603.10a: Blood Artist sees itself die, not itself exiled
    ("《血の芸術家》が《剣を鍬に》で追放されても、《血の芸術家》の能力は誘発しない。",
     ["《灰色熊》が《剣を鍬に》で追放されても、《灰色熊》の能力は誘発しない。",
      "《血の芸術家》が《剣を鍬に》で追放されると、《血の芸術家》の能力は誘発する。"]),
    # 702.110b: menace — blocked only by two or more creatures
    ("威迫を持つクリーチャーは、1体のクリーチャーだけではブロックされない。",
     ["威迫を持つクリーチャーは、0体のクリーチャーだけではブロックされない。",
      "威迫を持つクリーチャーは、2体のクリーチャーだけではブロックされない。",
      "威迫を持つクリーチャーは、1体のクリーチャーだけでもブロックされる。"]),
]


@pytest.mark.parametrize("true, mutants", CASES, ids=[c[0][:16] for c in CASES])
def test_a_true_statement_holds_and_its_mutations_are_not_confirmed(nlp, table, true, mutants):
    judge(_verdicts(nlp, table, None, true), True)          # the construction is read and confirmed
    confirmed = [(text, v.kind, v.reason[:150]) for text in mutants for v in _verdicts(nlp, table, None, text)
                 if v.verdict == "confirmed"]
    assert not confirmed, confirmed                          # no mutated (false) statement is


def test_the_written_out_cost_is_read():
    from extractor.claims.results import stated_cost
    assert stated_cost("(2),(T),〔0〕を生け贄に捧げる:あなたは3点のライフを得る。") == {"mana": ["2"], "tap": True,
                                                                                    "untap": False}
    assert stated_cost("{1}{W}, {T}, 〔0〕を生け贄に捧げる：カードを1枚引く。")["mana"] == ["1", "W"]
    assert stated_cost("〔0〕を生け贄に捧げると、あなたは3点のライフを得る。") is None
