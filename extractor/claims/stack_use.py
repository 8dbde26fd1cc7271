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

``ability_resolves`` (113.7a: an ability on the stack exists independently of its source): 「<ability>は、発生源が
<戦場を離れ|破壊され|生け贄に捧げられ|追放され|除去され>ても(、それとは独立して)<解決される|打ち消されない|立ち消えに
ならない|スタックに残る>」 and the event first 「発生源が…ても、<ability>は…」 (「…ると／たら…立ち消えになる」: the false form).
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


# ---------------------------------------------------------------- an ability on the stack and its source (113.7a)
_ABILITY = r"(?:スタック上の|スタックに(?:乗った|置かれた|積まれた))?(?P<ab>起動型能力|誘発型能力|(?:その|この)?能力)"
_SOURCE_EVENT = (r"(?:その|それの|能力の)?発生源(?:である(?:パーマネント|カード|クリーチャー))?(?:が|は)、?(?:戦場から)?"
                 r"(?P<ev>戦場を離れ|破壊され|生け贄に捧げられ|追放され|除去され)"
                 r"(?:ても|たとしても|た場合でも|た場合も|た後でも|たとき(?:でも|も)|ると|たら|た場合(?:に|は)?)、?")
_RESOLVES = (r"(?:それとは|発生源とは|発生源から)?(?:独立して)?、?"
             r"(?P<out>解決され(?:る|ます|ない|ません)|打ち消され(?:る|ます|ない|ません)|立ち消えに(?:なる|なります|ならない|なりません)"
             r"|(?:スタックに)?残(?:る|ります|らない|りません))(?:のだ|のです)?[。.]?\s*$")
PATTERNS.update(compile_patterns({
    "source_first": _LEAD + _ABILITY + r"(?:は|も)、?" + _SOURCE_EVENT + _RESOLVES,
    "event_first": _LEAD + _SOURCE_EVENT + _ABILITY + r"(?:は|も)、?" + _RESOLVES,
}))
EVENTS = {"戦場を離れ": ["destroyed", "exiled"], "除去され": ["destroyed", "exiled"], "破壊され": ["destroyed"],
          "生け贄に捧げられ": ["sacrificed"], "追放され": ["exiled"]}


@register("ability_resolves", priority=96, claims=True, needs=("発生源",))
def find_ability_resolves(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「起動型能力は、発生源が戦場を離れても解決される」 (113.7a: an ability on the stack exists independently of its
    source): ``situation`` {ability: activated / triggered / any, events: how its source left}, ``outcome``
    {resolves: bool} — 打ち消されない／立ち消えにならない／残る = it resolves; 打ち消される／立ち消えになる = it does not."""
    m = P["source_first"].match(s.norm) or P["event_first"].match(s.norm)
    if not m:
        return []
    ab = m.group("ab")
    kind = "activated" if ab.startswith("起動") else "triggered" if ab.startswith("誘発") else "any"
    out = m.group("out")
    neg = bool(NEG.search(out))
    resolves = (not neg) if out.startswith(("解決", "残", "スタック")) else neg
    return [Found("ability_resolves", {"ability": kind, "events": [], "source_events": EVENTS[m.group("ev")]},
                  {"resolves": resolves}, None, m.span())]
