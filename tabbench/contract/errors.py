"""Errors tabbench shows to users as one line.

Library code raises these; only the CLI boundary (``tabbench.cli``) turns them into a message and an exit
code. ``UsageError`` and ``ConfigError`` exit with 2 (the user asked for something wrong), everything else
with 1 (something failed while doing what was asked).
"""

from __future__ import annotations


class TabbenchError(Exception):
    """Base class: the message is shown to the user as is, on one line."""

    exit_code = 1


class UsageError(TabbenchError):
    """The command line asked for something impossible."""

    exit_code = 2


class ConfigError(TabbenchError):
    """A configuration value, data path or environment variable is wrong or missing."""

    exit_code = 2


class UnknownNameError(ConfigError, KeyError):
    """A benchmark, reward, model backend, trainer or suite name is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class DuplicateNameError(TabbenchError):
    """Two plugins registered the same name; the message names both origins."""


class PluginLoadError(TabbenchError):
    """A plugin failed to import or register (fatal only with ``TABBENCH_STRICT_PLUGINS=1``)."""


class SandboxUnavailableError(ConfigError):
    """This machine cannot run model-written code inside the kernel sandbox: stops the run, never a per-sample
    error (``tabbench.sandbox`` raises it; the message says how to enable the sandbox or opt out)."""


class DataError(TabbenchError):
    """A data file is missing or malformed; the message names the file and the key or line."""

    exit_code = 2


class BackendError(TabbenchError):
    """A model backend could not load or generate."""


class RunStoreError(TabbenchError):
    """A run directory cannot be used as asked: already holding a run, resumed with another config, corrupt."""

    exit_code = 2
