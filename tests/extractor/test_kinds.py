"""A claim kind is one declared record (extractor/data/claim_kinds.yaml): the reader's modules, OWN_EVENTS and the
claim-kind table of docs/design.md are derived from it, and a bad declaration is refused naming the file."""
from __future__ import annotations

from pathlib import Path

import pytest

from extractor import facts as kinds
from extractor.claims import OWN_EVENTS, REGISTRY

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def test_the_design_table_is_the_declarations():
    text = DESIGN.read_text(encoding="utf-8")
    a, b = text.index(kinds.KINDS_DOC_BEGIN), text.index(kinds.KINDS_DOC_END) + len(kinds.KINDS_DOC_END)
    assert text[a:b] == kinds.kinds_markdown(), "regenerate the table: extractor.facts.kinds_markdown()"
    for name, d in kinds.declared_kinds().items():
        assert d.docs, f"{name} has no row in the kinds table"
        assert f"| `{name}`" in text[a:b] or f"({name}" in text[a:b], name


def test_every_finder_reads_declared_kinds_in_its_declared_module():
    declared = kinds.declared_kinds()
    by_module: dict[str, set[str]] = {}
    for f in REGISTRY.finders:
        module = f.fn.__module__.rsplit(".", 1)[-1]
        for k in f.kinds:
            assert k in declared, f"finder {f.name} ({module}) emits the undeclared kind {k!r}"
            assert module in declared[k].reader, f"{k}: the finder {f.name} is in {module}, not a declared reader"
            by_module.setdefault(module, set()).add(k)
    for name, d in declared.items():
        for module in d.reader:
            assert name in by_module.get(module, set()), f"{name}: the declared reader {module} has no finder for it"


def test_own_events_are_the_declared_ones():
    assert OWN_EVENTS == frozenset(n for n, d in kinds.declared_kinds().items() if d.own_events)
    assert "can_destroy" in OWN_EVENTS and "trigger_count" not in OWN_EVENTS


@pytest.mark.parametrize("body, says", [
    ("- {kind: a, synthesize: f}\n", "record 1 (a): names a checker function but no checker module"),
    ("- {kind: a, checker: m, synthesize: f}\n- {kind: a, checker: m, synthesize: f}\n", "declared twice"),
    ("- {kind: a, checker: m, synthesize: f, stage: [x]}\n", "unknown field(s) ['stage']"),
    ("- {kind: a}\n", "neither a synthesize function nor an 'unsupported' reason"),
    ("- {kind: a, unsupported: why, reader: x}\n", "reader must be a list of names"),
    ("- {kind: a, unsupported: why, docs: [{situation: x}]}\n", "a docs row has the fields"),
    ("kind: a\n", "must be a list"),
    ("- {kind: a\n", "claim_kinds.yaml"),
])
def test_a_bad_declaration_names_the_file_and_record(tmp_path, body, says):
    p = tmp_path / "claim_kinds.yaml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(kinds.KindsError) as e:
        kinds.load_kinds(p)
    assert str(p) in str(e.value) and says in str(e.value)
