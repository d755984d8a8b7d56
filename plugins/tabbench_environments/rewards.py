"""Tool-use shaping rewards: ordinary reward plugins that read a multi-turn transcript.

A shaping reward's completion is the rollout's transcript as JSON (a list of chat messages: assistant turns
with ``tool_calls`` and ``tool`` observations), which the trainer's environment adapter passes instead of the
final answer. Benchmark metrics never see transcripts: they score the final answer only.
"""

from __future__ import annotations

import json
from typing import Any

from tabbench import Example, Reward, Score, Status, is_error_observation


def transcript_messages(completion: str) -> list[dict[str, Any]] | None:
    """The messages of a JSON transcript, or ``None`` when ``completion`` is not one."""
    try:
        messages = json.loads(completion)
    except (TypeError, ValueError):
        return None
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        return None
    return messages


class ToolErrors(Reward):
    """``-penalty`` per failed tool call (an ``error:`` observation), down to ``-cap``; 0 for a clean rollout.

    Options: ``penalty`` (default 0.1), ``cap`` (default 1.0). Status ``match`` for a rollout without failed
    calls, ``exec_error`` otherwise; ``not_applicable`` for a completion that is not a transcript.
    """

    name = "tool-errors"
    version = "1"
    description = "shaping: minus `penalty` per failed tool call of a multi-turn transcript"
    transcript = True  # the environment adapter passes the transcript, not the final answer

    def score(self, example: Example, completion: str, answer: None) -> Score:
        messages = transcript_messages(completion)  # it reads the transcript itself: no extractor
        if messages is None:
            return Score(None, Status.NOT_APPLICABLE, {"error": "not a JSON transcript"})
        errors = sum(1 for m in messages if m.get("role") == "tool" and is_error_observation(m.get("content", "")))
        penalty = float(self.options.get("penalty", 0.1))
        cap = float(self.options.get("cap", 1.0))
        value = -min(cap, penalty * errors)
        return Score(value, Status.MATCH if errors == 0 else Status.EXEC_ERROR, {"failed_tool_calls": errors})
