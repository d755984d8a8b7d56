"""The prompt a run sends: the benchmark's messages, with ``--system-prompt``, ``--few-shot`` and ``--chat-template``.

A benchmark builds each example's chat messages (``Benchmark.prompt``); ``PromptOptions`` says how a run changes
them, and ``Prompter`` is the one body of code that applies it, for ``tabbench eval``, ``tabbench score`` and every
trainer alike (``tabbench.evaluation.plan.Plan.messages``): the prompt trained on is the prompt evaluated.

- ``system_prompt`` replaces the benchmark's system message (``""`` removes it); ``{system}`` in it stands for the
  benchmark's own, so ``"Be brief. {system}"`` adds to it, as lm-eval's ``--system_instruction`` does.
- ``few_shot`` puts K solved examples before the question as earlier turns (each shot's own user message, then
  its gold completion as the assistant's answer: lm-eval's ``--fewshot_as_multiturn`` with a chat template). They
  come from the benchmark's ``train`` split, chosen by ``few_shot_seed`` and the question's id alone (so a shard,
  a resumed run and a trainer's row get the same shots), never the question itself and, where examples name a
  database (``db_id``), never one on the question's database: Spider's and BIRD's protocol asks about databases
  unseen in training, and a shot over the same schema would hand the model gold SQL on the very tables asked about.
- ``chat_template`` renders the messages instead of the model's own template (model backends that render text,
  and the trainers' tokenizer, which the saved checkpoint then carries).

With the defaults the benchmark's messages are sent unchanged, so prompt hashes and caches of runs made before
these options existed stay valid.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabbench.contract.errors import DataError, UsageError
from tabbench.contract.hashing import stable_hash
from tabbench.contract.types import Example, Message

if TYPE_CHECKING:
    from tabbench.contract.benchmark import Benchmark

#: The split few-shot examples are drawn from.
SHOT_SPLIT = "train"
#: Stands for the benchmark's own system message inside ``--system-prompt``.
OWN_SYSTEM = "{system}"
#: Most few-shot examples ``--few-shot`` accepts (each one is a whole prompt: a schema or a table).
MAX_SHOTS = 64


def read_text_argument(value: str, option: str) -> str:
    """``TEXT`` as given, or the UTF-8 contents of ``FILE`` for ``@FILE`` (one line naming the file otherwise)."""
    if not value.startswith("@"):
        return value
    from tabbench.contract.benchmark import read_text

    try:
        return read_text(Path(value[1:]).expanduser(), "it")
    except DataError as exc:
        raise UsageError(f"{option} @{exc}") from None


@dataclass(frozen=True)
class ChatTemplate:
    """``--chat-template FILE``: the Jinja chat template that renders prompts instead of the model's own. The run
    records the file and its sha256 (``to_json``), never the text; ``text`` is what backends and trainers use."""

    file: Path
    sha256: str
    text: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def read(cls, path: str | Path) -> ChatTemplate:
        """The template in ``path`` (UTF-8 text, not empty); a usage error naming the file otherwise."""
        path = Path(path).expanduser()
        text = read_text_argument(f"@{path}", "--chat-template")
        if not text.strip():
            raise UsageError(f"--chat-template {path}: the file is empty")
        return cls(path, hashlib.sha256(text.encode("utf-8")).hexdigest(), text)

    def to_json(self) -> dict[str, Any]:
        return {"file": str(self.file), "sha256": self.sha256}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, read: bool = True) -> ChatTemplate:
        """The recorded template; ``read``: its file read again and refused when it changed since the run."""
        recorded = cls(Path(str(data["file"])), str(data["sha256"]))
        if not read:
            return recorded
        try:
            now = cls.read(recorded.file)
        except UsageError as exc:
            raise DataError(str(exc)) from None
        if now.sha256 != recorded.sha256:
            raise DataError(f"--chat-template {recorded.file}: the file changed since the run was recorded "
                            f"(sha256 {now.sha256[:12]}, recorded {recorded.sha256[:12]})")
        return now


@dataclass(frozen=True)
class PromptOptions:
    """How a run changes the benchmarks' prompts (``--system-prompt``, ``--few-shot``, ``--few-shot-seed``,
    ``--chat-template``); the defaults change nothing. Part of the run's ``Selection`` and recorded with it, so
    ``--resume`` refuses a run asked with another prompt."""

    system_prompt: str | None = None
    few_shot: int = 0
    few_shot_seed: int = 0
    chat_template: ChatTemplate | None = None

    def __post_init__(self) -> None:
        if self.system_prompt is not None and not isinstance(self.system_prompt, str):
            raise UsageError(f"--system-prompt: expected text, got {type(self.system_prompt).__name__}")
        if isinstance(self.few_shot, bool) or not isinstance(self.few_shot, int) or not 0 <= self.few_shot <= MAX_SHOTS:
            raise UsageError(f"--few-shot {self.few_shot!r}: expected a whole number from 0 to {MAX_SHOTS}")
        if isinstance(self.few_shot_seed, bool) or not isinstance(self.few_shot_seed, int):
            raise UsageError(f"--few-shot-seed {self.few_shot_seed!r}: expected a whole number")
        if isinstance(self.chat_template, str | Path):  # a path, as tabbench.evaluate takes it
            object.__setattr__(self, "chat_template", ChatTemplate.read(self.chat_template))

    @property
    def changes_messages(self) -> bool:
        """Whether the messages differ from the benchmark's own (the chat template renders them, it changes none)."""
        return self.system_prompt is not None or self.few_shot > 0

    @property
    def is_default(self) -> bool:
        return not self.changes_messages and self.chat_template is None

    def to_json(self) -> dict[str, Any]:
        return {"system_prompt": self.system_prompt, "few_shot": self.few_shot, "few_shot_seed": self.few_shot_seed,
                "chat_template": None if self.chat_template is None else self.chat_template.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, read: bool = True) -> PromptOptions:
        """What ``to_json`` wrote; ``read=False`` leaves a chat template's file unread (a reader that shows a run)."""
        unknown = sorted(set(data) - {"system_prompt", "few_shot", "few_shot_seed", "chat_template"})
        if unknown:
            raise DataError(f"prompt: unknown key {unknown[0]!r}")
        template = data.get("chat_template")
        return cls(data.get("system_prompt"), data.get("few_shot", 0), data.get("few_shot_seed", 0),
                   None if template is None else ChatTemplate.from_json(template, read=read))


def database_of(example: Example) -> str | None:
    """The database an example asks about (``db_id`` in its meta or fields), if it names one."""
    value = example.meta.get("db_id", example.fields.get("db_id"))
    return None if value is None else str(value)


class Prompter:
    """The messages of one benchmark's examples under ``options``, with the few-shot ``pool`` (the benchmark's
    ``train`` examples) when ``options.few_shot`` asks for shots; ``same_split``: the examples asked about come from
    the pool's split (training, ``--split train``), so each one is left out of its own shots. Each shot's prompt is
    built once."""

    def __init__(self, benchmark: Benchmark, options: PromptOptions, pool: Sequence[Example] = (),
                 same_split: bool = False) -> None:
        self.benchmark, self.options, self.same_split = benchmark, options, same_split
        self.pool = [e for e in pool if benchmark.gold_completion(e)] if options.few_shot else []
        self._ids = {e.id for e in self.pool}
        self._outside: dict[str | None, list[Example]] = {}  # database -> the pool's examples on other databases
        self._prompts: dict[str, list[Message]] = {}

    def messages(self, example: Example) -> list[Message]:
        """The chat messages sent for ``example``: the benchmark's own when the options change nothing."""
        own = list(self.benchmark.prompt(example))
        if not self.options.changes_messages:
            return own
        systems = [m for m in own if m.get("role") == "system"]
        system = self._system("\n\n".join(str(m.get("content", "")) for m in systems) if systems else None)
        out: list[Message] = [] if not system else [{"role": "system", "content": system}]
        for shot in self.shots(example):
            out += [dict(m) for m in self._prompt(shot) if m.get("role") != "system"]
            out.append({"role": "assistant", "content": self.benchmark.gold_completion(shot)})
        return out + [m for m in own if m.get("role") != "system"]

    def _system(self, own: str | None) -> str | None:
        given = self.options.system_prompt
        if given is None:
            return own
        return given.replace(OWN_SYSTEM, own or "").strip() if OWN_SYSTEM in given else given

    def _prompt(self, shot: Example) -> list[Message]:
        if shot.id not in self._prompts:
            self._prompts[shot.id] = list(self.benchmark.prompt(shot))
        return self._prompts[shot.id]

    def _candidates(self, example: Example) -> list[Example]:
        """The pool without the examples on ``example``'s database (all of it when it names none)."""
        database = database_of(example)
        if database not in self._outside:
            self._outside[database] = [e for e in self.pool if database is None or database_of(e) != database]
        return self._outside[database]

    def _is_itself(self, example: Example, shot: Example) -> bool:
        return self.same_split and shot.id == example.id

    def available(self, example: Example) -> int:
        """How many shots ``example`` may have: the pool less its database's examples and itself."""
        itself = self.same_split and example.id in self._ids and database_of(example) is None
        return len(self._candidates(example)) - int(itself)

    def shots(self, example: Example) -> list[Example]:
        """``example``'s few-shot examples, in order: drawn by the seed and the example's own id, so the same
        example gets the same shots whatever else the run holds (a shard, a resumed run, a trainer's row)."""
        k = self.options.few_shot
        if not k:
            return []
        candidates = self._candidates(example)
        draw = random.Random(stable_hash(
            {"seed": self.options.few_shot_seed, "benchmark": self.benchmark.name, "id": example.id}, 32))
        drawn = draw.sample(candidates, min(k + 1, len(candidates)))  # one spare: the question itself may be drawn
        return [shot for shot in drawn if not self._is_itself(example, shot)][:k]

    def check(self, examples: Sequence[Example]) -> None:
        """Every example has ``few_shot`` shots to draw from; a usage error naming the first that has fewer."""
        k = self.options.few_shot
        for example in examples if k else ():
            available = self.available(example)
            if available < k:
                database = database_of(example)
                where = f" outside its database {database!r}" if database is not None else ""
                raise UsageError(f"--few-shot {k}: benchmark {self.benchmark.name!r} has {available} "
                                 f"{SHOT_SPLIT!r} examples with a gold answer{where} for example {example.id!r}")
