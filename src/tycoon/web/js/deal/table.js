// The Monopoly Deal table: every player's bank and property sets by colour (full sets marked,
// houses and hotels), your hand, plays left, and the legal actions of the moment: a card's ways
// to be played (with their targets), card-by-card payment, Just Say No answers, wild-card moves,
// discards and the end of the turn.
import { el } from "../util.js";
import { t } from "../i18n.js";
import { CARDS, cardName, colorName, describeDealAction, seatName } from "./words.js";

export const COLOR_FILL = {
  brown: "#8a5a35", light_blue: "#8fd3f0", pink: "#d6408f", orange: "#f28b26", railroad: "#2f2f2f",
  utility: "#b9cf8f", red: "#dd3535", yellow: "#f2cf3a", green: "#2d9a55", dark_blue: "#203f9a",
};
const DARK = new Set(["brown", "railroad", "red", "green", "dark_blue", "pink"]);

const SEAT_FILL = ["#e0a800", "#c0392b", "#2763b8", "#23864a", "#7b3fa0"];

/** A colour's full-set size (MD-1.2): its number of property cards. */
function setSize(color) {
  return CARDS.filter((c) => c.kind === "property" && c.colors[0] === color).length;
}

export class DealTable {
  constructor(container, ctx) {
    this.game = "deal";
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
    this.state = state;
    this.render();
  }

  act(a) {
    this.chosen = null;
    this.narrow = null;
    this.ctx.act(a);
  }

  actionsFor(card) {
    return this.state.legal.filter((a) => a.card === card);
  }

  render() {
    const { view, seat } = this.state;
    const active = document.activeElement;
    const key = active?.dataset?.key;
    const others = (view.seats || []).filter((s) => s.seat !== seat);
    const me = seat != null ? view.seats[seat] : null;
    this.root.replaceChildren(
      el("section", { class: "opponents", "aria-label": t("deal.opponents") }, others.map((s) => this.seatArea(s, false))),
      this.centre(),
      me ? this.seatArea(me, true) : null,
      me ? this.handArea(me) : null,
      this.ctx.logPanel);
    const dialog = view.winner != null && !this.victoryClosed ? this.root.appendChild(this.victory()) : null;
    const again = key ? this.root.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
    if (again) again.focus({ preventScroll: true });
    else if (dialog) dialog.querySelector("a, button")?.focus();
  }

  card(id, opts = {}) {
    const c = CARDS[id] || { kind: "?", value: 0, colors: [] };
    const colors = c.colors || [];
    let band = "";
    if (c.card === "wild_multicolor" || c.card === "rent_wild") band = "linear-gradient(90deg," + Object.values(COLOR_FILL).join(",") + ")";
    else if (colors.length === 2) band = `linear-gradient(90deg, ${COLOR_FILL[colors[0]]} 50%, ${COLOR_FILL[colors[1]]} 50%)`;
    else if (colors.length === 1) band = COLOR_FILL[colors[0]];
    const actions = opts.actions || [];
    const body = [
      el("span", { class: "dcard-band", style: band ? `background:${band}` : "" }),
      el("span", { class: "dcard-name" }, cardName(id)),
      el("span", { class: "dcard-value" }, c.value ? t("deal.millions", { n: c.value }) : ""),
      ["action", "rent", "wild"].includes(c.kind) ? el("span", { class: "dcard-kind" }, t(`deal.kind.${c.kind}`)) : null,
    ];
    const cls = `dcard kind-${c.kind}${opts.chosen ? " chosen" : ""}${actions.length ? " actionable" : ""}`;
    if (actions.length) {
      return el("button", { class: cls, "data-card": id, "data-key": `${opts.where || "card"}-${id}`, "aria-expanded": opts.chosen ? "true" : "false",
        onclick: () => {
          if (actions.length === 1 && opts.direct) return this.act(actions[0]);
          this.chosen = this.chosen === id ? null : id;
          this.narrow = null;
          this.render();
          this.root.querySelector(`[data-key="menu-${id}-0"]`)?.focus();
        } }, body);
    }
    return el("div", { class: cls, "data-card": id, tabindex: opts.focusable ? "0" : undefined }, body);
  }

  menu(id) {
    const { view, seat } = this.state;
    const acts = this.actionsFor(id).filter((a) => this.narrow == null || a.take === this.narrow);
    const item = (a, i) => el("button", { role: "menuitem", "data-key": `menu-${id}-${i}`, onclick: () => this.act(a) }, describeDealAction(a, view, this.state.names, seat));
    const targets = [...new Set(acts.map((a) => a.target).filter((x) => x !== undefined && x !== null))];
    let items;
    if (acts.length > 8 && targets.length > 1) {
      // Many choices (Forced Deal, Sly Deal, wild rent): grouped by the player they aim at.
      items = [null, ...targets].map((tg) => {
        const group = acts.map((a, i) => [a, i]).filter(([a]) => (a.target ?? null) === tg);
        if (!group.length) return null;
        return el("div", { class: "menu-group", role: "group", "aria-label": tg === null ? cardName(id) : seatName(tg, this.state.names) },
          tg === null ? null : el("div", { class: "menu-head" }, seatName(tg, this.state.names)),
          group.map(([a, i]) => item(a, i)));
      });
    } else {
      items = acts.map(item);
    }
    return el("div", { class: "card-menu", role: "menu", "aria-label": cardName(id) },
      items,
      el("button", { class: "ghost", "data-key": `menu-${id}-cancel`, onclick: () => { this.chosen = null; this.narrow = null; this.render(); } }, t("ui.cancel")));
  }

  seatArea(s, mine) {
    const { view } = this.state;
    const bankTotal = (s.bank || []).reduce((a, id) => a + (CARDS[id]?.value ?? 0), 0);
    const full = new Set((s.sets || []).filter((x) => x.full).map((x) => x.color));
    const payable = (id) => this.state.legal.filter((a) => a.type === "pay" && a.card === id);
    const movable = (id) => this.state.legal.filter((a) => a.type === "move_wild" && a.card === id);
    // With a Sly Deal, Forced Deal or Deal Breaker chosen in the hand, the cards and sets it
    // may take are picked right here on the table (the hand's menu lists the same choices).
    const chosenActs = this.chosen != null && this.state.view.seats?.[this.state.seat]?.hand?.includes(this.chosen) ? this.actionsFor(this.chosen) : [];
    const takers = (id) => chosenActs.filter((a) => a.take === id && a.target === s.seat);
    const pickTake = (id) => {
      const acts = takers(id);
      if (acts.length === 1) return this.act(acts[0]);
      this.narrow = id;
      this.render();
      this.root.querySelector(`[data-key="menu-${this.chosen}-0"]`)?.focus();
    };
    const cardOnTable = (id, where) => {
      if (!mine && takers(id).length) {
        return el("button", { class: "dcard-pick", "data-take": id, "data-key": `take-${id}`, onclick: () => pickTake(id),
          "aria-label": t("deal.pick_card", { card: cardName(id), player: seatName(s.seat, this.state.names) }) }, this.card(id));
      }
      const acts = mine ? [...payable(id), ...movable(id)] : [];
      const node = this.card(id, { actions: acts, direct: acts.length === 1 && acts[0].type === "pay", chosen: this.chosen === id, where, focusable: true });
      const direct = acts.length === 1 && acts[0].type === "pay";
      return this.chosen === id && acts.length && !direct ? [node, this.menu(id)] : node;
    };
    const sets = (s.sets || []).map((x, i) => el("div", { class: `dset${x.full ? " full" : ""}`, "data-color": x.color, "data-set": i, style: `--set:${COLOR_FILL[x.color]}` },
      el("div", { class: `dset-head${DARK.has(x.color) ? " dark" : ""}` },
        el("span", {}, colorName(x.color)),
        ...chosenActs.filter((a) => a.type === "deal_breaker" && a.target === s.seat && a.set === i).map((a) =>
          el("button", { class: "take-set", "data-key": `take-set-${s.seat}-${i}`, onclick: () => this.act(a) }, t("deal.take_set"))),
        el("span", { class: "dset-count", "aria-label": t("deal.cards_of", { n: x.cards.length, size: setSize(x.color) }) }, `${x.cards.length}/${setSize(x.color)}`),
        x.full ? el("span", { class: "badge full" }, "✓ ", t("deal.full_set")) : null,
        el("span", { class: "dset-rent" }, t("deal.rent_is", { n: x.rent }))),
      el("div", { class: "dset-cards" }, x.cards.map((id) => cardOnTable(id, `set${s.seat}`)),
        x.house != null ? cardOnTable(x.house, `set${s.seat}`) : null,
        x.hotel != null ? cardOnTable(x.hotel, `set${s.seat}`) : null)));
    const isTurn = view.current === s.seat;
    return el("section", { class: `dseat${mine ? " mine" : ""}${isTurn ? " current" : ""}`, "data-seat": s.seat, "aria-label": seatName(s.seat, this.state.names) },
      el("div", { class: "dseat-head" },
        el("span", { class: "swatch", style: `background:${SEAT_FILL[s.seat]}` }, "ABCDE"[s.seat]),
        el("strong", {}, seatName(s.seat, this.state.names)),
        mine ? el("span", { class: "badge" }, t("ui.you")) : null,
        isTurn ? el("span", { class: "badge turn" }, t("deal.their_turn")) : null,
        el("span", { class: "muted" }, t("deal.hand_n", { n: s.hand_size ?? 0 })),
        el("span", { class: "muted" }, t("deal.full_sets_n", { n: full.size }))),
      el("div", { class: "dseat-body" },
        el("div", { class: "dbank" }, el("h3", {}, t("deal.bank"), " ", el("span", { class: "muted" }, t("deal.millions", { n: bankTotal }))),
          el("div", { class: "dcards" }, (s.bank || []).map((id) => cardOnTable(id, `bank${s.seat}`)))),
        el("div", { class: "dsets" }, el("h3", {}, t("deal.properties")), el("div", { class: "dsets-row" }, sets.length ? sets : el("span", { class: "muted" }, t("deal.no_properties"))))));
  }

  centre() {
    const { view, seat, legal } = this.state;
    const p = view.pending;
    const rows = [];
    let prompt;
    if (view.winner != null) prompt = t("deal.prompt.over", { player: seatName(view.winner, this.state.names) });
    else if (p && p.stage === "respond" && p.responder === seat) prompt = t("deal.prompt.say_no", { player: seatName(p.by, this.state.names), card: p.card != null ? cardName(p.card) : "" });
    else if (p && p.owed != null && p.target === seat && legal.some((a) => a.type === "pay")) prompt = t("deal.prompt.pay", { n: p.owed, player: seatName(p.by, this.state.names) });
    else if (view.phase === "discard" && view.current === seat) prompt = t("deal.prompt.discard");
    else if (seat != null && view.current === seat && legal.length) prompt = t("deal.prompt.your_turn", { n: view.plays_left ?? 0 });
    else prompt = t("deal.prompt.waiting", { player: seatName(view.to_move?.[0] ?? view.current, this.state.names) });
    rows.push(el("p", { class: "prompt", id: "prompt" }, prompt));
    if (p) rows.push(el("p", { class: "pending muted" }, t("deal.pending", { player: seatName(p.by, this.state.names), card: p.card != null ? cardName(p.card) : "", target: seatName(p.target, this.state.names) }) + (p.owed != null ? " " + t("deal.owed", { n: p.owed }) : "")));
    const buttons = [];
    for (const a of legal) {
      if (a.type === "accept") buttons.push(el("button", { class: "primary", "data-key": "act-accept", onclick: () => this.act(a) }, t("deal.action.accept")));
      if (a.type === "say_no") buttons.push(el("button", { class: "danger", "data-key": `act-say-no-${a.card}`, onclick: () => this.act(a) }, describeDealAction(a, view, this.state.names, seat)));
      if (a.type === "end_turn") buttons.push(el("button", { "data-key": "act-end-turn", onclick: () => this.act(a) }, t("deal.action.end_turn")));
    }
    if (legal.some((a) => a.type === "pay")) rows.push(el("p", { class: "hint" }, t("deal.pay_hint")));
    if (legal.some((a) => a.type === "discard")) rows.push(el("p", { class: "hint" }, t("deal.discard_hint")));
    const known = new Set(["accept", "say_no", "end_turn", "pay", "discard", "move_wild"]);
    const other = legal.filter((a) => !known.has(a.type) && a.card === undefined);
    for (const a of other) buttons.push(el("button", { onclick: () => this.act(a) }, this.state.texts?.get(JSON.stringify(a)) || describeDealAction(a, view, this.state.names, seat)));
    if (buttons.length) rows.push(el("div", { class: "button-row" }, buttons));
    const top = (view.discard || []).at(-1);
    return el("section", { class: "dcentre", "aria-label": t("deal.table") },
      el("div", { class: "dcentre-info" },
        el("span", { class: "pill" }, t("deal.plays_left", { n: view.plays_left ?? 0 })),
        el("span", { class: "pill" }, t("deal.deck_n", { n: view.deck_size ?? 0 })),
        el("span", { class: "pill" }, t("deal.discard_top", { card: top != null ? cardName(top) : "—" }))),
      rows);
  }

  handArea(me) {
    const hand = me.hand || [];
    const items = [];
    for (const id of hand) {
      const acts = this.actionsFor(id).filter((a) => a.type !== "say_no");
      const discardOnly = acts.length === 1 && acts[0].type === "discard";
      items.push(this.card(id, { actions: acts, direct: discardOnly, chosen: this.chosen === id, where: "hand" }));
      if (this.chosen === id && !discardOnly) items.push(this.menu(id));
    }
    return el("section", { class: "dhand", "aria-labelledby": "dhand-h" }, el("h2", { id: "dhand-h" }, t("deal.your_hand", { n: hand.length })), el("div", { class: "dcards hand-row" }, items));
  }

  victory() {
    const { view } = this.state;
    const close = () => {
      this.victoryClosed = true;
      this.render();
    };
    return el("div", { class: "overlay victory-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "victory-h", onkeydown: (e) => e.key === "Escape" && close() },
      el("div", { class: "overlay-box" },
        el("h2", { id: "victory-h" }, t("deal.winner", { player: seatName(view.winner, this.state.names) })),
        el("p", {}, t("deal.win_reason")),
        el("div", { class: "button-row" },
          el("a", { class: "button primary", href: "#/", "data-key": "victory-lobby" }, t("ui.lobby")),
          el("button", { "data-key": "victory-close", onclick: close }, t("ui.close")))));
  }
}
