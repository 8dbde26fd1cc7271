"""Every verdict rule in one place: readings are run, and the runs decide ``confirmed``, ``contradicted`` or
``unsimulable`` (docs/design.md, "The cross-check").

Honesty rules: a claim is confirmed when its outcome holds in the readings the text supports and no reading
shows the opposite; contradicted only when every reading shows the opposite; a fact the sentence states but
no scenario stages or checks makes it unsimulable; a card without a behaviour or a kind without a
synthesizer is unsimulable with the reason.  Nothing is ever guessed.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable

from extractor.facts import NO_EVENT, Claim, Provenance

from ..errors import NoBehaviour
from ..scenario import simulate, split_count
from . import registry
from .builder import compact, expectations, flag
from .cards import Cards, missing_behaviour, scenario_cards
from .registry import Reading, Skip
from .sacrifice_costs import COST_EVENTS
from . import all_of
from .quoted_text import judge_card_text, quoted_effects, quoted_source
from .tokens import token_ability
from .self_cost import judge_self_cost
from .standins import ALSO_WITH, controllers, with_standins
from .card_facts import causes, checked_card_facts, owner_of_cause
from .x_value import with_x, x_staged

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
    origin: str = "synthesized"           # synthesized | attached | compared (card_text, quoted_text.py)
    readings_tried: list[dict] = field(default_factory=list)   # [{reading, passed, observed, error}]
    log: list[str] = field(default_factory=list)                # engine game log of the deciding run
    doc_key: str | None = None            # the stored document's key (titles may repeat: an XML page, a .txt)
    file: str | None = None               # the file the claim was read from
    staged: list[str] = field(default_factory=list)             # the claim's situation facts the scenario stages

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def public(self) -> dict[str, Any]:
        """The fields ``mtgkb validate --json`` prints."""
        keys = ("claim_id", "document", "revision", "section", "line", "text", "kind", "verdict",
                "expected", "observed", "reason", "scenario", "origin", "staged")
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
    hold and none shows the opposite, contradicted only when every one does.

    Runs of a described object staged also with a keyword its description neither states nor denies
    (standins.others_keywords, label mark ``ALSO_WITH``) test the statement as one about every object the
    description fits: the verdict is the other runs' (the object as described is one such object, so its
    contradiction stands), but a confirmation needs each of these to hold too — one that shows the opposite makes
    it unsimulable naming the keyword (not contradicted: a generic statement is meant of the object as described,
    other things being equal).  One that cannot run is named, as any reading that cannot run."""
    also = [r for r in runs if ALSO_WITH in r.label]
    if also and len(also) < len(runs):
        v = verdict_from_runs(base, [r for r in runs if ALSO_WITH not in r.label], origin, require_all)
        v.readings_tried = [r.summary() for r in runs]
        bad = [r for r in also if r.failed_checks]
        kws = lambda rs: ", ".join(sorted({r.label.split(ALSO_WITH, 1)[1].split("]")[0] for r in rs}))  # noqa: E731
        if v.verdict == "confirmed" and bad:
            v.verdict, v.scenario, v.log = "unsimulable", bad[0].scenario, bad[0].log
            v.expected = [c.get("expect") for c in bad[0].checks]
            v.observed = [c.get("observed") for c in bad[0].checks]
            v.reason = (f"holds for the object as described, but one the description fits may also have "
                        f"{kws(bad)}, and then the opposite happens" + fail_detail(bad[0])
                        + " — the statement is about every such object (702: what those keywords change)")
        elif v.verdict == "confirmed" and any(not r.passed for r in also):
            v.reason += f" (could not run with: {kws([r for r in also if not r.passed])})"
        return v
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
    """The runnable readings of a claim (its kind's synthesizer), or why there are none (fidelity included)."""
    return staged_readings(claim, cards)[0]


def staged_readings(claim: Claim, cards, quoted: dict | None = None
                    ) -> tuple[list[Reading] | Unsimulable, list[str], Cards]:
    """The readings, the situation facts they stage and the card view they run with (the table with the
    claim's stand-ins for described objects, :mod:`engine.crosscheck.standins`); a fact the readings do
    not stage makes them :class:`Unsimulable` naming it (:func:`fidelity`)."""
    ctab = Cards.of(cards)
    unrepresented = [u for u in (claim.situation or {}).get("unrepresented") or [] if u]
    if unrepresented:               # the reader saw a condition it could not represent: nothing can stage it
        return Unsimulable(unstaged(unstated_words(unrepresented))), [], ctab
    kind = registry.get(claim.kind)
    try:
        claim = quoted_source(claim, quoted)          # a trigger given by its quoted wording: its stand-in
        claim = quoted_effects(claim, quoted)         # effects in order that quote their wording (layered_pt)
        claim = token_ability(claim, quoted)          # a predefined token's quoted ability (111.10, tokens.py)
    except Skip as e:
        return Unsimulable(str(e)), [], ctab
    if kind is not None and kind.prepare is not None:
        claim = kind.prepare(claim)
    if kind is not None and kind.prepare_cards is not None:
        try:
            claim = kind.prepare_cards(claim, ctab.table)
        except Skip as e:
            return Unsimulable(str(e)), [], ctab
    try:
        claim = checked_card_facts(claim, ctab)       # 「《X》は飛行を持つので」: a fact of the card, checked
        variants, overlay = with_standins(claim, ctab.table)
    except Skip as e:
        return Unsimulable(str(e)), [], ctab
    if overlay is not None:
        ctab = Cards(overlay)
    every: list[Reading] = []
    staged: list[str] = []
    for variant, label in variants:      # one per reading of what a description leaves open (its P/T …)
        r = _synthesized(variant, ctab)
        if isinstance(r, Unsimulable) and ALSO_WITH in label:
            continue            # a keyword a described object may also have that the kind cannot stage: not run
        if isinstance(r, Unsimulable):
            return r, [], ctab
        got, dropped = fidelity(variant, registry.get(claim.kind), r, ctab)
        for name, who in controllers(overlay).items():          # a described object's stated controller
            if name not in _values([variant.situation, variant.subject]):
                continue
            if all(_controlled(sc.get("zones") or {}, name, who) for sc in (x.scenario for x in r)):
                got.append(f"{name} controlled by {who}")
            else:
                dropped.append(f"that {name} is controlled by {who}")
        if dropped and ALSO_WITH in label:
            continue
        if dropped:
            return Unsimulable(unstaged(dropped)), got, ctab
        for x in r:
            if label:
                x.label = f"{x.label} [described object {label}]"
                x.scenario["name"] += f" [described object {label}]"
        every += r
        staged += [s for s in got if s not in staged]
    return every, staged, ctab


def _synthesized(claim: Claim, cards) -> list[Reading] | Unsimulable:
    ctab = Cards.of(cards)
    kind = registry.get(claim.kind)
    if kind is None or kind.synthesize is None:
        return Unsimulable(kind.unsupported if kind and kind.unsupported
                           else f"no synthesis for claims of kind {claim.kind!r}")
    if kind.outcome:
        claim = Claim(**{**claim.__dict__, "outcome": {**(claim.outcome or {}), **kind.outcome}})
    try:
        readings = with_x(claim, kind.synthesize(claim, ctab), ctab)     # 107.3: X is a stated fact
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


def check_claim(claim: Claim, cards=None, attached: list[dict] | None = None,
                quoted: dict | None = None) -> Verdict:
    """:func:`_check_claim`; a claim read from a reason clause (``reason_for``: 「Kを持つクリーチャーは攻撃できない
    ので、《X》は…」) is a premise of its sentence's main statement — contradicted, the sentence is false; confirmed,
    it decides nothing alone (the main statement is judged by its own claim, or the sentence is undecided)."""
    main = (claim.situation or {}).get("reason_for")
    if cards is not None:
        claim = owner_of_cause(claim, Cards.of(cards))   # 「被覆を持つので」: whose, when one staged card fits
    v = _check_claim(claim, cards, attached, quoted)
    if main and v.verdict == "confirmed":
        v.verdict = "unsimulable"
        v.reason = (f"a reason given for 「{main}」, which this claim does not state: true ({v.reason}), it does not "
                    "decide the sentence")
    return v


def _check_claim(claim: Claim, cards=None, attached: list[dict] | None = None,
                 quoted: dict | None = None) -> Verdict:
    """Synthesize (and/or take the attached scenarios), run, and decide the verdict of one claim.  ``quoted``:
    the claim's quoted wordings compiled by the caller ({text: {supported, reason, behaviour}},
    :mod:`engine.crosscheck.quoted_text`)."""
    base = claim_fields(claim)
    if claim.kind == "card_text" and not attached:
        try:
            verdict, reason = judge_card_text(claim, Cards.of(cards), quoted)
        except Skip as e:
            verdict, reason = "unsimulable", str(e)
        return Verdict(**base, verdict=verdict, reason=reason, origin="compared")
    if claim.kind == "self_cost" and not attached:
        try:
            verdict, reason = judge_self_cost(claim, Cards.of(cards))
        except Skip as e:
            verdict, reason = "unsimulable", str(e)
        return Verdict(**base, verdict=verdict, reason=reason, origin="compared")
    if claim.kind == "all_of" and not attached:      # one statement of several facts: each part checked
        verdict, reason = all_of.judge(claim, lambda part: check_claim(part, cards, None, quoted))
        return Verdict(**base, verdict=verdict, reason=reason, origin="synthesized")
    syn, staged, ctab = staged_readings(claim, cards, quoted)
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
    v = verdict_from_runs(base, syn_runs, "synthesized", require_all=require_all)
    v.staged = staged
    if v.verdict != "confirmed":
        return v
    for cause in causes(claim, Cards.of(cards)):
        # 「《セラの天使》は警戒を持つので、…ブロックできない」「警戒を持たないので攻撃できない」: a stated cause is one only
        # when the outcome differs without it (card_facts.causes: each cause with the claim it is taken away from)
        if cause.refuted:
            v.verdict, v.reason = "unsimulable", cause.refuted
            return v
        without = check_claim(cause.flipped, cards, None, quoted).verdict
        if without == "confirmed":
            v.verdict = "unsimulable"
            v.reason = (f"the cause the statement gives ({cause.words}) makes no difference: the outcome holds "
                        "without it too — not confirmable as stated")
            return v
        if cause.must_fail and without != "contradicted":
            v.verdict = "unsimulable"   # 「Kを持たない限り…」: the converse case is a stated fact, not shown here
            v.reason = (f"the exception the statement gives ({cause.words}) is not shown: with it turned over the "
                        f"outcome was not seen to fail ({without}) — not confirmable as stated")
            return v
    return v


# ---- fidelity: every situation fact of the claim is staged, or the claim is not judged
_EMPTY = (None, "", [], {})
_NOT_FACTS = {"unrepresented",          # the reader's own record of what it could not represent (checked apart)
              "reason_for"}            # the main statement a reason clause's claim is given for (check_claim)
# an action of a scenario → the events it stages
_ACTION_EVENTS = {"destroy": {"destroyed", "dies", "leaves"}, "sacrifice": {"sacrificed", "dies", "leaves"},
                  "exile": {"exiled", "leaves"}, "attack": {"attacks"}, "block": {"blocks", "attacks", "becomes_blocked"},
                  "counter": {"countered"}, "damage": {"damage", "dealt_damage"}, "draw": {"draw"}}
# an effect of a card the scenario casts or activates → the events it performs
_EFFECT_EVENTS = {"destroy": {"destroyed", "dies", "leaves"}, "destroy_all": {"destroyed", "dies", "leaves"},
                  "exile": {"exiled", "leaves"}, "exile_graveyard": {"exiled"},
                  "sacrifice": {"sacrificed", "dies", "leaves"}, "monstrosity": {"monstrous"}, "draw": {"draw"},
                  "damage": {"damage", "dealt_damage"}, "counter": {"countered"},
                  "discard": {"discard"}, "discard_chosen": {"discard"}, "return_to_hand": {"bounce", "leaves"},
                  "create_token": {"enters"}, "blink": {"exiled", "leaves", "enters"}}


NO_EVENT_WORDS = "the claim does not say what happened to the object (the question or an earlier line does)"


def unstated_words(unrepresented: list[str]) -> list[str]:
    """The reader's unrepresented clauses for a reason, once each: quoted as written (card names as 《EN》),
    and its note that the sentence does not say what happened (``extractor.facts.NO_EVENT``) in words."""
    return [NO_EVENT_WORDS if u == NO_EVENT else f"「{u}」" for u in dict.fromkeys(unrepresented)]


def unstaged(dropped: list[str]) -> str:
    """Why a claim is unsimulable when the scenario leaves out what it states (the fidelity check)."""
    said = [d for d in dict.fromkeys(dropped) if d != NO_EVENT_WORDS]
    parts = [NO_EVENT_WORDS] if NO_EVENT_WORDS in dropped else []
    if said:
        parts.append(f"the claim states {'; '.join(said)}, which the scenario does not stage")
    return "; ".join(parts) + " — never judged without it"


def fidelity(claim: Claim, kind, readings: list[Reading], cards: Cards) -> tuple[list[str], list[str]]:
    """The claim's swallow check: ``(staged, dropped)`` — the situation facts every reading stages, and those
    it does not (a key the kind does not declare in ``Kind.stages``, an event no action of a reading
    performs, a card said to enter that no reading puts onto the battlefield, a mana symbol no staged card
    has, a condition or a clause the reader could not represent).  A dropped fact makes the claim
    unsimulable: a verdict is never drawn from a scenario that leaves out what the sentence says."""
    sit = claim.situation or {}
    stages = set(kind.stages if kind else ())
    staged: list[str] = []
    dropped = unstated_words([u for u in (sit.get("unrepresented") or []) if u])
    scenarios = [r.scenario for r in readings]
    for key, val in sit.items():
        if key in _NOT_FACTS or val in _EMPTY:
            continue
        if key in stages:
            staged.append(f"{key}: {compact(val)}")
            continue
        if key == "events":
            missing = [e for e in (val if isinstance(val, list) else [val])
                       if not all(_stages_event(sc, e, cards) for sc in scenarios)]
        elif key == "entered":
            missing = [n for n in (val if isinstance(val, list) else [val])
                       if not all(_puts_onto_battlefield(sc, n, cards) for sc in scenarios)]
        elif key == "symbols":
            missing = [] if all(_has_symbol(sc, str(val), cards) for sc in scenarios) else [val]
        elif key == "x":                # 107.3: announced for a spell or ability every reading uses
            missing = [] if x_staged(scenarios, val) else [val]
        elif key == "conditions":
            missing = [c for c in (val if isinstance(val, list) else [val])]
        else:
            dropped.append(f"{key} {compact(val)}")
            continue
        if missing:
            dropped.append(f"{key} {compact(missing)}")
        else:
            staged.append(f"{key}: {compact(val)}")
    return staged, dropped


def _controlled(zones: dict, name: str, who: str) -> bool:
    """Whether a scenario's battlefield has ``name`` under ``who``'s control: in their zones with no other
    controller given, or in another player's zones with ``controller: who`` (owned by one, controlled by the
    other, 108.3 / 110.2)."""
    for owner, zs in zones.items():
        for zone, entries in (zs or {}).items():
            if zone != "battlefield":           # off the battlefield its owner controls it (108.4)
                if owner == who and name in _values(entries):
                    return True
                continue
            for e in entries if isinstance(entries, list) else []:
                card, ctrl = (e, None) if isinstance(e, str) else (e.get("card"), e.get("controller"))
                if isinstance(card, str) and name in {card, split_count(card)[0]} and (ctrl or owner) == who:
                    return True
    return False


def _values(x) -> set[str]:
    """Every string inside a nested value (a card name wherever it stands; ``X x2`` counts as ``X``)."""
    if isinstance(x, str):
        return {x, split_count(x)[0]}
    if isinstance(x, dict):
        return set().union(set(), *(_values(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(set(), *(_values(v) for v in x))
    return set()


def _stages_event(sc: dict, event, cards: Cards) -> bool:
    if isinstance(event, dict):                      # an event given as an action: staged when it is one
        return event in (sc.get("actions") or [])
    return str(event).lower() in staged_events(sc, cards)


def staged_events(sc: dict, cards: Cards) -> set[str]:
    """The events the actions of a scenario perform: its own actions, and the effects of the cards it casts
    or activates (e.g. monstrosity, a destroy effect)."""
    out: set[str] = set()
    for a in sc.get("actions") or []:
        if not isinstance(a, dict):
            continue
        for verb, events in _ACTION_EVENTS.items():
            if verb in a:
                out |= events
        if "cast" in a:
            out.add("cast")
            name = str(a["cast"])
            if not _spell_only(cards, name):
                out.add("enters")                    # a permanent spell resolves onto the battlefield (608.3)
            out |= _effect_events(cards, name)
        if "activate" in a:
            out |= _effect_events(cards, str(a["activate"])) | _cost_events(cards, a)
        if "put" in a and isinstance(a["put"], dict) and a["put"].get("zone", "battlefield") == "battlefield":
            out.add("enters")
        if "advance" in a and isinstance(a["advance"], dict) and a["advance"].get("step") == "upkeep":
            out.add("upkeep")
    for e in expectations(sc):          # what an expectation tries is staged too (casting it, declaring a block)
        if "can_cast" in e:
            out.add("cast")
        tried = (e.get("allowed") or {}).get("action") if isinstance(e.get("allowed"), dict) else None
        if isinstance(tried, dict):
            out |= {"attacks"} if "attack" in tried else {"blocks", "attacks"} if "block" in tried else set()
    return out


def _spell_only(cards: Cards, name: str) -> bool:
    try:
        return cards.is_spell_only(name)
    except Skip:
        return False


def _cost_events(cards: Cards, action: dict) -> set[str]:
    """The events the cost of the activated ability an action activates performs (602.2b: a sacrifice,
    701.17a) — the ability the action names by its index."""
    beh = cards.behaviour(str(action["activate"]))
    i = action.get("ability")
    if beh is None or not isinstance(i, int) or not 0 < i <= len(beh.activated):
        return set()
    ab = beh.activated[i - 1]
    return set().union(set(), *(ev for key, ev in COST_EVENTS.items() if ab.get(key)))


def _effect_events(cards: Cards, name: str) -> set[str]:
    beh = cards.behaviour(name)
    if beh is None:
        return set()
    out: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                out.update(_EFFECT_EVENTS.get(k, ()))
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk([(beh.spell or {}).get("effects"), [a.get("effects") for a in beh.activated],
          [t.get("effects") for t in beh.triggers]])
    return out


def _puts_onto_battlefield(sc: dict, name, cards: Cards) -> bool:
    try:
        want = cards.name(str(name))
    except Skip:
        return False
    for a in sc.get("actions") or []:
        if isinstance(a, dict) and a.get("cast") == want and not _spell_only(cards, want):
            return True
        put = a.get("put") if isinstance(a, dict) else None
        if isinstance(put, dict) and put.get("zone", "battlefield") == "battlefield" and \
                any(split_count(str(c))[0] == want for c in put.get("cards") or [put.get("card")]):
            return True
    return False


def _has_symbol(sc: dict, kind: str, cards: Cards) -> bool:
    """Whether a card of the scenario has a mana symbol of that kind (hybrid {W/U}, phyrexian {W/P})."""
    for nm in scenario_cards(sc):
        try:
            cost = cards.card(nm).cost or ""
        except Skip:
            continue
        syms = re.findall(r"\{([^}]*)\}", cost)
        if kind == "phyrexian" and any(s.endswith("/P") for s in syms):
            return True
        if kind == "hybrid" and any("/" in s and not s.endswith("/P") for s in syms):
            return True
    return False


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
                 answer=data.get("answer"), clause=data.get("clause"))


def summarize(verdicts: Iterable[Verdict]) -> dict:
    s = {k: 0 for k in VERDICTS}
    for v in verdicts:
        s[v.verdict] = s.get(v.verdict, 0) + 1
    s["total"] = sum(s[k] for k in VERDICTS)
    return s
