"""A declared attack and block between named creatures, read by composition and judged by running the combat
(issue 20; extractor/claims/compose_combat.py, engine/crosscheck/outcome_combat.py): who survives (「生き残る」,
510.2 / 704.5g), 「両方とも」 (each of the two), the topic (は) a later clause is about, the damage an attacker deals
to the defending player (510.1a, 702.19b: "can deal N" is a bound) and the defending player's life (119.3).
Each true statement beside mutants (the card, the number, the polarity), never confirmed."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import card_fixtures

NAMES = ["Vampire Nighthawk", "Grizzly Bears", "Goblin Piker", "White Knight", "Hill Giant", "Typhoid Rats", "Craw Wurm",
         "Colossal Dreadmaw", "Ball Lightning", "Serra Angel", "Giant Spider", "Youthful Knight", "Watchwolf",
         "Black Knight"]

CASES = [
    ("《丘巨人》が《灰色熊》をブロックした場合、《丘巨人》は生き残る。", True),
    ("《丘巨人》が《灰色熊》をブロックした場合、《灰色熊》は生き残る。", False),        # the card swapped
    ("《丘巨人》が《灰色熊》をブロックした場合、《丘巨人》は生き残らない。", False),    # the polarity
    ("《灰色熊》が《ゴブリンの長槍使い》をブロックした場合、両方とも破壊される。", True),
    ("《白騎士》が《灰色熊》をブロックした場合、両方とも破壊される。", False),
    ("《灰色熊》は《白騎士》にブロックされても破壊されない。", False),              # first strike (510.4)
    ("《大蜘蛛》は《灰色熊》をブロックしても破壊されない。", True),                    # the topic (は)
    ("《灰色熊》は《大蜘蛛》をブロックしても破壊されない。", False),
    ("《大喰らいのワーム》は《チフス鼠》にブロックされても破壊されない。", False),      # deathtouch (702.2b)
    ("《ボール・ライトニング》が《灰色熊》にブロックされた場合、防御プレイヤーに4点のダメージを与えることができる。", True),
    ("《ボール・ライトニング》が《灰色熊》にブロックされた場合、防御プレイヤーに3点のダメージを与えることができる。", True),
    ("《ボール・ライトニング》が《灰色熊》にブロックされた場合、防御プレイヤーに5点のダメージを与えることができる。", False),
    ("《巨大な戦慄大口》が《チフス鼠》にブロックされた場合、防御プレイヤーに6点のダメージを与えることができる。", False),
    ("《セラの天使》がブロックされなかった場合、防御プレイヤーのライフは4点減る。", True),
    ("《番狼》がブロックされなかった場合、防御プレイヤーのライフは2点減る。", False),
    # 702.15b: the controller of the named lifelinker gains its damage, the other player nothing
    ("《大喰らいのワーム》が《吸血鬼の夜鷲》にブロックされた場合、《吸血鬼の夜鷲》のコントローラーは2点のライフを得る。", True),
    ("《大喰らいのワーム》が《吸血鬼の夜鷲》にブロックされた場合、《吸血鬼の夜鷲》のコントローラーは6点のライフを得る。", False),
    ("《大喰らいのワーム》が《吸血鬼の夜鷲》にブロックされた場合、《大喰らいのワーム》のコントローラーは2点のライフを得る。", False),
    # 702.2b, 702.12b: any damage from a deathtouch source is lethal; indestructible survives lethal damage
    ("接死を持つクリーチャーからダメージを受けたクリーチャーは、その量に関わらず破壊される。", True),
    ("破壊不能を持つクリーチャーでも、致死ダメージを負えば破壊される。", False),
    ("破壊不能を持たないクリーチャーは、致死ダメージを負えば破壊される。", True),
    # 510.1a: an unblocked attacker deals damage equal to its power (each P/T reading of a described one)
    ("ブロックされなかった攻撃クリーチャーは、そのパワーに等しい戦闘ダメージを防御プレイヤーに与える。", True),
    ("《セラの天使》がブロックされなかった場合、そのパワーに等しい戦闘ダメージを防御プレイヤーに与える。", True),
    # 510.4: 「より後に」 is the mirror of 「より先に」
    # (without first strike only: it may have double strike, 702.4b — not confirmed, test_lacking_keywords.py;
    # told by it dying first, so indestructible, 702.12b, is denied too)
    ("先制攻撃も二段攻撃も破壊不能も持たないクリーチャーは、先制攻撃を持つクリーチャーより後に戦闘ダメージを与える。", True),
    ("先制攻撃を持つクリーチャーは、先制攻撃を持たないクリーチャーより後に戦闘ダメージを与える。", False),
    ("二段攻撃を持つクリーチャーは、先制攻撃を持たないクリーチャーより後に戦闘ダメージを与える。", False),
]


table, nlp = card_fixtures(NAMES)


def _composed(nlp, table, text: str) -> list[str]:
    from engine import crosscheck as cc
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument

    raw = RawDocument(title="テスト", text=text, path="cd.txt", form="text", key="cd.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="cd.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:cd.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    return [cc.check_claim(c, table).verdict for c in doc.claims if c.kind == "composed"]


@pytest.mark.parametrize("text, truth", CASES, ids=[c[0][:30] for c in CASES])
def test_a_named_combat_is_staged_and_observed(nlp, table, text, truth):
    assert _composed(nlp, table, text) == ["confirmed" if truth else "contradicted"]


@pytest.mark.parametrize("text", [
    # 「両方とも…ない」: neither, or not both — the words do not say which
    "《丘巨人》が《灰色熊》をブロックした場合、両方とも破壊されない。",
    # two cards and a が subject: which one the outcome is about is not told
    "《灰色熊》が《白騎士》にブロックされても破壊されない。",
    # neither has first strike: the damage is simultaneous, neither deals it after the other
    "先制攻撃を持たないクリーチャーは、先制攻撃を持たないクリーチャーより後に戦闘ダメージを与える。",
    # 「攻撃クリーチャー」 with no event staging its attack: the attack would be lost
    "攻撃クリーチャーはタップされない。",
    # 「両方とも」 with one creature staged
    "《セラの天使》がブロックされなかった場合、両方とも破壊される。",
])
def test_what_the_words_leave_open_is_never_decided(nlp, table, text):
    got = _composed(nlp, table, text)
    assert "confirmed" not in got and "contradicted" not in got, got


@pytest.mark.parametrize("text", [
    # the keyword given as the reason restricts WHICH creatures may block it (702.16f): a plain blocker is not the one meant
    "《白騎士》はプロテクション（黒）を持つので、ブロックされない。",
    # the answer leaves out the blocker its question names: a plain stand-in would contradict a true answer
    "Q: 《白騎士》は《黒騎士》にブロックされますか？\nA: いいえ。《白騎士》はプロテクション（黒）を持つので、ブロックされません。",
])
def test_an_unstated_blocker_meant_by_the_context_is_not_a_plain_creature(nlp, table, text):
    assert "contradicted" not in _composed(nlp, table, text)
