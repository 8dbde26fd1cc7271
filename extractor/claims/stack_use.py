"""What uses the stack and what does not, said of a kind of game object or action (``uses_stack``): a land play is a
special action (116.1, 116.2a, 305.1), turn-based actions (703.1) and state-based actions (704.1) don't use the
stack, a static ability is simply true (604.1), a triggered ability is put on the stack the next time a player
would receive priority (603.3); one responds only to what waits on the stack (117.7).

Constructions read (the subject is the whole noun phrase at the head of the sentence — a phrase that says more about
it, 「マナ能力である誘発型能力」, is not one of these subjects and gives no claim):
- 「<S>は(、)スタック(に乗|に積ま|に置か|を使)<verb>」 (「…スタックにも乗らない」; 「…スタックに乗らずに処理される」);
  between the topic and the predicate only 「次に(プレイヤーが)優先権を得る(とき|際)に」 — for a triggered ability,
  the moment 603.3 names, which the scenario stages (the stack looked at when priority would next be given);
- 「<S>に対応(して<a spell or an instant>を唱えること|すること)は(できる|できない)」: a response waits for an
  object on the stack (117.7), so 「…に対応することはできない」 = it does not use the stack.
S: 土地のプレイ / 土地をプレイすること (land_play) / 特別な処理 (special_action: one is staged, the land play) /
ターン起因処理 (turn_based_action) / 状況起因処理 (state_based_action) / 常在型能力 (static_ability) / 誘発型能力 /
誘発した能力 (triggered_ability) / 起動型能力 (「マナ能力でない起動型能力」 too: activated_ability — a mana ability is
the exception, 605.3a, read by mana_ability.py) / 呪文, インスタント呪文, ソーサリー呪文 (spell, instant, sorcery: 601.2a).  Situation ``source`` = {"game_object": <one of these>}.
"""
from __future__ import annotations

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import NEG, Sentence

SUBJECTS = {
    "土地のプレイ": "land_play", "土地をプレイすること": "land_play", "土地をプレイする行為": "land_play",
    "特別な処理": "special_action",
    "ターン起因処理": "turn_based_action",
    "状況起因処理": "state_based_action",
    "常在型能力": "static_ability",
    "誘発型能力": "triggered_ability", "誘発した能力": "triggered_ability",
    "マナ能力でない起動型能力": "activated_ability", "マナ能力以外の起動型能力": "activated_ability",
    "起動型能力": "activated_ability",
    "呪文": "spell", "唱えられた呪文": "spell", "インスタント呪文": "instant", "ソーサリー呪文": "sorcery",
}
_S = "|".join(sorted(SUBJECTS, key=len, reverse=True))
_LEAD = r"^[\s*・\-－•]*(?:(?:なお|また|ただし|つまり|基本的に|もちろん)、?)?"
_GLOSS = r"(?:/[A-Za-z][A-Za-z \-]*)?"                  # the English name after the Japanese (「常在型能力/Static Ability」)
_NEXT_PRIORITY = r"(?P<when>次に(?:プレイヤーが|いずれかのプレイヤーが)?優先権を(?:得る|受け取る)(?:とき|時|際)(?:に)?、?)?"

PATTERNS = compile_patterns({
    "uses": _LEAD + r"(?P<s>" + _S + r")" + _GLOSS + r"(?:は|も)、?" + _NEXT_PRIORITY +
            r"スタック(?:に|を)(?:も|は)?(?P<verb>乗|のら|積ま|置か|使|用い|経由し|経由せ|経由す|介さ|介し)"
            r"(?P<v>らず|らない|りません|る|ります|れず|れない|れません|れる|れます|わず|わない|いません|う|います"
            r"|(?<=用い)(?:ず|ない|ません|る|ます)|(?<=経由し)(?:ない|ません|ます)|(?<=経由せ)ず|(?<=経由す)る|(?<=介さ)(?:ず|ない)"
            r"|(?<=介し)(?:ます))"
            r"(?P<tail>(?:に|、)?(?:直ちに|ただちに|すぐに|即座に)?(?:処理される|解決される|処理されます|解決されます)?"
            # 「…スタックに乗らないので対応できない」: the reason and its consequence (117.7), one fact
            r"|(?<=ない)(?:ので|ため)、?(?:それに|これに)?対応(?:すること(?:は|が|も)?)?でき(?:ない|ません))"
            r"(?:のだ|のです|。|\.)?\s*$",
    "respond": _LEAD + r"(?P<s>" + _S + r")" + _GLOSS + r"に(?:は|も)?対応(?:して(?:(?:インスタント|呪文|インスタント呪文)を)?"
               r"(?:唱える|プレイする)|する)?(?:こと)?(?:は|が|も)?、?"
               r"(?P<v>でき(?:る|ない|ず|ます|ません)|可能(?:だ|です|である)?|不可能(?:だ|です|である)?)(?:のだ|のです)?[。.]?\s*$",
})
P = PATTERNS


def _neg(v: str) -> bool:
    return bool(NEG.search(v)) or v in ("らず", "れず", "わず") or v.startswith("不")


@register("uses_stack", priority=96, claims=True, needs=("スタック", "対応"))
def find_stack_use(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["uses"].match(s.norm)
    if m:
        obj = SUBJECTS[m.group("s")]
        if m.group("when") and obj != "triggered_ability":
            return []                     # the next priority is the moment of a trigger only (603.3)
        if m.group("tail") and not _neg(m.group("v")):
            return []                     # 「スタックに乗って処理される」 is not one of the constructions
        sit = {"source": {"game_object": obj}, "events": []}
        if m.group("when"):
            sit["when"] = "next_priority"
        return [Found("uses_stack", sit, {"stack": not _neg(m.group("v"))}, None, m.span())]
    m = P["respond"].match(s.norm)
    if m:
        # 117.7: one responds to an object on the stack — 'cannot respond' = it does not use the stack
        sit = {"source": {"game_object": SUBJECTS[m.group("s")]}, "events": [], "respond": True}
        return [Found("uses_stack", sit, {"stack": not _neg(m.group("v"))}, None, m.span())]
    return []
