"""Named spells, read by composition (issue 20; extractor/claims/compose_spells.py, engine/crosscheck/
outcome_spells.py): generated statements about real spells with an automatic key.

The key is read off the card file's Oracle text (「deals N damage」, 「gets +P/+T」, 「Destroy target」 / 「Return
target … to its owner's hand」); the checker casts the card the engine compiled and observes the result — two
sources, so a wrong compile or a wrong reading fails.  Constructions: a spell's own damage to 「対象」 / 「対戦相手」
/ unstated (120.3, 115.4), a spell cast at a named creature (「〔X〕の対象になった〔Y〕」「〔X〕を唱えられた〔Y〕」「〔X〕が対象とした〔Y〕」,
601.2c, 608.2) and what its resolution leaves (destroyed 701.8, returned to its owner's hand 400.3, P/T 613.4c);
an Aura or Equipment on a named creature (「〔X〕がつけられた〔Y〕」「〔X〕を装備した〔Y〕」, 303.4, 301.5: its P/T, and
Pacifism's attack / block restrictions 508.1c, 509.1b).
Each true statement is mutated (the amount, the P/T, the zone, the card swapped) into false ones: none is
confirmed, no true one contradicted, each decided.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from conftest import shared_path
from test_crosscheck_g4 import _verdicts, card_fixtures, wrong_and_missed, undecided

pytestmark = pytest.mark.shared

BURN = ["Shock", "Lightning Bolt", "Incinerate", "Volcanic Hammer", "Lava Axe", "Lightning Strike"]
REMOVAL = ["Murder", "Doom Blade", "Unsummon"]
PUMPS = ["Giant Growth", "Titanic Growth"]
ATTACHED = ["Bonesplitter", "Holy Strength", "Rancor"]              # an Equipment and Auras that give +P/+T
CREATURES = ["Grizzly Bears", "Giant Spider", "Craw Wurm", "Savannah Lions"]


@lru_cache(maxsize=1)
def oracle() -> dict[str, dict]:
    with open(shared_path("cards", "AtomicCards.json"), encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    out = {}
    for name in BURN + REMOVAL + PUMPS + CREATURES + ATTACHED + ["Pacifism"]:
        f = data[name][0]
        out[name] = {"ja": next(x["name"] for x in f["foreignData"] if x.get("language") == "Japanese"),
                     "text": f.get("text", ""), "pt": (f.get("power"), f.get("toughness")),
                     "instant": "Instant" in f.get("types", [])}
    return out


def statements() -> list[tuple[str, bool]]:
    o = oracle()
    out: list[tuple[str, bool]] = []
    for name in BURN:                                                        # 120.3: its own damage
        ja, n = o[name]["ja"], int(re.search(r"deals (\d+) damage", o[name]["text"]).group(1))
        out += [(f"《{ja}》は対戦相手に{n}点のダメージを与える。", True),
                (f"《{ja}》は対戦相手に{n + 1}点のダメージを与える。", False),
                (f"《{ja}》は{n - 1}点のダメージを与える。", False)]
        # its damage and its card type together (「2点のダメージを与えるインスタントである」, 205.2a)
        kind, other = ("インスタント", "ソーサリー") if o[name]["instant"] else ("ソーサリー", "インスタント")
        out += [(f"《{ja}》は{n}点のダメージを与える{kind}である。", True),
                (f"《{ja}》は{n + 1}点のダメージを与える{kind}である。", False),
                (f"《{ja}》は{n}点のダメージを与える{other}である。", False)]
        if "any target" in o[name]["text"]:
            out.append((f"《{ja}》は対象に{n}点のダメージを与える。", True))
        if " " in name:         # a bare English name of one word (Shock) is a word, not a card, unless the page names it
            out.append((f"{name}は{n}点のダメージを与える。", True))
    for i, name in enumerate(REMOVAL):                                      # 608.2: what its resolution leaves
        ja, bear = o[name]["ja"], o[CREATURES[i % 2]]["ja"]
        to_hand = "owner's hand" in o[name]["text"]
        right, wrong = ("オーナーの手札に戻る", "破壊される") if to_hand else ("破壊される", "オーナーの手札に戻る")
        out += [(f"《{ja}》の対象になった《{bear}》は{right}。", True),
                (f"《{ja}》の対象になった《{bear}》は{wrong}。", False),
                (f"《{ja}》が対象とした《{bear}》は{right}。", True),
                (f"《{ja}》が対象とした《{bear}》は{wrong}。", False),
                (f"《{ja}》で、《{bear}》は{right}。", True),                 # the instrument 「〔X〕で」
                (f"《{ja}》で《{bear}》は{wrong}。", False)]
    for name in PUMPS:                                                      # 613.4c
        ja = o[name]["ja"]
        dp, dt = (int(x) for x in re.search(r"gets \+(\d+)/\+(\d+)", o[name]["text"]).groups())
        for c in CREATURES:
            p, t = (int(x) for x in o[c]["pt"])
            out += [(f"《{ja}》を唱えられた《{o[c]['ja']}》は{p + dp}/{t + dt}になる。", True),
                    (f"《{ja}》を唱えられた《{o[c]['ja']}》は{p + dp}/{t}になる。", False),
                    (f"《{ja}》で《{o[c]['ja']}》は{p + dp}/{t + dt}になる。", True),
                    (f"《{ja}》で《{o[c]['ja']}》は{p}/{t + dt}になる。", False)]
    for i, name in enumerate(ATTACHED):                                     # 303.4, 301.5, 613.4c
        ja = o[name]["ja"]
        dp, dt = (int(x) for x in re.search(r"gets \+(\d+)/\+(\d+)", o[name]["text"]).groups())
        c = CREATURES[i % len(CREATURES)]
        p, t = (int(x) for x in o[c]["pt"])
        verb = "を装備した" if "Equip" in o[name]["text"] else "がつけられた"
        out += [(f"《{ja}》{verb}《{o[c]['ja']}》は{p + dp}/{t + dt}になる。", True),
                (f"《{ja}》{verb}《{o[c]['ja']}》は{p + dp + 1}/{t + dt}になる。", False)]
    pac = o["Pacifism"]["ja"]                                               # 508.1c, 509.1b: can't attack or block
    for c in CREATURES[:2]:
        bear = o[c]["ja"]
        out += [(f"《{pac}》がつけられた《{bear}》は攻撃できない。", True), (f"《{pac}》がつけられた《{bear}》は攻撃できる。", False),
                (f"《{pac}》がつけられた《{bear}》はブロックできない。", True),
                (f"《{pac}》がつけられた《{bear}》はブロックできる。", False)]
    return out


# never decided: a creature dealt a burn spell's damage (lethal damage would not tell the amount, 704.5g), a denial,
# a modal spell, an illegal target (601.2c), a spell with no target cast at an object
UNDECIDED = ["《稲妻》は《大喰らいのワーム》に3点のダメージを与える。",
             # 「〔X〕のコントローラー」: X must be staged, the one card whose triggered ability changes the life total
             "《灰色熊》が死亡すると、《血の芸術家》のコントローラーは1点のライフを得る。",
             "《血の芸術家》が戦場にあるとき、《灰色熊》が死亡すると、《灰色熊》のコントローラーは1点のライフを得る。",
             "《稲妻》は対象に3点のダメージを与えない。",
             "《治癒の軟膏》は対象に3点のダメージを与える。",
             "《恐怖》の対象になった《黒騎士》は破壊される。",
             "《神の怒り》の対象になった《灰色熊》は破壊される。",
             "《灰色熊》で《大蜘蛛》は破壊される。",                  # an instrument that is no spell
             "《殺害》で《灰色熊》が死亡した場合、《大蜘蛛》は破壊される。"]     # the instrument of another clause


# a named creature's trigger on another's death (603.2, 603.3a: its controller gains the life; 「〔X〕が戦場にあるとき」)
TRIGGERS = [("《血の芸術家》が戦場にあるとき、《灰色熊》が死亡すると、《血の芸術家》のコントローラーは1点のライフを得る。", True),
            ("《血の芸術家》が戦場にあるとき、《灰色熊》が死亡すると、《血の芸術家》のコントローラーは2点のライフを得る。", False),
            ("《血の芸術家》が戦場にあるとき、《大蜘蛛》が死亡すると、あなたは1点のライフを得る。", True),
            ("《血の芸術家》が戦場にあるとき、《大蜘蛛》が死亡すると、あなたは2点のライフを得る。", False)]


table, nlp = card_fixtures(BURN + REMOVAL + PUMPS + CREATURES + ["Terror", "Black Knight", "Healing Salve", "Wrath of God",
                                                         "Blood Artist", "Pacifism", *ATTACHED])


def test_named_spells_generated(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, statements() + TRIGGERS)
    assert not wrong, wrong
    assert not missed, missed


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:20] for t in UNDECIDED])
def test_unstaged_spell_facts_are_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))
