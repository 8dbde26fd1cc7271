"""Q&A answers joined to their question (extractor.qa): a bare はい / いいえ / 可能 / できません answer yields the
question's claims, polarity taken relative to the question (いいえ to a negative question = the positive
statement); and the reason an example yields no claim (the coverage worklist, ``Example.reason``)."""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from extractor.claims.anaphora import VALUE, answer_statements, has_own_topic
from extractor.claims.qa_board import compose
from extractor.claims.registry import Found, compile_patterns
from extractor.claims.sentences import Sentence, sentences_of
from extractor.facts import Example
from extractor.normalise import plain
from extractor.qa import A_LABEL, _echoes, answer_polarity, answer_reason, answered_of_another, deny, first_sentence, last_sentence, qa_pairs, qa_statement, question_core

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
    "count_answer": r"^\s*(?P<n>\d+)\s*(?P<unit>点|回|体|枚|個|度|つ)(?:だけ|のみ)?(?:です|だ|である)?\s*[。.]?\s*$",
    # a count with the asked words after it restated (「1個取り除かれますか?」「いいえ、3個取り除かれます。」)
    "count_restated": r"^\s*(?P<n>\d+)\s*(?P<unit>点|回|体|枚|個|度|つ)(?P<rest>[^、。]+?)\s*[。.]?\s*$",
    # 「《A》だけです。」「いいえ、《A》のみです。」: the only ones of the asked cards the proposition holds for
    "only_answer": r"^(?:(?:はい|いいえ|いえ)[、,]\s*)?(?:(?P<said>[^。、]*?)のは)?(?P<cards>《[^》]+》(?:(?:と|、|,)《[^》]+》)*)(?P<only>だけ|のみ)?"
                   r"(?:です|だ|である)?\s*[。.]?\s*$",
    # 「《A》と《B》は破壊される?」: the asked cards coordinated as the topic, and what is asked of them
    "coordinated_topic": r"^(?P<cards>《[^》]+》(?:(?:と|、|や)《[^》]+》)+)(?:は|が|も)(?:(?:両方|どちらも|全て|すべて)(?:とも)?)?、?"
                         r"(?P<pred>[^《》]+)$",
    # 「どれが破壊される?」「どのクリーチャーが破壊されますか?」: the object asked, then what holds of it
    "which_subject": r"^(?P<head>(?:[^、。]*、)?)(?:どれ|どちら|どの[^、。がは]{1,10}?)(?:が|も)(?P<pred>[^《》]+)$",
    # 「<who>が失うライフは3点」「<who>が受けるダメージは2点」: an amount as the topic of the clause that gives it
    "amount_topic": r"(?P<who>[^、。はがを]{1,20}?)が(?P<verb>失う|得る|受ける|与える)(?P<noun>ライフ|ダメージ|戦闘ダメージ)は"
                    r"(?P<n>\d+点)$",
    # a count of a unit in a yes / no question (「…2回誘発しますか?」): the one value a bare count answer corrects
    "count_in_question": r"(?P<n>\d+)\s*(?P<unit>点|回|体|枚|個|度|つ)",
    # 「…が置かれたらどうなりますか?」: a situation and a question of what follows it
    "what_happens": r"^(?P<cond>.+?(?:たら|と|場合|とき|ては|れば))、?(?:(?:それ|その\S{0,12}?)は)?どう(?:なる|なり)$",
    # 「<setup>。《X》はどうなりますか?」: the question's setup sentences, then what becomes of one object
    "what_becomes": r"^(?P<setup>.+。)\s*(?P<topic>[^。、]+?)は(?:その後|最終的に)?、?どう(?:なる|なり)$",
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
    if answer_polarity(answer, ex.question) is None or P["wh_question"].search(last_sentence(ex.question or "")):
        q = ex.question or ""
        statement, holds = choice_statement(q, answer) or count_statement(q, answer) or outcome_statement(q, answer), True
        if statement is None:
            return None
    else:
        if answered_of_another(answer, ex.question):
            return None     # 「…《A》は…できますか?」「いいえ。《X》は…のでできません。」: the answer word is said of X
        statement, holds = qa_statement(ex.question, answer)
        if only_statements(ex.question, answer):
            return None     # 「《A》と《B》は…?」「いいえ、《A》だけです」: 'not both' is said card by card (only_statements)
        if not holds and P["coordinated_topic"].match(question_core(last_sentence(ex.question or ""))):
            return None     # 「《A》と《B》は破壊される?」「いいえ」: not both — which one fails is not said (not 'neither')
        if not holds and corrects_value(ex.question, answer):
            return None     # 「2回?」「いいえ、1回です」: the corrected statement (topic_sentences) says it all
        reason = answer_reason(answer, ex.question)
        if reason == "":
            return None     # 「いいえ、…のでできます」 to 「できますか?」: the answer says both, so it says nothing
        if reason:
            # 「いいえ、飛行を持つのでできません」: the answer's reason is a stated fact of the statement, read as a
            # reason of the asked sentence is (conditions: checked against the card, the cause turned over)
            at = statement.rstrip().rfind("。", 0, len(statement.rstrip()) - 1) + 1
            topic = re.match(r"《[^》]+》は[、,]?", statement[at:])
            if topic and "《" not in reason and len(set(re.findall(r"《[^》]+》", statement[at:]))) == 1:
                # 「《X》は…?」「いいえ、呪禁を持つので…」: X the one card asked, the reason inside X's clause (with two
                # cards asked, whose it is is the cross-check's: the one staged card it is true of, card_facts.py)
                at += topic.end()
            elif topic and reason.startswith(topic.group(0).rstrip("、,")):
                # 「《X》は…?」「いいえ、《X》は呪禁を持つので…」: one topic, the reason after it (「《X》は呪禁を持つので、…」)
                at += topic.end()
                reason = reason[len(topic.group(0).rstrip("、,")):].lstrip("、,")
            statement = statement[:at] + reason + "、" + statement[at:]
    statement = statement.strip()
    if not statement:
        return None
    joined = compose(statement)
    texts = [statement, *([joined] if joined else [])]
    got: list[Sentence] = []
    for text, sdoc in zip(texts, parse(nlp, texts, page_cards=page_cards)):
        got.append(sentences_of(text, line, sdoc, card_spans(text, sdoc, ex, doc_names, lookup)))
    return holds, [x for g in got for x in g], max(0, len(got[0]) - 1), sum(len(g) for g in got[1:])


def topic_sentences(nlp, ex: Example, asked: tuple[int, int | None, str], page_cards, doc_names: dict[str, str],
                    lookup: dict[str, str] | None = None) -> list[tuple[Sentence, bool]]:
    """:func:`extractor.claims.anaphora.answer_statements` as sentences on the answer's line (each holds as said:
    not negated by the answer), each with whether it states the question's setup itself: after a question that sets
    up the board, an answer statement is composed with that setup like the question's own (qa_board.compose), else
    it is read alone (the setup then merged into its claims as the question's)."""
    from extractor.claims.document import card_spans
    from extractor.japanese import parse

    setup = [p for p in re.split(r"(?<=。)", question_core(ex.question or "")) if p.strip()][:-1]
    texts, whole = [], []
    for text in [*answer_statements(ex.question, asked[2]), *count_correction(ex.question, asked[2]),
                 *only_statements(ex.question, asked[2])]:
        composed = compose("".join(setup) + text) if setup else None
        texts.append(composed + "。" if composed else text)
        whole.append(composed is not None)
    return [(x, w) for text, w, sdoc in zip(texts, whole, parse(nlp, texts, page_cards=page_cards))
            for x in sentences_of(text, asked[1], sdoc, card_spans(text, sdoc, ex, doc_names, lookup))]


def leaves_out_asked_card(question: str | None, sentence: str) -> bool:
    """An answer sentence restating the asked verb about some of the asked sentence's cards but leaving another out
    (「《灰色熊》はブロックできる。」 answering 「《灰色熊》は《シヴ山のドラゴン》をブロックできる?」), or about fewer cards
    than asked one of which the question does not name (「《ラノワールのエルフ》はブロックできる。」): read alone, any
    object would stand in for the card left out (a named card is a fact of the sentence).  Not after a question asking
    which (「…打ち消せるのはどれ?」): the cards named there are the answer."""
    last = unicodedata.normalize("NFKC", last_sentence(question or ""))
    if P["wh_question"].search(last):
        return False        # 「…打ち消せるのはどれ?」: the cards the answer names are its answer
    asked = set(re.findall(r"《[^》]+》", last))
    text = plain(unicodedata.normalize("NFKC", A_LABEL.sub(lambda m: m.group(m.lastindex) or "", sentence))).strip()
    said = set(re.findall(r"《[^》]+》", text))
    core = re.sub(r"[。.!！]+$", "", text)
    # 「《ラノワールのエルフ》はブロックできない。」 to the same question: another card restated, the asked object left out
    fewer = said < asked or (bool(said - asked) and len(said) < len(asked))
    return bool(said) and fewer and bool(core) and _echoes(core, question)


def corrects_value(question: str | None, answer: str) -> bool:
    """The answer after its answer word states a value (a count, a P/T) the asked sentence does not: it corrects the
    question's number (「いいえ、1回です」「いいえ、5/5になります」), so 'not the asked number' is no separate statement
    (its reading as a negated claim could stand for 'none at all')."""
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
    head = re.match(r"^(?:はい|いいえ|いえ|ええ)[、,]\s*", first)
    said = first[head.end():] if head else first_sentence(answer.strip()[len(first_sentence(answer)):])
    asked = set(VALUE.findall(unicodedata.normalize("NFKC", last_sentence(question or ""))))
    said = said.strip().rstrip("。")
    return bool(count_correction(question, answer)) or (
        bool(said) and _echoes(said, question) and any(v not in asked for v in VALUE.findall(said)))


def only_statements(question: str | None, answer: str) -> list[str]:
    """The cards an answer names as the only ones (「《灰色熊》だけです。」) of a question coordinating cards as its
    topic (「《灰色熊》と《大蜘蛛》は破壊される?」): each asked card with the predicate, affirmed for the named ones and
    denied for the others (qa.deny); and the card (or cards) an answer names for a question asking which
    (「どのクリーチャーが破壊されますか?」「《灰色熊》です。」): each with the predicate.  [] for any other pair (the
    named cards must be asked ones; a predicate that cannot be denied gives no statement for the others)."""
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
    if re.fullmatch(r"(?:いいえ|いえ)[。.]?", first):
        first = plain(unicodedata.normalize("NFKC", first_sentence(answer.strip()[len(first_sentence(answer)):])))
    a = P["only_answer"].match(first.strip())
    last = question_core(last_sentence(question or ""))
    if not a or not last or (a.group("said") and not _echoes(a.group("said"), question)):
        return []           # 「破壊されるのは《A》だけ」 restates the asked verb; another verb is another statement
    said = re.findall(r"《[^》]+》", a.group("cards"))
    q = P["coordinated_topic"].match(last)
    if q and a.group("only"):
        asked = re.findall(r"《[^》]+》", q.group("cards"))
        pred = q.group("pred")
        if not set(said) < set(asked) or P["wh_question"].search(pred):
            return []
        out = []
        for c in asked:
            said_of = pred if c in said else deny(pred)
            if said_of:
                out.append(f"{c}は{said_of}。")
        return out
    q = P["which_subject"].match(last)
    if q:
        return [f"{q.group('head')}{c}が{q.group('pred')}。" for c in said]
    return []


def count_correction(question: str | None, answer: str) -> list[str]:
    """「いいえ。1回です。」「いいえ、1個です。」 answering a yes / no question that states a count: the question's
    asked sentence with the answer's count (:func:`corrected_count`) as one statement that holds; [] otherwise (an
    answer with no answer word is read by :func:`count_statement`)."""
    if answer_polarity(answer, question) is None:
        return []
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
    head = re.match(r"^(?:はい|いいえ|いえ|ええ)[、,]\s*", first)
    rest = answer.strip()[len(first_sentence(answer)):] if not head else first[head.end():]
    said = corrected_count(question, first_sentence(rest) if not head else rest)
    return [said + "。"] if said else []


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
    last = last_sentence(question)
    q = question_core(question)
    ask = P["count_asked"].search(question_core(last)) if last else None
    a = P["count_answer"].match(plain(unicodedata.normalize("NFKC", first_sentence(answer))))
    if not ask:
        # 「…2回誘発する?」「1回。」; 「…1個取り除かれる?」「いいえ、3個取り除かれます。」 (an answer word and a restated
        # positive verb: answer_polarity reads no polarity from it, the count says it)
        first = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
        said = corrected_count(question, re.sub(r"^(?:はい|いいえ|いえ|ええ)[、,]\s*", "", first))
        return q[:len(q) - len(question_core(last))] + said if said else None
    if not ask or not a or len(P["count_asked"].findall(q)) != 1:
        return None
    unit = ask.group("unit")
    if unit and unit != a.group("unit"):
        return None
    said = P["count_asked"].sub(a.group("n") + a.group("unit"), q, count=1)
    # 「対戦相手が失うライフは3点」: the amount of a relative clause's object said as the clause (「対戦相手は3点の
    # ライフを失う」), the shape the life / damage readers read
    return P["amount_topic"].sub(lambda m: f"{m.group('who')}は{m.group('n')}の{m.group('noun')}を{m.group('verb')}", said)


def corrected_count(question: str | None, said: str) -> str | None:
    """A yes / no question stating one count of a unit (「加虐は2回誘発しますか?」「カウンターは3個置ける?」) and an
    answer sentence that is a count of that unit alone (「1回です。」「1個だけです。」, after いいえ): the asked
    sentence with the answer's count in its place (「加虐は1回誘発する」) — the answer corrects the number, the rest of
    the question stands; None when the counts agree (the answer then adds nothing), when the question states no count
    or several of the unit, or when the sentence is not a bare count."""
    said = plain(unicodedata.normalize("NFKC", said)).strip()
    a = P["count_answer"].match(said) or P["count_restated"].match(said)
    last = question_core(last_sentence(question or ""))
    if not a or not last or P["wh_question"].search(last):
        return None
    same = [m for m in P["count_in_question"].finditer(last) if m.group("unit") == a.group("unit")]
    if len(same) != 1 or same[0].group("n") == a.group("n"):
        return None
    m = same[0]
    if "rest" in a.groupdict() and a.group("rest") != last[m.end():]:
        return None         # 「3個取り除かれる」 restates the asked words after the count, or it says something else
    return last[:m.start("n")] + a.group("n") + last[m.end("n"):]


def outcome_statement(question: str, answer: str) -> str | None:
    """A question asking what happens after a situation (「…が置かれたらどうなりますか?」) answered by an outcome
    sentence (「それらは対になって取り除かれます。」): the situation as the answer's condition clause
    (「…が置かれたら、それらは対になって取り除かれる」); a question of setup sentences asking what becomes of an
    object (「…受けました。《X》はどうなりますか?」 「破壊されます。」): the setup, then the object with the
    answer's outcome (「…受けた。《X》は破壊される」); None when the question is of neither shape."""
    core = question_core(question)
    q = P["what_happens"].match(core)
    said = plain(unicodedata.normalize("NFKC", first_sentence(answer))).strip()
    if not said or answer_polarity(answer, question) is not None:
        return None
    if q:
        return q.group("cond") + "、" + said
    q = P["what_becomes"].match(core)
    if not q:
        return None
    # the answer's zero subject is the object asked about (zero anaphora, anaphora.has_own_topic); the setup
    # sentences stay the setup (qa_board composes them with it)
    said = said.rstrip("。")
    return q.group("setup") + (said if has_own_topic(said) else q.group("topic") + "は" + said)


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
