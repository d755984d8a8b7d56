"""Write the demo data: small SQLite databases and questions in BIRD, Spider, TableBench and CRT-QA formats.

Everything is generated from this file with a fixed seed, so ``python -m tabbench_demo.build OUT`` rebuilds
the committed ``data/`` folder exactly (a test checks it). Each format has a train split and a held-out split
of 500 questions, in the format's official layout.

- Text-to-SQL (BIRD and Spider formats, over the same three databases): templated on purpose. Each template
  has three phrasings and a fixed SQL skeleton, literal values are quoted in the question (so a model can
  copy them), and the held-out splits hold (template, values) combinations that never occur in training
  while every value and every template does (compositional over seen values; see ``docs/eval.md`` for why a
  tiny model can then learn something measurable). BIRD-format and Spider-format held-out combinations are
  disjoint too. Items whose gold result is empty, NULL or 0, or whose ``LIMIT 1`` answer is tied, are dropped.
- Table QA (TableBench DP and CRT-QA formats): each question is answerable from a four-row table in the
  prompt (look a value up, pick the row with the largest or smallest number, count matching rows, check a
  fact). Tables are fresh random draws of rows from the demo databases, so a held-out (table, question)
  pair never occurs in training while its values do.
"""

from __future__ import annotations

import csv
import itertools
import json
import random
import shutil
import sqlite3
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = 20240611
N_TEST = 500  # held-out questions per format
N_TABLE_TRAIN = 1500  # training questions per table-QA format
TABLE_ROWS = 4

FIRST = ["Ana", "Ben", "Chen", "Dana", "Emil", "Fay", "Goran", "Hana", "Ivo", "Jana", "Kai", "Lena", "Marco", "Nora",
         "Omar", "Pia", "Quin", "Rosa", "Sami", "Tara", "Uma", "Vito", "Wen", "Yara", "Zoe"]
LAST = ["Abel", "Berg", "Costa", "Diaz", "Eze", "Falk", "Gil", "Holm", "Ito", "Jung", "Kern", "Lund", "Moro", "Nagy",
        "Ortiz", "Petr", "Roth", "Sato", "Tan", "Voss"]
CITIES = ["Valencia", "Vienna", "Oslo", "Lyon", "Porto", "Krakow", "Dublin", "Turin", "Ghent", "Bergen", "Leeds",
          "Basel"]
CATEGORIES = ["books", "games", "garden", "kitchen", "music", "sports", "tools", "toys"]
DEPARTMENTS = ["biology", "chemistry", "history", "mathematics", "physics", "art"]
GENRES = ["crime", "drama", "fantasy", "history", "poetry", "science", "travel"]
COUNTRIES = ["Austria", "Brazil", "Canada", "Denmark", "Egypt", "France", "Ghana", "India"]
YEARS = [2019, 2020, 2021, 2022, 2023]


# --- databases ----------------------------------------------------------------------------------------


@dataclass
class Table:
    name: str
    columns: list[tuple[str, str]]  # (name, SQL type); the first column is the primary key
    rows: list[tuple[Any, ...]]
    foreign: dict[str, tuple[str, str]]  # column -> (table, column)
    descriptions: dict[str, str]


def _people(rng: random.Random, n: int) -> list[str]:
    names = [f"{f} {s}" for f, s in itertools.product(FIRST, LAST)]
    rng.shuffle(names)
    return names[:n]


def shop(rng: random.Random) -> list[Table]:
    customers = [(i + 1, name, rng.choice(CITIES), rng.randint(18, 80)) for i, name in enumerate(_people(rng, 300))]
    adjectives = ["Red", "Blue", "Green", "Big", "Small", "Fast", "Quiet", "Bright", "Smart", "Wild"]
    products = []
    prices = rng.sample(range(300, 20000), 48)
    for i in range(48):
        category = CATEGORIES[i % len(CATEGORIES)]
        adjective = adjectives[i // len(CATEGORIES) % len(adjectives)]
        products.append((i + 1, f"{adjective} {category.removesuffix('s')} {i + 1}", category, prices[i] / 100))
    orders = [(i + 1, rng.randint(1, 300), rng.randint(1, 48), rng.randint(1, 9), rng.choice(YEARS))
              for i in range(2000)]
    return [
        Table("customers", [("customer_id", "INTEGER"), ("name", "TEXT"), ("city", "TEXT"), ("age", "INTEGER")],
              customers, {}, {"age": "age in years", "city": "home city of the customer"}),
        Table("products", [("product_id", "INTEGER"), ("name", "TEXT"), ("category", "TEXT"), ("price", "REAL")],
              products, {}, {"price": "unit price in euros"}),
        Table("orders", [("order_id", "INTEGER"), ("customer_id", "INTEGER"), ("product_id", "INTEGER"),
                         ("quantity", "INTEGER"), ("year", "INTEGER")],
              orders, {"customer_id": ("customers", "customer_id"), "product_id": ("products", "product_id")},
              {"quantity": "units ordered", "year": "year the order was placed"}),
    ]


def school(rng: random.Random) -> list[Table]:
    students = [(i + 1, name, rng.choice(CITIES), rng.randint(1, 12)) for i, name in enumerate(_people(rng, 360))]
    levels = ["Intro to", "Advanced", "Topics in", "Seminar in"]
    courses = [(i + 1, f"{levels[i // len(DEPARTMENTS)]} {d}", d, rng.choice([2, 3, 4, 5, 6]))
               for i, d in enumerate(DEPARTMENTS * len(levels))]
    enrollments = [(i + 1, rng.randint(1, 360), rng.randint(1, len(courses)), rng.randint(40, 100), rng.choice(YEARS))
                   for i in range(2000)]
    return [
        Table("students", [("student_id", "INTEGER"), ("name", "TEXT"), ("city", "TEXT"), ("grade", "INTEGER")],
              students, {}, {"grade": "school grade from 1 to 12"}),
        Table("courses", [("course_id", "INTEGER"), ("title", "TEXT"), ("department", "TEXT"), ("credits", "INTEGER")],
              courses, {}, {"credits": "credit points of the course"}),
        Table("enrollments", [("enrollment_id", "INTEGER"), ("student_id", "INTEGER"), ("course_id", "INTEGER"),
                              ("score", "INTEGER"), ("year", "INTEGER")],
              enrollments, {"student_id": ("students", "student_id"), "course_id": ("courses", "course_id")},
              {"score": "final score from 0 to 100"}),
    ]


def library(rng: random.Random) -> list[Table]:
    authors = [(i + 1, name, rng.choice(COUNTRIES)) for i, name in enumerate(_people(rng, 40))]
    nouns = ["River", "Stone", "Window", "Garden", "Letter", "Mirror", "Harbor", "Lantern", "Forest", "Bridge"]
    books = []
    for i in range(90):
        books.append((i + 1, f"The {nouns[i % len(nouns)]} {i + 1}", GENRES[i % len(GENRES)], rng.randint(1950, 2023),
                      rng.randint(80, 900), rng.randint(1, 40)))
    loans = [(i + 1, rng.randint(1, 90), rng.choice(CITIES), rng.choice(YEARS)) for i in range(2000)]
    return [
        Table("authors", [("author_id", "INTEGER"), ("name", "TEXT"), ("country", "TEXT")], authors, {}, {}),
        Table("books", [("book_id", "INTEGER"), ("title", "TEXT"), ("genre", "TEXT"), ("published", "INTEGER"),
                        ("pages", "INTEGER"), ("author_id", "INTEGER")],
              books, {"author_id": ("authors", "author_id")}, {"published": "year of first publication"}),
        Table("loans", [("loan_id", "INTEGER"), ("book_id", "INTEGER"), ("branch_city", "TEXT"), ("year", "INTEGER")],
              loans, {"book_id": ("books", "book_id")}, {"branch_city": "city of the library branch"}),
    ]


DATABASES = {"shop": shop, "school": school, "library": library}


def write_sqlite(path: Path, tables: list[Table]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        for table in tables:
            cols = [f"{name} {kind}" + (" PRIMARY KEY" if i == 0 else "")
                    for i, (name, kind) in enumerate(table.columns)]
            cols += [f"FOREIGN KEY ({c}) REFERENCES {t}({tc})" for c, (t, tc) in table.foreign.items()]
            conn.execute(f"CREATE TABLE {table.name} ({', '.join(cols)})")
            marks = ", ".join("?" * len(table.columns))
            conn.executemany(f"INSERT INTO {table.name} VALUES ({marks})", table.rows)
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()


# --- question templates -------------------------------------------------------------------------------


@dataclass
class Template:
    db: str
    key: str
    difficulty: str
    phrasings: tuple[str, str, str]
    sql: str
    slots: dict[str, list[Any]]
    evidence: str = ""
    tie_check: str = ""  # SQL returning the top two ranking values; equal values mean a tie


def templates(dbs: dict[str, list[Table]]) -> list[Template]:
    products = [r[1] for r in dbs["shop"][1].rows]
    courses = [r[1] for r in dbs["school"][1].rows]
    books = [r[1] for r in dbs["library"][1].rows]
    ages = [25, 30, 35, 40, 45, 50, 55, 60, 65, 70]
    return [
        # shop
        Template("shop", "shop_count_city", "simple",
                 ("How many customers live in '{city}'?", "Count the customers from '{city}'.",
                  "What is the number of customers whose city is '{city}'?"),
                 "SELECT COUNT(*) FROM customers WHERE city = '{city}'", {"city": CITIES}),
        Template("shop", "shop_products_category", "simple",
                 ("List the names of products in the '{category}' category.",
                  "Which products belong to the '{category}' category?",
                  "Give the product names of category '{category}'."),
                 "SELECT name FROM products WHERE category = '{category}'", {"category": CATEGORIES}),
        Template("shop", "shop_older", "simple",
                 ("How many customers are older than {age}?", "Count the customers older than {age}.",
                  "What is the number of customers aged over {age}?"),
                 "SELECT COUNT(*) FROM customers WHERE age > {age}", {"age": ages},
                 evidence="older than {age} refers to age > {age}"),
        Template("shop", "shop_price", "simple",
                 ("What is the price of '{product}'?", "How much does '{product}' cost?",
                  "Give the price of the product '{product}'."),
                 "SELECT price FROM products WHERE name = '{product}'", {"product": products}),
        Template("shop", "shop_units_product", "moderate",
                 ("How many units of '{product}' were ordered?", "What is the total quantity ordered of '{product}'?",
                  "Sum the quantity of all orders of the product '{product}'."),
                 "SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id "
                 "WHERE T2.name = '{product}'", {"product": products}, evidence="units refers to SUM(quantity)"),
        Template("shop", "shop_orders_city", "moderate",
                 ("How many orders were placed by customers from '{city}'?",
                  "Count the orders of customers living in '{city}'.",
                  "What is the number of orders made by customers in '{city}'?"),
                 "SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id "
                 "WHERE T2.city = '{city}'", {"city": CITIES}),
        Template("shop", "shop_quantity_category_year", "moderate",
                 ("What is the total quantity of '{category}' products ordered in {year}?",
                  "How many units of '{category}' products were ordered in {year}?",
                  "Sum the quantity of '{category}' orders placed in {year}."),
                 "SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id "
                 "WHERE T2.category = '{category}' AND T1.year = {year}", {"category": CATEGORIES, "year": YEARS},
                 evidence="total quantity refers to SUM(quantity)"),
        Template("shop", "shop_most_expensive", "moderate",
                 ("Which product in the '{category}' category is the most expensive?",
                  "Name the most expensive '{category}' product.",
                  "What is the name of the priciest product in category '{category}'?"),
                 "SELECT name FROM products WHERE category = '{category}' ORDER BY price DESC LIMIT 1",
                 {"category": CATEGORIES}, evidence="most expensive refers to MAX(price)"),
        Template("shop", "shop_top_city_category", "challenging",
                 ("Which city has the most orders of '{category}' products?",
                  "In which city do customers order '{category}' products most often?",
                  "Name the city with the highest number of '{category}' orders."),
                 "SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id "
                 "INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = '{category}' "
                 "GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1", {"category": CATEGORIES},
                 tie_check="SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = "
                 "T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = "
                 "'{category}' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 2"),
        Template("shop", "shop_avg_price_city", "challenging",
                 ("What is the average price of products ordered by customers from '{city}'?",
                  "Give the average product price over orders of customers in '{city}'.",
                  "On average, how expensive are the products ordered by customers living in '{city}'?"),
                 "SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = "
                 "T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = '{city}'",
                 {"city": CITIES}, evidence="average price refers to AVG(price)"),
        # school
        Template("school", "school_count_city", "simple",
                 ("How many students live in '{city}'?", "Count the students from '{city}'.",
                  "What is the number of students whose city is '{city}'?"),
                 "SELECT COUNT(*) FROM students WHERE city = '{city}'", {"city": CITIES}),
        Template("school", "school_courses_department", "simple",
                 ("List the titles of courses in the '{department}' department.",
                  "Which courses does the '{department}' department offer?",
                  "Give the course titles of department '{department}'."),
                 "SELECT title FROM courses WHERE department = '{department}'", {"department": DEPARTMENTS}),
        Template("school", "school_grade", "simple",
                 ("How many students are in grade {grade}?", "Count the students of grade {grade}.",
                  "What is the number of students whose grade is {grade}?"),
                 "SELECT COUNT(*) FROM students WHERE grade = {grade}", {"grade": list(range(1, 13))}),
        Template("school", "school_credits", "simple",
                 ("How many credits is '{course}' worth?", "What are the credits of the course '{course}'?",
                  "Give the number of credits of '{course}'."),
                 "SELECT credits FROM courses WHERE title = '{course}'", {"course": courses}),
        Template("school", "school_avg_score_course", "moderate",
                 ("What is the average score in '{course}'?", "Give the average score of students in '{course}'.",
                  "On average, what did students score in the course '{course}'?"),
                 "SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id "
                 "WHERE T2.title = '{course}'", {"course": courses}, evidence="average score refers to AVG(score)"),
        Template("school", "school_enrollments_dept_year", "moderate",
                 ("How many enrollments did the '{department}' department have in {year}?",
                  "Count the '{department}' enrollments in {year}.",
                  "What is the number of enrollments in '{department}' courses in {year}?"),
                 "SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id "
                 "WHERE T2.department = '{department}' AND T1.year = {year}",
                 {"department": DEPARTMENTS, "year": YEARS}),
        Template("school", "school_best_student_course", "challenging",
                 ("Who got the highest score in '{course}'?", "Name the student with the best score in '{course}'.",
                  "Which student scored highest in the course '{course}'?"),
                 "SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id "
                 "INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = '{course}' "
                 "ORDER BY T1.score DESC LIMIT 1", {"course": courses},
                 evidence="highest score refers to MAX(score)",
                 tie_check="SELECT T1.score FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = "
                 "T2.course_id WHERE T2.title = '{course}' ORDER BY T1.score DESC LIMIT 2"),
        # library
        Template("library", "library_books_genre", "simple",
                 ("How many '{genre}' books are there?", "Count the books of genre '{genre}'.",
                  "What is the number of books in the '{genre}' genre?"),
                 "SELECT COUNT(*) FROM books WHERE genre = '{genre}'", {"genre": GENRES}),
        Template("library", "library_published_after", "simple",
                 ("How many books were published after {year}?", "Count the books published after {year}.",
                  "What is the number of books first published later than {year}?"),
                 "SELECT COUNT(*) FROM books WHERE published > {year}",
                 {"year": [1960, 1970, 1980, 1990, 2000, 2005, 2010, 2015]},
                 evidence="published after {year} refers to published > {year}"),
        Template("library", "library_authors_country", "simple",
                 ("List the names of authors from '{country}'.", "Which authors come from '{country}'?",
                  "Give the names of the authors whose country is '{country}'."),
                 "SELECT name FROM authors WHERE country = '{country}'", {"country": COUNTRIES}),
        Template("library", "library_pages", "simple",
                 ("How many pages does '{book}' have?", "What is the page count of '{book}'?",
                  "Give the number of pages of the book '{book}'."),
                 "SELECT pages FROM books WHERE title = '{book}'", {"book": books}),
        Template("library", "library_loans_city_year", "moderate",
                 ("How many loans did the '{city}' branch make in {year}?",
                  "Count the loans of the '{city}' branch in {year}.",
                  "What is the number of books lent by the branch in '{city}' in {year}?"),
                 "SELECT COUNT(*) FROM loans WHERE branch_city = '{city}' AND year = {year}",
                 {"city": CITIES, "year": YEARS}),
        Template("library", "library_loans_book", "moderate",
                 ("How many times was '{book}' lent?", "Count the loans of the book '{book}'.",
                  "What is the number of loans of '{book}'?"),
                 "SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id "
                 "WHERE T2.title = '{book}'", {"book": books}),
        Template("library", "library_books_country", "moderate",
                 ("How many books were written by authors from '{country}'?",
                  "Count the books of authors from '{country}'.",
                  "What is the number of books whose author comes from '{country}'?"),
                 "SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id "
                 "WHERE T2.country = '{country}'", {"country": COUNTRIES}),
        Template("library", "library_loans_genre_city", "challenging",
                 ("How many '{genre}' books did the '{city}' branch lend?",
                  "Count the loans of '{genre}' books at the '{city}' branch.",
                  "What is the number of '{genre}' loans made by the branch in '{city}'?"),
                 "SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id "
                 "WHERE T2.genre = '{genre}' AND T1.branch_city = '{city}'", {"genre": GENRES, "city": CITIES}),
        # two-slot templates: many (value, value) combinations over few values, so held-out combinations are new
        Template("shop", "shop_city_older", "moderate",
                 ("How many customers from '{city}' are older than {age}?",
                  "Count the customers living in '{city}' who are older than {age}.",
                  "What is the number of customers in '{city}' aged over {age}?"),
                 "SELECT COUNT(*) FROM customers WHERE city = '{city}' AND age > {age}", {"city": CITIES, "age": ages},
                 evidence="older than {age} refers to age > {age}"),
        Template("shop", "shop_orders_city_year", "moderate",
                 ("How many orders did customers from '{city}' place in {year}?",
                  "Count the orders of customers living in '{city}' in {year}.",
                  "What is the number of orders made in {year} by customers in '{city}'?"),
                 "SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id "
                 "WHERE T2.city = '{city}' AND T1.year = {year}", {"city": CITIES, "year": YEARS}),
        Template("shop", "shop_units_product_year", "moderate",
                 ("How many units of '{product}' were ordered in {year}?",
                  "What is the total quantity of '{product}' ordered in {year}?",
                  "Sum the quantity of the orders of '{product}' placed in {year}."),
                 "SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id "
                 "WHERE T2.name = '{product}' AND T1.year = {year}", {"product": products, "year": YEARS},
                 evidence="units refers to SUM(quantity)"),
        Template("shop", "shop_orders_city_category", "challenging",
                 ("How many '{category}' orders came from customers in '{city}'?",
                  "Count the orders of '{category}' products by customers living in '{city}'.",
                  "What is the number of orders of '{category}' products placed by customers from '{city}'?"),
                 "SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id "
                 "INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = '{category}' "
                 "AND T2.city = '{city}'", {"category": CATEGORIES, "city": CITIES}),
        Template("school", "school_city_grade", "simple",
                 ("How many students from '{city}' are in grade {grade}?",
                  "Count the students living in '{city}' whose grade is {grade}.",
                  "What is the number of grade {grade} students in '{city}'?"),
                 "SELECT COUNT(*) FROM students WHERE city = '{city}' AND grade = {grade}",
                 {"city": CITIES, "grade": list(range(1, 13))}),
        Template("school", "school_enrollments_course_year", "moderate",
                 ("How many students enrolled in '{course}' in {year}?",
                  "Count the enrollments in '{course}' in {year}.",
                  "What is the number of enrollments of the course '{course}' in {year}?"),
                 "SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id "
                 "WHERE T2.title = '{course}' AND T1.year = {year}", {"course": courses, "year": YEARS}),
        Template("school", "school_avg_score_dept_year", "moderate",
                 ("What was the average score in '{department}' courses in {year}?",
                  "Give the average score of '{department}' enrollments in {year}.",
                  "On average, what did students score in the '{department}' department in {year}?"),
                 "SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id "
                 "WHERE T2.department = '{department}' AND T1.year = {year}",
                 {"department": DEPARTMENTS, "year": YEARS}, evidence="average score refers to AVG(score)"),
        Template("library", "library_loans_book_year", "moderate",
                 ("How many times was '{book}' lent in {year}?", "Count the loans of '{book}' in {year}.",
                  "What is the number of loans of the book '{book}' in {year}?"),
                 "SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id "
                 "WHERE T2.title = '{book}' AND T1.year = {year}", {"book": books, "year": YEARS}),
        Template("library", "library_genre_after", "simple",
                 ("How many '{genre}' books were published after {year}?",
                  "Count the '{genre}' books published after {year}.",
                  "What is the number of books of genre '{genre}' first published later than {year}?"),
                 "SELECT COUNT(*) FROM books WHERE genre = '{genre}' AND published > {year}",
                 {"genre": GENRES, "year": [1960, 1970, 1980, 1990, 2000, 2005, 2010, 2015]},
                 evidence="published after {year} refers to published > {year}"),
    ]


@dataclass
class Item:
    template: Template
    values: dict[str, Any]
    phrasing: int

    @property
    def question(self) -> str:
        return self.template.phrasings[self.phrasing].format(**self.values)

    @property
    def sql(self) -> str:
        return self.template.sql.format(**self.values)

    @property
    def evidence(self) -> str:
        return self.template.evidence.format(**self.values)


def _usable(conn: sqlite3.Connection, item: Item) -> bool:
    """Drop questions whose answer is empty, NULL or 0, or whose LIMIT 1 answer is tied."""
    rows = conn.execute(item.sql).fetchall()
    if not rows or any(v is None or v == 0 for row in rows for v in row):
        return False
    if item.template.tie_check:
        top = conn.execute(item.template.tie_check.format(**item.values)).fetchall()
        if len(top) == 2 and top[0][0] == top[1][0]:
            return False
    return True


def make_items(rng: random.Random, dbs: dict[str, Path], tmpls: list[Template]) -> tuple[list, list, list]:
    """Split every usable (template, values) combination into BIRD test, Spider test and train (disjoint);
    training combinations come in one random phrasing each."""
    conns = {name: sqlite3.connect(path) for name, path in dbs.items()}
    try:
        pools: list[list[Item]] = []
        for t in tmpls:
            combos = [dict(zip(t.slots, vals, strict=True)) for vals in itertools.product(*t.slots.values())]
            items = [Item(t, values, rng.randrange(3)) for values in combos]
            pools.append([i for i in items if _usable(conns[t.db], i)])
    finally:
        for conn in conns.values():
            conn.close()
    for pool in pools:
        rng.shuffle(pool)
    # Round-robin over templates, so every template has held-out combinations and training combinations.
    order = [item for group in itertools.zip_longest(*pools) for item in group if item is not None]
    test, spider, train = [], [], []
    per_template: dict[str, int] = {}
    for item in order:
        seen = per_template.get(item.template.key, 0)
        per_template[item.template.key] = seen + 1
        if seen == 0 or (len(test) >= N_TEST and len(spider) >= N_TEST):
            train.append(item)  # the first combination of each template always goes to training
        elif len(test) < N_TEST and seen % 3 == 1:
            test.append(item)
        elif len(spider) < N_TEST and seen % 3 == 2:
            spider.append(item)
        else:
            train.append(item)
    _cover_values(test, spider, train)
    return test, spider, train


def _values(item: Item) -> set[str]:
    return {repr(v) for v in item.values.values()}


def _cover_values(test: list[Item], spider: list[Item], train: list[Item]) -> None:
    """Make every value of a held-out item occur in training, keeping the held-out sizes.

    Held-out items with a value training never shows move to training; they are replaced by training items
    whose values training still shows elsewhere (never a template's only training combination).
    """
    seen = Counter(v for item in train for v in _values(item))
    per_template = Counter(item.template.key for item in train)
    for group in (test, spider):
        for item in list(group):
            if any(seen[v] == 0 for v in _values(item)):
                group.remove(item)
                train.append(item)
                seen.update(_values(item))
                per_template[item.template.key] += 1
    for group, size in ((test, N_TEST), (spider, N_TEST)):
        for item in list(train):
            if len(group) >= size:
                break
            if per_template[item.template.key] > 1 and all(seen[v] > 1 for v in _values(item)):
                train.remove(item)
                group.append(item)
                seen.subtract(_values(item))
                per_template[item.template.key] -= 1


# --- writers ------------------------------------------------------------------------------------------


def bird_tables(name: str, tables: list[Table]) -> dict[str, Any]:
    columns: list[list[Any]] = [[-1, "*"]]
    types = ["text"]
    primary, foreign = [], []
    index: dict[tuple[str, str], int] = {}
    for t_i, table in enumerate(tables):
        for c_i, (col, kind) in enumerate(table.columns):
            index[(table.name, col)] = len(columns)
            if c_i == 0:
                primary.append(len(columns))
            columns.append([t_i, col])
            types.append("integer" if kind == "INTEGER" else "real" if kind == "REAL" else "text")
    for table in tables:
        for col, target in table.foreign.items():
            foreign.append([index[(table.name, col)], index[target]])
    return {
        "db_id": name,
        "table_names_original": [t.name for t in tables],
        "table_names": [t.name.replace("_", " ") for t in tables],
        "column_names_original": columns,
        "column_names": [[t, c.replace("_", " ")] for t, c in columns],
        "column_types": types,
        "primary_keys": primary,
        "foreign_keys": foreign,
    }


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_bird(root: Path, dbs: dict[str, list[Table]], test: list[Item], train: list[Item]) -> None:
    for name, tables in dbs.items():
        write_sqlite(root / "dev_databases" / name / f"{name}.sqlite", tables)
        desc = root / "dev_databases" / name / "database_description"
        desc.mkdir(parents=True, exist_ok=True)
        for table in tables:
            with (desc / f"{table.name}.csv").open("w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(["original_column_name", "column_name", "column_description", "data_format",
                                 "value_description"])
                for col, kind in table.columns:
                    writer.writerow([col, col.replace("_", " "), table.descriptions.get(col, col.replace("_", " ")),
                                     kind.lower(), ""])
    write_json(root / "dev_tables.json", [bird_tables(n, t) for n, t in dbs.items()])
    for split, items in (("dev", test), ("train", train)):
        rows = [
            {"question_id": i, "db_id": it.template.db, "question": it.question, "evidence": it.evidence,
             "SQL": it.sql, "difficulty": it.template.difficulty}
            for i, it in enumerate(items)
        ]
        write_json(root / f"{split}.json", rows)
        if split == "dev":  # BIRD's official gold file; the training split needs none
            (root / "dev_gold.sql").write_text("".join(f"{r['SQL']}\t{r['db_id']}\n" for r in rows), encoding="utf-8")


def _toks(text: str) -> list[str]:
    return text.replace("?", " ?").replace(".", " .").replace(",", " ,").split()


def write_spider(root: Path, dbs: dict[str, list[Table]], dev: list[Item], train: list[Item],
                 bird_db_root: Path) -> None:
    """Spider's layout: ``dev.json`` + ``dev_gold.sql`` (held-out), ``train_spider.json`` + ``train_gold.sql``
    (``train_others.json`` is empty: the demo has no other sources), ``tables.json``, ``database/``."""
    for name in dbs:
        target = root / "database" / name / f"{name}.sqlite"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bird_db_root / name / f"{name}.sqlite", target)
    for items, files in ((dev, ("dev.json", "dev_gold.sql")), (train, ("train_spider.json", "train_gold.sql"))):
        rows = [{"db_id": it.template.db, "query": it.sql, "query_toks": _toks(it.sql),
                 "query_toks_no_value": _toks(it.template.sql.lower()), "question": it.question,
                 "question_toks": _toks(it.question)} for it in items]
        write_json(root / files[0], rows)
        (root / files[1]).write_text("".join(f"{r['query']}\t{r['db_id']}\n" for r in rows), encoding="utf-8")
    write_json(root / "train_others.json", [])
    write_json(root / "tables.json", [bird_tables(n, t) for n, t in dbs.items()])


TB_INSTRUCTION = (
    "You are a table analyst. Answer the question using the table.\n\n"
    "The answer should follow the format below:\n[Answer Format]\nFinal Answer: AnswerName1, AnswerName2...\n\n"
    "The last line of your output must be \"Final Answer: \" followed by the answer: numbers or entity names, "
    "as short as possible, without explanation.\n\nRead the table below in JSON format:\n[TABLE] \n{table}\n\n"
    "Let's get started!\n\nQuestion: {question}\n"
)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


@dataclass
class TableKind:
    """A kind of small table drawn from a demo database: the entity column, a number column, a category column."""

    title: str
    entity: str  # column name of the entity (e.g. product)
    number: str
    category: str
    rows: list[tuple[str, Any, str]]  # (entity, number, category)


def table_kinds(dbs: dict[str, list[Table]]) -> list[TableKind]:
    shop, school, library = dbs["shop"], dbs["school"], dbs["library"]
    return [
        TableKind("Products", "product", "price", "category", [(r[1], r[3], r[2]) for r in shop[1].rows]),
        TableKind("Customers", "customer", "age", "city", [(r[1], r[3], r[2]) for r in shop[0].rows]),
        TableKind("Students", "student", "grade", "city", [(r[1], r[3], r[2]) for r in school[0].rows]),
        TableKind("Books", "book", "pages", "genre", [(r[1], r[4], r[2]) for r in library[1].rows]),
    ]


def table_question(rng: random.Random, kind: TableKind) -> tuple[list[tuple[str, Any, str]], str, str, str, str]:
    """Four rows of ``kind`` (distinct numbers, distinct entities) and one question about them:
    ``(rows, question type, question, answer, subtype)``. Types: lookup, largest, smallest, count, check."""
    while True:
        rows = rng.sample(kind.rows, TABLE_ROWS)
        if len({r[1] for r in rows}) == TABLE_ROWS and len({r[0] for r in rows}) == TABLE_ROWS:
            break
    kind_of_question = rng.choice(["lookup", "largest", "smallest", "count", "check"])
    if kind_of_question == "lookup":
        row = rng.choice(rows)
        return rows, "lookup", f"What is the {kind.number} of {row[0]}?", _fmt(row[1]), "MatchBased"
    if kind_of_question in ("largest", "smallest"):
        pick = max if kind_of_question == "largest" else min
        word = "highest" if kind_of_question == "largest" else "lowest"
        return rows, kind_of_question, f"Which {kind.entity} has the {word} {kind.number}?", \
            pick(rows, key=lambda r: r[1])[0], "Ranking"
    if kind_of_question == "count":
        value = rng.choice(rows)[2]
        return rows, "count", f"How many rows have {kind.category} {value}?", \
            str(sum(r[2] == value for r in rows)), "Counting"
    row = rng.choice(rows)
    other = rng.choice([r for r in kind.rows if r[2] != row[2]])[2] if rng.random() < 0.5 else row[2]
    return rows, "check", f"Is the {kind.category} of {row[0]} {other}?", "yes" if other == row[2] else "no", \
        "MatchBased"


QTYPE = {"lookup": "FactChecking", "largest": "NumericalReasoning", "smallest": "NumericalReasoning",
         "count": "NumericalReasoning", "check": "FactChecking"}


def table_items(rng: random.Random, kinds: list[TableKind], n: int, seen: set[str]) -> list[tuple]:
    """``n`` (kind, rows, type, question, answer, subtype) items whose (table, question) pair is not in ``seen``."""
    items = []
    while len(items) < n:
        kind = rng.choice(kinds)
        rows, qtype, question, answer, subtype = table_question(rng, kind)
        key = json.dumps([kind.title, rows, question])
        if key in seen:
            continue
        seen.add(key)
        items.append((kind, rows, qtype, question, answer, subtype))
    return items


def write_tablebench(root: Path, splits: dict[str, list[tuple]]) -> None:
    """TableBench DP-format rows (qtype/qsubtype as the release names them): the held-out split in
    ``TableBench_DP.jsonl``, the training split in ``train/TableBench_DP.jsonl``."""
    for split, items in splits.items():
        out = []
        for i, (kind, rows, qtype, question, answer, subtype) in enumerate(items):
            table = {"columns": [kind.entity, kind.number, kind.category], "data": [list(r) for r in rows]}
            out.append({
                "id": f"demo-tb-{split}-{i:04d}", "qtype": QTYPE[qtype], "qsubtype": subtype, "table": table,
                "question": question, "answer": answer, "instruction_type": "DP",
                "instruction": TB_INSTRUCTION.format(table=str(table), question=question),
            })
        folder = root if split == "test" else root / split
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "TableBench_DP.jsonl").write_text(
            "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in out), encoding="utf-8")


STEPS = {  # CRT-QA's reasoning annotation of each question type (step types and names as the release uses them)
    "lookup": [("Operation", "Filtering", "find the row"), ("Reasoning", "Retrieval", "read the value")],
    "largest": [("Operation", "Sorting", "sort by the number"), ("Reasoning", "Comparison", "take the first")],
    "smallest": [("Operation", "Sorting", "sort by the number"), ("Reasoning", "Comparison", "take the last")],
    "count": [("Operation", "Filtering", "keep the matching rows"), ("Reasoning", "Aggregating", "count them")],
    "check": [("Operation", "Filtering", "find the row"), ("Reasoning", "Quantifiers", "compare the value")],
}
COMPOSITION = {"lookup": "Bridging", "largest": "Comparison", "smallest": "Comparison", "count": "Bridging",
               "check": "Intersection"}


def write_crtqa(root: Path, splits: dict[str, list[tuple]]) -> None:
    """CRT-QA release layout per split (the held-out split at ``root``, training under ``root/train``):
    ``dataset.json`` keyed by table file, each table '#'-separated in ``all_csv_new/``; one table per question."""
    for split, items in splits.items():
        folder = root if split == "test" else root / split
        (folder / "all_csv_new").mkdir(parents=True, exist_ok=True)
        dataset: dict[str, list[dict[str, Any]]] = {}
        for i, (kind, rows, qtype, question, answer, _) in enumerate(items):
            file = f"demo-{split}-{i:04d}.csv"
            with (folder / "all_csv_new" / file).open("w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle, delimiter="#")
                writer.writerow([kind.entity, kind.number, kind.category])
                writer.writerows([r[0], _fmt(r[1]), r[2]] for r in rows)
            entry: dict[str, Any] = {"Question name": question, "Tittle": kind.title}
            for n, (step_type, name, detail) in enumerate(STEPS[qtype], 1):
                entry[f"step{n}"] = {"type": step_type, "name": name, "detail": detail}
            entry.update({"Answer": answer, "Directness": "Explicit" if qtype in ("lookup", "check") else "Implicit",
                          "Composition Type": COMPOSITION[qtype]})
            dataset[file] = [entry]
        write_json(folder / "dataset.json", dataset)


def build(out: Path) -> None:
    """Write the whole demo data tree to ``out`` (bird/, spider/, tablebench/, crtqa/)."""
    rng = random.Random(SEED)
    dbs = {name: make(rng) for name, make in DATABASES.items()}
    bird_root = out / "bird"
    for name, tables in dbs.items():
        write_sqlite(bird_root / "dev_databases" / name / f"{name}.sqlite", tables)
    paths = {name: bird_root / "dev_databases" / name / f"{name}.sqlite" for name in dbs}
    test, spider, train = make_items(rng, paths, templates(dbs))
    # Training sees every phrasing of its combinations, in both formats; held-out items have one phrasing each.
    phrased = [Item(i.template, i.values, p) for i in train for p in range(3)]
    write_bird(bird_root, dbs, test, phrased)
    write_spider(out / "spider", dbs, spider, phrased, bird_root / "dev_databases")
    kinds = table_kinds(dbs)
    for write, folder in ((write_tablebench, "tablebench"), (write_crtqa, "crtqa")):
        seen: set[str] = set()
        train_items = table_items(rng, kinds, N_TABLE_TRAIN, seen)
        write(out / folder, {"test": table_items(rng, kinds, N_TEST, seen), "train": train_items})


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "data")
