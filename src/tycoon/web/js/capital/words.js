// Capital's events and actions in words, in the player's language (keys capital.event.TYPE and
// capital.action.TYPE with {placeholders} filled from the event's fields).
import { t, has, money } from "../i18n.js";
import { seatLetter } from "./board.js";
import { CARDS } from "./data.js";

export function seatName(seat, names) {
  if (seat === null || seat === undefined) return t("capital.bank");
  const name = names?.[seat];
  const n = typeof name === "object" && name ? name.name : name;
  return n ? `${n} (${seatLetter(seat)})` : t("ui.player_letter", { letter: seatLetter(seat) });
}

export function cardName(id) {
  return t(`capital.card.${id}.name`);
}

function targetWords(target, names) {
  if (target === null || target === undefined) return "";
  if (typeof target === "number") return seatName(target, names);
  if (typeof target === "object" && "lot" in target) return t("capital.business_at", { square: target.square, lot: target.lot + 1 });
  if (typeof target === "object" && "square" in target) return t("capital.square_n", { n: target.square });
  if (typeof target === "object" && "seat" in target) return seatName(target.seat, names);
  return String(target);
}

/** The placeholders an event or action offers to its template. */
export function params(obj, names) {
  const p = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === null || typeof v !== "object") p[k] = v;
  }
  for (const k of ["seat", "payer", "payee", "owner", "winner", "player", "by"]) {
    if (k in obj) p[k] = seatName(obj[k], names);
  }
  if ("target" in obj) {
    const onSquare = typeof obj.target === "number" && CARDS[obj.card]?.target === "square";
    p.target = onSquare ? t("capital.square_n", { n: obj.target }) : targetWords(obj.target, names);
  }
  if ("amount" in obj) p.amount = money(obj.amount);
  if ("points" in obj) p.points = obj.points;
  if ("card" in obj) p.card = cardName(obj.card);
  if ("kind" in obj) p.kind = t(`capital.kind.${obj.kind}`);
  if ("lot" in obj && typeof obj.lot === "number") p.lot = obj.lot + 1;
  if ("dice" in obj && Array.isArray(obj.dice)) {
    p.dice = obj.dice.join(" + ");
    p.total = obj.dice.reduce((a, b) => a + b, 0);
  }
  if ("cards" in obj && Array.isArray(obj.cards)) {
    p.cards = obj.cards.map(cardName).join(", ");
    p.count = obj.cards.length;
  }
  if ("charges" in obj && Array.isArray(obj.charges)) p.count = obj.charges.length;
  if (obj.effect) p.effect = t(`capital.effect.${obj.effect}.name`);
  if (typeof obj.game === "string" && obj.game !== "capital") p.minigame = t(`minigame.${obj.game}.name`);
  if ("reason" in obj && typeof obj.reason === "string") p.reason = reasonWords(obj.reason);
  if ("charge" in obj && typeof obj.charge === "string") p.charge = chargeKind(obj.charge);
  if ("construction" in obj) p.construction = t(`capital.construction_kind.${obj.construction}`);
  if ("way" in obj) p.way = t(`capital.way.${obj.way}`);
  if ("path" in obj && Array.isArray(obj.path)) {
    p.to = obj.path[obj.path.length - 1];
    p.steps = obj.path.length;
  }
  if ("to" in obj && typeof obj.to === "number") p.to = obj.to;
  return p;
}

/** Why money moved: "build", "card:toll", "easy_money", "fee", "toll", "mafia", "lion", ... */
export function reasonWords(reason) {
  if (reason.startsWith("card:")) return t("capital.reason.card", { card: cardName(reason.slice(5)) });
  const key = `capital.reason.${reason}`;
  if (has(key)) return t(key);
  if (has(`capital.card.${reason}.name`)) return cardName(reason);
  return reason.replace(/_/g, " ");
}

/** A charge id of C-4.3 ("fee:17:2", "toll:30", "mafia:0", "lion:0") in words. */
export function chargeKind(id) {
  const [kind, a, b] = String(id).split(":");
  if (kind === "fee") return t("capital.charge.fee", { square: a, lot: Number(b) + 1 });
  if (kind === "toll") return t("capital.charge.toll", { square: a });
  if (kind === "mafia") return t("capital.charge.mafia");
  if (kind === "lion") return t("capital.charge.lion");
  return id;
}

/** An event in words, or null for events that say nothing to a person. */
export function describeCapitalEvent(ev, view, names) {
  if (!ev || typeof ev !== "object") return null;
  const p = params(ev, names);
  switch (ev.type) {
    case "effect_changed":
    case "drew":
      return null; // shown on the panels; too chatty for the log
    case "moved":
      if (ev.blocked_by != null) return t("capital.event.moved_blocked", { ...p, owner: seatName(ev.blocked_by, names) });
      break;
    case "rolled":
      if (ev.effect) return t("capital.event.rolled_effect", p);
      break;
    case "stock_exchange":
      return t(ev.amount >= 0 ? "capital.event.stock_exchange_gain" : "capital.event.stock_exchange_loss", { ...p, amount: money(Math.abs(ev.amount)) });
    case "minigame_scored":
      return t("capital.event.minigame_scored", { ...p, scores: (ev.scores || []).map((n, i) => `${seatName(i, names)}: ${n}`).join(", ") });
    case "level_up":
      return t("capital.event.level_up", { ...p, count: (ev.lots || []).length });
    case "game_over":
      if (ev.winner == null) return t("capital.event.game_over_none", p);
      break;
    case "transfer":
      if (ev.amount === 0) return null;
      break;
    default:
  }
  const key = `capital.event.${ev.type}`;
  if (!has(key)) {
    const rest = Object.entries(ev).filter(([k]) => k !== "type").map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
    return `${ev.type.replace(/_/g, " ")}${rest.length ? " — " + rest.join(", ") : ""}`;
  }
  return t(key, p);
}

/** A legal action in words ("Build a bar on lot 2 for $50"). */
export function describeCapitalAction(action, view, names) {
  const p = params(action, names);
  if (action.type === "build" && action.kind) p.price = money(view.prices?.[action.kind] ?? priceOf(action.kind));
  if (action.type === "play") {
    const key = action.target === undefined || action.target === null ? "capital.action.play" : "capital.action.play_target";
    return t(key, p);
  }
  if (action.type === "waive") {
    p.charges = (action.charges || []).map((c) => chargeWords(c, view, names)).join(", ") || t("capital.nothing");
  }
  const key = `capital.action.${action.type}`;
  return has(key) ? t(key, p) : JSON.stringify(action);
}

export function chargeWords(charge, view, names) {
  const c = (view.charges || []).find((x) => x.id === charge);
  const what = chargeKind(charge);
  if (!c) return what;
  return t("capital.charge_to", { what, amount: c.amount != null ? money(c.amount) : "—", to: seatName(c.payee ?? null, names) });
}

const PRICES = { bar: 50, grocery: 100, supermarket: 150, gallery: 250, office_building: 500, shopping_center: 1000, super_center: 1500 };
function priceOf(kind) {
  return PRICES[kind] ?? 0;
}
