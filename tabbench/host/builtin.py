"""The host's own registrations, through the same hooks a third-party plugin uses: the suite ``all`` and the
``predictions`` model backend (what ``tabbench score`` runs).

Every other suite comes from plugins (``text2sql`` from the bird and spider plugins, ``tableqa`` from the
table-QA ones): the host names no first-party plugin.
"""

from __future__ import annotations

from tabbench.contract.hookspecs import Register, RegisterSuite, hookimpl

ALL = "all"


@hookimpl
def register_suites(register: RegisterSuite) -> None:
    register(ALL, [], description="every registered benchmark whose data is configured")


@hookimpl
def register_models(register: Register) -> None:
    register("predictions", "tabbench.evaluation.predictions:PredictionsBackend",
             description="completions read from a file or folder: JSONL {id, completion(s)} or the official format")
