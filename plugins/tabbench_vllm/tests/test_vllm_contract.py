"""The vllm backend against vLLM's own signatures, read from its wheels' source (no GPU, nothing imported).

The fake engines of the other tests accept whatever they are given; this test reads the real vLLM, at the floor of
the ``vllm`` extra (``MIN_VLLM``) and at the newest release it was checked against (``NEWEST_CHECKED``), with
``ast``: every ``LLM(...)`` argument ``engine_kwargs`` builds is a parameter of ``LLM.__init__`` or a field of
``EngineArgs``; ``LLM.generate`` takes the prompts, the sampling parameters, ``use_tqdm`` and ``lora_request``;
every ``SamplingParams`` keyword ``sampling_kwargs`` builds is a field; token-id prompts are ``TokensPrompt``'s
``prompt_token_ids``; ``CompletionOutput`` has the fields the backend reads; ``LoRARequest`` takes name, id and path
in that order; ``tokenizer_mode`` knows ``hf``; ``VLLM_BATCH_INVARIANT`` is read; the engine's context is
``llm_engine.model_config.max_model_len``.

The wheels come from ``$TABBENCH_VLLM_WHEELS``, else ``$TABBENCH_CACHE_DIR/vllm-wheels``; one not there is
downloaded once (``pip download vllm==X --no-deps``, about 250-450 MB); without PyPI the test is skipped and says
so. To check a newer vLLM, add it to ``VERSIONS``.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from functools import cache
from pathlib import Path

import pytest
from tabbench_vllm.backend import MIN_VLLM, TOKENIZER_MODE, engine_kwargs, sampling_kwargs

from tabbench import GenerationParams, cache_dir

NEWEST_CHECKED = "0.34.0"
VERSIONS = (MIN_VLLM, NEWEST_CHECKED)

pytestmark = pytest.mark.slow  # reads (and, once, downloads) wheels of a few hundred MB


def wheel(version: str) -> Path:
    folder = Path(os.environ.get("TABBENCH_VLLM_WHEELS") or cache_dir("vllm-wheels"))
    found = sorted(folder.glob(f"vllm-{version}-*.whl"))
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as partial:  # moved in whole: another worker never sees a part
        try:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                            "-d", partial, f"vllm=={version}"], check=True, capture_output=True, text=True,
                           timeout=1800)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            said = " ".join(str(getattr(exc, "stderr", "") or exc).split())[-200:]
            pytest.skip(f"vLLM {version}'s wheel is not in {folder} and could not be downloaded ({said}); with PyPI "
                        f"reachable the test downloads it once: pip download vllm=={version} --no-deps -d {folder}")
        for downloaded in Path(partial).glob("vllm-*.whl"):
            os.replace(downloaded, folder / downloaded.name)
    found = sorted(folder.glob(f"vllm-{version}-*.whl"))
    assert found, f"pip download left no vllm-{version} wheel in {folder}"
    return found[0]


class Source:
    """The Python files of one vLLM wheel, parsed on demand."""

    def __init__(self, path: Path) -> None:
        self.zip = zipfile.ZipFile(path)
        self.names = [n for n in self.zip.namelist() if n.startswith("vllm/") and n.endswith(".py")]

    def text(self, name: str) -> str:
        return self.zip.read(name).decode("utf-8")

    @cache  # noqa: B019 - a handful of files per wheel, for the test's lifetime
    def tree(self, name: str) -> ast.Module:
        return ast.parse(self.text(name), filename=name)

    def cls(self, name: str, *files: str) -> ast.ClassDef:
        for file in files or self.names:
            if file not in self.names:
                continue
            for node in ast.walk(self.tree(file)):
                if isinstance(node, ast.ClassDef) and node.name == name:
                    return node
        raise AssertionError(f"no class {name} in {files or 'the wheel'}")

    def fields(self, name: str, *files: str) -> list[str]:
        """A dataclass's, msgspec Struct's or TypedDict's fields, in order (annotated names of its body)."""
        body = self.cls(name, *files).body
        return [n.target.id for n in body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]

    def method(self, cls: str, name: str, *files: str) -> ast.FunctionDef:
        node = next((n for n in self.cls(cls, *files).body if isinstance(n, ast.FunctionDef) and n.name == name), None)
        assert node is not None, f"{cls}.{name} is gone"
        return node

    def literal(self, name: str, folder: str) -> list[str]:
        """The strings of a module-level ``NAME = Literal[...]`` under ``folder``."""
        for file in (n for n in self.names if n.startswith(folder)):
            for node in self.tree(file).body:
                if isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    if any(isinstance(t, ast.Name) and t.id == name for t in targets) and node.value is not None:
                        return [c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)
                                and isinstance(c.value, str)]
        raise AssertionError(f"no {name} under {folder}")


@pytest.fixture(scope="module", params=VERSIONS)
def vllm(request: pytest.FixtureRequest) -> Source:
    return Source(wheel(request.param))


def parameters(function: ast.FunctionDef) -> tuple[list[str], bool]:
    args = function.args
    names = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
    return names, args.kwarg is not None


LLM_FILE = "vllm/entrypoints/llm.py"


def test_every_engine_argument_is_an_llm_parameter_or_an_engine_args_field(vllm: Source, tmp_path: Path) -> None:
    given = engine_kwargs(tmp_path, {"max_model_len": 4096, "quantization": "awq", "adapter": "/a"})
    accepted, more = parameters(vllm.method("LLM", "__init__", LLM_FILE))
    fields = vllm.fields("EngineArgs", "vllm/engine/arg_utils.py")
    assert more, "LLM(**kwargs) no longer passes the rest to EngineArgs"
    assert sorted(k for k in given if k not in accepted and k not in fields) == []
    assert given["tokenizer_mode"] == TOKENIZER_MODE in vllm.literal("TokenizerMode", "vllm/config")


def test_generate_takes_token_ids_sampling_parameters_and_a_lora_request(vllm: Source) -> None:
    names, _ = parameters(vllm.method("LLM", "generate", LLM_FILE))
    assert names[1:3] == ["prompts", "sampling_params"] and {"use_tqdm", "lora_request"} <= set(names)
    assert "prompt_token_ids" in vllm.fields("TokensPrompt", *[n for n in vllm.names if n.startswith("vllm/inputs/")])
    vllm.method("LLM", "get_tokenizer", LLM_FILE)
    init = ast.unparse(vllm.method("LLM", "__init__", LLM_FILE))
    assert "self.llm_engine =" in init  # engine_context reads llm_engine.model_config.max_model_len
    assert "max_model_len" in vllm.fields("ModelConfig", *[n for n in vllm.names if n.startswith("vllm/config")])
    exported = vllm.text("vllm/__init__.py")
    assert all(re.search(rf"\b{name}\b", exported) for name in ("LLM", "SamplingParams"))


def test_sampling_keywords_are_fields_and_outputs_have_what_the_backend_reads(vllm: Source) -> None:
    built = set(sampling_kwargs(GenerationParams(temperature=0.7, n=2, stop=("x",)), "p"))
    assert built <= set(vllm.fields("SamplingParams", "vllm/sampling_params.py"))
    assert {"index", "text", "token_ids", "finish_reason"} <= set(vllm.fields("CompletionOutput", "vllm/outputs.py"))
    assert vllm.fields("LoRARequest", "vllm/lora/request.py")[:3] == ["lora_name", "lora_int_id", "lora_path"]


def test_batch_invariance_is_read_from_the_environment(vllm: Source) -> None:
    reads = [n for n in vllm.names if re.search(r"""["']VLLM_BATCH_INVARIANT["']""", text := vllm.text(n))
             and re.search(r"getenv\(|environ", text)]  # a module that reads the variable by name
    assert reads, "VLLM_BATCH_INVARIANT is no longer read: batch_invariant would be recorded without effect"
