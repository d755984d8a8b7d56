"""Build small third-party plugin packages in a temporary directory and install them with pip --target.

The host tests use them as a real third party would: a distribution with a ``tabbench`` entry point.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

TOY_MODULE = '''
"""A third-party plugin: a tiny QA benchmark read from JSONL and an exact-match reward."""
import json, os, time
from pathlib import Path

import tabbench
from tabbench import Benchmark, Example, MetricSpec, Reward, Score, Status


class ToyBenchmark(Benchmark):
    name = "toy"
    version = "1"
    description = "questions with one-word answers"
    metrics = (MetricSpec("exact", "toy-exact"), MetricSpec("length", "toy-length"))
    primary_metric = "exact"
    breakdown_keys = ("level",)
    data_hint = "write toy.jsonl lines {id, question, answer, level}"

    def examples(self, split=None):
        self.check_split(split)
        for line in Path(self.data_path).read_text().splitlines():
            row = json.loads(line)
            yield Example(id=row["id"], gold=row["answer"], fields={"question": row["question"]},
                          meta={"level": row["level"]})

    def prompt(self, example):
        return [{"role": "user", "content": example.fields["question"]}]

    def extract(self, example, completion):
        text = completion.strip()
        return text or None

    def data_files(self, split=None):
        return [Path(self.data_path)]


class ToyExact(Reward):
    name = "toy-exact"
    description = "1 when the stripped completion equals the answer"

    def score(self, example, completion):
        delay = float(os.environ.get("TOY_SLEEP", "0"))
        if delay:
            time.sleep(delay)
        answer = completion.strip()
        if not answer:
            return Score(0.0, Status.PARSE_FAIL)
        if example.gold == "GOLD-FAILS":
            return Score(None, Status.GOLD_ERROR)
        ok = answer == example.gold
        return Score(1.0 if ok else 0.0, Status.MATCH if ok else Status.MISMATCH, {"answer": answer})


class ToyLength(Reward):
    name = "toy-length"
    description = "length of the completion in characters"

    def score(self, example, completion):
        return Score(float(len(completion)), Status.PARTIAL)


@tabbench.hookimpl
def register_benchmarks(register):
    register("toy", "tabbench_toy:ToyBenchmark", description="toy QA")


@tabbench.hookimpl
def register_rewards(register):
    register("toy-exact", "tabbench_toy:ToyExact", description="exact match")
    register("toy-length", ToyLength, description="completion length")
'''

BROKEN_MODULE = '''
raise ImportError("this plugin is broken on purpose")
'''


def write_package(root: Path, dist: str, module: str, source: str, entry_point: str) -> Path:
    pkg = root / dist
    (pkg / module).mkdir(parents=True, exist_ok=True)
    (pkg / module / "__init__.py").write_text(textwrap.dedent(source))
    (pkg / "pyproject.toml").write_text(textwrap.dedent(f'''
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{dist}"
        version = "1.2.3"

        [project.entry-points.tabbench]
        {entry_point} = "{module}"

        [tool.setuptools]
        packages = ["{module}"]
    '''))
    return pkg


def install_plugins(root: Path) -> Path:
    """Build and install the toy and broken plugins into ``root/site``; returns that directory."""
    site = root / "site"
    packages = [
        write_package(root, "tabbench-toy", "tabbench_toy", TOY_MODULE, "toy"),
        write_package(root, "tabbench-broken", "tabbench_broken", BROKEN_MODULE, "broken"),
    ]
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(site), *map(str, packages)],
        check=True, capture_output=True, text=True,
    )
    return site


def write_toy_data(path: Path, n: int = 40) -> Path:
    rows = [{"id": f"q{i}", "question": f"what is {i}?", "answer": str(i), "level": ["easy", "hard"][i % 2]}
            for i in range(n)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def plugin_env(site: Path, **extra: str) -> dict[str, str]:
    """The environment of a ``tabbench`` subprocess that sees the plugins installed in ``site``. The toy plugin
    is written against the 0.1 API on purpose (old plugins keep working), so the CLI would print its deprecation
    lines before every command's output; they are silenced here, so that host tests read only what they test
    (tests/test_api_stability.py checks those lines)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")}
    env["PYTHONWARNINGS"] = "ignore::DeprecationWarning"
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(extra)
    return env


def tabbench(args: list[str], env: dict[str, str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabbench", *args], env=env, capture_output=True, text=True,
                          **kwargs)
