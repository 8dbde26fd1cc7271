"""Static abilities and replacement effects of clause family ES (issue 21), tried before ``statics_s.STATIC``
(more specific clauses first).  Importing it also registers the family's effect clauses
(``prevention.py``).  Tables are data: a new phrase of a known construction is one table entry."""
from __future__ import annotations

import pyparsing as pp

from . import prevention  # noqa: F401  (registers the family's prevention effect clauses)
from .statics_s import STATIC as _OLDER

ES_STATIC = pp.NoMatch()
STATIC = ES_STATIC | _OLDER
