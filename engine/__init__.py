"""mtgkb rules engine: scenarios in, checked expectations out.

>>> from engine import simulate
>>> r = simulate({"zones": {"you": {"battlefield": ["Grizzly Bears"]}},
...               "expect": [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}]})
>>> r.passed
True

The rules engine is loaded on first use of these names (PEP 562), so that ``import engine.cardbase`` (the
card table every ``mtgkb`` command reads) does not load it.
"""
from .errors import EngineError, NoBehaviour, ScenarioError

__all__ = ["simulate", "load_scenarios", "Scenario", "Result", "ScenarioError", "NoBehaviour", "EngineError",
           "has_behaviour"]


def __getattr__(name: str):
    if name in ("simulate", "load_scenarios", "Scenario", "Result"):
        from . import scenario
        return getattr(scenario, name)
    if name == "has_behaviour":
        from .behaviours import has_behaviour
        return has_behaviour
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
