"""Shared test settings: Hypothesis profiles (``ci`` is used when CI=true), and the test
plugins of ``tests/plugins`` (the Toy game, registered through its ``tycoon.games`` entry
point) on the path of this process and of every subprocess it starts."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

PLUGINS = str(Path(__file__).parent / "plugins")
if PLUGINS not in sys.path:
    sys.path.insert(0, PLUGINS)
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (PLUGINS, os.environ.get("PYTHONPATH", "")) if p)

from tycoon.engine import registry  # noqa: E402

registry.refresh()

settings.register_profile(
    "dev", deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
