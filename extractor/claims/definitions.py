"""A keyword defined by what it lets a creature do, in a list of related terms (「到達 - 飛行を持つクリーチャーを
ブロックできるキーワード能力。」) or as a definition (「到達とは、…ブロックできる能力のことである。」): read as the statement about a creature with that keyword (「到達を持つクリーチャー
は、飛行を持つクリーチャーをブロックできる」) by the combat readers (can_block, can_attack)."""
from __future__ import annotations

import dataclasses

from extractor.claims.combat import find_can_attack, find_can_block
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
PATTERNS = compile_patterns({
    # 「到達 - …できるキーワード能力。」 / 「到達とは、…できる(という)能力のことである。」
    "definition": r"^\s*(?P<kw>" + alternation(LEX.words("keyword_abilities")) + r")\s*(?:[-−–―:：]|とは、?)\s*"
                  r"(?P<rest>[^「」。、]+?(?:ブロック|攻撃)[^「」。、]*?(?:でき|され)(?:る|ない))(?:という)?(?:キーワード)?能力"
                  r"(?:のこと)?(?:である|です|だ)?。?\s*$",
})


@register("can_block", "can_attack", priority=63, claims=True, needs=("ブロック", "攻撃"))
def find_keyword_definition(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = PATTERNS["definition"].match(s.norm)
    if not m:
        return []
    as_statement = dataclasses.replace(s, norm=f"{m.group('kw')}を持つクリーチャーは、{m.group('rest')}。")
    found = find_can_block(as_statement, si, ctx) + find_can_attack(as_statement, si, ctx)
    return [f._replace(span=m.span()) for f in found]
