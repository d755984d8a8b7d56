"""Adapters to other stacks: tabbench's benchmarks, reward plugins and environments served in their formats.

- ``openenv_server``: a benchmark (and an environment's tools) as an OpenEnv server, ``tabbench serve-env``
  (extra ``openenv``);
- ``inspect_tasks``: an Inspect task per benchmark, ``inspect eval tabbench/demo_bird`` (extra ``inspect``; the
  ``inspect_ai`` entry point, since Inspect names a task after the top-level package that defines it);
- the verifiers taskset is the first-party package ``tabbench_verifiers`` (``plugins/``; extra ``verifiers``):
  verifiers imports the top-level module a taskset id names.

Each is a thin layer over ``tabbench.training.Grader`` (the benchmark's metric rewards as evaluation builds them,
through ``score_batch``): no scoring code of its own. Each module imports its format's package at import time, so
only that extra's users load it; the core install imports none of them. ``docs/integrations.md`` says what each
format cannot carry.
"""
