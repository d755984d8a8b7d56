"""``tabbench train tao``: TAO-style offline rounds (explore, score, optimise, repeat).

Each round samples ``k`` completions per training prompt from the current checkpoint (through the ``hf``
model backend, with the prompts ``tabbench eval`` sends), scores every completion with the same reward
plugins a GRPO run would use (weighted sum, ``None`` left out as in TRL), and trains on the scored samples:

- ``rft``: rejection-sampling fine-tuning, SFT on accepted samples (reward >= ``--min-reward``), deduplicated
  by extracted answer, shortest first;
- ``dpo``: pairs of an accepted sample and the best rejected one (an executable wrong query beats a format
  error as the harder negative);
- ``kto``: every scored sample with a binary label, class weights balanced.

A prompt without gold is scored against the self-consistency vote of its own samples: the voted answer
becomes the reference the reward plugins compare with (a pseudo-label, as TAO does with unlabeled usage
data). The checkpoint of each round is kept in ``round-N/``; the last one is also written to ``--out``.
"""

from __future__ import annotations

import json
import random
import shutil
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

import tabbench
from tabbench import (
    Benchmark,
    ConfigError,
    Example,
    GenerationParams,
    GenerationRequest,
    Message,
    answer_text,
    training,
)
from tabbench.adapters import shared_samples
from tabbench.cli.options import common_options, deprecated_option, reward_options
from tabbench_trainers import __version__, progress


@dataclass
class Sample:
    """One sampled completion and its verdicts."""

    completion: str
    answer: str | None
    reward: float | None
    statuses: dict[str, str] = field(default_factory=dict)


@dataclass
class Group:
    """The k samples of one prompt; ``pseudo`` marks a prompt scored against its own vote."""

    benchmark: Benchmark
    example: Example
    samples: list[Sample]
    pseudo: bool = False
    prompt: list[Message] | None = None
    """The prompt the samples answered (the run's: ``TrainingRun.messages``), which the round's rows train on;
    ``None``: the benchmark's own."""

    def __post_init__(self) -> None:
        if self.prompt is None:
            self.prompt = self.benchmark.prompt(self.example)


# --- explore -----------------------------------------------------------------------------------------------


def sample_groups(
    model_path: Path | str, items: list[tuple[Benchmark, Example]], params: GenerationParams, batch_size: int,
    prompts: Sequence[list[Message]], chat_template: str | None = None,
) -> tuple[list[list[str]], dict[str, float]]:
    """``params.n`` completions per item of its prompt (``prompts``, the run's, in item order), from the backend
    that serves a local checkpoint (``hf``; ``chat_template``: ``--chat-template``), in item order, and the sampling's
    seconds: ``warmup_seconds`` of the calls that compiled (the backend's ``compile``, on by default on CUDA) apart."""
    options = {} if chat_template is None else {"chat_template": chat_template}
    backend = tabbench.get_backend(tabbench.default_backend(str(model_path)), str(model_path), **options)
    try:
        outputs: list[list[str]] = []
        start_time = time.perf_counter()
        for start in range(0, len(items), batch_size):
            chunk = zip(items[start:start + batch_size], prompts[start:start + batch_size], strict=True)
            requests = [GenerationRequest(prompt, e, b.name, b.gold_completion(e)) for (b, e), prompt in chunk]
            outputs.extend(backend.generate(requests, params))
        total = time.perf_counter() - start_time
        load, warmup = getattr(backend, "load_seconds", 0.0), getattr(backend, "warmup_seconds", 0.0)
        return outputs, {"load_seconds": round(load, 3), "warmup_seconds": round(warmup, 3),
                         "generation_seconds": round(max(0.0, total - load - warmup), 3)}
    finally:
        backend.close()


# --- score -------------------------------------------------------------------------------------------------


def score_group(benchmark: Benchmark, example: Example, completions: list[str],
                rewards: list[tuple[training.RewardSpec, Any]], prompt: list[Message] | None = None) -> Group:
    """Score ``completions`` (answers to ``prompt``: ``Group.prompt``) through the same TRL reward functions GRPO
    uses (``tabbench.adapters``).

    A prompt without gold is scored against its vote winner; the weighted sum leaves ``None`` out, as TRL does.
    Each answer is extracted once: the record's, the vote's and every reward function's share the adapters'
    samples (``tabbench.adapters.shared_samples``).
    """
    recorded = benchmark.answer_extractor()
    answers = [answer_text(s.get(recorded)) for s in shared_samples([example] * len(completions), completions)]
    pseudo = example.gold is None
    target = example
    if pseudo:
        gold = vote_answer(benchmark, example, completions, answers)
        if gold is None:
            return Group(benchmark, example, [Sample(c, a, None) for c, a in zip(completions, answers, strict=True)],
                         pseudo=True, prompt=prompt)
        target = replace(example, gold=gold)
    columns = {"example": [json.dumps(target.to_json(), sort_keys=True)] * len(completions),
               "benchmark": [benchmark.name] * len(completions)}  # another benchmark's reward scores None here
    per_reward = {spec.label: function.scores(list(completions), columns) for spec, function in rewards}
    samples = []
    for i, completion in enumerate(completions):
        scores = [(spec, per_reward[spec.label][i]) for spec, _ in rewards if per_reward[spec.label][i] is not None]
        present = [spec.weight * (s.value or 0.0) for spec, s in scores if not s.status.not_applicable]
        samples.append(Sample(
            completion=completion,
            answer=answers[i],
            reward=sum(present) if present else None,
            statuses={spec.label: s.status.value for spec, s in scores},
        ))
    return Group(benchmark, example, samples, pseudo=pseudo, prompt=prompt)


def vote_answer(benchmark: Benchmark, example: Example, completions: list[str],
                answers: list[str | None]) -> str | None:
    """The self-consistency winner's answer (``tabbench.evaluation.voting``), the pseudo-gold of an unlabeled prompt.

    ``answers`` are the completions' extracted answers. ``None`` when no candidate voted (no SQL executed, no
    answer extracted): the prompt is then unscorable.
    """
    from tabbench.evaluation.voting import vote_outcome

    if not completions:
        return None
    outcome = vote_outcome(benchmark, example, completions, answers=answers)
    if not outcome.support or outcome.support[outcome.index] <= 0:
        return None
    return answers[outcome.index]


# --- optimise: build the round's training rows -----------------------------------------------------------


def _message(text: str) -> list[dict[str, str]]:
    return [{"role": "assistant", "content": text}]


def _key(answer: str | None, completion: str) -> str:
    return " ".join((answer if answer is not None else completion).split()).lower()


def rft_rows(groups: list[Group], min_reward: float, keep: int) -> list[dict[str, Any]]:
    """SFT rows from accepted samples, one per distinct answer, shortest completion first."""
    rows = []
    for group in groups:
        accepted = sorted((s for s in group.samples if s.reward is not None and s.reward >= min_reward),
                          key=lambda s: (len(s.completion), s.completion))
        seen: set[str] = set()
        for sample in accepted:
            key = _key(sample.answer, sample.completion)
            if key in seen:
                continue
            seen.add(key)
            rows.append({"prompt": group.prompt, "completion": _message(sample.completion)})
            if len(seen) >= keep:
                break
    return rows


def dpo_rows(groups: list[Group], min_reward: float, pairs: int) -> list[dict[str, Any]]:
    """Preference pairs: accepted (shortest first) against rejected (highest reward first)."""
    rows = []
    for group in groups:
        scored = [s for s in group.samples if s.reward is not None]
        chosen = sorted((s for s in scored if s.reward >= min_reward), key=lambda s: (len(s.completion), s.completion))
        rejected = sorted((s for s in scored if s.reward < min_reward), key=lambda s: (-s.reward, s.completion))
        chosen = list({_key(s.answer, s.completion): s for s in reversed(chosen)}.values())[::-1]
        rejected = list({s.completion: s for s in reversed(rejected)}.values())[::-1]
        for good, bad in list(zip(chosen, rejected, strict=False))[:pairs]:
            rows.append({"prompt": group.prompt,
                         "chosen": _message(good.completion), "rejected": _message(bad.completion)})
    return rows


def kto_rows(groups: list[Group], min_reward: float, seed: int) -> list[dict[str, Any]]:
    """Unpaired rows labelled desirable when accepted; deduplicated per prompt and shuffled (KTO reads in order)."""
    rows = []
    for group in groups:
        seen: set[str] = set()
        for sample in group.samples:
            if sample.reward is None or sample.completion in seen:
                continue
            seen.add(sample.completion)
            rows.append({"prompt": group.prompt, "completion": _message(sample.completion),
                         "label": sample.reward >= min_reward})
    random.Random(seed).shuffle(rows)
    return rows


def round_summary(groups: list[Group], min_reward: float, primary: str) -> dict[str, Any]:
    """What a round's samples look like: mean reward, accept rates, pass@k and the primary reward's statuses."""
    scored = [s for g in groups for s in g.samples if s.reward is not None]
    total = sum(len(g.samples) for g in groups)
    statuses = Counter(s.statuses.get(primary, "unscored") for g in groups for s in g.samples)
    return {
        "prompts": len(groups),
        "pseudo_labelled_prompts": sum(g.pseudo for g in groups),
        "samples": total,
        "unscorable_samples": total - len(scored),
        "mean_reward": sum(s.reward for s in scored) / len(scored) if scored else None,
        "accept_rate": sum(s.reward >= min_reward for s in scored) / total if total else None,
        "pass_at_k": sum(any(s.reward is not None and s.reward >= min_reward for s in g.samples) for g in groups)
        / len(groups) if groups else None,
        "status_rates": {k: v / total for k, v in sorted(statuses.items())} if total else {},
    }


# --- the command --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TaoConfig(training.TrainConfig, training.RewardOptions):
    """``tabbench train tao``'s options, typed."""

    rounds: int
    mode: str
    k: int
    temperature: float
    top_p: float
    max_new_tokens: int
    generation_batch_size: int
    min_reward: float
    keep_per_prompt: int
    pairs_per_prompt: int
    batch_size: int
    max_length: int
    dpo_beta: float
    dpo_sft_weight: float


@click.command("tao")
@common_options(default_lr=1e-4, default_steps=None)
@reward_options
@click.option("--rounds", type=click.IntRange(min=1), default=1, show_default=True,
              help="Explore-score-optimise rounds; each starts from the previous round's checkpoint.")
@click.option("--mode", type=click.Choice(["rft", "dpo", "kto"]), default="rft", show_default=True,
              help="rft: SFT on accepted samples; dpo: accepted vs rejected pairs; kto: binary labels.")
@click.option("--samples", "k", type=click.IntRange(min=1), default=8, show_default=True,
              help="Completions sampled per prompt.")
@click.option("--temperature", type=click.FloatRange(min=0.0, min_open=True), default=1.0, show_default=True)
@click.option("--top-p", type=click.FloatRange(min=0.0, max=1.0, min_open=True), default=1.0, show_default=True)
@click.option("--max-new-tokens", type=click.IntRange(min=1), default=128, show_default=True)
@click.option("--generation-batch-size", type=click.IntRange(min=1), default=16, show_default=True,
              help="Prompts per generation call.")
@click.option("--min-reward", type=float, default=1.0, show_default=True,
              help="A sample is accepted (kept, chosen, desirable) when its weighted reward is at least this.")
@click.option("--keep-per-prompt", type=click.IntRange(min=1), default=2, show_default=True,
              help="rft: distinct accepted answers kept per prompt.")
@click.option("--pairs-per-prompt", type=click.IntRange(min=1), default=1, show_default=True,
              help="dpo: preference pairs per prompt.")
@click.option("--batch-size", type=click.IntRange(min=2), default=16, show_default=True,
              help="Rows per device per optimiser step.")
@click.option("--max-length", type=click.IntRange(min=8), default=512, show_default=True)
@click.option("--dpo-beta", type=click.FloatRange(min=0.0, min_open=True), default=0.1, show_default=True,
              help="dpo/kto: strength of the pull towards the reference model.")
@click.option("--dpo-sft-weight", type=click.FloatRange(min=0.0), default=1.0, show_default=True,
              help="dpo: weight of the added SFT loss on chosen samples (0 for pure sigmoid DPO).")
@deprecated_option("-k", "--samples", "k", type=click.IntRange(min=1))
def tao_command(**kw: Any) -> None:
    """TAO-style offline RL: sample k per prompt, score with reward plugins, train by RFT, DPO or KTO; repeat."""
    run_tao(TaoConfig.of(kw))


def run_tao(config: TaoConfig) -> Path:
    """The body of ``tabbench train tao``; returns the final checkpoint directory."""
    # check_answers: each sample's answer is extracted and recorded (the vote and samples.jsonl)
    return training.run_trainer("tao", config, _rounds, check_answers=True, model=False, plugin_version=__version__)


def _rounds(run: training.TrainingRun[TaoConfig]) -> training.Trained:
    """The rounds, each from the previous round's checkpoint; the last one's files are copied to ``--out``."""
    config = run.config
    out_dir, items, specs, budget, timer = run.out_dir, run.items, run.rewards, run.budget, run.timer
    rewards = list(zip(specs, training.trl_reward_funcs(specs), strict=True))
    current: Path | str = config.model_path
    prompts = [run.messages(b, e) for b, e in items]  # the run's, the same every round
    history = []
    for number in range(1, config.rounds + 1):
        if budget.exhausted:
            training.echo(f"tao: --max-seconds {config.max_seconds:g} spent; rounds {number}-{config.rounds} not run")
            break
        training.echo(f"tao round {number}/{config.rounds}: sampling {config.k} completions for {len(items)} prompts")
        params = GenerationParams(max_new_tokens=config.max_new_tokens, temperature=config.temperature,
                                  top_p=config.top_p, n=config.k, seed=config.seed + number)
        completions, sampling = sample_groups(current, items, params, config.generation_batch_size, prompts,
                                              config.chat_template)
        groups = [score_group(b, e, c, rewards, prompt)
                  for (b, e), c, prompt in zip(items, completions, prompts, strict=True)]
        summary = round_summary(groups, config.min_reward, specs[0].label)
        _write_samples(out_dir / f"round-{number}" / "samples.jsonl", groups)
        rows = _rows(config, groups, number)
        training.echo(f"tao round {number}: mean reward {_fmt(summary['mean_reward'])}, accepted "
                      f"{_fmt(summary['accept_rate'])}, pass@{config.k} {_fmt(summary['pass_at_k'])}; "
                      f"{len(rows)} {config.mode} rows")
        round_dir = out_dir / f"round-{number}"
        if rows:
            loss = _train(config, current, rows, round_dir, number, budget)
            current = round_dir
        else:
            loss = None
            training.echo(f"tao round {number}: nothing to train on; the checkpoint is unchanged")
        record = {"round": number, **summary, "mode": config.mode, "train_rows": len(rows), "train_loss": loss,
                  "sampling": sampling, "seconds": timer()}
        history.append(record)
        training.append_log(out_dir, [record], name="rounds.jsonl")
    if Path(current) == Path(config.model_path):
        raise ConfigError(f"tao: no round produced {config.mode} training rows (rft needs samples reaching "
                          f"--min-reward {config.min_reward}, dpo and kto also samples below it); try more samples "
                          "(-k), a higher temperature or an SFT cold start")
    round_only = ("samples.jsonl", "trainer_state.json")
    for name in sorted(p.name for p in Path(current).iterdir() if p.is_file() and p.name not in round_only):
        shutil.copy2(Path(current) / name, out_dir / name)
    return training.Trained(f"{config.rounds} rounds", {"prompts": len(items), "rounds": history,
                                                       "final_round_checkpoint": str(current)})


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _write_samples(path: Path, groups: list[Group]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for group in groups:
            handle.write(json.dumps({
                "benchmark": group.benchmark.name, "id": group.example.id, "pseudo_label": group.pseudo,
                "samples": [{"completion": s.completion, "answer": s.answer, "reward": s.reward,
                             "statuses": s.statuses} for s in group.samples],
            }, sort_keys=True) + "\n")


def _rows(config: TaoConfig, groups: list[Group], number: int) -> list[dict[str, Any]]:
    if config.mode == "rft":
        return rft_rows(groups, config.min_reward, config.keep_per_prompt)
    if config.mode == "dpo":
        return dpo_rows(groups, config.min_reward, config.pairs_per_prompt)
    rows = kto_rows(groups, config.min_reward, config.seed + number)
    return rows if any(r["label"] for r in rows) and not all(r["label"] for r in rows) else []


def _train(config: TaoConfig, model_path: Path | str, rows: list[dict[str, Any]], round_dir: Path,
           number: int, budget: training.TimeBudget) -> float:
    """One round's optimisation with TRL; saves the checkpoint to ``round_dir``."""
    from datasets import Dataset

    training.seed_everything(config.seed + number)
    model, tokenizer = training.load_model(model_path, config.chat_template)
    args = {
        **training.base_training_args(config, round_dir, len(rows)),
        "per_device_train_batch_size": config.batch_size,
        "max_length": config.max_length,
    }
    dataset = Dataset.from_list(rows)
    peft = training.peft_config(config)
    progress.quiet()
    if config.mode == "rft":
        from trl import SFTConfig, SFTTrainer

        trainer = SFTTrainer(model=model, args=SFTConfig(**args, completion_only_loss=True, packing=False),
                             train_dataset=dataset, processing_class=tokenizer, peft_config=peft)
    elif config.mode == "dpo":
        from trl import DPOConfig, DPOTrainer

        losses = ["sigmoid", "sft"] if config.dpo_sft_weight > 0 else ["sigmoid"]
        weights = [1.0, config.dpo_sft_weight] if config.dpo_sft_weight > 0 else [1.0]
        trl_config = DPOConfig(**args, beta=config.dpo_beta, loss_type=losses, loss_weights=weights,
                               precompute_ref_log_probs=True)
        ref = None if peft is not None else training.load_model(model_path, config.chat_template)[0]
        trainer = DPOTrainer(model=model, ref_model=ref, args=trl_config, train_dataset=dataset,
                             processing_class=tokenizer, peft_config=peft)
    else:
        from trl import KTOConfig, KTOTrainer

        desirable = sum(r["label"] for r in rows)
        undesirable = len(rows) - desirable
        kto_config = KTOConfig(**args, beta=config.dpo_beta, desirable_weight=max(1.0, undesirable / desirable),
                               undesirable_weight=max(1.0, desirable / undesirable))
        ref = None if peft is not None else training.load_model(model_path, config.chat_template)[0]
        trainer = KTOTrainer(model=model, ref_model=ref, args=kto_config, train_dataset=dataset,
                             processing_class=tokenizer, peft_config=peft)
    progress.attach(trainer, f"tao round {number} ({config.mode})")
    budget.attach(trainer)
    result = trainer.train()
    training.save_checkpoint(trainer, tokenizer, round_dir)
    trainer.state.save_to_json(str(round_dir / "trainer_state.json"))
    return result.training_loss
