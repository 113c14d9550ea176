// The board (Capital) or the table (Deal, any game) as a grid walked with the arrow keys: one row
// per region or player, one cell per square or per player, bank and set, each cell one sentence.
// Roving tabindex: one Tab stop; ←/→ along a row, ↑/↓ between rows, Home/End; Enter picks a
// Capital square when the board offers it as a target. The grid is hidden from the eye until
// focus enters it, then it shows as a panel at the bottom of the screen; the square under focus
// is outlined on the board.
import { el } from "../util.js";
import { t } from "../i18n.js";
import { gameWords } from "./games.js";

export class Walker {
  constructor() {
    this.node = el("section", { class: "a11y-walk", id: "a11y-walk", "aria-labelledby": "a11y-walk-h" });
    this.head = el("h2", { id: "a11y-walk-h" });
    this.grid = el("div", { role: "grid", id: "a11y-grid", class: "a11y-grid" });
    this.node.append(this.head, this.grid);
    this.pos = [0, 0];
    this.rows = [];
    this.grid.addEventListener("keydown", (ev) => this.key(ev));
    this.grid.addEventListener("focusin", () => this.outline());
    this.grid.addEventListener("focusout", () => this.outline(true));
  }

  update(state) {
    if (!state?.view) return;
    this.game = state.game;
    const words = gameWords(state.game);
    this.rows = words.rows(state.view, state.names);
    const title = state.game === "capital" ? t("a11y.walk.board") : t("a11y.walk.table");
    this.head.textContent = title;
    this.grid.setAttribute("aria-label", `${title}. ${t("a11y.walk.hint")}`);
    const had = this.grid.contains(document.activeElement);
    const [r0, c0] = this.pos;
    const r = Math.min(r0, Math.max(0, this.rows.length - 1));
    const c = Math.min(c0, Math.max(0, (this.rows[r]?.cells.length ?? 1) - 1));
    this.pos = [r, c];
    this.grid.replaceChildren(...this.rows.map((row, i) => el("div", { role: "row", "aria-label": row.label },
      row.cells.map((cell, j) => el("div", {
        role: "gridcell", tabindex: i === r && j === c ? "0" : "-1", "data-row": i, "data-col": j,
        "data-walk-square": cell.square ?? null, onclick: () => this.go(i, j),
      }, cell.text)))));
    if (had) this.cell(r, c)?.focus({ preventScroll: true });
  }

  cell(r, c) {
    return this.grid.querySelector(`[data-row="${r}"][data-col="${c}"]`);
  }

  /** Put focus on the grid (the `b` key). */
  focus() {
    this.cell(...this.pos)?.focus();
  }

  go(r, c) {
    if (!this.rows.length) return;
    r = (r + this.rows.length) % this.rows.length;
    const n = this.rows[r].cells.length;
    c = Math.max(0, Math.min(n - 1, c));
    this.cell(...this.pos)?.setAttribute("tabindex", "-1");
    this.pos = [r, c];
    const node = this.cell(r, c);
    node?.setAttribute("tabindex", "0");
    node?.focus();
    this.outline();
  }

  key(ev) {
    const [r, c] = this.pos;
    const n = this.rows[r]?.cells.length ?? 0;
    const moves = {
      ArrowRight: () => (c + 1 < n ? this.go(r, c + 1) : this.go(r + 1, 0)),
      ArrowLeft: () => (c > 0 ? this.go(r, c - 1) : this.go(r - 1, (this.rows[(r - 1 + this.rows.length) % this.rows.length]?.cells.length ?? 1) - 1)),
      ArrowDown: () => this.go(r + 1, c),
      ArrowUp: () => this.go(r - 1, c),
      Home: () => this.go(r, 0),
      End: () => this.go(r, n - 1),
      Enter: () => this.pick(),
      " ": () => this.pick(),
    };
    const f = moves[ev.key];
    if (!f || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    ev.stopPropagation();
    f();
  }

  /** Enter on a square the board offers as a target picks it, as a click on the board would. */
  pick() {
    const sq = this.cell(...this.pos)?.dataset.walkSquare;
    if (sq == null) return;
    const target = document.querySelector(`svg.board g.square.target[data-square="${sq}"], svg.board .target[data-square="${sq}"]`);
    if (target) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }

  outline(off = false) {
    for (const g of document.querySelectorAll("svg.board .a11y-here")) g.classList.remove("a11y-here");
    if (off) return;
    const sq = this.cell(...this.pos)?.dataset.walkSquare;
    if (sq != null) document.querySelector(`svg.board g.square[data-square="${sq}"]`)?.classList.add("a11y-here");
  }
}
