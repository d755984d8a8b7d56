"""Tier 2, the plugin host: entry-point loading, registries, name lookup and configuration.

Depends on the contract only; knows no first-party plugin by name.
"""
