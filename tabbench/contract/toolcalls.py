"""What a model backend needs for multi-turn rollouts: the request of one turn, and tool calls read from text.

A backend that can return tool calls implements ``generate_turns(requests: list[TurnRequest], params) ->
list[assistant message]`` (optionally ``supports_tools() -> bool``); ``tabbench eval --env`` then uses the
``tools`` protocol. Backends that render tools with the model's own chat template (hf, vllm) read the calls
back with ``parse_tool_calls``. Messages are OpenAI-style dicts, the shape TRL and the agent loop use.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from tabbench.contract.modeltext import loads
from tabbench.contract.types import Example


@dataclass(frozen=True)
class TurnRequest:
    """One assistant turn to generate: the conversation so far and the tools it may call.

    ``reference`` holds a reference trajectory's assistant messages (the gold backend replays it);
    ``turn`` counts the assistant turns already taken.
    """

    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    example: Example
    benchmark: str
    turn: int
    reference: tuple[dict[str, Any], ...] = ()


def call_message(name: str, arguments: dict[str, Any], content: str = "") -> dict[str, Any]:
    """An assistant message that calls tool ``name`` with ``arguments``."""
    return {"role": "assistant", "content": content,
            "tool_calls": [{"type": "function", "function": {"name": name, "arguments": arguments}}]}


def parse_tool_calls(text: str) -> dict[str, Any]:
    """An assistant message from a model's raw text, reading the tool-call formats of the common families:
    Hermes/Qwen ``<tool_call>{json}</tool_call>``, Mistral ``[TOOL_CALLS] [...]``, and Llama 3.1's bare
    ``{"name": ..., "parameters": ...}`` (optionally after ``<|python_tag|>``). A call whose JSON does not
    parse (or nests deeper than ``modeltext.MAX_DEPTH``) is kept with its raw text as arguments, so the
    environment reports it as a failed call. Never raises, whatever the text."""
    calls: list[dict[str, Any]] = []
    content = text
    blocks = [block.strip() for block in re.findall(r"<tool_call>(.*?)(?:</tool_call>|$)", text, re.S)]
    if blocks:
        content = text[: text.find("<tool_call>")].strip()
        calls = [_call_from_json(block) for block in blocks if block]
    elif "[TOOL_CALLS]" in text:
        content, _, raw = text.partition("[TOOL_CALLS]")
        try:
            items = loads(raw.strip())
            calls = [_call_from_obj(item) for item in (items if isinstance(items, list) else [items])]
        except ValueError:
            calls = [{"type": "function", "function": {"name": "", "arguments": raw.strip()}}]
    else:
        stripped = text.replace("<|python_tag|>", "").strip()
        if stripped.startswith("{") and '"name"' in stripped:
            try:
                obj = loads(stripped)
                if isinstance(obj, dict) and "name" in obj and ("parameters" in obj or "arguments" in obj):
                    calls, content = [_call_from_obj(obj)], ""
            except ValueError:
                pass
    message: dict[str, Any] = {"role": "assistant", "content": content.strip()}
    if calls:
        message["tool_calls"] = calls
    return message


def _call_from_obj(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        return {"type": "function", "function": {"name": "", "arguments": json.dumps(obj)}}
    args = obj.get("arguments", obj.get("parameters", {}))
    return {"type": "function", "function": {"name": str(obj.get("name", "")), "arguments": args}}


def _call_from_json(block: str) -> dict[str, Any]:
    try:
        return _call_from_obj(loads(block))
    except ValueError:
        name = re.search(r'"name"\s*:\s*"([^"]*)"', block)
        return {"type": "function", "function": {"name": name.group(1) if name else "", "arguments": block}}
