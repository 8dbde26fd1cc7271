"""Q&A blocks: each answer joined to its question, with the answer's polarity.

Shapes (labels after NFKC, so full-width Ｑ／Ａ／：count too): ``[Q]…`` / ``[A]…``, ``Q.`` / ``A.`` (the
answer may start on the next line), ``Q13:`` / ``A13:``, ``Q:`` / ``A:``, ``質問:`` / ``回答:`` (text on the
following lines; ``追記:`` / ``補足:`` continue the answer), ``問1`` / ``答1``, ``問:`` / ``答え:``.  An
answer label with no open question (an excerpt that lost the question) gives a pair with ``question=None``.
An answer runs to the next label, two blank lines, or the page's next item (:func:`ends_answer`): a heading (a
marked one — ■ …, 【…】, # … — or a short line standing alone after a blank line), a list item (・ / * / - …)
that no line of the answer introduces (「以下の通り:」), or a paragraph that asks a new question (…ですか?).

Polarity: a relative answer word (はい / いいえ / その通り / 違います) states the truth of the question *as
asked*; an absolute answer (できます / できません / 可能 / 不可能, or a bare short verb sentence such as
誘発しない。) states the truth of the positive proposition.  ``negative_question`` (〜できませんか？,
〜ないのですか？) relates the two, so :func:`qa_statement` can rewrite a pair into one statement.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from extractor.normalise import _tokenizer, plain

_N = r"(\d*)"
# a label in brackets ([Q] 【Q】 (Q)), with a colon / full stop / parenthesis (Q: Q1. Q)), or followed by a space and
# Japanese text (「Q 《X》は…」, never an English word after it)
_BRACKETED = r"[\[【(]\s*{}\s*{}\s*[\]】)]"
Q_LABEL = re.compile(rf"^\s*(?:{_BRACKETED.format('Q', _N)}|Q\s*{_N}\s*[:.)]|Q\s*{_N}\s+(?=[^\x00-\x7f])"
                     rf"|(?:質問|問)\s*{_N}\s*[:.)]|問(\d+))\s*(.*)$")
A_LABEL = re.compile(rf"^\s*(?:{_BRACKETED.format('A', _N)}|A\s*{_N}\s*[:.)]|A\s*{_N}\s+(?=[^\x00-\x7f])"
                     rf"|(?:回答|答え?)\s*{_N}\s*[:.)]|答(\d+))\s*(.*)$")
MORE_LABEL = re.compile(r"^\s*(?:追記|補足)\s*[:]\s*(.*)$")

# answer words, as data: relative = about the question as asked; absolute = about the positive proposition
# 「そうなります」「そうはなりません」: the question's proposition affirmed / denied as a whole (a relative answer)
RELATIVE_YES: tuple[str, ...] = ("はい", "ええ", "その通り", "そのとおり", "そうだ", "正しい", "合っている", "そうなる")
RELATIVE_NO: tuple[str, ...] = ("いいえ", "いえ", "いや", "違う", "ちがう", "誤り", "間違い", "そうではない", "そうはならない",
                                "そうならない")
ABSOLUTE_YES: tuple[str, ...] = ("可能", "できる", "出来る", "OK", "ok", "大丈夫")
ABSOLUTE_NO: tuple[str, ...] = ("不可能", "できない", "出来ない", "不可", "ダメ", "だめ")
BARE_MAX = 14                       # a bare verb answer is a short first sentence with no card name
_NEGATIVE_END = re.compile(r"(?:ない|なかった|ぬ|ず|ません|ませんでした)$")
_RESTRICTIVE = ("しか",)            # 1体しか出せない: a count, not a "no"
# the interrogative ending: a particle before a question mark, or 「か」 closing the question with 。(「…できますか。」)
_QUESTION_END = re.compile(r"(?:(?:のだろうか|だろうか|のか|か|かな)\s*。|(?:のだろうか|だろうか|のか|か|の|かな)?\s*[?？]*)\s*$")
_SENTENCE = re.compile(r"[^。！!？?\n]*[。！!？?]?")


@dataclass
class Polarity:
    relative: bool | None           # the answer's truth relative to the question as asked
    absolute: bool | None           # truth of the positive proposition
    word: str | None                # the answer word read (はい, 可能, 誘発しない, …)
    bare: bool                      # the answer's first sentence is only that word / verb


@dataclass
class QAPair:
    key: str                        # "Q13" (the label's number) or "Q{n}" (n-th pair)
    question: str | None
    answer: str
    q_line: int | None              # 1-based lines (plus ``line_offset``)
    a_line: int
    answer_lines: list[tuple[int, str]] = field(default_factory=list)
    negative_question: bool = False
    polarity: Polarity | None = None


def _label_text(m: re.Match) -> str:
    return m.group(m.lastindex).strip() if m.lastindex else ""


def _label_number(m: re.Match) -> str:
    return next((g for g in m.groups()[:-1] if g), "")


HEADING_MAX = 24
_HEADING_NOISE = re.compile(r"[{}。、！？!?：:]|^[\s　•*\-・#>/(（《「『\[]|^\d|^[\W_]+$")
# a line opening a new item of the page: a marked heading, or a list item (not a numbered step: 1、…)
_HEADING_MARK = re.compile(r"^\s*(?:[■□◆◇◎▼▽▲△★☆【]|#+\s|={2,})")
_BULLET = re.compile(r"^\s*(?:[・•◦●○]|[*\-‐](?=\s))")
# a line that introduces the list after it (「理由は以下の通り:」「次の2つです、」)
_LIST_INTRO = re.compile(r"(?:[:：、]|以下|次の)[^。]{0,16}$")
_ASKS = re.compile(r"^[^。!！]*[?？]")


def standalone_heading(lines: list[str], i: int) -> bool:
    """A short line with no sentence punctuation and no mark, standing alone after a blank line and heading text
    that is not itself a heading (``授与／Bestow``, ``事例 3``); never a Q / A label."""
    s = lines[i].rstrip()
    if not s or len(s) > HEADING_MAX or s != s.lstrip() or _HEADING_NOISE.search(s):
        return False
    norm = unicodedata.normalize("NFKC", s)
    if Q_LABEL.match(norm) or A_LABEL.match(norm):
        return False
    prev_blank = i == 0 or not lines[i - 1].strip()
    nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return prev_blank and (not nxt or len(nxt) > len(s) or nxt.startswith("　"))


def ends_answer(lines: list[str], i: int, last: str) -> bool:
    """Whether line ``i`` starts the page's next item rather than continuing an answer whose last line so far is
    ``last``: a heading (marked, or standing alone after a blank line), a list item of no list the answer introduced
    (「…以下の通り:」) or is in, or — after a blank line — a paragraph asking a new question.  A numbered step
    (``1、…``) continues it."""
    s = unicodedata.normalize("NFKC", lines[i]).strip()
    if not s or not last.strip():
        return False
    if _HEADING_MARK.match(s):
        return True
    if _BULLET.match(s):                # an item of a list the answer introduced (or is in) continues it
        last = unicodedata.normalize("NFKC", last).strip()
        return not (_LIST_INTRO.search(last) or _BULLET.match(last))
    if standalone_heading(lines, i):
        return True
    return (i == 0 or not lines[i - 1].strip()) and bool(_ASKS.match(s))


def qa_pairs(text: str, line_offset: int = 0, parts: bool = True) -> list[QAPair]:
    """Every answer of ``text`` with its question (see the module docstring for the shapes); ``parts``
    splits a question of numbered parts answered part by part into one pair per part."""
    pairs: list[QAPair] = []
    q_lines: list[tuple[int, str]] | None = None      # the open question
    q_key, q_start = "", None
    cur: QAPair | None = None                         # the answer being read
    blanks = 0
    n = 0

    def close() -> None:
        if cur is not None:
            cur.answer = "\n".join(t for _, t in cur.answer_lines).strip()
            _judge(cur)

    rows = list(_lines(text, line_offset))
    texts = [t for _, t in rows]
    for k, (ln, line) in enumerate(rows):
        mq, ma = Q_LABEL.match(line), A_LABEL.match(line)
        if mq:
            close()
            cur, n, blanks = None, n + 1, 0
            num = _label_number(mq)
            q_key, q_start = (f"Q{num}" if num else f"Q{n}"), ln
            q_lines = [(ln, _label_text(mq))] if _label_text(mq) else []
            continue
        if ma:
            close()
            if q_lines is None:                       # an answer whose question the text does not have
                n += 1
                num = _label_number(ma)
                q_key, q_start = (f"Q{num}" if num else f"Q{n}"), None
            question = "\n".join(t for _, t in q_lines or []).strip() or None
            cur = QAPair(key=q_key, question=question, answer="", q_line=q_start, a_line=ln)
            pairs.append(cur)
            if _label_text(ma):
                cur.answer_lines.append((ln, _label_text(ma)))
            q_lines, blanks = None, 0
            continue
        if not line.strip():
            blanks += 1
            if (blanks >= 2 or (cur is not None and cur.q_line == cur.a_line)) and cur is not None:
                close()
                cur = None
            continue
        blanks = 0
        if cur is not None and cur.answer_lines and ends_answer(texts, k, cur.answer_lines[-1][1]):
            close()
            cur = None
            continue
        mm = MORE_LABEL.match(line)
        if cur is not None:
            more = (mm.group(1) if mm else line).strip()
            if more:
                cur.answer_lines.append((ln, more))
        elif q_lines is not None:
            q_lines.append((ln, line.strip()))
    close()
    return [q for p in pairs if p.answer for q in (_split_numbered(p) if parts else [p])]


# an answer label after the question's mark on the question's own line: 「Q: …できますか? A: いいえ、…」
_INLINE_A = re.compile(r"(?<=[?？])\s*(?=(?:\[\s*A\s*\d*\s*\]|A\s*\d*\s*[:.)]|回答\s*[:.)]))")


def inline_answer(line: str) -> list[str]:
    """A question line that carries its answer as two lines (NFKC), else the line itself."""
    norm = unicodedata.normalize("NFKC", line)
    parts = _INLINE_A.split(norm, maxsplit=1) if Q_LABEL.match(norm) else [line]
    return parts if len(parts) == 2 and parts[1].strip() else [line]


def _lines(text: str, line_offset: int):
    """(line number, NFKC line) of ``text``; a question line that carries its answer is two lines (same number)."""
    for i, raw in enumerate(text.split("\n")):
        for part in inline_answer(raw):
            yield i + 1 + line_offset, unicodedata.normalize("NFKC", part)


_ITEM = re.compile(r"^\s*[(（]?(\d+)\s*[)）.、]\s*(.*)$")


def _items(lines: list[str]) -> dict[str, str] | None:
    """``1)…`` / ``(2)…`` items of a block (continuation lines join the item before); None when the block
    does not start with an item."""
    out: dict[str, list[str]] = {}
    last = None
    for line in lines:
        m = _ITEM.match(line)
        if m:
            last = m.group(1)
            out.setdefault(last, []).append(m.group(2))
        elif last is None:
            return None
        else:
            out[last].append(line)
    return {k: "\n".join(v).strip() for k, v in out.items()} if len(out) >= 2 else None


def _split_numbered(p: QAPair) -> list[QAPair]:
    """A question of numbered parts (1)…2)…) answered part by part gives one pair per part (key Q2-1…)."""
    if not p.question:
        return [p]
    qs, ans = _items(p.question.split("\n")), _items([t for _, t in p.answer_lines])
    if not qs or not ans or set(qs) != set(ans):
        return [p]
    out = []
    for k in qs:
        line = next((ln for ln, t in p.answer_lines if (m := _ITEM.match(t)) and m.group(1) == k), p.a_line)
        sub = QAPair(key=f"{p.key}-{k}", question=qs[k], answer=ans[k], q_line=p.q_line, a_line=line,
                     answer_lines=[(line, ans[k])])
        _judge(sub)
        out.append(sub)
    return out


def first_sentence(text: str) -> str:
    for m in _SENTENCE.finditer(text.strip()):
        if m.group(0).strip():
            return m.group(0).strip()
    return ""


def _strip_end(s: str) -> str:
    return re.sub(r"[。、！!,，\s]+$", "", s)


def answer_polarity(answer: str, question: str | None = None) -> Polarity | None:
    """What the answer's first sentence says: はい / いいえ / 可能 / できません, or a bare short verb sentence
    that answers with the question's own verb (誘発しますか? — 誘発しない。); without the question, a verb
    sentence with no particle (打ち消されない。)."""
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer)))
    head = re.split(r"[、,。!！]", first, maxsplit=1)[0].strip()
    rest = _strip_end(first[len(head):].lstrip("、, "))
    for words, rel in ((RELATIVE_NO, False), (RELATIVE_YES, True)):
        w = next((w for w in words if head == w or head == w + "だ"), None)
        if w:
            # はい、その通りです / いいえ、できません: a second answer word keeps the answer bare
            bare = not rest or any(rest in (x, x + "だ") for x in RELATIVE_YES + RELATIVE_NO + ABSOLUTE_YES
                                   + ABSOLUTE_NO) or (len(rest) <= BARE_MAX and _is_verb_sentence(rest))
            if bare and rest and question and _is_verb_sentence(rest) and _echoes(rest, question) \
                    and _contradicts(rel, rest, question):
                return None     # 「いいえ、できます」 to 「できますか?」: the answer says both, so it says nothing
            if question and not rest and _restated_against(rel, _next_sentence(answer), question):
                return None     # 「はい。《X》は…破壊されません。」 to 「破壊される?」: the restatement denies the word
            return Polarity(relative=rel, absolute=None, word=w, bare=bare)
    core = _strip_end(head)
    for words, ab in ((ABSOLUTE_NO, False), (ABSOLUTE_YES, True)):
        w = next((w for w in words if core in (w, w + "だ", w + "である")), None)
        if w:
            return Polarity(relative=None, absolute=ab, word=w, bare=not rest)
    core = _strip_end(first)
    if core and len(core) <= BARE_MAX and "《" not in core and not any(r in core for r in _RESTRICTIVE) \
            and _is_verb_sentence(core) and _echoes(core, question):
        return Polarity(relative=None, absolute=not _NEGATIVE_END.search(core), word=core, bare=True)
    return None


_SHARED = 6                         # characters of the question's words a restatement repeats before its verb
_GENERIC_VERBS = ("できる", "する", "なる", "ある", "いる", "出来る", "れる", "られる")
_ASIDE = re.compile(r"^\s*(?:ただし|なお|ちなみに|しかし|でも|もっとも|一方|また|例えば|たとえば)")


# a reason the answer gives after its answer word (「いいえ、飛行を持つのでできません。」「はい。到達を持つため、ブロック
# できます。」): the words up to the last reason marker (ので; から / ため after a predicate's end form or な / の, never
# the zone particle 「墓地から」), then at most a short verb restating the answer
_ANSWER_REASON = re.compile(r"^(?P<reason>.+(?:ので|(?<=[うくぐすつぬぶむるたいだ])から|(?<=[うくぐすつぬぶむるたいだなの])ため(?:に)?))"
                            r"[、,]?\s*(?P<rest>[^、,。]*)$")


def answer_reason(answer: str, question: str | None) -> str | None:
    """The reason clause a yes / no answer gives for its answer (「いいえ、《X》は飛行を持つのでできません。」 →
    「《X》は飛行を持つので」), in its first sentence after the answer word or, after a bare answer word (「いいえ。」),
    in the next sentence; only when what follows the reason restates the answer (nothing, a generic verb 「できません」
    or the question's own verb) — a reason with another predicate belongs to that predicate's own statement.  "" when
    the restating verb says the opposite of the answer word (the answer then says nothing); None with no reason."""
    pol = answer_polarity(answer, question)
    if pol is None or pol.relative is None or not question:
        return None
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer)))
    said = _strip_end(first[len(re.split(r"[、,。!！]", first, maxsplit=1)[0]):].lstrip("、, "))
    if not said:
        said = _strip_end(_next_sentence(answer))
    m = _ANSWER_REASON.match(said)
    if not m:
        return None
    rest = m.group("rest").strip()
    if any(t.surface() in ("は", "が") and t.part_of_speech()[0] == "助詞" for t in _tokenizer().tokenize(rest)):
        return None     # 「…なので、召喚酔いの間は起動できません」: a topic of its own — its own statement's reason
    if rest and not (_is_verb_sentence(rest) and (_echoes(rest, question) or _verbs(
            list(_tokenizer().tokenize(rest)))[-1:] in (["できる"], ["出来る"], ["する"], ["なる"]))):
        return None
    if rest and _contradicts(pol.relative, rest, question):
        return ""
    reason = m.group("reason")
    return reason


_ANSWER_TOPIC = re.compile(r"^《(?P<card>[^》]+)》(?:は|も|が)")


def answered_of_another(answer: str, question: str | None) -> str | None:
    """The card a yes / no answer restates the asked verb of, when the asked sentence does not name it: after the
    answer word (or, after a bare one 「いいえ。」, in the next sentence) a card topic 「《X》は／も／が」 whose clause —
    through a reason 「…ので、」 it opens — ends in the question's verb or a generic one (「いいえ。《X》は到達を持たない
    ので、ブロックできません。」 to 「《A》は《B》をブロックできますか?」): the answer word is said of X, so the asked
    sentence's card is no fact of it (the asked statement is not read on that line).  None otherwise, or when the
    last clause has a topic of its own (「《X》は到達を持つので、《A》は…」: the reason's card is not the one restated)."""
    if not question:
        return None
    first = plain(unicodedata.normalize("NFKC", first_sentence(answer)))
    head = re.split(r"[、,。!！]", first, maxsplit=1)[0].strip()
    if not any(head == w or head == w + "だ" for w in RELATIVE_YES + RELATIVE_NO):
        return None
    said = _strip_end(first[len(head):].lstrip("、, 。"))
    if not said:
        said = _strip_end(_next_sentence(answer))
    m = _ANSWER_TOPIC.match(said)
    if not m or f"《{m.group('card')}》" in unicodedata.normalize("NFKC", last_sentence(question)):
        return None
    reason = _ANSWER_REASON.match(said)
    last = reason.group("rest").strip() if reason else said
    if reason and (m.group(0).endswith("が") or re.search(r"[はがも]", re.sub(r"(?:では|には|ても|でも)", "", last))):
        return None     # 「《X》が…ので、」: X the reason's subject only; 「…ので、《A》は…」: the restated clause's own topic
    verbs = _verbs(list(_tokenizer().tokenize(last)))
    if not _is_verb_sentence(last) or not verbs or not (_echoes(last, question) or verbs[-1] in _GENERIC_VERBS):
        return None
    return m.group("card")


def _next_sentence(answer: str) -> str:
    """The answer's second sentence (the one after its answer word's), plain."""
    parts = [m.group(0).strip() for m in _SENTENCE.finditer(answer.strip()) if m.group(0).strip()]
    return plain(unicodedata.normalize("NFKC", parts[1])) if len(parts) > 1 else ""


def _restated_against(yes: bool, said: str, question: str) -> bool:
    """The answer restates the question's verb after its answer word (the last clause of the words after it, or of
    its next sentence: 「はい。…ので、…破壊されません。」) with the opposite truth — the answer says both, so it
    says nothing (a count 「1体しか…ない」 is no denial)."""
    if not said or _ASIDE.match(said) or re.search(r"(?:が|けど|けれど|ものの)[、,]", said):
        return False              # 「ただし…」「…だが、…」: another case beside the one asked, not a restatement
    last = re.split(r"[、,]", _strip_end(said))[-1].strip()
    verbs = _verbs(list(_tokenizer().tokenize(last)))
    if not verbs or verbs[-1] in _GENERIC_VERBS:
        return False              # 「…できません」「…なります」: too general a verb to be the question's restated
    q = plain(unicodedata.normalize("NFKC", question))
    if not any(last[i:i + _SHARED] in q for i in range(max(0, len(last) - _SHARED - 4))):
        return False              # the clause does not name what the question asks about (its object's words)
    return bool(last) and not any(r in last for r in _RESTRICTIVE) and _is_verb_sentence(last) \
        and _echoes(last, question) and _contradicts(yes, last, question)


def _contradicts(yes: bool, verb: str, question: str) -> bool:
    """A relative answer word and the question's verb restated after it disagree: はい / いいえ say the question's proposition
    holds / does not, and the verb (「できます」「できません」) says the positive or the negative outright — いいえ to
    「できますか」 with 「できます」, はい to 「できますか」 with 「できません」 (a negative question turns both)."""
    positive_truth = yes if not is_negative_question(question) else not yes
    return positive_truth == bool(_NEGATIVE_END.search(verb))


@lru_cache(maxsize=4096)
def _is_verb_sentence(s: str) -> bool:
    """One clause ending in a verb or verb auxiliary (誘発しない, 破壊される, 含む), not a noun phrase."""
    ms = [m for m in _tokenizer().tokenize(s) if m.surface().strip()]
    if not ms or any(m.surface() in ("、", ",") for m in ms):
        return False
    return ms[-1].part_of_speech()[0] in ("動詞", "助動詞")


def _echoes(clause: str, question: str | None) -> bool:
    """The clause's last verb is one of the question's verbs; with no question, the clause has no particle."""
    ms = list(_tokenizer().tokenize(clause))
    if question is None:
        return not any(m.part_of_speech()[0] == "助詞" for m in ms)
    verbs = _verbs(ms)
    return bool(verbs) and verbs[-1] in set(_verbs(list(_tokenizer().tokenize(unicodedata.normalize("NFKC", question)))))


def _verbs(ms) -> list[str]:
    """Verb lemmas, a サ変 noun joined to its する (誘発し → 誘発する)."""
    out = []
    for i, m in enumerate(ms):
        if m.part_of_speech()[0] == "動詞":
            lemma = m.dictionary_form()
            if lemma == "する" and i and ms[i - 1].part_of_speech()[0] == "名詞":
                lemma = ms[i - 1].surface() + lemma
            out.append(lemma)
    return out


def last_sentence(question: str) -> str:
    """The question's last sentence (the one asked; those before it set the situation up)."""
    parts = [x for x in re.split(r"(?<=[。?？])", unicodedata.normalize("NFKC", question).strip()) if x.strip()]
    return parts[-1] if parts else ""


def question_core(question: str) -> str:
    """The question's proposition: its plain form without the interrogative ending (〜できますか？ → 〜できる)."""
    q = plain(unicodedata.normalize("NFKC", question.strip()))
    return _QUESTION_END.sub("", q).rstrip("、, ")


def is_negative_question(question: str) -> bool:
    """〜できませんか？ / 〜ないのですか？ / 〜誘発しないの？"""
    last = [s for s in re.split(r"(?<=[。?？])", question.strip()) if s.strip()]
    return bool(last) and bool(_NEGATIVE_END.search(question_core(last[-1])))


def affirm(negative: str) -> str | None:
    """The positive form of a clause ending in a negation (出せない → 出せる, 打ち消されない → 打ち消される,
    誘発しない → 誘発する, 効果はない → 効果はある); None when it does not end in one."""
    ms = list(_tokenizer().tokenize(negative))
    if not ms:
        return None
    last = ms[-1]
    pos = last.part_of_speech()
    if pos[4] == "助動詞-ナイ" and len(ms) >= 2 and ms[-2].part_of_speech()[0] in ("動詞", "助動詞"):
        return "".join(m.surface() for m in ms[:-2]) + ms[-2].dictionary_form()
    if pos[0] == "形容詞" and last.dictionary_form() in ("無い", "ない"):
        return "".join(m.surface() for m in ms[:-1]) + "ある"
    return None


_A_ROW = {"う": "わ", "く": "か", "ぐ": "が", "す": "さ", "つ": "た", "ぬ": "な", "ぶ": "ば", "む": "ま", "る": "ら"}


def deny(clause: str) -> str | None:
    """The negative form of a clause ending in a plain verb (破壊される → 破壊されない, ブロックできる → ブロックできない,
    誘発する → 誘発しない, 戦場に戻る → 戦場に戻らない, ライフを失う → ライフを失わない); None for any other ending (a
    past, a noun, a negation already)."""
    ms = [m for m in _tokenizer().tokenize(clause) if m.surface().strip()]
    if not ms or ms[-1].part_of_speech()[5] != "終止形-一般":
        return None
    last, pos = ms[-1].surface(), ms[-1].part_of_speech()
    head = clause[:len(clause) - len(last)] if clause.endswith(last) else None
    if head is None:
        return None
    if pos[4] in ("助動詞-レル", "助動詞-ラレル") or "一段" in pos[4]:
        return head + last[:-1] + "ない"
    if pos[4].startswith("サ行変格") and last.endswith("する"):
        return head + last[:-2] + "しない"
    if pos[0] == "動詞" and pos[4].startswith("五段") and last[-1] in _A_ROW:
        return head + last[:-1] + _A_ROW[last[-1]] + "ない"
    return None


def relative_polarity(p: QAPair) -> str | None:
    """"yes"/"no": the answer's truth relative to the question as asked (an absolute answer to a negative
    question flips); None when the answer is not a yes/no answer."""
    pol = p.polarity
    if pol is None:
        return None
    if pol.relative is not None:
        return "yes" if pol.relative else "no"
    holds = bool(pol.absolute) != p.negative_question
    return "yes" if holds else "no"


def _judge(p: QAPair) -> None:
    p.polarity = answer_polarity(p.answer, p.question)
    p.negative_question = bool(p.question) and is_negative_question(p.question)


def qa_statement(question: str | None, answer: str) -> tuple[str, bool]:
    """One statement for a Q&A pair and whether it holds.

    With a yes/no answer the statement is the question's proposition — made positive when the question is
    negative (いいえ to 〜できませんか？ → ("〜できる", True)) — and ``affirmed`` is its truth.  Otherwise the
    statement is the answer's first sentence (plain), affirmed."""
    pol = answer_polarity(answer, question)
    if question and pol is not None:
        negative = is_negative_question(question)
        last = [s for s in re.split(r"(?<=[。?？])", question.strip()) if s.strip()]
        core = question_core(question)
        positive = affirm(question_core(last[-1])) if negative else None
        if pol.relative is not None:
            holds_as_asked = pol.relative
            positive_truth = holds_as_asked if not negative else not holds_as_asked
        else:
            positive_truth = bool(pol.absolute)
            holds_as_asked = positive_truth if not negative else not positive_truth
        if negative and positive is not None:
            head = core[:len(core) - len(question_core(last[-1]))]
            return head + positive, positive_truth
        return core, holds_as_asked
    return _strip_end(plain(unicodedata.normalize("NFKC", first_sentence(answer)))), True
