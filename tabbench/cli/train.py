"""``tabbench train NAME``: a group whose commands are the registered trainer plugins."""

from __future__ import annotations

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import PluginLoadError
from tabbench.host.plugins import host


class TrainerGroup(click.Group):
    """Lists trainers from the registry; imports a trainer's command module only when it is invoked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return host().registry("trainer").names()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        registry = host().registry("trainer")
        if cmd_name not in registry:
            return None
        command = registry.get(cmd_name).load()
        if not isinstance(command, click.Command):
            raise PluginLoadError(f"trainer {cmd_name!r} does not name a click command (got {command!r})")
        return command


@click.group("train", cls=TrainerGroup, context_settings=CONTEXT)
def train_group() -> None:
    """Train a model with a trainer plugin; its rewards are tabbench reward plugins."""
