"""Quantities (107): digits of any width (folded by NFKC before tokenizing), X, kanji numerals; "that much"
(その点数, 107.1) and per-object counts (…1体につき) as the English grammar's values."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, T

THAT_MUCH = T("その点数", "それに等しい点数").set_parse_action(lambda: ["event:amount"])
AMOUNT = NUM | THAT_MUCH
