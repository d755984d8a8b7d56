"""The one built-in suite, ``all``, registered through the same hook a third-party plugin uses.

Every other suite comes from plugins (``text2sql`` from the bird and spider plugins, ``tableqa`` from the
table-QA ones): the host names no first-party plugin.
"""

from __future__ import annotations

from tabbench.contract.hookspecs import RegisterSuite, hookimpl

ALL = "all"


@hookimpl
def register_suites(register: RegisterSuite) -> None:
    register(ALL, [], description="every registered benchmark whose data is configured")
