"""The cross-check: every typed claim becomes one or more scenarios, the rules engine runs them, and the
outcome is a :class:`Verdict` — ``confirmed``, ``contradicted`` or ``unsimulable`` (docs/design.md).

Each claim kind is one :class:`~engine.crosscheck.registry.Kind`, built from its declaration
(``extractor/data/claim_kinds.yaml``: the checker module and its functions); the verdict rules are in
:mod:`engine.crosscheck.verdict`.  Cards are handed in (an ``engine.cardbase.CardTable``; the bundled
one by default); nothing here reads a store.

>>> from extractor.facts import Claim, Provenance
>>> c = Claim(id="claim:x", kind="devotion", text="…", prov=Provenance("d", line=1),
...           situation={"player": "you", "permanents": ["Yoked Ox"], "color": "W"}, outcome={"value": 1})
>>> synthesize(c, None)[0]["expect"]
[{'devotion': {'player': 'you', 'color': 'W', 'n': 1}}]
"""
from .registry import Kind, kinds
from .verdict import VERDICTS, Unsimulable, Verdict, check_claim, claim_from_data, summarize, synthesize

__all__ = ["VERDICTS", "Kind", "Unsimulable", "Verdict", "check_claim", "claim_from_data", "kinds", "summarize",
           "synthesize"]
