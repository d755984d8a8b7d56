"""The config file (``tabbench.toml``, ``$TABBENCH_CONFIG``; ``tabbench.host.config``): a broken one is one
line naming it, never a listing of every benchmark as an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.one_line import one_line_error

pytestmark = pytest.mark.usefixtures("private_gold_cache")


@pytest.mark.parametrize("content", [b"[data\nbird = 1\n", b"\xff\xfe[data]\n", b'data = "x"\n', None])
def test_benchmarks_list_with_a_broken_config_file(cli_runner, tmp_path: Path, content: bytes | None) -> None:
    config = tmp_path / "tabbench.toml"
    if content is not None:
        config.write_bytes(content)
    result = cli_runner(["benchmarks", "list", "--json"], env={"TABBENCH_CONFIG": str(config)})
    one_line_error(result, str(config))
    assert result.stdout == "", "no listing of every benchmark as an error"
