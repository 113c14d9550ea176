// Motion that explains: a card flies from where it was to where it is now (hand to table, bank
// to bank), money pops up beside the player who gains or pays it. Short, skipped when the page
// is hidden, off with prefers-reduced-motion.

export function reduced() {
  return document.hidden || matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where each card (`[data-card]`) of `root` is drawn now, and in which zone: the `data-zone`
 * of its closest ancestor that has one (a hand, a bank, a set). */
export function cardPlaces(root) {
  const out = new Map();
  root.querySelectorAll("[data-card]").forEach((n) => out.set(n.dataset.card,
    { rect: n.getBoundingClientRect(), zone: n.closest("[data-zone]")?.dataset.zone }));
  return out;
}

/** Animate each card of `root` that changed zone from its old place in `before` (a
 * `cardPlaces`): a card that only shifted within its zone (the hand closing up after a play, a
 * row above it growing) stays put. */
export function flyCard(root, before) {
  if (reduced() || !before || !before.size) return;
  let n = 0;
  root.querySelectorAll("[data-card]").forEach((node) => {
    const old = before.get(node.dataset.card);
    if (!old || !node.animate || n > 6) return;
    if (old.zone === node.closest("[data-zone]")?.dataset.zone) return;
    const now = node.getBoundingClientRect();
    const dx = old.rect.left - now.left;
    const dy = old.rect.top - now.top;
    if (Math.abs(dx) + Math.abs(dy) < 40) return;
    n += 1;
    // the card flies with its "?" (a card alone would cover its own help button while it flies)
    (node.closest(".dcard-wrap") ?? node).animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 50 }, { transform: "translate(0, 0)", zIndex: 50 }],
      { duration: 450, easing: "cubic-bezier(.2,.7,.2,1)" });
  });
}

/** A short "+$200 (toll)" that rises beside `anchor` (a player's panel). */
export function moneyPop(anchor, text, tone) {
  if (!anchor) return;
  const pop = document.createElement("span");
  pop.className = `money-pop ${tone}`;
  pop.textContent = text;
  pop.setAttribute("aria-hidden", "true");
  anchor.append(pop);
  if (reduced() || !pop.animate) {
    setTimeout(() => pop.remove(), 1500);
    return;
  }
  const a = pop.animate([{ transform: "translateY(6px)", opacity: 0 }, { transform: "translateY(-4px)", opacity: 1, offset: 0.2 },
    { transform: "translateY(-22px)", opacity: 0 }], { duration: 1400, easing: "ease-out" });
  a.onfinish = () => pop.remove();
}
