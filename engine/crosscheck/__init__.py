"""The cross-check: every typed claim becomes one or more scenarios, the rules engine runs them, and the
outcome is a :class:`Verdict` — ``confirmed``, ``contradicted`` or ``unsimulable`` (docs/design.md).

Each claim kind is one :class:`~engine.crosscheck.registry.Kind` registered by its family module; the verdict
rules are in :mod:`engine.crosscheck.verdict`.  Cards are handed in (an ``engine.cardbase.CardTable``; the bundled
one by default); nothing here reads a store.

>>> from extractor.facts import Claim, Provenance
>>> c = Claim(id="claim:x", kind="devotion", text="…", prov=Provenance("d", line=1),
...           situation={"player": "you", "permanents": ["Yoked Ox"], "color": "W"}, outcome={"value": 1})
>>> synthesize(c, None)[0]["expect"]
[{'devotion': {'player': 'you', 'color': 'W', 'n': 1}}]
"""
from . import (activation, counter_target, creatures, damage_rules, devotion, enters, loyalty,  # noqa: F401
               mana_ability, mana_value, removal, resources, results, stack,
               triggers)  # (each registers its kinds)
from . import legend, tokens  # noqa: F401,E402  (legend_rule 704.5j, token_controller 111.2)
from . import controller  # noqa: F401,E402  (controller 601.2a, 608.3a, 707.10)
from . import regeneration  # noqa: F401,E402  (regenerates 701.15)
from . import outcome  # noqa: F401,E402  (composed statements, issue 20)
from .registry import Kind, kinds
from .verdict import VERDICTS, Unsimulable, Verdict, check_claim, claim_from_data, summarize, synthesize

__all__ = ["VERDICTS", "Kind", "Unsimulable", "Verdict", "check_claim", "claim_from_data", "kinds", "summarize",
           "synthesize"]
