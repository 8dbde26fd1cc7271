"""What the claim reader spends on the Japanese pipeline: a lean tokenizer that gives spaCy's words, spaces and
norms, general rule statements parsed only when a described-object finder can read them, and the finder
registry's per-kinds plans.  Each shortcut is checked against the full path it replaces."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLE, SHARED


@pytest.fixture(scope="module")
def nlp():
    from extractor.japanese import build_nlp
    from kb.cards import CardTable
    return build_nlp([(c.name_ja, c.name) for c in CardTable.bundled()])


@pytest.fixture(scope="module")
def spacy_tokenizer():
    import spacy
    return spacy.blank("ja").tokenizer           # spaCy's own JapaneseTokenizer (split mode A)


def _tokens(doc):
    return [(t.text, t.whitespace_, t.norm_) for t in doc]


TRICKY = ["", " ", "　", "\n", "魂の管理人  が 戦場に出る。", "  先頭と末尾の空白  ", "タブ\tと\n改行\n\n",
          "《遺跡探し、ハーマ＝パシャール》の能力", "１２３と123と一二三", "Soul Warden / 魂の管理人", "😀 絵文字 …… ‥",
          "打ち消す、打消す、打ち消せない", "(2)(青)(黒):墓地から"]


def _sample_lines() -> list[str]:
    return [ln for p in sorted(SAMPLE.glob("*.txt")) for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]


def test_norm_tokenizer_gives_spacys_words_spaces_and_norms(nlp, spacy_tokenizer):
    """The pipeline's tokenizer is spaCy's JapaneseTokenizer without tags, lemmas and readings: on every line
    of the bundled sample and on whitespace-heavy text, its tokens, their spaces and NORMs are spaCy's."""
    texts = TRICKY + _sample_lines()
    assert len(texts) > 100
    for text in texts:
        assert _tokens(nlp.tokenizer(text)) == _tokens(spacy_tokenizer(text)), text


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("魂の管理人が戦場に出るたび、あなたは1点のライフを得る。 　\n\tａＡ《》「」・＝/"))
               | st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_norm_tokenizer_matches_spacy_on_any_text(nlp, spacy_tokenizer, text):
    assert _tokens(nlp.tokenizer(text)) == _tokens(spacy_tokenizer(text))


def test_norm_tokenizer_keeps_the_sudachi_tokenizer_for_parts_of_speech(nlp):
    """``nlp.tokenizer.tokenizer`` is the SudachiPy tokenizer with every field (is_ambiguous reads parts of
    speech through it)."""
    ms = nlp.tokenizer.tokenizer.tokenize("破壊する")
    assert ms[0].part_of_speech()[0] == "名詞"


def _wiki_doc(text: str, title: str = "テスト"):
    from extractor import extract
    from extractor.facts import RawDocument
    return extract(RawDocument(title=title, text=text, path="t.txt", form="wikitext", key="t.txt"))


def _claims(doc):
    return sorted(json.dumps([c.prov.line, c.kind, c.subject, c.cards, c.situation, c.outcome, c.clause],
                             ensure_ascii=False, sort_keys=True, default=str) for c in doc.claims)


def _parsed_texts(monkeypatch) -> list[str]:
    import extractor.japanese as japanese
    seen: list[str] = []
    real = japanese.parse

    def parse(nlp, texts, *a, **k):
        texts = list(texts)
        seen.extend(texts)
        return real(nlp, texts, *a, **k)
    monkeypatch.setattr(japanese, "parse", parse)
    return seen


PAGE = """'''破壊不能'''はキーワード能力である。

==解説==
*破壊不能を持つパーマネントは、致死ダメージを受けても破壊されない。
*破壊不能を持つクリーチャーを[[生け贄に捧げる]]ことはできる。
*[[煮えたぎる歌/Seething Song]]のようにマナを生み出す呪文は、マナ能力ではない。
*このカードが破壊されたときの話題は、初期のエキスパンションで多く語られた。
*破壊されにくい点が評価され、長く使われた。
"""


def test_general_statements_no_finder_can_read_are_not_parsed(nlp, monkeypatch):
    """A wiki line that looks like a rule statement (it has a rule predicate) but that no described-object
    finder reads from its text is not handed to the pipeline; the ones a finder reads are, and the link
    names the card of a linked one (マナを生み出す呪文: uses_stack)."""
    doc = _wiki_doc(PAGE, "破壊不能")
    seen = _parsed_texts(monkeypatch)
    from extractor.claims import attach_claims
    attach_claims(doc, nlp)
    kinds = {c.kind for c in doc.claims}
    assert {"can_destroy", "uses_stack"} <= kinds, kinds
    assert not any("初期のエキスパンション" in t or "長く使われた" in t for t in seen), seen
    assert any("煮えたぎる歌" in t for t in seen)


def _pages():
    from extractor.sources import read_path
    out = [SAMPLE]
    for part in ("mtgwiki-ja.fragments.xml", "wiki", "pages"):
        if (SHARED / "corpus" / part).exists():
            out.append(SHARED / "corpus" / part)
    return [raw for p in out for raw in read_path(p, all_revisions=True) if getattr(raw, "form", None) == "wikitext"]


def test_the_prefilter_drops_no_claim(nlp, monkeypatch):
    """Every claim the reader finds when every general statement is parsed is found with the prefilter too
    (on the bundled sample and, when present, every wikitext revision of ../shared/corpus), and the prefilter
    does skip statements."""
    import extractor.claims as claims
    from extractor import extract

    raws = _pages()
    if not any(raw.path and "shared" in str(raw.path) for raw in raws):
        pytest.skip("needs ../shared/corpus (not present in this checkout): the sample alone has no general statements")
    seen = _parsed_texts(monkeypatch)
    with_filter = []
    for raw in raws:
        doc = extract(raw)
        claims.attach_claims(doc, nlp)
        with_filter.append(_claims(doc))
    n_filtered = len(seen)
    seen.clear()
    monkeypatch.setattr(claims, "_may_read", lambda *a: True)
    without = []
    for raw in raws:
        doc = extract(raw)
        claims.attach_claims(doc, nlp)
        without.append(_claims(doc))
    assert with_filter == without
    assert sum(map(len, with_filter)) > 0
    assert n_filtered < len(seen), "the prefilter skipped no general statement"


def test_keywords_in_text_finds_what_the_pipeline_finds(nlp):
    """Without the pipeline, a keyword is found by any of its spellings (an alias gives the keyword's name),
    at least wherever the pipeline finds it."""
    from extractor.japanese import keywords_in, keywords_in_text

    for text in ["怪物的な能力を起動する。", "ETB能力は誘発する。", "破壊不能を持つクリーチャーと怪物化。", "何もない。"]:
        assert set(keywords_in(nlp(text))) <= set(keywords_in_text(nlp, text)), text
    assert keywords_in_text(nlp, "怪物的な能力") == ["怪物化"]
    assert keywords_in_text(nlp, "何もない。") == []


def test_registry_plans_follow_registration():
    """A finder registered after a read runs in the next read (the per-kinds plans are rebuilt)."""
    from extractor.claims.registry import Found, Registry, register
    from extractor.claims.sentences import Sentence

    reg = Registry()
    s = Sentence(text="x", line=1, norm="破壊できる", cards=[])

    @register("a", priority=1, needs=("破壊",), registry=reg)
    def find_a(s, si, ctx):
        return [Found("a", {}, {}, None)]

    assert [f.kind for f in reg.read(s, 0, None)] == ["a"]
    assert reg.read(s, 0, None, frozenset({"b"})) == []

    @register("b", priority=2, registry=reg)
    def find_b(s, si, ctx):
        return [Found("b", {}, {}, None)]

    assert [f.kind for f in reg.read(s, 0, None)] == ["a", "b"]
    assert [f.kind for f in reg.read(s, 0, None, frozenset({"b"}))] == ["b"]
    assert reg.read(Sentence(text="x", line=1, norm="追放する", cards=[]), 0, None, frozenset({"a"})) == []


def test_the_parse_cache_gives_the_claims_of_fresh_parses(monkeypatch):
    """Texts parsed again (pages repeat sentences across revisions) come from the pipeline's cache: every page
    of the bundled sample (and ../shared/corpus when present) read twice, the second time from the cache,
    gives the claims of a pipeline that never caches, and the second reading parses nothing new."""
    import extractor.claims as claims
    import extractor.japanese as japanese
    from extractor import extract
    from kb.cards import CardTable

    cards = [(c.name_ja, c.name) for c in CardTable.bundled()]
    raws = _pages()

    def read_all(nlp):
        out = []
        for raw in raws:
            doc = extract(raw)
            claims.attach_claims(doc, nlp)
            out.append(_claims(doc))
        return out

    cached = japanese.build_nlp(cards)
    parsed: list[str] = []
    real_pipe = cached.pipe
    monkeypatch.setattr(cached, "pipe", lambda texts, **k: real_pipe(parsed.extend(texts) or texts, **k),
                        raising=False)
    first = read_all(cached)
    n_first = len(parsed)
    second = read_all(cached)
    assert n_first > 0 and len(parsed) < 2 * n_first, "the second reading parsed its texts again"
    assert len(japanese._parsed(cached)) > 0

    fresh = japanese.build_nlp(cards)
    monkeypatch.setattr(japanese, "_parsed", lambda nlp: {})       # a cache that never keeps anything
    uncached = read_all(fresh)
    assert first == second == uncached
    assert sum(map(len, uncached)) > 0


def test_adding_cards_empties_the_parse_cache():
    """A text parsed before a card was added to the pipeline is parsed again afterwards: its card is found."""
    from extractor.japanese import add_cards, build_nlp, cards_in, parse

    nlp = build_nlp([("ショック", "Shock")])
    text = "魂の管理人が戦場に出る。"
    assert cards_in(next(parse(nlp, [text]))) == []
    assert next(parse(nlp, [text])) is next(parse(nlp, [text]))       # cached
    add_cards(nlp, [("魂の管理人", "Soul Warden")])
    assert [c[2] for c in cards_in(next(parse(nlp, [text])))] == ["Soul Warden"]
