// The table of a game the client has no picture of (any plugin game, the Toy game of the
// tests): the seats, what this seat may see, the legal actions as buttons worded by the
// server's messages, and the end screen. It names no game: everything comes from the view,
// the messages and the catalog.
import { t } from "./i18n.js";
import { distinctChoices, el, focusKey } from "./util.js";
import { word, hasWord, titleOf } from "./messages.js";
import { endScreen } from "./end.js";

/** A field of the view in words: the catalog's "view.FIELD" if it has one, else the name in plain words. */
function label(game, k) {
  if (hasWord(game, `view.${k}`)) return word(game, `view.${k}`);
  const s = String(k).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function show(game, v, names) {
  if (v === null || v === undefined) return "—";
  if (v === true) return "✓";
  if (v === false) return "—";
  if (Array.isArray(v)) return v.map((x) => show(game, x, names)).join(" · ");
  if (typeof v === "object") {
    const who = Number.isInteger(v.seat) ? names?.[v.seat] || word(game, "seat.name", { number: v.seat + 1 }) : "";
    const rest = Object.entries(v).filter(([k]) => k !== "seat");
    if (!rest.length) return who;
    return (who ? `${who}: ` : "") + rest.map(([k, x]) => `${label(game, k)} ${show(game, x, names)}`).join(", ");
  }
  return String(v);
}

export class GenericTable {
  constructor(container, ctx) {
    this.game = ctx.game;
    this.ctx = ctx;
    this.root = el("div", { class: "generic-table" });
    container.replaceChildren(this.root);
  }

  update(state) {
    this.state = state;
    this.render();
  }

  render() {
    const { view, legal, seat, names, session } = this.state;
    const active = document.activeElement?.dataset?.key;
    const rows = [];
    const over = this.state.status === "finished";
    rows.push(el("h2", { id: "prompt", tabindex: "-1" }, titleOf(this.game)));
    if (session && seat != null && session.seats.includes(seat)) {
      rows.push(el("p", { class: "hint" }, t("game.session", { seconds: Math.round(session.duration_ms / 1000) })));
    }
    const info = Object.entries(view).filter(([k]) => k !== "game");
    rows.push(el("dl", { class: "generic-view" }, info.map(([k, v]) => el("div", {}, el("dt", {}, label(this.game, k)),
      el("dd", {}, k === "phase" && hasWord(this.game, `phase.${v}`) ? word(this.game, `phase.${v}`) : k === "current" && Number.isInteger(v) ? show(this.game, { seat: v }, names) : k === "to_move" && Array.isArray(v) ? v.map((x) => names?.[x] || word(this.game, "seat.name", { number: x + 1 })).join(", ") : show(this.game, v, names))))));
    if (!over && seat != null && legal.length) {
      rows.push(el("section", { class: "actions", "aria-labelledby": "actions-h" },
        el("h2", { id: "actions-h" }, t("ui.actions")),
        el("div", { class: "button-row" }, distinctChoices(legal, this.ctx.label).map((a, i) => el("button", { class: i === 0 ? "primary" : "", "data-key": `act-${i}`, onclick: () => this.ctx.act(a) }, this.ctx.label(a))))));
    }
    const side = el("div", { class: "side" }, this.ctx.logPanel, this.ctx.chatPanel);
    this.root.replaceChildren(el("div", { class: "card-panel" }, rows), side);
    this.ctx.panelsPlaced?.();
    if (over && !this.closed) {
      this.root.append(endScreen({ result: this.state.result, names, why: null, buttons: this.ctx.endButtons(),
        onClose: () => { this.closed = true; this.render(); } }));
    }
    if (!focusKey(this.root, active)) this.ctx.keepFocus?.();
  }
}
