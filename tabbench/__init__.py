"""tabbench: evaluate and train Text-to-SQL and table-reasoning models with one body of scoring code.

The public API for plugin authors is what this module exports; see ``tabbench.contract.hookspecs`` for the
hooks. Names are imported on first use, so ``import tabbench`` (and ``tabbench --help``) loads nothing that
a command does not need.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.1"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "atomic_path": "tabbench.contract.atomic",
    "write_atomic": "tabbench.contract.atomic",
    "check_output_folder": "tabbench.contract.outputs",
    "Generation": "tabbench.contract.backend",
    "GenerationParams": "tabbench.contract.backend",
    "completions_of": "tabbench.contract.backend",
    "fit_prompt": "tabbench.contract.backend",
    "prompt_too_long": "tabbench.contract.backend",
    "GenerationRequest": "tabbench.contract.backend",
    "ModelBackend": "tabbench.contract.backend",
    "truncate_at_stop": "tabbench.contract.backend",
    "Usage": "tabbench.contract.usage",
    "counted_usage": "tabbench.contract.usage",
    "finish_reason": "tabbench.contract.usage",
    "total_usage": "tabbench.contract.usage",
    "Benchmark": "tabbench.contract.benchmark",
    "first_jsonl_object": "tabbench.contract.benchmark",
    "read_jsonl": "tabbench.contract.benchmark",
    "read_jsonl_predictions": "tabbench.contract.benchmark",
    "read_prediction_lines": "tabbench.contract.benchmark",
    "BackendError": "tabbench.contract.errors",
    "ConfigError": "tabbench.contract.errors",
    "DataError": "tabbench.contract.errors",
    "TabbenchError": "tabbench.contract.errors",
    "UnknownNameError": "tabbench.contract.errors",
    "UsageError": "tabbench.contract.errors",
    "Budget": "tabbench.contract.environment",
    "Environment": "tabbench.contract.environment",
    "tool": "tabbench.contract.environment",
    "is_error_observation": "tabbench.contract.environment",
    "reference_trajectory": "tabbench.contract.environment",
    "tool_schemas": "tabbench.contract.environment",
    "tool_error": "tabbench.contract.environment",
    "parse_tool_calls": "tabbench.contract.toolcalls",
    "TurnRequest": "tabbench.contract.toolcalls",
    "file_sha256": "tabbench.contract.hashing",
    "stable_hash": "tabbench.contract.hashing",
    "hookimpl": "tabbench.contract.hookspecs",
    "cache_dir": "tabbench.contract.paths",
    "Option": "tabbench.contract.options",
    "Settings": "tabbench.contract.settings",
    "run_in_context": "tabbench.contract.settings",
    "use_settings": "tabbench.contract.settings",
    "Extractor": "tabbench.contract.extract",
    "PerExample": "tabbench.contract.extract",
    "Prediction": "tabbench.contract.extract",
    "SampleAnswers": "tabbench.contract.extract",
    "answer_text": "tabbench.contract.extract",
    "Reward": "tabbench.contract.reward",
    "safe_score": "tabbench.contract.reward",
    "score_batch": "tabbench.contract.reward",
    "evaluate": "tabbench.api",
    "PromptOptions": "tabbench.evaluation.prompts",
    "metric_rewards": "tabbench.host.metrics",
    "metric_specs": "tabbench.host.metrics",
    "Example": "tabbench.contract.types",
    "Message": "tabbench.contract.types",
    "MetricSpec": "tabbench.contract.types",
    "SampleRecord": "tabbench.contract.types",
    "Score": "tabbench.contract.types",
    "Status": "tabbench.contract.types",
    "benchmark_class": "tabbench.host.lookup",
    "default_backend": "tabbench.host.lookup",
    "get_backend": "tabbench.host.lookup",
    "get_benchmark": "tabbench.host.lookup",
    "get_environment": "tabbench.host.lookup",
    "get_reward": "tabbench.host.lookup",
    "registered_names": "tabbench.host.lookup",
    "resolve_benchmarks": "tabbench.host.lookup",
}

__all__ = [
    "BackendError",
    "Benchmark",
    "Budget",
    "ConfigError",
    "DataError",
    "Environment",
    "Example",
    "Extractor",
    "Generation",
    "GenerationParams",
    "GenerationRequest",
    "Message",
    "MetricSpec",
    "ModelBackend",
    "Option",
    "PerExample",
    "Prediction",
    "PromptOptions",
    "Reward",
    "SampleAnswers",
    "SampleRecord",
    "Score",
    "Settings",
    "Status",
    "TabbenchError",
    "TurnRequest",
    "UnknownNameError",
    "Usage",
    "UsageError",
    "__version__",
    "answer_text",
    "atomic_path",
    "benchmark_class",
    "cache_dir",
    "check_output_folder",
    "completions_of",
    "counted_usage",
    "default_backend",
    "evaluate",
    "file_sha256",
    "finish_reason",
    "first_jsonl_object",
    "fit_prompt",
    "get_backend",
    "get_benchmark",
    "get_environment",
    "get_reward",
    "hookimpl",
    "is_error_observation",
    "metric_rewards",
    "metric_specs",
    "parse_tool_calls",
    "prompt_too_long",
    "read_jsonl",
    "read_jsonl_predictions",
    "read_prediction_lines",
    "reference_trajectory",
    "registered_names",
    "resolve_benchmarks",
    "run_in_context",
    "safe_score",
    "score_batch",
    "stable_hash",
    "tool",
    "tool_error",
    "tool_schemas",
    "total_usage",
    "truncate_at_stop",
    "use_settings",
    "write_atomic",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:  # a name of 0.1.0 that was removed or renamed: it warns (docs/api.md)
        import tabbench.deprecated

        return tabbench.deprecated.root_getattr(name)
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # for type checkers and IDEs; at run time names load on first use
    from tabbench.api import evaluate
    from tabbench.contract.atomic import atomic_path, write_atomic
    from tabbench.contract.backend import (
        Generation,
        GenerationParams,
        GenerationRequest,
        ModelBackend,
        completions_of,
        fit_prompt,
        prompt_too_long,
        truncate_at_stop,
    )
    from tabbench.contract.benchmark import (
        Benchmark,
        first_jsonl_object,
        read_jsonl,
        read_jsonl_predictions,
        read_prediction_lines,
    )
    from tabbench.contract.environment import (
        Budget,
        Environment,
        is_error_observation,
        reference_trajectory,
        tool,
        tool_error,
        tool_schemas,
    )
    from tabbench.contract.errors import (
        BackendError,
        ConfigError,
        DataError,
        TabbenchError,
        UnknownNameError,
        UsageError,
    )
    from tabbench.contract.extract import Extractor, PerExample, Prediction, SampleAnswers, answer_text
    from tabbench.contract.hashing import file_sha256, stable_hash
    from tabbench.contract.hookspecs import hookimpl
    from tabbench.contract.options import Option
    from tabbench.contract.outputs import check_output_folder
    from tabbench.contract.paths import cache_dir
    from tabbench.contract.reward import Reward, safe_score, score_batch
    from tabbench.contract.settings import Settings, run_in_context, use_settings
    from tabbench.contract.toolcalls import TurnRequest, parse_tool_calls
    from tabbench.contract.types import Example, Message, MetricSpec, SampleRecord, Score, Status
    from tabbench.contract.usage import Usage, counted_usage, finish_reason, total_usage

    # 0.1.0's removed names, marked deprecated for type checkers (PEP 702)
    from tabbench.deprecated import Completion as Completion
    from tabbench.deprecated import TabbenchDeprecationWarning as TabbenchDeprecationWarning
    from tabbench.deprecated import answer_of as answer_of
    from tabbench.deprecated import benchmark_variant as benchmark_variant
    from tabbench.evaluation.prompts import PromptOptions
    from tabbench.host.lookup import (
        benchmark_class,
        default_backend,
        get_backend,
        get_benchmark,
        get_environment,
        get_reward,
        registered_names,
        resolve_benchmarks,
    )
    from tabbench.host.metrics import metric_rewards, metric_specs
