"""The ``temptabqa`` benchmark: TEMPTABQA-C temporal questions answered from the athlete's infobox text."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from tabbench import Benchmark, Example, Message, MetricSpec, Option
from tabbench.sql import sql_extractor
from tabbench_temptabqa.data import SUBSETS, read_subset, subsets_for
from tabbench_temptabqa.database import SCHEMA
from tabbench_temptabqa.rewards import ANSWER

PROMPTS = ("infobox", "no_context", "sql")

SYSTEM = (
    "You answer questions about an athlete's international medals using only the information given. "
    "An event is a tournament, a format and a year."
)
INSTRUCTIONS = (
    "Answer in 1 to 10 words; answer Yes or No when the question asks whether something happened; list several "
    "answers separated by commas. Write the answer first, then ' && ', then your reasoning, e.g.\n"
    "2 && The infobox lists two bronze medals.\nAlternatively end with a last line 'Final Answer: <answer>'."
)

SQL_SYSTEM = "You translate questions about an athlete's international medals into SQLite queries."
SQL_INSTRUCTIONS = (
    "The database below holds the athlete's medals: a Tournament is a competition (e.g. Olympic Games), a Format "
    "an event in it (e.g. 100 m), a Medal one medal with its type ('MedalGold', 'MedalSilver' or "
    "'MedalBronze'), year and location; PersonalInformation holds the birth date. Write one SQLite query whose "
    "result is the answer: a count, a year, an age, names (several rows for several answers), or the text "
    "'Yes' / 'No' for a yes/no question (use CASE WHEN ... THEN 'Yes' ELSE 'No' END). Use the athlete's name "
    "as written in the question. Put the query in a ```sql block."
)


class TempTabQABenchmark(Benchmark):
    """TEMPTABQA-C (ACL Findings 2025), scored by the official EMS and REMS on the extracted answer.

    Options: ``prompt`` = ``infobox`` (default: the infobox text is the context, as in the paper's direct
    prompting), ``no_context`` (the question alone, the paper's closed-book baseline) or ``sql`` (the
    schema only; the model writes SQL that runs on the athlete's rebuilt database, the paper's symbolic
    method); ``lowercase``, ``strict`` and ``sql_timeout`` are passed to both rewards.
    """

    name = "temptabqa"
    version = "1"
    description = "TEMPTABQA-C temporal table QA over infoboxes (EMS, REMS; easy/medium/hard, original/counterfactual)"
    primary_metric = "rems"
    breakdown_keys = ("subset", "variant", "difficulty", "size")
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {"difficulty": ("easy", "medium", "hard", "unknown")}
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

    option_defaults: ClassVar[dict[str, Any]] = {
        "prompt": Option("infobox", str, choices=PROMPTS), "lowercase": False, "strict": False, "sql_timeout": 10.0,
    }

    def __init__(self, data_path: str | Path | None = None, **options: Any) -> None:
        super().__init__(data_path, **options)
        self.prompt_style = self.options["prompt"]
        # what the metrics read too (the query with prompt=sql): extracted once per sample
        self.extractor = sql_extractor("auto") if self.prompt_style == "sql" else ANSWER

    @classmethod
    def metric_options(cls, spec: MetricSpec, options: Mapping[str, Any]) -> dict[str, Any]:
        """``lowercase`` and ``strict`` go to both rewards; with ``prompt=sql`` they execute the answer
        (``sql=true``) under ``sql_timeout``."""
        offered = {k: options[k] for k in ("lowercase", "strict") if k in options}
        if options.get("prompt") == "sql":
            offered.update(sql=True, sql_timeout=options["sql_timeout"])
        return offered

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
        if self.prompt_style == "sql":
            user = f"{SQL_INSTRUCTIONS}\n\n{SCHEMA}\nQuestion: {question}"
            return [{"role": "system", "content": SQL_SYSTEM}, {"role": "user", "content": user}]
        if self.prompt_style == "no_context":
            user = f"{INSTRUCTIONS}\n\nQuestion: {question}"
        else:
            user = f"{INSTRUCTIONS}\n\nContext:\n{example.fields['context']}\n\nQuestion: {question}"
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


    def gold_completion(self, example: Example) -> str:
        gold = (example.gold or "").strip()
        if self.prompt_style == "sql":
            return "```sql\nSELECT '" + gold.replace("'", "''") + "'\n```"
        return f"{gold} && reference answer"
