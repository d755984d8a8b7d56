"""Reward plugins as trainer reward functions: TRL (``trl_reward``) and verl (``compute_score``).

The one rule holds across the boundary: an adapter never scores anything itself. It turns the trainer's
arguments into samples (``SampleAnswers``: an ``Example`` and the completion text), calls the same
``tabbench.score_batch`` that ``tabbench eval`` calls, and hands back ``Score.value``. So the number a model is
trained on is the number it is judged by (``tests/test_adapters.py`` proves it sample by sample).

Extract once: TRL calls each reward function in turn with the same completions, so the extracted answers
live in a process-wide table keyed by the example (its gold left out: extractors never read it) and the
completion (``shared_samples``, the last ``SHARED_SAMPLES`` of them): each distinct extractor runs once per
sample whichever reward functions ask for it, as in evaluation.

Dataset rows (TRL): ``dataset_rows(benchmark, split)`` yields ``{"prompt": messages, "example": JSON,
"benchmark": name, "id": example id}``. ``example`` is ``json.dumps(Example.to_json())``: one string column
that carries the gold answer and every field a reward reads (database path, question, table...), whatever
the benchmark, and that Arrow stores without a schema per benchmark. Rows without an ``example`` column are
read as flattened fields: ``gold`` (or ``gold_sql``, ``answer``, ``solution``) is the reference, ``id`` the
id, every other column a field.

Contract of the TRL reward function (TRL 1.16 ``GRPOTrainer``, ``RLOOTrainer``, ``OnlineDPOTrainer``,
``AsyncGRPOTrainer``): a picklable callable object with a distinct ``__name__`` (the reward's name, or
``name=``), called as ``f(prompts, completions, completion_ids=None, **columns)``, returning one
``float | None`` per completion. Completions may be strings or conversational message lists; a message's
``reasoning_content`` (what ``parse_response`` splits off) is put back as ``<think>...</think>`` before
``content``. It never raises; ``None`` only when the gold side failed (TRL then leaves the function out of
that row's sum). A wiring mistake is an error, not a silent zero: an unknown reward or option raises when the
function is built; a row whose ``example`` cannot be read raises; flattened rows (no ``example`` column) with no
reference column, or on whose whole first batch the reward is "not applicable" (they lack a database path or
another field it needs), raise ``ConfigError`` naming the reward.
Each call logs, through TRL's ``log_metric``, the rate ``<name>/status/<status>`` of every status seen so far
in this process (statuses that never occurred are not logged; once seen, a status is logged every call, zeros
included, so its average over a logging window is right) and, through ``log_extra``, a ``<name>/status``
column in the completions table. ``log_status_counts(trainer, *functions)`` adds the cumulative counts
``<name>/status_count/<status>`` (statuses that occurred) to every log, before ``log_history`` and the loggers
see it.
"""

from __future__ import annotations

import json
import math
import threading
from collections import Counter, OrderedDict
from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.deprecation import deprecated, kept, module_getattr
from tabbench.contract.errors import ConfigError
from tabbench.contract.extract import SampleAnswers
from tabbench.contract.reward import Reward, score_batch
from tabbench.contract.types import Example, Message, Score

if TYPE_CHECKING:
    from tabbench.evaluation.prompts import PromptOptions

#: Keyword arguments TRL passes that are not dataset columns.
TRAINER_KWARGS = frozenset({"trainer_state", "log_extra", "log_metric", "environments", "prompt", "completion",
                            "completion_ids"})
#: Columns read as the reference answer in flattened rows, in order.
GOLD_COLUMNS = ("gold", "gold_sql", "answer", "solution", "ground_truth")


# --- dataset rows -------------------------------------------------------------------------------------------


def example_row(benchmark: Benchmark, example: Example, messages: Sequence[Message] | None = None) -> dict[str, Any]:
    """One TRL row: the chat prompt (``messages``, a run's prompt with its options: ``TrainingRun.messages``; by
    default the benchmark's own) plus the ``example`` column rewards read."""
    return {
        "prompt": list(messages) if messages is not None else benchmark.prompt(example),
        "example": json.dumps(example.to_json(), ensure_ascii=False, sort_keys=True),
        "benchmark": benchmark.name,
        "id": example.id,
    }


def dataset_rows(benchmark: Benchmark | str, split: str | None = None, data: str | None = None,
                 prompt: PromptOptions | None = None) -> Iterator[dict]:
    """TRL rows for every example of ``split``: ``{"prompt", "example", "benchmark", "id"}``.

    ``benchmark`` is a ``Benchmark`` or a registered name (then ``data`` is its data path, resolved as
    ``tabbench eval`` does). ``prompt``: the run's prompt options (``tabbench.PromptOptions``: system prompt,
    few-shot examples), applied as ``tabbench eval`` applies them. Use with
    ``datasets.Dataset.from_list(list(dataset_rows(...)))`` and ``GRPOConfig(remove_unused_columns=False)`` (TRL's
    default) so the columns reach the rewards.
    """
    from tabbench.evaluation.plan import prompter, shot_pool
    from tabbench.evaluation.prompts import PromptOptions

    if isinstance(benchmark, str):
        from tabbench.host.lookup import get_benchmark

        benchmark = get_benchmark(benchmark, data)
    split = benchmark.check_split(split)
    options = prompt or PromptOptions()
    examples = list(benchmark.examples(split))
    made = prompter(benchmark, split, shot_pool(benchmark, split, examples, options), options, examples)
    for example in examples:
        yield example_row(benchmark, example, made.messages(example))


def row_example(columns: dict[str, Any], index: int, memo: dict[str, Example] | None = None) -> Example:
    """The ``Example`` of row ``index`` from TRL's column lists (``example`` JSON, or flattened fields)."""
    column = columns.get("example")
    if column is not None:
        value = column[index]
        if isinstance(value, Example):
            return value
        if isinstance(value, dict):
            return Example.from_json(value)
        key = str(value)
        if memo is not None and key in memo:
            return memo[key]
        example = Example.from_json(json.loads(key))
        if memo is not None:
            memo[key] = example
        return example
    fields = {
        key: values[index]
        for key, values in columns.items()
        if key not in TRAINER_KWARGS and isinstance(values, list | tuple) and len(values) > index
    }
    gold = next((fields[k] for k in GOLD_COLUMNS if isinstance(fields.get(k), str)), None)
    meta = fields.pop("meta", None)
    return Example(
        id=str(fields.get("id", index)),
        gold=gold,
        fields=fields,
        meta=dict(meta) if isinstance(meta, dict) else {},
        split=str(fields.get("split", "train")),
    )


# --- completions ------------------------------------------------------------------------------------------

#: How many samples ``shared_samples`` remembers (a few GRPO steps' worth of completions).
SHARED_SAMPLES = 8192
_ANSWERS: OrderedDict[tuple[str, str], dict[Hashable, Any]] = OrderedDict()
_ANSWERS_LOCK = threading.Lock()


def shared_samples(examples: Sequence[Example], completions: Sequence[str]) -> list[SampleAnswers]:
    """The samples of ``(example, completion)`` pairs, sharing their extracted answers with every other sample
    of the same example and completion seen lately, so the reward functions of one step extract once."""
    out = []
    texts: dict[int, str] = {}  # id(example) -> its key text: a GRPO step repeats each example per completion
    for example, completion in zip(examples, completions, strict=True):
        text = texts.get(id(example))
        if text is None:
            text = texts[id(example)] = json.dumps({**example.to_json(), "gold": None}, sort_keys=True, default=str)
        key = (text, completion)
        with _ANSWERS_LOCK:
            memo = _ANSWERS.get(key)
            if memo is None:
                memo = _ANSWERS[key] = {}
            _ANSWERS.move_to_end(key)
            while len(_ANSWERS) > SHARED_SAMPLES:
                _ANSWERS.popitem(last=False)
        out.append(SampleAnswers(example, completion, memo))
    return out



def completion_text(completion: Any) -> str:
    """The text a reward scores: a string as is; for chat messages, each assistant message's
    ``<think>reasoning_content</think>`` (when present) followed by its ``content``."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        completion = [completion]
    if not isinstance(completion, list | tuple):
        return "" if completion is None else str(completion)
    parts = []
    for message in completion:
        if isinstance(message, str):
            parts.append(message)
            continue
        if not isinstance(message, dict) or message.get("role", "assistant") != "assistant":
            continue
        reasoning = message.get("reasoning_content") or message.get("reasoning")
        content = message.get("content")
        if isinstance(content, list):  # multimodal content blocks
            content = "".join(b.get("text", "") for b in content if isinstance(b, dict))
        text = f"<think>{reasoning}</think>" if isinstance(reasoning, str) and reasoning else ""
        parts.append(text + (content if isinstance(content, str) else ""))
    return "\n".join(parts)


# --- TRL --------------------------------------------------------------------------------------------------


def _resolve(reward: Reward | str, options: dict[str, Any]) -> Reward:
    if isinstance(reward, Reward):
        if options:
            raise TypeError("options are for a reward given by name; configure a Reward object directly")
        return reward
    from tabbench.host.lookup import get_reward

    return get_reward(reward, **options)


def _clean_value(score: Score) -> float | None:
    """``None`` exactly when the sample is not applicable (the gold side failed, or the metric does not apply);
    otherwise a finite float (NaN would poison TRL's sums)."""
    if score.status.not_applicable:
        return None
    if score.value is None:
        return 0.0
    value = float(score.value)
    return value if math.isfinite(value) else 0.0


def _unscorable(scores: Sequence[Score]) -> str | None:
    """Why a first batch on which every sample is "not applicable" could not be scored; ``None`` otherwise."""
    if scores and all(s.status.not_applicable for s in scores):
        return str(scores[0].details.get("error", scores[0].status.value))
    return None


class TrlReward:
    """A reward plugin as a TRL reward function (see the module docstring for the contract)."""

    def __init__(self, reward: Reward, name: str | None = None) -> None:
        self.reward = reward
        self.__name__ = name or reward.name
        self.status_counts: Counter[str] = Counter()
        self._checked = False

    def __repr__(self) -> str:
        return f"TrlReward({self.__name__!r}, {self.reward!r})"

    def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] | None = None,
                 completion_ids: Sequence[Any] | None = None, **kwargs: Any) -> list[float | None]:
        try:
            n = len(completions) if completions is not None else 0
        except TypeError:
            return []
        if n == 0:
            return []
        scores = self.scores(list(completions), kwargs)  # type: ignore[arg-type]
        if not self._checked:
            self._check_first_batch(scores, kwargs)
        values = [_clean_value(s) for s in scores]
        self._log(scores, kwargs)
        return values

    def scores(self, completions: list[Any], columns: dict[str, Any]) -> list[Score]:
        """Score ``completions`` with their rows' examples through ``tabbench.score_batch`` (never raises), on
        the shared samples (``shared_samples``); a row whose example cannot be read is a ``ConfigError`` (the
        dataset is wired wrong)."""
        memo: dict[str, Example] = {}
        examples: list[Example] = []
        for i in range(len(completions)):
            try:
                examples.append(row_example(columns, i, memo))
            except Exception as exc:
                raise ConfigError(f"reward {self.__name__!r}: row {i} has no readable example "
                                  f"({type(exc).__name__}: {exc}); build rows with tabbench.adapters.dataset_rows"
                                  ) from exc
        return score_batch(self.reward, shared_samples(examples, [completion_text(c) for c in completions]))

    def _check_first_batch(self, scores: list[Score], columns: dict[str, Any]) -> None:
        """Flattened rows (no ``example`` column) must hold a reference, and a first batch on which every sample is
        "not applicable" means they lack what the reward needs (a database path, ...)."""
        self._checked = True
        seen = sorted(k for k in columns if k not in TRAINER_KWARGS)
        if "example" in columns:
            return  # rows from dataset_rows carry the whole example: a not-applicable sample is a real gold failure
        if not any(k in columns for k in GOLD_COLUMNS):
            raise ConfigError(f"reward {self.__name__!r}: the rows have no 'example' column (tabbench.adapters."
                              f"dataset_rows) and no reference column ({', '.join(GOLD_COLUMNS)}); columns: "
                              f"{', '.join(seen) or 'none'}")
        why = _unscorable(scores)
        if why is not None:
            raise ConfigError(f"reward {self.__name__!r}: no row of the first batch can be scored ({why}); the rows "
                              f"lack what it needs (columns: {', '.join(seen) or 'none'}; use dataset_rows)")

    def _log(self, scores: list[Score], kwargs: dict[str, Any]) -> None:
        statuses = [s.status.value for s in scores]
        counts = Counter(statuses)
        self.status_counts.update(counts)
        try:
            log_metric = kwargs.get("log_metric")
            if callable(log_metric):
                for status in sorted(self.status_counts):  # seen so far: zeros after the first, never-seen absent
                    log_metric(f"{self.__name__}/status/{status}", counts.get(status, 0) / len(scores))
            log_extra = kwargs.get("log_extra")
            if callable(log_extra):
                log_extra(f"{self.__name__}/status", statuses)
        except Exception:  # logging must never cost a training step
            pass

    def reset_status_counts(self) -> Counter[str]:
        """Return the counts accumulated so far and start again from zero."""
        counts, self.status_counts = self.status_counts, Counter()
        return counts


def trl_reward(reward: Reward | str, name: str | None = None, **options: Any) -> TrlReward:
    """A TRL reward function for ``reward`` (a registered name, built with ``options``, or a ``Reward``).

    ``name`` overrides ``__name__`` (TRL logs ``rewards/<name>/mean``): give it when one reward is used twice
    with different options, or their curves merge.
    """
    return TrlReward(_resolve(reward, options), name)


def _add_status_counts(logs: dict[str, Any], functions: Sequence[TrlReward], summed: bool = False) -> None:
    counts = {f"{function.__name__}/status_count/{status}": count
              for function in functions for status, count in function.status_counts.items()}
    if summed:
        counts = _summed_over_processes(counts)
    logs.update(sorted(counts.items()))


def _summed_over_processes(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` added up over the processes of a multi-process run (torch.distributed), each of which scored its
    own completions; as they are in a single process otherwise. Every process must call it (a collective)."""
    import torch.distributed as dist

    if not (dist.is_available() and dist.is_initialized()) or dist.get_world_size() < 2:
        return counts
    gathered: list[Any] = [None] * dist.get_world_size()
    dist.all_gather_object(gathered, counts)
    total: dict[str, int] = {}
    for part in gathered:
        for key, count in part.items():
            total[key] = total.get(key, 0) + count
    return total


def log_status_counts(trainer: Any, *functions: TrlReward) -> None:
    """Add each function's cumulative status counts (``<name>/status_count/<status>``, statuses that occurred,
    summed over the processes of a multi-process run) to every log of ``trainer``, before ``log_history`` and
    every logger see it. The trainer logs on every process, so the sum is gathered there."""
    original = trainer.log

    def log(logs: dict[str, float], *args: Any, **kwargs: Any) -> None:
        _add_status_counts(logs, functions, summed=True)
        original(logs, *args, **kwargs)

    trainer.log = log


# --- verl -------------------------------------------------------------------------------------------------

_VERL_REWARDS: dict[str, Reward] = {}
_VERL_CHECKED: set[int] = set()


def _verl_reward(data_source: str, extra_info: dict[str, Any], kwargs: dict[str, Any]) -> Reward:
    """The reward a verl sample asks for; an unknown name or option is a ``ConfigError`` (verl stops with it)."""
    name = kwargs.get("reward") or extra_info.get("reward") or data_source
    options = kwargs.get("reward_options") or extra_info.get("reward_options") or {}
    if isinstance(options, str):
        options = json.loads(options)
    key = f"{name}\0{json.dumps(options, sort_keys=True, default=str)}"
    if key not in _VERL_REWARDS:
        from tabbench.host.lookup import benchmark_class, get_reward
        from tabbench.host.metrics import metric_specs
        from tabbench.host.plugins import host

        if name not in host().registry("reward") and name in host().registry("benchmark"):
            cls = benchmark_class(name)  # its primary metric, with the options evaluation gives it
            spec = next(m for m in metric_specs(cls, kwargs.get("benchmark_options")) if m.name == cls.primary_metric)
            _VERL_REWARDS[key] = get_reward(spec.reward, **{**spec.options, **options})
        else:
            _VERL_REWARDS[key] = get_reward(name, **options)
    return _VERL_REWARDS[key]


def _verl_example(ground_truth: Any, extra_info: dict[str, Any] | None) -> Example:
    """``extra_info["example"]`` (as ``dataset_rows`` writes it), else ``ground_truth`` with ``extra_info`` as
    fields; neither is a ``ConfigError`` (the parquet rows are wired wrong)."""
    info = dict(extra_info or {})
    data = info.get("example")
    if isinstance(data, str):
        data = json.loads(data)
    if isinstance(data, dict):
        return Example.from_json(data)
    if ground_truth is None and not info:
        raise ConfigError("verl sample has neither extra_info['example'] nor a ground_truth: write the parquet "
                          "rows from tabbench.adapters.dataset_rows (extra_info={'example': row['example']})")
    fields = {k: v for k, v in info.items() if k not in ("reward", "reward_options")}
    gold = ground_truth if isinstance(ground_truth, str) or ground_truth is None else json.dumps(ground_truth)
    return Example(id=str(info.get("id", info.get("index", ""))), gold=gold, fields=fields)


def _verl_check_first(reward: Reward, scores: Sequence[Score], extra_infos: Sequence[dict[str, Any] | None]) -> None:
    """The first samples a reward sees, when their ``extra_info`` carries no ``example`` and every one is "not
    applicable", lack what the reward needs (a database path...): a ``ConfigError``, not a run of zeros."""
    if id(reward) in _VERL_CHECKED:
        return
    _VERL_CHECKED.add(id(reward))
    if any(isinstance(e, dict) and "example" in e for e in extra_infos):
        return
    why = _unscorable(scores)
    if why is not None:
        raise ConfigError(f"reward {reward.name!r}: the first verl sample cannot be scored ({why}); extra_info "
                          "lacks what it needs: write it from tabbench.adapters.dataset_rows "
                          "(extra_info={'example': row['example']})")


def _verl_result(score: Score, name: str) -> dict[str, Any]:
    """``score`` plus extra keys verl collects per sample. None is named ``reward``: verl's validation adds its
    own ``reward`` list and asserts every list has one entry per sample (verl 0.9.1, ``RayPPOTrainer._validate``)."""
    value = _clean_value(score)
    return {"score": 0.0 if value is None else value, "status": score.status.value,
            "applicable": value is not None, "tabbench_reward": name}


def compute_score(data_source: str, solution_str: str, ground_truth: Any, extra_info: dict[str, Any] | None = None,
                  **kwargs: Any) -> dict[str, Any]:
    """verl's custom reward function: ``custom_reward_function.path=<tabbench/adapters.py>``,
    ``.name=compute_score``.

    The reward is ``reward_kwargs.reward`` (with ``reward_options``), else ``extra_info["reward"]``, else
    ``data_source`` when it names a reward, else the primary metric of the benchmark ``data_source`` names (built
    with ``reward_kwargs.benchmark_options`` as evaluation builds it). The example is ``extra_info["example"]``
    (the JSON of ``Example.to_json()``, as in ``dataset_rows``), else ``ground_truth`` as gold with ``extra_info``
    as fields. Returns ``{"score", "status", "applicable", "tabbench_reward"}``; verl cannot skip a sample, so a
    failed gold scores 0.0 with ``applicable`` false. Wiring mistakes (unknown reward, option or data source, a
    sample with no example, a first sample without ``example`` that the reward cannot score) raise
    ``ConfigError``; a failing reward never raises.
    """
    reward = _verl_reward(data_source, dict(extra_info or {}), kwargs)
    example = _verl_example(ground_truth, extra_info)
    score = score_batch(reward, shared_samples([example], [completion_text(solution_str)]))[0]
    _verl_check_first(reward, [score], [extra_info])
    return _verl_result(score, reward.name)


def compute_score_batch(data_sources: Sequence[str], solution_strs: Sequence[str], ground_truths: Sequence[Any],
                        extra_infos: Sequence[dict[str, Any] | None], **kwargs: Any) -> list[dict[str, Any]]:
    """verl's ``batch`` reward manager variant: one ``score_batch`` per reward, so gold queries run once per
    prompt and identical responses once. Raises as ``compute_score`` does."""
    groups: dict[int, tuple[Reward, list[int]]] = {}
    for i, (source, extra) in enumerate(zip(data_sources, extra_infos, strict=True)):
        reward = _verl_reward(source, dict(extra or {}), kwargs)
        groups.setdefault(id(reward), (reward, []))[1].append(i)
    results: list[dict[str, Any]] = [{}] * len(solution_strs)
    for reward, members in groups.values():
        samples = shared_samples([_verl_example(ground_truths[i], extra_infos[i]) for i in members],
                                 [completion_text(solution_strs[i]) for i in members])
        scores = score_batch(reward, samples)
        _verl_check_first(reward, scores, [extra_infos[i] for i in members])
        for i, score in zip(members, scores, strict=True):
            results[i] = _verl_result(score, reward.name)
    return results


@deprecated("use tabbench.adapters.log_status_counts(trainer, *reward_funcs)", category=None)
def _status_counts_callback(*functions: Any) -> Any:
    """0.1.0's ``status_counts_callback``: a TRL callback adding status counts on log (console only;
    ``log_status_counts`` reaches loggers)."""
    from transformers import TrainerCallback

    class StatusCountsCallback(TrainerCallback):
        def on_log(self, args: Any, state: Any, control: Any, logs: dict | None = None, **kwargs: Any) -> None:
            if logs is not None:
                _add_status_counts(logs, functions)

    return StatusCountsCallback()


__getattr__ = module_getattr(__name__, {"status_counts_callback": kept(_status_counts_callback)})  # 0.1.0's
if TYPE_CHECKING:  # for type checkers: the old behaviour kept is marked deprecated (PEP 702)
    from tabbench.adapters import _status_counts_callback as status_counts_callback  # noqa: F401
