"""Choices players make (queued answers): may/pay (603.5), cards, colours, trigger order (603.3b)."""
from __future__ import annotations

from ..errors import IllegalAction, ScenarioError
from .objects import split_ordinal


class ChoicesMixin:
    def queue_choice(self, player, kind, value, where=None):
        self.choices[player].append([kind, value, False, where])

    def _take(self, player, kinds):
        for entry in self.choices[player]:
            if not entry[2] and entry[0] in kinds:
                entry[2] = True
                self.choice_log.append((player, entry[0], entry[1], self.phase[0], self.phase[1]))
                return entry
        return None

    def _take_matching(self, player, kind, ok):
        """Use the first unused queued answer of `kind` if it agrees with the forced answer."""
        for entry in self.choices[player]:
            if not entry[2] and entry[0] == kind:
                if ok(entry[1]):
                    entry[2] = True
                    self.choice_log.append((player, kind, entry[1], self.phase[0], self.phase[1]))
                return

    def _names_match(self, given, objs) -> bool:
        given = given if isinstance(given, list) else [given]
        if len(given) != len(objs):
            return False
        for name, x in zip(given, objs):
            if isinstance(x, str):
                if str(name) != x:
                    return False
            elif self.lookup_target(str(name), [x]) is None:
                return False
        return True

    def _need(self, player, kind, what):
        raise ScenarioError(None, None, f"choice needed: {kind} for {player} — {what} (queue `choose: {{{kind}: …}}`"
                                        f" by {player}, or set strict_choices: false)")

    def answer(self, player, kind, what, default=None):
        """The next queued answer of that kind; none queued: an error naming the choice (strict), else
        ``default``."""
        e = self._take(player, (kind,))
        if e is None:
            if self.strict:
                self._need(player, kind, what)
            return default
        return e[1]

    def choose_yes(self, player, what, kinds=("may", "pay")) -> bool:
        e = self._take(player, kinds)
        if e is None:
            if not self.strict:
                return True
            self._need(player, kinds[0], what)
        v = e[1]
        if isinstance(v, str):
            v = v.lower() in ("yes", "true", "y")
        self.log("", f"choice by {player}: {e[0]} {'yes' if v else 'no'} ({what})")
        return bool(v)

    def choose_card(self, player, cands, what, by_object=False):
        """A non-targeted pick among objects; identical names count as one answer unless `by_object`."""
        if not cands:
            return None
        if len(cands) == 1 or (not by_object and len({o.name for o in cands}) == 1):
            self._take_matching(player, "card", lambda v: self._names_match([v], cands[:1]))
            return cands[0]
        e = self._take(player, ("card",))
        if e is None:
            if not self.strict:
                return cands[0]
            self._need(player, "card", f"{what}: one of {sorted({f'{o.name}#{o.ordinal}' for o in cands})}")
        name, k = split_ordinal(self.resolve_name(e[1]))
        for o in cands:
            if o.name == name and (k is None or o.ordinal == k):
                self.log("", f"choice by {player}: {o.name} ({what})")
                return o
        raise IllegalAction(f"{e[1]} is not a legal choice for {what}")

    def choose_color(self, player, what):
        e = self._take(player, ("color",))
        if e is None:
            if not self.strict:
                return "G"
            self._need(player, "color", what)
        return str(e[1])

    def unused_choices(self):
        out = []
        for p, q in self.choices.items():
            for kind, value, used, where in q:
                if not used:
                    out.append((p, kind, value, where))
        return out
