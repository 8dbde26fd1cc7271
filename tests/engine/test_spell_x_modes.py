"""X spells, modal spells and ways of casting (issue 20; the X a sentence announces is ``situation.x``,
engine/crosscheck/x_value.py; a modal spell's mode, engine/crosscheck/outcome_spells.py): generated statements about
real cards with an automatic key read off the card file (the Oracle text's damage and the creatures' P/T), judged
by the compiled cards.

- X is a fact (107.3): 「Xが3の《猛火》の対象になった《丘巨人》は…」「X=2の《地震》で…」「《思考の泉》をX=3で唱えると…」
  are decided with that X, each mutated (the X, the card count, the polarity); the same statements with no X are
  never decided (X = 0 is no reading of them);
- a modal spell (700.2a) is cast with the one mode whose target the stated object may be (《削剥》 at a creature: its
  damage mode); it may target what any of its modes may;
- a way of casting the scenarios do not stage (an Adventure, 715.3) is never decided.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from conftest import shared_path
from test_crosscheck_g4 import _verdicts, card_fixtures, wrong_and_missed, undecided

pytestmark = pytest.mark.shared

CREATURES = ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Serra Angel"]
SPELLS = ["Blaze", "Earthquake", "Mind Spring", "Abrade", "Izzet Charm", "Boros Charm", "Negate", "Essence Scatter",
          "Brazen Borrower"]


@lru_cache(maxsize=1)
def cards() -> dict[str, dict]:
    with open(shared_path("cards", "AtomicCards.json"), encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    out = {}
    for name in CREATURES + SPELLS[:6]:
        f = data[name][0]
        out[name] = {"ja": next(x["name"] for x in f["foreignData"] if x.get("language") == "Japanese"),
                     "text": f.get("text", ""), "toughness": f.get("toughness"),
                     "flying": "Flying" in (f.get("keywords") or [])}
    return out


def statements() -> list[tuple[str, bool]]:
    c = cards()
    ja = {n: c[n]["ja"] for n in c}
    out: list[tuple[str, bool]] = []
    assert re.search(r"deals X damage to any target", c["Blaze"]["text"])
    for name in CREATURES[:3]:                                     # 107.3, 120.3, 704.5g
        t = int(c[name]["toughness"])
        for x in (t - 1, t):
            out.append((f"Xが{x}の《{ja['Blaze']}》の対象になった《{ja[name]}》は破壊される。", x >= t))
    assert re.search(r"X damage to each creature without flying and each player", c["Earthquake"]["text"])
    for name in ("Grizzly Bears", "Serra Angel"):
        t, flying = int(c[name]["toughness"]), c[name]["flying"]
        for x in (t - 1, t):
            out.append((f"X={x}の《{ja['Earthquake']}》で、《{ja[name]}》は破壊されない。", flying or x < t))
    assert "Draw X cards" in c["Mind Spring"]["text"]
    for x in (2, 3):
        out += [(f"《{ja['Mind Spring']}》をX={x}で唱えると、カードを{x}枚引く。", True),
                (f"《{ja['Mind Spring']}》をXを{x}にして唱えると、カードを{x + 1}枚引く。", False)]
    n = int(re.search(r"deals (\d+) damage to target creature", c["Abrade"]["text"]).group(1))
    for name in CREATURES[:3]:                                     # 700.2a: its one mode that targets a creature
        out.append((f"《{ja['Abrade']}》の対象になった《{ja[name]}》は破壊される。", n >= int(c[name]["toughness"])))
    out += [(f"《{ja['Abrade']}》は《{ja['Grizzly Bears']}》を対象にできる。", True),
            (f"《{ja['Boros Charm']}》は《{ja['Grizzly Bears']}》を対象にできる。", True)]
    return out


UNDECIDED = ["《猛火》の対象になった《丘巨人》は破壊される。",           # X unstated
             "《地震》で《灰色熊》は破壊される。",
             "《思考の泉》を唱えると、カードを3枚引く。",
             "《厚かましい借り手》を出来事として唱えた場合、《否認》で打ち消すことができる。",   # an Adventure (715.3)
             "《厚かましい借り手》を出来事として唱えた場合、《本質の散乱》で打ち消すことができる。"]

table, nlp = card_fixtures(CREATURES + SPELLS)


def test_x_and_modes_decided(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, statements())
    assert not wrong, wrong
    assert not missed, missed


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:20] for t in UNDECIDED])
def test_unstated_x_and_unstaged_casting_are_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))
