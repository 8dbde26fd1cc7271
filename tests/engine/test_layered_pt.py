"""Effects stated in words, in order (pt_after with ``in_order``: extractor/claims/pt_layers.py → engine/crosscheck/
layered_pt.py): a described creature and a sequence of effects built from constructions (not CR sentences) are
staged as stand-in sources in that order, and the layers decide (613.4a-d, 613.7).  Every true statement has false
mutants (a changed P/T) that must be contradicted, never confirmed; anything stated and not staged is unsimulable."""
from __future__ import annotations

import itertools

import pytest

from claimdata import claim
from engine.crosscheck import check_claim

CREATURE = {"desc": {"types": ["Creature"], "pt": "1/3"}}


def story(effects, pt, creature=CREATURE, **out):
    return claim("pt_after", {"card": creature, "effects": effects, "in_order": True, "events": []},
                 {"pt": pt, **out})


def layered(p, t, effects):
    """The expected P/T by the rules written out independently: 7b sets (timestamp order), then 7c sums, then 7d
    switches (613.4b-d)."""
    for e in effects:
        if "set_pt" in e:
            p, t = e["set_pt"]
    for e in effects:
        if "pump" in e:
            p, t = p + e["pump"][0], t + e["pump"][1]
        for k, n in (e.get("counters") or {}).items():
            d = n if k == "+1/+1" else -n
            p, t = p + d, t + d
    for e in effects:
        if e.get("switch"):
            p, t = t, p
    return p, t


PIECES = [{"pump": [0, 1]}, {"pump": [5, 0]}, {"pump": [-1, 2]}, {"switch": True}, {"set_pt": [0, 2]},
          {"counters": {"+1/+1": 2}}]
SEQUENCES = [list(s) for n in (1, 2, 3) for s in itertools.permutations(PIECES, n)][::7]


@pytest.mark.parametrize("effects", SEQUENCES, ids=lambda e: str(e))
def test_a_sequence_and_its_mutants(effects):
    p, t = layered(1, 3, effects)
    if any(layered(1, 3, effects[:i])[1] <= 0 for i in range(1, len(effects) + 1)):
        # it is put into its owner's graveyard on the way (704.5f): no creature has that P/T at the end
        assert check_claim(story(effects, f"{p}/{t}")).verdict != "confirmed"
        return
    v = check_claim(story(effects, f"{p}/{t}"))
    assert v.verdict == "confirmed", (v.reason, v.observed)
    for mp, mt in {(p + 1, t), (p, t - 1), (t, p)} - {(p, t)}:
        m = check_claim(story(effects, f"{mp}/{mt}"))
        assert m.verdict == "contradicted", (effects, (mp, mt), m.verdict, m.reason)


def test_an_effect_that_ends_and_the_value_before_the_switch():
    effects = [{"pump": [0, 1]}, {"switch": True}, {"ends": 0}]
    assert check_claim(story(effects, "3/1")).verdict == "confirmed"
    assert check_claim(story(effects, "4/1")).verdict == "contradicted"
    later = [{"pump": [0, 1]}, {"switch": True}, {"pump": [5, 0]}]
    v = check_claim(story(later, "4/6", before_switch="6/4"))
    assert v.verdict == "confirmed", v.reason
    assert "before the switch" in " ".join(r["reading"] for r in v.readings_tried)
    assert check_claim(story(later, "4/6", before_switch="4/6")).verdict == "contradicted"


def test_a_colour_change_decides_a_named_anthem_for_one_colour():
    black = {"desc": {"types": ["Creature"], "pt": "2/2", "colors": "B"}}
    anthem = {"quoted": "あなたがコントロールしていて白であるすべてのクリーチャーは+1/+1の修整を受ける。",
              "source": "enchantment"}
    from kb.cards_ja import quoted_of_claim
    for effects, pt, wrong in (([anthem, {"colors": "W"}], "3/3", "2/2"),
                               ([anthem, {"colors": "W"}, {"colors": "R"}], "2/2", "3/3"),
                               ([anthem], "2/2", "3/3")):
        c = story(effects, pt, creature=black)
        v = check_claim(c, quoted=quoted_of_claim(c, None))
        assert v.verdict == "confirmed", (effects, v.reason)
        m = story(effects, wrong, creature=black)
        assert check_claim(m, quoted=quoted_of_claim(m, None)).verdict == "contradicted"


def test_quoted_spells_and_enchantments_are_compiled_and_staged_in_order():
    from kb.cards_ja import quoted_of_claim
    grow = {"quoted": "クリーチャー1体を対象とする。ターン終了時まで、それは+2/+2の修整を受ける。", "source": "spell"}
    shrink = {"quoted": "クリーチャー1体を対象とする。ターン終了時まで、それは0/1になる。", "source": "spell"}
    wall = {"quoted": "あなたがコントロールしているすべてのクリーチャーは+0/+3の修整を受ける。", "source": "enchantment"}
    for effects, pt in (([grow], "3/5"), ([grow, wall], "3/8"), ([grow, wall, shrink], "2/6"),
                        ([{"counters": {"+1/+1": 1}}, shrink], "1/2")):
        c = story(effects, pt)
        v = check_claim(c, quoted=quoted_of_claim(c, None))
        assert v.verdict == "confirmed", (effects, v.reason)
        p, t = (int(x) for x in pt.split("/"))
        m = story(effects, f"{p}/{t + 1}")
        assert check_claim(m, quoted=quoted_of_claim(m, None)).verdict == "contradicted"


def test_what_is_not_staged_is_unsimulable():
    broken = {"quoted": "クリーチャー1体を対象とする。それをフランプする。", "source": "spell"}
    from kb.cards_ja import quoted_of_claim
    c = story([broken], "1/3")
    assert check_claim(c, quoted=quoted_of_claim(c, None)).verdict == "unsimulable"
    assert check_claim(story([{"pump": [1, 1]}], "2/4")).verdict == "confirmed"
    said = claim("pt_after", {"card": CREATURE, "effects": [{"pump": [1, 1]}], "in_order": True, "events": [],
                              "unrepresented": ["呪文を唱えた"]}, {"pt": "2/4"})
    assert check_claim(said).verdict == "unsimulable"
    assert check_claim(story([{"ends": 0}], "1/3")).verdict == "unsimulable"
    assert check_claim(story([{"fly": True}], "1/3")).verdict == "unsimulable"


def test_a_named_card_is_staged_only_when_it_is_what_the_sentence_says_it_is():
    ok = claim("pt_after", {"card": "Grizzly Bears", "card_as": {"types": ["Creature"], "pt": "2/2"},
                            "effects": [{"counters": {"+1/+1": 1}}], "in_order": True, "events": []}, {"pt": "3/3"})
    assert check_claim(ok).verdict == "confirmed"
    wrong = claim("pt_after", {"card": "Grizzly Bears", "card_as": {"types": ["Creature"], "pt": "3/3"},
                               "effects": [{"counters": {"+1/+1": 1}}], "in_order": True, "events": []}, {"pt": "3/3"})
    assert check_claim(wrong).verdict == "unsimulable"
