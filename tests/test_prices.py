"""The price table (``tabbench.evaluation.prices``): a ``--prices`` file (TOML or JSON) or the ``[prices]`` table of
``tabbench.toml``, the same table either way; a model found by each of its names; bad tables one line naming the
file and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabbench import ConfigError, Usage
from tabbench.evaluation.prices import Price, find_price, model_names, price_table, read_table

TOML = '[prices."gpt-4o-mini"]\ninput = 0.15\noutput = 0.6\n\n[prices."org/model-7b"]\ninput = 0\noutput = 0\n'


def test_a_toml_or_json_file_and_the_config_files_table_are_one_table(tmp_path: Path, monkeypatch) -> None:
    toml = tmp_path / "prices.toml"
    toml.write_text(TOML)
    table = read_table(toml)
    assert table["gpt-4o-mini"] == Price("gpt-4o-mini", 0.15, 0.6, str(toml))
    assert table["gpt-4o-mini"].cost(Usage(2_000_000, 1_000_000, 500_000)) == pytest.approx(0.3 + 0.6)
    as_json = tmp_path / "prices.json"
    as_json.write_text(json.dumps({"prices": {"gpt-4o-mini": {"input": 0.15, "output": 0.6},
                                              "org/model-7b": {"input": 0, "output": 0}}}))
    assert {k: (p.input, p.output) for k, p in read_table(as_json).items()} == {
        k: (p.input, p.output) for k, p in table.items()}
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TABBENCH_CONFIG", raising=False)
    assert price_table(None) == {}  # no config file
    (tmp_path / "tabbench.toml").write_text('[data]\nbird = "x"\n\n' + TOML)
    found = price_table(None)
    assert found["gpt-4o-mini"].source == "tabbench.toml [prices]" and found["gpt-4o-mini"].output == 0.6
    assert price_table(as_json)["gpt-4o-mini"].source == str(as_json)  # the option wins


@pytest.mark.parametrize(("text", "message"), [
    ('[prices.m]\ninput = 1\n', r"prices\.\"m\"\.output: expected a price per million tokens >= 0, got None"),
    ('[prices.m]\ninput = -1\noutput = 1\n', r"prices\.\"m\"\.input: expected a price .* got -1"),
    ('[prices.m]\ninput = "1"\noutput = 1\n', r"prices\.\"m\"\.input: .* got '1'"),
    ('[prices.m]\ninput = 1\noutput = 1\ncurrency = "EUR"\n', r"prices\.\"m\": unknown key 'currency'"),
    ('[prices]\nm = 3\n', r"prices\.\"m\": expected a table with input and output"),
    ('[other]\nm = 3\n', r"no 'prices' table"),
    ('[prices\n', r"not TOML"),
])
def test_a_bad_table_is_one_line_naming_the_file_and_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "prices.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message) as caught:
        read_table(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(ConfigError, match=r"--prices .*missing\.toml: cannot read it"):
        read_table(tmp_path / "missing.toml")


def test_a_model_is_found_by_each_of_its_names_in_turn() -> None:
    assert model_names("http://host/v1#m", "m", None) == ["http://host/v1#m", "m"]
    assert model_names("/ckpt/qwen-7b/", None, "Qwen/Qwen2.5-7B") == ["/ckpt/qwen-7b/", "Qwen/Qwen2.5-7B", "qwen-7b"]
    table = {"qwen-7b": Price("qwen-7b", 1, 2, "t"), "Qwen/Qwen2.5-7B": Price("Qwen/Qwen2.5-7B", 3, 4, "t")}
    assert find_price(table, model_names("/ckpt/qwen-7b", None, "Qwen/Qwen2.5-7B")).model == "Qwen/Qwen2.5-7B"
    assert find_price(table, ["other"]) is None
