"""``tabbench serve-env BENCHMARK``: a benchmark (and with ``--env`` its tools) as an OpenEnv environment server.

The server is ``tabbench.integrations.openenv_server`` (extra ``openenv``); this module only reads options. ``app``
is the same server built from ``$TABBENCH_SERVE_ENV`` (this command's arguments, as one string) for an ASGI runner
(``uvicorn tabbench.cli.serve_env:app``, the ``app:`` of ``openenv.yaml``).
"""

from __future__ import annotations

import os
import shlex
import socket
from typing import Any

import click

from tabbench.cli import CONTEXT
from tabbench.cli.options import (
    PROMPT_PARAMETERS,
    SETTINGS_PARAMETERS,
    benchmark_option_option,
    budget_from,
    budget_options,
    data_option,
    env_option_option,
    limit_option,
    prompt_from,
    prompt_options,
    reward_options,
    settings_options,
    split_option,
)
from tabbench.contract.errors import ConfigError, UsageError


def _import_server() -> Any:
    try:
        from tabbench.integrations import openenv_server
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in ("openenv", "fastapi", "uvicorn"):
            raise ConfigError("serve-env needs OpenEnv: pip install 'tabbench[openenv]'") from exc
        raise
    return openenv_server


def build(benchmark_name: str, data_pairs: tuple[str, ...], split: str | None, limit: int | None,
          benchmark_options: tuple[str, ...], reward_specs: tuple[str, ...], reward_option_pairs: tuple[str, ...],
          env_name: str | None, max_turns: int, env_options: tuple[str, ...], max_sessions: int, settings: Any,
          prompt: Any = None, **budget_values: Any) -> Any:
    """The server's FastAPI app from the command's options."""
    import tabbench
    from tabbench.evaluation.options import named_options, parse_key_values
    from tabbench.evaluation.selection import data_of
    from tabbench.training.grading import reward_specs as specs

    server = _import_server()
    benchmark = tabbench.get_benchmark(
        benchmark_name, data_of(data_pairs, benchmark_name),
        **named_options(benchmark_options, [benchmark_name], "--benchmark-option")[benchmark_name])
    catalogue = server.build_catalogue(
        benchmark, split, limit, specs(benchmark, reward_specs, reward_option_pairs), env_name,
        budget_from(budget_values, max_turns), parse_key_values(env_options, "--env-option"), settings, prompt)
    return catalogue, server.create_app(catalogue, max_sessions)


@click.command("serve-env", context_settings=CONTEXT)
@click.argument("benchmark_name", metavar="BENCHMARK")
@data_option(single=True)
@split_option
@limit_option
@prompt_options(chat_template=False)
@benchmark_option_option
@reward_options
@click.option("--env", "env_name", default=None, metavar="NAME",
              help="Serve this environment's tools too (`tabbench environments list`): a step may call a tool "
              "before the answer.")
@click.option("--max-turns", type=click.IntRange(min=0), default=6, show_default=True,
              help="With --env: tool calls per episode; later calls are refused.")
@env_option_option()
@budget_options
@click.option("--max-sessions", type=click.IntRange(min=1), default=8, show_default=True,
              help="Concurrent sessions (WebSocket connections); OpenEnv refuses more with CAPACITY_REACHED.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: a free one, printed).")
@settings_options
def serve_env_command(host: str, port: int, **options: Any) -> None:
    """Serve BENCHMARK as an OpenEnv environment (needs `pip install 'tabbench[openenv]'`).

    `reset` gives the next question, `step({"answer": ...})` returns the verdict of the benchmark's reward plugins
    (the reward: --reward, default its primary metric), `step({"tool": ..., "arguments": {...}})` calls an --env
    tool. Clients: OpenEnv's EnvClient/GenericEnvClient over the WebSocket. Stop with Ctrl-C.

    \b
    Examples:
      tabbench serve-env demo-bird --port 8000
      tabbench serve-env demo-bird --env sql --max-turns 4 --reward bird-ex --reward tool-errors:0.2
    """
    import uvicorn

    catalogue, app = build(**options)
    try:
        listener = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as exc:
        raise UsageError(f"--host {host} --port {port}: cannot listen there ({exc.strerror or exc})") from exc
    bound = listener.getsockname()[1]
    tools = f" with the {catalogue.tools_name!r} tools" if catalogue.tools_name else ""
    click.echo(f"serving {catalogue.benchmark.name} ({len(catalogue.examples)} questions{tools}) as an OpenEnv "
               f"environment at http://{host}:{bound} (WebSocket /ws); Ctrl-C stops", err=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])


def _app_from_environment() -> Any:
    """The app ``$TABBENCH_SERVE_ENV`` describes: this command's arguments (host and port are the runner's)."""
    text = os.environ.get("TABBENCH_SERVE_ENV")
    if not text:
        raise ConfigError("TABBENCH_SERVE_ENV is not set: give it the serve-env arguments, e.g. 'demo-bird --env sql'")
    from tabbench.contract.settings import Settings

    with serve_env_command.make_context("serve-env", shlex.split(text)) as context:
        params = dict(context.params)
        settings = Settings(**{key: params.pop(key) for key in SETTINGS_PARAMETERS})
        prompt = prompt_from(**{key: params.pop(key) for key in PROMPT_PARAMETERS if key in params})
        params.pop("host"), params.pop("port")
        return build(**params, settings=settings, prompt=prompt)[1]


def __getattr__(name: str) -> Any:
    if name == "app":  # built on first access, so importing this module builds nothing
        return _app_from_environment()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
