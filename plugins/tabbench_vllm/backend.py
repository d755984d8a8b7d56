"""The ``vllm`` backend: vLLM's offline ``LLM.generate`` on a local checkpoint, with tensor and data parallelism.

vLLM is imported only when the model is loaded (first ``generate``); without it that is a one-line
``BackendError`` naming the extra to install. Prompts are rendered here with the checkpoint's own chat template
(``tokenizer.apply_chat_template``), as the ``hf`` backend does, tokenized as it does (the template wrote the
special tokens: none is added, so no second BOS), and handed to the engine as token ids. A prompt that does not fit
the engine's ``max_model_len`` with ``max_new_tokens`` is refused alone (``prompt_too_long`` in ``tabbench eval``'s
record; ``LLM.generate`` would fail the whole batch), or cut from the left with ``truncate_prompts``.
Nothing is downloaded: the model must be a local folder.

Options (``--model-option KEY=VALUE``): ``tensor_parallel_size`` (1), ``data_parallel_size`` (1: engines, one
per Ray actor, each given an interleaved share of every batch), ``batch_invariant`` (false: vLLM's
``VLLM_BATCH_INVARIANT``, set only while the engine runs), ``prefix_cache`` (true: vLLM's
``enable_prefix_caching``, which computes a prompt prefix shared by several requests once; prompts are also
sent sorted by text, so a database's questions meet), ``dtype`` (``auto``),
``gpu_memory_utilization`` (0.9), ``max_model_len``, ``adapter`` (a LoRA adapter folder, served with
``enable_lora``), ``max_lora_rank`` (64), ``quantization``, ``enforce_eager`` (false), ``trust_remote_code``
(false), ``engine_seed`` (0).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from tabbench import (
    BackendError,
    ConfigError,
    Generation,
    GenerationParams,
    GenerationRequest,
    Message,
    ModelBackend,
    Option,
    completions_of,
    counted_usage,
    finish_reason,
    fit_prompt,
    parse_tool_calls,
    prompt_too_long,
)
from tabbench.checkpoint import checkpoint_files, hub_id

INSTALL_HINT = "pip install 'tabbench[vllm]' on a machine with a CUDA GPU; on a CPU use --backend hf"
MIN_VLLM = "0.12.0"  # the oldest vLLM the backend runs on (check_vllm_version); pyproject's vllm extra says the same
TOKENIZER_MODE = "hf"  # the Hugging Face tokenizer and its chat template, never vLLM's choice (check_tokenizer)


def request_seed(seed: int, prompt: str) -> int:
    """A per-prompt seed from the run seed and the prompt text: a prompt's samples do not depend on its batch."""
    return int.from_bytes(hashlib.sha256(f"{seed}\0{prompt}".encode()).digest()[:4], "big")


def check_sampling(params: GenerationParams) -> None:
    """The values ``vllm.SamplingParams`` refuses, refused here before the engine starts (a model load later they
    were a traceback): temperature in [0, 2] and finite, top_p in (0, 1] (vLLM's ``_verify_args``)."""
    if not 0.0 <= params.temperature <= 2.0:  # NaN fails too
        raise ConfigError(f"vllm: --temperature {params.temperature!r}: vLLM takes 0 to 2")
    if not 0.0 < params.top_p <= 1.0:
        raise ConfigError(f"vllm: --top-p {params.top_p!r}: vLLM takes more than 0, at most 1")


def sampling_kwargs(params: GenerationParams, prompt: str) -> dict[str, Any]:
    """``vllm.SamplingParams`` keyword arguments for one prompt.

    ``temperature == 0`` is greedy (vLLM then ignores ``top_p`` and the seed; they are set to neutral values, and it
    refuses ``n > 1``: one completion is asked for, repeated ``n`` times by ``Replica.generations``).
    """
    greedy = params.temperature == 0
    return {
        "n": 1 if greedy else params.n,
        "temperature": float(params.temperature),
        "top_p": 1.0 if greedy else float(params.top_p),
        "max_tokens": int(params.max_new_tokens),
        "seed": None if greedy else request_seed(params.seed, prompt),
        "stop": list(params.stop) or None,
    }


def engine_kwargs(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """``vllm.LLM`` keyword arguments: the local folder for weights and tokenizer, and the engine options."""
    kwargs: dict[str, Any] = {
        "model": str(path),
        "tokenizer": str(path),
        "tensor_parallel_size": int(options.get("tensor_parallel_size", 1)),
        "dtype": str(options.get("dtype", "auto")),
        "gpu_memory_utilization": float(options.get("gpu_memory_utilization", 0.9)),
        "seed": int(options.get("engine_seed", 0)),
        "trust_remote_code": bool(options.get("trust_remote_code", False)),
        "enforce_eager": bool(options.get("enforce_eager", False)),
        "enable_prefix_caching": options.get("prefix_cache", True),
        "tokenizer_mode": TOKENIZER_MODE,
    }
    if options.get("max_model_len"):
        kwargs["max_model_len"] = int(options["max_model_len"])
    if options.get("quantization"):
        kwargs["quantization"] = str(options["quantization"])
    if options.get("adapter"):
        kwargs["enable_lora"] = True
        kwargs["max_lora_rank"] = int(options.get("max_lora_rank", 64))
    return kwargs


def check_vllm_version(installed: str | None) -> None:
    """Refuse a vLLM older than ``MIN_VLLM`` (``None``: not installed, which the engine's start says): the backend
    relies on ``tokenizer_mode="hf"`` (vLLM 0.12) and on ``VLLM_BATCH_INVARIANT`` being honoured (0.11.1), so an
    older one would pick another tokenizer or record a batch invariance that did not run."""
    if installed is None:
        return
    from packaging.version import InvalidVersion, Version

    try:
        old = Version(installed) < Version(MIN_VLLM)
    except InvalidVersion:
        return
    if old:
        raise ConfigError(f"vllm: vLLM {installed} is installed; the backend needs vLLM >= {MIN_VLLM} (tokenizer_mode "
                          f"'hf', VLLM_BATCH_INVARIANT): pip install 'tabbench[vllm]'")


def check_tokenizer(path: Path) -> None:
    """Refuse a checkpoint whose only tokenizer is Mistral's (``tekken.json`` or ``tokenizer.model.v*``, no
    ``tokenizer_config.json``): the backend runs vLLM with the Hugging Face tokenizer (``tokenizer_mode='hf'``,
    the one whose chat template renders tabbench's prompts; vLLM's Mistral tokenizer has none), and such a folder
    has no Hugging Face tokenizer to give it."""
    mistral = [p.name for p in (path / "tekken.json", *sorted(path.glob("tokenizer.model.v*"))) if p.is_file()]
    if mistral and not (path / "tokenizer_config.json").is_file():
        raise ConfigError(f"vllm: {path} has only a Mistral tokenizer ({mistral[0]}), which has no chat template; "
                          "the backend needs the Hugging Face tokenizer (tokenizer_config.json with a chat template): "
                          "use the checkpoint's Hugging Face-format release")


def render_prompts(tokenizer: Any, conversations: Sequence[list[Message]],
                   tools: Sequence[list[dict[str, Any]] | None] | None = None) -> list[str]:
    """Each conversation through the tokenizer's chat template, with the assistant turn opened; ``tools``, one
    list of tool schemas per conversation (``eval --env``), are rendered by the template too."""
    if not getattr(tokenizer, "chat_template", None):
        raise BackendError("vllm: the checkpoint's tokenizer has no chat template (tabbench prompts are chats)")
    per_conversation = tools if tools is not None else [None] * len(conversations)
    return [tokenizer.apply_chat_template(list(m), tools=t or None, tokenize=False, add_generation_prompt=True)
            for m, t in zip(conversations, per_conversation, strict=True)]


def engine_context(llm: Any) -> int | None:
    """The engine's context in tokens (``max_model_len``: the option, else what vLLM derived from the checkpoint);
    ``None`` when the engine does not say."""
    config = getattr(getattr(llm, "llm_engine", None), "model_config", None) or getattr(llm, "model_config", None)
    length = getattr(config, "max_model_len", None)
    return length if isinstance(length, int) and not isinstance(length, bool) else None


def engine_environment(batch_invariant: bool) -> dict[str, str]:
    """The variables the engine must run with: vLLM reads batch invariance only from ``VLLM_BATCH_INVARIANT``
    (it has no engine argument for it), set from the option either way so that the fingerprint's
    ``batch_invariant`` is what ran; ``HF_HUB_OFFLINE=1`` (unless set) keeps vLLM from reaching the hub."""
    return {"VLLM_BATCH_INVARIANT": "1" if batch_invariant else "0",
            "HF_HUB_OFFLINE": os.environ.get("HF_HUB_OFFLINE", "1")}


class Replica:
    """One vLLM engine and what it generates: prompts rendered with the checkpoint's chat template, sampled with
    per-prompt seeds. The backend holds one in its own process, or ``data_parallel_size`` of them as Ray actors
    (``tabbench_vllm.data_parallel``); the engine starts on the first call, in the process that holds it."""

    def __init__(self, engine: dict[str, Any], adapter: Path | None = None, batch_invariant: bool = False,
                 chat_template: str | None = None) -> None:
        self.engine, self.adapter, self.batch_invariant = engine, adapter, batch_invariant
        self.chat_template = chat_template  # --chat-template: rendered with this instead of the checkpoint's
        self._llm: Any = None
        self._saved_environment: dict[str, str | None] | None = None

    @property
    def gpus(self) -> float:
        """GPUs the engine needs (a Ray actor's ``num_gpus``): its tensor parallel size."""
        return float(self.engine["tensor_parallel_size"])

    def start(self) -> Any:
        """The ``vllm.LLM`` (started once), with ``engine_environment`` in the process environment.

        The environment is the only way to reach vLLM here, and it is read at several moments (when vLLM's
        modules are imported, by the engine processes ``LLM`` spawns, and, when the engine runs in this process,
        by its kernels as they run), so the variables are set for the engine's lifetime, not just its start:
        from here until ``close``, which puts back what was there before.
        """
        if self._llm is None:
            wanted = engine_environment(self.batch_invariant)
            if self._saved_environment is None:
                self._saved_environment = {key: os.environ.get(key) for key in wanted}
            os.environ.update(wanted)
            try:
                import vllm
            except ImportError as exc:
                self.close()
                raise BackendError(f"vllm: vLLM is not installed ({exc.name or exc}); {INSTALL_HINT}") from exc
            try:
                self._llm = vllm.LLM(**self.engine)
            except Exception as exc:
                self.close()
                raise BackendError(f"vllm: cannot start the engine on {self.engine['model']}: {type(exc).__name__}: "
                                   f"{' '.join(str(exc).split())[:300]}") from exc
        return self._llm

    def close(self) -> None:
        """Drop the engine and put the environment back as ``start`` found it."""
        self._llm = None
        for key, value in (self._saved_environment or {}).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._saved_environment = None

    def sampling(self, kwargs: dict[str, Any]) -> Any:
        import vllm

        return vllm.SamplingParams(**kwargs)

    def lora_request(self) -> Any:
        """The ``--adapter`` every generation runs with (``None`` without one)."""
        if self.adapter is None:
            return None
        from vllm.lora.request import LoRARequest

        return LoRARequest("tabbench-adapter", 1, str(self.adapter))

    def generations(self, conversations: Sequence[list[Message]], params: GenerationParams,
                    tools: Sequence[list[dict[str, Any]] | None] | None = None) -> list[Generation]:
        """A ``Generation`` of each conversation, in order (``tools``: ``eval --env``'s tool schemas): ``params.n``
        completions, or a refusal when the prompt does not fit the engine's context (``tabbench.fit_prompt``)."""
        if not conversations:
            return []
        llm = self.start()
        tokenizer = llm.get_tokenizer()
        if self.chat_template:
            tokenizer.chat_template = self.chat_template
        prompts = render_prompts(tokenizer, conversations, tools)
        context = engine_context(llm)
        fitted = [fit_prompt(tokenizer.encode(p, add_special_tokens=False), context, params) for p in prompts]
        kept = [i for i, (ids, _) in enumerate(fitted) if ids is not None]
        results = [prompt_too_long(details) for _, details in fitted]
        if kept:
            sampling = [self.sampling(sampling_kwargs(params, prompts[i])) for i in kept]
            outputs = llm.generate([{"prompt_token_ids": fitted[i][0]} for i in kept], sampling,
                                   lora_request=self.lora_request(), use_tqdm=False)
            for i, out in zip(kept, outputs, strict=True):
                results[i] = completed(out, fitted[i], context, params, tokenizer)
        return results


def completed(output: Any, fitted: tuple[list[int] | None, dict[str, Any]], context: int | None,
              params: GenerationParams, tokenizer: Any) -> Generation:
    """One request's ``Generation`` from vLLM's ``RequestOutput``: its completions (greedy: the one asked for,
    ``n`` times), each one's finish reason (``length`` said as ``context`` where the context filled before
    ``max_new_tokens``: ``tabbench.finish_reason``), and what it spent: the prompt's ids, each generated
    completion's ``token_ids`` (a greedy completion's once), its reasoning counted by the tokenizer."""
    ids, details = fitted
    prompt = len(ids or [])
    done = sorted(output.outputs, key=lambda o: o.index)
    copies = params.n if params.temperature == 0 else 1  # greedy: one completion, n times
    generated = [len(o.token_ids) for o in done]
    reasons = [finish_reason(getattr(o, "finish_reason", None), prompt, n, context, params.max_new_tokens)
               for o, n in zip(done, generated, strict=True)] * copies
    texts = [o.text for o in done]
    usage = counted_usage(prompt, generated, texts, lambda text: len(tokenizer.encode(text, add_special_tokens=False)))
    return Generation(texts * copies, None, {**details, **({"finish_reasons": reasons} if any(reasons) else {})},
                      usage)


class VLLMBackend(ModelBackend):
    """vLLM offline inference on a local checkpoint folder."""

    name = "vllm"
    description = "vLLM offline LLM.generate"
    replica_class: type[Replica] = Replica
    """What runs each engine (a test stands a fake engine in here)."""

    option_defaults: ClassVar[dict[str, Any]] = {
        "tensor_parallel_size": Option(1, int, min=1), "data_parallel_size": Option(1, int, min=1),
        "batch_invariant": False, "prefix_cache": True, "dtype": "auto",
        "gpu_memory_utilization": Option(0.9, float, min=0, min_exclusive=True, max=1), "max_model_len":
        Option(None, int, min=1), "adapter": Option(None, str), "max_lora_rank": Option(64, int, min=1),
        "quantization": Option(None, str), "enforce_eager": False, "trust_remote_code": False, "engine_seed": 0,
        "chat_template": Option(None, str, help="the text of a Jinja chat template (tabbench eval --chat-template)"),
    }

    def __init__(self, model: str, **options: Any) -> None:
        super().__init__(model, **options)  # the host checks the options against option_defaults
        options = self.options
        path = Path(model).expanduser()
        if not (path / "config.json").is_file():
            raise ConfigError(f"vllm: model path {model!r} is not a local checkpoint folder with a config.json; "
                              "tabbench loads local checkpoints only and never downloads")
        self.path = path.resolve()
        check_vllm_version(vllm_version())
        check_tokenizer(self.path)
        self.adapter: Path | None = None
        if options.get("adapter"):
            self.adapter = Path(str(options["adapter"])).expanduser().resolve()
            if not (self.adapter / "adapter_config.json").is_file():
                raise ConfigError(f"vllm: adapter {options['adapter']!r} has no adapter_config.json")
        self.engine = engine_kwargs(self.path, options)
        self.data_parallel_size: int = options.get("data_parallel_size", 1)
        self.batch_invariant: bool = options.get("batch_invariant", False)
        self._replicas: Any = None
        self._fingerprint: dict[str, Any] | None = None

    def load(self) -> Any:
        """The engine(s), started once: one ``Replica`` here, or ``data_parallel_size`` Ray actors."""
        if self._replicas is None:
            replica = self.replica_class(self.engine, self.adapter, self.batch_invariant,
                                         self.options.get("chat_template"))
            if self.data_parallel_size == 1:
                replica.start()
                self._replicas = replica
            else:
                from tabbench_vllm.data_parallel import DataParallel

                self._replicas = DataParallel(replica, self.data_parallel_size)
        return self._replicas

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        return completions_of(self.name, requests, self.generations(requests, params))

    def generations(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[Generation]:
        """Each request's completions (vLLM's ``finish_reason`` of each under ``details["finish_reasons"]``:
        ``length`` is a completion cut at ``max_new_tokens`` or the context), or its refusal."""
        check_sampling(params)
        if not requests:
            return []
        order = sorted(range(len(requests)), key=lambda i: repr(requests[i].messages))  # shared prefixes meet
        outputs = self.load().generations([requests[i].messages for i in order], params)
        restored: list[Generation] = [Generation([]) for _ in requests]
        for i, output in zip(order, outputs, strict=True):
            restored[i] = output
        return restored

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any]]:
        """``tabbench eval --env``: the ``hf`` path on vLLM: the chat template renders the tool schemas, tool calls
        are read back by ``tabbench.parse_tool_calls``. Untested here (no GPU)."""
        check_sampling(params)
        if not requests:
            return []
        outputs = self.load().generations([r.messages for r in requests], replace(params, n=1),
                                          [r.tools for r in requests])
        return [out if out.status is not None else {**parse_tool_calls(out.completions[0]), "usage": out.usage}
                for out in outputs]  # a refusal (the conversation outgrew the context) ends that rollout alone

    def origin(self) -> str | None:
        """The hub id the checkpoint's ``config.json`` names (``_name_or_path``), if any."""
        return hub_id(self.path)

    def fingerprint(self) -> dict[str, Any]:
        """Backend, path, size+sha256 of every weight/config/tokenizer file, dtype, parallelism, adapter, and the
        vLLM version and batch-invariance setting (``results.json`` → ``model.fingerprint``)."""
        if self._fingerprint is None:
            self._fingerprint = {
                "backend": self.name,
                "path": str(self.path),
                "files": checkpoint_files(self.path),
                "dtype": self.engine["dtype"],
                "quantization": self.engine.get("quantization"),
                "tensor_parallel_size": self.engine["tensor_parallel_size"],
                "data_parallel_size": self.data_parallel_size,
                "vllm_version": vllm_version(),
                "batch_invariant": self.batch_invariant,
                "prefix_cache": self.engine["enable_prefix_caching"],
                "tokenizer_mode": self.engine["tokenizer_mode"],
                "adapter": None if self.adapter is None else {
                    "path": str(self.adapter), "files": checkpoint_files(self.adapter)},
            }
            if self.options.get("chat_template"):  # only when given: other fingerprints and caches stay as before
                self._fingerprint["chat_template_sha256"] = hashlib.sha256(
                    self.options["chat_template"].encode("utf-8")).hexdigest()
        return self._fingerprint

    def close(self) -> None:
        """Drop the engine(s) so their GPU memory can be freed."""
        if self._replicas is not None and hasattr(self._replicas, "close"):
            self._replicas.close()
        self._replicas = None


def vllm_version() -> str | None:
    """The installed vLLM's version, read from its metadata without importing it (``None``: not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("vllm")
    except PackageNotFoundError:
        return None
