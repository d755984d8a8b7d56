"""The model side of training: TRL arguments for the schedule and device, LoRA, loading a local checkpoint and
saving one where ``tabbench eval --model`` reads it. torch, transformers and peft are imported inside."""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from tabbench.contract.errors import ConfigError
from tabbench.training.config import TrainConfig


def device_settings(device: str) -> dict[str, Any]:
    """TrainingArguments for the device: CPU needs ``use_cpu`` and no bf16 (TRL defaults to bf16)."""
    import torch

    if device == "cuda" and not torch.cuda.is_available():
        raise ConfigError("--device cuda: no CUDA device is available (use --device cpu)")
    if device == "cpu" or (device == "auto" and not torch.cuda.is_available()):
        return {"use_cpu": True, "bf16": False, "fp16": False}
    return {"use_cpu": False, "bf16": torch.cuda.is_bf16_supported(), "fp16": False}


def _no_checkpointing() -> dict[str, bool]:
    """TRL turns activation checkpointing on by default (slower, no gain on small models): off, under the name
    this transformers knows (``activation_checkpointing`` from 5.2x, ``gradient_checkpointing`` before)."""
    from transformers import TrainingArguments

    names = {f.name for f in fields(TrainingArguments)}
    return {"activation_checkpointing" if "activation_checkpointing" in names else "gradient_checkpointing": False}


def base_training_args(config: TrainConfig, out_dir: Path, num_examples: int) -> dict[str, Any]:
    """Arguments shared by every TRL config: schedule, logging, device, no intermediate checkpoints."""
    args: dict[str, Any] = {
        "output_dir": str(out_dir / "trainer"),
        "learning_rate": config.learning_rate,
        "lr_scheduler_type": "constant_with_warmup",
        "warmup_steps": config.warmup_steps,
        "gradient_accumulation_steps": config.grad_accum,
        "seed": config.seed,
        "data_seed": config.seed,
        "logging_steps": config.logging_steps,
        "save_strategy": "no",
        "report_to": "none",
        **_no_checkpointing(),
        "dataloader_num_workers": 0,
        "disable_tqdm": not sys.stderr.isatty(),
        **device_settings(config.device),
    }
    if config.max_steps:
        args["max_steps"] = config.max_steps
    else:
        args["num_train_epochs"] = config.epochs
    return args


def peft_config(config: TrainConfig) -> Any:
    """A peft ``LoraConfig`` when ``--lora-r`` > 0, else ``None`` (full fine-tuning)."""
    if not config.lora_r:
        return None
    try:
        from peft import LoraConfig
    except ImportError as exc:
        raise ConfigError("--lora-r needs peft: pip install peft") from exc
    targets = config.lora_target_modules
    return LoraConfig(
        r=config.lora_r,
        lora_alpha=config.lora_alpha or 2 * config.lora_r,
        lora_dropout=config.lora_dropout,
        target_modules=targets if targets == "all-linear" else [t.strip() for t in targets.split(",") if t.strip()],
        task_type="CAUSAL_LM",
    )


def seed_everything(seed: int) -> None:
    from tabbench.reproducible import seed_all

    seed_all(seed)


def load_model(path: str | Path, chat_template: str | None = None) -> tuple[Any, Any]:
    """Model and tokenizer from a local path; the tokenizer must carry a chat template, or ``chat_template``
    (``--chat-template``) replaces it, and the saved checkpoint then carries that one."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        model = AutoModelForCausalLM.from_pretrained(str(path), local_files_only=True, dtype="float32")
    except (OSError, ValueError, KeyError, TypeError) as exc:  # a folder that only looks like a checkpoint
        reason = " ".join(str(exc).split())[:300]
        raise ConfigError(f"{path}: cannot load the checkpoint ({type(exc).__name__}: {reason})") from exc
    if chat_template is not None:
        tokenizer.chat_template = chat_template
    if not tokenizer.chat_template:
        raise ConfigError(f"{path}: the tokenizer has no chat template; tabbench prompts are chat messages "
                          "(give one with --chat-template FILE)")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


def save_checkpoint(trainer: Any, tokenizer: Any, out_dir: Path) -> bool:
    """Save weights (LoRA merged), tokenizer and chat template where ``tabbench eval --model`` reads them.

    ``trainer.save_model`` gathers ZeRO-3 shards and writes on the main process only; returns whether this
    process is the main one (the one that should write logs).
    """
    shutil.rmtree(out_dir / "trainer", ignore_errors=True)  # TRL's output_dir: empty, nothing is saved there
    main = trainer.is_world_process_zero()
    model = trainer.accelerator.unwrap_model(trainer.model)
    if hasattr(model, "merge_and_unload"):
        if main:
            model.merge_and_unload().save_pretrained(str(out_dir))
    else:
        trainer.save_model(str(out_dir))
    if main:
        tokenizer.save_pretrained(str(out_dir))
        _keep_tokenizer_class(out_dir, tokenizer)
    trainer.accelerator.wait_for_everyone()
    return main


def _keep_tokenizer_class(out_dir: Path, tokenizer: Any) -> None:
    """Record the tokenizer's own class, so AutoTokenizer does not swap in the model type's class on reload."""
    path = out_dir / "tokenizer_config.json"
    if not path.is_file():
        return
    config = json.loads(path.read_text(encoding="utf-8"))
    if config.get("tokenizer_class") != type(tokenizer).__name__:
        config["tokenizer_class"] = type(tokenizer).__name__
        path.write_text(json.dumps(config, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
