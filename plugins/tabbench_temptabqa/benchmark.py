"""The ``temptabqa`` benchmark: TEMPTABQA-C temporal questions answered from the athlete's infobox text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, ConfigError, Example, Message, MetricSpec
from tabbench_temptabqa.answers import extract_answer
from tabbench_temptabqa.data import SUBSETS, read_subset, subsets_for

PROMPTS = ("infobox", "no_context")

SYSTEM = (
    "You answer questions about an athlete's international medals using only the information given. "
    "An event is a tournament, a format and a year."
)
INSTRUCTIONS = (
    "Answer in 1 to 10 words; answer Yes or No when the question asks whether something happened; list several "
    "answers separated by commas. Write the answer first, then ' && ', then your reasoning, e.g.\n"
    "2 && The infobox lists two bronze medals.\nAlternatively end with a last line 'Final Answer: <answer>'."
)


class TempTabQABenchmark(Benchmark):
    """TEMPTABQA-C (ACL Findings 2025), scored by the official EMS and REMS on the extracted answer.

    Options: ``prompt`` = ``infobox`` (default: the infobox text is the context, as in the paper's direct
    prompting) or ``no_context`` (the question alone, the paper's closed-book baseline); ``lowercase`` and
    ``strict`` are passed to both rewards (see ``tabbench_temptabqa.rewards``).
    """

    name = "temptabqa"
    version = "1"
    description = "TEMPTABQA-C temporal table QA over infoboxes (EMS, REMS; easy/medium/hard, original/counterfactual)"
    primary_metric = "rems"
    breakdown_keys = ("subset", "variant", "difficulty", "size")
    splits = ("test", *(s for s in SUBSETS))
    default_split = "test"
    data_hint = (
        "clone https://github.com/CoRAL-ASU/TEMPTABQA-C (MIT) and pass its root folder "
        "(with Test_Dataset_with_Splits/, Dev_set/, Train_set/) as --data or TABBENCH_DATA_TEMPTABQA"
    )
    metrics: ClassVar[tuple[MetricSpec, ...]] = (
        MetricSpec("rems", "temptabqa-rems"),
        MetricSpec("ems", "temptabqa-ems"),
    )

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.prompt_style = str(options.get("prompt", "infobox"))
        if self.prompt_style not in PROMPTS:
            raise ConfigError(f"temptabqa: option prompt={self.prompt_style!r}: choose one of {', '.join(PROMPTS)}")
        reward_options = {k: bool(options[k]) for k in ("lowercase", "strict") if k in options}
        self.metrics = tuple(MetricSpec(m.name, m.reward, dict(reward_options)) for m in type(self).metrics)

    def examples(self, split: str | None = None) -> Iterator[Example]:
        split = self.check_split(split)
        assert self.data_path is not None
        for subset in subsets_for(split):
            yield from read_subset(self.data_path, subset, split)

    def data_files(self, split: str | None = None) -> list[Path]:
        assert self.data_path is not None
        return [self.data_path / s.path for s in subsets_for(self.check_split(split))]

    def prompt(self, example: Example) -> list[Message]:
        question = example.fields["question"]
        if self.prompt_style == "no_context":
            user = f"{INSTRUCTIONS}\n\nQuestion: {question}"
        else:
            user = f"{INSTRUCTIONS}\n\nContext:\n{example.fields['context']}\n\nQuestion: {question}"
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]

    def extract(self, example: Example, completion: str) -> str | None:
        return extract_answer(completion)

    def gold_completion(self, example: Example) -> str:
        return f"{(example.gold or '').strip()} && reference answer"
