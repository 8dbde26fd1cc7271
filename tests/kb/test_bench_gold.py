"""bench/bench_gold.py's measure: gold statements joined to claims by file and line (and, for several statements
of one line, by the words the claim's reading was made at), recall and precision as the issue defines them."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_gold  # noqa: E402


def _claim(line, verdict, text, clause="", kind="zone_after", dropped=()):
    return {"id": f"claim:{line}{clause}", "kind": kind, "text": text, "clause": clause, "file": "p.txt",
            "line": line, "verdict": verdict, "reason": "", "dropped": list(dropped)}


def test_two_statements_of_one_sentence_are_told_apart_by_the_clause():
    sentence = "生け贄に捧げることはできるし、タフネスが0以下であれば墓地に置かれる。"
    gold = [{"file": "p.txt", "line": 3, "text": "生け贄に捧げることはできるし、", "truth": True},
            {"file": "p.txt", "line": 3, "text": "タフネスが0以下であれば状況起因処理で[[墓地]]に置かれる。", "truth": True},
            {"file": "p.txt", "line": 9, "text": "別の文。", "truth": False},
            {"file": "p.txt", "line": 12, "text": "規則が変わった文。", "truth": "unclear"}]
    claims = [_claim(3, "confirmed", sentence, "生け贄に捧げることはできる"),
              _claim(3, "confirmed", sentence, "墓地に置かれる"),
              _claim(9, "confirmed", "別の文。"),                      # a false statement confirmed: wrong
              _claim(12, "unsimulable", "規則が変わった文。"),
              _claim(20, "contradicted", "ゴールドにない行。")]
    r = bench_gold.measure(gold, claims)
    assert r["scored"] == 3 and r["decided"] == 3 and r["agree"] == 2
    assert [(w["line"], w["truth"]) for w in r["wrong"]] == [(9, False)]
    assert r["outside_gold_decisive"] == [("p.txt", 20, "zone_after", "contradicted")]
    # without the clause both claims go to the statement with the longest overlap: one statement is missed
    r = bench_gold.measure(gold, [dict(c, clause="") for c in claims[:2]])
    assert r["decided"] == 1 and r["misses"] == {"no claim read at this line": 2}


def test_a_decisive_verdict_from_a_dropped_fact_is_reported():
    gold = [{"file": "p.txt", "line": 1, "text": "文。", "truth": True}]
    r = bench_gold.measure(gold, [_claim(1, "confirmed", "文。", dropped=["授与コストで"])])
    assert r["decisive_with_dropped_facts"] == [("p.txt", 1, "zone_after", "confirmed")]
