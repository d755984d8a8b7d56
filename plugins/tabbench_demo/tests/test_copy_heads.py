"""The demo's tiny model (``TinySpec(copy_heads=True)``): every literal of the training SQL is one token, the same in
the question and in the query, and untrained, the model already copies the question's literal after ``=``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tabbench_demo.tinymodel import TinySpec, build_tiny_model, sql_literals

CORPUS = ["Count the customers from 'Oslo'.", "SELECT COUNT(*) FROM customers WHERE city = 'Oslo'",
          "How many students are in grade 12?", "SELECT COUNT(*) FROM students WHERE grade = 12",
          "SELECT name FROM t AS T1 WHERE city = 'Dublin' AND age > 55 AND T1.x = T2.y LIMIT 1"] * 3
SPEC = TinySpec(vocab_size=300, hidden_size=64, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2,
                intermediate_size=64, copy_heads=True)


def test_literals_are_the_values_compared_in_the_sql() -> None:
    assert sql_literals(CORPUS) == [" 'Dublin'", " 'Oslo'", " 12", " 55"]  # not LIMIT 1, not T1


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("copy") / "m", CORPUS, SPEC, literals=sql_literals(CORPUS))


@pytest.mark.parametrize(("question", "query", "value"), [
    ("Count the customers from 'Oslo'.", "SELECT COUNT(*) FROM customers WHERE city =", " 'Oslo'"),
    ("Count the customers from 'Dublin'.", "SELECT COUNT(*) FROM customers WHERE city =", " 'Dublin'"),
    ("How many students are in grade 55?", "SELECT COUNT(*) FROM students WHERE grade =", " 55"),
    ("How many students are in grade 12?", "SELECT COUNT(*) FROM students WHERE grade =", " 12"),
])
def test_untrained_model_copies_the_question_s_literal(model: Path, question: str, query: str, value: str) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(model))
    network = AutoModelForCausalLM.from_pretrained(str(model)).eval()
    ids = tokenizer(f"{question} {query}")["input_ids"]
    assert ids.count(tokenizer.convert_tokens_to_ids(value)) == 1  # one token, in the question
    assert tokenizer.decode(tokenizer(f"{query}{value}")["input_ids"]) == f"{query}{value}"
    with torch.no_grad():
        logits = network(input_ids=torch.tensor([ids])).logits[0, -1]
    assert tokenizer.convert_ids_to_tokens(int(logits.argmax())) == value


def test_without_copy_heads_a_literal_is_character_pieces(tmp_path: Path) -> None:
    from transformers import AutoTokenizer

    path = build_tiny_model(tmp_path / "plain", CORPUS, replace(SPEC, copy_heads=False))
    tokenizer = AutoTokenizer.from_pretrained(str(path))
    assert len(tokenizer.tokenize(" 'Dublin'")) > 1
