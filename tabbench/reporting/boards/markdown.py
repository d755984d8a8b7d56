"""Text from run folders (and reference files) written into a board's markdown, escaped for where it goes.

A board is rendered by GitHub and by markdown previews, which also render HTML, so a run folder's text must not
become markup: a newline in a recorded benchmark version or breakdown key would start a heading or an
``<img src=//...>`` line, a carriage return in a model name a fake table row, a ``|`` a fake cell, ``[...](...)``
a link. Every piece of such text goes through one of these, chosen by where it lands:

- ``text``: a paragraph, a heading, a link's label or a table cell;
- ``code``: a code span (in a table cell, with ``in_table=True``: GFM splits cells before code spans);
- ``slug``: an HTML id, an anchor or a file name (lower-case ASCII letters, digits and ``-`` only).

Control and format characters (``\\n``, ``\\r``, a bidi override) are shown as their Python escapes
(``modeltext.printable``), so nothing breaks a line. ``Markdown`` marks a fragment already made of escaped parts,
which ``cell`` leaves as it is.
"""

from __future__ import annotations

import re
from typing import Any

from tabbench.contract.modeltext import printable

_HTML = {"&": "&amp;", "<": "&lt;"}  # a ">" starts nothing mid-line once every "<" that could open a tag is escaped
_PUNCTUATION = set("\\`*|~")  # backslash-escaped: code spans, emphasis, cells, strikethrough (links: ``_closes_link``)


class Markdown(str):
    """Markdown built from escaped parts (a link, a code span, an emphasised label): written as it is."""


def text(value: Any) -> Markdown:
    """``value`` as inline markdown text that renders as itself: no line break, no HTML, no link, emphasis, code
    span or table cell of its own. What cannot start markup is left as it reads in the markdown source: an ``_``
    between two letters or digits (``soft_f1``), a ``<`` or ``&`` before a space, a ``>``, brackets that close
    no link (``[95% CI]``)."""
    shown = printable(str(value))
    out = []
    for index, char in enumerate(shown):
        if char in _HTML and _starts_markup(shown, index):
            out.append(_HTML[char])
        elif (char in _PUNCTUATION or (char == "_" and not _inside_word(shown, index))
              or (char == "]" and _closes_link(shown, index))):
            out.append("\\" + char)
        else:
            out.append(char)
    return Markdown("".join(out))


def _starts_markup(shown: str, index: int) -> bool:
    """Whether the ``<`` or ``&`` at ``index`` could start HTML, an autolink or an entity: a letter (or ``/``, ``!``,
    ``?`` after ``<``; a digit or ``#`` after ``&``) follows. One that cannot (``p <1e-300``, ``Kulkarni &
    Srikumar``) is left as it reads."""
    after = shown[index + 1:index + 2]
    if not after or not after.isascii():
        return False
    return after.isalpha() or after in ("/!?" if shown[index] == "<" else "#0123456789")


def _closes_link(shown: str, index: int) -> bool:
    """Whether the ``]`` at ``index`` could close a link's or an image's text: ``(`` follows, or the text ends there
    (what follows it on the line is not known here). A board defines no link labels, and run text never starts a
    line, so ``[label]`` alone links nowhere and ``[95% CI]`` reads as written."""
    return shown[index + 1:index + 2] in ("(", "")


def _inside_word(shown: str, index: int) -> bool:
    return 0 < index < len(shown) - 1 and shown[index - 1].isalnum() and shown[index + 1].isalnum()


def code(value: Any, *, in_table: bool = False) -> Markdown:
    """``value`` as a code span: fenced with one backtick more than its longest run of them (so none closes it),
    padded when it starts or ends with one; in a table cell its ``|`` escaped (GFM reads ``\\|`` there as ``|``)."""
    shown = printable(str(value))
    fence = "`" * (max((len(run) for run in re.findall("`+", shown)), default=0) + 1)
    pad = " " if shown[:1] in ("`", " ") or shown[-1:] in ("`", " ") else ""
    if in_table:
        shown = shown.replace("|", "\\|")
    return Markdown(f"{fence}{pad}{shown}{pad}{fence}")


def slug(value: Any) -> str:
    """``value`` as an anchor, HTML id or file name part: lower-case ASCII letters, digits and ``-``."""
    return re.sub(r"[^a-z0-9-]", "-", str(value).lower())


def link(label: Any, anchor: str) -> Markdown:
    """A link to ``#anchor`` (a ``slug``) labelled with ``label`` as ``text``."""
    return Markdown(f"[{text(label)}](#{anchor})")


def cell(value: Any) -> Markdown:
    """One table cell: ``Markdown`` as it is, anything else as ``text``."""
    return value if isinstance(value, Markdown) else text(value)
