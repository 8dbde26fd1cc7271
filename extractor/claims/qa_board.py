"""A question that sets up the board before it asks (「《X》をコントロールしています。対戦相手が《Y》で攻撃して
きました。《X》でブロックできますか?」): its setup clauses composed with the asked sentence into ONE statement the
statement reader reads by its own grammar, so the claim states every fact of the question it is judged on.

The setup is every sentence before the asked one, split after a joined state clause (「…していて、」「…ある状態で、」
「…しているとき、」), and a presence clause the asked sentence opens with (「《X》をコントロールしているとき、…」).
Each setup clause is one of the constructions of real Q&A prose:

- **presence / control** 「(私|あなた)は《X》(と《Y》)をコントロールしている／持っている」「《X》が戦場にある」 (also 場,
  いる, 出ている): a card
  the asked sentence names is staged on the battlefield by any scenario of it (a permanent the claim is about), so
  the clause adds nothing — absorbed.  「対戦相手が《X》をコントロールしている」 is the asked card's controller:
  the asked sentence's 《X》 becomes 「対戦相手の《X》」.  A card the asked sentence does not name is a fact of its
  own (an anthem, a second creature): never dropped — one card of yours is the event 「《A》が戦場にある」 (603.2;
  613.4c: its static ability applies), an opponent's (or several) stays the condition as the question states it
  (「対戦相手が《A》をコントロールしている場合、…」), read by the readers or left unrepresented (unsimulable).
- **attack** 「(対戦相手が)《X》で攻撃してきた」 (508.1a: the player declares the creature that attacks): the asked
  「《Y》でブロックできる」 leaves out what is blocked — the attacking 《X》 fills it (「《Y》で《X》をブロックできる」,
  509.1a); otherwise the event 「《X》が攻撃した」 is a condition of the asked sentence.
- **block** 「《X》で《Y》をブロックした」「《Y》を《X》でブロックした」「《Y》が《X》にブロックされた」 (509.1a): the
  event 「《X》が《Y》をブロックした」.
- **entering** 「(対戦相手が)《X》を(唱えて)戦場に出した」「《X》が戦場に出た」 (older wording 「場に出した」) and an asked 「そのターンに…《X》…」:
  「そのターンに戦場に出た《X》」 (302.6: the turn it came under its controller's control); otherwise the event is a
  condition.
- **a spell cast** by you (or by no one said): with its target named, 「《X》に《S》を唱えた」「《S》を《X》に唱えた」
  「《X》を対象に《S》を唱えた」 (601.2c, 608.2) → 「《S》の対象になった《X》」; with none, the instrument of an asked
  removal 「《S》で、《X》は破壊される」; 「対戦相手が…を唱えた」 stays a condition (the caster is a fact: 702.11).
- **tapped** 「《X》がタップ状態である／タップしている」 (110.5): the asked sentence's condition.
- any other clause stating what happened (…た) is the asked sentence's condition (「…た場合、<asked>」); two such
  clauses, or a clause of another shape, leave no composition (None).

Nothing here decides a rule: the composed statement goes to the same readers as any sentence.
"""
from __future__ import annotations

import re

_CARD = r"《[^》]+》"
_WHO = r"(?P<who>私|あなた|自分|対戦相手|相手)"
# 「《X》をコントロールしていて、《Y》を唱えた」「《X》が戦場にある状態で、…」「…しているとき、…」: a state clause
# joined to the next by its te-form or by 状態で / とき / 場合, split at the join (the state stays a clause: …ている / …ある)
_STATE_JOIN = re.compile(r"(?:(?<=してい)|(?<=持ってい))(?:て|る(?:状態で|とき|時|場合))、|(?<=があ)(?:り|る(?:状態で|とき|時|場合))、"
                         r"|(?<=に[あい])る(?:状態で|とき|時|場合)、|(?<=に[あい])る(?:とき|時)に、?")
# (場: the older wording of 戦場; 「いる」 of a creature as of a thing, 「出ている」 the state after entering)
_PRESENCE = re.compile(r"^(?:" + _WHO + r"(?:は|が))?(?P<cards>" + _CARD + r"(?:(?:と|、)" + _CARD + r")*)"
                       r"(?:を(?:コントロールしている|コントロールしていて|持っている|(?:戦場|場)に出している)"
                       r"|(?:が|は)(?:戦場|場)に(?:ある|いる|出ている))$")
_ATTACK = re.compile(r"^(?:(?P<who>[^、。《》]{1,8}?)が)?(?:(?:対戦相手|相手|あなた|私)の)?(?P<card>" + _CARD + r")(?:で|が)攻撃(?:して(?:き)?た|した|してきた)$")
_BLOCK = re.compile(r"^(?P<b>" + _CARD + r")で(?P<a>" + _CARD + r")をブロックした$|"
                    r"^(?P<a2>" + _CARD + r")を(?P<b2>" + _CARD + r")でブロックした$|"
                    r"^(?P<a3>" + _CARD + r")が(?P<b3>" + _CARD + r")にブロックされた$")
_ENTER = re.compile(r"^(?:(?P<who>[^、。《》]{1,8}?)が)?(?P<card>" + _CARD + r")(?:を(?:唱えて、?)?(?:戦場に|場に)?出した"
                    r"|が(?:戦場|場)に出た)$")     # 場に出す: the older wording of 戦場に出す
# 「《A》に《B》をつけた」: an Aura or Equipment attached to the card (never another player's: 「対戦相手の《A》」 is
# a controller the scenario would have to stage)
_ATTACH = re.compile(r"^(?P<host>" + _CARD + r")に(?P<aura>" + _CARD + r")を(?:つけた|付けた|エンチャントした|装備した)$")
# a spell cast before the question asks, by you (or by no one said): the caster is a fact (702.11 hexproof, 115.4),
# so 「対戦相手が…を唱えた」 stays a clause the scenario does not stage.  With its target named (601.2c):
# 「《X》に《S》を唱えた」「《S》を《X》に唱えた」「《X》を対象に(して)《S》を唱えた」 (かけた／撃った: the colloquial verbs
# of Q&A pages for casting a spell at something); with none: 「《S》を唱えた」「《S》が唱えられた」
_CASTER = r"(?:(?:私|あなた|自分)(?:は|が)、?)?"
_CAST_VERB = r"(?:唱えた|かけた|掛けた|撃った|プレイした)"
_CAST_AT = re.compile(r"^" + _CASTER + r"(?:(?P<t1>" + _CARD + r")に(?P<s1>" + _CARD + r")を"
                      r"|(?P<s2>" + _CARD + r")を(?P<t2>" + _CARD + r")に"
                      r"|(?P<t3>" + _CARD + r")を対象に(?:して|とって|取って)?、?(?P<s3>" + _CARD + r")を)" + _CAST_VERB + r"$")
_CAST = re.compile(r"^" + _CASTER + r"(?P<s>" + _CARD + r")(?:を(?:唱えた|プレイした)|が唱えられた)$")
# an asked sentence the instrument 「《S》で、」 may open: a removal, a P/T or a survival asked of a named object
_INSTRUMENT_ASKED = re.compile(r"^" + _CARD + r"(?:は|が)、?[^、。《》]*(?:破壊され|追放され|手札に戻|墓地に置かれ|死亡す|生き残)")
# a verb whose object the asked sentence may leave out (「《恐怖》の対象にできる」): the one card set up before it
_ZERO_OBJECT = re.compile(r"(?:対象に(?:でき|とれ|取れ|する|なら)|ブロック(?:でき|する)|破壊(?:でき|する)|追放(?:でき|する))")
# the asked sentence blocks with a creature and leaves out what it blocks: 「《Y》でブロックできる」「《Y》はブロックできる」
_BARE_BLOCK = re.compile(r"(?P<by>" + _CARD + r")(?:で|は|が)(?=ブロック)")
# an asked sentence that casts or puts a card onto the battlefield: a card already there is a fact of its own
# (or names a copy elsewhere — 「手札の《X》」「もう1枚の《X》」: the presence is of another object)
_MOVES = re.compile(r"唱え|プレイ|場に出|(?:手札|墓地|ライブラリー|追放領域|スタック)(?:の|に|から|で)|もう1枚|2枚目|別の")
# 「《X》がタップ状態である」「《X》はタップしている」: the state of a permanent the question sets up (110.5)
_TAPPED = re.compile(r"^(?P<card>" + _CARD + r")(?:が|は)(?:タップ状態(?:である|だ|になっている)|タップしている)$")
_THAT_TURN = re.compile(r"そのターン(?:に|中に|のうちに)?(?:は)?、?")


def card_key(mark: str) -> str:
    """A card as written (「《針刺吸虫/Spined Fluke(UZ)》」, 「《針刺吸虫》」): its first name, to match mentions."""
    return re.split(r"[/(（]", mark.strip("《》"), maxsplit=1)[0].strip()


def _names(text: str) -> set[str]:
    return {card_key(m) for m in re.findall(_CARD, text)}


def _mention(asked: str, key: str) -> re.Match | None:
    return next((m for m in re.finditer(_CARD, asked) if card_key(m.group(0)) == key), None)


def compose(statement: str) -> str | None:
    """The question's statement (its setup sentences, then the asked one) as one sentence, or None when a setup
    clause is of no shape composed here (see the module's text)."""
    parts = [p.strip().rstrip("。") for p in re.split(r"(?<=。)", statement) if p.strip()]
    if not parts or any("?" in p for p in parts):
        return None
    # each setup sentence as its clauses (split after a joined state), with the sentence itself to fall back on
    units = [(_clauses(p), p) for p in parts[:-1]]
    *lead, asked = _clauses(parts[-1])
    if lead and not all(_PRESENCE.match(c) for c in lead):
        lead, asked = [], parts[-1]          # only a state the asked sentence opens with is its setup
    if lead:
        units.append((lead, None))
    if not units:
        return None
    events: list[str] = []
    for unit, whole in units:
        got = _absorb_all(unit, asked)
        if got is None and whole is not None and not all(_PRESENCE.match(c) for c in unit[:-1]):
            # a state of no shape composed here (「「…」を持つクリーチャーが戦場にいる」): the sentence as one
            # clause, as it states it (「…戦場にいるとき、…た」 is then the asked sentence's condition)
            got = _absorb_all([whole], asked)
        if got is None:
            return None
        asked, more = got
        events += more
    if len(events) > 1:
        return None
    if events:
        # 509.1a: 「《X》でブロックできる」 with nothing blocked is said of X itself, the asked sentence's subject
        # (「…場合、《X》はブロックできる」)
        asked = re.sub(r"^(" + _CARD + r")で(?=ブロック)", r"\1は", asked)
    return (events[0] + "場合、" + asked) if events else asked


def _absorb_all(unit: list[str], asked: str) -> tuple[str, list[str]] | None:
    """(the asked sentence with each clause of the unit absorbed, the condition events they leave) or None."""
    events: list[str] = []
    for clause in unit:
        got = _absorb(clause, asked)
        if got is None:
            return None
        asked, event = got
        if event:
            events.append(event)
    return asked, events


def _clauses(sentence: str) -> list[str]:
    """A sentence's clauses, split after each joined state clause (the state kept as a clause: 「…ている」「…ある」)."""
    return [c.strip() for c in _STATE_JOIN.sub(lambda m: "る。", sentence).split("。") if c.strip()]


def _absorb(clause: str, asked: str) -> tuple[str, str | None] | None:
    """(the asked sentence with the clause's fact in it, a condition event left to state) or None."""
    m = _PRESENCE.match(clause)
    if m:
        keys = _names(m.group("cards"))
        zero = _ZERO_OBJECT.search(asked)
        if len(keys) == 1 and not keys & _names(asked) and zero and "を" not in asked:
            # the asked verb's left-out object is the card the question set up: 「《X》を《S》の対象にできる」
            who = "対戦相手の" if m.group("who") in ("対戦相手", "相手") else ""
            return who + m.group("cards") + "を" + asked, None
        if _MOVES.search(asked):
            return None                      # a card the asked sentence moves or names elsewhere: a fact
        marks = re.findall(_CARD, m.group("cards"))
        other = [c for c in marks if card_key(c) not in _names(asked)]
        if m.group("who") in ("対戦相手", "相手"):
            for key in keys & _names(asked):   # the opponent's card: 「対戦相手の《X》」 (its controller, a fact)
                at = _mention(asked, key)
                if asked[:at.start()].endswith("の"):
                    return None              # already owned by a phrase of its own: two controllers
                asked = asked[:at.start()] + "対戦相手の" + asked[at.start():]
        if other:
            # a permanent the asked sentence does not name (an anthem, 613.4c) is a fact of its own: the asked
            # sentence's condition, stated as the question states it (who controls it, or only that it is there)
            if m.group("who") in ("対戦相手", "相手"):
                return asked, m.group("who") + "が" + "と".join(other) + "をコントロールしている"
            if len(other) == 1:
                # yours (「(私は)《A》をコントロールしている」, or only there): on the battlefield while the asked
                # sentence happens (603.2 / 613.4c) — the event 「《A》が戦場にある」, staged on its controller's side
                # (yours: the one the clause states, else no one's stated, 「が戦場にある」)
                return asked, other[0] + "が戦場にある"
            there = "が戦場にある" if re.search(r"(?:が|は)(?:戦場|場)に(?:ある|いる|出ている)$", clause) else "をコントロールしている"
            return asked, "と".join(other) + there
        return asked, None
    m = _ATTACK.match(clause)
    if m:
        card = m.group("card")
        bare = _BARE_BLOCK.search(asked)
        if bare and card_key(card) not in _names(asked) and "を" not in asked[bare.end():]:
            # 509.1a: the creature declared as a blocker blocks the attacking creature the question named
            return asked[:bare.start()] + bare.group("by") + "で" + card + "を" + asked[bare.end():], None
        return asked, card + "が攻撃した"
    m = _ATTACH.match(clause)
    if m:
        at = _mention(asked, card_key(m.group("host")))
        if at is None or asked[:at.start()].endswith("の"):
            return None
        # an Aura / Equipment put on the asked card: 「《B》がつけられた《A》」 (303.4, 301.5); 「《A》でブロックできる」
        # (the player blocks with A, 509.1a) is then said of A itself: 「…《A》はブロックできる」
        rest = asked[at.start():]
        head = at.group(0) + "で"
        if rest.startswith(head + "ブロック"):
            rest = at.group(0) + "は" + rest[len(head):]
        return asked[:at.start()] + m.group("aura") + "がつけられた" + rest, None
    m = _CAST_AT.match(clause)
    if m:
        spell = m.group("s1") or m.group("s2") or m.group("s3")
        target = m.group("t1") or m.group("t2") or m.group("t3")
        at = _mention(asked, card_key(target))
        if at is None or card_key(spell) in _names(asked):
            return asked, clause               # the asked sentence is about something else: the cast is its condition
        if asked[:at.start()].endswith("の"):
            return None                        # a controller of the target's own (「対戦相手の《X》」): two facts
        # 601.2c / 608.2: the spell was cast with that object as its target, then resolved — 「《S》の対象になった《X》」
        return asked[:at.start()] + spell + "の対象になった" + asked[at.start():], None
    m = _CAST.match(clause)
    if m:
        spell = m.group("s")
        if card_key(spell) not in _names(asked) and _INSTRUMENT_ASKED.match(asked):
            # the spell is what the asked removal is done with: the instrument 「《S》で、《X》は破壊される」 (608.2)
            return spell + "で、" + asked, None
        return asked, clause
    m = _BLOCK.match(clause)
    if m:
        blocker = m.group("b") or m.group("b2") or m.group("b3")
        attacker = m.group("a") or m.group("a2") or m.group("a3")
        return asked, blocker + "が" + attacker + "をブロックした"
    m = _ENTER.match(clause)
    if m:
        card = m.group("card")
        if _names(asked) - {card_key(card)}:
            return None       # another card may see it cast (a cast trigger, 601.2i): 「出した」 is more than entering
        turn = _THAT_TURN.search(asked)
        at = _mention(asked, card_key(card))
        if turn and at and turn.end() <= at.start():
            # 302.6: 「そのターン」 is the turn the card entered — a creature that came under control this turn
            rest = asked[:turn.start()] + asked[turn.end():at.start()]
            return rest + "そのターンに戦場に出た" + asked[at.start():], None
        return asked, card + "が戦場に出た"
    if clause.endswith("た"):
        return asked, clause                 # what happened: the asked sentence's condition
    m = _TAPPED.match(clause)
    if m:
        return asked, m.group("card") + "がタップ状態である"      # its state (110.5): the asked sentence's condition
    return None
