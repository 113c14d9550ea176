// The announcer: every event the seat may know, in words, through the ARIA live region
// (#announcer, visually hidden: the server sends a seat only what it may know, so private
// information reaches its own seat only and is never drawn for others to see), filtered by a
// verbosity setting remembered in localStorage:
//
// - "all": every event;
// - "mine": my turn, events that name my seat, money and private events of mine, the end;
// - "minimal": my turn, my private events, what is asked of me, the end.
//
// Answers to questions (single keys) are always spoken.
import { announce } from "../util.js";

export const VERBOSITY = ["all", "mine", "minimal"];
const KEY = "tycoon.verbosity";

const SEAT_FIELDS = ["seat", "payer", "payee", "giver", "receiver", "owner", "by", "target", "winner", "from", "to_seat", "victim", "thief"];
const END_TYPES = /(^|_)(game_over|won|winner|ended|finished|game_end)($|_)/;

/** The verbosity chosen (remembered in localStorage), "all" by default. */
export function verbosity() {
  const v = localStorage.getItem(KEY);
  return VERBOSITY.includes(v) ? v : "all";
}

export function setVerbosity(v) {
  if (!VERBOSITY.includes(v)) throw new Error(`unknown verbosity ${v}`);
  localStorage.setItem(KEY, v);
}

/** Whether an event names `seat` in one of its fields (or a list of seats). */
export function mentions(ev, seat) {
  if (seat == null) return false;
  return SEAT_FIELDS.some((f) => ev[f] === seat || (Array.isArray(ev[f]) && ev[f].includes(seat)));
}

/** Whether `ev` is spoken at verbosity `level` for the viewer `seat`. */
export function spoken(ev, seat, level = verbosity()) {
  if (level === "all") return true;
  const isEnd = END_TYPES.test(ev.type || "") || ev.winner != null;
  if (isEnd) return true;
  if (ev.type === "turn_started") return level === "mine" || ev.seat === seat;
  if (ev.private && mentions(ev, seat)) return true;
  if (ev.private && seat != null && ev.seat === undefined) return true;
  if (level === "mine") return mentions(ev, seat);
  // minimal: only what asks something of me
  return mentions(ev, seat) && ["payer", "target", "victim"].some((f) => ev[f] === seat);
}

/** Speak one event's words if the verbosity lets it through. */
export function announceEvent(ev, text, seat) {
  if (text && spoken(ev, seat)) announce(text);
}

/** Speak an answer (always, whatever the verbosity). */
export function speak(text) {
  if (text) announce(text);
}
