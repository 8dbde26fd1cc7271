"""Exceptions raised by the engine."""
from __future__ import annotations


class ScenarioError(Exception):
    """A malformed scenario (unknown key, unknown card, missing or unused choice …), naming file and line."""

    def __init__(self, file: str | None, line: int | None, message: str):
        self.file, self.line, self.message = file, line, message
        where = f"{file or '<scenario>'}" + (f":{line}" if line else "")
        super().__init__(f"{where}: {message}")


class NoBehaviour(Exception):
    """A card with rules text has no behaviour definition: the run stops (never a vanilla stand-in)."""

    def __init__(self, card: str, reason: str | None = None):
        self.card, self.reason = card, reason      # reason: the compiler's first failing clause, when it tried
        super().__init__(f"no behaviour for {card}" + (f" (not compiled: {reason})" if reason else ""))


class EngineError(Exception):
    """The game could not go on (runaway trigger loop, an action the rules refuse …)."""


class IllegalAction(EngineError):
    """An action the rules do not allow (checked by `illegal:` expectations)."""
