"""The cross-check's kind registry: every claim kind is one registered record, and the checker reads only it."""
from __future__ import annotations

import pytest

from engine import crosscheck as cc
from engine.crosscheck import registry
from engine.crosscheck.registry import Kind, Reading, Skip
from extractor.facts import Claim, Provenance

KINDS = {"trigger_count", "no_trigger", "once_per_turn", "can_counter", "cannot_counter", "can_target",
         "cannot_target", "can_cast", "must_target", "devotion", "enters_as", "no_return", "stack_order", "result",
         "nothing_happens", "choice_on_resolution", "finds",
         # issue 12: the new kinds (schema-new-kinds.md)
         "can_destroy", "can_exile", "zone_after", "pt_after", "can_block", "can_attack", "draw_result",
         "life_result", "discard_result", "trigger_controller", "cost", "copy", "card_text", "self_cost", "illegal_target",
         "loyalty_ability",  # (G3: planeswalker loyalty; keyword damage rules, issue 20: one kind a rule)
         "removed_blocker_damage", "fight_lifelink", "lifelink_redundant", "damage_trigger", "exalted_bonus",
         "lifelink_triggers", "blocking_keyword", "deathtouch_assignment", "gains_while_attacking",
         "tapped_while_attacking", "first_step_change",
         # G4: mana value (202.3) and mana abilities and the stack (605)
         "mana_value", "uses_stack",
         "cast_timing", "ability_resolves",                 # (s11 tm: 307.1 / 117.1a timing; 113.7a)
         "legend_rule", "token_controller",                 # (G1: the legend rule 704.5j, a token's controller 111.2)
         "token_definition",                                # (s11 tk: a predefined token's definition, 111.10)
         # gold recall (G2): summoning sickness and Equipment
         "can_activate", "summoning_sick", "can_equip", "equip_result",
         "controller",                                      # (R4: who controls a spell, a copy, a trigger)
         "regenerates",                                     # (R1: regeneration 701.15)
         "counters_annihilate", "trample_deathtouch",      # (issue 20: 704.5q counters; 702.19c trample with deathtouch)
         "trample_assign",                                  # (s11: 702.19b, 510.1c a blocked attacker's damage to the player)
         "looked_cards", "resolution_order", "x_mana_value",  # (s9: scry / surveil 701.22a / 701.25a; 405.5; 202.3e;
         "fight_damage",                                    #  fight 701.14a)
         "composed",                                        # (issue 20: statements read by composition)
         "all_of",
         "priority_holder", "countered_result", "pass_result"}             #  and what countering does, 701.5a)                                 # (s12 pr: who receives priority, 117.3, 502.4, 514.3)                                          # (s10: one statement of several facts, each a part)


def _claim(kind: str, **kw) -> Claim:
    return Claim(id="claim:r", kind=kind, text="…", prov=Provenance("D", line=1), **kw)


@pytest.fixture
def scratch_kind():
    names: list[str] = []

    def add(kind: Kind) -> Kind:
        registry.register(kind)
        names.append(kind.name)
        return kind
    yield add
    for n in names:
        registry._KINDS.pop(n, None)


def test_every_claim_kind_is_registered_by_its_family():
    ks = cc.kinds()
    assert set(ks) == KINDS
    assert all(k.synthesize is not None or k.unsupported for k in ks.values())
    assert ks["cannot_counter"].outcome == {"can": False} and ks["can_counter"].outcome == {}


def test_a_kind_cannot_be_registered_twice():
    with pytest.raises(ValueError, match="devotion"):
        registry.register(Kind("devotion"))


def test_the_checker_reads_a_new_kind_from_the_registry_alone(scratch_kind):
    def synth(claim, cards):
        if not claim.subject:
            raise Skip("no subject")
        return [Reading("as stated", {"name": "t", "zones": {"you": {"battlefield": [claim.subject]}},
                                      "actions": [], "expect": [{"count": {"player": "you", "zone": "battlefield",
                                                                           "n": claim.outcome["n"]}}]})]
    scratch_kind(Kind("test_board_size", synth))
    assert cc.check_claim(_claim("test_board_size", subject="Grizzly Bears", outcome={"n": 1})).verdict == "confirmed"
    assert cc.check_claim(_claim("test_board_size", subject="Grizzly Bears", outcome={"n": 2})).verdict \
        == "contradicted"
    v = cc.check_claim(_claim("test_board_size", outcome={"n": 1}))
    assert v.verdict == "unsimulable" and v.reason.startswith("no subject")


def test_a_negated_claim_of_a_kind_that_cannot_be_negated_is_unsimulable(scratch_kind):
    scratch_kind(Kind("test_plain", lambda claim, cards: [Reading("x", {"name": "x"})]))
    v = cc.check_claim(_claim("test_plain", outcome={"negated": True}))
    assert v.verdict == "unsimulable" and "negated test_plain" in v.reason


def test_an_unsupported_kind_says_why():
    v = cc.check_claim(_claim("finds"))
    assert v.verdict == "unsimulable" and "603.6" in v.reason
    assert "no synthesis for claims of kind 'nope'" in cc.check_claim(_claim("nope")).reason


def test_every_kind_is_built_from_its_declaration():
    from extractor.facts import declared_kinds
    ks = cc.kinds()
    for name, d in declared_kinds().items():
        k = ks[name]
        assert k.stages == d.stages and k.outcome == d.outcome and k.unsupported == d.unsupported
        assert (k.synthesize.__name__ if k.synthesize else None) == d.synthesize
        assert k.synthesize is None or k.synthesize.__module__ == f"engine.crosscheck.{d.checker}"


def test_a_declaration_naming_a_missing_checker_function_names_the_file():
    from extractor.facts import DeclaredKind, KindsError
    d = DeclaredKind(name="test_missing", family="test_missing", checker="devotion", synthesize="_nope")
    with pytest.raises(KindsError, match=r"claim_kinds\.yaml: test_missing: .*devotion\.py has no function '_nope'"):
        registry.built(d)


def test_no_checker_module_registers_a_kind_of_its_own():
    """The declarations are the one place a kind is made: no family module calls ``register``."""
    from pathlib import Path
    here = Path(registry.__file__).parent
    for path in here.glob("*.py"):
        if path.name != "registry.py":
            text = path.read_text(encoding="utf-8")
            assert "register(Kind(" not in text and "\nregister(" not in text, path.name
