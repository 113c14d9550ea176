"""One source of words: messages as keys and parameters, catalogs per game and language.

``State.describe`` returns a :class:`Message` (a key and JSON-ready parameters); each game keeps
a catalog per language (``{key: template}``) and every client — the terminal in Python, the
browser in JavaScript (``web/js/messages.js``) — renders the same keys the same way:

- ``{name}`` in a template is replaced by the parameter ``name``;
- a template may be a plural object ``{"plural": "n", "one": "...", "other": "..."}``: the
  form is chosen by the language's plural rules (CLDR: Babel here, ``Intl.PluralRules`` in the
  browser) applied to the parameter named by ``"plural"``; a missing form falls back to
  ``other``;
- a parameter is a string or integer (inserted as is, an integer with the language's digit
  groups: "1,250", "1.250", "1 250", Spanish "1250" but "12.500"), a nested message
  ``{"key": ..., "params": {...}}`` (rendered in the same catalog), a list of those (joined by
  the catalog's ``list.sep``, or its ``list.sep.strong`` when an item holds the separator), or
  a seat reference ``{"seat": n}`` rendered by the caller's ``names`` (the player's name and
  colour), else by the catalog's ``seat.name``;
- in French, "de" or "que" just before a parameter whose words begin with a vowel is elided
  ("En attente d'Ana", not "de Ana"): a catalog cannot know the name it will be given.

>>> cat = {"drew": {"plural": "n", "one": "{seat} draws a card", "other": "{seat} draws {n} cards"},
...        "seat.name": "Seat {number}", "list.sep": ", "}
>>> render(Message("drew", {"seat": seat_ref(0), "n": 2}), cat, "en")
'Seat 1 draws 2 cards'
>>> render(Message("drew", {"seat": seat_ref(0), "n": 1}), cat, "en", names=["Ana (red)"])
'Ana (red) draws a card'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

PLACEHOLDER = re.compile(r"\{(\w+)\}")
LANGUAGES = ("en", "pt", "es", "fr")
"""The languages every catalog provides."""


@dataclass(frozen=True, slots=True)
class Message:
    """A message key and its parameters (JSON-ready values, nested messages allowed)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "params": {...}}`` with nested messages as JSON too."""
        return {"key": self.key, "params": {k: _json(v) for k, v in self.params.items()}}


def _json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def seat_ref(seat: int | None) -> dict[str, Any] | None:
    """The parameter naming a seat (rendered with the player's name by each client)."""
    return None if seat is None else {"seat": seat}


class MissingMessage(KeyError):
    """A key absent from a catalog, or a placeholder without its parameter (strict mode)."""


#: Whose CLDR plural rules count a language's whole numbers. Portugal's for Portuguese: zero
#: things are plural ("0 cartas"), as pages in Brazil write them too; CLDR's ``pt`` rule calls 0
#: "one" (after fractions such as "1,5 milhão"), which read "0 carta". ``web/js/messages.js``
#: has the same table.
PLURAL_LOCALES = {"pt": "pt_PT"}


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    from babel import Locale

    return Locale.parse(PLURAL_LOCALES.get(lang, lang)).plural_form


#: A language's elisions before a parameter: the word ending the text before it, and the
#: first letters of the parameter's words that elide it. ``web/js/messages.js`` has the same.
ELISIONS = {
    "fr": (re.compile(r"(?<!\S)(d|D|qu|Qu)e $"),
           re.compile(r"^[AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü]")),
}


def _elide(lang: str, before: str, value: str) -> str:
    """``before`` (template text just before a parameter) with its last word elided when
    ``lang`` elides it before ``value``'s first letter ("de " becomes "d'" before "Ana")."""
    rule = ELISIONS.get(lang)
    if rule is None or not rule[1].match(value):
        return before
    return rule[0].sub(r"\1'", before)


def plural_form(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (``one``, ``other``, ``many``, ...).

    >>> plural_form("pt", 0), plural_form("pt", 1), plural_form("fr", 0)
    ('other', 'one', 'one')
    """
    return _plural_rule(lang)(abs(n))


def render(
    message: Message | Mapping[str, Any],
    catalog: Mapping[str, Any],
    lang: str,
    names: Sequence[str] | None = None,
    strict: bool = False,
) -> str:
    """``message`` in words from ``catalog`` (a ``{key: template}`` of one language).

    ``names[seat]`` renders a seat reference. With ``strict`` a missing key or parameter raises
    :class:`MissingMessage` (the tests use it); otherwise the key itself or ``{name}`` is left
    in the text, so a client never crashes on a catalog a version behind.
    """
    if isinstance(message, Message):
        key, params = message.key, message.params
    else:
        key, params = message["key"], message.get("params", {})
    template = catalog.get(key)
    if template is None:
        if strict:
            raise MissingMessage(f"no message {key!r} in the {lang} catalog")
        return key
    if isinstance(template, Mapping):
        count = params.get(template.get("plural", "n"), 0)
        form = plural_form(lang, count if isinstance(count, int) else 0)
        template = template.get(form) or template.get("other", key)

    out: list[str] = []
    end = 0
    for match in PLACEHOLDER.finditer(template):
        before, name = template[end:match.start()], match.group(1)
        end = match.end()
        if name not in params:
            if strict:
                raise MissingMessage(f"{lang} {key!r}: no parameter {name!r}")
            out += (before, match.group(0))
            continue
        value = _value(params[name], catalog, lang, names, strict)
        out += (_elide(lang, before, value), value)
    out.append(template[end:])
    return "".join(out)


def _value(value: Any, catalog: Mapping[str, Any], lang: str,
           names: Sequence[str] | None, strict: bool) -> str:
    if isinstance(value, Message):
        return render(value, catalog, lang, names, strict)
    if isinstance(value, Mapping):
        if "key" in value:
            return render(value, catalog, lang, names, strict)
        if "seat" in value:
            seat = value["seat"]
            if names is not None and 0 <= seat < len(names) and names[seat]:
                return names[seat]
            return render(Message("seat.name", {"number": seat + 1}), catalog, lang, names, strict)
    if isinstance(value, list | tuple):
        return join([_value(v, catalog, lang, names, strict) for v in value], catalog)
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(lang, value)
    return str(value)


#: Where each language starts grouping digits: CLDR's minimum grouping digits, which leave
#: Spanish's four-digit numbers whole ("1250", "12.500") and group the others' ("1,250").
#: Babel does not apply that rule, the browser's ``Intl.NumberFormat`` does: this table makes
#: the two renderers agree.
GROUP_FROM = {"es": 10_000}


def number(lang: str, n: int) -> str:
    r"""A whole number as ``lang`` writes it, with its digit groups.

    >>> number("en", 1250), number("es", 1250), number("es", 12500), number("fr", -12345)
    ('1,250', '1250', '12.500', '-12\u202f345')
    """
    if abs(n) < GROUP_FROM.get(lang, 1000):
        return str(n)
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=lang))


def join(items: Sequence[str], catalog: Mapping[str, Any]) -> str:
    """``items`` joined by the catalog's ``list.sep``; by its ``list.sep.strong`` instead when
    an item holds that separator itself, so a name with a comma stays one item.

    >>> cat = {"list.sep": ", ", "list.sep.strong": " ; "}
    >>> join(["Ana", "Bruno"], cat)
    'Ana, Bruno'
    >>> join(["Paris, Texas", "Lyon"], cat)
    'Paris, Texas ; Lyon'
    """
    sep = str(catalog.get("list.sep", ", "))
    mark = sep.strip()
    if mark and any(mark in item for item in items):
        sep = str(catalog.get("list.sep.strong", "; "))
    return sep.join(items)
