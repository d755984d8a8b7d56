"""What keeps ``tabbench --help`` fast must not change what it shows or which plugins load."""

from __future__ import annotations

from importlib import metadata

import click
import pytest

from tabbench.cli import COMMANDS, build_cli
from tabbench.host.entrypoints import entry_points


@pytest.mark.parametrize("group", ["tabbench", "console_scripts", "pytest11"])
def test_entry_points_equal_importlib_metadata(group: str) -> None:
    ours = sorted((ep.name, ep.value, ep.dist.version) for ep in entry_points(group))
    theirs = sorted((ep.name, ep.value, ep.dist.version) for ep in metadata.entry_points(group=group))
    assert ours == theirs
    assert ours, f"no {group} entry points found: the editable install should provide some"


def test_entry_points_first_distribution_on_path_wins(tmp_path, monkeypatch) -> None:
    for folder, target in (("first", "pkg_first"), ("second", "pkg_second")):
        info = tmp_path / folder / "toy_plugin-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(f"[tabbench]\ntoy = {target}\n\n[other]\nx = y\n")
    monkeypatch.setattr("sys.path", [str(tmp_path / "first"), str(tmp_path / "second")])
    [ep] = entry_points("tabbench")
    assert (ep.name, ep.value, ep.dist.name, ep.dist.version) == ("toy", "pkg_first", "toy_plugin", "1.0")


def test_lazy_command_help_is_the_commands_own() -> None:
    cli = build_cli()
    ctx = click.Context(cli)
    for name, (_, short_help) in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command is not None
        assert command.get_short_help_str(limit=1000) == short_help, name
