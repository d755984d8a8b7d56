"""The host's public API for plugins: the modules a plugin may import, and nothing else of tabbench.

``tests/test_public_api.py`` reads every module in ``plugins/`` and ``trainers/`` and fails on an import of
anything else (or of another plugin); ``docs/plugins.md`` shows this list, and a test keeps the two equal.
From ``tabbench`` itself, only the names in ``tabbench.__all__`` are public. ``tabbench.cli.options`` is the one
module below ``tabbench.cli`` here: commands share their click options through it, the library imports no click.
What public means, and how a public name is retired, is ``docs/api.md``.
"""

from __future__ import annotations

PUBLIC_MODULES: dict[str, str] = {
    "tabbench": "the contract (`Benchmark`, `Reward`, `ModelBackend`, `Example`, `Score`, `Status`, `MetricSpec`, "
    "the errors, `hookimpl`), lookups (`get_benchmark`, `get_reward`, `get_backend`, `benchmark_class`, "
    "`registered_names`, `resolve_benchmarks`, `default_backend`), `evaluate` and its `PromptOptions`, the run "
    "settings (`Settings`, "
    "`use_settings`, `run_in_context`) and shared helpers (`cache_dir`, `file_sha256`, `stable_hash`, `atomic_path`, "
    "`write_atomic`, `check_output_folder`, `truncate_at_stop`): the names in "
    "`tabbench.__all__`",
    "tabbench.sql": "SQL execution: safe, bounded, cached, parallel; SQL extraction and DDL",
    "tabbench.sql.compare": "result comparators (BIRD, Spider, REMS) and SQL text normalisers",
    "tabbench.sandbox": "running model-written Python in a kernel-confined process",
    "tabbench.tables": "loading and serialising tables",
    "tabbench.tableqa.answers": "table-QA answer extraction, normalisation and per-sample scores (official rules)",
    "tabbench.tableqa.execution": "program-of-thought and chart programs run through the sandbox",
    "tabbench.tableqa.extractors": "table-QA answers as named extractors (final answer, PoT run, chart run)",
    "tabbench.adapters": "rewards for TRL and verl, dataset rows",
    "tabbench.evaluation.options": "what commands' options mean: `KEY=VALUE` parsing (`parse_key_values`), `-o` "
    "options per benchmark (`options_for`)",
    "tabbench.cli.options": "the click options shared by commands (`settings_options`, `selection_options`, "
    "`where_option`, ...), those every `tabbench train` command takes (`common_options`, `reward_options`) and the "
    "per-rollout budget options of a command with `--env` (`budget_options`)",
    "tabbench.evaluation.where": "`--where` example filters (`parse_wheres`, `select_where`, `passing`), shared by "
    "eval and the trainers",
    "tabbench.checkpoint": "local model files and their hashes",
    "tabbench.reproducible": "the same numbers on every machine: CPU kernels, threads, seeds (trainers)",
    "tabbench.evaluation.agent": "multi-turn rollouts: environment factories, tool-call threads (eval --env, trainers)",
    "tabbench.evaluation.results": "the typed results.json schema and `load` (reads versions 3 and 4)",
    "tabbench.evaluation.voting": "self-consistency voting",
    "tabbench.evaluation.traces": "teacher-written reasoning traces verified by execution (`read_traces` for SFT)",
    "tabbench.reporting.leaderboard": "leaderboard rendering and plots",
    "tabbench.testing": "fixtures and contract test classes for plugin tests",
    "tabbench.training": "the trainer contract: `TrainConfig` and its `Selection`, `plan` (the examples of a "
    "selection, as evaluation chooses them) and `read_examples` (one benchmark's split, read as a run reads it), "
    "`run_trainer`, rewards by name, the sandbox check, the time budget, "
    "checkpoints and the run record; `Grader`, a benchmark's judge for adapters to other stacks (OpenEnv, "
    "verifiers, Inspect)",
    "tabbench.decoding": "compiled decoding shared by model backends and trainers' rollouts: a static key/value cache "
    "sized in length buckets, the compile config, why a model cannot compile, and a clock that times compile "
    "warm-up apart",
}
