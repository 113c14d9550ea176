"""What a person must never read on a page: a missing key, an unfilled ``{placeholder}``, a
"(s)" plural, a raw id of the rules (``card:toll``, ``office_building``), JSON."""

from __future__ import annotations

import re
from typing import Any

#: An unfilled placeholder, a "(s)" plural, an identifier with underscores or a colon prefix,
#: a dotted catalog key, JSON.
BAD = [
    (re.compile(r"\{\w+\}"), "unfilled placeholder"),
    (re.compile(r"\(s\)|\(es\)"), "(s) plural"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "raw id"),
    (re.compile(r"\b(?:card|fee|toll|mafia|lion):\S"), "raw id"),
    (re.compile(r"\b(?:action|event|card|kind|effect|color|seat|lobby|game|ui|log|deal|capital|"
                r"minigame|rules|chat|end|notice)\.[a-z_]+(?:\.[a-z_]+)*\b"), "catalog key"),
    (re.compile(r"[{\[]\""), "JSON"),
]

#: Every text a person reads: visible text, labels, tooltips, the live region, the title.
SCRIPT = """() => {
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const p = n.parentElement;
    if (!p || p.closest("script, style, code")) continue;
    out.push(n.textContent);
  }
  document.querySelectorAll("[aria-label], [title], [placeholder]").forEach((e) => {
    for (const a of ["aria-label", "title", "placeholder"]) {
      if (e.getAttribute(a)) out.push(e.getAttribute(a));
    }
  });
  return out.map((s) => s.trim()).filter(Boolean);
}"""


def bad_texts(page: Any) -> list[str]:
    """The texts of ``page`` that break a rule above, each with why. The id of the page's own
    game is meant to be read ("Game bfijK3dP-g_u"): it is left out of the check."""
    own = re.search(r"#/(?:game|replay)/([^/?#]+)", page.url)
    found = []
    for text in page.evaluate(SCRIPT):
        shown = text.replace(own.group(1), "") if own else text
        for pattern, why in BAD:
            if pattern.search(shown):
                found.append(f"{why}: {text[:160]!r}")
                break
    return found


def assert_clean(page: Any, where: str = "") -> None:
    """Fail naming every bad text of the page."""
    bad = bad_texts(page)
    assert not bad, f"{where}: " + "\n".join(bad[:20])
