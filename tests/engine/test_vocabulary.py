"""The one vocabulary (engine.vocabulary): behaviour files are checked against it as they load, the README
documents exactly what is registered, and an Oracle compiler can ask what the engine can't run."""
from __future__ import annotations

from pathlib import Path

import pytest

import engine.scenario  # noqa: F401  (loads the game and so every registration; `import engine` alone is lazy)
from engine import behaviours, vocabulary
from engine.behaviours import BehaviourError, load_file

README = Path(engine.__file__).parent / "README.md"


def test_readme_tables_are_the_vocabulary():
    """Every registered key is documented and no documented key is unregistered: the README block is
    ``vocabulary.markdown()`` (regenerate it when a registration changes)."""
    text = README.read_text(encoding="utf-8")
    a, b = text.index(vocabulary.README_BEGIN), text.index(vocabulary.README_END) + len(vocabulary.README_END)
    assert text[a:b] == vocabulary.markdown()
    block = text[a:b]
    for family, names in vocabulary.lists().items():
        for name in names:
            assert f"`{name}" in block, (family, name)


def test_unknown_key_in_a_behaviour_file_names_file_and_line():
    text = ("Good Card:\n  keywords: [flying]\n"
            "Bad Card:\n  triggers:\n    - event: enters\n      effects: [{draw: 1}]\n      sometimes: true\n")
    with pytest.raises(BehaviourError) as e:
        load_file(Path("cards/bad.yaml"), text)
    assert "bad.yaml:7" in str(e.value) and "sometimes" in str(e.value)


@pytest.mark.parametrize("text, line, word", [
    ("X:\n  spell:\n    effects:\n      - {explode: 3}\n", 4, "explode"),
    ("X:\n  statics:\n    - {layer: 6, affected: {types: [Creature], colour: R}, grant: [flying]}\n", 3, "colour"),
    ("X:\n  keywords: [flying,\n             ward]\n", 3, "ward"),
    ("X:\n  triggers:\n    - {event: explodes, effects: []}\n", 3, "explodes"),
    ("X:\n  spell:\n    effects:\n      - damage:\n          to: target\n          amount: 3\n", 6, "amount"),
    ("X:\n  spell:\n    effects:\n      - {unless: {player: target, pay: '{1}', else: [{vanish: self}]}}\n", 4, "vanish"),
    ("X:\n  triggers:\n    - event: upkeep\n      if: {moon_is_full: true}\n", 4, "moon_is_full"),
    ("X:\n  spell:\n    targets: [{kind: planet}]\n", 3, "planet"),
    ("X:\n  spell:\n    effects: [{draw: 'moons:2'}]\n", 3, "moons"),
    ("X:\n  triggers:\n    - event: dies\n      effects:\n        - create_token:\n            token: zombie\n", 6,
     "zombie"),
])
def test_each_family_is_closed(text, line, word):
    with pytest.raises(BehaviourError) as e:
        load_file(Path("x.yaml"), text)
    assert f"x.yaml:{line}:" in str(e.value) and word in str(e.value)


def test_malformed_yaml_names_the_file():
    with pytest.raises(BehaviourError) as e:
        load_file(Path("broken.yaml"), "X:\n  keywords: [flying\n")
    assert "broken.yaml" in str(e.value)


def test_bundled_behaviours_are_all_in_the_vocabulary():
    assert behaviours.names()
    for name in behaviours.names():
        assert behaviours.get(name) is not None


def test_check_and_unhandled_for_a_compiled_behaviour():
    ok = {"keywords": ["Flying"], "triggers": [{"event": "enters", "effects": [{"draw": 1}]}]}
    assert vocabulary.check(ok, "compiled") == []
    assert vocabulary.unhandled(ok) == []
    bad = {"keywords": ["ward"], "spell": {"effects": [{"assemble": 2}, {"damage": {"to": "target", "n": 2}}]},
           "statics": [{"phasing_out": True}]}
    assert vocabulary.unhandled(bad) == ["keyword ward", "effect assemble", "static phasing_out"]
    assert vocabulary.unhandled({"spell": {"effects": [{"create_token": {"token": "zombie"}}]}}) == \
        ["create_token token zombie"]
    problems = vocabulary.check(bad, "compiled")
    assert len(problems) == 3 and all(p.startswith("compiled: unknown ") for p in problems)


def test_register_rejects_an_unknown_key():
    with pytest.raises(BehaviourError):
        behaviours.register("Vocabulary Test Card", {"triggers": [{"event": "enters", "effect": []}]})
    assert not behaviours.has_behaviour("Vocabulary Test Card")


def test_registries_refuse_a_second_registration():
    with pytest.raises(ValueError):
        vocabulary.effect("draw")(lambda g, arg, ctx: None)


def test_scenario_format_documents_every_action_and_expectation():
    """docs/scenario-format.md names every action and expectation the scenario loader accepts."""
    from engine.scenario import ACTION_KEYS, EXPECT_KEYS

    doc = (Path(engine.__file__).parent.parent / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    for key in list(ACTION_KEYS) + list(EXPECT_KEYS):
        assert f"`{key}:" in doc or f"`{key}`" in doc, key
