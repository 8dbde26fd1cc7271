"""A rendered table read with its headers (issue 20): a row whose first cell is a topic (「飛行を持つクリーチャーは」)
and a header row whose cells are arguments (「飛行を持たないクリーチャーを」) state, in each value cell, one sentence:
row topic + column argument + cell predicate (「…は…をブロックできる」).

Read only when the shapes agree — the header has exactly as many non-empty cells as the row has value cells, the
row's first cell ends in a topic particle (は / が) and every header cell in a case particle — so a cell is never
joined to another column's header (a cell read alone is checked against the wrong object, hence skipped by
:data:`extractor.claims._TABLE_ROW`).  A table that does not fit these shapes stays unread.
"""
from __future__ import annotations

import re

_SEPARATOR = re.compile(r"^[\s|:\-−]+$")
_TOPIC = re.compile(r"(?:は|が)$")
_ARGUMENT = re.compile(r"(?:を|に|へ|と|から|より|で|に対して)$")
MAX_TABLE = 40                          # rows searched upwards for a table's header


def _cells(line: str) -> list[str]:
    cells = [c.strip() for c in line.strip().split("|")]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _is_table_line(line: str) -> bool:
    return "|" in line and bool(line.strip())


def row_statements(lines: list[str], i: int) -> list[str] | None:
    """The statements of table row ``lines[i]`` read with its header row, or None when it is no such row."""
    row = _cells(lines[i])
    if len(row) < 2 or not _TOPIC.search(row[0]) or not all(row[1:]) or _SEPARATOR.match(lines[i]):
        return None
    j, top = i - 1, None
    while j >= 0 and i - j <= MAX_TABLE and _is_table_line(lines[j]):
        if not _SEPARATOR.match(lines[j]):
            top = j                         # the topmost line of the table block: its header
        j -= 1
    if top is None:
        return None
    heads = [c for c in _cells(lines[top]) if c]
    if len(heads) != len(row) - 1 or not all(_ARGUMENT.search(h) for h in heads):
        return None
    return [f"{row[0]}{h}{v.rstrip('。')}。" for h, v in zip(heads, row[1:])]
