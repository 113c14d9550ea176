// Display data for Capital, copied from shared/rules/capital.md for showing prices and costs
// before a choice (the server decides what is legal and what things cost: these only label it).
// When the view carries its own board or prices, those win.

export const REGIONS = ["yellow", "red", "blue", "green"];
export const REGION_FILL = { yellow: "#f4c430", red: "#d64541", blue: "#3a78c9", green: "#2f9e5a" };
export const REGION_TINT = { yellow: "#fff6d6", red: "#fde3e1", blue: "#e1ecfb", green: "#ddf3e5" };
/** Seat colours (a seat's colour is the colour of its region, C-1.4). */
export const SEAT_FILL = { yellow: "#e0a800", red: "#c0392b", blue: "#2763b8", green: "#23864a" };

/** C-5.1: kinds in price order, with price and base income. */
export const KINDS = {
  bar: { price: 50, income: 25, abbr: "B" },
  grocery: { price: 100, income: 50, abbr: "G" },
  supermarket: { price: 150, income: 75, abbr: "S" },
  gallery: { price: 250, income: 125, abbr: "Ga" },
  office_building: { price: 500, income: 250, abbr: "O" },
  shopping_center: { price: 1000, income: 500, abbr: "Sh" },
  super_center: { price: 1500, income: 750, abbr: "SC" },
};

/** C-7: card costs and what a card's target is (for picking it on the board). */
export const CARDS = {
  easy_money: { cost: 0, target: null },
  business_insurance: { cost: 0, target: null },
  lions_sight: { cost: 200, target: "seat" },
  mafia_collection: { cost: 100, target: "seat" },
  tax_exemption: { cost: 200, target: null },
  business_exemption: { cost: 200, target: null },
  blocked_account: { cost: 200, target: "seat" },
  careful_works: { cost: 100, target: "square" },
  toll: { cost: 100, target: "square" },
  demolition: { cost: 100, target: "square" },
  operation_hare: { cost: 0, target: null },
  operation_turtle: { cost: 200, target: "seat" },
  extra_die: { cost: 200, target: null },
  lost_die: { cost: 500, target: "seat" },
  new_beginning: { cost: 200, target: "seat" },
  implosion: { cost: 200, target: "business" },
  instant_valuation: { cost: 200, target: "business" },
  aggressive_marketing: { cost: 400, target: null },
  richest_in_town: { cost: 0, target: null, victory: true },
  successful_entrepreneur: { cost: 0, target: null, victory: true },
  private_jet: { cost: 500, target: null, victory: true },
  swimming_in_money: { cost: 3000, target: null, victory: true },
  mega_business: { cost: 500, target: null, victory: true },
};

/** A card's family, for the colour band of its face (never the only sign: the text says it). */
export function cardGroup(card) {
  const info = CARDS[card] || {};
  if (info.victory) return "victory";
  if (["careful_works", "toll", "demolition"].includes(card)) return "works";
  if (["lions_sight", "mafia_collection", "blocked_account", "operation_turtle", "lost_die", "implosion"].includes(card)) return "attack";
  return "own";
}

export const EFFECTS = ["lion", "mafia", "tax_exemption", "business_exemption", "blocked_account", "hare", "turtle"];
export const EFFECT_ICON = { lion: "🦁", mafia: "🎩", tax_exemption: "🛡", business_exemption: "🏷", blocked_account: "🔒", hare: "🐇", turtle: "🐢" };
export const EFFECT_SHORT = { lion: "Li", mafia: "Ma", tax_exemption: "TE", business_exemption: "BE", blocked_account: "BA", hare: "Ha", turtle: "Tu" };

/**
 * The default board of C-2 as data: for each square 0..55 its region, what it is and where it
 * leads. A view carrying "board" (a list of {square, kind, region, next:[...]}) replaces it.
 */
export function defaultBoard() {
  const squares = [];
  for (let r = 0; r < 4; r++) {
    const b = 14 * r;
    for (let i = 0; i < 14; i++) {
      const s = b + i;
      let kind = "block";
      if (i === 0) kind = "start";
      if (i === 13) kind = r % 2 === 0 ? "minigame" : "stock_exchange";
      let next;
      if (i === 3) next = [b + 4, b + 8];
      else if (i === 7 || i === 10) next = [b + 11];
      else if (i === 13) next = [(b + 14) % 56];
      else next = [s + 1];
      let branch = null;
      if (i >= 4 && i <= 7) branch = "outer";
      if (i >= 8 && i <= 10) branch = "inner";
      squares.push({ square: s, region: REGIONS[r], kind, next, branch, index: i });
    }
  }
  return squares;
}

/** Where each square sits on a 12×12 grid (C-2: one side of the ring per region, inner branch inside). */
export function squarePlace(sq) {
  const r = REGIONS.indexOf(sq.region);
  const i = sq.index ?? sq.square - 14 * r;
  const POS = { 0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 4.5, 9: 5.5, 10: 6.5, 11: 8, 12: 9, 13: 10 };
  const p = POS[i];
  const d = i >= 8 && i <= 10 ? 1 : 0;
  switch (r) {
    case 0: return { x: p, y: d };
    case 1: return { x: 11 - d, y: p };
    case 2: return { x: 11 - p, y: 11 - d };
    default: return { x: d, y: 11 - p };
  }
}
