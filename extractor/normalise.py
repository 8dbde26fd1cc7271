"""Polite → plain Japanese (〜します → する, 〜できません → できない, 〜されます → される, 可能です → 可能だ), so
that claim patterns are written once, for the plain form.

The rewrite works on Sudachi morphemes: a verb (or the auxiliary れる/られる/せる/させる) followed by the
polite auxiliary ます in one of its forms is replaced by the plain form of the same verb, built from the
verb's conjugation type with the tables below; です in its forms after a noun, an adjective or ない is
rewritten by :data:`DESU_FORMS`.  Nothing else in the text changes (the same characters before and after).
"""
from __future__ import annotations

from functools import lru_cache

# 五段 verbs: the dictionary-form ending → its 未然形 (before ない) and its 連用形 + た (音便)
GODAN_NAI: dict[str, str] = {"う": "わ", "く": "か", "ぐ": "が", "す": "さ", "つ": "た", "ぬ": "な",
                             "ぶ": "ば", "む": "ま", "る": "ら"}
GODAN_TA: dict[str, str] = {"う": "った", "つ": "った", "る": "った", "く": "いた", "ぐ": "いだ", "す": "した",
                            "ぬ": "んだ", "ぶ": "んだ", "む": "んだ"}
IRREGULAR: dict[str, dict[str, str]] = {            # dictionary form → {nai: stem before ない, ta: past}
    "ある": {"nai": "", "ta": "あった"},             # ありません → ない (not *あらない)
    "行く": {"nai": "行か", "ta": "行った"}, "いく": {"nai": "いか", "ta": "いった"},
    "する": {"nai": "し", "ta": "した"}, "来る": {"nai": "来", "ta": "来た"}, "くる": {"nai": "こ", "ta": "きた"},
}
# ます in its forms (Sudachi: surface of the ます morpheme, what follows it) → the plain ending kind
MASU_FORMS: dict[tuple[str, str], tuple[str, int]] = {   # (ます surface, next surface) → (kind, morphemes eaten)
    ("ます", ""): ("dict", 1), ("ませ", "ん"): ("nai", 2), ("まし", "た"): ("ta", 2), ("まし", "て"): ("te", 2),
    ("ましょ", "う"): ("dict", 2), ("ましょう", ""): ("dict", 1), ("ますれ", ""): ("dict", 1),
}
# ませんでした → なかった: after the ませ+ん pair, でし+た turns ない into なかった
DESU_FORMS: dict[str, str] = {"です": "だ", "でしょう": "だろう", "でし": "だっ", "でしょ": "だろ"}
# before the question particle か, です is dropped (可能ですか → 可能か, 出せないのですか → 出せないのか);
# after ない or an い-adjective, です is dropped (ないです → ない, 高いです → 高い) instead of becoming だ
_DROP_DESU_AFTER = ("助動詞-ナイ", "形容詞", "助動詞-タイ")
_STEM_VERB = ("上一段", "下一段", "助動詞-レル", "助動詞-ラレル", "助動詞-セル", "助動詞-サセル")


@lru_cache(maxsize=1)
def _tokenizer():
    """The shared Sudachi tokenizer (mode C) of the plain-form helpers."""
    from sudachipy import Dictionary, SplitMode
    return Dictionary().tokenizer(mode=SplitMode.C)


def _plain_of(verb_dict: str, conj: str, kind: str) -> str | None:
    """The plain form of a verb (by its dictionary form and Sudachi conjugation type) for ``kind``
    (dict / nai / ta / te); None when the type is not in the tables."""
    if kind == "dict":
        return verb_dict
    irr = IRREGULAR.get(verb_dict) or (IRREGULAR["する"] if verb_dict.endswith("する") and conj == "サ行変格"
                                       else None)
    if irr is not None:
        base = verb_dict[:-2] if verb_dict.endswith("する") and verb_dict != "する" else ""
        if kind == "nai":
            return base + irr["nai"] + "ない"
        past = base + irr["ta"]
        return past if kind == "ta" else past[:-1] + ("で" if past.endswith("だ") else "て")
    stem, last = verb_dict[:-1], verb_dict[-1:]
    if conj.startswith(_STEM_VERB) and last == "る":
        return stem + {"nai": "ない", "ta": "た", "te": "て"}[kind]
    if conj.startswith("五段") and last in GODAN_NAI:
        if kind == "nai":
            return stem + GODAN_NAI[last] + "ない"
        past = stem + GODAN_TA[last]
        return past if kind == "ta" else past[:-1] + ("で" if past.endswith("だ") else "て")
    return None


def plain(text: str) -> str:
    """``text`` with polite verb and copula endings made plain (see the module docstring)."""
    if "ま" not in text and "で" not in text:
        return text
    ms = [m for m in _tokenizer().tokenize(text)]
    out: list[str] = []
    i = 0
    while i < len(ms):
        m = ms[i]
        pos = m.part_of_speech()
        if pos[4] == "助動詞-マス" and out and i > 0:
            nxt = ms[i + 1].surface() if i + 1 < len(ms) else ""
            form = MASU_FORMS.get((m.surface(), nxt if (m.surface(), nxt) in MASU_FORMS else ""))
            prev = ms[i - 1]
            pp = prev.part_of_speech()
            if form and pp[0] in ("動詞", "助動詞"):
                kind, eaten = form
                if kind == "nai" and [x.surface() for x in ms[i + 2:i + 4]] == ["でし", "た"]:
                    kind, eaten = "nakatta", 4
                new = _plain_of(prev.dictionary_form(), pp[4], "nai" if kind == "nakatta" else kind)
                if new is not None:
                    if kind == "nakatta":
                        new = new[:-1] + "かった"
                    out[-1] = new                     # out[-1] is the verb's own surface
                    i += eaten
                    continue
        if pos[4] == "助動詞-デス" and m.surface() in DESU_FORMS and i > 0:
            prev_conj = ms[i - 1].part_of_speech()
            if m.surface() == "です" and i + 1 < len(ms) and ms[i + 1].surface() == "か":   # 可能ですか → 可能か
                i += 1
                continue
            if prev_conj[4].startswith(_DROP_DESU_AFTER) or prev_conj[0] == "形容詞":
                if m.surface() == "です":
                    i += 1
                    continue
                if m.surface() in ("でしょう", "でしょ"):
                    out.append(DESU_FORMS[m.surface()])
                    i += 1
                    continue
            out.append(DESU_FORMS[m.surface()])
            i += 1
            continue
        out.append(m.surface())
        i += 1
    return "".join(out)
