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


#: Every visible text whose contrast with the first opaque background behind it is under WCAG
#: AA (4.5:1, or 3:1 for large text): axe leaves text on shadowed or overlapped boxes, and a
#: menu it was not shown open, undecided. Text over an image or gradient is skipped.
CONTRAST = """() => {
  const parse = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = (c) => parse(c).slice(0, 3).map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = (e) => {
    for (let x = e; x; x = x.parentElement) {
      const st = getComputedStyle(x);
      if (st.backgroundImage !== "none") return null;
      const c = parse(st.backgroundColor);
      if (c.length < 4 || c[3] > 0.9) return st.backgroundColor;
    }
    return "rgb(255, 255, 255)";
  };
  const out = [];
  for (const e of document.querySelectorAll("body *")) {
    if (!e.offsetParent || e.closest("svg, .visually-hidden")) continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const st = getComputedStyle(e);
    if (st.visibility === "hidden" || +st.opacity < 0.5 || e.closest(":disabled")) continue;
    const bg = behind(e);
    if (!bg) continue;
    const [a, b] = [lum(st.color), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(st.fontSize);
    const large = size >= 24 || (size >= 18.66 && +st.fontWeight >= 700);
    const said = e.textContent.trim().slice(0, 30);
    if (ratio < (large ? 3 : 4.5)) out.push(`${said}: ${ratio.toFixed(2)}:1`);
  }
  return out;
}"""


def low_contrast(page: Any) -> list[str]:
    """The page's visible texts under WCAG AA contrast, with their ratios."""
    return page.evaluate(CONTRAST)
