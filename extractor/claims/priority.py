"""Who receives priority, and when (``priority_holder``, 117.3): the active player at the beginning of a step or phase
(117.3a; no one in the untap and cleanup steps, 502.4 / 514.3), the active player after a spell or ability resolves
(117.3b), the player who cast a spell, activated an ability or took a special action (117.3c), the next player in turn
order after a player passes (117.3d).

Constructions read (the whole sentence, else no claim): <times>、<player>(は|が)(再び|まず|最初に)優先権を得る(／得ない),
the passive <times>、<player>に優先権が与えられる(／与えられない)
and the player first, <player>は<times>(に)、優先権を得る; impersonal 「<times>(に)は優先権は発生しない／発生する」 and
「<times>(に)は(誰も|どのプレイヤーも)優先権を得ない」.
- times (each a moment staged; several joined by 、／や／と／たり): a step or phase's beginning (「(各)フェイズ(や|と)ステップ
  の開始時」「フェイズやステップが始まると」, optionally 「(その…での)ターン起因処理の後」: the moment 117.3a names), a named step
  (「アンタップ・ステップ(と|や)クリンナップ・ステップでは」「アップキープの開始時に」), a spell cast (「呪文を唱えた後」「唱えたり」),
  an ability activated (「能力を起動した後」), a special action (「特別な処理を行った後」), a resolution (「スタック上の
  オブジェクトが1つ解決された後」「呪文や能力が解決された後」「呪文や(マナ能力でない)能力の解決の後」), a pass
  (「(優先権を)パスすると」「パスされると」);
- player: active (アクティブ・プレイヤー, ターンを行っているプレイヤー, ターン・プレイヤー), nonactive (非アクティブ・プレイヤー),
  actor (そのプレイヤー, 同じプレイヤー, 先ほどのプレイヤー, 呪文を唱えたプレイヤー …: who cast / activated / passed), other
  (対戦相手, 相手, 次のプレイヤー: the actor's opponent), anyone (the impersonal forms: 発生する / 発生しない, 誰も…ない).
Situation ``moments`` [step_start, cast, activate, special_action, resolve, pass], ``steps`` (the named steps; absent:
every step with priority); outcome ``player`` (role) and ``receives`` (bool).  A moment or step word this grammar
does not know (「戦闘ダメージの解決の後」) leaves the sentence unread.
"""
from __future__ import annotations

import re

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_NAKA = r"[・･]?"
STEPS = {
    "アンタップ" + _NAKA + "ステップ": ["untap"], "アップキープ(?:" + _NAKA + "ステップ)?": ["upkeep"],
    "ドロー" + _NAKA + "ステップ": ["draw"], "(?:第1|戦闘前)?メイン" + _NAKA + "フェイズ": ["main1"],
    "戦闘開始" + _NAKA + "ステップ": ["begin_combat"], "攻撃クリーチャー指定" + _NAKA + "ステップ": ["declare_attackers"],
    "戦闘終了" + _NAKA + "ステップ": ["end_combat"], "終了" + _NAKA + "ステップ": ["end"],
    "クリ(?:ー)?ンナップ" + _NAKA + "ステップ": ["cleanup"], "クリーンアップ" + _NAKA + "ステップ": ["cleanup"],
}
_STEP = "(?:" + "|".join(STEPS) + ")"
_AND = r"(?:と|や|、|および|及び|または)"
_AFTER = r"(?:た後|たあと|た後で|たら|ると|た時|たとき|た際|た場合)(?:に|で|は|には)?"

# the moments, each a named group (its words are the whole phrase)
_MOMENTS = {
    "step_start": r"(?:各|それぞれの|すべての)?(?:フェイズ(?:" + _AND + r"?ステップ)?|ステップ)(?:の開始時|が始まると|が始まった(?:とき|時|後)"
                  r"|の(?:始め|最初)(?:に)?)(?:に|には|は)?(?:、?(?:その(?:フェイズ(?:" + _AND + r"ステップ)?|ステップ)"
                  r"(?:で|における|の)の?)?ターン起因処理(?:が(?:行われ|終わっ)た|の)後(?:に|で)?)?",
    "named_start": r"(?P<nsteps>" + _STEP + "(?:" + _AND + _STEP + r")*)(?:の開始時|が始まると|の始め|の最初)(?:に|には|は)?",
    "named": r"(?P<steps>" + _STEP + "(?:" + _AND + _STEP + r")*)(?:で|では|において|においては|の間には|の間に|の間は|の間|中|中は|には)",
    "acts": r"(?:優先権を持(?:った|っている|つ)プレイヤーが、?)?(?P<actw>(?:(?:呪文を唱え|能力を起動し|特別な処理を行っ)(?:たり|、)?、?)+)"
            r"(?:し)?" + _AFTER,
    "resolve": r"(?:スタック上の)?(?:オブジェクト|呪文(?:や|または|か)(?:\(マナ能力でない\)|マナ能力でない)?能力|呪文|能力)"
               r"(?:が(?:1つ|一つ)?、?)?(?:解決され|解決し(?:終わっ)?)" + _AFTER +
               r"|(?:スタック上の)?(?:オブジェクト|呪文(?:や|または)(?:\(マナ能力でない\)|マナ能力でない)?能力|呪文|能力)の解決(?:の)?後(?:に|で)?",
    "pass": r"(?:優先権を持(?:った|っている|つ)プレイヤーが、?)?(?:優先権(?:を|が))?(?:パス|放棄)(?:し|され)" + _AFTER +
            r"|(?:優先権を持(?:った|っている|つ)プレイヤーが、?)?(?:優先権(?:を|が))?(?:パス|放棄)(?:すると|されると)",
}
_TIME = "(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _MOMENTS.items()) + ")"
_T = re.sub(r"\(\?P<\w+>", "(?:", _TIME)            # the same phrases without their group names (a run repeats them)

_ACTIVE = r"アクティブ" + _NAKA + r"プレイヤー|ターンを行って(?:いる)?プレイヤー|ターン" + _NAKA + r"プレイヤー|そのターンのプレイヤー"
_ACTOR = (r"そのプレイヤー(?:自身)?|同じプレイヤー|先ほどのプレイヤー|先程のプレイヤー|(?:(?:その)?呪文を唱えた|(?:その)?能力を起動した|"
          r"それを唱えた|それを起動した|パスした|処理を行った)プレイヤー|その(?:呪文|能力|呪文や能力|オブジェクト)のコントローラー")
_OTHER = r"対戦相手|相手|次のプレイヤー|ターン順で次のプレイヤー|もう一方のプレイヤー"
_NONACTIVE = r"非アクティブ" + _NAKA + r"プレイヤー"
_PLAYER = (r"(?P<player>(?P<active>" + _ACTIVE + r")|(?P<actor>" + _ACTOR + r")|(?P<other>" + _OTHER + r")|(?P<nonactive>"
           + _NONACTIVE + r"))")
_GET = r"(?:再び|まず|最初に|先に|改めて)?、?優先権を(?P<v>得る|得ます|得ない|得ません|受け取る|受け取らない|受ける|受けない)"
_LEAD = r"^[\s*・\-－•]*(?:[0-9]+[.．、)]\s*)?(?:(?:なお|また|ただし|つまり|基本的に|通常|原則として)、?)?"
_END = r"(?:のだ|のです|ことになる|ことになります)?[。．.]?\s*$"

PATTERNS = compile_patterns({
    "time_first": _LEAD + r"(?P<times>" + _T + r"(?:、?(?:[やと]、?)?" + _T + r")*)、?" + _PLAYER + r"(?:は|が|も)、?" + _GET + _END,
    "nobody": _LEAD + r"(?P<times>" + _T + r"(?:、?(?:[やと]、?)?" + _T + r")*)、?(?:は、?)?(?:(?P<who>誰も|どのプレイヤーも|いずれのプレイヤーも)"
              r"優先権を(?P<v>得ない|得ません|受け取らない)|優先権(?:は|が)(?P<arise>発生しない|発生しません|生じない|発生する|発生します|生じる))" + _END,
})
# the passive 「<times>、<player>に優先権が与えられる」 (the dative is the player who receives it)
PATTERNS["given"] = re.compile(_LEAD + r"(?P<times>" + _T + r"(?:、?(?:[やと]、?)?" + _T + r")*)、?" + _PLAYER +
                               r"に(?:は|も)?、?(?:再び|まず|最初に|先に)?、?優先権(?:が|は)(?P<v>与えられる|与えられます|与えられない|与えられません)"
                               + _END)
# the player first, the times after it: 「アクティブ・プレイヤーは各フェイズやステップの開始時や、…の後、最初に優先権を得る」
PATTERNS["player_first"] = re.compile(_LEAD + _PLAYER + r"(?:は|が)、?(?P<times>" + _T + r"(?:、?(?:[やと]、?)?" + _T +
                                      r")*)、?" + _GET + _END)
P = PATTERNS
_TIME_RE = re.compile(_TIME)


def _moments(times: str) -> tuple[list[str], list[str]] | None:
    """The moments and named steps of a run of time phrases; None when a word is left over."""
    moments: list[str] = []
    steps: list[str] = []
    pos = 0
    while pos < len(times):
        while pos < len(times) and times[pos] in "、やと":
            pos += 1
        if pos >= len(times):
            break
        m = _TIME_RE.match(times, pos)
        if not m or m.end() == pos:
            return None
        pos = m.end()
        if m.group("step_start"):
            moments.append("step_start")
        elif m.group("named_start") or m.group("named"):
            moments.append("step_start")
            words = m.group("nsteps") or m.group("steps")
            for pat, names in STEPS.items():
                if re.search(pat, words):
                    steps += [s for s in names if s not in steps]
        elif m.group("acts"):
            acts = m.group("actw")
            moments += [k for w, k in (("唱え", "cast"), ("起動", "activate"), ("特別な処理", "special_action")) if w in acts]
        elif m.group("resolve"):
            moments.append("resolve")
        elif m.group("pass"):
            moments.append("pass")
    if "step_start" in moments and steps and moments.count("step_start") > 1:
        return None                       # 「各ステップの開始時や、アップキープでは」: one moment of steps only
    out = []
    for x in moments:
        if x not in out:
            out.append(x)
    return out, steps


@register("priority_holder", priority=95, claims=True, needs=("優先権",))
def find_priority_holder(s: Sentence, si: int, ctx: Context) -> list[Found]:
    text = s.norm
    m = P["time_first"].match(text) or P["player_first"].match(text) or P["given"].match(text)
    if m:
        role = next(r for r in ("active", "actor", "other", "nonactive") if m.group(r))
        receives = not m.group("v").endswith(("ない", "ません"))
    else:
        m = P["nobody"].match(text)
        if not m:
            return []
        role = "anyone"
        receives = bool(m.group("arise")) and not m.group("arise").endswith(("ない", "ません"))
    got = _moments(m.group("times"))
    if not got or not got[0]:
        return []
    moments, steps = got
    if steps and moments != ["step_start"]:
        return []                         # a named step beside another moment: not one reading
    sit: dict = {"moments": moments, "events": []}
    if steps:
        sit["steps"] = steps
    return [Found("priority_holder", sit, {"player": role, "receives": receives}, None, m.span())]


# ---------------------------------------------------------------- all players pass in succession (117.4, 500.2)
_ALL = r"(?:すべての|全ての|全|両方の|両|各|お互いの|双方の)?プレイヤー(?:全員)?(?:が|は)|お互い(?:が|に)|両者(?:が)"
_EMPTY = r"(?P<empty>スタックが空(?:の(?:状態|場合|とき)|であれば|なら(?:ば)?|で)(?:に|で|は)?、?)"
_FULL = r"(?P<full>スタックが空でない(?:場合|なら(?:ば)?|とき)(?:は|には)?、?|スタックに(?:何か|オブジェクトが)(?:ある|あれば|ある場合)(?:は|には)?、?)"
_ENDS = r"(?:その)?(?:フェイズ(?:や|か|または)?ステップ|ステップ|フェイズ)(?:が|は)(?P<ends>終了する|終了します|終わる|終了しない|終わらない)"
_TOP = (r"スタックの一番上(?:にある|の)?(?:オブジェクト|呪文や能力|呪文か能力|呪文|能力|もの)(?:が|は)"
        r"(?P<res>解決される|解決されます|解決されない)")
PATTERNS["all_pass"] = re.compile(
    _LEAD + r"(?:" + _EMPTY + r"|" + _FULL + r")?(?:" + _ALL + r")、?(?:連続して|続けて|順番に|続けざまに)?(?:優先権を)?(?:パス|放棄)"
    r"(?:した(?:場合(?:は|には|でも)?|ら|なら)|しても|すると|する場合(?:は|には)?)、?(?:" + _EMPTY.replace("?P<empty>", "?P<empty2>") + "|" +
    _FULL.replace("?P<full>", "?P<full2>") + r")?(?:" + _ENDS + "|" + _TOP + r")" + _END)


@register("pass_result", priority=95, claims=True, needs=("パス", "放棄"))
def find_pass_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「(スタックが空の状態で)すべてのプレイヤーが連続して優先権をパスすると、ステップが終了する」「…スタックの一番上の
    オブジェクトが解決される」 (117.4, 500.2): ``situation`` {stack: empty / nonempty (absent: unstated)}, outcome
    ``step_ends`` or ``resolves`` (bool)."""
    m = P["all_pass"].match(s.norm)
    if not m:
        return []
    empty, full = m.group("empty") or m.group("empty2"), m.group("full") or m.group("full2")
    sit: dict = {"events": []}
    if empty or full:
        sit["stack"] = "empty" if empty else "nonempty"
    if m.group("ends"):
        out = {"step_ends": not m.group("ends").endswith("ない")}
    else:
        out = {"resolves": not m.group("res").endswith("ない")}
    return [Found("pass_result", sit, out, None, m.span())]
