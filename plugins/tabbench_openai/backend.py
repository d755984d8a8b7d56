"""The ``openai`` model backend: completions from any OpenAI-compatible HTTP server.

Standard library only (``urllib`` in a thread pool), so it adds no dependency. Requests are sent concurrently up
to ``concurrency``; 408/409/429/5xx answers, refused or dropped connections and timeouts are retried with
exponential backoff and jitter (a ``Retry-After`` header is honoured); any other HTTP error is a one-line
``BackendError`` carrying the server's message. Servers that ignore ``n`` (``transformers serve`` does) get the
missing samples as further requests with seeds ``seed+1, seed+2, ...``; stop strings are also applied on the
client, for servers that ignore ``stop``.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar
from urllib.error import HTTPError
from urllib.request import Request, urlopen

from tabbench import (
    BackendError,
    GenerationParams,
    GenerationRequest,
    Message,
    ModelBackend,
    Option,
    truncate_at_stop,
)
from tabbench.checkpoint import is_hub_id

DEFAULT_BASE_URL = "http://127.0.0.1:8000/v1"
RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
ENDPOINTS = {"chat": "/chat/completions", "completions": "/completions"}


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
    ``tokenizer`` (a local path whose chat template renders prompts for ``completions``; defaults to the model
    name when that is a local folder, as with ``transformers serve PATH``), ``extra_body`` (a dict merged into
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
        "prefix_cache": True,
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
        self._server_honours_n: bool | None = None
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.concurrency)  # requests in flight, across both pools
        self._template: Any = None

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
                detail = " ".join(exc.read()[:400].decode("utf-8", "replace").split())
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

    def render(self, messages: list[Message]) -> str:
        """The prompt text for the completions endpoint, through the model's own chat template."""
        with self._lock:
            if self._template is None:
                source = self.options.get("tokenizer") or self.model_name
                if not source or not Path(source).is_dir():
                    raise BackendError(
                        "openai backend: endpoint=completions renders the chat template locally; pass "
                        "tokenizer=PATH (a local folder with the model's tokenizer)"
                    )
                from transformers import AutoTokenizer

                self._template = AutoTokenizer.from_pretrained(source, local_files_only=True)
        return self._template.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    def _body(self, request: GenerationRequest, params: GenerationParams, n: int, seed: int) -> dict[str, Any]:
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
            body["prompt"] = self.render(request.messages)
        return {**body, **self.extra_body}

    def _sample(self, request: GenerationRequest, params: GenerationParams, n: int, seed: int) -> list[str]:
        answer = self._call("POST", ENDPOINTS[self.endpoint], self._body(request, params, n, seed))
        choices = sorted(answer.get("choices") or [], key=lambda c: c.get("index", 0))
        return [truncate_at_stop(choice_text(c, self.reasoning), params.stop) for c in choices]

    def _complete(self, pool: ThreadPoolExecutor, request: GenerationRequest, params: GenerationParams) -> list[str]:
        """``params.n`` completions of one request: one call with ``n`` when the server honours it, else one call
        per missing sample with seeds ``seed+k``."""
        if self._server_honours_n is False and params.n > 1:
            futures = [pool.submit(self._sample, request, params, 1, params.seed + k) for k in range(params.n)]
            return [text for f in futures for text in f.result()[:1]]
        texts = self._sample(request, params, params.n, params.seed)
        if params.n > 1:
            self._server_honours_n = len(texts) >= params.n
        for k in range(len(texts), params.n):
            texts.extend(self._sample(request, params, 1, params.seed + k)[:1])
        return texts[: params.n]

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        if not requests:
            return []
        self.resolve_model_name()
        # Sample-level calls run in their own pool so that request-level workers never wait on a full pool.
        # With prefix_cache, requests are submitted sorted by their messages, so a database's questions (same
        # schema) reach the server together and its prefix cache serves the shared schema; results keep the
        # caller's order either way.
        order = sorted(range(len(requests)), key=lambda i: repr(requests[i].messages)) if self.prefix_cache \
            else range(len(requests))
        with ThreadPoolExecutor(self.concurrency) as inner, ThreadPoolExecutor(self.concurrency) as outer:
            submitted = {i: outer.submit(self._complete, inner, requests[i], params) for i in order}
            futures = [submitted[i] for i in range(len(requests))]
            try:
                outputs = [f.result() for f in futures]
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
        for request, texts in zip(requests, outputs, strict=True):
            if len(texts) != params.n:
                raise BackendError(
                    f"openai backend: {len(texts)} completions for example {request.example.id!r}, expected {params.n}"
                )
        return outputs

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any]]:
        """``tabbench eval --env``: one assistant turn per ``TurnRequest`` through the chat endpoint's function
        calling (``tools``); the server's ``tool_calls`` come back as the host's assistant messages."""
        if self.endpoint != "chat":
            raise BackendError("openai backend: tool calls need endpoint=chat (or --protocol tags)")
        self.resolve_model_name()
        with ThreadPoolExecutor(self.concurrency) as pool:
            return list(pool.map(lambda r: self._turn(r, params), requests))

    def _turn(self, request: Any, params: GenerationParams) -> dict[str, Any]:
        body = {"model": self.resolve_model_name(), "max_tokens": params.max_new_tokens,
                "temperature": params.temperature, "top_p": params.top_p, "seed": params.seed,
                "messages": openai_messages(request.messages), **self.extra_body}
        if request.tools:
            body["tools"] = request.tools
        answer = self._call("POST", ENDPOINTS["chat"], body)
        choices = answer.get("choices") or [{}]
        message = choices[0].get("message") or {}
        reply: dict[str, Any] = {"role": "assistant", "content": choice_text(choices[0], self.reasoning)}
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
        return {"backend": "openai", "base_url": self.base_url, "model": self.resolve_model_name(),
                "endpoint": self.endpoint, "reasoning": self.reasoning, "extra_body": self.extra_body,
                "revision": self.options.get("revision"), "prefix_cache": self.prefix_cache}


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
