"""Discourse within one example or paragraph (issue 20): which card a sentence is about when it does not say.

Japanese leaves a subject out when it is the previous sentence's topic (zero anaphora: 「《大蜘蛛》は到達を持つ。
《シヴ山のドラゴン》をブロックできる。」), refers back to it with a pronoun (「それは」「そのクリーチャーは」), and
names the card of a card page or card box with 「このカード」「このクリーチャー」「これ」.  A connective
(「つまり」「すなわち」「したがって」) restates the previous sentence's situation with its outcome; a frame of how the
writer puts it (「結論から言うと」「簡単に言えば」「要するに」) is left out (it changes nothing the sentence states).

:func:`resolve` rewrites the normalised form of such sentences so every reader sees the card they are about as a
card mark (a fact of the sentence, never a generic stand-in): the left-out topic becomes ``〔k〕は``, a pronoun
becomes ``〔k〕``, and a restating sentence becomes ``<previous situation>ので、<outcome>``.  A topic is carried
only to the next sentence of the same part (never across units — a heading or another example starts a new
unit); a sentence with a topic of its own, or an unclear antecedent, is left as it is (its readers then keep the
unread words unrepresented).

A Q&A answer continues its question's topic by the same rule (:func:`answer_statements`: 「Q: 破壊不能を持つクリー
チャーは…? A: いいえ。致死ダメージを受けても破壊されません。」), as statements, since the question is read as a
statement of its own (qa_join); both ask :func:`has_own_topic` whether a sentence leaves its topic out.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from functools import lru_cache

from extractor.claims.sentences import MARK, QUESTION, Sentence
from extractor.normalise import _tokenizer, plain
from extractor.qa import _echoes, answer_polarity, last_sentence, question_core

# a sentence-initial connective that does not change the proposition (「そのため」 'so', 「それでも」 'still', 「また」)
_CONNECTIVE = re.compile(r"^\s*(?P<c>つまり|すなわち|即ち|したがって|従って|よって|そのため|だから|なので|それでも|また)、?")
# a sentence-initial frame of how the writer puts it (「結論から言うと」「簡単に言えば」「要するに」): the sentence
# after it states its proposition unchanged, so readers read it without the frame
_FRAME = re.compile(r"^\s*(?:結論から|簡単に|端的に|一言で|平たく)(?:言う|いう)と、?|^\s*(?:結論から|簡単に|端的に|一言で|平たく)"
                    r"(?:言え|いえ)ば、?|^\s*要するに、?|^\s*言い換え(?:ると|れば)、?")
# the connectives that restate the previous sentence's situation with its outcome ('that is', 'therefore')
_RESTATE = frozenset({"つまり", "すなわち", "即ち", "したがって", "従って", "よって"})
# a sentence that states a situation (a past event: 「…ダメージを受けた。」「…置かれた。」), not a rule
_SITUATION = re.compile(r"(?:た|だ)。?\s*$")
# a pronoun for the previous sentence's topic, and a phrase for the page's (or card box's) own card
# (a pronoun only as a topic: 「それを」「これにより」 may be any object, or the event)
_BACK = re.compile(r"^(?:それ|そのクリーチャー|そのカード|そのパーマネント)(?=は|が|も)")
_THIS = re.compile(r"^(?:(?:このカード|このクリーチャー|このパーマネント)(?=は|が|も|を|に|で(?!き))|これ(?=は|が|も))")
# a finished statement ends with 。 (or a closing bracket after it); a Q&A part starts with its label
_ENDED = re.compile(r"[。．.!！][)）」]?\s*$")
_QA_LABEL = re.compile(r"^\s*(?:[\[【(（]\s*(?:Q|A|Ｑ|Ａ|質問|回答|答え?)\s*\d*\s*[\]】)）]"
                       r"|(?:Q|A|Ｑ|Ａ|質問|回答|答え?)\s*\d*\s*[:：.．])")
# a card as the topic or subject of a clause (「〔0〕は」「〔0〕/Giant Spiderが」)
_CARD_TOPIC = re.compile(r"〔(\d+)〕(?:/[^、。〔]*?)?(?:は|が|も|でも)(?![らり])")
# any topic of a clause: words before は/が/も not preceded by a case particle (では, には, にも, ても are adverbial)
_TOPIC = re.compile(r"(?:^|(?<=[、,\s」〕]))[^\s、,。〔〕「」()（）\-*・]{1,24}?(?<![でにとへらりてをの])(?:は|が|も)(?![らり])")
# the words before は / も that make it adverbial, not a topic (では, には, とは, へは, のは, ても, でも)
_ADVERBIAL = frozenset({"で", "に", "と", "へ", "の", "て", "から", "まで", "より"})


@lru_cache(maxsize=8192)
def has_own_topic(text: str) -> bool:
    """Whether a sentence marks a topic or subject of its own (a card topic 〔k〕は, a は / が / も particle of a
    word — not the adverbial では / には / ても / でも), or opens with a pronoun (その / それ / これ / この); a
    sentence that does not leaves its topic out (zero anaphora) and continues the one before it."""
    if re.match(r"^\s*(?:その|それ|これ|この)", text) or _CARD_TOPIC.search(text):
        return True
    ms = [m for m in _tokenizer().tokenize(text)]
    for i, m in enumerate(ms):
        pos = m.part_of_speech()
        if pos[0] == "助詞" and m.surface() in ("は", "が", "も") and pos[1] in ("係助詞", "格助詞"):
            if i and m.surface() != "が" and ms[i - 1].surface() in _ADVERBIAL:
                continue
            return True
    return False


def _topic_card(s: Sentence) -> str | None:
    """The card that is the topic of ``s`` (its first topic, when that is a card)."""
    card = _CARD_TOPIC.search(s.norm)
    if card is None:
        return None
    word = _TOPIC.search(s.norm)
    if word and word.start() < card.start():
        return None                         # a word topic comes first (「対戦相手は〔0〕が…」): not the card
    return s.card(card.group(1))


def _with_card(s: Sentence, card: str, norm: str) -> Sentence:
    """``s`` with ``norm`` in which ``〔*〕`` marks ``card`` (appended to the sentence's cards)."""
    cards = list(s.cards)
    if card not in cards:
        cards.append(card)
    return replace(s, norm=norm.replace("〔*〕", f"〔{cards.index(card)}〕"), cards=cards)


def _joined(prev: Sentence, s: Sentence, rest: str) -> Sentence:
    """``prev``'s situation as the condition of ``s``'s outcome: 「<prev>ので、<rest>」, ``s``'s marks renumbered
    after ``prev``'s cards."""
    n = len(prev.cards)
    shifted = MARK.sub(lambda m: f"〔{int(m.group(1)) + n}〕", rest)
    return replace(s, norm=prev.norm.rstrip().rstrip("。") + "ので、" + shifted, cards=[*prev.cards, *s.cards])


def _continues(prev: Sentence, s: Sentence, same_part: bool) -> bool:
    """Whether ``s`` may continue ``prev``'s topic: both of one part (not a question and its answer), ``prev`` a
    finished statement (a heading or a label has no 。), ``s`` not a new Q&A part (「A: …」)."""
    return same_part and not QUESTION.search(prev.text) and bool(_ENDED.search(prev.text)) \
        and not _QA_LABEL.match(s.text)


def resolve(sentences: list[Sentence], skip: frozenset[int] | set[int] = frozenset(),
            own_card: str | None = None, parts: frozenset[int] = frozenset()) -> tuple[list[Sentence], set[int]]:
    """The sentences with left-out and pronoun topics made explicit, and the indices of sentences a restating
    sentence took as its situation (they state no outcome of their own: read only through it).

    ``skip``: sentences of another part (a Q&A's question): no topic is carried into or out of them.
    ``own_card``: the card of the page or card box the sentences are on (「このカード」); ``parts``: indices of
    sentences that start a part of their own (a Q&A's statement, read from its question)."""
    out: list[Sentence] = []
    absorbed: set[int] = set()
    for i, s in enumerate(sentences):
        frame = _FRAME.match(s.norm)
        if frame and s.norm[frame.end():].strip():
            s = replace(s, norm=s.norm[frame.end():])
        prev = out[i - 1] if i and _continues(sentences[i - 1], s, (i - 1 in skip) == (i in skip)) \
            and i not in parts else None
        norm = s.norm.lstrip()
        con = _CONNECTIVE.match(norm)
        rest = norm[con.end():] if con else norm
        if con and con.group("c") in _RESTATE and prev is not None and _SITUATION.search(prev.norm) \
                and i - 1 not in absorbed:
            out.append(_joined(prev, s, rest))   # 「…受けた。つまり…破壊される。」: …受けたので、…破壊される
            absorbed.add(i - 1)
            continue
        antecedent = _topic_card(prev) if prev is not None else None
        m = _THIS.match(rest)
        if m and own_card:
            out.append(_with_card(s, own_card, "〔*〕" + rest[m.end():]))
            continue
        m = _BACK.match(rest) or (_THIS.match(rest) if not own_card else None)
        if m:
            out.append(_with_card(s, antecedent, "〔*〕" + rest[m.end():]) if antecedent else s)
            continue
        # (no previous topic: the page's card is the readers' own default, ctx.page_card — a card's rules text
        # 「…を対象とし、それを打ち消す。」 has no topic either and is read as that card's wording)
        if antecedent and not has_own_topic(rest) and not QUESTION.search(s.text) and not _QA_LABEL.match(s.text):
            out.append(_with_card(s, antecedent, "〔*〕は" + rest))     # the left-out topic: the previous one's
            continue
        out.append(s)
    return out, absorbed


# -- across a question and its answer ------------------------------------------------------------------------
_OBJECT_NOUN = r"(?:クリーチャー|プレインズウォーカー|パーマネント|プレイヤー|呪文|発生源|トークン|アーティファクト|エンチャント)"
# the question's topic: a card or a described object marked as topic / subject (「《X》は」「…を持つクリーチャーは」)
_Q_TOPIC = re.compile(r"(?P<t>《[^》]+》|[^、。《》?]{0,40}?" + _OBJECT_NOUN + r")(?:は|も|でも)")
_OBJECTS = re.compile(r"《[^》]+》|" + _OBJECT_NOUN)
# a clause stating its own situation (「致死ダメージを受けても」「攻撃したとき」)
_OWN_CONDITION = re.compile(r"(?:ても|でも|たら|ば|場合|とき|ので)、?[^、]")
_FIRST_PART = re.compile(r"^(?:はい|いいえ|いえ|ええ)[、,]\s*")


# a value a sentence states: a P/T (「5/5」) or a count of a unit (「2点」「1回」「3個」)
_CARD = re.compile(r"《[^》]+》")
VALUE = re.compile(r"[+\-]?\d+/[+\-]?\d+|\d+\s*(?:点|回|体|枚|個|つ|度)")


def _new_value(said: str, question: str | None) -> bool:
    """The answer sentence restating the asked verb states a value the asked sentence does not (「4/4になりますか?」
    「いいえ、5/5になります。」): it corrects the question, so it says more than the question with its answer."""
    asked = set(VALUE.findall(unicodedata.normalize("NFKC", last_sentence(question or ""))))
    return any(v not in asked for v in VALUE.findall(said))


def question_topic(question: str) -> str | None:
    """The object the question is about (「《大蜘蛛》」, 「破壊不能を持つクリーチャー」) when it is the only object
    the asked sentence names: a reason sentence with no subject continues it.  None when the question names
    another object too (an answer sentence could then leave that one out: 「ブロックできません」 said of one
    blocker is no rule about every attacker)."""
    last = question_core(last_sentence(question))
    m = _Q_TOPIC.search(last)
    if not m:
        return None
    rest = last[:m.start("t")] + last[m.end("t"):]
    if _OBJECTS.search(rest) or len(_OBJECTS.findall(m.group("t"))) != 1:
        return None
    return m.group("t").strip()


def answer_statements(question: str | None, answer: str) -> list[str]:
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
    polar = answer_polarity(answer, question) is not None
    asked = unicodedata.normalize("NFKC", last_sentence(question or ""))
    for i, sent in enumerate(sents):
        said = plain(unicodedata.normalize("NFKC", sent)).strip().rstrip("。")
        if i == 0:
            head = _FIRST_PART.match(said)
            if not head and polar:
                continue                 # 「できます。」: the answer word, read with the question's proposition
            said = said[head.end():] if head else said
        if not said or "?" in said:
            continue
        # a sentence naming the question's topic itself (「《灰色熊》は破壊されます。」) is read as said, on the
        # question's board; one with another topic of its own is not the question's
        own = has_own_topic(said)
        if own and (not re.match(re.escape(topic) + r"(?:は|が|も|でも)", said)
                    or not set(_CARD.findall(asked)) <= set(_CARD.findall(said))):
            continue        # another topic, or a card the asked sentence names left out (「…はブロックできる。」)
        # an answer restating the asked verb says no more than the question with its answer word — unless it
        # has no answer word (then it is the answer: 「《灰色熊》は破壊されます。」) or a value of its own
        if polar and _echoes(said, question) and not _OWN_CONDITION.search(said) and not _new_value(said, question):
            continue
        out.append(said + "。" if own else f"{topic}は{said}。")
    return out


_SENTENCE_END = re.compile(r"[。！!？?」』)）]\s*$")


def _answer_paragraph(answer: str) -> str:
    """The answer up to a later line that ends no sentence (a heading, a card box's line): the question's topic
    is not carried past it, as a card topic is not (anaphora)."""
    lines = answer.split("\n")
    end = next((i for i, ln in enumerate(lines) if i and ln.strip() and not _SENTENCE_END.search(ln)), len(lines))
    return "\n".join(lines[:end])
