"""Quantities read by composition (issue 20): generated statements with an automatic key.

The key is the bundled cards' compiled behaviour and printed P/T: a creature with no static ability or replacement
of its own has its printed P/T changed by exactly the counters put on it and the modification it gets (613.4c);
a card whose compiled triggered ability gains or loses a fixed amount of life when it enters makes that exact
change (119.3, 603.3).  Each true statement is mutated — the number, the counter kind, the card, the player or the
polarity — into a false one.  Asserted: no false statement is confirmed, no true one contradicted, most of each
are decided, and a fact the staging cannot keep is never decided.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from test_composed import verdicts

KINDS = {"+1/+1": 1, "-1/-1": -1}


@lru_cache(maxsize=1)
def _cards():
    from engine.crosscheck.cards import Cards
    return Cards.of(None)


def _int(v) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


@lru_cache(maxsize=1)
def creatures() -> list[tuple[str, int, int]]:
    """(JA name, power, toughness) of the bundled creatures whose P/T nothing of their own changes: no static
    ability, no replacement, no state trigger (its own abilities would act while it is staged), and none that
    acts when it dies (a creature that returns is a new object, 400.7: the checker stages none of these)."""
    cs, out = _cards(), []
    for c in cs.table:
        p, t = _int(c.power), _int(c.toughness)
        if "Creature" not in c.types or p is None or t is None or not c.name_ja:
            continue
        beh = cs.behaviour(c.name)
        if c.has_text and beh is None:
            continue
        if beh is not None and (beh.statics or getattr(beh, "replacements", None)
                                or {"persist", "undying"} & set(beh.keywords or ())
                                or any(tr.get("event") in ("state", "dies") for tr in beh.triggers)):
            continue
        out.append((c.name_ja, p, t))
    return sorted(out)


@lru_cache(maxsize=1)
def life_cards() -> tuple[list[tuple[str, str, int]], list[str]]:
    """([(JA name, player, signed amount)] of the bundled cards whose compiled enters trigger (itself, no
    condition, no target) gains or loses a fixed amount of life; [JA names] of permanents with no such trigger
    and no other trigger on entering)."""
    cs, keyed, none = _cards(), [], []
    for c in cs.table:
        beh = cs.behaviour(c.name)
        if not c.name_ja or beh is None or set(c.types) & {"Instant", "Sorcery"}:
            continue
        enters = [tr for tr in beh.triggers if tr.get("event") == "enters"]
        if not enters and not beh.statics and not getattr(beh, "replacements", None):
            none.append(c.name_ja)
        for tr in enters:
            if not (tr.get("object") or {}).get("self") or tr.get("if") or tr.get("targets"):
                continue
            for e in tr.get("effects") or []:
                if isinstance(e.get("gain_life"), int):
                    keyed.append((c.name_ja, "you", e["gain_life"]))
                elif isinstance(e.get("lose_life"), dict) and e["lose_life"].get("player") == "each_opponent" \
                        and isinstance(e["lose_life"].get("n"), int):
                    keyed.append((c.name_ja, "opponent", -e["lose_life"]["n"]))
    return sorted(keyed), sorted(none)[:6]


def statements() -> list[tuple[str, bool, str]]:
    """(text, truth, construction); a construction with '/' is a mutation of a true statement."""
    out: list[tuple[str, bool, str]] = []
    add = lambda text, truth, what: out.append((text, truth, what))   # noqa: E731
    cs = creatures()
    for i, (name, p, t) in enumerate(cs):
        other = next(((n2, p2, t2) for n2, p2, t2 in cs[i + 1:] + cs[:i] if (p2, t2) != (p, t)), None)
        for kind, sign in KINDS.items():
            for n in (1, 2):
                pt = (p + sign * n, t + sign * n)
                if pt[0] < 0 or pt[1] <= 0:
                    continue
                res = f"{pt[0]}/{pt[1]}"
                head = f"《{name}》に{kind}カウンターが{n}個置かれた場合、"
                add(f"{head}それは{res}になる。", True, "122.1+613.4c")
                add(f"{head}それは{res}にならない。", False, "122.1+613.4c / polarity")
                add(f"《{name}》に{kind}カウンターが{n + 1}個置かれた場合、それは{res}になる。", False,
                    "122.1+613.4c / number")
                swapped = "-1/-1" if kind == "+1/+1" else "+1/+1"
                add(f"《{name}》に{swapped}カウンターが{n}個置かれた場合、それは{res}になる。", False,
                    "122.1+613.4c / kind")
                if other and (other[1] + sign * n, other[2] + sign * n) != pt:
                    add(f"《{other[0]}》に{kind}カウンターが{n}個置かれた場合、それは{res}になる。", False,
                        "122.1+613.4c / card")
        for a, b in ((1, 1), (2, 0), (0, 3)):
            res = f"{p + a}/{t + b}"
            add(f"《{name}》が+{a}/+{b}の修整を受けた場合、{res}になる。", True, "613.4c")
            add(f"《{name}》が+{a}/+{b}の修整を受けた場合、{p + a + 1}/{t + b}になる。", False, "613.4c / number")
        if i % 5 == 0:                          # the Q&A form: the answer's polarity is the statement's
            q = f"Q: 《{name}》に+1/+1カウンターが1個置かれた場合、それは{p + 1}/{t + 1}になりますか？"
            add(f"{q}\nA: はい。", True, "122.1 (Q&A)")
            add(f"{q}\nA: いいえ。", False, "122.1 (Q&A) / polarity")
    # 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs; the key is the arithmetic of pairs
    for a in (1, 2, 3):
        for b in (1, 2, 3):
            head = f"4/4のクリーチャーに+1/+1カウンター{a}個と-1/-1カウンター{b}個が置かれた場合、"
            for kind, left in (("+1/+1", max(a - b, 0)), ("-1/-1", max(b - a, 0))):
                if left:
                    add(f"{head}{kind}カウンターが{left}個残る。", True, "704.5q")
                    add(f"{head}{kind}カウンターは残らない。", False, "704.5q / polarity")
                else:
                    add(f"{head}{kind}カウンターは残らない。", True, "704.5q")
                add(f"{head}{kind}カウンターが{left + 1}個残る。", False, "704.5q / number")
    # 704.5a: a player with 0 or less life loses; the key is the rule over every total the description fits
    fits = {"以下": lambda n: (n, n - 1, n - 50), "以上": lambda n: (n, n + 1, n + 50), "未満": lambda n: (n - 1, n - 50),
            "": lambda n: (n,)}
    for n in range(-3, 4):
        for cmp_, values in fits.items():
            vals = values(n)
            straddles = min(vals) <= 0 < max(vals)
            for verb, loses in (("敗北する", True), ("敗北しない", False), ("負ける", True)):
                truth = all((v <= 0) == loses for v in vals)
                what = "704.5a" if truth else "704.5a / " + ("straddles" if straddles else "number")
                add(f"ライフが{n}{cmp_}のプレイヤーはゲームに{verb}。", truth, what)
    keyed, none = life_cards()
    for name, who, n in keyed:
        player, verb = ("あなた", "得る") if n > 0 else ("対戦相手", "失う")
        wrong_verb = "失う" if verb == "得る" else "得る"
        k = abs(n)
        add(f"《{name}》が戦場に出たとき、{player}は{k}点のライフを{verb}。", True, "119.3")
        add(f"《{name}》が戦場に出たとき、{player}は{k + 1}点のライフを{verb}。", False, "119.3 / number")
        add(f"《{name}》が戦場に出たとき、{player}は{k}点のライフを{wrong_verb}。", False, "119.3 / polarity")
        add(f"《{name}》が戦場に出たとき、{player}は{k}点のライフを{verb[0]}ない。", False, "119.3 / denied")
        for other in none:
            add(f"《{other}》が戦場に出たとき、{player}は{k}点のライフを{verb}。", False, "119.3 / card")
    return out


@lru_cache(maxsize=None)
def judged() -> list[tuple[str, bool, str, list[str]]]:
    return [(t, truth, what, [v for k, v in verdicts(t) if k == "composed"]) for t, truth, what in statements()]


def test_no_false_statement_is_confirmed_and_most_are_decided():
    got = judged()
    wrong = [(t, vs) for t, truth, _, vs in got if ("contradicted" if truth else "confirmed") in vs]
    assert not wrong, wrong
    true = [(t, vs) for t, truth, _, vs in got if truth]
    assert len(true) >= 100 and len(life_cards()[0]) >= 2
    missed = [(t, vs) for t, vs in true if "confirmed" not in vs]
    assert len(missed) <= 0.05 * len(true), missed
    # a denial or an undecidable polarity is never decided; every other mutation is contradicted
    mutants = [(t, what, vs) for t, truth, what, vs in got if "/" in what]
    assert len(mutants) >= 150
    undecidable = [m for m in mutants if m[1].endswith(("/ denied", "/ straddles"))
                   or (m[1].endswith("/ polarity") and not m[1].startswith(("119.3 ", "704.5q ")))]
    assert not [m for m in undecidable if m[2] not in ([], ["unsimulable"])], undecidable
    decided = [m for m in mutants if m not in undecidable]
    missed = [m for m in decided if "contradicted" not in m[2]]
    assert len(missed) <= 0.05 * len(decided), missed


@pytest.mark.parametrize("text", [
    # a counter of another kind (122.1: a javelin counter changes no P/T) is never read as a +1/+1 counter
    "《灰色熊》に槍カウンターが1個置かれた場合、それは3/3になる。",
    # a creature that returns with undying (702.93) is a new object: its P/T is not the one dealt the counter
    "《絡み根の霊》に-1/-1カウンターが1個置かれた場合、それは3/2になる。",
    # the number of counters is a fact: without it nothing is staged
    "《灰色熊》に+1/+1カウンターが置かれた場合、それは3/3になる。",
    # a described creature's P/T before the counters is not stated
    "クリーチャーに+1/+1カウンターが1個置かれた場合、それは3/3になる。",
    # "you" of a life statement is its objects' controller: an opponent's creature entering is not staged as yours
    # a described object has only the abilities stated: a card's ability is never read as a rule about all of them
    "絆魂を持つクリーチャーが戦場に出たとき、あなたは2点のライフを得る。",
    "対戦相手がコントロールする《台所の嫌がらせ屋》が戦場に出たとき、あなたは2点のライフを得る。",
])
def test_a_fact_the_staging_cannot_keep_is_never_decided(text):
    assert [v for k, v in verdicts(text) if k == "composed"] in ([], ["unsimulable"])


def test_the_stated_numbers_are_staged():
    """The counters' number and kind, the modification and the amount are facts the scenario keeps."""
    from engine import crosscheck as cc
    from test_composed import composed_claim as claim

    c = claim("《灰色熊》に-1/-1カウンターが1個置かれた場合、それは1/1になる。")
    assert c.outcome == {"check": "pt_is", "patient": "A", "holds": True, "pt": "1/1"}
    assert c.situation["sequence"][0]["n"] == 1
    entries = [e for sc in cc.synthesize(c, None) for e in sc["zones"]["you"]["battlefield"]]
    assert entries and all(e["counters"] == {"-1/-1": 1} for e in entries if isinstance(e, dict))
    scenarios = cc.synthesize(claim("《ダークスティールのマイア》に-1/-1カウンターが1個置かれると、墓地に置かれる。"), None)
    assert len(scenarios) == 1 and "(as stated)" in scenarios[0]["name"], "every number stated: one reading, no counts"
    c = claim("《台所の嫌がらせ屋》が戦場に出たとき、あなたは2点のライフを得る。")
    assert (c.outcome["check"], c.outcome["n"], c.outcome["player"]) == ("life_gained", 2, "you")
    assert all({"life_change": {"you": 2}} in sc["expect"] for sc in cc.synthesize(c, None))



@pytest.mark.parametrize("n", range(0, 13))
@pytest.mark.parametrize("cmp", ["", "以上"])
def test_a_player_described_by_poison_counters_loses_at_ten(n, cmp):
    """704.5c: ten or more poison counters lose the game, whatever the life total; the number and the comparison
    of the description are facts.  「N個以上」 below ten fits counts that lose and counts that do not: never decided."""
    says = [v for k, v in verdicts(f"毒カウンターが{n}個{cmp}あるプレイヤーはゲームに敗北する。") if k == "composed"]
    denies = [v for k, v in verdicts(f"毒カウンターが{n}個{cmp}あるプレイヤーはゲームに敗北しない。") if k == "composed"]
    if n >= 10:
        assert (says, denies) == (["confirmed"], ["contradicted"])
    elif not cmp:
        assert (says, denies) == (["contradicted"], ["confirmed"])
    else:
        assert not {"confirmed", "contradicted"} & set(says + denies), (says, denies)


def test_the_rules_own_wording_of_poison_is_read():
    """「N個以上の毒カウンターを持つプレイヤー」 (the number before the counters) is the same description."""
    assert [v for k, v in verdicts("10個以上の毒カウンターを持つプレイヤーは、ゲームに敗北する。") if k == "composed"] == ["confirmed"]
    assert [v for k, v in verdicts("9個の毒カウンターを持つプレイヤーは、ゲームに敗北する。") if k == "composed"] == ["contradicted"]
