"""Cards in the application: one module per job.

* :mod:`kb.cards.table` — :class:`CardTable` (the engine's one card-table type, :class:`engine.cardbase.CardTable`,
  with loaders: bundled, AtomicCards file, store);
* :mod:`kb.cards.mtgjson` — the streamed AtomicCards reader (:class:`CardError` for a bad file);
* :mod:`kb.cards.wiki_names` — MTG Wiki names and wiki card-link spellings;
* :mod:`kb.cards.sql` — the store's ``cards`` / ``card_names`` tables and ``card:`` nodes;
* :mod:`kb.cards.load` — :func:`load_mtgjson_into` (one transaction);
* :mod:`kb.cards.display` — :func:`show_card` and the engine's behaviour as one answer.

>>> CardTable.bundled().resolve("魂の管理人").card.name
'Soul Warden'
"""
from __future__ import annotations

from engine.cardbase import FUZZY_CUTOFF_EN, FUZZY_CUTOFF_JA, Card, Match, normalise_ja, short_names
from kb.cards.display import behaviour, behaviour_lines, behaviour_summary, show_card
from kb.cards.load import load_mtgjson_into
from kb.cards.mtgjson import CardError, _cards_from_entry, _iter_atomic
from kb.cards.sql import SCHEMA, ensure_schema
from kb.cards.table import CardTable
from kb.cards.wiki_names import JPNAMES_FILE, add_card_link, load_jpnames

__all__ = ["CardTable", "Card", "Match", "CardError", "normalise_ja", "short_names", "load_mtgjson_into",
           "load_jpnames", "add_card_link", "show_card", "behaviour", "behaviour_lines", "behaviour_summary",
           "ensure_schema", "SCHEMA", "JPNAMES_FILE", "FUZZY_CUTOFF_EN", "FUZZY_CUTOFF_JA",
           "_cards_from_entry", "_iter_atomic"]
