// The Capital table: board, players' panels, your hand, the legal actions of this moment (and
// nothing else), target picking on the board, the minigame screen and the victory screen.
import { el, focusKey, radioGroup, seatLetter, swatch } from "../util.js";
import { t } from "../i18n.js";
import { drawBoard, pawnPlace, seatFill, squareName } from "./board.js";
import { board as dataBoard, cardGroup, cardInfo, cardName, cardHelp, effects as effectList, effectName, effectHelp, EFFECT_ICON,
  priceOf, baseIncome, businessName, businessHelp, money as gameMoney } from "./info.js";
import { MinigameScreen } from "./minigames.js";
import { endScreen, lineChart } from "../end.js";
import { helpButton } from "../help.js";
import { moneyPop } from "../motion.js";
import { word, hasWord } from "../messages.js";

const money = gameMoney;

const sortKey = (cards) => JSON.stringify([...cards].sort());

/** Whether the log sits in the board's empty centre, always in view: while the board is drawn
 * wide enough for it (from 700 px the board is at least as wide as beside the panels at
 * 901 px), and not zoomed, when the centre scrolls away; else it follows the panels. */
const CENTRE_LOG = matchMedia("(min-width: 700px)");

export class CapitalTable {
  constructor(container, ctx) {
    this.game = "capital";
    this.container = container;
    this.ctx = ctx;
    this.ui = { card: null, exchange: false, picked: new Set(), lot: null };
    this.minigameScreen = null;
    this.root = el("div", { class: "capital-table" });
    container.replaceChildren(this.root);
    // a window made wider or narrower (a tablet turned) moves the log at once (until close)
    this.onWidth = () => this.state && this.render();
    CENTRE_LOG.addEventListener("change", this.onWidth);
  }

  update(state) {
    const scored = state.events.find((e) => e.type === "minigame_scored");
    if (scored) this.results = { game: scored.game, scores: scored.scores, levels: this.results?.levels };
    const turnKey = `${state.view.turn}:${state.view.phase}:${state.legal.length}`;
    if (turnKey !== this.lastKey) {
      this.ui = { card: null, exchange: false, picked: new Set(), lot: null };
      this.lastKey = turnKey;
    }
    // where the pawns stood before this update's moves: unknown when it does not follow the
    // update drawn before (a replay's jump), so that a pawn does not cross the board from there
    const pos = state.follows === false ? [] : (this.state?.view.seats || []).map((x) => x.square);
    this.moves = [];
    for (const e of state.events) {
      if (e.type !== "moved" || !e.path?.length) continue;
      this.moves.push({ ...e, from: pos[e.seat] });
      pos[e.seat] = e.path[e.path.length - 1];
    }
    this.state = state;
    this.track(state);
    // the Stock Exchange's banner lasts for the turn it happened in (a replay's jump or a
    // reconnection brings no turn_started, so the turn is compared)
    if (this.banner && this.banner.turn !== state.view.turn) this.banner = null;
    for (const e of state.events) {
      if (e.type === "turn_started") this.banner = null;
      if (e.type === "stock_exchange") {
        const sign = e.amount >= 0 ? "+" : "−";
        this.banner = { turn: state.view.turn, tone: e.amount >= 0 ? "gain" : "loss", text: `${t("capital.stock_exchange_short")} ${seatLetter(e.seat)}: ${sign}${money(Math.abs(e.amount))}` };
      }
    }
    this.render();
    this.moneyMoves(state.events);
    this.animateMoves();
  }

  /** Pawns move square by square along the path of each `moved` event (C-4.2). */
  animateMoves() {
    const moves = this.moves || [];
    this.moves = [];
    if (!moves.length || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const { view } = this.state;
    const delay = {};
    for (const mv of moves) {
      const pawn = this.root.querySelector(`.pawn[data-pawn="${mv.seat}"]`);
      if (!pawn || !pawn.animate) continue;
      const start = mv.from ?? null;
      const squares = start == null ? mv.path : [start, ...mv.path];
      const frames = squares.map((sq) => pawnPlace(view, sq)).filter(Boolean)
        .map((p) => ({ transform: `translate(${p.x}px, ${p.y}px)` }));
      if (frames.length < 2) continue;
      const duration = Math.min(2400, 160 * frames.length);
      pawn.animate(frames, { duration, delay: delay[mv.seat] || 0, easing: "linear", fill: "backwards" });
      delay[mv.seat] = (delay[mv.seat] || 0) + duration;
    }
  }

  act(action) {
    this.ui = { card: null, exchange: false, picked: new Set(), lot: null };
    this.ctx.act(action);
  }

  render() {
    const { view, legal, seat } = this.state;
    const active = document.activeElement;
    const key = active?.dataset?.key || active?.getAttribute?.("data-key");
    const targets = this.targets();
    const boardWrap = el("div", { class: `board-wrap${this.zoomed ? " zoomed" : ""}`, "data-scroll": "board" });
    const centreLog = CENTRE_LOG.matches && !this.zoomed;
    const box = el("div", { class: "board-box" }, drawBoard(view, targets, this.highlight(), this.banner));
    if (centreLog && this.ctx.logPanel) {
      this.ctx.logPanel.classList.add("board-log");
      box.append(this.ctx.logPanel);
    } else this.ctx.logPanel?.classList.remove("board-log");
    boardWrap.append(box);
    const frame = el("div", { class: "board-frame" }, boardWrap);
    frame.append(el("button", { class: "zoom", "data-key": "zoom", "aria-pressed": this.zoomed ? "true" : "false",
      onclick: () => { this.zoomed = !this.zoomed; this.render(); } }, this.zoomed ? "−" : "+", el("span", { class: "visually-hidden" }, t("capital.zoom"))));
    // the hand right under the actions (a card's targets are the players below it)
    const side = el("div", { class: "side" },
      this.prompt(),
      this.actionsPanel(),
      seat != null ? this.handPanel() : null,
      this.playersPanel(targets),
      this.discardPanel(),
      centreLog ? null : this.ctx.logPanel,
      this.ctx.chatPanel);
    const scroll = this.root.querySelector(".board-wrap");
    const keep = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    this.root.replaceChildren(frame, side);
    if (keep && this.zoomed) [boardWrap.scrollLeft, boardWrap.scrollTop] = keep;
    this.ctx.panelsPlaced?.();
    this.renderMinigame();
    if (this.results && !this.ctx.replay && !(view.minigame && !view.minigame.scores)) this.root.append(this.resultsBox());
    if (this.over() && !this.victoryClosed) this.root.append(this.victory());
    if (!focusKey(this.root, key)) this.ctx.keepFocus?.();
  }

  names() {
    return this.state.names;
  }

  /** The game has ended (a winner, or stopped at its turn limit): nobody is to play. */
  over() {
    const { view } = this.state;
    return view.winner != null || view.phase === "over";
  }

  // ---- what can be done now -------------------------------------------------------------
  byType(type) {
    return this.state.legal.filter((a) => a.type === type);
  }

  /** Board targets for the chosen card, the build lots or the fork. */
  targets() {
    const { view, seat } = this.state;
    const squares = new Map();
    const lots = new Map();
    const seats = new Map();
    const onPick = (a) => this.act(a);
    if (this.ui.card) {
      for (const a of this.byType("play").filter((a) => a.card === this.ui.card)) {
        const tg = a.target;
        if (tg === null || tg === undefined) continue;
        if (typeof tg === "number" && ["square", "construction"].includes(cardInfo(a.card).target)) squares.set(tg, a);
        else if (typeof tg === "number") seats.set(tg, a);
        else if ("lot" in tg) lots.set(`${tg.square}:${tg.lot}`, a);
        else if ("square" in tg) squares.set(tg.square, a);
      }
    }
    const builds = this.byType("build");
    if (builds.length && !this.ui.card && !this.ui.exchange) {
      const sq = view.seats?.[seat]?.square;
      for (const a of builds) {
        const lotKey = `${a.square ?? sq}:${a.lot}`;
        if (!lots.has(lotKey)) lots.set(lotKey, { type: "_select_lot", lot: a.lot });
      }
    }
    const branches = this.byType("branch");
    if (branches.length) {
      const board = view.board || dataBoard();
      const here = board.find((s) => s.square === (view.fork ?? view.seats?.[seat]?.square));
      if (here && here.next.length === 2) {
        for (const a of branches) squares.set(here.next[a.way === "right" ? 1 : 0], a);
      }
    }
    const pick = (a) => {
      if (a.type === "_select_lot") {
        this.ui.lot = a.lot;
        this.render();
        this.root.querySelector(`[data-key="kind-${a.lot}-0"]`)?.focus();
        return;
      }
      onPick(a);
    };
    return { squares, lots, seats, onPick: pick };
  }

  highlight() {
    const { view, seat } = this.state;
    const set = new Set();
    const s = view.seats?.[view.current]?.square;
    if (s != null) set.add(s);
    if (this.byType("build").length && seat != null) set.add(view.seats[seat].square);
    return set;
  }

  prompt() {
    const { view, seat, legal } = this.state;
    let text;
    if (this.over()) text = t("capital.prompt.over");
    else if (seat != null && legal.length) text = hasWord("capital", `phase.${view.phase}`) ? word("capital", `phase.${view.phase}`) : t("capital.prompt.your_move");
    else if (this.ctx.replay) text = t("replay.to_play", { player: this.seatName(view.current) }); // waits for nobody
    else if (this.state.session?.seats.includes(seat)) text = t("minigame.waiting_others"); // its part is in
    else if (hasWord("capital", "prompt.waiting")) text = word("capital", "prompt.waiting", { seat: { seat: view.current } }, this.state.names);
    else text = t("capital.prompt.waiting", { player: this.seatName(view.current) });
    return el("div", { class: "prompt", id: "prompt", "aria-live": "polite" },
      swatch(seatLetter(view.current), seatFill(view, view.current)),
      el("span", {}, text));
  }

  actionsPanel() {
    const { view, legal, seat } = this.state;
    const box = el("section", { class: "actions", "aria-labelledby": "actions-h" }, el("h2", { id: "actions-h", class: "visually-hidden" }, t("ui.actions")));
    if (seat == null || !legal.length || this.over() || (this.state.session && this.state.session.seats.includes(seat)) || legal.every((a) => a.type === "minigame")) return null;
    const btn = (a, label, extra = {}) =>
      el("button", { class: extra.primary ? "primary" : "", "data-key": extra.key || `act-${JSON.stringify(a)}`, onclick: () => this.act(a) }, label);
    const rows = [];
    for (const a of this.byType("roll")) rows.push(btn(a, this.ctx.label(a), { primary: true, key: "act-roll" }));
    const branches = this.byType("branch");
    if (branches.length) {
      rows.push(el("p", { class: "hint" }, t("capital.fork_hint")));
      rows.push(el("div", { class: "button-row" }, branches.map((a) => btn(a, this.ctx.label(a), { primary: true, key: `act-branch-${a.way}` }))));
    }
    const waives = this.byType("waive");
    if (waives.length) {
      rows.push(el("p", { class: "hint" }, t("capital.waive_hint")));
      rows.push(el("div", { class: "button-col" }, waives.map((a) => btn(a, this.ctx.label(a)))));
    }
    const builds = this.byType("build");
    if (builds.length && !this.ui.card && !this.ui.exchange) rows.push(this.buildChooser(builds));
    if (this.ui.card) rows.push(this.cardChooser());
    else if (this.ui.exchange) rows.push(this.exchangeChooser());
    const known = new Set(["roll", "branch", "waive", "build", "play", "exchange", "pass", "minigame"]);
    for (const a of legal.filter((a) => !known.has(a.type))) rows.push(btn(a, this.ctx.label(a)));
    const bottom = [];
    if (this.byType("exchange").length && !this.ui.exchange && !this.ui.card)
      bottom.push(el("button", { "data-key": "act-exchange-start", onclick: () => { this.ui.exchange = true; this.render(); this.root.querySelector("[data-key^='hand-']")?.focus(); } }, t("capital.exchange_start")));
    for (const a of this.byType("pass")) bottom.push(btn(a, this.ctx.label(a), { key: "act-pass" }));
    if (bottom.length) rows.push(el("div", { class: "button-row" }, bottom));
    box.append(...rows);
    return box;
  }

  buildChooser(builds) {
    const { view, seat } = this.state;
    const lots = [...new Set(builds.map((a) => a.lot))].sort();
    const square = view.landed ?? view.seats?.[seat]?.square;
    const chosen = lots.includes(this.ui.lot) ? this.ui.lot : lots[0];
    const wrap = el("div", { class: "build" }, el("h3", {}, t("capital.build_title", { square: (square ?? 0) + 1 })));
    wrap.append(radioGroup(el("div", { class: "lot-pick", role: "radiogroup", "aria-label": t("capital.choose_lot") },
      el("span", { class: "lot-label" }, t("capital.lot")),
      [0, 1, 2, 3].map((lot) => el("button", {
        class: `lot-button${lot === chosen ? " on" : ""}`, role: "radio", "aria-checked": lot === chosen ? "true" : "false",
        disabled: !lots.includes(lot), "data-key": `lot-${lot}`,
        "aria-label": t("capital.lot_n", { n: lot + 1 }),
        onclick: () => { this.ui.lot = lot; this.render(); },
      }, String(lot + 1))))));
    const row = el("div", { class: "kind-row", role: "group", "aria-label": t("capital.lot_n", { n: chosen + 1 }) });
    builds.filter((a) => a.lot === chosen).forEach((a, k) => {
      const income = this.incomeIfBuilt(a);
      row.append(el("span", { class: "kind-wrap" }, el("button", { class: "kind", "data-key": `kind-${chosen}-${k}`, "data-kind": a.kind, onclick: () => this.act(a),
        "aria-label": `${this.ctx.label(a)}${income != null ? ` — ${t("capital.earns", { income: money(income) })}` : ""}` },
        el("strong", {}, businessName(a.kind)), " ", el("span", { class: "price" }, money(priceOf(a.kind) ?? 0)),
        income != null ? el("span", { class: "income" }, t("capital.earns", { income: money(income) })) : null),
      helpButton(businessName(a.kind), businessHelp(a.kind), `help-kind-${a.kind}`)));
    });
    wrap.append(row);
    return wrap;
  }

  cardChooser() {
    const { view } = this.state;
    const card = this.ui.card;
    const plays = this.byType("play").filter((a) => a.card === card);
    const wrap = el("div", { class: "card-choice" }, el("h3", {}, cardName(card)));
    const withTarget = plays.filter((a) => a.target !== null && a.target !== undefined);
    if (withTarget.length) {
      wrap.append(el("p", { class: "hint" }, t("capital.pick_target")));
      const sel = el("select", { id: "target-select", "data-key": "target-select", "aria-label": t("capital.target") },
        withTarget.map((a, i) => el("option", { value: String(i) }, this.ctx.label(a))));
      wrap.append(el("div", { class: "button-row" }, sel,
        el("button", { class: "primary", "data-key": "target-confirm", onclick: () => this.act(withTarget[Number(sel.value)]) }, t("capital.play_card"))));
    }
    for (const a of plays.filter((a) => a.target === null || a.target === undefined))
      wrap.append(el("button", { class: "primary", "data-key": "card-play", onclick: () => this.act(a) }, this.ctx.label(a)));
    wrap.append(el("button", { class: "ghost", "data-key": "card-cancel", onclick: () => { this.ui.card = null; this.render(); } }, t("ui.cancel")));
    return wrap;
  }

  exchangeChooser() {
    const picked = [...this.ui.picked];
    const match = this.byType("exchange").find((a) => sortKey(a.cards) === sortKey(picked.map((i) => this.hand()[i])));
    return el("div", { class: "exchange" },
      el("p", { class: "hint" }, t("capital.exchange_hint")),
      el("div", { class: "button-row" },
        el("button", { class: "primary", "data-key": "exchange-confirm", disabled: !match, onclick: () => match && this.act(match) }, t("capital.exchange_n", { n: picked.length })),
        el("button", { class: "ghost", "data-key": "exchange-cancel", onclick: () => { this.ui.exchange = false; this.ui.picked = new Set(); this.render(); } }, t("ui.cancel"))));
  }

  // ---- players ----------------------------------------------------------------------------
  playersPanel(targets) {
    const { view } = this.state;
    const seats = view.seats || [];
    const list = el("ul", { class: "players" });
    seats.forEach((s, i) => {
      // C-8.1: the engine's share of the sum of every net worth, the figure Richest in Town
      // checks (below 0 for a player in debt, whose debt makes the others' shares larger)
      const share = s.net_worth_percent ?? 0;
      const known = effectList();
      const held = Object.keys(s.effects || {}).filter((e) => (s.effects[e] ?? 0) > 0).sort((a, b) => known.indexOf(a) - known.indexOf(b));
      const effects = held.map((e) => {
        const help = effectHelp(e, view.options);
        return el("span", { class: "effect-wrap" },
          el("span", { class: `effect effect-${e}`, title: `${effectName(e)}: ${help ?? ""}`, tabindex: "0", "data-key": `eff-${i}-${e}`, "aria-label": t("capital.effect_uses", { name: effectName(e), n: s.effects[e] }) },
            el("span", { "aria-hidden": "true" }, EFFECT_ICON[e] || "•"), " ", effectName(e), " ", el("span", { class: "uses" }, `×${s.effects[e]}`)),
          helpButton(effectName(e), help, `help-eff-${i}-${e}`));
      });
      const target = targets.seats.get(i);
      const current = view.current === i && !this.over();
      const item = el("li", { class: `player${current ? " current" : ""}${target ? " target" : ""}${i === this.state.seat ? " me" : ""}`, "data-seat": i },
        el("div", { class: "player-head" },
          swatch(seatLetter(i), seatFill(view, i)),
          el("span", { class: "player-name" }, this.seatName(i)),
          current ? el("span", { class: "badge turn" }, t("capital.turn_badge")) : null,
          i === this.state.seat ? el("span", { class: "badge" }, t("ui.you")) : null),
        el("dl", { class: "stats" },
          el("div", {}, el("dt", {}, t("capital.balance")), el("dd", { class: (s.balance ?? 0) < 0 ? "neg" : "" , "data-stat": "balance" }, money(s.balance ?? 0))),
          el("div", {}, el("dt", {}, t("capital.net_worth")), el("dd", { "data-stat": "net_worth" }, `${money(s.net_worth ?? 0)} · ${share}%`)),
          el("div", {}, el("dt", {}, t("capital.laps")), el("dd", {}, String(s.laps ?? 0))),
          el("div", {}, el("dt", {}, t("capital.dice")), el("dd", {}, diceText(s))),
          el("div", {}, el("dt", {}, t("capital.cards")), el("dd", {}, String(s.hand_size ?? s.hand?.length ?? 0)))),
        effects.length ? el("div", { class: "effects", "aria-label": t("capital.effects") }, effects) : null,
        el("div", { class: "share-bar", "aria-hidden": "true" }, el("span", { style: `width:${Math.min(100, Math.max(0, share))}%;background:${seatFill(view, i)}` })));
      if (target) {
        const pick = el("button", { class: "primary pick-seat", "data-key": `pick-seat-${i}`, onclick: () => this.act(target) }, t("capital.pick_player", { player: this.seatName(i) }));
        item.append(pick);
      }
      list.append(item);
    });
    return el("section", { class: "players-panel", "aria-labelledby": "players-h" }, el("h2", { id: "players-h" }, t("capital.players")), list);
  }

  hand() {
    const { view, seat } = this.state;
    return view.seats?.[seat]?.hand || [];
  }

  handPanel() {
    const { view } = this.state;
    const hand = this.hand();
    const playable = new Set(this.byType("play").map((a) => a.card));
    const list = el("ul", { class: "hand" });
    hand.forEach((card, i) => {
      const info = cardInfo(card);
      const canPlay = playable.has(card) && !this.ui.exchange;
      const picked = this.ui.picked.has(i);
      const body = [
        el("span", { class: "card-name" }, cardName(card)),
        el("span", { class: "card-cost" }, info.cost ? money(info.cost) : t("capital.free")),
        el("span", { class: "card-text" }, cardHelp(card, this.state.view.options) ?? ""),
        cardGroup(card) === "victory" ? el("span", { class: "badge victory" }, t("capital.victory_card")) : null,
      ];
      let node;
      if (this.ui.exchange) {
        node = el("button", { class: `card group-${cardGroup(card)}${picked ? " picked" : ""}`, "aria-pressed": picked ? "true" : "false", "data-key": `hand-${i}`,
          onclick: () => { picked ? this.ui.picked.delete(i) : this.ui.picked.add(i); this.render(); } }, body);
      } else if (canPlay) {
        node = el("button", { class: `card group-${cardGroup(card)} playable${this.ui.card === card ? " chosen" : ""}`, "data-key": `hand-${i}`, "aria-label": `${t("capital.play_card")}: ${cardName(card)}, ${info.cost ? money(info.cost) : t("capital.free")}. ${cardHelp(card, this.state.view.options) ?? ""}`,
          onclick: () => { this.ui.card = card; this.render(); (this.root.querySelector("[data-key='target-select']") || this.root.querySelector("[data-key='card-play']"))?.focus(); } }, body);
      } else {
        node = el("div", { class: `card group-${cardGroup(card)}`, tabindex: "0", "data-key": `hand-${i}` }, body);
      }
      list.append(el("li", {}, node));
    });
    return el("section", { class: "hand-panel", "aria-labelledby": "hand-h" }, el("h2", { id: "hand-h" }, t("capital.your_hand"), " ", el("small", {}, t("capital.deck_size", { n: view.deck_size ?? 0 }))), list);
  }

  discardPanel() {
    const { view } = this.state;
    const d = view.discard || [];
    if (!d.length) return null;
    return el("details", { class: "discard" }, el("summary", {}, t("capital.discard_n", { n: d.length })),
      el("p", {}, d.slice(-12).reverse().map(cardName).join(" · ")));
  }

  // ---- minigame and the end ------------------------------------------------------------
  renderMinigame() {
    const { view } = this.state;
    const mg = this.state.session || view.minigame;
    if (!mg || mg.scores || this.ctx.replay) {
      if (this.minigameScreen) {
        this.minigameScreen.close();
        this.minigameScreen = null;
      }
      return;
    }
    if (!this.minigameScreen || !this.minigameScreen.sameGame(mg)) {
      this.minigameScreen?.close();
      this.minigameScreen = new MinigameScreen(this.state, (inputs) => this.sendMinigame(inputs), this.ctx);
    } else {
      this.minigameScreen.update(this.state);
    }
    this.root.append(this.minigameScreen.node);
  }

  /** Everyone's minigame scores (C-4.4.2: points paid $1 each, negative pays nothing). */
  resultsBox() {
    const { view } = this.state;
    const { game, scores } = this.results;
    const close = () => {
      this.results = null;
      this.render();
    };
    const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
    return el("div", { class: "overlay mg-results", role: "dialog", "aria-modal": "true", "aria-labelledby": "mgr-h", onkeydown: (e) => e.key === "Escape" && close() },
      el("div", { class: "overlay-box" },
        el("h2", { id: "mgr-h" }, t("minigame.results", { name: minigameName(game) })),
        // equal scores share a place (1, 2, 2, 4), as on the end screen
        el("ol", { class: "standings" }, order.map((i) => el("li", { "data-seat": i, value: 1 + scores.filter((x) => x > scores[i]).length },
          swatch(seatLetter(i), seatFill(view, i)), " ",
          this.seatName(i), " — ", el("span", { class: scores[i] < 0 ? "neg" : scores[i] > 0 ? "pos" : "" }, t("minigame.points", { n: scores[i] })), " → ", money(Math.max(0, scores[i]))))),
        el("button", { class: "primary", "data-key": "mgr-close", onclick: close }, t("ui.close"))));
  }

  sendMinigame(inputs) {
    const { legal } = this.state;
    // During a session the only legal action is its empty template (docs/protocol.md).
    const template = legal.length === 1 ? legal[0] : legal.find((a) => a.type === "minigame");
    const action = { ...(template || { type: "minigame" }), inputs };
    return this.ctx.act(action);
  }

  sessionProgress(msg) {
    this.minigameScreen?.message(msg);
  }

  victory() {
    const { view, result } = this.state;
    const seats = view.seats || [];
    const res = result || { winner: view.winner, reason: view.reason, standings: [], scores: [] };
    if (!res.standings?.length) {
      res.standings = seats.map((_, i) => i).sort((a, b) => (seats[b].net_worth ?? 0) - (seats[a].net_worth ?? 0));
      res.scores = seats.map((x) => x.net_worth ?? 0);
    }
    const card = res.card ?? (view.reason && view.reason !== "turn_limit" ? view.reason : null);
    let why = null;
    if (card && cardName(card)) why = `${cardName(card)}: ${cardHelp(card, this.state.view.options) ?? ""}`.trim();
    else if (res.reason) why = word("capital", `reason.${res.reason}`) !== `reason.${res.reason}` ? word("capital", `reason.${res.reason}`) : t("end.reason_turn_limit");
    // a victory is told by its own event (the card and its condition); a stop by its reason,
    // as the replay tells it (the heading already says there is no winner)
    const ending = res.winner == null ? null
      : [...this.ctx.lastEvents?.() ?? []].reverse().find((e) => e.type === "game_over" && e.message);
    const names = seats.map((_, i) => this.seatName(i));
    const turns = [...(this.worth?.keys() ?? [])].sort((a, b) => a - b);
    const series = seats.map((_, i) => turns.map((n) => this.worth.get(n)[i] ?? 0));
    const chart = lineChart(series, seats.map((_, i) => seatFill(view, i)), t("end.chart"));
    const earners = seats.map((_, i) => i).sort((a, b) => (this.earned[b] || 0) - (this.earned[a] || 0));
    // counted from the changes this page saw: shown only when it saw them all (not in a replay,
    // which jumps over them, nor on a page opened or reloaded late in the game)
    const summary = !this.ctx.sawAll?.() ? null : el("div", { class: "end-summary" },
      chart ? el("figure", {}, chart, el("figcaption", {}, t("end.chart"))) : null,
      earners.some((i) => this.earned[i] > 0)
        ? el("p", {}, t("capital.biggest_earners"), " ", earners.filter((i) => this.earned[i] > 0).slice(0, 3).map((i) => `${names[i]} ${money(this.earned[i])}`).join(" · "))
        : null);
    const mark = (i) => swatch(seatLetter(i), seatFill(view, i));
    return endScreen({
      result: res, names, why: ending && this.ctx.say ? this.ctx.say(ending.message) : why, summary, seatMark: mark,
      scoreText: (i) => `${t("capital.net_worth")} ${money(seats[i]?.net_worth ?? res.scores?.[i] ?? 0)}`,
      buttons: this.ctx.endButtons ? this.ctx.endButtons() : [],
      onClose: () => { this.victoryClosed = true; this.render(); },
    });
  }

  seatName(i) {
    if (i === null || i === undefined) return t("capital.bank");
    return this.state.names?.[i] || word("capital", "seat.name", { number: i + 1 });
  }

  /** Net worth per turn (for the end chart) and money earned per seat. */
  track(state) {
    this.worth = this.worth || new Map(); // turn -> each seat's net worth at its last update
    this.earned = this.earned || [];
    const seats = state.view.seats || [];
    this.worth.set(state.view.turn ?? 0, seats.map((x) => x.net_worth ?? 0));
    for (const e of state.events) {
      if (e.type === "transfer" && e.payee != null && e.amount > 0) this.earned[e.payee] = (this.earned[e.payee] || 0) + e.amount;
    }
  }

  /** Money moving between players: "+$50" / "−$50" beside their panels, short. */
  moneyMoves(events) {
    for (const e of events) {
      if (e.type !== "transfer" || !e.amount) continue;
      const panel = (s) => this.root.querySelector(`.player[data-seat="${s}"] .player-head`);
      if (e.payer != null) moneyPop(panel(e.payer), `−${money(e.amount)}`, "loss");
      if (e.payee != null) moneyPop(panel(e.payee), `+${money(e.amount)}`, "gain");
    }
  }

  /** The income the business of a build action would earn on that lot now. */
  incomeIfBuilt(a) {
    if (Number.isInteger(a.income)) return a.income;
    const v = this.state.view;
    if (Array.isArray(v.build)) {
      const hit = v.build.find((x) => x.lot === a.lot && x.kind === a.kind);
      if (hit && Number.isInteger(hit.income)) return hit.income;
    }
    const lotIncome = v.build_incomes ?? v.incomes_if_built;
    if (lotIncome) {
      const byLot = lotIncome[a.lot] ?? lotIncome[String(a.lot)] ?? lotIncome[`${a.square ?? v.landed}:${a.lot}`];
      if (byLot && Number.isInteger(byLot[a.kind])) return byLot[a.kind];
      if (Array.isArray(lotIncome)) {
        const hit = lotIncome.find((x) => x.lot === a.lot && x.kind === a.kind);
        if (hit) return hit.income;
      }
    }
    return baseIncome(a.kind);
  }

  close() {
    CENTRE_LOG.removeEventListener("change", this.onWidth);
    this.minigameScreen?.close();
  }
}

function minigameName(game) {
  return word("capital", `minigame.${game}.name`);
}

function diceText(s) {
  const n = typeof s.dice === "number" ? s.dice : Array.isArray(s.dice) ? s.dice.length : 2;
  const last = s.last_roll || (Array.isArray(s.dice) ? s.dice : null);
  return last ? `${n} · ${last.join("+")}` : String(n);
}

export { squareName };
