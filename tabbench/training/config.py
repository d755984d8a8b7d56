"""A trainer's typed configuration: the options every ``tabbench train`` command takes.

A trainer's own config subclasses ``TrainConfig`` (adding ``RewardOptions`` when it optimises rewards) with one
field per option of its command; ``of`` builds it from the command's keywords, so a missing or extra option is
caught the first time the command runs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from tabbench.contract.settings import Settings
from tabbench.evaluation.options import parse_key_values
from tabbench.evaluation.selection import Selection, parse_data

#: the command keywords (``tabbench.cli.options.common_options``) that make up ``TrainConfig.selection`` (``prompt``:
#: what ``prompt_options`` makes of its parameters, ``tabbench.cli.options.PROMPT_PARAMETERS``)
SELECTION_KEYWORDS = ("benchmarks", "suites", "data_dirs", "benchmark_options", "split", "limit", "where", "timeout",
                      "datasets", "skip_missing", "prompt")
#: those a command may leave out (added in 0.3.0: a trainer's own keywords from before still make a config; without
#: the prompt options, the benchmarks' own prompts)
OPTIONAL_KEYWORDS = {"datasets": (), "skip_missing": False, "prompt": None}


@dataclass(frozen=True)
class TrainConfig:
    """What every trainer is given: the base checkpoint, what to train on (the ``Selection`` an evaluation run
    also has), where the checkpoint goes, the schedule, the device, LoRA and the shared-service ``settings``."""

    model_path: str
    selection: Selection
    out_dir: Path
    max_steps: int | None
    max_seconds: float | None
    epochs: float
    learning_rate: float
    warmup_steps: int
    grad_accum: int
    seed: int
    reproducible: bool
    logging_steps: int
    device: str
    lora_r: int
    lora_alpha: int | None
    lora_dropout: float
    lora_target_modules: str
    settings: Settings

    @classmethod
    def of(cls: type[C], options: dict[str, Any]) -> C:
        """The config of a command's options (its click keywords): the selection from ``SELECTION_KEYWORDS``
        (``--data`` and ``-o`` pairs parsed), every other field from the option of its name; an option without a
        field, or a field without an option, is a bug named here."""
        given = dict(options)
        chosen = {key: given.pop(key) for key in SELECTION_KEYWORDS if key in given}
        if set(SELECTION_KEYWORDS) - set(OPTIONAL_KEYWORDS) <= set(chosen):
            chosen = {**OPTIONAL_KEYWORDS, **chosen}
            given["selection"] = Selection(
                benchmarks=chosen["benchmarks"], suites=chosen["suites"], data=parse_data(chosen["data_dirs"]),
                benchmark_options=parse_key_values(tuple(chosen["benchmark_options"]), "-o/--benchmark-option"),
                split=chosen["split"], limit=chosen["limit"], where=chosen["where"], timeout=chosen["timeout"],
                datasets=chosen["datasets"], skip_missing=chosen["skip_missing"], prompt=chosen["prompt"])
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        if set(given) != names:
            raise TypeError(f"{cls.__name__}: options without a field {sorted(set(given) - names)}, "
                            f"fields without an option {sorted(names - set(given))}")
        return cls(**given)

    @property
    def chat_template(self) -> str | None:
        """The ``--chat-template`` text the tokenizer renders prompts with (``None``: the checkpoint's own)."""
        template = self.selection.prompt.chat_template
        return None if template is None else template.text

    def record(self, *leave_out: str) -> dict[str, Any]:
        """The settings ``tabbench_train.json`` records: the selection's fields and the others (``out_dir`` and
        ``leave_out`` left out)."""
        record = {k: v for k, v in asdict(self).items() if k not in ("out_dir", "selection", *leave_out)}
        return {**self.selection.to_json(), **record}


@dataclass(frozen=True)
class RewardOptions:
    """The fields of a trainer that optimises reward plugins (``tabbench.cli.options.reward_options``):
    ``--reward NAME[:WEIGHT]`` and ``--reward-option [NAME:]KEY=VALUE``, resolved by ``resolve_rewards``."""

    reward_specs: tuple[str, ...]
    reward_option_pairs: tuple[str, ...]


C = TypeVar("C", bound=TrainConfig)
