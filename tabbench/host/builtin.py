"""Built-in suites, registered through the same hook a third-party plugin uses."""

from __future__ import annotations

from tabbench.contract.hookspecs import RegisterSuite, hookimpl

ALL = "all"


@hookimpl
def register_suites(register: RegisterSuite) -> None:
    register(ALL, [], description="every registered benchmark whose data is configured")
    register("text2sql", ["bird", "spider"], description="Text-to-SQL: BIRD and Spider")
    register("tableqa", ["crtqa", "tablebench", "realhitbench", "temptabqa"],
             description="table reasoning: CRT-QA, TableBench, RealHiTBench, TEMPTABQA-C")
