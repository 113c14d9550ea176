// The Monopoly Deal table, laid out like a card game: the other players compact across the top
// (bank as a total with a small fan, sets as small stacks), the centre (what to do now, the
// draw and discard piles), your own table (bank and sets), and your hand fanned at the bottom.
// Cards, colours and rents come from the game's data (GET /api/kinds/deal/data), every word
// of a card from the game's catalog, every action's words from the server's messages.
import { breakable, distinctChoices, el, focusKey, needsDarkInk, seatLetter, swatch } from "../util.js";
import { t } from "../i18n.js";
import { gameData, nameOf, helpOf, word } from "../messages.js";
import { endScreen } from "../end.js";
import { cardPlaces, flyCard } from "../motion.js";
import { helpButton } from "../help.js";

const GAME = "deal";
/** Actions that are not a card played: the end screen counts the others. */
const NOT_CARD_PLAYS = new Set(["end_turn", "pay", "discard", "accept", "move_wild"]);
export const COLOR_FILL = {
  brown: "#8a5a35", light_blue: "#8fd3f0", pink: "#c8387f", orange: "#f28b26", railroad: "#2f2f2f",
  utility: "#b9cf8f", red: "#dd3535", yellow: "#f2cf3a", green: "#23864a", dark_blue: "#203f9a",
};
/** Colours whose set names are written in white (the others in ink). */
const DARK = new Set(Object.keys(COLOR_FILL).filter((c) => !needsDarkInk(COLOR_FILL[c])));
const SEAT_FILL = ["#e0a800", "#c0392b", "#2763b8", "#23864a", "#7b3fa0"];

function cards() {
  const d = gameData(GAME);
  return Array.isArray(d.cards) ? d.cards : Object.values(d.cards || {});
}

function cardOf(id) {
  const list = cards();
  return list[id]?.id === id ? list[id] : list.find((c) => c.id === id) || null;
}

function colorInfo(color) {
  const c = gameData(GAME).colors;
  if (Array.isArray(c)) return c.find((x) => x && x.id === color) || null;
  return c && typeof c[color] === "object" ? c[color] : null;
}

/** Whether the view's plays left are worth saying: in the play phase (and while others answer
 * a play), not in the discard at the end of a turn, nor once the game is over. */
export function countsPlays(view) {
  return view.plays_left != null && !["discard", "over"].includes(view.phase);
}

export function colorName(color) {
  return nameOf(GAME, "color", color, colorInfo(color)) || word(GAME, `color.${color}`);
}

export function cardName(id) {
  const c = cardOf(id);
  if (!c) return "?";
  return nameOf(GAME, "card", c.card, c) || word(GAME, `card.${c.card}.name`);
}

/** A card's help, as the game's rules `options` word it. */
function cardHelp(id, options = null) {
  const c = cardOf(id);
  return c ? helpOf(GAME, "card", c.card, c, options) : null;
}

/** A colour's full-set size (MD-1.2), from the data (or counted from the property cards). */
function setSize(color) {
  const d = gameData(GAME);
  const entry = colorInfo(color);
  if (entry && Number.isInteger(entry.set_size ?? entry.size)) return entry.set_size ?? entry.size;
  if (Number.isInteger(d.set_sizes?.[color])) return d.set_sizes[color];
  return cards().filter((c) => c.kind === "property" && (c.colors || [])[0] === color).length;
}

function millions(n) {
  return word(GAME, "money", { n });
}

export class DealTable {
  constructor(container, ctx) {
    this.game = GAME;
    this.container = container;
    this.ctx = ctx;
    this.chosen = null; // a card id whose actions are listed
    this.root = el("div", { class: "deal-table" });
    container.replaceChildren(this.root);
  }

  update(state) {
    const key = `${state.view.turn}:${state.view.phase}:${JSON.stringify(state.view.pending)}:${state.legal.length}`;
    if (key !== this.lastKey) {
      this.chosen = null;
      this.narrow = null;
      this.lastKey = key;
    }
    // a replay's jump does not follow the update drawn before: no card flies from there
    const before = state.follows === false ? null : cardPlaces(this.root);
    this.state = state;
    this.count([...(state.history || []).flatMap((h) => h.events), ...state.events]);
    this.render();
    if (state.events.length) flyCard(this.root, before);
  }

  /** A few counts for the end screen: cards played (a card put on the table, banked or played
   * as an action; not a payment, a discard or a moved wild card) and what each seat was paid. */
  count(events) {
    this.stats = this.stats || { played: [], collected: [] };
    let paying = false; // a payment's cards change hands right after its "played" event
    for (const e of events) {
      if (e.type === "played") {
        paying = e.action?.type === "pay";
        if (e.seat != null && !NOT_CARD_PLAYS.has(e.action?.type)) this.stats.played[e.seat] = (this.stats.played[e.seat] || 0) + 1;
      }
      if (e.type === "transferred" && paying && e.receiver != null) {
        const value = (e.cards || []).reduce((a, id) => a + (cardOf(id)?.value ?? 0), 0);
        this.stats.collected[e.receiver] = (this.stats.collected[e.receiver] || 0) + value;
      }
    }
  }

  act(a) {
    this.chosen = null;
    this.narrow = null;
    this.ctx.act(a);
  }

  actionsFor(card) {
    return distinctChoices(this.state.legal.filter((a) => a.card === card), this.ctx.label);
  }

  seatName(seat) {
    if (seat === null || seat === undefined) return "—";
    return this.state.names?.[seat] || word(GAME, "seat.name", { number: seat + 1 });
  }

  /** The game has ended (a winner, or stopped at its turn limit): nobody is to play. */
  over() {
    const view = this.state.view;
    return view.winner != null || view.phase === "over" || this.state.status === "finished";
  }

  /** Whether ``seat`` is the one to play now (nobody is, once the game is over). */
  current(seat) {
    return this.state.view.current === seat && !this.over();
  }

  render() {
    const { view, seat } = this.state;
    const active = document.activeElement;
    const key = active?.dataset?.key;
    const others = (view.seats || []).filter((s) => s.seat !== seat);
    const me = seat != null ? view.seats[seat] : null;
    const play = el("div", { class: "dplay" },
      el("section", { class: "opponents", "aria-label": t("deal.opponents") }, others.map((s) => this.opponent(s))),
      this.centre(),
      me ? this.seatArea(me) : null,
      me ? this.handArea(me) : null);
    this.root.replaceChildren(play, el("aside", { class: "dside" }, this.ctx.logPanel, this.ctx.chatPanel));
    this.ctx.panelsPlaced?.();
    if (this.over() && !this.victoryClosed) this.root.append(this.victory());
    if (!focusKey(this.root, key)) this.ctx.keepFocus?.();
  }

  /** The face of a card: colour band, name, value; a button when it can be used now. */
  card(id, opts = {}) {
    const c = cardOf(id) || { kind: "?", value: 0, colors: [] };
    const colors = c.colors || [];
    let band = "";
    if (colors.length > 2) band = "linear-gradient(90deg," + colors.map((x) => COLOR_FILL[x]).join(",") + ")";
    else if (colors.length === 2) band = `linear-gradient(90deg, ${COLOR_FILL[colors[0]]} 50%, ${COLOR_FILL[colors[1]]} 50%)`;
    else if (colors.length === 1) band = COLOR_FILL[colors[0]];
    const actions = opts.actions || [];
    const bandNode = el("span", { class: "dcard-band" });
    if (band) bandNode.style.background = band;
    const body = [
      bandNode,
      el("span", { class: "dcard-name" }, breakable(cardName(id))),
      c.value && c.kind !== "money" ? el("span", { class: "dcard-value" }, millions(c.value)) : null,
    ];
    const cls = `dcard kind-${c.kind}${opts.chosen ? " chosen" : ""}${actions.length ? " actionable" : ""}`;
    let face;
    if (actions.length) {
      face = el("button", { class: cls, "data-card": id, "data-key": `${opts.where || "card"}-${id}`, "aria-expanded": opts.chosen ? "true" : "false",
        onclick: () => {
          if (actions.length === 1 && opts.direct) return this.act(actions[0]);
          this.chosen = this.chosen === id ? null : id;
          this.narrow = null;
          this.render();
          this.root.querySelector(`[data-key="menu-${id}-0"]`)?.focus({ preventScroll: true });
        } }, body);
    } else {
      face = el("div", { class: cls, "data-card": id, tabindex: opts.focusable ? "0" : undefined }, body);
    }
    if (opts.noHelp) return face;
    return el("span", { class: "dcard-wrap" }, face, helpButton(cardName(id), cardHelp(id, this.state.view?.options), `help-${opts.where || "card"}-${id}`));
  }

  menu(id) {
    const acts = this.actionsFor(id).filter((a) => this.narrow == null || a.take === this.narrow);
    const item = (a, i) => el("button", { role: "menuitem", "data-key": `menu-${id}-${i}`, onclick: () => this.act(a) }, this.ctx.label(a));
    const targets = [...new Set(acts.map((a) => a.target).filter((x) => x !== undefined && x !== null))];
    let items;
    if (acts.length > 8 && targets.length > 1) {
      // Many choices (Forced Deal, Sly Deal, wild rent): grouped by the player they aim at.
      items = [null, ...targets].map((tg) => {
        const group = acts.map((a, i) => [a, i]).filter(([a]) => (a.target ?? null) === tg);
        if (!group.length) return null;
        return el("div", { class: "menu-group", role: "group", "aria-label": tg === null ? cardName(id) : this.seatName(tg) },
          tg === null ? null : el("div", { class: "menu-head" }, this.seatName(tg)),
          group.map(([a, i]) => item(a, i)));
      });
    } else {
      items = acts.map(item);
    }
    const close = () => {
      this.chosen = null;
      this.narrow = null;
      this.render();
      this.root.querySelector(`.dhand [data-card="${id}"]`)?.focus({ preventScroll: true });
    };
    return el("div", { class: "card-menu", role: "menu", "aria-label": cardName(id), onkeydown: (ev) => this.menuKey(ev, close) },
      items,
      el("button", { class: "ghost", role: "menuitem", "data-key": `menu-${id}-cancel`, onclick: close }, t("ui.cancel")));
  }

  /** The keys of a menu (the ARIA menu pattern): arrows and Home/End move among its items,
   * Escape closes it and gives the focus back to the card. */
  menuKey(ev, close) {
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      close();
      return;
    }
    const items = [...ev.currentTarget.querySelectorAll("[role=menuitem]")];
    const at = items.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[ev.key];
    if (to === undefined || !items.length) return;
    ev.preventDefault();
    items[(to + items.length) % items.length].focus();
  }

  chosenActs() {
    const hand = this.state.view.seats?.[this.state.seat]?.hand || [];
    return this.chosen != null && hand.includes(this.chosen) ? this.actionsFor(this.chosen) : [];
  }

  /** A card on another player's table: pickable when the chosen hand card may take it. */
  takeable(s, id) {
    const takers = this.chosenActs().filter((a) => a.take === id && a.target === s.seat);
    if (!takers.length) return null;
    const pick = () => {
      if (takers.length === 1) return this.act(takers[0]);
      this.narrow = id;
      this.render();
      this.root.querySelector(`[data-key="menu-${this.chosen}-0"]`)?.focus({ preventScroll: true });
    };
    return el("button", { class: "dcard-pick", "data-take": id, "data-key": `take-${id}`, onclick: pick,
      "aria-label": t("deal.pick_card", { card: cardName(id), player: this.seatName(s.seat) }) }, this.card(id, { noHelp: true }));
  }

  head(s) {
    const full = (s.sets || []).filter((x) => x.full).length;
    const isTurn = this.current(s.seat);
    return el("div", { class: "dseat-head" },
      swatch(seatLetter(s.seat), SEAT_FILL[s.seat]),
      el("strong", { class: "dseat-name" }, this.seatName(s.seat)),
      s.seat === this.state.seat ? el("span", { class: "badge" }, t("ui.you")) : null,
      isTurn ? el("span", { class: "badge turn" }, t("deal.their_turn")) : null,
      el("span", { class: "muted" }, t("deal.hand_n", { n: s.hand_size ?? 0 })),
      el("span", { class: "muted" }, t("deal.full_sets_n", { n: full })));
  }

  bankTotal(s) {
    return (s.bank || []).reduce((a, id) => a + (cardOf(id)?.value ?? 0), 0);
  }

  /** Another player, compact: bank as a total with a small fan, sets as small stacks. */
  opponent(s) {
    const bank = s.bank || [];
    const fan = el("span", { class: "mini-fan", "aria-hidden": "true" }, bank.slice(0, 8).map(() => el("span", { class: "mini-card" })));
    const bankBox = el("div", { class: "obank" }, bank.length ? fan : null, el("span", { class: "obank-total" }, t("deal.bank_total", { total: millions(this.bankTotal(s)), n: bank.length })));
    const picks = bank.map((id) => this.takeable(s, id)).filter(Boolean);
    const sets = (s.sets || []).map((x, i) => {
      const ids = [...x.cards, ...(x.house != null ? [x.house] : []), ...(x.hotel != null ? [x.hotel] : [])];
      const takes = ids.map((id) => this.takeable(s, id)).filter(Boolean);
      const breaker = this.chosenActs().filter((a) => a.type === "deal_breaker" && a.target === s.seat && a.set === i);
      const stack = el("div", { class: `ostack${x.full ? " full" : ""}${DARK.has(x.color) ? " dark" : ""}`, "data-color": x.color, "data-set": i,
        title: `${colorName(x.color)}: ${x.cards.length}/${setSize(x.color)}`,
        "aria-label": `${colorName(x.color)}: ${t("deal.cards_of", { n: x.cards.length, size: setSize(x.color) })}${x.full ? `, ${t("deal.full_set")}` : ""}` },
      el("span", { class: "ostack-name" }, colorName(x.color)),
      el("span", { class: "ostack-count" }, `${x.cards.length}/${setSize(x.color)}`),
      x.house != null ? el("span", { class: "ostack-build", title: cardName(x.house) }, "⌂") : null,
      x.hotel != null ? el("span", { class: "ostack-build", title: cardName(x.hotel) }, "▣") : null,
      breaker.map((a) => el("button", { class: "take-set", "data-key": `take-set-${s.seat}-${i}`, onclick: () => this.act(a) }, t("deal.take_set"))));
      stack.style.setProperty("--set", COLOR_FILL[x.color]);
      return takes.length ? el("div", { class: "ostack-wrap" }, stack, el("div", { class: "picks" }, takes)) : stack;
    });
    return el("section", { class: `dseat opp${this.current(s.seat) ? " current" : ""}`, "data-seat": s.seat, "data-zone": `seat${s.seat}`, "aria-label": this.seatName(s.seat) },
      this.head(s),
      el("div", { class: "opp-body" }, bankBox, picks.length ? el("div", { class: "picks" }, picks) : null,
        el("div", { class: "ostacks" }, sets.length ? sets : el("span", { class: "muted" }, t("deal.no_properties")))));
  }

  /** Your own table: your bank and your sets, each card usable when paying or moving wilds. */
  seatArea(s) {
    const payable = (id) => this.state.legal.filter((a) => a.type === "pay" && a.card === id);
    const movable = (id) => this.state.legal.filter((a) => a.type === "move_wild" && a.card === id);
    const cardOnTable = (id, where) => {
      const acts = [...payable(id), ...movable(id)];
      const direct = acts.length === 1 && acts[0].type === "pay";
      const node = this.card(id, { actions: acts, direct, chosen: this.chosen === id, where, focusable: true });
      return this.chosen === id && acts.length && !direct ? [node, this.menu(id)] : node;
    };
    const sets = (s.sets || []).map((x, i) => {
      const box = el("div", { class: `dset${x.full ? " full" : ""}`, "data-color": x.color, "data-set": i, "data-zone": `set${s.seat}-${x.color}` },
        el("div", { class: `dset-head${DARK.has(x.color) ? " dark" : ""}` },
          el("span", {}, colorName(x.color)),
          el("span", { class: "dset-count", "aria-label": t("deal.cards_of", { n: x.cards.length, size: setSize(x.color) }) }, `${x.cards.length}/${setSize(x.color)}`),
          x.full ? el("span", { class: "badge full" }, "✓ ", t("deal.full_set")) : null,
          el("span", { class: "dset-rent" }, t("deal.rent_is", { rent: millions(x.rent ?? 0) }))),
        el("div", { class: "dset-cards" }, x.cards.map((id) => cardOnTable(id, `set${s.seat}`)),
          x.house != null ? cardOnTable(x.house, `set${s.seat}`) : null,
          x.hotel != null ? cardOnTable(x.hotel, `set${s.seat}`) : null));
      box.style.setProperty("--set", COLOR_FILL[x.color]);
      return box;
    });
    return el("section", { class: `dseat mine${this.current(s.seat) ? " current" : ""}`, "data-seat": s.seat, "aria-label": this.seatName(s.seat) },
      this.head(s),
      el("div", { class: "dseat-body" },
        el("div", { class: "dbank" }, el("h3", {}, t("deal.bank"), " ", el("span", { class: "muted" }, millions(this.bankTotal(s)))),
          el("div", { class: "dcards fan", "data-zone": `bank${s.seat}` }, (s.bank || []).map((id) => cardOnTable(id, `bank${s.seat}`)))),
        el("div", { class: "dsets" }, el("h3", {}, t("deal.properties")), el("div", { class: "dsets-row" }, sets.length ? sets : el("span", { class: "muted" }, t("deal.no_properties"))))));
  }

  prompt() {
    const { view, seat, legal } = this.state;
    const p = view.pending;
    const card = p?.card != null ? cardName(p.card) : "";
    if (view.winner != null) return t("deal.prompt.over", { player: this.seatName(view.winner) });
    if (this.over()) return t("deal.prompt.ended"); // stopped at its turn limit, no winner
    if (p && p.stage === "respond" && p.responder === seat) return t("deal.prompt.say_no", { player: this.seatName(p.by), card });
    if (p && p.owed != null && p.target === seat && legal.some((a) => a.type === "pay")) return t("deal.prompt.pay", { amount: millions(p.owed), player: this.seatName(p.by) });
    if (view.phase === "discard" && view.current === seat) return t("deal.prompt.discard");
    if (seat != null && view.current === seat && legal.length) {
      if (legal.every((a) => a.type === "end_turn")) return t("deal.prompt.only_end");
      if ((view.plays_left ?? 0) <= 0) return t("deal.prompt.no_plays");
      return t("deal.prompt.your_turn", { n: view.plays_left ?? 0 });
    }
    const next = this.seatName(view.to_move?.[0] ?? view.current);
    return t(this.ctx.replay ? "replay.to_play" : "deal.prompt.waiting", { player: next }); // a replay waits for nobody
  }

  centre() {
    const { view, legal } = this.state;
    const p = view.pending;
    const rows = [el("p", { class: "prompt", id: "prompt", tabindex: "-1" }, this.prompt())];
    if (p) rows.push(el("p", { class: "pending muted" }, t("deal.pending", { player: this.seatName(p.by), card: p.card != null ? cardName(p.card) : "", target: this.seatName(p.target) }) + (p.owed != null ? " " + t("deal.owed", { amount: millions(p.owed) }) : "")));
    const buttons = [];
    const known = new Set(["accept", "say_no", "end_turn", "pay", "discard", "move_wild"]);
    let sayNo = null;
    for (const a of legal) {
      if (a.type === "accept") buttons.push(el("button", { class: "primary", "data-key": "act-accept", onclick: () => this.act(a) }, this.ctx.label(a)));
      // one button for the Just Say No cards of the hand: whichever is played, it is the same
      if (a.type === "say_no" && !sayNo) buttons.push(sayNo = el("button", { class: "danger", "data-key": "act-say-no", onclick: () => this.act(a) }, this.ctx.label(a)));
      if (a.type === "end_turn") buttons.push(el("button", { class: legal.length === 1 ? "primary" : "", "data-key": "act-end-turn", onclick: () => this.act(a) }, this.ctx.label(a)));
      if (!known.has(a.type) && a.card === undefined) buttons.push(el("button", { "data-key": `act-${a.type}`, onclick: () => this.act(a) }, this.ctx.label(a)));
    }
    if (legal.some((a) => a.type === "pay")) rows.push(el("p", { class: "hint" }, t("deal.pay_hint")));
    if (legal.some((a) => a.type === "discard")) rows.push(el("p", { class: "hint" }, t("deal.discard_hint")));
    if (buttons.length) rows.push(el("div", { class: "button-row" }, buttons));
    const top = (view.discard || []).at(-1);
    return el("section", { class: "dcentre", "aria-label": t("deal.table") },
      el("div", { class: "dcentre-info" },
        countsPlays(view) && el("span", { class: "pill", "data-key": "plays-left" }, t("deal.plays_left", { n: view.plays_left ?? 0 })),
        el("span", { class: "pill" }, t("deal.deck_n", { n: view.deck_size ?? 0 })),
        el("span", { class: "pill" }, t("deal.discard_top", { card: top != null ? cardName(top) : "—" }))),
      rows);
  }

  handArea(me) {
    const hand = me.hand || [];
    const items = [];
    const n = hand.length;
    hand.forEach((id, k) => {
      const acts = this.actionsFor(id).filter((a) => a.type !== "say_no");
      const discardOnly = acts.length === 1 && acts[0].type === "discard";
      const node = this.card(id, { actions: acts, direct: discardOnly, chosen: this.chosen === id, where: "hand" });
      const angle = n > 1 ? (k - (n - 1) / 2) * Math.min(5, 30 / n) : 0;
      node.style.setProperty("--fan", `${angle}deg`);
      items.push(node);
    });
    const menu = this.chosen != null && hand.includes(this.chosen) && !(this.actionsFor(this.chosen).length === 1 && this.actionsFor(this.chosen)[0].type === "discard")
      ? this.menu(this.chosen) : null;
    return el("section", { class: "dhand", "data-zone": "hand", "aria-labelledby": "dhand-h" },
      el("h2", { id: "dhand-h" }, t("deal.your_hand", { n: hand.length })),
      el("div", { class: "dcards hand-row" }, items),
      menu ? el("div", { class: "menu-slot" }, menu) : null);
  }

  victory() {
    const { view, result, names } = this.state;
    const res = result || { winner: view.winner, standings: [], scores: [] };
    const seats = view.seats || [];
    // the result's colours (in the order the log says them), else the table's full sets
    const fullSets = (s) => (res.full_sets?.[s] || (seats[s]?.sets || []).filter((x) => x.full).map((x) => x.color)).map(colorName);
    const why = res.winner != null ? t("deal.win_reason", { sets: fullSets(res.winner).join(", ") }) : (res.reason ? t("end.reason_turn_limit") : null);
    // counted from the changes this page saw: shown only when it saw them all (not in a replay,
    // which jumps over them, nor on a page opened or reloaded late in the game)
    const summary = !this.ctx.sawAll?.() ? null : el("table", { class: "end-summary" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("deal.summary.sets")), el("th", {}, t("deal.summary.rent")), el("th", {}, t("deal.summary.played")))),
      el("tbody", {}, seats.map((s, i) => el("tr", {}, el("th", {}, this.seatName(i)),
        el("td", {}, fullSets(i).join(", ") || "—"),
        el("td", {}, millions(this.stats?.collected[i] || 0)),
        el("td", {}, String(this.stats?.played[i] || 0))))));
    return endScreen({
      result: res, names: seats.map((_, i) => names?.[i] || this.seatName(i)), why, summary,
      scoreText: (s) => {
        const sets = t("deal.full_sets_n", { n: fullSets(s).length });
        return res.table_values ? t("deal.score", { sets, value: millions(res.table_values[s]) }) : sets;
      },
      buttons: this.ctx.endButtons ? this.ctx.endButtons() : [],
      onClose: () => { this.victoryClosed = true; this.render(); },
    });
  }
}
