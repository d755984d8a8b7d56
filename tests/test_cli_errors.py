"""User errors are one line with exit code 2; failures exit 1; TABBENCH_RAISE_ERRORS shows the traceback."""

from __future__ import annotations

from tests.toy_plugin import plugin_env, tabbench


def test_unknown_benchmark_is_one_line_with_suggestion(plugin_site, tmp_path):
    pred = tmp_path / "p.jsonl"
    pred.write_text("")
    result = tabbench(["score", "toi", "--predictions", str(pred), "--out", str(tmp_path / "o")],
                      plugin_env(plugin_site))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "unknown benchmark 'toi'. Did you mean 'toy'?" in result.stderr
    assert not (tmp_path / "o").exists()


def test_missing_predictions_are_named(plugin_site, tmp_path, toy_data):
    pred = tmp_path / "p.jsonl"
    pred.write_text('{"id": "q0", "completion": "0"}\n')
    result = tabbench(["score", "toy", "--data", f"toy={toy_data}", "--predictions", str(pred), "--out",
                       str(tmp_path / "o")], plugin_env(plugin_site))
    assert result.returncode == 2
    assert "39 of 40 examples have no prediction (first missing id: 'q1')" in result.stderr
    assert not (tmp_path / "o").exists(), "nothing may be written when the input is bad"


def test_malformed_predictions_line_is_named(plugin_site, tmp_path, toy_data):
    pred = tmp_path / "p.jsonl"
    pred.write_text('{"id": "q0", "completion": "0"}\n{oops\n')
    result = tabbench(["score", "toy", "--data", f"toy={toy_data}", "--predictions", str(pred), "--out",
                       str(tmp_path / "o")], plugin_env(plugin_site))
    assert result.returncode == 2
    assert f"{pred}:2:" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_raise_errors_lets_the_exception_through(plugin_site, tmp_path):
    pred = tmp_path / "p.jsonl"
    pred.write_text("")
    result = tabbench(["score", "toi", "--predictions", str(pred), "--out", str(tmp_path / "o")],
                      plugin_env(plugin_site, TABBENCH_RAISE_ERRORS="1"))
    assert result.returncode == 1
    assert "Traceback" in result.stderr and "UnknownNameError" in result.stderr
