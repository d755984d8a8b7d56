"""What a trainer trains on: the ``Plan`` of its selection, made by ``tabbench.evaluation.plan.plan`` as an
evaluation run's is (the same refusals, examples and per-query limits), with training's own default split
(``train``) and a note for each benchmark left out."""

from __future__ import annotations

from tabbench.contract.environment import Environment
from tabbench.contract.errors import ConfigError, UsageError
from tabbench.evaluation.plan import Plan, plan
from tabbench.evaluation.selection import Selection
from tabbench.training.output import echo

#: The split a trainer trains on when ``--split`` names none.
TRAINING_SPLIT = "train"


def training_plan(selection: Selection, environment: type[Environment] | None = None) -> Plan:
    """The plan of a training run: ``selection`` must name what to train on (no default of every benchmark); a
    suite member without the ``train`` split (evaluation-only), without data or without a ``--where`` match is
    left out with a note; a broken one is an error (a run must not train on less than asked without saying so).
    The rewards' sandbox check is ``tabbench.training.require_sandbox``, once they are resolved."""
    if not selection.benchmarks and not selection.suites and not selection.datasets:
        raise UsageError("name what to train on: --benchmark NAME, --suite NAME or --dataset FOLDER")
    planned = plan(selection, environment=environment, default_split=TRAINING_SPLIT, scored=False)
    if planned.failed:
        name, why = planned.failed[0]
        raise ConfigError(f"benchmark {name!r} cannot be trained on: {' '.join(why.split())}")
    for name, why in planned.skipped:
        echo(f"note: benchmark {name!r} not trained on: {' '.join(why.split())}")
    for item in planned.planned:
        if item.missing:  # --skip-missing: what the selection held but the data does not
            echo(f"note: benchmark {item.name!r}: {len(item.missing)} selected examples left out (--skip-missing): "
                 f"{item.missing[0][1]}" + (" and others" if len({w for _, w in item.missing}) > 1 else ""))
    return planned
