"""The response the answers are read from, as a named extractor (``response_extractor``): computed once per
sample by the host and shared by the benchmark's record and both rewards.

Program-of-thought: the model's last ```python block runs in ``tabbench.sandbox`` with the question's CSV file
in its working directory (under its own name), and what it prints is the response. A completion whose prose
(outside code blocks) already holds ``@name[value]`` answers is itself the response, so an agent's final
answer or an official responses file is scored as written.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from tabbench import Example, Extractor
from tabbench.tableqa.answers import extract_python_code
from tabbench_dabench.answers import ANSWER

_CODE_BLOCK = re.compile(r"```.*?(```|$)", re.S)


def prose_has_answers(completion: str) -> bool:
    """True when ``@name[value]`` appears outside fenced code blocks."""
    return ANSWER.search(_CODE_BLOCK.sub("", completion)) is not None


def run_program(code: str, csv_path: str, file_name: str, timeout_s: float, memory_mb: int) -> str | None:
    """What the program printed, or ``None`` when it failed (error, timeout, refused by the sandbox)."""
    from tabbench.sandbox import run_python

    result = run_python(code, files={file_name: Path(csv_path)}, timeout_s=timeout_s + 10, cpu_s=timeout_s,
                        memory_mb=memory_mb, collect_files=False)
    return result.stdout if result.ok else None


def response_of(completion: str, fields: dict, *, mode: str, timeout_s: float, memory_mb: int) -> str | None:
    """The text the answers are read from: the completion (``mode="response"``, or prose with answers), else
    the output of its last python block; ``None`` when that program fails."""
    if mode == "response" or prose_has_answers(completion):
        return completion
    code = extract_python_code(completion)
    if code is None:
        return completion
    return run_program(code, str(fields["table_path"]), str(fields["file_name"]), float(timeout_s), int(memory_mb))


def _response(example: Example, completion: str, *, mode: str, timeout_s: float, memory_mb: int) -> str | None:
    return response_of(completion, example.fields, mode=mode, timeout_s=timeout_s, memory_mb=memory_mb)


def response_extractor(mode: str, timeout_s: float, memory_mb: int) -> Extractor:
    """``response_of`` as a named extractor (its name carries the settings, so equal settings share answers)."""
    return Extractor(f"dabench:{mode}:{float(timeout_s)}:{int(memory_mb)}",
                     partial(_response, mode=mode, timeout_s=float(timeout_s), memory_mb=int(memory_mb)),
                     runs_code=mode == "pot")
