"""``tabbench.reporting.boards.markdown``: run-folder text written into a board renders as itself, wherever it goes.

The oracle is a CommonMark renderer with GFM tables (markdown-it-py, which rich brings): whatever the text (line
breaks, ``\\r``, HTML, links, images, emphasis, backticks, pipes), escaped with ``text`` it renders as one run of
plain text inside its paragraph or table cell, and escaped with ``code`` as one code span, with its control
characters shown as their escapes.
"""

from __future__ import annotations

import html

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from tabbench.contract.modeltext import printable
from tabbench.reporting.boards.markdown import cell, code, slug, text

MD = MarkdownIt("commonmark").enable("table").enable("strikethrough")
HOSTILE = ["1\n# Pwned <img src=//evil.example/x.png>", "m\rx | fake | row", "[x](//evil)", "![i](//evil/i.png)",
           "*b* _i_ ~~s~~", "`a` ``b", "<http://evil>", "<script>alert(1)</script>", "&lt;b&gt;", "\\", "a\u202eb"]
# text of every kind, markup characters and line breaks over-represented
TEXT = st.text(st.sampled_from(list("\n\r\t|`*_[]()!<>&#~\\ -:aZ0é")) | st.characters(), max_size=30)


def _shown(value: str) -> str:
    """What the renderer must show for ``value``: the text itself, control characters as their escapes."""
    return html.escape(printable(value), quote=False).replace('"', "&quot;")


@settings(max_examples=300, deadline=None)
@given(value=TEXT)
def test_text_renders_as_itself_in_a_paragraph(value: str) -> None:
    assert MD.render(f"x{text(value)}x") == f"<p>x{_shown(value)}x</p>\n"


@settings(max_examples=300, deadline=None)
@given(value=TEXT)
def test_text_renders_as_itself_in_one_table_cell(value: str) -> None:
    rendered = MD.render(f"| a | b |\n|---|---|\n| x{text(value)}x | y |\n")
    assert f"<td>x{_shown(value)}x</td>\n<td>y</td>" in rendered
    assert rendered.count("<tr>") == 2  # the header and this row: no fake row


@settings(max_examples=300, deadline=None)
@given(value=TEXT)
def test_code_renders_as_one_code_span_in_a_paragraph_and_a_cell(value: str) -> None:
    shown = printable(value)
    if not shown.strip(" "):
        return  # CommonMark renders a code span of spaces only as those spaces: nothing to escape
    assert MD.render(f"x {code(value)} x") == f"<p>x <code>{_shown(value)}</code> x</p>\n"
    rendered = MD.render(f"| a |\n|---|\n| {code(value, in_table=True)} |\n")
    assert f"<td><code>{_shown(value)}</code></td>" in rendered and rendered.count("<tr>") == 2


def test_the_hostile_cases_render_without_markup() -> None:
    for value in HOSTILE:
        rendered = MD.render(f"## {text(value)}\n\n| {cell(value)} |\n|---|\n| {cell(value)} |\n")
        assert "<img" not in rendered and "<a " not in rendered and "<script" not in rendered, rendered
        assert "<h1>" not in rendered and rendered.count("<h2>") == 1 and rendered.count("<tr>") == 2, rendered


def test_names_read_the_same_in_the_markdown_source() -> None:
    names = ("soft_f1", "exec_error", "p <1e-300", "tiny + SFT (seed 0)", "Kulkarni & Srikumar", "n > 2")
    assert tuple(text(v) for v in names) == names
    assert slug("demo-bird-v2.0-test_split-27701b02-n100") == "demo-bird-v2-0-test-split-27701b02-n100"
    assert slug('x"><img src=//evil>\n../..') == "x---img-src---evil-------"
