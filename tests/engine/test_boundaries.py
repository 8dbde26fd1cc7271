"""The engine stands on its own: it imports nothing of kb, and of the extractor only the Claim type and the pure shape
helpers both card grammars share (extractor.shapes)."""
from __future__ import annotations

from imports import graph


def test_no_engine_module_imports_kb():
    bad = {m: sorted(i for i in deps if i.split(".")[0] == "kb") for m, deps in graph(("engine",)).items()}
    assert {m: d for m, d in bad.items() if d} == {}


NEUTRAL = {"extractor.facts", "extractor.shapes"}       # the Claim type; the pure shape helpers both grammars share


def test_the_engine_imports_only_extractor_facts_and_shapes_of_the_extractor():
    bad = {m: sorted(i for i in deps if i.split(".")[0] == "extractor" and i not in NEUTRAL)
           for m, deps in graph(("engine",)).items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_the_shared_shape_helpers_import_nothing():
    assert {i for i in graph(("extractor",)).get("extractor.shapes", ()) if i != "__future__"} == set()


def test_the_extractor_imports_neither_kb_nor_the_engine():
    bad = {m: sorted(i for i in deps if i.split(".")[0] in ("kb", "engine"))
           for m, deps in graph(("extractor",)).items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_the_import_reader_sees_relative_and_function_level_imports():
    g = graph(("engine",))
    assert "engine.crosscheck.registry" in g["engine.crosscheck.verdict"]       # from . import registry
    assert "engine.cardbase" in g["engine.scenario"]                              # inside simulate()
    assert "extractor.facts" in g["engine.crosscheck.registry"]
