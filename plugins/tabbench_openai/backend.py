"""The ``openai`` model backend: completions from any OpenAI-compatible HTTP server.

Standard library only (``urllib`` in a thread pool), so it adds no dependency. Requests are sent concurrently up
to ``concurrency``; 408/409/429/5xx answers, refused or dropped connections and timeouts are retried with
exponential backoff and jitter (a ``Retry-After`` header is honoured); any other HTTP error is a one-line
``BackendError`` carrying the server's message, except a server's refusal of a prompt too long for the model's
context (``context_error``: vLLM's, transformers serve's, OpenAI's ``context_length_exceeded``, llama.cpp's), which
refuses that request alone (``prompt_too_long`` in ``tabbench eval``'s record). Servers that ignore ``n``
(``transformers serve`` does) get the missing samples as further requests with seeds ``seed+1, seed+2, ...``; stop
strings are also applied on the client, for servers that ignore ``stop``.

With a local tokenizer (the ``tokenizer`` option, or the model name when it is a local folder, as with
``transformers serve PATH``) prompts are also measured here, against the context: the ``max_model_len`` option,
else the server's ``/v1/models`` entry (vLLM lists ``max_model_len``; transformers serve lists none), else the
local folder's ``config.json``. A prompt that does not fit with ``max_new_tokens`` is then refused without a
request, or, with ``truncate_prompts`` and ``endpoint=completions``, cut from the left.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar
from urllib.error import HTTPError
from urllib.request import Request, urlopen

from tabbench import (
    BackendError,
    ConfigError,
    Generation,
    GenerationParams,
    GenerationRequest,
    Message,
    ModelBackend,
    Option,
    Usage,
    completions_of,
    finish_reason,
    fit_prompt,
    prompt_too_long,
    total_usage,
    truncate_at_stop,
)
from tabbench.checkpoint import is_hub_id

DEFAULT_BASE_URL = "http://127.0.0.1:8000/v1"
RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
ENDPOINTS = {"chat": "/chat/completions", "completions": "/completions"}
CONTEXT_STATUS = frozenset({400, 413, 422})  # how servers answer a request longer than the model's context
CONTEXT_CODES = frozenset({"context_length_exceeded", "exceed_context_size_error"})  # OpenAI's, llama.cpp's
CONTEXT_WORDS = re.compile(r"context length|context window|context size|max-model-len|max_model_len|maximum model "
                           r"length|model takes at most|prompt is too long", re.I)
CONTEXT_LIMIT = re.compile(r"(?:maximum context length is|takes at most|maximum model length (?:is|of)|context "
                           r"length of|context size \(?)\s*(\d+)", re.I)
PROMPT_LENGTH = re.compile(r"(?:prompt has|resulted in|request has|prompt \(length|input \()\s*(\d+)|(\d+) in the "
                           r"messages", re.I)
CONFIG_CONTEXT_KEYS = ("max_position_embeddings", "n_positions", "max_sequence_length", "seq_length", "n_ctx")


@dataclass(frozen=True)
class Sampled:
    """The completions of one or more calls for one request: texts, each one's finish reason, what the calls spent
    (``None`` when one said nothing), and each call's own ``Usage`` (``calls``)."""

    texts: list[str]
    reasons: list[str | None]
    usage: Usage | None
    calls: tuple[Usage | None, ...] = ()

    def __post_init__(self) -> None:
        if not self.calls:
            object.__setattr__(self, "calls", (self.usage,))

    def first(self, n: int = 1) -> Sampled:
        """The first ``n`` completions (what the calls spent stays: they were made)."""
        return Sampled(self.texts[:n], self.reasons[:n], self.usage, self.calls)

    @staticmethod
    def joined(parts: Sequence[Sampled]) -> Sampled:
        calls = tuple(call for part in parts for call in part.calls)
        return Sampled([t for p in parts for t in p.texts], [r for p in parts for r in p.reasons],
                       total_usage(calls), calls)


class ContextError(BackendError):
    """A server refused one request because its prompt does not fit the model's context (``details``: what the
    server said, and the numbers it gave)."""

    def __init__(self, message: str, details: dict[str, Any]) -> None:
        super().__init__(message)
        self.details = details


def context_error(status: int, body: str) -> dict[str, Any] | None:
    """What a server's error answer says of a prompt too long for the model's context, or ``None`` when the answer
    is another error: ``message`` (its words, cut), and ``prompt_tokens``/``context_length`` when it gives them.

    Told apart by the status (400, 413, 422) and by an error code (OpenAI's ``context_length_exceeded``,
    llama.cpp's ``exceed_context_size_error``) or the wording of vLLM, transformers serve, SGLang and OpenAI."""
    if status not in CONTEXT_STATUS:
        return None
    try:
        answer = json.loads(body)
    except (ValueError, RecursionError):
        answer = body
    texts, codes = [], set()
    for part in (answer, *(answer.values() if isinstance(answer, dict) else ())):
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict):
            texts += [str(part[k]) for k in ("message", "detail") if isinstance(part.get(k), str)]
            codes |= {str(part[k]) for k in ("code", "type") if part.get(k) is not None}
    if isinstance(answer, dict):
        codes |= {str(answer[k]) for k in ("code", "type") if isinstance(answer.get(k), str)}
    message = " ".join(" ".join(texts).split())
    if not (codes & CONTEXT_CODES or CONTEXT_WORDS.search(message)):
        return None
    details: dict[str, Any] = {"message": message[:300]}
    if limit := CONTEXT_LIMIT.search(message):
        details["context_length"] = int(limit.group(1))
    if length := PROMPT_LENGTH.search(message):
        details["prompt_tokens"] = int(length.group(1) or length.group(2))
    return details


def parse_spec(spec: str, options: dict[str, Any]) -> tuple[str, str | None]:
    """``(base_url, model name)`` from a model spec: ``NAME``, ``URL`` or ``URL#NAME``.

    A bare name takes its URL from the ``base_url`` option, then ``TABBENCH_OPENAI_BASE_URL``, then
    ``OPENAI_BASE_URL``, then ``http://127.0.0.1:8000/v1`` (``vllm serve``'s default).
    """
    if spec.startswith(("http://", "https://")):
        base, _, name = spec.partition("#")
        return base.rstrip("/"), name or options.get("model_name") or None
    base = (options.get("base_url") or os.environ.get("TABBENCH_OPENAI_BASE_URL")
            or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
    return str(base).rstrip("/"), spec


def backoff_delay(attempt: int, base: float, cap: float, retry_after: str | None = None,
                  rng: Callable[[], float] = random.random) -> float:
    """Seconds to wait before retry ``attempt`` (0-based): ``Retry-After`` when given, else capped ``base*2**k``
    with jitter in [50%, 100%] so that concurrent clients do not retry in lockstep."""
    if retry_after is not None:
        try:
            return min(cap, max(0.0, float(retry_after)))
        except ValueError:
            pass
    return min(cap, base * 2**attempt) * (0.5 + 0.5 * rng())


def answer_usage(answer: dict[str, Any]) -> Usage | None:
    """What one answer says it spent (OpenAI's ``usage``: ``prompt_tokens``, ``completion_tokens`` and
    ``completion_tokens_details.reasoning_tokens``); ``None`` when it says nothing usable (a server that sends no
    usage, or counts that are not whole numbers)."""
    usage = answer.get("usage")
    if not isinstance(usage, dict):
        return None
    details = usage.get("completion_tokens_details")
    reasoning = details.get("reasoning_tokens") if isinstance(details, dict) else None
    try:
        return Usage.from_json({"prompt_tokens": usage.get("prompt_tokens"),
                                "completion_tokens": usage.get("completion_tokens"), "reasoning_tokens": reasoning})
    except (KeyError, ValueError):
        return None


def choice_text(choice: dict[str, Any], reasoning: str) -> str:
    """The completion of one choice; a separate ``reasoning_content`` goes back into ``<think>`` tags
    (``reasoning="think"``, the default), which is where the model wrote it and where rewards look for it."""
    if "message" in choice:
        message = choice.get("message") or {}
        content = message.get("content") or ""
        thought = message.get("reasoning_content") or message.get("reasoning") or ""
        if thought and reasoning == "think":
            return f"<think>{thought}</think>{content}"
        return content
    return choice.get("text") or ""


class OpenAIBackend(ModelBackend):
    """Chat or completions requests to an OpenAI-compatible server.

    Model spec: ``NAME``, ``URL`` or ``URL#NAME`` (see ``parse_spec``). Options: ``base_url``, ``api_key``
    (default ``OPENAI_API_KEY``; none is sent when unset), ``endpoint`` (``chat``, the default, or
    ``completions``), ``concurrency`` (8), ``timeout`` (seconds per request, 300), ``max_retries`` (5),
    ``backoff`` (first delay, 1.0 s), ``backoff_max`` (60 s), ``reasoning`` (``think`` or ``drop``),
    ``tokenizer`` (a local path whose chat template renders prompts for ``completions``, and measures prompts
    against the context; defaults to the model name when that is a local folder, as with ``transformers serve
    PATH``), ``max_model_len`` (the model's context in tokens; default: the server's ``/v1/models`` entry, else the
    local folder's ``config.json``), ``extra_body`` (a dict merged into
    every request, e.g. ``{"top_k": 20}``), ``revision`` (recorded in the fingerprint), ``prefix_cache``
    (true, the default: requests are submitted sorted by their messages, so a database's questions, which share
    its schema, reach the server together and its prefix cache serves the shared schema; false: in the caller's
    order). The order decides which prompts a server batches together, so ``prefix_cache`` is recorded in the
    fingerprint, as the hf and vllm backends record theirs.
    """

    name = "openai"
    description = "OpenAI-compatible server"
    option_defaults: ClassVar[dict[str, Any]] = {
        "base_url": Option(None, str), "model_name": Option(None, str), "api_key": Option(None, str),
        "endpoint": Option("chat", str, choices=tuple(ENDPOINTS)), "concurrency": Option(8, int, min=1),
        "timeout": 300.0, "max_retries": Option(5, int, min=0), "backoff": Option(1.0, float, min=0),
        "backoff_max": Option(60.0, float, min=0), "reasoning": Option("think", str, choices=("think", "drop")),
        "tokenizer": Option(None, str), "extra_body": Option(None, dict), "revision": Option(None),
        "prefix_cache": True, "max_model_len": Option(None, int, min=1),
        "chat_template": Option(None, str, help="endpoint=completions: the text of a Jinja chat template that renders "
                                "the prompts instead of the tokenizer's (tabbench eval --chat-template)"),
    }

    def __init__(self, model: str, **options: Any) -> None:
        super().__init__(model, **options)  # the host checks the options against option_defaults
        options = {key: self.options.get(key, getattr(value, "default", value))
                   for key, value in self.option_defaults.items()}  # the checked options, defaults filled in
        self.base_url, self.model_name = parse_spec(model, options)
        self.endpoint: str = options["endpoint"]
        self.api_key = options["api_key"] or os.environ.get("OPENAI_API_KEY")
        self.concurrency: int = options["concurrency"]
        self.timeout: float = options["timeout"]
        self.max_retries: int = options["max_retries"]
        self.backoff: float = options["backoff"]
        self.backoff_max: float = options["backoff_max"]
        self.reasoning: str = options["reasoning"]
        self.extra_body = dict(options["extra_body"] or {})
        self.prefix_cache: bool = options["prefix_cache"]
        self.chat_template: str | None = options["chat_template"]
        if self.chat_template and self.endpoint != "completions":
            raise ConfigError("openai backend: --chat-template renders prompts here, for -m endpoint=completions; "
                              "on the chat endpoint the server applies its own template")
        self._server_honours_n: bool | None = None
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.concurrency)  # requests in flight, across both pools
        self._template: Any = None
        self._context: tuple[int | None] | None = None  # (context length,) once looked up

    # --- requests -----------------------------------------------------------------------------------------

    def _url(self, path: str) -> str:
        return self.base_url + path

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One HTTP exchange with retries; returns the decoded JSON answer."""
        url = self._url(path)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = json.dumps(body).encode("utf-8") if body is not None else None
        for attempt in range(self.max_retries + 1):
            retry_after = None
            try:
                with self._slots, urlopen(Request(url, data=data, headers=headers, method=method),
                                          timeout=self.timeout) as resp:
                    return json.loads(resp.read().decode("utf-8"))
            except HTTPError as exc:
                body = exc.read()[:4000].decode("utf-8", "replace")
                detail = " ".join(body[:400].split())
                too_long = context_error(exc.code, body)
                if too_long is not None:
                    raise ContextError(f"openai backend: {url} refused a prompt too long for the model's context "
                                       f"(HTTP {exc.code}): {detail}", too_long) from exc
                if exc.code not in RETRY_STATUS or attempt == self.max_retries:
                    raise BackendError(f"openai backend: {url} answered HTTP {exc.code}: {detail}") from exc
                retry_after = exc.headers.get("Retry-After") if exc.headers else None
            except OSError as exc:  # refused, reset, unreachable, timed out
                if attempt == self.max_retries:
                    reason = getattr(exc, "reason", exc)
                    raise BackendError(
                        f"openai backend: cannot reach {url} after {attempt + 1} attempts ({reason})"
                    ) from exc
            except ValueError as exc:
                raise BackendError(f"openai backend: {url} answered with invalid JSON ({exc})") from exc
            time.sleep(backoff_delay(attempt, self.backoff, self.backoff_max, retry_after))
        raise AssertionError("unreachable")

    def resolve_model_name(self) -> str:
        """The served model's name: from the spec, or the first model the server lists."""
        if self.model_name is None:
            listing = self._call("GET", "/models").get("data") or []
            if not listing:
                raise BackendError(f"openai backend: {self.base_url} lists no model; name one as URL#MODEL")
            self.model_name = str(listing[0]["id"])
        return self.model_name

    def _local_folder(self) -> Path | None:
        """The local folder of the model's tokenizer and config: the ``tokenizer`` option, else the model name when
        it is a folder (``transformers serve PATH``)."""
        source = self.options.get("tokenizer") or self.model_name
        return Path(source) if source and Path(source).is_dir() else None

    def tokenizer(self) -> Any:
        """The model's tokenizer, from the local folder (loaded once); ``BackendError`` without one."""
        with self._lock:
            if self._template is None:
                folder = self._local_folder()
                if folder is None:
                    raise BackendError(
                        "openai backend: endpoint=completions renders the chat template locally; pass "
                        "tokenizer=PATH (a local folder with the model's tokenizer)"
                    )
                from transformers import AutoTokenizer

                self._template = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
                if self.chat_template:  # --chat-template: the prompts are rendered (and measured) with it
                    self._template.chat_template = self.chat_template
        return self._template

    def render(self, messages: list[Message]) -> str:
        """The prompt text for the completions endpoint, through the model's own chat template."""
        return self.tokenizer().apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    def context_length(self) -> int | None:
        """The model's context in tokens: ``max_model_len``, else the server's ``/v1/models`` entry for the model
        (vLLM's ``max_model_len``), else the local folder's ``config.json``; ``None`` when none says."""
        if self._context is None:
            found = self.options.get("max_model_len")
            if found is None:
                try:
                    listing = self._call("GET", "/models").get("data") or []
                except BackendError:  # a server without the listing: the local config, or the server's errors
                    listing = []
                entry = next((m for m in listing if isinstance(m, dict) and m.get("id") == self.model_name), {})
                found = entry.get("max_model_len") if isinstance(entry.get("max_model_len"), int) else None
            folder = self._local_folder()
            if found is None and folder is not None and (folder / "config.json").is_file():
                try:
                    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    config = {}
                config = {**config, **(config.get("text_config") or {})} if isinstance(config, dict) else {}
                found = next((config[k] for k in CONFIG_CONTEXT_KEYS if isinstance(config.get(k), int)), None)
            self._context = (found,)
        return self._context[0]

    def _fit(self, request: GenerationRequest, params: GenerationParams) -> tuple[str | None, dict[str, Any], bool]:
        """``(prompt text for the completions endpoint or None, details, refused)``: the prompt measured with the local
        tokenizer against the context (``tabbench.fit_prompt``) when both are known; otherwise as it is, and the
        server has the last word (``context_error``)."""
        folder = self._local_folder()
        if params.truncate_prompts and (self.endpoint != "completions" or folder is None):
            raise ConfigError("openai backend: --truncate-prompts cuts prompts here, so it needs endpoint=completions "
                              "and a local tokenizer (tokenizer=PATH): the chat endpoint renders them on the server")
        if folder is None or (self.endpoint == "chat" and importlib.util.find_spec("transformers") is None):
            return None, {}, False  # nothing to measure with: the server's context error says it
        text = self.render(request.messages)
        context = self.context_length()
        if context is None and params.truncate_prompts:
            raise ConfigError("openai backend: --truncate-prompts needs the model's context: the server does not list "
                              "it; pass -m max_model_len=N")
        ids, details = fit_prompt(self.tokenizer()(text, add_special_tokens=False)["input_ids"], context, params)
        if ids is None:
            return None, details, True
        if details.get("truncated_tokens"):
            text = self.tokenizer().decode(ids)
        return (self._as_sent(text) if self.endpoint == "completions" else None), details, False

    def _as_sent(self, text: str) -> str:
        """The completions endpoint's prompt: the rendered text, less a leading BOS that the server's tokenizer adds
        again (transformers serve and vLLM tokenize a completions prompt with special tokens), so that the server
        sees the tokens the hf backend feeds its model: one BOS, the template's."""
        tokenizer = self.tokenizer()
        bos = tokenizer.bos_token
        if bos and text.startswith(bos) and tokenizer("", add_special_tokens=True)["input_ids"][:1] == [
                tokenizer.bos_token_id]:
            return text[len(bos):]
        return text

    def _body(self, request: GenerationRequest, params: GenerationParams, n: int, seed: int,
              prompt: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.resolve_model_name(),
            "max_tokens": params.max_new_tokens,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "n": n,
            "seed": seed,
        }
        if params.stop:
            body["stop"] = list(params.stop)
        if self.endpoint == "chat":
            body["messages"] = request.messages
        else:
            body["prompt"] = prompt if prompt is not None else self.render(request.messages)
        return {**body, **self.extra_body}

    def _sample(self, request: GenerationRequest, params: GenerationParams, n: int, seed: int,
                prompt: str | None = None) -> Sampled:
        answer = self._call("POST", ENDPOINTS[self.endpoint], self._body(request, params, n, seed, prompt))
        choices = sorted(answer.get("choices") or [], key=lambda c: c.get("index", 0))
        return Sampled([truncate_at_stop(choice_text(c, self.reasoning), params.stop) for c in choices],
                       [c.get("finish_reason") if isinstance(c.get("finish_reason"), str) else None for c in choices],
                       answer_usage(answer))

    def _complete(self, pool: ThreadPoolExecutor, request: GenerationRequest, params: GenerationParams,
                  prompt: str | None = None) -> Sampled:
        """``params.n`` completions of one request: one call with ``n`` when the server honours it, else one call
        per missing sample with seeds ``seed+k``; what every call spent, summed (``None`` when one said nothing)."""
        if self._server_honours_n is False and params.n > 1:
            futures = [pool.submit(self._sample, request, params, 1, params.seed + k, prompt) for k in range(params.n)]
            return Sampled.joined([f.result().first() for f in futures])
        sampled = self._sample(request, params, params.n, params.seed, prompt)
        if params.n > 1:
            self._server_honours_n = len(sampled.texts) >= params.n
        more = [self._sample(request, params, 1, params.seed + k, prompt).first()
                for k in range(len(sampled.texts), params.n)]
        return Sampled.joined([sampled, *more]).first(params.n)

    def _generation(self, pool: ThreadPoolExecutor, request: GenerationRequest, params: GenerationParams,
                    fitted: tuple[str | None, dict[str, Any], bool]) -> Generation:
        """One request's ``Generation``: refused here (measured too long), refused by the server (its context
        error), or its completions with their finish reasons (``length`` said as ``context`` where the server cut
        one at the model's context: ``tabbench.finish_reason``) and what the server said they spent."""
        prompt, details, refused = fitted
        if refused:
            return prompt_too_long(details)
        try:
            sampled = self._complete(pool, request, params, prompt)
        except ContextError as exc:
            return prompt_too_long({"max_new_tokens": params.max_new_tokens, **details, **exc.details})
        reasons = sampled.reasons
        if sampled.usage is not None and len(sampled.calls) == len(sampled.texts) == 1:  # one call, one completion
            reasons = [finish_reason(r, sampled.usage.prompt_tokens, sampled.usage.completion_tokens,
                                     self.context_length(), params.max_new_tokens) for r in reasons]
        return Generation(sampled.texts, None, {**details, **({"finish_reasons": reasons} if any(reasons) else {})},
                          sampled.usage)

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        return completions_of(self.name, requests, self.generations(requests, params))

    def generations(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[Generation]:
        if not requests:
            return []
        self.resolve_model_name()
        fitted = [self._fit(r, params) for r in requests]  # here, not in the pools: one thread uses the tokenizer
        # Sample-level calls run in their own pool so that request-level workers never wait on a full pool.
        # With prefix_cache, requests are submitted sorted by their messages, so a database's questions (same
        # schema) reach the server together and its prefix cache serves the shared schema; results keep the
        # caller's order either way.
        order = sorted(range(len(requests)), key=lambda i: repr(requests[i].messages)) if self.prefix_cache \
            else range(len(requests))
        with ThreadPoolExecutor(self.concurrency) as inner, ThreadPoolExecutor(self.concurrency) as outer:
            submitted = {i: outer.submit(self._generation, inner, requests[i], params, fitted[i]) for i in order}
            futures = [submitted[i] for i in range(len(requests))]
            try:
                outputs = [f.result() for f in futures]
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
        for request, generation in zip(requests, outputs, strict=True):
            if generation.status is None and len(generation.completions) != params.n:
                raise BackendError(f"openai backend: {len(generation.completions)} completions for example "
                                   f"{request.example.id!r}, expected {params.n}")
        return outputs

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any] | Generation]:
        """``tabbench eval --env``: one assistant turn per ``TurnRequest`` through the chat endpoint's function
        calling (``tools``); the server's ``tool_calls`` come back as the host's assistant messages, with what the
        turn spent (``usage``); a turn the server refuses as too long for the context is that refusal."""
        if self.endpoint != "chat":
            raise BackendError("openai backend: tool calls need endpoint=chat (or --protocol tags)")
        self.resolve_model_name()
        with ThreadPoolExecutor(self.concurrency) as pool:
            return list(pool.map(lambda r: self._turn(r, params), requests))

    def _turn(self, request: Any, params: GenerationParams) -> dict[str, Any] | Generation:
        body = {"model": self.resolve_model_name(), "max_tokens": params.max_new_tokens,
                "temperature": params.temperature, "top_p": params.top_p, "seed": params.seed,
                "messages": openai_messages(request.messages), **self.extra_body}
        if request.tools:
            body["tools"] = request.tools
        try:
            answer = self._call("POST", ENDPOINTS["chat"], body)
        except ContextError as exc:  # the conversation outgrew the model's context: that rollout ends here
            return prompt_too_long({"max_new_tokens": params.max_new_tokens, **exc.details})
        choices = answer.get("choices") or [{}]
        message = choices[0].get("message") or {}
        reply: dict[str, Any] = {"role": "assistant", "content": choice_text(choices[0], self.reasoning),
                                 "usage": answer_usage(answer)}
        calls = []
        for call in message.get("tool_calls") or []:
            function = call.get("function") or {}
            arguments = function.get("arguments", {})
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments) if arguments.strip() else {}
                except (ValueError, RecursionError):  # RecursionError: nested thousands of levels deep
                    pass  # kept as text: the environment reports malformed arguments as a failed call
            calls.append({"type": "function", "function": {"name": str(function.get("name", "")),
                                                           "arguments": arguments}})
        if calls:
            reply["tool_calls"] = calls
        return reply

    def origin(self) -> str | None:
        """The served model's name when it is a hub id (``org/name``, as vLLM and ``transformers serve`` name a
        model by default)."""
        name = self.resolve_model_name()
        return name if is_hub_id(name) else None

    def fingerprint(self) -> dict[str, Any]:
        """What names the served weights (the URL, the model name, the endpoint, an optional revision) and what
        changes the completions (reasoning, extra_body, and prefix_cache: the order decides the server's batches).

        The server's weights cannot be hashed from here; pass ``revision=...`` when a name is reused for new
        weights, or the response cache may serve old completions.
        """
        fingerprint = {"backend": "openai", "base_url": self.base_url, "model": self.resolve_model_name(),
                       "endpoint": self.endpoint, "reasoning": self.reasoning, "extra_body": self.extra_body,
                       "revision": self.options.get("revision"), "prefix_cache": self.prefix_cache}
        if self.chat_template:  # only when given: other fingerprints and caches stay as before
            fingerprint["chat_template_sha256"] = hashlib.sha256(self.chat_template.encode("utf-8")).hexdigest()
        return fingerprint


def openai_messages(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The host's conversation in OpenAI's wire format: tool calls get ids and JSON-text arguments, and each tool
    message the id of the call it answers (in order)."""
    out: list[dict[str, Any]] = []
    pending: list[str] = []
    for index, message in enumerate(messages):
        message = dict(message)
        if message.get("tool_calls"):
            calls = []
            for k, call in enumerate(message["tool_calls"]):
                function = call.get("function", {})
                arguments = function.get("arguments", {})
                call_id = f"call_{index}_{k}"
                pending.append(call_id)
                calls.append({"id": call_id, "type": "function", "function": {
                    "name": function.get("name", ""),
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments)}})
            message["tool_calls"] = calls
        elif message.get("role") == "tool":
            message["tool_call_id"] = pending.pop(0) if pending else f"call_{index}"
            message.pop("name", None)
        out.append(message)
    return out
