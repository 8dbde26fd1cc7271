"""118.12 "[effect] unless [player] [cost]": the words after the player are a cost ("discard a card", "sacrifice
two Forests", "return an untapped Island you control to its owner's hand", "exile a card from your graveyard"),
paid — or not — as the ability resolves; 118.3: it can be paid only in full, so a player without the cards or
permanents it needs can't avoid the effect.  Constructions around made-up names (no card's text), compiled by the
Oracle compiler and run by the engine, XMage style (setup → action → assertion), each with a wrong twin that
must fail; then the compiler's honesty (a swapped number, type, player or verb changes or refuses the reading)."""
from __future__ import annotations

import pytest

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card, run  # noqa: F401  (_forget: the autouse fixture)


def _compiled(name, text, types=("Creature",), subtypes=(), pt=(2, 2)):
    c = compile_face({"name": name, "text": text, "types": list(types), "subtypes": list(subtypes)})
    assert c.supported, (c.reason, c.behaviour)
    return card(name, types, c.behaviour, pt=pt, subtypes=subtypes)


def _beh(text, types=("Creature",)):
    return compile_face({"name": "UC Thing", "text": text, "types": list(types)})


_UPKEEP = [{"advance": {"turn": 3, "step": "upkeep"}}, {"resolve": "all"}]


def _where(name, zone):
    return {"zone": {"card": name, "zone": zone}}


# ---------------------------------------------------------------------------- a cost the controller pays
def test_118_12_sacrifice_unless_you_discard_a_card():
    """118.12: "at the beginning of your upkeep, sacrifice ~ unless you discard a card" — paying keeps it (the
    card is discarded), declining sacrifices it (the card stays in hand)."""
    brute = _compiled("UC Brute", "At the beginning of your upkeep, sacrifice UC Brute unless you discard a card.")
    z = {"you": {"battlefield": ["UC Brute"], "hand": ["Grizzly Bears"]}}
    both([brute], z, [{"choose": {"pay": True}}] + _UPKEEP,
         [_where("UC Brute", "battlefield"), _where("Grizzly Bears", "graveyard")],
         [_where("UC Brute", "graveyard")])
    both([brute], z, [{"choose": {"pay": False}}] + _UPKEEP,
         [_where("UC Brute", "graveyard"), _where("Grizzly Bears", "hand")],
         [_where("UC Brute", "battlefield")])


def test_118_3_a_cost_that_cannot_be_paid_in_full_is_not_offered():
    """118.3: with an empty hand "unless you discard a card" can't be paid — the effect happens, no choice is
    asked; "unless you sacrifice two Forests" with one Forest likewise (the Forest is not sacrificed)."""
    brute = _compiled("UC Brute", "At the beginning of your upkeep, sacrifice UC Brute unless you discard a card.")
    both([brute], {"you": {"battlefield": ["UC Brute"]}}, _UPKEEP, [_where("UC Brute", "graveyard")],
         [_where("UC Brute", "battlefield")])
    wurm = _compiled("UC Wurm", "At the beginning of your upkeep, sacrifice UC Wurm unless you sacrifice two Forests.")
    both([wurm], {"you": {"battlefield": ["UC Wurm", "Forest"]}}, _UPKEEP,
         [_where("UC Wurm", "graveyard"), _where("Forest", "battlefield")], [_where("UC Wurm", "battlefield")])
    picks = [{"choose": {"pay": True}}, {"choose": {"card": "Forest#1"}}, {"choose": {"card": "Forest#2"}}]
    both([wurm], {"you": {"battlefield": ["UC Wurm", "Forest", "Forest"]}}, picks + _UPKEEP,
         [_where("UC Wurm", "battlefield"), {"count": {"card": "Forest", "zone": "graveyard", "n": 2}}],
         [_where("UC Wurm", "graveyard")])


def test_118_3_the_cost_reads_its_filter():
    """118.3: "unless you discard a creature card" — a hand of lands can't pay it; a creature card can."""
    horror = _compiled("UC Horror", "When UC Horror enters the battlefield, sacrifice it unless you discard a "
                                    "creature card.")
    acts = [{"cast": "UC Horror"}, {"resolve": "all"}]
    both([horror], {"you": {"hand": ["UC Horror", "Forest"]}}, acts,
         [_where("UC Horror", "graveyard"), _where("Forest", "hand")], [_where("UC Horror", "battlefield")])
    both([horror], {"you": {"hand": ["UC Horror", "Grizzly Bears"]}}, [acts[0], {"choose": {"pay": True}}, acts[1]],
         [_where("UC Horror", "battlefield"), _where("Grizzly Bears", "graveyard")],
         [_where("UC Horror", "graveyard")])


def test_118_12_return_an_untapped_land_you_control():
    """118.12 / 118.3: "sacrifice it unless you return an untapped Island you control to its owner's hand" — a
    tapped Island can't pay it; an untapped one returns to its owner's hand."""
    atoll = _compiled("UC Atoll", "When UC Atoll enters the battlefield, sacrifice it unless you return an untapped "
                                  "Island you control to its owner's hand.", types=("Land",))
    acts = [{"cast": "UC Atoll"}, {"resolve": "all"}]
    z = {"you": {"hand": ["UC Atoll"], "battlefield": [{"card": "Island", "tapped": True}]}}
    both([atoll], z, acts, [_where("UC Atoll", "graveyard"), _where("Island", "battlefield")],
         [_where("UC Atoll", "battlefield")])
    z = {"you": {"hand": ["UC Atoll"], "battlefield": ["Island"]}}
    both([atoll], z, [acts[0], {"choose": {"pay": True}}, acts[1]],
         [_where("UC Atoll", "battlefield"), _where("Island", "hand")], [_where("UC Atoll", "graveyard")])


# ---------------------------------------------------------------------------- a cost another player pays
def test_118_12_target_player_loses_life_unless_they_discard():
    """118.12: "target player loses 4 life unless they discard an artifact card" — the targeted player decides;
    without an artifact card in hand they lose the life."""
    s = _compiled("UC Quandary", "Target player loses 4 life unless they discard an artifact card.",
                  types=("Sorcery",))
    acts = [{"cast": "UC Quandary", "targets": ["opponent"]}, {"choose": {"pay": True}, "by": "opponent"},
            {"resolve": "all"}]
    trinket = card("UC Trinket", ("Artifact",))
    both([s, trinket], {"you": {"hand": ["UC Quandary"]}, "opponent": {"hand": ["UC Trinket"]}}, acts,
         [{"life": {"opponent": 20}}, _where("UC Trinket", "graveyard")], [{"life": {"opponent": 16}}])
    both([s, trinket], {"you": {"hand": ["UC Quandary"]}, "opponent": {"hand": ["Grizzly Bears"]}}, acts[:1] + acts[2:],
         [{"life": {"opponent": 16}}, _where("Grizzly Bears", "hand")], [{"life": {"opponent": 20}}])


def test_unless_covers_its_own_sentence_only():
    """608.2c: "draw two cards. then discard two cards unless you discard a land card" — the draw happens
    whatever is paid; paying discards only the land."""
    s = _compiled("UC Lesson", "Draw two cards. Then discard two cards unless you discard a land card.",
                  types=("Instant",))
    z = {"you": {"hand": ["UC Lesson", "Forest"], "library": ["Grizzly Bears", "Mountain", "Island"]}}
    r = both([s], z, [{"cast": "UC Lesson"}, {"choose": {"pay": True}}, {"choose": {"card": "Forest"}},
                      {"resolve": "all"}],
             [_where("Forest", "graveyard"), {"count": {"zone": "hand", "player": "you", "n": 2}},
              {"count": {"zone": "library", "player": "you", "n": 1}}],
             [{"count": {"zone": "library", "player": "you", "n": 3}}])
    assert r.passed


# ---------------------------------------------------------------------------- honesty of the reading
def test_changed_words_change_or_refuse_the_reading():
    base = "At the beginning of your upkeep, sacrifice UC Thing unless you sacrifice two Forests."
    b = _beh(base)
    assert b.supported
    eff = b.behaviour["triggers"][0]["effects"][0]["unless"]
    assert eff["pay_cost"] == {"sacrifice_other": {"subtypes": ["Forest"], "n": 2}} and eff["player"] == "you"
    # number, land type, verb: a different cost
    for mutant, key, value in [(base.replace("two", "three"), "sacrifice_other", {"subtypes": ["Forest"], "n": 3}),
                               (base.replace("Forests", "Islands"), "sacrifice_other", {"subtypes": ["Island"], "n": 2}),
                               (base.replace("sacrifice two Forests", "discard a card"), "discard",
                                {"n": 1, "filter": {}})]:
        m = _beh(mutant)
        assert m.supported and m.behaviour["triggers"][0]["effects"][0]["unless"]["pay_cost"] == {key: value}, mutant
    # nonsense after "unless you" never parses; "each opponent … unless they" is one decision per player (101.4),
    # the loss that player's — never the whole table's
    assert not _beh(base.replace("sacrifice two Forests", "flimwick two Forests")).parsed
    each = _beh("Each opponent loses 2 life unless they discard a card.", ("Sorcery",))
    assert each.supported and each.behaviour["spell"]["effects"] == [
        {"unless": {"player": "each_opponent", "each": True, "pay_cost": {"discard": {"n": 1, "filter": {}}},
                    "else": [{"lose_life": {"player": "that_player", "n": 2}}]}}], each.behaviour
    # "you may draw a card unless that player discards": "that player" is not the drawer — never read as "you"
    assert not _beh("Whenever an opponent casts a spell, you may draw a card unless that player discards a card.",
                    ("Enchantment",)).supported


def test_its_controller_of_one_of_several_targets_is_not_guessed():
    """"… another target creature … unless its controller pays {1}": with two targets the payer is ambiguous to
    the engine's word — left unhandled, not supported."""
    one = _beh("Tap target creature unless its controller pays {1}.", ("Instant",))
    assert one.supported and one.behaviour["spell"]["effects"][0]["unless"]["player"] == "its_controller"
    two = _beh("Tap target creature. Then tap another target creature unless its controller pays {1}.",
               ("Instant",))
    assert not two.supported


@pytest.mark.parametrize("text", ["Target player loses 3 life unless they sacrifice a creature.",
                                  "Target player loses 3 life unless that player sacrifices a creature."])
def test_third_person_verbs_are_the_payers(text):
    b = _beh(text, ("Sorcery",))
    assert b.supported, b.reason
    u = b.behaviour["spell"]["effects"][0]["unless"]
    assert u["player"] == "target" and u["pay_cost"] == {"sacrifice_other": {"types": ["Creature"]}}
    assert u["else"] == [{"lose_life": {"player": "target", "n": 3}}]


def test_118_12_damage_to_that_player_unless_they_sacrifice():
    """118.12 / 120.3a: "at the beginning of each opponent's upkeep, ~ deals 2 damage to that player unless they
    sacrifice a creature" — the player dealt the damage is the payer; without a creature they take it."""
    god = _compiled("UC God", "At the beginning of each opponent's upkeep, UC God deals 2 damage to that player "
                              "unless they sacrifice a creature.", types=("Enchantment",))
    acts = [{"choose": {"pay": True}, "by": "opponent"}, {"advance": {"turn": 2, "step": "upkeep"}},
            {"resolve": "all"}]
    both([god], {"you": {"battlefield": ["UC God"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}, acts,
         [{"life": {"opponent": 20}}, _where("Grizzly Bears", "graveyard")], [{"life": {"opponent": 18}}])
    both([god], {"you": {"battlefield": ["UC God"]}, "opponent": {"battlefield": ["Forest"]}}, acts[1:],
         [{"life": {"opponent": 18}}, _where("Forest", "battlefield")], [{"life": {"opponent": 20}}])


def test_another_in_another_players_cost_is_not_read():
    """"unless they sacrifice another creature" paid by a player other than the source's controller: another
    than which creature is not read (never the source by default)."""
    assert not _beh("At the beginning of each opponent's upkeep, UC Thing deals 2 damage to that player unless "
                    "they sacrifice another creature.", ("Enchantment",)).supported
    assert _beh("At the beginning of your upkeep, tap UC Thing unless you sacrifice another creature.").supported
