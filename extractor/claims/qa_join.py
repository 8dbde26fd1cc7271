"""Q&A answers joined to their question (extractor.qa): a bare はい / いいえ / 可能 / できません answer yields the
question's claims, polarity taken relative to the question (いいえ to a negative question = the positive
statement); and the reason an example yields no claim (the coverage worklist, ``Example.reason``)."""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from extractor.claims.qa_board import compose
from extractor.claims.registry import Found, compile_patterns
from extractor.claims.sentences import Sentence, sentences_of
from extractor.facts import Example
from extractor.normalise import _tokenizer, plain
from extractor.qa import A_LABEL, _echoes, answer_polarity, first_sentence, qa_pairs, qa_statement, question_core

_COUNT = r"\d+\s*(?:点|回|体|枚|個|つ|度)"
PATTERNS = compile_patterns({
    # a question offering counts to choose from: '対戦相手が失うライフは1点?3点?' / '誘発は1回?2回?'
    "choice_question": r"^(?P<head>.*?)(?P<stem>[^。?]*?)(?P<opts>(?:" + _COUNT + r"\s*[?]\s*){2,})$",
    "choice_option": "(" + _COUNT + ")",
    # a question asking what / how many / which is not a yes / no question: its answer is not a polarity
    # ('何体にブロックされても…?' is concessive: still a yes / no question)
    "wh_question": r"(?:何(?:回|点|体|枚|個|度|が|を)|どれ|どちら|どう(?:なる|なり)|いくつ|誰|なぜ)(?![^、。?]*?[てで]も)",
    "choice_answer": r"^\s*(" + _COUNT + r")\s*(?:です|だ)?\s*[。.]",
    # 「…は何個残りますか?」「…いくつ取り除かれますか?」: the count asked, and a count answering it (「1個です。」)
    "count_asked": r"何(?P<unit>点|回|体|枚|個|度)|いくつ(?P<unit2>)",
    "count_answer": r"^\s*(?P<n>\d+)\s*(?P<unit>点|回|体|枚|個|度|つ)(?:です|だ|である)?\s*[。.]?\s*$",
    # a clause stating its own situation (「致死ダメージを受けても」「攻撃したとき」)
    "own_condition": r"(?:ても|でも|たら|ば|場合|とき|ので)、?[^、]",
    # 「…が置かれたらどうなりますか?」: a situation and a question of what follows it
    "what_happens": r"^(?P<cond>.+?(?:たら|と|場合|とき|ては|れば))、?(?:(?:それ|その\S{0,12}?)は)?どう(?:なる|なり)$",
    # an outcome-like predicate at the end of a clause: the sentence says something checkable
    "predicate": r"([^、。]{0,24}?(?:でき(?:る|ない|ず)|される|されない|なる|ならない|誘発|置かれ|戻|得る|失う|引く|与え|受け"
                 r"|唱え|対象|打ち消|破壊|追放|ブロック|攻撃|コントロール|残る|可能|不可能)[^、。]{0,8}?)[。)]?\s*$",
})
P = PATTERNS
_FLIP_BOOL = ("can", "returned", "found", "countered", "modified", "stack", "sick", "moved", "keyword_matters", "still_attacking", "holds")


def qa_split(ex: Example | None, segs: list[tuple[int | None, str]]) -> tuple[int, int | None, str] | None:
    """(index of the answer's first segment, its line, the answer text) of a Q&A example with a question."""
    if ex is None:
        return None
    if not ex.question:                  # a Q&A pair inside one example's text (質問：… 回答：…)
        pairs = [p for p in qa_pairs(ex.text) if p.question]
        if not pairs:
            return None
        ex.question = pairs[0].question
    for j, (line, text) in enumerate(segs):
        m = A_LABEL.match(unicodedata.normalize("NFKC", text))
        if m and j > 0:
            first = m.group(m.lastindex).strip() if m.lastindex else ""
            rest = [t for _, t in segs[j + 1:]]
            return j, line, "\n".join([first, *rest]).strip()
    return None


def qa_sentences(nlp, ex: Example, asked: tuple[int, int | None, str], page_cards, doc_names: dict[str, str],
                 lookup: dict[str, str] | None = None) -> tuple[bool, list[Sentence], int, int] | None:
    """The question's proposition as sentences placed on the answer's line, with its truth, how many of the
    leading ones are its setup (context, not outcomes) and how many trailing ones are the question composed into
    one sentence that states every setup fact itself (:func:`extractor.claims.qa_board.compose`: the setup is not
    merged into their claims again); None when the answer is not a yes/no answer."""
    from extractor.claims.document import card_spans
    from extractor.japanese import parse

    _, line, answer = asked
    if not answer:
        return None
    if answer_polarity(answer, ex.question) is None or P["wh_question"].search(_last_sentence(ex.question or "")):
        q = ex.question or ""
        statement, holds = choice_statement(q, answer) or count_statement(q, answer) or outcome_statement(q, answer), True
        if statement is None:
            return None
    else:
        statement, holds = qa_statement(ex.question, answer)
    statement = statement.strip()
    if not statement:
        return None
    joined = compose(statement)
    texts = [statement, *([joined] if joined else [])]
    got: list[Sentence] = []
    for text, sdoc in zip(texts, parse(nlp, texts, page_cards=page_cards)):
        got.append(sentences_of(text, line, sdoc, card_spans(text, sdoc, ex, doc_names, lookup)))
    return holds, [x for g in got for x in g], max(0, len(got[0]) - 1), sum(len(g) for g in got[1:])


_OBJECT_NOUN = r"(?:クリーチャー|プレインズウォーカー|パーマネント|プレイヤー|呪文|発生源|トークン|アーティファクト|エンチャント)"
# the question's topic: a card or a described object marked as topic / subject (「《X》は」「…を持つクリーチャーは」)
_TOPIC = re.compile(r"(?P<t>《[^》]+》|[^、。《》?]{0,40}?" + _OBJECT_NOUN + r")(?:は|も|でも)")
_OBJECTS = re.compile(r"《[^》]+》|" + _OBJECT_NOUN)
_FIRST_PART = re.compile(r"^(?:はい|いいえ|いえ|ええ)[、,]\s*")


def question_topic(question: str) -> str | None:
    """The object the question is about (「《大蜘蛛》」, 「破壊不能を持つクリーチャー」) when it is the only object
    the asked sentence names: a reason sentence with no subject continues it.  None when the question names
    another object too (an answer sentence could then leave that one out: 「ブロックできません」 said of one
    blocker is no rule about every attacker)."""
    last = question_core(_last_sentence(question))
    m = _TOPIC.search(last)
    if not m:
        return None
    rest = last[:m.start("t")] + last[m.end("t"):]
    if _OBJECTS.search(rest) or len(_OBJECTS.findall(m.group("t"))) != 1:
        return None
    return m.group("t").strip()


def _has_subject(sentence: str) -> bool:
    """Whether a sentence marks a subject or topic of its own (a は / が / も particle; not the も of 〜ても / 〜でも),
    or opens with a pronoun (その / それ / これ)."""
    if re.match(r"^(?:その|それ|これ|この)", sentence):
        return True
    ms = [m for m in _tokenizer().tokenize(sentence)]
    for i, m in enumerate(ms):
        pos = m.part_of_speech()
        if pos[0] == "助詞" and m.surface() in ("は", "が", "も") and pos[1] in ("係助詞", "格助詞"):
            if m.surface() == "も" and i and ms[i - 1].surface() in ("て", "で"):
                continue
            return True
    return False


def topic_statements(question: str | None, answer: str) -> list[str]:
    """The answer's sentences with no subject of their own, read with the question's topic as their subject (a
    zero subject continues the topic): 「Q: 破壊不能を持つクリーチャーは…? A: いいえ。致死ダメージを受けても破壊されま
    せん。」 → 「破壊不能を持つクリーチャーは致死ダメージを受けても破壊されない」.  The first sentence counts for what
    follows its はい / いいえ, or whole when it is no answer word (「墓地に置かれます。」 answering 「戦場に残りますか?」);
    a sentence that restates the asked verb with no condition of its own is left out (it says no more than the
    question with its answer)."""
    topic = question_topic(question) if question else None
    if not topic:
        return []
    out = []
    sents = [m.group(0).strip() for m in re.finditer(r"[^。！!？?\n]+[。！!？?]?", _answer_paragraph(answer))
             if m.group(0).strip()]
    for i, sent in enumerate(sents):
        said = plain(unicodedata.normalize("NFKC", sent)).strip().rstrip("。")
        if i == 0:
            head = _FIRST_PART.match(said)
            if not head and answer_polarity(answer, question) is not None:
                continue                 # 「できます。」: the answer word, read with the question's proposition
            said = said[head.end():] if head else said
        if not said or _has_subject(said) or "?" in said:
            continue
        if _echoes(said, question) and not P["own_condition"].search(said):
            continue
        out.append(f"{topic}は{said}。")
    return out


_SENTENCE_END = re.compile(r"[。！!？?」』)）]\s*$")


def _answer_paragraph(answer: str) -> str:
    """The answer up to a later line that ends no sentence (a heading, a card box's line): the question's topic
    is not carried past it, as a card topic is not (anaphora)."""
    lines = answer.split("\n")
    end = next((i for i, ln in enumerate(lines) if i and ln.strip() and not _SENTENCE_END.search(ln)), len(lines))
    return "\n".join(lines[:end])


def topic_sentences(nlp, ex: Example, asked: tuple[int, int | None, str], page_cards, doc_names: dict[str, str],
                    lookup: dict[str, str] | None = None) -> list[Sentence]:
    """:func:`topic_statements` as sentences on the answer's line (each holds as said: not negated by the answer)."""
    from extractor.claims.document import card_spans
    from extractor.japanese import parse

    texts = topic_statements(ex.question, asked[2])
    return [x for text, sdoc in zip(texts, parse(nlp, texts, page_cards=page_cards))
            for x in sentences_of(text, asked[1], sdoc, card_spans(text, sdoc, ex, doc_names, lookup))]


def _last_sentence(question: str) -> str:
    parts = [x for x in re.split(r"(?<=[。?？])", unicodedata.normalize("NFKC", question).strip()) if x.strip()]
    return parts[-1] if parts else ""


def choice_statement(question: str, answer: str) -> str | None:
    """A question that offers counts (「…は1点?3点?」) answered by one of them (「1点。…」): the question with
    that count as its statement (「…は1点」); None for any other answer."""
    q = P["choice_question"].match(unicodedata.normalize("NFKC", question).strip())
    a = P["choice_answer"].match(unicodedata.normalize("NFKC", answer))
    if not q or not a or not q.group("stem").strip():
        return None
    said = re.sub(r"\s+", "", a.group(1))
    if said not in [re.sub(r"\s+", "", o) for o in P["choice_option"].findall(q.group("opts"))]:
        return None
    return q.group("head") + q.group("stem") + said


def count_statement(question: str, answer: str) -> str | None:
    """A question asking how many (「…は何個残りますか?」「…いくつ取り除かれますか?」) answered by a count of that
    unit (「1個です。」「1個残ります。」): the question's proposition with that count in the asked place
    (「…は1個残る」); None for any other answer (a count of another unit answers something else)."""
    last = _last_sentence(question)
    q = question_core(question)
    ask = P["count_asked"].search(question_core(last)) if last else None
    a = P["count_answer"].match(plain(unicodedata.normalize("NFKC", first_sentence(answer))))
    if not ask or not a or len(P["count_asked"].findall(q)) != 1:
        return None
    unit = ask.group("unit")
    if unit and unit != a.group("unit"):
        return None
    return P["count_asked"].sub(a.group("n") + a.group("unit"), q, count=1)


def outcome_statement(question: str, answer: str) -> str | None:
    """A question asking what happens after a situation (「…が置かれたらどうなりますか?」) answered by an outcome
    sentence (「それらは対になって取り除かれます。」): the situation as the answer's condition clause
    (「…が置かれたら、それらは対になって取り除かれる」); None when the question is not of that shape."""
    q = P["what_happens"].match(question_core(question))
    said = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
    if not q or not said or answer_polarity(answer, question) is not None:
        return None
    return q.group("cond") + "、" + said


def negate(f: Found) -> Found | None:
    """The claim a false proposition makes: its boolean outcome flipped; 'triggers once' ↔ 'does not trigger';
    None when the opposite is not one claim (a number, a zone: 'not 2' is not a value)."""
    out: dict[str, Any] = dict(f.outcome)
    for k in _FLIP_BOOL:
        if isinstance(out.get(k), bool):
            out[k] = not out[k]
            return f._replace(outcome=out)
    if f.kind == "zone_after" and out.get("zone") == "graveyard" and out.get("owner"):
        return None      # 'is it put into YOUR graveyard?' — 'no' denies whose graveyard, not the zone (400.3)
    if f.kind == "zone_after" and out.get("zone") == "graveyard":
        # 'is it put into the graveyard?' — 'no': a permanent with no other destination stays (as the reader
        # reads 「墓地に置かれない」)
        return f._replace(outcome={**out, "zone": "battlefield"})
    if f.kind == "no_trigger":
        return f._replace(kind="trigger_count", outcome={"times": 1})
    if f.kind == "trigger_count" and out.get("times") == 1 and not out.get("negated"):
        return f._replace(kind="no_trigger", outcome={"times": 0})
    if f.kind == "trigger_count" and isinstance(out.get("times"), int):
        out["negated"] = not out.get("negated", False)
        return f._replace(outcome=out)
    return None


def unparsed_reason(sentences: list[Sentence]) -> str:
    """"phrasing not understood: <the first unmatched predicate>" when a sentence ends in an outcome-like
    predicate no reader took, else "no checkable outcome"."""
    for s in sentences:
        for clause in re.split(r"(?<=。)", s.norm):
            m = P["predicate"].search(clause)
            if m:
                return f"phrasing not understood: {m.group(1).strip()}"
    return "no checkable outcome"
