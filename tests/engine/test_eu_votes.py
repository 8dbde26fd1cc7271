"""Will of the council votes (701.32, engine/game/mechanics/votes.py): each player votes, starting with the
controller; the first option's effects happen only if it gets more votes, else (more votes or a tie) the second's."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_line_family
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX = "Yoked Ox"
TABLE = CardTable.bundled()
VOTE = {"activated": [{"cost": "{1}", "targets": [], "effects": [{"vote": {
    "for": ["gold", "lead"], "then": [{"gain_life": 5}], "else": [{"lose_life": {"n": 2, "player": "each_opponent"}}]}}]}]}


def _run(mine, theirs, life):
    return run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                          "actions": [{"choose": {"vote": mine}}, {"choose": {"vote": theirs}, "by": "opponent"},
                                      {"activate": OX, "ability": 1}, {"resolve": "all"}],
                          "expect": [{"life": life}]})


def test_the_option_with_more_votes_wins_and_a_tie_goes_to_the_second(as_):
    as_(OX, VOTE)
    _run("gold", "gold", {"you": 25, "opponent": 20})
    _run("gold", "lead", {"you": 20, "opponent": 18})       # tied: the second option's effects
    _run("lead", "lead", {"you": 20, "opponent": 18})


def test_a_vote_for_no_option_is_refused(as_):
    as_(OX, VOTE)
    r = run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                                    "actions": [{"choose": {"vote": "silver"}}, {"activate": OX, "ability": 1},
                                                {"resolve": "all"}]}, passed=False)
    assert "silver" in (r.error or ""), r.error


def _face(text):
    return {"name": "Test Council", "text": text, "types": ["Sorcery"], "type": "Sorcery"}


LINE = ("Will of the council — Starting with you, each player votes for gold or lead. If gold gets more votes, you "
        "gain 5 life. If lead gets more votes or the vote is tied, each opponent loses 2 life.")


def test_vote_compiles_and_mutants_do_not():
    assert_line_family(_face, LINE)
    assert not compile_face(_face(LINE.replace("If gold gets", "If silver gets"))).parsed
    assert not compile_face(_face(LINE.replace("If lead gets", "If gold gets"))).parsed
    five, six = (compile_face(_face(t)).behaviour for t in (LINE, LINE.replace("gain 5", "gain 6")))
    assert five != six
