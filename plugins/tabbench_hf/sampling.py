"""Sampling in batches with a seeded generator per prompt, so a prompt's samples do not depend on its batch.

transformers samples every row of a ``generate`` call from one random stream, so batching prompts would make
each prompt's samples depend on which prompts shared its batch (and resume and the response cache rely on
them not doing so). ``SeededSampler`` is the last logits processor of a greedy ``generate``: it draws each
prompt's rows from that prompt's own generator (temperature, then nucleus ``top_p``) and leaves only the drawn
token, which the greedy step then takes. A prompt draws for all its rows at every step, finished or not, so
the stream it reads is the same in any batch.

Imported only by the ``hf`` backend when it samples (torch and transformers are heavy).
"""

from __future__ import annotations

import hashlib

import torch
from transformers import LogitsProcessor


def prompt_seed(seed: int, text: str) -> int:
    """The seed of one prompt's generator: the run's seed and the prompt's text."""
    return int.from_bytes(hashlib.sha256(f"{seed}\0{text}".encode()).digest()[:4], "big")


class SeededSampler(LogitsProcessor):
    """Rows ``[k * copies, (k + 1) * copies)`` are prompt ``k``'s samples, drawn from ``seeds[k]``'s generator."""

    def __init__(self, seeds: list[int], copies: int, temperature: float, top_p: float) -> None:
        self.seeds, self.generators = seeds, None
        self.copies, self.temperature, self.top_p = copies, temperature, top_p

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        if self.generators is None:  # on the device the logits are on (the lm_head's, under a device map)
            self.generators = [torch.Generator(device=scores.device).manual_seed(seed) for seed in self.seeds]
        probs = (scores.float() / self.temperature).softmax(-1)
        if self.top_p < 1.0:  # the most likely tokens until their mass reaches top_p (at least one)
            ranked, order = probs.sort(-1, descending=True)
            ranked[ranked.cumsum(-1) - ranked >= self.top_p] = 0.0
            probs = torch.zeros_like(probs).scatter_(-1, order, ranked)
        rows = probs.split(self.copies)
        drawn = torch.cat([torch.multinomial(p, 1, generator=g) for p, g in zip(rows, self.generators, strict=True)])
        return torch.full_like(scores, float("-inf")).scatter_(-1, drawn, 0.0)
