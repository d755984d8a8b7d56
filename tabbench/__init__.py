"""tabbench: evaluate and train Text-to-SQL and table-reasoning models with one body of scoring code.

The public API for plugin authors is what this module exports; see ``tabbench.hookspecs`` for the hooks.
"""

from tabbench.backend import GenerationParams, GenerationRequest, ModelBackend
from tabbench.benchmark import Benchmark, read_jsonl_predictions
from tabbench.errors import (
    BackendError,
    ConfigError,
    DataError,
    TabbenchError,
    UnknownNameError,
    UsageError,
)
from tabbench.hookspecs import hookimpl
from tabbench.lookup import get_backend, get_benchmark, get_reward, resolve_benchmarks
from tabbench.reward import Reward, safe_score
from tabbench.types import Example, Message, MetricSpec, SampleRecord, Score, Status

__version__ = "0.1.0"

__all__ = [
    "BackendError",
    "Benchmark",
    "ConfigError",
    "DataError",
    "Example",
    "GenerationParams",
    "GenerationRequest",
    "Message",
    "MetricSpec",
    "ModelBackend",
    "Reward",
    "SampleRecord",
    "Score",
    "Status",
    "TabbenchError",
    "UnknownNameError",
    "UsageError",
    "__version__",
    "get_backend",
    "get_benchmark",
    "get_reward",
    "hookimpl",
    "read_jsonl_predictions",
    "resolve_benchmarks",
    "safe_score",
]
