"""Typed claims from worked examples and rulings prose (keys per kind: docs/design.md, "Claims").

``attach_claims(doc, nlp)`` parses every example (and, for prose documents, every other paragraph) with the
pipeline from :func:`extractor.japanese.build_nlp`, splits sentences (:mod:`.sentences`), reads what the
whole example says about the situation (:mod:`.context`) and runs the finders of every claim family over
each sentence's normalised form (:mod:`.registry`; the reader modules are those the claim-kind declarations
name, :func:`extractor.facts.declared_kinds`).  Japanese words the engine interprets
become English through one lexicon (:mod:`extractor.lexicon`).  Nothing is keyed by line or by seed text.
"""
from __future__ import annotations

import hashlib
import importlib
import re
from typing import Any

from extractor.claims import anaphora
from extractor.claims.clauses import reason_for
from extractor.claims.conditions import merge, name_cards, name_means, resolve, setup_facts, setup_key
from extractor.claims.described import elided_object, lift_unstated
from extractor.claims.context import CAUSE_SPELL_KINDS, CONTEXT_KEYS, PATTERNS as CONTEXT_PATTERNS, Context, build_context
from extractor.claims.document import (answer_of, general_statements, has_general_statements, bare_nlp, card_boxes, card_spans, document_names, page_card,
                                       page_card_end, section_lookup, topic_keywords)
from extractor.qa import inline_answer
from extractor.claims.qa_join import leaves_out_asked_card, negate, qa_sentences, qa_split, topic_sentences, unparsed_reason
from extractor.claims.note_blocks import card_text_claims, note_blocks
from extractor.claims.registry import REGISTRY, Found, register
from extractor.claims.results import PATTERNS as RESULT_PATTERNS
from extractor.claims.tables import row_statements
from extractor.claims.sentences import (HEDGE, NEG, QUESTION, Sentence, kanji_int, logical_lines, normalise, sentences_of,
                                        split_sentences, unread_premises)
from extractor.facts import Claim, Example, ExtractedDocument, Provenance, kind_reader_modules, own_event_kinds
from extractor.lexicon import lexicon
from extractor.prose import example_segments

__all__ = ["attach_claims", "has_general_statements", "claims_for", "claim_topics", "kanji_int", "normalise", "split_sentences", "Sentence",
           "Context", "Found", "register", "REGISTRY", "HEDGE", "NEG", "CONTEXT_KEYS"]

for _module in kind_reader_modules():      # the readers the kind declarations name register their finders
    importlib.import_module(f"{__name__}.{_module}")
# kinds whose ``events`` are the clause's own ({action: …}), not the example's event words (declared ``own_events``)
OWN_EVENTS = own_event_kinds()
_REMARK = re.compile(r"\([^()]*\)")   # a parenthesised side remark: its hedge does not deny the sentence
# 「同様に、…」: a parallel case stated in full by its own sentence — the question's setup is not its situation
_PARALLEL = re.compile(r"^\s*(?:同様に|同じように|同じく)、")
# a rendered table row ('X は | できる | できない'): each cell's statement depends on its column's header, which a
# sentence reading does not see — read as a sentence, a cell is checked against the wrong object
_TABLE_ROW = re.compile(r"\S\s*\|\s*\S")
BARE_ANSWER_MAX = 16                    # an answer's first sentence this short is only its yes / no
_BARE_ANSWER = re.compile(r"(\d+)\s*(?:体|つ)。?")


_MARKER = re.compile(r"〔(\d+)〕")


def reading_words(s: Sentence, span: tuple[int, int] | None) -> str | None:
    """The words of the sentence a reading was made at (``Found.span`` in ``Sentence.norm``), cards as 《EN》."""
    if not span or span[1] <= span[0]:
        return None
    return unmarked(s, s.norm[span[0]:span[1]])


def unmarked(s: Sentence, text: str) -> str:
    """``text`` (words of ``s.norm``) with each card mark 〔i〕 written as the card's name, 《EN》."""
    return _MARKER.sub(lambda m: f"《{s.card(m)}》" if s.card(m) else "カード", text)


def _setup(sentences: list[Sentence]) -> dict[str, Any]:
    """``setup_facts`` of the question's setup sentences, their unread clauses with card names (each
    sentence's marks are its own cards)."""
    out: dict[str, Any] = {}
    for x in sentences:
        facts = setup_facts([x.norm])
        name_cards(facts.get("conditions") or [], x.card)
        if facts.get("unrepresented"):
            facts["unrepresented"] = [unmarked(x, u) for u in facts["unrepresented"]]
        merge(out, facts)
    return out


def _states_board(board: Any, s: Sentence) -> bool:
    """Whether a sentence names every card of a board read from its question (``{"you": [...], "opponent": [...]}``)
    — a question composed into one sentence (qa_board) states who controls them itself (「対戦相手の《X》」)."""
    return isinstance(board, dict) and all(isinstance(v, list) and set(v) <= set(s.cards) for v in board.values())


def claims_for(sentences: list[Sentence], ref_cards=(), answer_text: str | None = None,
               counter_kind: str | None = None, page_card: str | None = None,
               skip: frozenset[int] = frozenset(), setup: frozenset[int] = frozenset(),
               page_title: str | None = None, preceding: str = "",
               parts: frozenset[int] = frozenset(),
               whole: frozenset[int] = frozenset()) -> list[tuple[Sentence, Found]]:
    """All findings for one example (or one prose paragraph), in sentence order.

    ``counter_kind``: the one counter kind the whole document talks about (e.g. "+1/+1"), if any.
    ``skip``: indices of sentences that give context but state nothing (a Q&A's question); ``setup``: those
    of them that set the situation up (the question's sentences before the one asked); ``whole``: sentences that
    state the question's setup themselves (the question composed into one sentence, qa_board): not merged again."""
    # a left-out topic, 「それは」「このカードは」, 「つまり…」: the card a sentence is about made explicit (anaphora.py)
    sentences, absorbed = anaphora.resolve(sentences, skip, page_card, parts)
    skip = skip | absorbed
    ctx = build_context(sentences, list(ref_cards), page_card)
    ctx.page_title = page_title
    ctx.preceding = preceding
    if counter_kind:
        ctx.situation["counter_kind"] = counter_kind
    out: list[tuple[Sentence, Found]] = []
    quoted = next((q for x in sentences for q in CONTEXT_PATTERNS["quoted_trigger"].findall(x.norm)), None)
    # 「「…」という能力を持ったアーティファクト」: the card type of the object that has the quoted ability
    holder = next((lexicon().card_type(m.group(1)) for x in sentences
                   for m in CONTEXT_PATTERNS["quoted_holder"].finditer(x.norm)), None) if quoted else None
    lex = lexicon()
    set_up = _setup([x for i, x in enumerate(sentences) if i in setup])
    for si, s in enumerate(sentences):
        if si in skip or HEDGE.search(_REMARK.sub("", s.norm)) or QUESTION.search(s.text) or \
                _TABLE_ROW.search(s.text):
            continue                 # 'X というわけではない': the sentence denies a statement, it does not make one
        about_effect = lex.is_about_effect(s.norm)
        nth = CONTEXT_PATTERNS["nth_resolution"].search(s.norm)
        for found in REGISTRY.read(s, si, ctx):
            sit = found.situation
            if nth and "actions" in ctx.situation and "actions" not in sit:
                # "the first activation's resolution": the claim is about the state after N activations
                sit["actions"] = {k: min(v, int(nth.group(1))) for k, v in ctx.situation["actions"].items()}
            for k in CONTEXT_KEYS:
                if k in ("events", "cause") and found.kind in OWN_EVENTS:
                    continue                # these kinds state their own events ({action: …}) and cause (by)
                if k == "cause_spell" and found.kind not in CAUSE_SPELL_KINDS:
                    continue
                if k == "board" and si in whole and _states_board(ctx.situation.get(k), s):
                    continue                # the composed question names (and so stages) every card of its board
                if k in ctx.situation and k not in sit:
                    sit[k] = ctx.situation[k]
            if s.x is not None:
                sit.setdefault("x", s.x)                # 107.3: the X the sentence announces, a fact staged or not judged
            lift_unstated(sit)                          # a description's unread words make the claim unsimulable
            resolve(sit)                                # … unless they are a condition the reader knows
            name_means(sit, s.card)                     # 「《X》でコントロールを得た」: X by its name
            name_cards(sit.get("conditions") or [], s.card)   # 「〔0〕は飛行を持つので」: the card it is a fact of
            if sit.get("unrepresented"):                # kept for reading: card marks back to the card's name
                sit["unrepresented"] = [unmarked(s, u) for u in sit["unrepresented"]]
            read = sit.pop("setup_read", None)
            if read is not None:                         # the reader read these setup sentences itself: the rest
                said = {setup_key(n) for n in read}
                rest = _setup([x for i, x in enumerate(sentences) if i in setup and setup_key(x.norm) not in said])
                merge(sit, rest)
            elif set_up and found.kind in OWN_EVENTS and not _PARALLEL.match(s.norm) and si not in whole:
                merge(sit, set_up)                       # what the question set up is part of the situation
            if found.subject is None and quoted and not sit.get("in_order"):
                sit["quoted_ability"] = quoted          # the ability is given by its wording, not a card
                # (a story of effects in order, pt_layers, reads every quote before its checkpoint itself)
                if holder and holder != "Permanent":
                    sit["quoted_holder"] = holder
            if about_effect:
                sit["about_effect"] = True              # 'この効果': the sentence is about an effect
            main = reason_for(s, found.span, sit)
            if main:                                    # 「…攻撃できないので、《X》は…」: read from the reason clause
                sit["reason_for"] = unmarked(s, main)
            out.append((s, found))
    if answer_text is not None and sentences:
        m = _BARE_ANSWER.fullmatch(normalise(answer_text).strip())
        if m:                                  # a bare quiz answer 'N体': the number of creatures/tokens made
            sit = {k: ctx.situation[k] for k in ("symbols",) if k in ctx.situation}
            out.append((sentences[0], Found("result", sit, {"tokens": int(m.group(1))}, ctx.default_subject)))
    return out


def claim_topics(keywords: list[str]) -> list[str]:
    """English topic names of keyword names (lexicon topics, else keywords.yaml 'en' lowercased)."""
    lex = lexicon()
    return list(dict.fromkeys(t for t in (lex.topic(k) for k in keywords) if t))


def _answer_words(answer: str) -> str:
    """The first sentence of a Q&A answer (「できない。」, 「いいえ。…」), as the words that negate the question."""
    first = re.split(r"(?<=[。.!！])", answer.strip(), maxsplit=1)[0].strip()
    return first[:80]


class _Unparsed:
    """The pipeline Doc of a text that was not parsed: no card or keyword entities."""
    ents = ()


def _may_read(nlp, line: int, text: str, doc_names: dict[str, str], lookup: dict[str, str],
              counter_kind: str | None, on_page: str | None, title: str, preceding: str) -> bool:
    """Whether a general rule statement may give a described-object reading (:data:`OWN_EVENTS`) when read
    from its text alone: cards in 《》, in 「」, linked or named by the document, keywords by their
    spellings, only the finders of those kinds run.  Only such statements are worth the pipeline's parse (most of a page's rule
    prose states no checkable outcome); the parse then reads them again in full."""
    from extractor.japanese import keywords_in_text

    sentences = sentences_of(text, line, _Unparsed, card_spans(text, _Unparsed, None, doc_names, lookup))
    for s in sentences:
        s.keywords = keywords_in_text(nlp, s.text)
    ctx = build_context(sentences, [], on_page)
    ctx.page_title, ctx.preceding = title, preceding
    if counter_kind:
        ctx.situation["counter_kind"] = counter_kind
    return any(REGISTRY.read(s, si, ctx, OWN_EVENTS) for si, s in enumerate(sentences))


def attach_claims(doc: ExtractedDocument, nlp) -> None:
    """Fill ``doc.claims`` and ``doc.unparsed`` (examples that yielded no claim)."""
    from extractor.japanese import parse

    doc.claims, doc.unparsed = [], []        # idempotent: a second call replaces, never duplicates
    if nlp is None:                          # no pipeline given: cards come from the examples' own links only
        nlp = bare_nlp()
    known = nlp.mtgkb_keywords                # keyword name → EN name, from build_nlp
    lookup = getattr(nlp, "mtgkb_lookup", None) or {}
    units: list[tuple[Example | None, list[tuple[int | None, str]]]] = []
    covered: set[int] = set()
    general: set[int] = set()                # units of general rule statements: only the described-object kinds
    examples = list(doc.examples)
    seen = {e.id for e in examples}
    examples += [e for r in doc.rules for e in r.examples if e.id not in seen]     # CR examples under rules
    for ex in examples:
        paras = example_segments(doc, ex)
        segs = [(line, part) for line, text in logical_lines(paras) for part in inline_answer(text)]
        if ex.general:
            general.add(len(units))           # a rule bullet naming no card: a general statement's kinds only
        units.append((ex, segs))
        covered.update(line for line, _ in paras if line is not None)
    # release-note card blocks: their rules-text lines are the card's printed text (card_text claims below), never
    # ruling statements; their card is the subject of their bullets (on_page)
    blocks = note_blocks(doc.raw.text, doc.raw.line_offset, lookup) if doc.raw.form in ("prose", "rendered") else []
    card_text_lines = {ln for b in blocks for ln in b.text_lines}
    if doc.raw.form in ("prose", "rendered"):
        off = doc.raw.line_offset
        lines = doc.raw.text.split("\n")
        todo = [i for i, line in enumerate(lines) if line.strip() and (i + 1 + off) not in covered
                and (i + 1 + off) not in card_text_lines]
        rows = {i: row_statements(lines, i) for i in todo}      # a table row read with its header (tables.py)
        joined = dict(logical_lines([(i, lines[i]) for i in todo if not rows[i]]))   # a sentence over broken lines
        units += [(None, [(i + 1 + off, " ".join(rows[i]) if rows[i] else joined[i])])
                  for i in todo if rows[i] or i in joined]
    # general statements never take the page's card as their object: a page with only those skips looking it up
    the_page_card = page_card(doc, nlp) if units else None
    title_ja = (doc.raw.title or "").replace("_", " ").partition("/")[0].strip()
    doc_names = document_names(doc.raw.text, lookup, (title_ja, the_page_card) if the_page_card else None)
    page_end = page_card_end(doc, the_page_card)
    boxes = card_boxes(doc)
    kinds = set(RESULT_PATTERNS["counter_kind"].findall(normalise(doc.raw.text)))
    counter_kind = kinds.pop() if len(kinds) == 1 else None     # a document naming two kinds names none

    def on_page(first_line: int) -> str | None:
        """The card a unit starting at this line is about when it names none: its card box's, else the page's."""
        box = next(((en,) for a, b, en in boxes if a <= first_line <= b), None) or \
            next(((nb.card,) for nb in blocks if nb.first <= first_line <= nb.last), None)
        if box is None:                      # the lines right after a box (no blank line between): its rulings
            box = next(((en,) for a, b, en in boxes if b < first_line <= b + _run_after(b)), None)
        if box is not None:
            return box[0]                    # None: an unofficial card's box
        return the_page_card if first_line < page_end else None

    lines_all = doc.raw.text.split("\n")

    def _run_after(last: int) -> int:
        """How many non-blank lines directly follow a card box ending at line ``last`` (up to the next box)."""
        n, i = 0, last - doc.raw.line_offset          # index of the line after the box
        while i < len(lines_all) and lines_all[i].strip() and not any(a == i + 1 + doc.raw.line_offset
                                                                      for a, _, _ in boxes):
            n, i = n + 1, i + 1
        return n

    def before(ui: int) -> str:
        return " ".join(t for _, t in units[ui - 1][1]) if ui else ""

    unread: set[int] = set()                 # general statements the reader cannot read: not parsed
    # a general statement has no example links of its own: the cards the page links to name its cards
    linked = {**{r.name_ja: r.name_en for r in doc.card_refs if r.name_ja and r.name_en}, **doc_names}
    if doc.raw.form == "wikitext":
        for line, text in general_statements(doc, covered):
            general.add(len(units))
            units.append((None, [(line, text)]))
            if not _may_read(nlp, line, text, linked, lookup, counter_kind, on_page(line), doc.raw.title,
                             before(len(units) - 1)):
                unread.add(len(units) - 1)

    quoted_text = [_card_text_claim(doc, ln, quoted, card)
                   for ln, quoted, card in card_text_claims(blocks, doc.raw.text, doc.raw.line_offset)]
    if len(unread) == len(units):
        doc.claims.extend(quoted_text)
        return
    texts = [t for ui, (_, segs) in enumerate(units) if ui not in unread for _, t in segs]
    # a short form several cards share is read as the one the page names (its title card, its card links)
    page_cards = list(dict.fromkeys([*([the_page_card] if the_page_card else []),
                                     *(r.name_en for r in doc.card_refs if r.name_en)]))
    parsed = iter(parse(nlp, texts, page_cards=page_cards))
    claims: list[Claim] = []
    per_line: dict[tuple[int | None, str], int] = {}
    section_at = section_lookup(doc)
    page_kw = lexicon().value("keyword_abilities", doc.raw.title)      # a keyword's own page: 破壊されない
    for ui, (ex, segs) in enumerate(units):
        if ui in unread:
            continue
        sentences: list[Sentence] = []
        skip: set[int] = set()
        question: list[int] = []
        asked = qa_split(ex, segs)
        for j, (line, text) in enumerate(segs):
            sdoc = next(parsed)
            got = sentences_of(text, line, sdoc, card_spans(text, sdoc, ex, linked if ui in general else doc_names, lookup))
            if asked is not None and j < asked[0]:
                skip.update(range(len(sentences), len(sentences) + len(got)))    # the question states nothing
                question += range(len(sentences), len(sentences) + len(got))
            sentences += got
        statement: set[int] = set()
        parts: set[int] = set()
        whole: set[int] = set()
        holds = True
        if asked is not None:
            # 「《灰色熊》はブロックできる。」 answering 「…《シヴ山のドラゴン》をブロックできる?」: read alone it stands any
            # creature in for the card the question names — the answer sentence is not read on its own
            skip.update(i for i in range(len(sentences)) if i not in skip and leaves_out_asked_card(ex.question, sentences[i].text))
            said = qa_sentences(nlp, ex, asked, page_cards, doc_names, lookup)
            if said:
                holds, got, setup, n_whole = said         # the question's setup sentences give context only
                whole.update(range(len(sentences) + len(got) - n_whole, len(sentences) + len(got)))
                skip.update(range(len(sentences), len(sentences) + setup))
                statement = set(range(len(sentences) + setup, len(sentences) + len(got)))
                parts.add(len(sentences))             # the statement read from the question: a part of its own
                first = next((i for i in range(len(sentences)) if i not in skip), None)
                if first is not None and len(sentences[first].norm) <= BARE_ANSWER_MAX:
                    skip.add(first)                   # 'はい。' / '破壊される。': the statement says it in full
                sentences += got
            for x, w in topic_sentences(nlp, ex, asked, page_cards, doc_names, lookup):   # a zero subject: the question's topic
                if w:
                    whole.add(len(sentences))     # composed with the question's setup (qa_board): states it itself
                sentences.append(x)
        if not sentences:
            if ex is not None:
                ex.reason = "no checkable outcome"
                doc.unparsed.append(ex)
            continue
        answer, answer_text = answer_of(segs[0][1]) if ex is not None else (None, None)
        ref_cards = [r.name_en for r in (ex.cards if ex else []) if r.name_en]
        found = claims_for(sentences, ref_cards, answer_text, counter_kind, on_page(sentences[0].line or 0),
                           frozenset(skip), frozenset(question[:-1]), page_title=doc.raw.title, preceding=before(ui),
                           parts=frozenset(parts), whole=frozenset(whole))
        found = unread_premises(found)          # 「「S」というルールがあるので、Y」: S unread, Y alone decides nothing
        if ui in general:
            found = [(x, f) for x, f in found if f.kind in OWN_EVENTS]
        if (ex is None or ui in general) and page_kw:     # a rule statement (not an example) of a keyword's page
            found = [(x, elided_object(f, page_kw)) for x, f in found]
        # statement sentences whose claims the answer negates, by (line, text): claims_for reads a sentence
        # rewritten by anaphora.resolve (a new object, same text)
        denied: set[tuple[int | None, str]] = set()
        if not holds:      # the answer says the question's proposition is false: its claims, negated
            at = {id(x): i for i, x in enumerate(sentences)}
            denied = {(x.line, x.text) for x in sentences if at[id(x)] in statement}
            found = [(x, negate(f) if (x.line, x.text) in denied else f) for x, f in found]
            found = [(x, f) for x, f in found if f is not None]
        section = ex.prov.section if ex else section_at(sentences[0].line)
        topic = topic_keywords(doc, section, known)
        n_before = len(claims)
        for sent, f in found:
            key = (sent.line, f.kind)
            i = per_line.get(key, 0)
            per_line[key] = i + 1
            cid = "claim:" + hashlib.sha1(f"{doc.raw.key}|{sent.line}|{f.kind}|{i}".encode("utf-8")).hexdigest()[:12]
            prov = Provenance(document=doc.raw.title, revision=doc.raw.revision, section=tuple(section),
                              line=sent.line, file=doc.raw.path)
            cards = list(dict.fromkeys([*(c for s in sentences for c in s.cards), *ref_cards]))
            keywords = list(dict.fromkeys([*topic, *sent.keywords]))
            # a negated proposition is shown with the answer that negates it, never alone as if it were stated
            text = f"{sent.text.rstrip('。')}? — {_answer_words(asked[2])}" if (sent.line, sent.text) in denied else sent.text
            claims.append(Claim(id=cid, kind=f.kind, text=text, prov=prov, subject=f.subject, cards=cards,
                                keywords=keywords, topics=claim_topics(keywords), situation=f.situation,
                                outcome=f.outcome, example_id=ex.id if ex else None, answer=answer,
                                clause=reading_words(sent, f.span)))
        if ex is not None and len(claims) == n_before:
            ex.reason = unparsed_reason([x for i, x in enumerate(sentences) if i not in skip])
            doc.unparsed.append(ex)
    doc.claims.extend(claims)
    doc.claims.extend(quoted_text)


def _card_text_claim(doc: ExtractedDocument, line: int, quoted: str, card: str) -> Claim:
    """A rules-text line of a release-note card block as what it states: the block's card has that printed
    ability (``card_text``, compared with the card's Oracle behaviour; note_blocks.py)."""
    cid = "claim:" + hashlib.sha1(f"{doc.raw.key}|{line}|card_text|0".encode("utf-8")).hexdigest()[:12]
    section = section_lookup(doc)(line)
    prov = Provenance(document=doc.raw.title, revision=doc.raw.revision, section=tuple(section), line=line,
                      file=doc.raw.path)
    return Claim(id=cid, kind="card_text", text=quoted, prov=prov, subject=card, cards=[card], keywords=[],
                 topics=[], situation={"card": card, "quoted": quoted}, outcome={"matches": True})
