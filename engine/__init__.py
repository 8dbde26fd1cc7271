"""mtgkb rules engine: scenarios in, checked expectations out.

>>> from engine import simulate
>>> r = simulate({"zones": {"you": {"battlefield": ["Grizzly Bears"]}},
...               "expect": [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}]})
>>> r.passed
True
"""
from .behaviours import has_behaviour
from .errors import EngineError, NoBehaviour, ScenarioError
from .scenario import Result, Scenario, load_scenarios, simulate

__all__ = ["simulate", "load_scenarios", "Scenario", "Result", "ScenarioError", "NoBehaviour", "EngineError",
           "has_behaviour"]
