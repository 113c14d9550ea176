// The Capital board as SVG: 56 squares on a ring of four coloured regions (C-2), the forks with
// their two ways, each block's four lots (kind, owner letter and colour, level), pawns,
// obstacles and tolls. Squares, lots and seats can be offered as targets to pick.
import { seatLetter, svg } from "../util.js";
import { word, hasWord } from "../messages.js";
import { t } from "../i18n.js";
import { board as dataBoard, REGION_FILL, REGION_TINT, SEAT_FILL, PALETTE, regionWord, businessName, squareHelp } from "./info.js";

/** Where each square sits on a 12×12 grid (C-2: one side of the ring per region, inner branch inside). */
export function squarePlace(sq) {
  const r = Math.max(0, PALETTE.indexOf(sq.region));
  const i = sq.index;
  const POS = { 0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 4.5, 9: 5.5, 10: 6.5, 11: 8, 12: 9, 13: 10 };
  const p = POS[i] ?? i;
  const d = i >= 8 && i <= 10 ? 1 : 0;
  switch (r) {
    case 0: return { x: p, y: d };
    case 1: return { x: 11 - d, y: p };
    case 2: return { x: 11 - p, y: 11 - d };
    default: return { x: d, y: 11 - p };
  }
}

function defaultBoard() {
  return dataBoard();
}

const CELL = 100;
const PAD = 7; // gap between squares, where the road shows

function centre(sq) {
  const p = squarePlace(sq);
  return { x: p.x * CELL + CELL / 2, y: p.y * CELL + CELL / 2 };
}

/** Where a pawn stands on a square (the same place drawBoard puts it), for animations. */
export function pawnPlace(view, square, k = 0, n = 1) {
  const board = view.board || defaultBoard();
  const sq = board.find((s) => s.square === square);
  if (!sq) return null;
  const c = centre(sq);
  return { x: c.x + (k - (n - 1) / 2) * 22, y: c.y + (sq.kind === "block" ? 30 : 26) };
}

export function seatFill(view, seat) {
  const c = view.seats?.[seat]?.color;
  return SEAT_FILL[c] || ["#e0a800", "#c0392b", "#2763b8", "#23864a"][seat] || "#555";
}

/** A square in words, as the game's messages name it ("block 18, blue"). */
export function squareName(sq) {
  const n = sq.number ?? sq.square + 1;
  const kind = sq.rawKind || (sq.kind === "stock_exchange" ? "exchange" : sq.kind);
  const what = hasWord("capital", `square.${kind}`) ? word("capital", `square.${kind}`, { n }) : String(n);
  return `${what}, ${regionWord(sq.region)}`;
}

/**
 * Draw the board. `targets` (optional): {squares: Map(square -> action), lots: Map("s:l" -> action),
 * onPick(action)} makes those squares or lots pickable by click or keyboard.
 */
export function drawBoard(view, targets = null, highlight = null, banner = null) {
  const board = view.board || defaultBoard();
  const bySquare = new Map(board.map((s) => [s.square, s]));
  const root = svg("svg", {
    viewBox: `-10 -10 ${12 * CELL + 20} ${12 * CELL + 20}`,
    class: "board",
    role: "group",
    "aria-label": t("capital.board"),
  });
  // The roads: every move of C-2.1, under the squares, so that forks show as two roads.
  const roads = svg("g", { class: "roads", "aria-hidden": "true" });
  for (const sq of board) {
    const a = centre(sq);
    for (const n of sq.next) {
      const b = centre(bySquare.get(n));
      roads.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: sq.next.length > 1 ? "road fork-road" : "road" }));
    }
  }
  root.append(roads);
  // Centre: the title, the deck and the last dice.
  const middle = svg("g", { class: "centre", "aria-hidden": "true" },
    svg("rect", { x: 2 * CELL + 10, y: 2 * CELL + 10, width: 8 * CELL - 20, height: 8 * CELL - 20, rx: 24, class: "centre-bg" }),
    svg("text", { x: 6 * CELL, y: 3 * CELL + 10, class: "title" }, t("capital.title")),
    svg("text", { x: 6 * CELL, y: 3 * CELL + 50, class: "subtitle" }, t("capital.turn_n", { n: view.turn ?? 0 })));
  const roll = view.roll || [];
  roll.forEach((d, i) => middle.append(die(6 * CELL + (i - (roll.length - 1) / 2) * 100 - 40, 3 * CELL + 75, d, 80)));
  if (roll.length && !banner) middle.append(svg("text", { x: 6 * CELL, y: 4 * CELL + 95, class: "subtitle" }, t("capital.roll_of", { seat: seatLetter(view.current), total: roll.reduce((a, b) => a + b, 0) })));
  if (banner) {
    middle.append(svg("rect", { x: 2.5 * CELL, y: 4 * CELL + 62, width: 7 * CELL, height: 50, rx: 16, class: `banner-bg ${banner.tone}` }));
    middle.append(svg("text", { x: 6 * CELL, y: 4 * CELL + 98, class: "banner-text" }, banner.text));
  }
  root.append(middle);
  const squaresG = svg("g", { class: "squares" });
  const businesses = new Map();
  for (const b of view.businesses || []) businesses.set(`${b.square}:${b.lot}`, b);
  const constructions = new Map();
  for (const c of view.constructions || []) constructions.set(c.square, c);
  for (const sq of board) {
    const p = squarePlace(sq);
    const x = p.x * CELL + PAD / 2;
    const y = p.y * CELL + PAD / 2;
    const w = CELL - PAD;
    const g = svg("g", { class: `square ${sq.kind} region-${sq.region}`, "data-square": sq.square, transform: `translate(${x} ${y})` });
    const label = [squareName(sq)];
    const fill = sq.kind === "start" ? REGION_FILL[sq.region] : REGION_TINT[sq.region];
    g.append(svg("rect", { width: w, height: w, rx: 8, class: "sq-bg", fill, stroke: REGION_FILL[sq.region] }));
    // what the square does, on hovering its band and number (a block: its lots have their own) or the square
    const help = squareHelp(sq, view.options);
    if (sq.kind === "block") {
      g.append(svg("g", { class: "sq-head" },
        svg("rect", { width: w, height: 13, rx: 4, fill: REGION_FILL[sq.region], class: "sq-band" }),
        svg("text", { x: 5, y: 11, class: "sq-no" }, String(sq.number ?? sq.square + 1)),
        help ? svg("title", {}, help) : null));
      if (sq.next.length > 1) g.append(svg("path", { d: `M${w - 20} 11 L${w - 14} 5 L${w - 8} 11 M${w - 14} 5 L${w - 14} 1`, class: "sq-fork" }, svg("title", {}, t("capital.fork"))));
      for (let lot = 0; lot < 4; lot++) {
        const lx = 4 + (lot % 2) * ((w - 10) / 2 + 2);
        const ly = 17 + Math.floor(lot / 2) * ((w - 21) / 2 + 2);
        const lw = (w - 10) / 2;
        const lh = (w - 21) / 2;
        const biz = businesses.get(`${sq.square}:${lot}`);
        const lg = svg("g", { class: "lot", "data-lot": `${sq.square}:${lot}`, transform: `translate(${lx} ${ly})` });
        if (biz) {
          const own = seatFill(view, biz.owner);
          lg.append(svg("rect", { width: lw, height: lh, rx: 4, fill: own, class: "lot-biz" }));
          lg.append(svg("text", { x: lw / 2, y: lh * 0.4, class: "lot-kind" }, abbr(biz.kind)));
          lg.append(svg("text", { x: lw / 2, y: lh - 3, class: "lot-owner" }, `${seatLetter(biz.owner)}·${biz.level}`));
          const words = t("capital.lot_business", {
            lot: lot + 1, kind: businessName(biz.kind), owner: seatLetter(biz.owner), level: biz.level, income: biz.income,
          });
          lg.append(svg("title", {}, words));
          label.push(words);
        } else {
          lg.append(svg("rect", { width: lw, height: lh, rx: 4, class: "lot-free" }));
        }
        const key = `${sq.square}:${lot}`;
        if (targets?.lots?.has(key)) makePickable(lg, targets.lots.get(key), targets.onPick, biz ? label[label.length - 1] : t("capital.lot_free", { lot: lot + 1, square: sq.number ?? sq.square + 1 }), `lot-${key}`);
        g.append(lg);
      }
    } else {
      const word = sq.kind === "start" ? t("capital.start") : sq.kind === "minigame" ? t("capital.minigame") : t("capital.stock_exchange");
      g.append(svg("text", { x: w / 2, y: 30, class: `sq-word ${sq.kind}` }, word));
      const icon = sq.kind === "start" ? "→" : sq.kind === "minigame" ? "★" : "↗";
      g.append(svg("text", { x: w / 2, y: 58, class: "sq-icon" }, icon));
      g.append(svg("text", { x: 5, y: 12, class: "sq-no" }, String(sq.number ?? sq.square + 1)));
      if (help) g.append(svg("title", {}, help));
    }
    const con = constructions.get(sq.square);
    if (con) {
      const cg = svg("g", { class: `construction ${con.type}`, transform: `translate(${w - 30} ${w - 26})` });
      if (con.type === "obstacle") {
        cg.append(svg("rect", { width: 28, height: 20, rx: 3, class: "obstacle-bg" }));
        cg.append(svg("path", { d: "M2 18 L10 2 M10 18 L18 2 M18 18 L26 2", class: "obstacle-stripes" }));
      } else {
        cg.append(svg("circle", { cx: 14, cy: 10, r: 11, class: "toll-bg" }));
        cg.append(svg("text", { x: 14, y: 14.5, class: "toll-sign" }, "$"));
      }
      cg.append(svg("text", { x: -2, y: 16, class: "con-owner", "text-anchor": "end" }, seatLetter(con.owner)));
      const words = t(`capital.construction.${con.type}`, { owner: seatLetter(con.owner) });
      cg.append(svg("title", {}, words));
      label.push(words);
      g.append(cg);
    }
    if (highlight?.has(sq.square)) g.classList.add("highlight");
    g.setAttribute("aria-label", label.join(". "));
    g.setAttribute("role", g.querySelector(".target") ? "group" : "img");
    if (targets?.squares?.has(sq.square)) makePickable(g, targets.squares.get(sq.square), targets.onPick, label.join(". "), `sq-${sq.square}`);
    squaresG.append(g);
  }
  root.append(squaresG);
  // Pawns last, on top; several on one square stand side by side.
  const pawns = svg("g", { class: "pawns" });
  const at = new Map();
  (view.seats || []).forEach((s, i) => {
    if (s.square == null) return;
    const list = at.get(s.square) || [];
    list.push(i);
    at.set(s.square, list);
  });
  for (const [square, seats] of at) {
    const sq = bySquare.get(square);
    if (!sq) continue;
    const c = centre(sq);
    seats.forEach((seat, k) => {
      const dx = (k - (seats.length - 1) / 2) * 22;
      const current = view.current === seat;
      const dy = sq.kind === "block" ? 30 : 26;
      pawns.append(svg("g", { class: `pawn${current ? " current" : ""}`, "data-pawn": seat, transform: `translate(${c.x + dx} ${c.y + dy})` },
        svg("title", {}, t("capital.pawn_of", { seat: seatLetter(seat) })),
        svg("circle", { r: 14, fill: seatFill(view, seat) }),
        svg("text", { y: 5.5, class: "pawn-letter" }, seatLetter(seat))));
    });
  }
  root.append(pawns);
  return root;
}

/** A die face with `n` pips (a picture of the last roll; the words are in the log). */
function die(x, y, n, size = 90) {
  const g = svg("g", { class: "die", transform: `translate(${x} ${y}) scale(${size / 90})` }, svg("rect", { width: 90, height: 90, rx: 16 }));
  const P = { 1: [[45, 45]], 2: [[25, 25], [65, 65]], 3: [[25, 25], [45, 45], [65, 65]], 4: [[25, 25], [65, 25], [25, 65], [65, 65]],
    5: [[25, 25], [65, 25], [45, 45], [25, 65], [65, 65]], 6: [[25, 22], [65, 22], [25, 45], [65, 45], [25, 68], [65, 68]] };
  for (const [cx, cy] of P[n] || []) g.append(svg("circle", { cx, cy, r: 8 }));
  return g;
}

function makePickable(node, action, onPick, label, key) {
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", t("capital.pick", { what: label }));
  node.setAttribute("data-key", key);
  node.addEventListener("click", (ev) => {
    ev.stopPropagation();
    onPick(action);
  });
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      onPick(action);
    }
  });
}

/** A short label for a business on a lot: the first letters of its name in the player's language. */
function abbr(kind) {
  const words = String(businessName(kind)).split(/\s+/).filter(Boolean);
  return words.length > 1 ? words.map((w) => w[0]).join("").slice(0, 2).toUpperCase() : words[0]?.slice(0, 3) ?? "";
}
