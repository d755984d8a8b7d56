"""Tier 4, reporting: leaderboards and plots rendered from run results."""
