"""Who controls a spell (engine side of the ``controller`` kind): 601.2a / 108.4 the caster controls a spell even
of a card another player owns; 608.3a a resolving permanent spell enters under its spell's controller's control
(also after "gain control of target spell"); 707.10 a copy of a spell is controlled and owned by the player who
put it on the stack.  Each test runs a wrong twin that must fail (test_breadth's helpers)."""
from __future__ import annotations

from test_breadth import _forget, both, card, spell  # noqa: F401  (_forget: the autouse fixture)


def test_casting_a_card_the_opponent_owns_you_control_the_spell_and_the_permanent():
    """601.2a: you cast the opponent's creature card — the spell is yours; 608.3a: it enters under your control,
    still owned by the opponent (108.3)."""
    z = {"you": {}, "opponent": {"hand": ["Grizzly Bears"]}}
    both([], z, [{"cast": "Grizzly Bears", "by": "you"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "stack", "controller": "you", "owner": "opponent"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "stack", "controller": "opponent"}}])
    both([], z, [{"cast": "Grizzly Bears", "by": "you"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "you", "owner": "opponent"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "opponent"}}])


def test_gaining_control_of_a_permanent_spell_gives_you_the_permanent():
    """Gain control of target spell: the spell's controller changes on the stack; the permanent it becomes enters
    under its new controller's control (608.3a)."""
    c = spell("Control Snatch", [{"gain_control": {"what": "target"}}], [{"kind": "spell"}])
    z = {"you": {"hand": ["Control Snatch"]}, "opponent": {"hand": ["Grizzly Bears"]}}
    acts = [{"cast": "Grizzly Bears", "by": "opponent"}, {"cast": "Control Snatch", "by": "you",
                                                          "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([c], z, acts, [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "you"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "opponent"}}], active="opponent")


def test_a_copy_of_a_spell_is_the_copiers_and_resolves():
    """707.10: the copy is put on the stack by the copy effect's controller, who controls and owns it; it
    resolves for them (their life total changes), the original still for its caster."""
    gain = spell("Control Gift", [{"gain_life": {"n": 3}}], [])
    cp = spell("Control Echo", [{"copy_spell": "target"}], [{"kind": "spell"}])
    z = {"you": {"hand": ["Control Echo"]}, "opponent": {"hand": ["Control Gift"]}}
    acts = [{"cast": "Control Gift", "by": "opponent"}, {"cast": "Control Echo", "by": "you",
                                                         "targets": ["Control Gift"]}, {"resolve": 1}]
    both([gain, cp], z, acts,
         [{"count": {"player": "you", "zone": "stack", "card": "Control Gift", "token": True, "n": 1}}],
         [{"count": {"player": "opponent", "zone": "stack", "card": "Control Gift", "token": True, "n": 1}}],
         active="opponent")
    both([gain, cp], z, acts + [{"resolve": "all"}], [{"life": {"you": 23, "opponent": 23}}],
         [{"life": {"you": 20, "opponent": 26}}], active="opponent")


def test_a_trigger_stays_with_its_sources_controller_when_it_triggered():
    """603.3a: the triggered ability is controlled by the player who controlled its source when it triggered —
    the opponent gains control of the source while the trigger waits, the trigger still gains you the life."""
    src = card("Control Watcher", spec={"triggers": [{"event": "enters", "object": {"other": True, "types": ["Creature"]},
                                                       "effects": [{"gain_life": {"n": 1}}]}]})
    steal = spell("Control Steal", [{"gain_control": {"what": "target"}}], [{"kind": "creature"}])
    z = {"you": {"battlefield": ["Control Watcher"]}, "opponent": {"hand": ["Grizzly Bears", "Control Steal"]}}
    acts = [{"cast": "Grizzly Bears", "by": "opponent"}, {"resolve": 1},
            {"cast": "Control Steal", "by": "opponent", "targets": ["Control Watcher"]}, {"resolve": "all"}]
    both([src, steal], z, acts,
         [{"life": {"you": 21, "opponent": 20}},
          {"zone": {"card": "Control Watcher", "zone": "battlefield", "controller": "opponent"}}],
         [{"life": {"you": 20, "opponent": 21}}], active="opponent")
