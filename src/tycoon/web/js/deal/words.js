// Monopoly Deal cards, actions and events in words, in the player's language (MD-11: the names
// live in the i18n files, keys deal.card.*, deal.color.*).
import { t, has } from "../i18n.js";

export let CARDS = [];

/** Load the 106 cards (web/data/deal-cards.json, the same as tycoon.deal.CARDS). */
export async function loadCards() {
  if (CARDS.length) return CARDS;
  const res = await fetch("data/deal-cards.json");
  CARDS = await res.json();
  return CARDS;
}

export function colorName(color) {
  return t(`deal.color.${color}`);
}

export function cardName(id) {
  const c = CARDS[id];
  if (!c) return t("deal.card_n", { n: id });
  if (c.kind === "money") return t("deal.money", { n: c.value });
  if (c.kind === "property") return t("deal.property", { color: colorName(c.colors[0]) });
  if (c.card === "wild_multicolor") return t("deal.card.wild_multicolor");
  if (c.kind === "wild") return t("deal.wild", { a: colorName(c.colors[0]), b: colorName(c.colors[1]) });
  if (c.card === "rent_wild") return t("deal.card.rent_wild");
  if (c.kind === "rent") return t("deal.rent", { a: colorName(c.colors[0]), b: colorName(c.colors[1]) });
  return t(`deal.card.${c.card}`);
}

export function seatName(seat, names) {
  if (seat === null || seat === undefined) return "—";
  const n = names?.[seat];
  return n ? `${n} (${"ABCDE"[seat]})` : t("ui.player_letter", { letter: "ABCDE"[seat] });
}

function setColor(view, seat, index) {
  return view?.seats?.[seat]?.sets?.[index]?.color;
}

/** A legal action in words for the player choosing it. */
export function describeDealAction(a, view, names, me) {
  const p = {
    card: a.card !== undefined ? cardName(a.card) : "",
    value: a.card !== undefined ? CARDS[a.card]?.value ?? 0 : 0,
    color: a.color ? colorName(a.color) : "",
    target: a.target !== undefined && a.target !== null ? seatName(a.target, names) : "",
    take: a.take !== undefined ? cardName(a.take) : "",
    give: a.give !== undefined ? cardName(a.give) : "",
  };
  if (a.type === "deal_breaker") p.color = colorName(setColor(view, a.target, a.set) || "");
  if (a.type === "house" || a.type === "hotel") p.color = colorName(setColor(view, me, a.set) || "");
  if (a.type === "rent") {
    const doubles = (a.doubles || []).length;
    let s = a.target !== null && a.target !== undefined ? t("deal.action.rent_target", p) : t("deal.action.rent", p);
    if (doubles) s += " " + t("deal.action.doubled", { n: doubles });
    return s;
  }
  const key = `deal.action.${a.type}`;
  return has(key) ? t(key, p) : JSON.stringify(a);
}

/** An event in words, or null when it says nothing new. */
export function describeDealEvent(ev, view, names, me) {
  const who = seatName(ev.seat, names);
  switch (ev.type) {
    case "turn_started":
      return t("deal.event.turn_started", { player: who, turn: ev.turn });
    case "drew":
      return t("deal.event.drew", { player: who, n: ev.count });
    case "reshuffled":
      return t("deal.event.reshuffled", { n: ev.count });
    case "played": {
      const a = ev.action || {};
      if (a.type === "end_turn") return t("deal.event.end_turn", { player: who });
      if (a.type === "pay") return t("deal.event.paid_card", { player: who, card: cardName(a.card) });
      if (a.type === "discard") return t("deal.event.discarded", { player: who, card: cardName(a.card) });
      if (a.type === "accept") return t("deal.event.accepted", { player: who });
      if (a.type === "say_no") return t("deal.event.said_no", { player: who });
      return t("deal.event.played", { player: who, what: describeDealAction(a, view, names, ev.seat) });
    }
    case "cancelled":
      return t("deal.event.cancelled", { player: who });
    case "transferred":
      return t("deal.event.transferred", { giver: seatName(ev.giver, names), receiver: seatName(ev.receiver, names), cards: (ev.cards || []).map(cardName).join(", ") });
    case "buildings_lost":
      return t("deal.event.buildings_lost", { player: who, cards: (ev.cards || []).map(cardName).join(", ") });
    case "won":
      return t("deal.event.won", { player: who });
    default:
      return `${ev.type}`;
  }
}
