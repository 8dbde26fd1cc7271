"""A question that sets up the board, composed with its asked sentence into one statement (qa_board.compose):
each construction, and the shapes it must refuse (a fact the composed sentence would drop)."""
from extractor.claims.qa_board import compose


def test_presence_of_an_asked_card_is_absorbed_and_an_attack_fills_the_blocked_creature():
    # 508.1a / 509.1a: the blocker named by the question blocks the creature the question says attacked
    assert compose("私は《大蜘蛛》をコントロールしている。対戦相手が《シヴ山のドラゴン》で攻撃してきた。"
                   "《大蜘蛛》でブロックできる") == "《大蜘蛛》で《シヴ山のドラゴン》をブロックできる"
    assert compose("《大蜘蛛》をコントロールしているとき、対戦相手の《セラの天使》が攻撃してきた。《大蜘蛛》でブロックできる") \
        == "《大蜘蛛》で《セラの天使》をブロックできる"
    # the asked sentence already says what is blocked: the attack is an event of its own
    assert compose("《大気の精霊》が攻撃してきた。《灰色熊》は《丘巨人》をブロックできる") == \
        "《大気の精霊》が攻撃した場合、《灰色熊》は《丘巨人》をブロックできる"


def test_the_opponents_card_keeps_its_controller():
    assert compose("対戦相手が《灰色熊》をコントロールしている。《灰色熊》は《恐怖》の対象になる") == \
        "対戦相手の《灰色熊》は《恐怖》の対象になる"
    # a card the asked sentence leaves out as its object: the one card the question set up
    assert compose("対戦相手が《吸血鬼の夜鷲》をコントロールしている。《恐怖》の対象にできる") == \
        "対戦相手の《吸血鬼の夜鷲》を《恐怖》の対象にできる"


def test_a_card_the_asked_sentence_does_not_name_is_never_dropped():
    # yours (the clause's subject unstated or 私): on the battlefield while the asked sentence happens (613.4c)
    assert compose("《栄光の頌歌》と《灰色熊》をコントロールしている。《灰色熊》のタフネスは3になる") == \
        "《栄光の頌歌》が戦場にある場合、《灰色熊》のタフネスは3になる"
    assert compose("《栄光の頌歌》をコントロールしているとき、《灰色熊》は3/3になる") == \
        "《栄光の頌歌》が戦場にある場合、《灰色熊》は3/3になる"
    # two cards of their own: not one event
    assert compose("《栄光の頌歌》と《十字軍》をコントロールしている。《灰色熊》は3/3になる") == \
        "《栄光の頌歌》と《十字軍》をコントロールしている場合、《灰色熊》は3/3になる"
    assert compose("対戦相手が《栄光の頌歌》をコントロールしている。《灰色熊》は3/3になる") == \
        "対戦相手が《栄光の頌歌》をコントロールしている場合、《灰色熊》は3/3になる"     # whose it is stays
    assert compose("《栄光の頌歌》が戦場にある。《灰色熊》は3/3になる") == "《栄光の頌歌》が戦場にある場合、《灰色熊》は3/3になる"
    # a second fact of its own beside an event: two conditions are not composed
    assert compose("《栄光の頌歌》をコントロールしている。《灰色熊》が攻撃した。《灰色熊》は3/3だ") is None
    # a presence of a card the asked sentence moves or names elsewhere is a fact of its own
    assert compose("《灰色熊》が戦場にある。手札の《灰色熊》を唱えられる") is None
    assert compose("《伝説の竜》をコントロールしている。もう1枚の《伝説の竜》を戦場に出せる") is None


def test_block_attach_and_entering_events():
    assert compose("《チフス鼠》で《大喰らいのワーム》をブロックした。《大喰らいのワーム》は破壊される") == \
        "《チフス鼠》が《大喰らいのワーム》をブロックした場合、《大喰らいのワーム》は破壊される"
    assert compose("《大気の精霊》が《大蜘蛛》にブロックされた。《大気の精霊》は破壊される") == \
        "《大蜘蛛》が《大気の精霊》をブロックした場合、《大気の精霊》は破壊される"
    assert compose("《灰色熊》に《平和な心》をつけた。《灰色熊》は攻撃できる") == "《平和な心》がつけられた《灰色熊》は攻撃できる"
    # 509.1a: blocking with the creature is said of the creature (the relative clause then reads it as its subject)
    assert compose("《灰色熊》に《平和な心》をつけた。《灰色熊》でブロックできる") == "《平和な心》がつけられた《灰色熊》はブロックできる"
    assert compose("《灰色熊》に《平和な心》をつけた。《灰色熊》で《丘巨人》をブロックできる") == \
        "《平和な心》がつけられた《灰色熊》で《丘巨人》をブロックできる"
    assert compose("対戦相手の《灰色熊》に《平和な心》をつけた。《灰色熊》は攻撃できる") == \
        "対戦相手の《灰色熊》に《平和な心》をつけた場合、《灰色熊》は攻撃できる"      # the controller stays a fact
    # 302.6: 「そのターン」 is the turn the card came under its controller's control
    assert compose("対戦相手が《怒り狂うゴブリン》を場に出した。そのターンに《怒り狂うゴブリン》で攻撃できる") == \
        "そのターンに戦場に出た《怒り狂うゴブリン》で攻撃できる"
    # another card may see it cast (《走り回るスカージ》-like cast triggers): 「出した」 is not only entering
    assert compose("《灰色熊》を持っていて、《丘巨人》を出した。《灰色熊》を《丘巨人》の生贄に捧げられる") is None


def test_two_events_or_a_state_of_no_known_shape_leave_no_composition():
    assert compose("《灰色熊》が攻撃した。《丘巨人》がブロックした。《灰色熊》は破壊される") is None
    assert compose("《灰色熊》は2/2だ。破壊される") is None
    assert compose("破壊される") is None


def test_a_board_question_is_judged_on_the_composed_claim_and_its_mutant_is_not_confirmed(nlp):
    """「対戦相手が《灰色熊》を戦場に出しました。そのターンに《灰色熊》で攻撃できますか?」 (302.6): the composed claim
    states the setup itself (そのターンに戦場に出た《灰色熊》) and is judged; the answer's polarity flipped is never
    confirmed, and no claim of the composed sentence carries the setup clause unrepresented."""
    from engine.crosscheck import check_claim
    from extractor import extract
    from extractor.claims import attach_claims
    from extractor.facts import RawDocument

    q = "Q: 対戦相手が《灰色熊》を戦場に出しました。そのターンに《灰色熊》で攻撃できますか？\nA: "
    for answer, right, wrong in (("できません。", "confirmed", "contradicted"), ("できます。", "contradicted", "confirmed")):
        doc = extract(RawDocument(title="QA", text=q + answer + "\n", path="qa.txt", form="prose", key="qa.txt"))
        attach_claims(doc, nlp)
        verdicts = [check_claim(c, None) for c in doc.claims if c.kind == "can_attack"]
        got = {v.verdict for v in verdicts}
        assert right in got and wrong not in got, (answer, [(v.verdict, v.reason[:120]) for v in verdicts])
        judged = [c for c in doc.claims if c.kind == "can_attack" and not c.situation.get("unrepresented")]
        assert judged and all(c.situation.get("conditions") == [{"kind": "summoning_sick"}] for c in judged)


def test_a_spell_cast_before_the_question_asks():
    # 601.2c / 608.2: a spell cast at the named object — 「《S》の対象になった《X》」 (the composed event cast_at)
    for setup in ("《灰色熊》に《巨大化》を唱えた", "《巨大化》を《灰色熊》に唱えた", "《灰色熊》を対象に《巨大化》を唱えた",
                  "私は《灰色熊》に《巨大化》をかけた", "《灰色熊》を対象にして、《巨大化》を唱えた"):
        assert compose(setup + "。《灰色熊》は5/5になる") == "《巨大化》の対象になった《灰色熊》は5/5になる", setup
    assert compose("《灰色熊》をコントロールしていて、《巨大化》を《灰色熊》に唱えた。《灰色熊》のパワーは5になる") == \
        "《巨大化》の対象になった《灰色熊》のパワーは5になる"
    # the opponent cast it: who cast it is a fact (702.11 hexproof) the composed event does not stage
    assert compose("対戦相手が《灰色熊》に《巨大化》を唱えた。《灰色熊》は5/5になる") == \
        "対戦相手が《灰色熊》に《巨大化》を唱えた場合、《灰色熊》は5/5になる"
    # the target already owned by a phrase of its own: two controllers
    assert compose("《灰色熊》に《巨大化》を唱えた。対戦相手の《灰色熊》は5/5になる") is None
    # a spell cast with no target named: the instrument of the asked removal (608.2)
    assert compose("《神の怒り》を唱えた。《丘巨人》は破壊される") == "《神の怒り》で、《丘巨人》は破壊される"
    assert compose("《丘巨人》が戦場にあるときに《神の怒り》が唱えられた。《丘巨人》は破壊される") == \
        "《神の怒り》で、《丘巨人》は破壊される"
    assert compose("対戦相手が《神の怒り》を唱えた。《丘巨人》は破壊される") == \
        "対戦相手が《神の怒り》を唱えた場合、《丘巨人》は破壊される"
    # an asked sentence that is no removal of a named object keeps the cast as its condition
    assert compose("《神の怒り》を唱えた。《灰色熊》の能力は誘発する") == "《神の怒り》を唱えた場合、《灰色熊》の能力は誘発する"


def test_a_permanent_tapped_in_the_setup():
    # 110.5: its state, the asked sentence's condition; blocking with it is said of it (509.1a)
    assert compose("《灰色熊》をタップした。《灰色熊》でブロックできる") == "《灰色熊》をタップした場合、《灰色熊》はブロックできる"
    assert compose("《灰色熊》がタップ状態である。《灰色熊》は攻撃できる") == "《灰色熊》がタップ状態である場合、《灰色熊》は攻撃できる"
    assert compose("《灰色熊》はタップしている。《灰色熊》は攻撃できる") == "《灰色熊》がタップ状態である場合、《灰色熊》は攻撃できる"


def test_presence_in_the_older_and_colloquial_wordings():
    # 場 (the older wording of 戦場), 「いる」, 「出ている」: the card is there (603.2 / 613.4c)
    for setup in ("《十字軍》が場にある", "《十字軍》が戦場にいる", "《十字軍》が場に出ている", "私は《十字軍》を場に出している"):
        assert compose(setup + "。《セラの天使》は5/5になる") == "《十字軍》が戦場にある場合、《セラの天使》は5/5になる", setup
    assert compose("《丘巨人》が戦場にいるときに《神の怒り》が唱えられた。《丘巨人》は破壊される") == \
        "《神の怒り》で、《丘巨人》は破壊される"

    # a state the split leaves in no shape composed here: the sentence is one clause, as before the split
    assert compose("「…」を持つクリーチャーが戦場にいるとき、《丘巨人》を戦場に出した。「…」は誘発する") == \
        "「…」を持つクリーチャーが戦場にいるとき、《丘巨人》を戦場に出した場合、「…」は誘発する"
