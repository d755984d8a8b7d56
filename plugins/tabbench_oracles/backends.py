"""The oracle backend ``gold``: completions that come from the benchmark itself.

It loads no model: it is the harness's sanity check, every benchmark must score 100% with it, except for the
samples whose gold side fails (documented per benchmark). (``predictions``, completions from a file, is the
host's own: ``tabbench.evaluation.predictions``, what ``tabbench score`` runs.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabbench import BackendError, GenerationParams, GenerationRequest, ModelBackend


class GoldBackend(ModelBackend):
    """Answers every request with ``GenerationRequest.gold_completion``, repeated ``n`` times.

    The model spec is ignored (``--model gold`` reads well). A request without a reference (an unlabelled split)
    is an error rather than an empty answer, so a 0% from the gold backend always means a scoring bug.
    """

    name = "gold"
    description = "the reference answer of each example"
    cacheable = False  # answers come from the data itself: a cache could only serve stale references

    def __init__(self, model: str) -> None:  # no options: --dtype with --model gold is an error, not ignored
        super().__init__(model)

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        outputs = []
        for request in requests:
            if not request.gold_completion:
                raise BackendError(
                    f"gold backend: example {request.example.id!r} of {request.benchmark!r} has no reference answer"
                )
            outputs.append([request.gold_completion] * params.n)
        return outputs

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any]]:
        """``tabbench eval --env``: the reference trajectory, one assistant message per turn (``TurnRequest``)."""
        outputs = []
        for request in requests:
            if not request.reference:
                raise BackendError(
                    f"gold backend: example {request.example.id!r} of {request.benchmark!r} has no reference answer"
                )
            outputs.append(dict(request.reference[min(request.turn, len(request.reference) - 1)]))
        return outputs

    def fingerprint(self) -> dict[str, Any]:
        return {"backend": "gold"}
