"""0.1.0's names of the package root that were removed: their table and the old behaviours they keep until 0.3.0
(``docs/api.md``). ``tabbench.__getattr__`` imports this module only when an old name is used, so ``import
tabbench`` stays light."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabbench.contract.deprecation import deprecated, kept, module_getattr


@deprecated("use a subclass of tabbench.benchmark_class(base)", category=None)
def benchmark_variant(base: str, name: str, data: Path, *, description: str = "", data_hint: str = "") -> type:
    """A subclass of registered benchmark ``base`` that differs only in name and bundled data."""
    from tabbench.host.lookup import benchmark_class

    parent = benchmark_class(base)
    attrs = {"name": name, "description": description or parent.description,
             "data_hint": data_hint or f"bundled with the plugin that registers {name!r}",
             "bundled_data": classmethod(lambda cls: data), "__doc__": f"{base}'s benchmark on {data}."}
    return type(f"{parent.__name__}Variant", (parent,), attrs)


@deprecated("use DeprecationWarning", category=None)
class TabbenchDeprecationWarning(FutureWarning):
    """0.1.0's warning class for deprecated tabbench usage; tabbench now warns with ``DeprecationWarning``."""


@deprecated("use the answer argument of Reward.score(example, completion, answer)", category=None)
class Completion(str):
    """0.1.0: a completion's text carrying the answer its benchmark extracted (``answer``)."""

    answer: str | None

    def __new__(cls, text: str, answer: str | None) -> Completion:
        self = super().__new__(cls, text if isinstance(text, str) else "")
        self.answer = answer
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Completion, (str(self), self.answer))


@deprecated("use the answer argument of Reward.score(example, completion, answer)", category=None)
def answer_of(completion: str, extract: Callable[[str], Any]) -> Any:
    """0.1.0: the answer a ``Completion`` carries, else ``extract(completion)``."""
    if isinstance(completion, Completion):
        return completion.answer
    return extract(completion)


root_getattr = module_getattr("tabbench", {name: kept(old) for name, old in (
    ("benchmark_variant", benchmark_variant), ("TabbenchDeprecationWarning", TabbenchDeprecationWarning),
    ("Completion", Completion), ("answer_of", answer_of))})
