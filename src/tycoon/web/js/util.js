// Small helpers shared by every screen: escaping, element building, the live region, toasts.

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** Build an element: el("button", {class: "x", onclick: f}, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v; // CSSOM, allowed by a CSP without inline styles
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const INK = "#1f2430"; // the page's --ink

/** The relative luminance (WCAG) of a ``#rrggbb`` colour. */
function luminance(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
}

/** True when text on ``fill`` reads better in the page's dark ink than in white (a light fill
 * such as seat A's yellow); a colour that is not ``#rrggbb`` counts as dark. */
export function needsDarkInk(fill) {
  const l = luminance(fill);
  return (l + 0.05) / (luminance(INK) + 0.05) > 1.05 / (l + 0.05);
}

/** A seat's round mark: its letter on its colour (``#rrggbb``), in the ink that reads better
 * on it (WCAG AA for every seat colour). */
export function swatch(letter, fill) {
  const mark = el("span", { class: "swatch" }, letter);
  mark.style.background = fill;
  if (needsDarkInk(fill)) mark.style.color = INK;
  return mark;
}

const VOWELS = "aeiouyàáâãäèéêëìíîïòóôõöùúûüœæ";
const isVowel = (ch) => VOWELS.includes(ch.toLowerCase());
const isLetter = (ch) => ch.toLowerCase() !== ch.toUpperCase();

/** Where a word of a narrow box may break between syllables: a rough rule for the client's
 * four languages: after a vowel followed by one consonant and a vowel (vi-sit), and between
 * two consonants before a vowel (col-lect, com-pagnie) unless they are a pair that starts a
 * syllable (a consonant then l, r or h, or "gn": pro-priété, compa-gnie); three letters at
 * least on each side. */
function syllables(word) {
  const cut = [];
  for (let i = 0; i < word.length - 3; i++) {
    const [a, b, c, d] = [word[i], word[i + 1], word[i + 2], word[i + 3]];
    if (!isVowel(a) || isVowel(b) || !isLetter(b)) continue;
    if (isVowel(c)) cut.push(i + 1);
    else if (isLetter(c) && isVowel(d)) {
      const pair = (b + c).toLowerCase();
      const together = pair[0] !== pair[1] && ("lrh".includes(pair[1]) || pair === "gn");
      cut.push(together ? i + 1 : i + 2);
    }
  }
  return cut.filter((at) => at >= 3 && word.length - at >= 3);
}

/** ``text`` with the places a narrow box (a card's face) may break it that browsers miss: after
 * a slash (a zero-width space) and between the syllables of words of nine letters or more (soft
 * hyphens: a hyphen shows only where a line breaks).
 *
 *     breakable("Dark blue/Green rent")  // "Dark blue/\u200bGreen rent"
 *     breakable("Multicolour wild card") // "Mul\u00adti\u00adco\u00adlour wild card"
 */
export function breakable(text) {
  return String(text ?? "").replace(/\//g, "/\u200b").replace(/[^\s/\u200b-]{9,}/g, (word) => {
    let out = "";
    let from = 0;
    for (const at of syllables(word)) {
      out += word.slice(from, at) + "\u00ad";
      from = at;
    }
    return out + word.slice(from);
  });
}

/**
 * A person's name as a part of the page's sentences: without Unicode's explicit embeddings,
 * overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which would go on reversing the
 * words after it ("Turn 2: syalp (A) boB"). The server refuses them in names; this holds for
 * names stored before it did and for record files.
 *
 *     nameText("\u202eBob")  // "Bob"
 */
export function nameText(name) {
  return String(name ?? "").replace(/[\u202a-\u202e\u2066-\u2069]/g, "");
}

const SVGNS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Speak a sentence through the ARIA live region (screen readers read each event). */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  const p = document.createElement("p");
  p.textContent = text;
  region.append(p);
  while (region.childElementCount > 8) region.firstElementChild.remove();
}

let toastTimer = null;
/** Show `text` for five seconds, and speak it once through the live region (the toast itself is
 * hidden from screen readers, which would otherwise hear it twice). */
export function toast(text) {
  announce(text);
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("show"), 5000);
}

/** Re-render `container` with `build()` keeping keyboard focus on the element with the same data-key. */
export function rerender(container, build) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset?.key || active.getAttribute?.("data-key") : null;
  const scroll = {};
  container.querySelectorAll("[data-scroll]").forEach((n) => (scroll[n.dataset.scroll] = n.scrollTop));
  container.replaceChildren(...[build()].flat());
  container.querySelectorAll("[data-scroll]").forEach((n) => {
    if (scroll[n.dataset.scroll] !== undefined) n.scrollTop = scroll[n.dataset.scroll];
  });
  focusKey(container, key);
}

/** After a redraw, the element of `root` with data-key `key` takes the focus again; false when it is gone. */
export function focusKey(root, key) {
  const again = key ? root.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  again?.focus({ preventScroll: true });
  return Boolean(again);
}

/** A radio group of buttons (`role="radio"`, `aria-checked`) as WAI-ARIA's radio group pattern
 * has it: one tab stop (the checked button) and the arrow keys, Home and End choosing among the
 * enabled ones. Choosing clicks the button (which may redraw) and focuses its new copy. Call it
 * again after the buttons are redrawn inside the same group. */
export function radioGroup(group) {
  const radios = () => [...group.querySelectorAll("[role=radio]")].filter((b) => !b.disabled);
  const checked = radios().find((b) => b.getAttribute("aria-checked") === "true") ?? radios()[0];
  for (const b of group.querySelectorAll("[role=radio]")) b.tabIndex = b === checked ? 0 : -1;
  if (group.radioKeys) return group; // a group kept across redraws listens once
  group.radioKeys = true;
  group.addEventListener("keydown", (ev) => {
    const list = radios();
    const at = list.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    const to = step ? (at + step + list.length) % list.length : { Home: 0, End: list.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    const key = list[to].dataset.key;
    list[to].click();
    const root = group.isConnected ? group : document;
    (root.querySelector(`[data-key="${CSS.escape(key)}"]`) ?? list[to]).focus({ preventScroll: true });
  });
  return group;
}

/** ``actions`` without those that read exactly as an earlier one (``label(a)``: two Double The
 * Rent cards make the same rent twice): a person cannot tell them apart, so they are one
 * choice, as in the terminal. An action without words is always kept. */
export function distinctChoices(actions, label) {
  const seen = new Set();
  return actions.filter((a) => {
    const words = label(a);
    if (!words) return true;
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
}

/** Call ``fn`` every ``ms`` while the page is shown, and at once when it is shown again (a lobby
 * left in a background tab does not ask the server every few seconds), then ``ms`` after that
 * (not whenever the old rhythm falls: it asked twice in a row), never while its last call
 * still waits (a slow server is not asked again and again); returns ``stop``. */
export function pollWhileShown(fn, ms) {
  let running = false;
  let timer = null;
  const tick = async () => {
    if (document.hidden || running) return;
    running = true;
    try {
      await fn();
    } finally {
      running = false;
    }
  };
  const shown = () => {
    clearInterval(timer);
    timer = document.hidden ? null : setInterval(tick, ms);
  };
  const changed = () => {
    shown();
    tick();
  };
  shown();
  document.addEventListener("visibilitychange", changed);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", changed);
  };
}

/** Run the request ``fn`` with ``buttons`` disabled until it is answered, and not again while
 * it runs: over a slow connection a second click created a second game or took a second seat. */
export async function whileBusy(buttons, fn) {
  if (buttons.some((b) => b.disabled)) return undefined;
  buttons.forEach((b) => (b.disabled = true));
  try {
    return await fn();
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

/**
 * Keeps a scrolled list's newest (last) line in view until the reader scrolls back, and their
 * place once they have: when lines come (call `keep()` after adding them), when the list
 * changes size (a narrower window, a phone turned), and when a table takes the list out of
 * the page and puts it back, which loses its scroll (call `keep()` then too).
 */
export class ScrollKeeper {
  constructor(list) {
    this.list = list;
    this.stick = true;
    this.at = 0;
    list.addEventListener("scroll", () => {
      if (!list.isConnected || !list.clientHeight) return;
      this.stick = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
      this.at = list.scrollTop;
    });
    new ResizeObserver(() => {
      if (this.stick && list.isConnected) this.keep();
    }).observe(list);
  }

  keep() {
    this.list.scrollTop = this.stick ? this.list.scrollHeight : this.at;
  }
}

/** Same JSON (order of keys kept as sent): used to match a chosen action against the legal ones. */
export function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A seat's letter, as every screen names seats: "A" for seat 0 ("Ana (A)", pawns, "Take seat B"). */
export function seatLetter(seat) {
  return "ABCDEFGH"[seat] ?? String(seat + 1);
}
