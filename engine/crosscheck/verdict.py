"""Every verdict rule in one place: readings are run, and the runs decide ``confirmed``, ``contradicted`` or
``unsimulable`` (docs/design.md, "The cross-check").

Honesty rules: a claim is confirmed when its outcome holds in the readings the text supports and no reading
shows the opposite; contradicted only when every reading shows the opposite; a fact the sentence states but
no scenario stages or checks makes it unsimulable; a card without a behaviour or a kind without a
synthesizer is unsimulable with the reason.  Nothing is ever guessed.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable

from extractor.facts import Claim, Provenance

from ..errors import NoBehaviour
from ..scenario import simulate
from . import registry
from .builder import compact, flag
from .cards import Cards, missing_behaviour
from .registry import Reading, Skip

VERDICTS = ("confirmed", "contradicted", "unsimulable")


@dataclass
class Verdict:
    claim_id: str
    document: str
    revision: str | None
    section: list[str]
    line: int | None
    text: str
    kind: str
    verdict: str                          # confirmed | contradicted | unsimulable
    expected: Any = None                  # the expectations that encode the claimed outcome
    observed: Any = None                  # what the engine observed for them
    reason: str = ""
    scenario: dict | None = None          # the scenario that decided the verdict
    origin: str = "synthesized"           # synthesized | attached
    readings_tried: list[dict] = field(default_factory=list)   # [{reading, passed, observed, error}]
    log: list[str] = field(default_factory=list)                # engine game log of the deciding run
    doc_key: str | None = None            # the stored document's key (titles may repeat: an XML page, a .txt)
    file: str | None = None               # the file the claim was read from

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def public(self) -> dict[str, Any]:
        """The fields ``mtgkb validate --json`` prints."""
        keys = ("claim_id", "document", "revision", "section", "line", "text", "kind", "verdict",
                "expected", "observed", "reason", "scenario", "origin")
        return {k: getattr(self, k) for k in keys}


@dataclass
class Unsimulable:
    """Synthesis cannot build a scenario; ``reason`` says what is missing."""
    reason: str

    def __bool__(self) -> bool:        # so ``if not scenarios`` reads naturally
        return False


@dataclass
class Run:
    """One reading (or attached scenario) as the engine ran it."""
    label: str
    scenario: dict
    passed: bool = False
    failed_checks: bool = False          # at least one expectation observed the opposite
    error: str | None = None
    checks: list = field(default_factory=list)
    log: list = field(default_factory=list)
    missing: str | None = None           # card without behaviour

    def summary(self) -> dict:
        return {"reading": self.label, "passed": self.passed, "error": self.error,
                "observed": [c.get("observed") for c in self.checks], "scenario": self.scenario}


def run_reading(label: str, sc: dict, cards: Cards, negated: bool = False) -> Run:
    """Run one reading.  ``negated``: the claim denies the ``triggered`` expectations (a negated count), so
    their outcome is inverted before the run is judged."""
    r = Run(label, sc)
    missing = missing_behaviour(sc, cards)
    if missing:
        r.missing, r.error = missing, f"no behaviour for {missing}"
        return r
    try:
        res = simulate(sc, cards=cards.table, log=True)
    except NoBehaviour as e:
        r.missing = e.card
        r.error = f"no behaviour for {e.card}"
        return r
    except Exception as e:  # a malformed synthesized scenario or an engine limit: say so, never a verdict
        r.error = f"{type(e).__name__}: {e}"
        return r
    r.checks = list(res.checks)
    r.log = [str(x) for x in res.log]
    r.error = res.error or None
    if negated:
        r.checks = [{**c, "expect": {"not": c.get("expect")}, "ok": not c.get("ok")}
                    if isinstance(c.get("expect"), dict) and "triggered" in c["expect"] and c.get("ok") is not None
                    else c for c in r.checks]
        r.failed_checks = any(c.get("ok") is False for c in r.checks)
        r.passed = not r.error and bool(r.checks) and not r.failed_checks
        return r
    r.failed_checks = any(c.get("ok") is False for c in r.checks)
    r.passed = res.passed and not r.error and not r.failed_checks
    return r


def verdict_from_runs(base: dict, runs: list[Run], origin: str, require_all: bool = False) -> Verdict:
    """The verdict the runs give (``base``: the claim's fields, :func:`claim_fields`).  ``require_all``
    (attached scenarios, a kind's ``require_all``): confirmed only when every run holds, contradicted when one
    fails and all ran.  Otherwise the runs are readings of facts the text leaves open: confirmed when some
    hold and none shows the opposite, contradicted only when every one does."""
    tried = [r.summary() for r in runs]

    def make(word: str, run: Run | None, reason: str) -> Verdict:
        sc = run.scenario if run else None
        expected = [c.get("expect") for c in run.checks] if run and run.checks else (sc or {}).get("expect")
        observed = [c.get("observed") for c in run.checks] if run and run.checks else None
        return Verdict(**base, verdict=word, expected=expected, observed=observed, reason=reason, scenario=sc,
                       origin=origin, readings_tried=tried, log=run.log if run else [])

    missing = [r for r in runs if r.missing]
    passed = [r for r in runs if r.passed]
    failed = [r for r in runs if r.failed_checks]
    errors = [r for r in runs if r.error and not r.failed_checks and not r.missing]
    labels = lambda rs: ", ".join(r.label for r in rs)  # noqa: E731
    if require_all:
        if passed and len(passed) == len(runs):
            return make("confirmed", passed[0], f"holds in every reading: {labels(passed)}")
        if failed and not missing and not errors:
            return make("contradicted", failed[0], f"fails in: {labels(failed)}" + fail_detail(failed[0]))
    else:
        # the readings are the facts the text leaves open (which card of the topic, how many stand-ins): the
        # claim must hold whichever is taken, so one reading that shows the opposite keeps it from being
        # confirmed (else a claim and its opposite could both pass, each in the reading that suits it)
        if passed and not failed:
            unrun = [r for r in runs if not r.passed]
            return make("confirmed", passed[0], f"holds when {labels(passed)}"
                        + (f" (could not run: {labels(unrun)})" if unrun else ""))
        if passed and failed:
            return make("unsimulable", failed[0], f"the readings disagree: holds when {labels(passed)}, the "
                        f"opposite happens when {labels(failed)}" + fail_detail(failed[0])
                        + " — the claim depends on a fact the text leaves open")
        if failed and len(failed) == len(runs):
            return make("contradicted", failed[0], f"the opposite happens in every reading tried "
                        f"({labels(failed)})" + fail_detail(failed[0]))
    # readings that ran and showed the opposite are named, never hidden behind a reading that could not run
    also = (f" (the opposite happens in: {labels(failed)}" + fail_detail(failed[0]) + ")") if failed else ""
    if missing:
        names = sorted({r.missing for r in missing})
        return make("unsimulable", missing[0], "no behaviour for " + ", ".join(names) + also)
    if errors:
        return make("unsimulable", errors[0], f"the engine could not run the scenario: {errors[0].error}" + also)
    return make("unsimulable", runs[0] if runs else None, "the readings disagree: "
                + "; ".join(f"{r.label}: {'holds' if r.passed else 'fails'}" for r in runs))


def fail_detail(run: Run) -> str:
    bad = [c for c in run.checks if c.get("ok") is False]
    if not bad:
        return ""
    c = bad[0]
    return f"; expected {compact(c.get('expect'))}, observed {compact(c.get('observed'))}"


def claim_fields(claim: Claim) -> dict:
    p = claim.prov
    return {"claim_id": claim.id, "document": p.document, "revision": p.revision, "section": list(p.section),
            "line": p.line, "text": claim.text, "kind": claim.kind}


def readings(claim: Claim, cards) -> list[Reading] | Unsimulable:
    """The runnable readings of a claim (its kind's synthesizer), or why there are none."""
    ctab = Cards.of(cards)
    kind = registry.get(claim.kind)
    if kind is None or kind.synthesize is None:
        return Unsimulable(kind.unsupported if kind and kind.unsupported
                           else f"no synthesis for claims of kind {claim.kind!r}")
    if kind.outcome:
        claim = Claim(**{**claim.__dict__, "outcome": {**(claim.outcome or {}), **kind.outcome}})
    try:
        readings = kind.synthesize(claim, ctab)
        if flag((claim.outcome or {}).get("negated"), False):
            if not kind.negatable:
                raise Skip(f"a negated {claim.kind} claim has no synthesis")
            for r in readings:
                r.negated = True
                r.scenario["name"] += " [the claim holds when the 'triggered' expectation fails]"
    except Skip as e:
        return Unsimulable(str(e) + also_missing(claim, ctab, str(e)))
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as e:
        # a claim whose situation/outcome does not have the shape docs/design.md gives: say so, go on
        return Unsimulable(f"the claim's situation/outcome cannot be read ({type(e).__name__}: {e})")
    return readings or Unsimulable("synthesis produced no scenario")


def also_missing(claim: Claim, cards: Cards, reason: str) -> str:
    """What else a reading would need: the claim's subject without card data or behaviour."""
    if not claim.subject or claim.subject in reason:
        return ""
    m = cards.table.resolve(claim.subject)
    if m is None:
        return f"; also, card {claim.subject!r} is not in the card table"
    if not cards.usable(m.card):
        return f"; also, no behaviour for {m.card.name}"
    return ""


def synthesize(claim: Claim, cards=None) -> list[dict] | Unsimulable:
    """The scenario(s) (scenario-format dicts) a claim describes, one per reading; or why there are none."""
    r = readings(claim, cards)
    if isinstance(r, Unsimulable):
        return r
    return [x.scenario for x in r]


def check_claim(claim: Claim, cards=None, attached: list[dict] | None = None) -> Verdict:
    """Synthesize (and/or take the attached scenarios), run, and decide the verdict of one claim."""
    ctab = Cards.of(cards)
    base = claim_fields(claim)
    syn = readings(claim, ctab)
    syn_runs: list[Run] = []
    if not isinstance(syn, Unsimulable):
        syn_runs = [run_reading(r.label, r.scenario, ctab, r.negated) for r in syn]
    if attached:
        runs = []
        for a in attached:
            a = dict(a)
            where = a.pop("_attached_file", None)
            label = f"attached{' (' + where + ')' if where else ''}: {a.get('name') or 'scenario'}"
            runs.append(run_reading(label, a, ctab))
        v = verdict_from_runs(base, runs, "attached", require_all=True)
        v.readings_tried += [{**r.summary(), "reading": "synthesized: " + r.label} for r in syn_runs]
        # a hand-written scenario must test the stated outcome, not something near it
        statement = (registry.get(claim.kind) or registry.Kind(claim.kind)).statement
        unchecked = statement(claim, attached) if statement else None
        if unchecked and v.verdict != "unsimulable":
            v.verdict = "unsimulable"
            v.reason = f"the attached scenario does not check what the claim states ({unchecked}); it {v.reason}"
        return v
    if isinstance(syn, Unsimulable):
        return Verdict(**base, verdict="unsimulable", reason=syn.reason, origin="synthesized")
    kind = registry.get(claim.kind)
    require_all = bool(kind and kind.require_all and kind.require_all(claim))
    return verdict_from_runs(base, syn_runs, "synthesized", require_all=require_all)


def claim_from_data(data: dict, node_id: str | None = None, text: str | None = None) -> Claim:
    p = data.get("prov") or {}
    prov = Provenance(document=p.get("document") or data.get("document") or "",
                      revision=p.get("revision", data.get("revision")),
                      section=tuple(p.get("section") or data.get("section") or ()),
                      line=p.get("line", data.get("line")), file=p.get("file"))
    return Claim(id=data.get("id") or node_id or "", kind=data.get("kind") or "", text=data.get("text") or text or "",
                 prov=prov, subject=data.get("subject"), cards=list(data.get("cards") or []),
                 keywords=list(data.get("keywords") or []),
                 topics=list(data.get("topics") or []), situation=dict(data.get("situation") or {}),
                 outcome=dict(data.get("outcome") or {}), example_id=data.get("example_id"),
                 answer=data.get("answer"))


def summarize(verdicts: Iterable[Verdict]) -> dict:
    s = {k: 0 for k in VERDICTS}
    for v in verdicts:
        s[v.verdict] = s.get(v.verdict, 0) + 1
    s["total"] = sum(s[k] for k in VERDICTS)
    return s
