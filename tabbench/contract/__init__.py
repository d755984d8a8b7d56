"""Tier 1, the contract: the types, base classes, errors and hooks every plugin is written against.

Imports nothing else from tabbench. Plugin authors read these names through ``tabbench`` itself.
"""
