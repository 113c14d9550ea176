// Capital's data as the server publishes it (GET /api/kinds/capital/data, generated from the
// rules package): the board, business kinds with prices and incomes, cards with costs and
// targets, effects. Nothing here is copied from the rules: this module only reads that data
// (in whichever of a few JSON shapes it comes) and holds the colours the board is drawn in.
import { gameData, nameOf, helpOf, word } from "../messages.js";

export const GAME = "capital";
/** Colours of the four regions in board order (presentation only; names come from the catalog). */
export const PALETTE = ["yellow", "red", "blue", "green"];
export const REGION_FILL = { yellow: "#f4c430", red: "#d64541", blue: "#3a78c9", green: "#2f9e5a" };
export const REGION_TINT = { yellow: "#fff6d6", red: "#fde3e1", blue: "#e1ecfb", green: "#ddf3e5" };
export const SEAT_FILL = { yellow: "#e0a800", red: "#c0392b", blue: "#2763b8", green: "#23864a" };
export const EFFECT_ICON = { lion: "🦁", mafia: "🎩", tax_exemption: "🛡", business_exemption: "🏷", blocked_account: "🔒", hare: "🐇", turtle: "🐢" };

let cachedBoard = null;
let cachedFrom = null;

function regionName(r, d) {
  if (typeof r === "string") return r;
  const names = d.board?.colours || d.regions || d.colors;
  const n = Array.isArray(names) ? names[r] : null;
  return (typeof n === "string" ? n : n?.color ?? n?.name) || PALETTE[r] || `r${r}`;
}

function kindName(k) {
  return k === "exchange" ? "stock_exchange" : k;
}

/** The board as a list of {square, region, kind, next: [...], index}, from the data. */
export function board() {
  const d = gameData(GAME);
  if (cachedFrom === d && cachedBoard) return cachedBoard;
  let raw = d.board?.squares ?? d.board ?? d.squares ?? [];
  let list = [];
  if (Array.isArray(raw)) {
    list = raw.map((s, i) => ({
      square: s.square ?? s.id ?? i,
      region: s.colour ?? regionName(s.region ?? s.color, d),
      kind: kindName(s.kind),
      rawKind: s.kind,
      number: s.number,
      next: Array.isArray(s.next) ? s.next : s.forks ? [...s.forks] : s.fork ? [...s.fork] : [s.next],
      offset: s.offset,
    }));
  } else if (raw && Array.isArray(raw.kind)) {
    const forks = raw.forks || {};
    list = raw.kind.map((k, i) => ({
      square: i,
      region: regionName(raw.region[i], d),
      kind: kindName(k),
      next: raw.next[i] === -1 || raw.next[i] == null ? [...(forks[i] || forks[String(i)] || [])] : [raw.next[i]],
    }));
  }
  const first = new Map();
  for (const s of list) if (!first.has(s.region)) first.set(s.region, s.square);
  for (const s of list) s.index = Number.isInteger(s.offset) ? s.offset : s.square - first.get(s.region);
  cachedBoard = list;
  cachedFrom = d;
  return list;
}

function table(name) {
  const d = gameData(GAME);
  const v = d[name];
  if (Array.isArray(v)) return Object.fromEntries(v.map((x) => [x.id ?? x.kind ?? x.card ?? x.name, x]));
  return v || {};
}

/** Business kinds in price order: {kind: {price, income, ...}}. */
export function kinds() {
  const k = table("kinds");
  return Object.keys(k).length ? k : table("businesses");
}

export function kindList() {
  const k = kinds();
  return Object.keys(k).sort((a, b) => (k[a].price ?? 0) - (k[b].price ?? 0));
}

export function priceOf(kind) {
  return kinds()[kind]?.price ?? null;
}

export function baseIncome(kind) {
  const k = kinds()[kind] || {};
  return k.income ?? k.base_income ?? k.base ?? null;
}

export function cardInfo(card) {
  return table("cards")[card] || {};
}

export function cardIds() {
  return Object.keys(table("cards"));
}

export function effects() {
  const e = gameData(GAME).effects;
  if (Array.isArray(e)) return e.map((x) => (typeof x === "string" ? x : x.id ?? x.name));
  return Object.keys(e || {});
}

export function effectInfo(effect) {
  const e = gameData(GAME).effects;
  if (Array.isArray(e)) return e.find((x) => typeof x === "object" && (x.id ?? x.name) === effect) || {};
  return (e || {})[effect] || {};
}

/** A card's family, for the colour band of its face (never the only sign: the text says it). */
export function cardGroup(card) {
  const c = cardInfo(card);
  if (c.victory || c.category === "victory") return "victory";
  return c.target === "square" ? "works" : c.target === "seat" || c.target === "business" ? "attack" : "own";
}

export const cardName = (card) => nameOf(GAME, "card", card, cardInfo(card)) || word(GAME, `card.${card}.name`);
/** A card's help, as the game's rules `options` (the view's) make it work. */
export const cardHelp = (card, options = null) => helpOf(GAME, "card", card, cardInfo(card), options);
export const businessName = (kind) => nameOf(GAME, "kind", kind, kinds()[kind]) || nameOf(GAME, "business", kind) || word(GAME, `kind.${kind}.name`);
export const businessHelp = (kind) => helpOf(GAME, "kind", kind, kinds()[kind]) || helpOf(GAME, "business", kind);
/** What a kind of square does (`square_kind.KIND.help`), as the game's rules `options` make it work. */
export const squareHelp = (sq, options = null) => helpOf(GAME, "square_kind", sq.rawKind || sq.kind, null, options);
export const effectName = (effect) => nameOf(GAME, "effect", effect, effectInfo(effect)) || word(GAME, `effect.${effect}.name`);
export const effectHelp = (effect, options = null) => helpOf(GAME, "effect", effect, effectInfo(effect), options);
export const regionWord = (region) => nameOf(GAME, "colour", region) || nameOf(GAME, "region", region) || nameOf(GAME, "color", region) || word(GAME, `colour.${region}`);

/** Money as the game writes it ("$1250"; "-$50" by its catalog's money.negative). */
export function money(n) {
  return n < 0 ? word(GAME, "money.negative", { n: -n }) : word(GAME, "money", { n });
}
