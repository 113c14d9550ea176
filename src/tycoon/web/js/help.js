// The "?" beside a card, business or effect: its one-sentence help, shown on demand. One is
// open at a time; another "?", Escape, or a click anywhere else closes it, and a shown tip is
// moved sideways to stay inside the window (a card at a phone's left edge).
import { el } from "./util.js";
import { t } from "./i18n.js";

let open = null; // { tip, button } of the help shown now

function close() {
  if (!open) return;
  open.tip.hidden = true;
  open.button.setAttribute("aria-expanded", "false");
  open = null;
}

/** Shift a shown tip by what overflows the window's width, 8 px from either edge. */
function keepInView(tip) {
  tip.style.translate = "";
  const r = tip.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const dx = r.left < 8 ? 8 - r.left : r.right > width - 8 ? width - 8 - r.right : 0;
  if (dx) tip.style.translate = `${Math.round(dx)}px 0`;
}

document.addEventListener("click", (ev) => {
  if (open && !open.tip.contains(ev.target)) close();
});

/** The "?" button of `name`, whose tip says `help` (null without help). */
export function helpButton(name, help, key) {
  if (!help) return null;
  const tip = el("span", { class: "help-tip", role: "tooltip", hidden: true }, help);
  const b = el("button", { type: "button", class: "help", "data-key": key, "aria-label": t("ui.help_for", { name }), "aria-expanded": "false",
    onclick: (ev) => {
      ev.stopPropagation();
      const wasOpen = open?.tip === tip;
      close();
      if (wasOpen) return;
      tip.hidden = false;
      b.setAttribute("aria-expanded", "true");
      open = { tip, button: b };
      keepInView(tip);
    },
    onkeydown: (ev) => {
      if (ev.key === "Escape" && open?.tip === tip) close();
    } }, "?");
  b.title = help;
  return el("span", { class: "help-box" }, b, tip);
}
