"""A named card's printed characteristics, read by composition (issue 20; extractor/claims/compose_traits.py,
engine/crosscheck/outcome_traits.py): generated statements about real cards with an automatic key.

The key is the card file's printed data (type line, P/T, colours, keyword list); the checker observes the card
the engine compiled from its Oracle text — two sources, so a wrong compile or a wrong reading fails.  Each true
statement is mutated (P/T swapped or changed, a keyword it lacks, another card type, another colour, a denial
of a keyword it has) into false ones.  Asserted: no false statement confirmed, no true one contradicted, every
true one of a supported construction confirmed and every mutation contradicted; statements about a described
object, or a characteristic after events, are never decided.
"""
from __future__ import annotations

import json
from functools import lru_cache

import pytest

from conftest import shared_path
from test_crosscheck_g4 import _verdicts, card_fixtures, undecided, wrong_and_missed

pytestmark = pytest.mark.shared

CREATURES = ["Grizzly Bears", "Serra Angel", "Giant Spider", "Air Elemental", "Raging Goblin", "Savannah Lions",
             "Vampire Nighthawk", "Typhoid Rats", "Wall of Stone", "Craw Wurm", "Shivan Dragon", "Llanowar Elves"]
SPELLS = ["Shock", "Lightning Bolt", "Lava Axe", "Divination", "Giant Growth", "Mind Rot"]
KEYWORDS = {"Flying": "飛行", "Vigilance": "警戒", "Reach": "到達", "Haste": "速攻", "Deathtouch": "接死",
            "Lifelink": "絆魂", "Defender": "防衛", "First strike": "先制攻撃", "Trample": "トランプル"}
COLOURS = {"W": "白", "U": "青", "B": "黒", "R": "赤", "G": "緑"}


@lru_cache(maxsize=1)
def printed() -> dict[str, dict]:
    """The card file's printed data of the named cards: JA name, types, P/T, colours, keywords."""
    with open(shared_path("cards", "AtomicCards.json"), encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    out = {}
    for name in CREATURES + SPELLS:
        f = data[name][0]
        ja = next(x["name"] for x in f["foreignData"] if x.get("language") == "Japanese")
        out[name] = {"ja": ja, "types": f["types"], "pt": (f.get("power"), f.get("toughness")),
                     "colors": f.get("colors") or [], "keywords": f.get("keywords") or []}
    return out


def statements() -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for i, name in enumerate(CREATURES):
        c = printed()[name]
        ja, (p, t) = c["ja"], c["pt"]
        out.append((f"《{ja}》は{p}/{t}のクリーチャーである。", True))            # 208.1
        out.append((f"《{ja}》は{p}/{int(t) + 1}のクリーチャーである。", False))
        if p != t:
            out.append((f"《{ja}》は{t}/{p}である。", False))
        has = [k for k in c["keywords"] if k in KEYWORDS]
        lacks = [k for k in KEYWORDS if k not in c["keywords"]]
        if has:                                                                    # 702: keyword abilities
            out.append((f"《{ja}》は{'と'.join(KEYWORDS[k] for k in has)}を持つ。", True))
            # a bare name is the card the page names (document_names): here its 《》 in an earlier sentence
            out.append((f"《{ja}》について。{ja}は{KEYWORDS[has[0]]}を持っている。", True))
            out.append((f"《{ja}》は{KEYWORDS[has[-1]]}を持たない。", False))
        out.append((f"《{ja}》は{KEYWORDS[lacks[i % len(lacks)]]}を持つ。", False))
        out.append((f"《{ja}》は{KEYWORDS[lacks[(i + 1) % len(lacks)]]}を持たない。", True))
        col = c["colors"][0]                                                       # 105.2
        other = [x for x in COLOURS if x not in c["colors"]][i % 4]
        out.append((f"《{ja}》は{COLOURS[col]}のクリーチャーである。", True))
        out.append((f"《{ja}》は{COLOURS[other]}のクリーチャーである。", False))
    for name in SPELLS:                                                            # 205.2a
        c = printed()[name]
        kind, other = ("インスタント", "ソーサリー") if "Instant" in c["types"] else ("ソーサリー", "インスタント")
        out.append((f"《{c['ja']}》は{kind}である。", True))
        out.append((f"《{c['ja']}》は{other}である。", False))
    return out


# a stated keyword as the reason of the outcome (「…を持つので」): asserted, so a false one makes the statement false
PREMISES = [("《石の壁》は防衛を持つので、攻撃できない。", True),
            ("《石の壁》は防衛を持つので、攻撃できる。", False),
            ("《灰色熊》は飛行を持つので、攻撃できる。", False),          # the outcome holds, the reason does not
            # the reason clause's topic is the zero subject of the event after it (one は governs both)
            ("《セラの天使》は警戒を持つので、攻撃してもタップしない。", True),
            ("《灰色熊》は警戒を持つので、攻撃してもタップしない。", False)]


# never decided: a described object has what it is described with; after events the printed value is not stated;
# a denial of two keywords does not say which one; a denial of a type does not say what it is
UNDECIDED = ["飛行を持つクリーチャーは飛行を持つ。",
             "2/2のクリーチャーは2/2のクリーチャーである。",
             "《大蜘蛛》が《巨大化》の対象になった場合、《大蜘蛛》は5/7のクリーチャーである。",
             "《灰色熊》は飛行と到達を持たない。",
             "《稲妻》はソーサリーではない。",
             "《灰色熊》が防衛を持つ場合、攻撃できない。",          # a supposition, not a stated fact
             # the reason is true of the card but is not why (reach has nothing to do with attacking): the cause
             # check (verdict.py) re-runs without it, the outcome still holds, so the "because" is not shown
             "《大蜘蛛》は到達を持つので、攻撃できる。",
             # its own static ability changes what it is (a God is no creature below its devotion, 604.1)
             "《鍛冶の神、パーフォロス》はクリーチャーである。"]


table, nlp = card_fixtures(CREATURES + SPELLS + ["Giant Growth", "Purphoros, God of the Forge"])


def test_printed_characteristics_generated(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, statements() + PREMISES)
    assert not wrong, wrong
    assert not missed, missed


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:20] for t in UNDECIDED])
def test_unstated_characteristics_are_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))


def test_a_characteristic_followed_by_more_of_the_example_is_its_setting(nlp, table):
    """「《X》は飛行を持つ。そのため、…」: the characteristic is the setting of what follows, never judged alone (a
    mutated conclusion must not leave a confirmed claim in the example); the same sentence alone is judged."""
    text = "《セラの天使》は飛行を持つ。そのため、《灰色熊》は《セラの天使》をブロックできる。"
    vs = _verdicts(nlp, table, None, text)
    assert all(v.verdict != "confirmed" for v in vs), [(v.kind, v.verdict, v.reason[:150]) for v in vs]
    alone = _verdicts(nlp, table, None, "《セラの天使》は飛行を持つ。")
    assert any(v.verdict == "confirmed" for v in alone), [(v.kind, v.verdict, v.reason[:150]) for v in alone]
