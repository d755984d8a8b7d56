"""Tier 3, evaluation: the run loop, the run store, aggregation, generation, voting and the reward audit."""
