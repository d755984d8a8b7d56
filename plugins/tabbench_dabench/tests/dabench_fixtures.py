"""A small dataset in InfiAgent-DABench's released layout, written by the tests (never a copy of the real one)."""

from __future__ import annotations

import json
from pathlib import Path

QUESTIONS = [
    {"id": 0, "question": "What is the mean price?", "concepts": ["Summary Statistics"],
     "constraints": "Round to two decimal places.", "format": "@mean_price[value] where value is a number.",
     "file_name": "shop.csv", "level": "easy"},
    {"id": 3, "question": "Which item is the most expensive, and how many items cost more than 5?",
     "concepts": ["Summary Statistics", "Outlier Detection"], "constraints": "Use the price column.",
     "format": "@top_item[name]\n@expensive_count[count]", "file_name": "shop.csv", "level": "medium"},
    {"id": 7, "question": "Is the correlation between price and qty negative?",
     "concepts": ["Correlation Analysis"], "constraints": "Pearson correlation.",
     "format": "@negative[True or False]", "file_name": "weather data.csv", "level": "hard"},
]
LABELS = [
    {"id": 0, "common_answers": [["mean_price", "7.50"]]},
    {"id": 3, "common_answers": [["top_item", "saw"], ["expensive_count", "2"]]},
    {"id": 7, "common_answers": [["negative", "True"]]},
]
SHOP = "name,price,qty\nhammer,10.0,3\nsaw,15.0,1\napple,0.5,100\ndoll,4.5,5\n"
WEATHER = "day,price,qty\n1,1.0,9\n2,2.0,7\n3,3.0,4\n"


def write_dabench(root: Path) -> Path:
    """``da-dev-questions.jsonl``, ``da-dev-labels.jsonl`` and ``da-dev-tables/`` under ``root``."""
    (root / "da-dev-tables").mkdir(parents=True, exist_ok=True)
    (root / "da-dev-questions.jsonl").write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS))
    (root / "da-dev-labels.jsonl").write_text("".join(json.dumps(a) + "\n" for a in LABELS))
    (root / "da-dev-tables" / "shop.csv").write_text(SHOP)
    (root / "da-dev-tables" / "weather data.csv").write_text(WEATHER)
    return root
