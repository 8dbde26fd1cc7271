"""Shared pieces of the group ek mechanic tests (issue 21): a card table with vanilla creatures, the runner and a
test face for compiler checks."""
from __future__ import annotations

from engine.cardbase import Card, CardTable
from simrun import run_on

BEAR = "Grizzly Bears"
BIG = "Big Bear"                # a vanilla 4/4
SMALL = "Small Bear"            # a vanilla 1/1
WURM = "Craw Wurm"              # a vanilla 6/4
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=BIG, cost="{3}", types=["Creature"], power="4", toughness="4"),
    Card(name=SMALL, cost="{1}", types=["Creature"], power="1", toughness="1"),
    Card(name=WURM, cost="{6}", types=["Creature"], power="6", toughness="4")])
COMBAT = [{"advance": {"turn": 3, "step": "declare_attackers"}}]


def run(s, passed=True):
    return run_on(TABLE, s, passed)


def face(text, types=("Creature",)):
    """An Oracle face with this text (a 2/2 creature unless ``types`` says otherwise)."""
    return {"name": "Test Face", "text": text, "types": list(types), "power": "2", "toughness": "2",
            "manaCost": "{2}"}
