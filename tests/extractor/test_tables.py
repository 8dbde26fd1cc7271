"""A rendered table read with its headers (extractor/claims/tables.py): each value cell is one statement, row topic
+ column argument + cell; a table whose shapes disagree stays unread.  End to end: a generated block table
(702.9b flying, 702.17b reach: the key) and its mutations (one cell flipped) — no false cell is confirmed."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from extractor.claims.tables import row_statements

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

HEADER = "飛行を持たないクリーチャーを | 飛行を持つクリーチャーを | |"
ROWS = {"飛行も到達も持たないクリーチャーは": (True, False), "飛行を持つクリーチャーは": (True, True),
        "到達を持つクリーチャーは": (True, True)}
WORD = {True: "ブロックできる", False: "ブロックできない"}


def _table(cells: dict[str, tuple[bool, bool]]) -> list[str]:
    return ["ブロック", HEADER, "---|---|---|", *(f"{r} | {WORD[a]} | {WORD[b]} |" for r, (a, b) in cells.items())]


def test_a_row_is_read_with_its_header():
    lines = _table(ROWS)
    assert row_statements(lines, 3) == ["飛行も到達も持たないクリーチャーは飛行を持たないクリーチャーをブロックできる。",
                                        "飛行も到達も持たないクリーチャーは飛行を持つクリーチャーをブロックできない。"]
    assert row_statements(lines, 1) is None and row_statements(lines, 2) is None     # the header, the separator


@pytest.mark.parametrize("lines", [
    ["A | B | C |", "飛行を持つクリーチャーは | ブロックできる | ブロックできない |"],          # headers are no arguments
    [HEADER, "飛行を持つクリーチャーは | ブロックできる |"],                                 # a cell short
    [HEADER, "飛行を持つクリーチャー | ブロックできる | ブロックできる |"],                    # no topic
    ["飛行を持つクリーチャーは | ブロックできる | ブロックできる |"],                           # no header
])
def test_a_table_whose_shapes_disagree_stays_unread(lines):
    assert row_statements(lines, len(lines) - 1) is None


def _verdicts(lines: list[str]) -> dict[str, list[str]]:
    """verdicts by the sentence each claim was read from"""
    from engine import crosscheck as cc
    from extractor.claims import attach_claims
    from extractor.facts import ExtractedDocument, RawDocument
    from test_paraphrases import _nlp

    raw = RawDocument(title="ブロック", text="\n".join(lines), path="t.txt", form="rendered", key="t.txt")
    doc = ExtractedDocument(raw=raw)
    attach_claims(doc, _nlp())
    out: dict[str, list[str]] = {}
    for c in doc.claims:
        out.setdefault(c.text, []).append(cc.check_claim(c, None).verdict)
    return out


def test_generated_tables_no_false_cell_is_confirmed():
    """Every cell of the true table and of each mutated one (one cell flipped) is keyed by 702.9b / 702.17b."""
    decided = 0
    tables = [dict(ROWS)]
    for (r, (a, b)), col in itertools.product(ROWS.items(), (0, 1)):
        tables.append({**ROWS, r: (not a, b) if col == 0 else (a, not b)})
    for cells in tables:
        got = _verdicts(_table(cells))
        for r, pair in cells.items():
            for (head, truth), said in zip(((h, ROWS[r][k]) for k, h in enumerate(HEADER.split(" | ")[:2])), pair):
                text = f"{r}{head}{WORD[said]}。"
                vs = got.get(text, [])
                assert ("contradicted" if said == truth else "confirmed") not in vs, (text, vs)
                decided += bool({"confirmed", "contradicted"} & set(vs))
    assert decided >= 30, decided
