"""Catalog texts with counts: the plural part of ICU MessageFormat, categories from Babel.

A catalog text may hold, beside ``{name}`` placeholders, plural blocks such as

    "{cards, plural, one {# card each} other {# cards each}}"

The block picks the branch named by the language's plural category of ``cards`` (Babel
knows them from CLDR: German has "one" and "other", Korean only "other", Arabic six) and
``#`` stands for the count, written as the language writes numbers. An ``=N`` branch
("=0 {nobody}") wins over the category for exactly that count. Branches may hold
placeholders of their own. A number filled into a plain ``{placeholder}`` is written as the
language writes it too ("1.500" and "-2,5" in German); one with a format spec
("{points:+d}") keeps Python's formatting. Everything Babel writes for the app goes through
``written``.

>>> format_message("{n, plural, one {# trick} other {# tricks}}", "en", {"n": 1})
'1 trick'
"""

from collections.abc import Callable, Mapping
from functools import cache
from string import Formatter
from typing import NamedTuple

from babel import Locale
from babel.numbers import format_decimal

NARROW_NO_BREAK_SPACE = "\u202f"
NO_BREAK_SPACE = "\xa0"


class MessageSyntaxError(ValueError):
    """A catalog text whose braces or plural blocks do not parse."""


class PluralBlock(NamedTuple):
    """One plural block of a catalog text: where it starts and ends, the name of its count
    and its branches ({selector: text})."""

    start: int
    end: int
    name: str
    branches: dict[str, str]


@cache
def locale(language: str) -> Locale:
    """Babel's locale for a catalog language ("nb", "de", "ko", "en")."""
    return Locale.parse(language)


def written(write: Callable[..., str], value: object, language: str, **options: object) -> str:
    """What Babel's ``write`` (format_decimal, format_datetime ...) makes of ``value`` in
    ``language``, drawable in the app's fonts. CLDR puts a narrow no-break space in some of
    it (before English times' "PM", between some languages' digit groups); Roboto, which
    draws the app's text, has no glyph for it, so it becomes a no-break space, which keeps
    the same neighbours together: "11/29/26, 1:05\\xa0PM"."""
    text = write(value, locale=locale(language), **options)
    return text.replace(NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE)


def plural_category(language: str, count: int | float) -> str:
    """The CLDR plural category ("one", "few", "other", ...) of ``count`` in ``language``."""
    return locale(language).plural_form(count)


def plural_blocks(text: str) -> list[PluralBlock]:
    """Every top-level plural block in ``text``, in order."""
    blocks = []
    position = 0
    while (start := text.find("{", position)) != -1:
        end = _closing_brace(text, start)
        head, _, rest = text[start + 1 : end].partition(",")
        kind, _, body = rest.partition(",")
        if kind.strip() == "plural":
            blocks.append(PluralBlock(start, end + 1, head.strip(), _branches(body)))
        position = end + 1
    return blocks


def placeholder_names(text: str) -> set[str]:
    """Every name ``text`` fills: its ``{placeholders}``, its plural blocks' counts and the
    placeholders inside their branches."""
    names: set[str] = set()
    pieces: list[str] = []
    position = 0
    for start, end, name, branches in plural_blocks(text):
        pieces.append(text[position:start])
        names.add(name)
        for branch in branches.values():
            names |= placeholder_names(branch)
        position = end
    pieces.append(text[position:])
    fields = Formatter().parse("".join(pieces))
    return names | {field.split(".")[0] for _, field, _, _ in fields if field}


def format_message(text: str, language: str, params: Mapping[str, object]) -> str:
    """``text`` with its plural blocks chosen for ``params`` and its placeholders filled."""
    pieces: list[str] = []
    position = 0
    for start, end, name, branches in plural_blocks(text):
        pieces.append(text[position:start])
        pieces.append(_chosen_branch(name, branches, language, params))
        position = end
    pieces.append(text[position:])
    return NumberFormatter(language).vformat("".join(pieces), (), params)


class NumberFormatter(Formatter):
    """``str.format`` that writes plain numbers by the language's rules (Babel, CLDR)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, int | float) and not isinstance(value, bool) and not format_spec:
            return written(format_decimal, value, self.language)
        return str(super().format_field(value, format_spec))


def _chosen_branch(
    name: str, branches: dict[str, str], language: str, params: Mapping[str, object]
) -> str:
    count = params[name]
    if not isinstance(count, int | float):
        raise TypeError(f"the count {name!r} must be a number, not {count!r}")
    exact = f"={count}"
    selector = exact if exact in branches else plural_category(language, count)
    branch = branches.get(selector, branches.get("other"))
    if branch is None:
        raise MessageSyntaxError(f"no {selector!r} or 'other' branch for {name!r}")
    return branch.replace("#", written(format_decimal, count, language))


def _branches(body: str) -> dict[str, str]:
    """The ``selector {text}`` pairs of one plural block's body."""
    branches: dict[str, str] = {}
    position = 0
    while (start := body.find("{", position)) != -1:
        selector = body[position:start].strip()
        end = _closing_brace(body, start)
        if not selector or " " in selector:
            raise MessageSyntaxError(f"a plural branch needs one selector, not {selector!r}")
        branches[selector] = body[start + 1 : end]
        position = end + 1
    if body[position:].strip() or "other" not in branches:
        raise MessageSyntaxError(f"a plural block needs an 'other' branch: {body!r}")
    return branches


def _closing_brace(text: str, start: int) -> int:
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return index
    raise MessageSyntaxError(f"an unclosed brace in {text!r}")
