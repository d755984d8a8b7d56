"""Click options shared by commands (``tabbench eval``, ``tabbench score``, ``tabbench train``, a plugin's own
command): defined once so that every command spells, checks and documents an option the same way.

Only commands import this module (it imports click); the library reads what the options give through
``tabbench.evaluation.options`` (``parse_key_values``, ``options_for``) and ``tabbench.Settings``.

The per-rollout budget options of every command that runs an environment are here too: ``tabbench eval --env``,
``tabbench train grpo --env`` and ``tabbench train sft --env`` (and a third party's command with ``--env``)
decorate their click command with ``budget_options`` and build the rollout's ``tabbench.Budget`` with
``budget_from``, so the commands cannot drift: the same names, defaults (``Budget``'s, shown in ``--help``) and
checks, and the same usage error for an option given without ``--env``. The turn budget stays each command's own
``--max-turns`` (evaluation may allow 0 turns; TRL needs at least one).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import click

from tabbench.contract.deprecation import kept_in, module_getattr, moved
from tabbench.contract.environment import Budget
from tabbench.contract.errors import UsageError
from tabbench.contract.options import MAX_TIMEOUT
from tabbench.contract.settings import DEFAULT_RESULT_STORE_MB, Settings
from tabbench.evaluation import options as _library
from tabbench.evaluation.options import check_benchmark_names, split_names
from tabbench.evaluation.prompts import MAX_SHOTS

F = TypeVar("F", bound=Callable[..., Any])


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that also refuses nan and inf: nan compares false with every bound, so click lets it
    through (``--temperature nan`` would sample garbage)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


out_option = click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), required=True, envvar="TABBENCH_OUT",
    help="Run directory for results.json and samples/ (env TABBENCH_OUT).",
)
resume_option = click.option(
    "--resume", is_flag=True, help="Continue the run in --out, skipping samples already scored.",
)
split_option = click.option("--split", default=None, help="Benchmark split (default: the benchmark's own).")
limit_option = click.option(
    "--limit", type=click.IntRange(min=1), default=None, help="Score only the first N examples."
)


def _parse_where(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[Any, ...]:
    from tabbench.evaluation.where import parse_wheres

    return parse_wheres(value)


def _where(applied_before: str) -> Callable[[F], F]:
    return click.option(
        "--where", "where", multiple=True, metavar="EXPR", callback=_parse_where,
        help="Use only the examples whose KEY (id, db_id, difficulty, any breakdown key) is one of the values "
        "(KEY=V1,V2) or none of them (KEY!=V1,V2); KEY=@FILE reads the values one per line. Repeatable: all must "
        f"hold. Applied before {applied_before}.",
    )


where_option = _where("--limit and --shard")
"""``--where`` of a command with ``--limit`` and ``--shard`` (``eval``, ``score``)."""
unsharded_where_option = _where("--limit")
"""``--where`` of a command with ``--limit`` and no ``--shard`` (``train``, ``validate``)."""


def data_option(single: bool = False, dest: str = "data_pairs") -> Callable[[F], F]:
    """``--data NAME=PATH`` (repeatable; keyword ``dest``), the one spelling on every command; the library reads the
    pairs (``tabbench.evaluation.selection.parse_data``). ``single``: the command names one benchmark, where 0.2's
    ``--data PATH`` is still read as its data (deprecated until 0.4.0)."""
    return click.option(
        "--data", dest, multiple=True, metavar="NAME=PATH",
        help="Data path of benchmark NAME (else TABBENCH_DATA_<NAME>, the config file, bundled data); repeatable."
        + (" (--data PATH, the benchmark's: deprecated.)" if single else ""),
    )


reward_option_option = click.option(
    "--reward-option", "reward_option_pairs", multiple=True, metavar="[NAME:]KEY=VALUE",
    help="An option for every reward, or with NAME: for reward (or metric) NAME only; values parsed as JSON when "
    "they can be; repeatable.",
)
"""``--reward-option [NAME:]KEY=VALUE`` (keyword ``reward_option_pairs``), the one spelling on every command, as
``-o``'s (``tabbench.evaluation.options.named_options`` reads them)."""


def env_option_option(dest: str = "env_options") -> Callable[[F], F]:
    """``-e/--env-option KEY=VALUE`` (repeatable; keyword ``dest``) of a command with ``--env``."""
    return click.option("-e", "--env-option", dest, multiple=True, metavar="KEY=VALUE",
                        help="An option for the --env environment (see its README); repeatable.")


def deprecated_option(old: str, new: str, dest: str, *, required: bool = False, **option: Any) -> Callable[[F], F]:
    """Accept ``old``, a 0.2 spelling of option ``new`` (the command's keyword ``dest``), hidden from the help, with
    a deprecation warning, until 0.4.0: its value becomes ``dest``'s (added to a repeatable option's values; given
    beside ``new``, a usage error). ``option``: the click settings of ``new`` that its values need (type, multiple,
    is_flag). ``required``: one of the two spellings must be given (``new`` cannot be declared required itself,
    since ``old`` may give it)."""
    hidden = "deprecated_" + re.sub(r"\W", "_", old).strip("_")

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def with_old(*args: Any, **kwargs: Any) -> Any:
            value = kwargs.pop(hidden)
            if value is None or value == () or value is False:
                if required and kwargs[dest] is None:
                    raise UsageError(f"Missing option '{new}'.")
                return command(*args, **kwargs)
            from tabbench.contract.deprecation import deprecated_spelling

            deprecated_spelling(old, new)
            if option.get("multiple"):
                kwargs[dest] = (*value, *kwargs[dest])
            elif click.get_current_context().get_parameter_source(dest) is click.core.ParameterSource.COMMANDLINE:
                raise UsageError(f"{old} and {new} both given: give {new}")
            else:
                kwargs[dest] = value
            return command(*args, **kwargs)

        return click.option(old, hidden, hidden=True, default=None, **option)(with_old)  # type: ignore[return-value]

    return decorate


dataset_option = click.option(
    "--dataset", "datasets", multiple=True, metavar="FOLDER", type=click.Path(path_type=Path),
    help="Your own data: a folder with a dataset manifest (tabbench.toml; `tabbench datasets init FOLDER` writes "
    "one), run as a benchmark under the manifest's name; repeatable (docs/datasets.md).",
)
skip_missing_option = click.option(
    "--skip-missing", is_flag=True, default=False,
    help="Score the selected examples whose data is there (a database missing from your copy) and count and name "
    "the others in the summary and results.json; without it they stop the run (config: skip_missing = true under "
    "[run] in tabbench.toml).",
)


#: Most SQL worker processes ``--workers`` accepts.
MAX_WORKERS = 256
#: The parameters ``settings_options`` adds, which the command receives as one ``settings`` keyword.
SETTINGS_PARAMETERS = ("workers", "result_store_mb", "unsafe_sandbox")


def settings_options(command: F) -> F:
    """Add ``--workers``, ``--result-store-mb`` and ``--unsafe-sandbox`` to a click command, which receives them
    as one ``settings: tabbench.contract.settings.Settings`` keyword. Their environment variables are only
    these options' defaults: the values travel as that object, never through ``os.environ``."""
    @functools.wraps(command)
    def with_settings(*args: Any, workers: int | None, result_store_mb: float, unsafe_sandbox: bool,
                      **kwargs: Any) -> Any:
        settings = Settings(workers=workers, result_store_mb=result_store_mb, unsafe_sandbox=unsafe_sandbox)
        return command(*args, settings=settings, **kwargs)

    options = [
        click.option(
            "--workers", type=click.IntRange(min=0, max=MAX_WORKERS), default=None, envvar="TABBENCH_WORKERS",
            help="SQL worker processes; a query that ignores cancellation is killed there. Default: one per CPU, "
            "at most 8; 0 runs SQL in this process, where such a query cannot be stopped (env TABBENCH_WORKERS).",
        ),
        click.option(
            "--result-store-mb", type=FiniteFloatRange(min=0), default=DEFAULT_RESULT_STORE_MB,
            envvar="TABBENCH_RESULT_STORE_MB", metavar="MB",
            help="Memory bound of the run's query-result store (each distinct query runs once per run); default "
            "1024; results over it are recomputed (env TABBENCH_RESULT_STORE_MB).",
        ),
        click.option(
            "--unsafe-sandbox", is_flag=True, default=False, envvar="TABBENCH_UNSAFE_SANDBOX",
            help="Where this machine cannot run model-written code in the kernel sandbox (bubblewrap + seccomp), "
            "run it anyway with only rlimits, seccomp and a Python audit hook; recorded in results.json "
            "(env TABBENCH_UNSAFE_SANDBOX=1).",
        ),
    ]
    for option in reversed(options):
        with_settings = option(with_settings)
    return with_settings  # type: ignore[return-value]


def selection_options(command: F) -> F:
    """Add ``--benchmark NAME`` and ``--suite NAME`` (each repeatable, or comma-separated) to a click command;
    it receives ``benchmarks`` and ``suites`` as tuples of names, a suite given as ``--benchmark`` refused. The
    same two words on every command (``eval``, ``score``, ``train``)."""

    @functools.wraps(command)
    def with_names(*args: Any, benchmarks: tuple[str, ...], suites: tuple[str, ...], **kwargs: Any) -> Any:
        benchmarks = split_names(benchmarks)
        check_benchmark_names(benchmarks)  # a suite given as --benchmark: a usage error that lists its members
        return command(*args, benchmarks=benchmarks, suites=split_names(suites), **kwargs)

    with_names = click.option(
        "--suite", "suites", multiple=True, metavar="NAME",
        help="A suite (`tabbench suites list`): its benchmarks that have data; repeatable. With neither "
        "--benchmark nor --suite: all.")(with_names)
    with_names = click.option(
        "--benchmark", "benchmarks", multiple=True, metavar="NAME",
        help="A benchmark (`tabbench benchmarks list`); repeatable or comma-separated.")(with_names)
    return with_names  # type: ignore[return-value]


#: The parameters ``prompt_options`` adds, which the command receives as one ``prompt`` keyword.
PROMPT_PARAMETERS = ("system_prompt", "few_shot", "few_shot_seed", "chat_template")


def prompt_from(system_prompt: str | None, few_shot: int = 0, few_shot_seed: int = 0,
                chat_template: Path | None = None) -> Any:
    """The ``tabbench.PromptOptions`` of ``prompt_options``' parameters: ``@FILE`` and the template file read."""
    from tabbench.evaluation.prompts import ChatTemplate, PromptOptions, read_text_argument

    text = None if system_prompt is None else read_text_argument(system_prompt, "--system-prompt")
    template = None if chat_template is None else ChatTemplate.read(chat_template)
    return PromptOptions(text, few_shot, few_shot_seed, template)


def prompt_options(chat_template: bool = True) -> Callable[[F], F]:
    """Add ``--system-prompt TEXT|@FILE``, ``--few-shot K``, ``--few-shot-seed N`` and (``chat_template``: the
    command renders prompts, not ``tabbench score``) ``--chat-template FILE`` to a click command, which receives them
    as one ``prompt: tabbench.PromptOptions`` keyword (``tabbench.evaluation.prompts``): the same options, checks and
    help on ``eval``, ``score`` and every ``train`` command, so the prompt trained on is the prompt evaluated."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def with_prompt(*args: Any, system_prompt: str | None, few_shot: int, few_shot_seed: int,
                        chat_template: Path | None = None, **kwargs: Any) -> Any:
            return command(*args, prompt=prompt_from(system_prompt, few_shot, few_shot_seed, chat_template),
                           **kwargs)

        options = [
            click.option("--system-prompt", metavar="TEXT|@FILE", default=None,
                         help="The system message, instead of the benchmark's (@FILE: read from FILE; '' for none; "
                         "{system} in it stands for the benchmark's own). Recorded in the run."),
            click.option("--few-shot", type=click.IntRange(0, MAX_SHOTS), default=0, show_default=True, metavar="K",
                         help="K solved examples of the benchmark's train split before each question, as earlier "
                         "user/assistant turns; never the question itself nor, where examples name one, its "
                         "database."),
            click.option("--few-shot-seed", type=int, default=0, show_default=True, metavar="N",
                         help="Seed of the few-shot draw (each question's shots depend on it and the question's id "
                         "only)."),
        ]
        if chat_template:
            options.append(click.option(
                "--chat-template", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
                help="A Jinja chat template that renders the prompts instead of the model's own (recorded by file "
                "and sha256; a trained checkpoint keeps it)."))
        for option in reversed(options):
            with_prompt = option(with_prompt)
        return with_prompt  # type: ignore[return-value]

    return decorate


timeout_option = click.option(
    "--timeout", type=float, default=None, envvar="TABBENCH_TIMEOUT",
    help="Time limit in seconds per query or program (0 < T <= 86400; 0 is an error, not 'no limit'), for "
    "benchmarks that execute predictions (env TABBENCH_TIMEOUT).",
)
benchmark_option_option = click.option(
    "-o", "--benchmark-option", "benchmark_options", multiple=True, metavar="[NAME:]KEY=VALUE",
    help="An option for every benchmark, or with NAME: for benchmark NAME only (see its README); repeatable.",
)
batch_size_option = click.option(
    "--batch-size", type=click.IntRange(min=1), default=32, show_default=True, envvar="TABBENCH_BATCH_SIZE",
    help="Examples per batch (generated, when a model runs, then scored); records are appended after each batch "
    "(env TABBENCH_BATCH_SIZE).",
)
progress_option = click.option("--progress/--no-progress", default=True, help="Show progress bars.")
threads_option = click.option(
    "--threads", type=click.IntRange(min=1), default=None,
    help="CPU threads for generation (torch's, in the hf backend: -m threads=N). Default: the backend's choice "
    "(hf: one for small models; for larger ones, the cores other processes leave free).",
)

token_budget_option = click.option(
    "--token-budget", type=click.IntRange(min=1), default=None, metavar="TOKENS",
    help="Stop the run cleanly once its records have spent this many tokens (prompt + completion, every "
    "benchmark's, counted by the backend; checked between batches: the last batch may pass it). The records are "
    "kept, results.json says why under 'stopped', the exit status is 3; --resume with a larger budget goes on. "
    "Not --max-new-tokens, which limits one completion.",
)
cost_budget_option = click.option(
    "--cost-budget", type=FiniteFloatRange(min=0, min_open=True), default=None, metavar="AMOUNT",
    help="As --token-budget, for the cost of those tokens at the model's price (--prices), in the price table's "
    "currency.",
)
def _other_spelling(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    if value is not None:
        said = param.opts[0]
        raise UsageError(f"{said}: a run's budget is --token-budget (tokens) or --cost-budget (their cost); one "
                         "completion's limit is --max-new-tokens")


def other_budget_spellings(command: F) -> F:
    """``--max-tokens`` and ``--max-cost`` (hidden): OpenAI's ``max_tokens`` is one completion's limit, inspect's
    ``--max-tokens`` another, so tabbench spells the run's budget ``--token-budget``/``--cost-budget``; those
    spellings are a usage error that names both meanings, not click's guess (``--max-new-tokens``)."""
    for name in ("--max-tokens", "--max-cost"):
        command = click.option(name, hidden=True, expose_value=False, callback=_other_spelling)(command)
    return command


prices_option = click.option(
    "--prices", "prices_path", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
    help="Price table (TOML or JSON, a 'prices' table: MODEL = {input, output} per million tokens) that costs the "
    "run's tokens; default: the [prices] table of tabbench.toml.",
)


_SECONDS = FiniteFloatRange(min=0, min_open=True, max=MAX_TIMEOUT)
# Below this the observation could not hold an error message (``@tool`` keeps ``error:`` and 80 characters).
_BYTES = click.IntRange(min=100)

#: ``Budget`` field -> (option type, help); the option is ``--`` + the field with dashes.
BUDGET_OPTIONS: dict[str, tuple[click.ParamType, str]] = {
    "tool_seconds": (_SECONDS, "With --env: wall-clock seconds all tool calls of one rollout may spend together; "
                     "later calls are refused."),
    "call_seconds": (_SECONDS, "With --env: seconds one tool call may run (within what its rollout has left)."),
    "observation_bytes": (_BYTES, "With --env: one observation is cut to this many UTF-8 bytes."),
    "total_observation_bytes": (_BYTES, "With --env: UTF-8 bytes all observations of one rollout may take "
                                "together; later calls are refused."),
}


#: The parameters that mean nothing without ``--env``: the budget, the turns, the environment's options and
#: ``eval``'s tool protocol. Typed without ``--env``, they are a usage error naming them.
NEED_ENV = frozenset({*BUDGET_OPTIONS, "max_turns", "env_option_pairs", "env_options", "protocol"})


def budget_options(command: F) -> F:
    """Add the budget options to a click command with ``--env`` (keyword ``env_name``), defaults ``Budget``'s.

    Given on the command line without ``--env``, they (and the command's other ``NEED_ENV`` options) are a
    usage error naming them.
    """

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        context = click.get_current_context(silent=True)  # None: called as a function, nothing was typed
        if context is not None and not kwargs.get("env_name"):
            given = [max(param.opts, key=len) for param in context.command.params if param.name in NEED_ENV
                     and context.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE]
            if given:
                raise UsageError(f"{', '.join(given)} {'needs' if len(given) == 1 else 'need'} --env NAME")
        return command(*args, **kwargs)

    defaults = Budget()
    for field, (kind, text) in reversed(BUDGET_OPTIONS.items()):
        checked = click.option("--" + field.replace("_", "-"), field, type=kind, default=getattr(defaults, field),
                               show_default=True, help=text)(checked)
    return checked  # type: ignore[return-value]


def budget_from(values: Mapping[str, Any], max_turns: int) -> Budget:
    """The rollout budget of a command's options: ``max_turns`` and the budget options in ``values`` (its
    keyword arguments)."""
    return Budget(max_turns=max_turns, **{field: values[field] for field in BUDGET_OPTIONS})


# --- the options every ``tabbench train`` command takes (a trainer plugin's too) --------------------------------
# A trainer's command takes ``common_options`` (model, selection, output, schedule, device, LoRA, settings) and,
# when it optimises reward plugins, ``reward_options``; its keywords become its config through
# ``tabbench.training.TrainConfig.of`` (``tabbench.training.RewardOptions`` for the reward keywords).


def _checkpoint_folder(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--model`` must be a checkpoint folder (config.json and a tokenizer), checked before any work starts."""
    if value is not None:
        folder = Path(value)
        missing = [name for name in ("config.json", "tokenizer_config.json") if not (folder / name).is_file()]
        if missing:
            raise click.BadParameter(f"{value}: not a checkpoint folder (no {missing[0]}); build one with "
                                     "`tabbench models build-tiny PATH`", ctx, param)
    return value


def common_options(default_lr: float, default_steps: int | None) -> Callable[[Callable], Callable]:
    """Options every trainer takes: model, data, rewards, output, schedule, device, LoRA."""
    options = [
        click.option("--model", "model_path", required=True, type=click.Path(exists=True, file_okay=False),
                     callback=_checkpoint_folder,
                     help="Local checkpoint to start from (e.g. `tabbench models build-tiny PATH`)."),
        data_option(dest="data_dirs"),
        click.option("--split", default="train", show_default=True, help="Split to train on."),
        benchmark_option_option,
        click.option("--limit", type=click.IntRange(min=1), default=None,
                     help="Use only the first N examples of each benchmark."),
        unsharded_where_option,
        timeout_option,
        dataset_option,
        skip_missing_option,
        click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
                     help="Where the checkpoint (model, tokenizer, chat template) and logs are written."),
        click.option("--max-steps", type=click.IntRange(min=1), default=default_steps, show_default=True,
                     help="Optimiser steps (overrides --epochs)."),
        click.option("--max-seconds", type=click.FloatRange(min=0.0, min_open=True), default=None,
                     help="Stop after this many seconds of training (model loading not counted; with TAO, "
                     "the rounds' optimisation together) and save the checkpoint: equal-time comparisons."),
        click.option("--epochs", type=click.FloatRange(min=0.0, min_open=True), default=1.0, show_default=True,
                     help="Passes over the data when --max-steps is not given."),
        click.option("--learning-rate", "learning_rate", type=click.FloatRange(min=0.0, min_open=True),
                     default=default_lr, show_default=True),
        click.option("--warmup-steps", type=click.IntRange(min=0), default=0, show_default=True),
        click.option("--grad-accum", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Gradient accumulation steps."),
        click.option("--seed", type=int, default=0, show_default=True),
        click.option("--reproducible", is_flag=True,
                     help="The same numbers on every machine: fixed CPU kernels and threads, deterministic algorithms "
                     "(slower; see tabbench.reproducible). Needs a fresh process."),
        click.option("--logging-steps", type=click.IntRange(min=1), default=5, show_default=True),
        click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto", show_default=True,
                     help="auto: CUDA when available (bf16 where supported), else CPU (fp32)."),
        click.option("--lora-r", type=click.IntRange(min=0), default=0, show_default=True,
                     help="LoRA rank through peft; 0 trains every weight. Adapters are merged on save."),
        click.option("--lora-alpha", type=int, default=None, help="LoRA alpha (default: 2 x rank)."),
        click.option("--lora-dropout", type=click.FloatRange(0.0, 1.0, max_open=True), default=0.05,
                     show_default=True),
        click.option("--lora-target-modules", default="all-linear", show_default=True,
                     help="Comma-separated module names, or all-linear."),
    ]

    def decorate(func: Callable) -> Callable:
        @functools.wraps(func)  # shares the options click collected on ``func``
        def checked(**kw: Any) -> Any:
            bad = next(((k, v) for k, v in kw.items() if isinstance(v, float) and not math.isfinite(v)), None)
            if bad:  # click's FloatRange lets nan through (it compares false with every bound)
                raise UsageError(f"--{bad[0].replace('_', '-')} {bad[1]}: expected a finite number")
            return func(**kw)

        for option in reversed(options):
            checked = option(checked)
        checked = deprecated_option("--data-dir", "--data", "data_dirs", multiple=True)(checked)
        checked = deprecated_option("--lr", "--learning-rate", "learning_rate",
                                    type=click.FloatRange(min=0.0, min_open=True))(checked)
        return selection_options(settings_options(prompt_options()(checked)))

    return decorate


def reward_options(func: Callable) -> Callable:
    """``--reward NAME[:WEIGHT]`` (repeatable) and ``--reward-option [NAME:]KEY=VALUE``."""
    func = reward_option_option(func)
    return click.option(
        "--reward", "reward_specs", multiple=True, metavar="NAME[:WEIGHT]",
        help="A reward plugin by name, with an optional weight (default 1); repeatable. "
        "Default: the benchmark's primary metric reward.",
    )(func)


def _legacy() -> ModuleType:
    from tabbench.cli import legacy  # it imports this module: only when an old name is used

    return legacy


__getattr__ = module_getattr(__name__, {  # 0.1.0's names (docs/api.md)
    **moved(_library, ("parse_key_values",)), **kept_in(_legacy, _library.LEGACY_COMMAND_HELPERS)})
if TYPE_CHECKING:  # for type checkers: the old behaviours kept are marked deprecated (PEP 702)
    from tabbench.cli.legacy import apply_runtime as apply_runtime
    from tabbench.cli.legacy import checked_timeout as checked_timeout
    from tabbench.cli.legacy import recorded_options as recorded_options
    from tabbench.cli.legacy import sandbox_record as sandbox_record
    from tabbench.cli.legacy import with_timeout as with_timeout
