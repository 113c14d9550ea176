// The game screen: one WebSocket connection, the table of the game (a game's own table, or the
// generic one for a game the client has no picture of), the event log (messages, re-rendered
// after a language switch, grouped by turn, filterable, the newest line kept in view), the
// turn timer and turn notices, chat, resign, rematch and the end-of-game screen.
import { api, GameSocket, tokens } from "./net.js";
import { errorText, t, lang, uiCatalog } from "./i18n.js";
import { el, announce, nameText, radioGroup, ScrollKeeper, seatLetter, toast, whileBusy } from "./util.js";
import { settings } from "./main.js";
import { botName, copyInvite, namedAsBot } from "./lobby.js";
import { loadGame, say, word, titleOf, render } from "./messages.js";
import { CapitalTable } from "./capital/table.js";
import { DealTable } from "./deal/table.js";
import { GenericTable } from "./generic.js";
import { ChatPanel } from "./chat.js";
import { notices } from "./notices.js";
import { endScreen } from "./end.js";
import { a11y } from "./a11y/index.js";

/** The tables the client draws; any other game gets the generic table. */
export const TABLES = { capital: CapitalTable, deal: DealTable };

export function tableFor(game) {
  return TABLES[game] || GenericTable;
}

/** How often an open join dialog checks which seats are still free (ms). */
const SEAT_POLL_MS = 3000;

/** Names of the seats as shown in every text: "Ana (A)", a bot in the player's language
 * (but a seat a person left, which a bot plays for good, keeps the person's name). */
export function seatNames(players) {
  return (players || []).map((p, i) => {
    const seat = p.seat ?? i;
    const letter = seatLetter(seat);
    const name = namedAsBot(p) ? botName(p.bot || "random") : nameText(p.name);
    return name ? `${name} (${letter})` : null;
  });
}

/** Who sits where, a line a seat: "Ana (A)", "B: free seat", "Medium bot (C)". */
function seatList(players) {
  const names = seatNames(players);
  return el("ul", { class: "seat-list" }, players.map((p, i) =>
    el("li", {}, names[i] || `${seatLetter(p.seat ?? i)}: ${t("lobby.free_seat")}`)));
}

/**
 * Normalise one server `update` message (docs/protocol.md) into
 * {view, events, legal: [action], messages: Map(JSON -> message), session, seat, deadline, ...}.
 */
export function normalise(msg, seat) {
  const view = msg.view ?? null;
  const raw = msg.legal ?? [];
  const legal = raw.map((l) => (l && l.action ? l.action : l));
  const messages = new Map(raw.filter((l) => l && l.action && l.message).map((l) => [JSON.stringify(l.action), l.message]));
  const deadlines = msg.deadlines ?? [];
  const mine = deadlines.find((d) => d.seat === seat) || deadlines[0] || null;
  return {
    view,
    events: msg.events ?? [],
    legal,
    messages,
    session: msg.session ?? null,
    seat,
    status: msg.status ?? null,
    actor: msg.actor ?? null,
    deadline: mine,
    deadlines,
    players: msg.players ?? null,
    result: msg.result ?? null,
    received: Date.now(),
  };
}

/**
 * Who chose an action, for the log: whether to say it (when the server words it, i.e. not a
 * seat's own choice, and not the chooser of the action told before it in the same turn: a seat
 * away for a whole turn is said once) and the key to pass as `last` for the next action. The
 * live table and the replay viewer both use it.
 */
export function actorNote(actor, turn, last) {
  const key = `${actor.seat}/${actor.by}/${actor.reason ?? ""}@${turn}`;
  return { say: Boolean(actor.message) && key !== last, key };
}

const SEAT_FIELDS = ["seat", "payer", "payee", "giver", "receiver", "owner", "by", "target", "winner"];
const MONEY_FIELDS = ["amount", "owed", "paid", "value", "scores", "income"];

/** Which log filters an event passes: "mine" (money involving my seat), "cards" (cards played). */
function filtersOf(ev, me) {
  const out = new Set(["all"]);
  const mentions = me != null && SEAT_FIELDS.some((f) => ev[f] === me);
  const money = MONEY_FIELDS.some((f) => f in ev) || ev.type === "transferred";
  if (money && (mentions || (Array.isArray(ev.scores) && me != null))) out.add("mine");
  const action = ev.action && typeof ev.action === "object" ? ev.action : null;
  if ((ev.type === "played" || ev.type === "card_played") || (("card" in ev || (action && "card" in action)) && !ev.private && ev.type !== "drew")) out.add("cards");
  return out;
}

/** Game `id`'s summary (a promise), and once it names its game, that game's words (in `language`)
 * and data asked for too: what a game screen opened from an invitation link needs, asked while
 * the page's languages load rather than after them. */
export function askGame(id, language) {
  const info = api.game(id);
  info.then((i) => i?.game && loadGame(i.game, language), () => {});
  return info;
}

export class GameScreen {
  /** `watch`: open as a spectator straight away (the lobby's Watch), not offering a seat;
   * `info`: the game's summary already asked for (`askGame`). */
  constructor(main, id, { watch = false, info = null } = {}) {
    this.main = main;
    this.id = id;
    this.watchOnly = watch;
    this.log = []; // {kind: "event"|"note", ev, turn, filters}
    this.lastActor = null; // who made the last action told, and in which turn (see tell)
    this.filter = "all";
    this.table = null;
    this.state = null;
    this.timer = null;
    this.game = null;
    this.queue = Promise.resolve();
    const saved = tokens.touch(id);
    this.seat = saved ? saved.seat : null;
    this.root = el("div", { class: "game-screen" });
    this.status = el("span", { class: "conn", role: "status" });
    this.clock = el("span", { class: "clock", id: "turn-timer", "aria-live": "off" });
    this.logList = el("ol", { class: "event-log", id: "event-log", tabindex: "0" });
    this.logScroll = new ScrollKeeper(this.logList);
    this.logHead = el("h2", { id: "log-h" });
    this.filterBox = el("div", { class: "log-filters", role: "radiogroup", "aria-labelledby": "log-h" });
    this.logPanel = el("section", { class: "log-panel", "aria-labelledby": "log-h" },
      el("div", { class: "row-between" }, this.logHead, this.filterBox), this.logList);
    this.chat = new ChatPanel({
      send: (m) => (this.socket?.post(m) ? { type: "ack" } : { type: "error", message: t("game.reconnecting") }),
      canWrite: () => this.seat != null || !!this.spectatorChat,
    });
    this.tableBox = el("div", { class: "table-box" });
    this.header = document.getElementById("topbar-slot") || el("div");
    this.drawHeader();
    this.drawLogChrome();
    this.root.append(this.tableBox);
    main.replaceChildren(this.root);
    this.start(saved, info ?? api.game(id));
  }

  async start(saved, asked) {
    let info = null;
    try {
      info = await asked;
    } catch (e) {
      if (e.status === 404) return this.unknownGame();
    }
    this.info = info;
    if (info?.name) this.drawHeader();
    this.spectatorChat = info?.spectator_chat;
    if (info?.game) await this.useGame(info.game);
    if (saved) this.connect(saved.token);
    else if (this.watchOnly) this.connect(null);
    else this.offerSeat(info);
  }

  async useGame(game) {
    if (this.game === game) return;
    this.game = game;
    await loadGame(game, lang());
  }

  /** A link to a game that does not exist: say so, offer the lobby, do not reconnect. */
  unknownGame() {
    this.socket?.close();
    this.gone = true;
    clearInterval(this.timer);
    this.header.replaceChildren(el("a", { href: "#/", class: "button ghost" }, "← ", t("ui.lobby")));
    const lobby = el("a", { class: "button primary", href: "#/", "data-key": "unknown-lobby" }, t("game.unknown_lobby"));
    this.tableBox.replaceChildren(el("section", { class: "card-panel unknown-game", role: "alert", "aria-labelledby": "unknown-h" },
      el("h1", { id: "unknown-h" }, t("game.unknown_title")),
      el("p", {}, t("game.unknown_text", { id: this.id })),
      lobby));
    this.root.replaceChildren(this.tableBox);
    lobby.focus();
  }

  drawHeader() {
    if (this.gone) return;
    const over = this.state?.status === "finished";
    this.header.replaceChildren(...[
      el("a", { href: "#/", class: "button ghost" }, "← ", t("ui.lobby")),
      el("span", { class: "game-id", dir: "auto" }, this.info?.name || t("game.id", { id: this.id })),
      // a visitor choosing between a seat and watching is neither yet
      this.choosing ? null : this.seat == null ? el("span", { class: "badge" }, t("game.spectator"))
        : el("span", { class: "badge" }, t("game.you_are", { seat: seatLetter(this.seat) })),
      this.clock,
      this.status,
      this.game ? el("a", { class: "button", href: `#/rules/${this.game}`, target: "_blank", rel: "noopener", "data-key": "rules-link" }, t("rules.link")) : null,
      notices.controls(),
      this.seat != null && !over && this.state ? el("button", { "data-key": "resign", onclick: () => this.resign() }, t("game.resign")) : null,
      over ? null : el("button", { "data-key": "invite", onclick: () => copyInvite(this.id) }, t("lobby.copy_invite")),
    ].flat().filter(Boolean));
  }

  drawLogChrome() {
    this.logHead.textContent = t("log.title");
    this.logList.setAttribute("aria-label", t("log.title"));
    this.filterBox.setAttribute("aria-label", t("log.filter"));
    this.filterBox.replaceChildren(...["all", "mine", "cards"].map((f) => el("button", {
      class: `chip${this.filter === f ? " on" : ""}`, role: "radio", "aria-checked": this.filter === f ? "true" : "false",
      "data-key": `log-filter-${f}`, "data-filter": f,
      onclick: () => { this.filter = f; this.logScroll.stick = true; this.drawLogChrome(); this.renderLog(); },
    }, t(`log.filter_${f}`))));
    radioGroup(this.filterBox);
  }

  async offerSeat(info, typed = null) {
    const free = info?.free_seats || [];
    if (!free.length || info.status === "finished") {
      if (typed !== null) toast(t("game.seats_gone"));
      this.watch();
      return;
    }
    if (typed !== null) announce(t("game.seats_changed"));
    const name = el("input", { id: "join-name", value: typed ?? settings.name, maxlength: "40" });
    // Enter after the name takes the first free seat, as the lobby's Join does
    name.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" || ev.isComposing) return;
      ev.preventDefault();
      name.closest(".join-box")?.querySelector("[data-key^=take-seat-]")?.click();
    });
    const title = info.game ? titleOf(info.game) : "";
    const box = el("div", { class: "card-panel join-box", role: "dialog", "aria-labelledby": "join-h" },
      el("h2", { id: "join-h" }, t("game.join_title", { game: title })),
      // someone invited to a game they do not know can read its rules before sitting down
      info.game ? el("p", {}, el("a", { href: `#/rules/${info.game}`, target: "_blank", rel: "noopener", "data-key": "join-rules" },
        t("rules.title", { game: title }))) : null,
      info.players?.length ? seatList(info.players) : null,
      el("label", {}, el("span", {}, t("lobby.your_name")), name),
      el("div", { class: "button-row" },
        free.map((seat) => el("button", {
          class: "primary",
          "data-key": `take-seat-${seat}`,
          // one seat, once: a second click while the first is on its way would take another
          onclick: () => whileBusy([...box.querySelectorAll(".button-row button")], async () => {
            settings.name = name.value.trim();
            try {
              const joined = await api.join(this.id, { name: settings.name || t("lobby.anonymous"), seat });
              this.seat = joined.seat;
              tokens.set(this.id, { token: joined.token, seat: joined.seat });
              box.remove();
              this.choosing = false;
              this.drawHeader();
              this.connect(joined.token);
            } catch (e) {
              toast(errorText(e));
              // the seat may have been taken meanwhile: offer what is free now, or watch
              this.offerSeat(await api.game(this.id).catch(() => null));
            }
          }),
        }, t("game.take_seat", { seat: seatLetter(seat) }))),
        el("button", { "data-key": "watch", onclick: () => { box.remove(); this.watch(); } }, t("lobby.watch"))));
    this.tableBox.replaceChildren(box);
    this.choosing = true;
    this.drawHeader();
    if (typed === null) name.focus();
    // others may take seats while this dialog is open: offer only the seats still free
    const poll = setInterval(async () => {
      const now = box.isConnected ? await api.game(this.id).catch(() => null) : null;
      if (!box.isConnected || this.gone) return clearInterval(poll);
      if (!now) return;
      const left = now.status === "finished" ? [] : now.free_seats || [];
      if (left.join() === free.join()) return;
      clearInterval(poll);
      const focused = document.activeElement === name;
      this.offerSeat(now, name.value);
      if (focused) document.getElementById("join-name")?.focus();
    }, SEAT_POLL_MS);
  }

  /** Watch the game without a seat: the visitor chose to, or no seat is left. */
  watch() {
    this.choosing = false;
    this.drawHeader();
    this.connect(null);
  }

  connect(token) {
    if (this.gone) return;
    this.socket = new GameSocket(this.id, token, {
      onMessage: (msg) => {
        this.queue = this.queue.then(() => this.onMessage(msg)).catch((e) => console.error(e));
      },
      onStatus: (s) => {
        this.status.textContent = s === "open" || this.gone ? "" : t("game.reconnecting");
      },
      onClosed: (code) => {
        if (code === 4404) this.unknownGame();
        if (code === 4401) {
          // A seat token this server does not know (another server, an old game): watch instead.
          tokens.set(this.id, null);
          this.seat = null;
          toast(t("game.bad_token"));
          return true; // reconnect, as a spectator
        }
        return code !== 4404;
      },
    });
  }

  names() {
    return seatNames(this.players);
  }

  async onMessage(msg) {
    if (this.gone) return;
    if (msg.type === "error") {
      if (msg.code === "unknown_game") return this.unknownGame();
      const text = errorText(msg);
      toast(text);
      this.keepFocus();
      return;
    }
    if (msg.type === "chat") return this.chat.add(msg, this.names());
    if (msg.type === "rematch" || msg.type === "rematch_seat") return this.onRematch(msg);
    if (msg.type === "welcome") {
      if (msg.game) await this.useGame(msg.game);
      if (msg.seat !== undefined && msg.seat !== this.seat) {
        if (msg.seat === null && this.resigning) {
          // resigned: a bot plays the seat for good, this page watches (docs/protocol.md)
          this.resigning = false;
          tokens.set(this.id, null);
          toast(t("game.resigned"));
        }
        this.seat = msg.seat;
      }
      if (msg.rematch?.game_id) this.rematchGame = msg.rematch.game_id;
      this.players = msg.players || this.players;
      this.settings = msg.settings || this.settings;
      if (msg.spectator_chat !== undefined) this.spectatorChat = msg.spectator_chat;
      if (Array.isArray(msg.chat)) this.chat.reset(msg.chat, this.names());
      this.drawHeader();
      if (!this.state) this.showWaiting(msg);
      return;
    }
    if (msg.type === "session_progress") {
      if (msg.seq == null) this.table?.sessionProgress?.(msg); // on (re)connecting: the inputs so far
      return;
    }
    if (msg.type !== "update") return;
    const known = this.version; // the last change this page has shown
    if (typeof msg.version === "number") {
      if (this.version !== undefined && msg.version < this.version) return; // older than what we show
      this.version = msg.version;
    }
    const state = normalise(msg, this.seat);
    // on (re)connecting: the recent changes this page has not told yet (docs/protocol.md)
    state.history = (msg.history || []).filter((h) => known === undefined || h.version > known);
    // Whether this page has seen every change since the set-up, so that the end screen's counts
    // are whole: the first update must retell the set-up (version 0), and one after a lost
    // connection every change since the last this page showed (a server retells only its last 40).
    const told = (msg.history || []).map((h) => h.version);
    if (known === undefined) this.sawAll = told.includes(0) || msg.version === 0;
    else if (msg.history && msg.version > known && Math.min(msg.version, ...told) > known + 1) this.sawAll = false;
    if (!state.view) return;
    if (state.status === "open" && !this.state) {
      // dealt but not started: a seat is still free, and nobody may play yet; the set-up's
      // lines (history version 0) wait for the table
      if (msg.history) this.waitingHistory = state.history;
      this.players = state.players || this.players;
      this.showWaiting({ players: this.players || [] });
      return;
    }
    const game = state.view.game || this.game;
    await this.useGame(game);
    this.players = state.players || this.players;
    state.names = this.names();
    state.game = game;
    const wasOver = this.state?.status === "finished";
    const firstUpdate = !this.state;
    if (firstUpdate && this.waitingHistory) {
      const told = new Set(state.history.map((h) => h.version));
      state.history = [...this.waitingHistory.filter((h) => !told.has(h.version)), ...state.history];
      this.waitingHistory = null;
    }
    this.state = state;
    if (!this.table || this.table.game !== game) {
      const Table = tableFor(game);
      this.table = new Table(this.tableBox, {
        game,
        act: (action) => this.act(action),
        sendMessage: (m) => this.socket.sendMessage(m),
        label: (action) => this.label(action),
        say: (m) => say(game, m, this.names()),
        lastEvents: () => this.log.filter((e) => e.kind === "event").map((e) => e.ev),
        logPanel: this.logPanel,
        panelsPlaced: () => {
          this.logScroll.keep();
          this.chat.scroll.keep();
        },
        keepFocus: () => this.keepFocus(),
        chatPanel: this.chat.node,
        endButtons: () => this.endButtons(),
        sawAll: () => this.sawAll,
      });
    }
    // Each line belongs to the turn of the last turn_started before it (one update may hold
    // several turns: the bots' turns after the person's action).
    if (this.turn === undefined) {
      // lines before the first turn_started belong to the turn before it
      const all = [...state.history.flatMap((h) => h.events), ...state.events];
      const first = all.findIndex((e) => e.type === "turn_started");
      this.turn = first < 0 ? state.view.turn : first > 0 && all[first].turn > 1 ? all[first].turn - 1 : undefined;
    }
    // Who acted, when it was not the seat's own choice, is said before what the action did,
    // once for a run of such actions by the same seat in a turn (a seat away for a whole turn).
    const tell = (events, actor, live) => {
      if (actor) {
        const note = actorNote(actor, this.turn, this.lastActor);
        if (note.say) this.log.push({ kind: "note", actor, turn: this.turn ?? state.view.turn, filters: new Set(["all"]) });
        this.lastActor = note.key;
      }
      for (const ev of events) {
        if (ev.type === "turn_started") this.turn = ev.turn ?? this.turn;
        if (!ev.message) continue;
        this.log.push({ kind: "event", ev, turn: this.turn ?? state.view.turn, filters: filtersOf(ev, this.seat) });
        if (live) a11y.event(ev, say(game, ev.message, state.names), this.seat); // retold ones are not announced
      }
    };
    for (const h of state.history) tell(h.events, h.actor, false);
    tell(state.events, state.actor, true);
    if (msg.notice) {
      this.log.push({ kind: "note", notice: msg.notice, turn: this.turn ?? state.view.turn, filters: new Set(["all"]) });
      const text = this.serverText(msg.notice);
      toast(text);
    }
    if (this.log.length > 600) this.log.splice(0, this.log.length - 600);
    this.table.update(state);
    a11y.update(this, state);
    this.renderLog();
    this.startClock(state);
    notices.update(state, this.seat);
    this.chat.names = state.names;
    if (firstUpdate || (!wasOver && state.status === "finished")) this.drawHeader();
    this.keepFocus();
  }

  /** The words of a legal action: the message the server sent with it. */
  label(action) {
    const m = this.state?.messages?.get(JSON.stringify(action));
    return m ? say(this.game, m, this.state.names) : word(this.game, `action.${action.type}`);
  }

  /** A server message (keys server.*): the page's own words, seats by their names. */
  serverText(message) {
    return render(message, uiCatalog(), lang(), this.names());
  }

  noteText(entry) {
    return this.serverText(entry.notice ?? entry.actor.message);
  }

  /** Draw the log: lines grouped by turn, filtered, the newest kept in view. */
  renderLog() {
    const list = this.logList;
    if (list.isConnected && list.clientHeight) this.logScroll.at = list.scrollTop;
    const names = this.names();
    const items = [];
    let group = null;
    let groupTurn;
    for (const entry of this.log) {
      if (!entry.filters.has(this.filter)) continue;
      const isTurn = entry.kind === "event" && entry.ev.type === "turn_started";
      if (!group || isTurn || entry.turn !== groupTurn) {
        groupTurn = entry.turn;
        const head = isTurn ? say(this.game, entry.ev.message, names) : t("log.turn", { n: entry.turn ?? 0 });
        const ol = el("ol", { class: "turn-lines" });
        group = el("li", { class: "turn-group", "data-turn": String(entry.turn ?? 0) }, el("h3", { class: "turn-head" }, head), ol);
        group.lines = ol;
        items.push(group);
        if (isTurn) continue;
      }
      const text = entry.kind === "event" ? say(this.game, entry.ev.message, names) : this.noteText(entry);
      group.lines.append(el("li", { class: entry.kind === "note" ? "note" : "", "data-event": entry.ev?.type }, text));
    }
    if (!items.length) items.push(el("li", { class: "empty" }, t("log.empty")));
    list.replaceChildren(...items);
    this.logScroll.keep();
  }

  /** After a redraw keyboard focus stays on a control: never on <body>. */
  keepFocus() {
    const a = document.activeElement;
    if (a && a !== document.body && document.contains(a)) return;
    const order = ["[role=dialog] button, [role=dialog] a", "button.primary:not(:disabled)", ".actions button:not(:disabled)",
      ".dcentre button:not(:disabled)", "#prompt"];
    let target = null;
    for (const sel of order) {
      target = this.tableBox.querySelector(sel);
      if (target) break;
    }
    target = target || this.main;
    if (target && !target.hasAttribute("tabindex") && !target.matches("button, a, input, select, textarea")) target.setAttribute("tabindex", "-1");
    target?.focus({ preventScroll: true });
  }

  showWaiting(msg) {
    const title = this.game ? titleOf(this.game) : "";
    this.tableBox.replaceChildren(el("div", { class: "card-panel waiting" },
      el("h2", {}, t("game.waiting_title", { game: title })),
      el("p", {}, t("game.waiting_text")),
      seatList(msg.players || []),
      el("button", { "data-key": "invite-waiting", onclick: () => copyInvite(this.id) }, t("lobby.copy_invite")),
      this.chat.node));
  }

  startClock(state) {
    clearInterval(this.timer);
    const d = state.deadline;
    // A session's own screen shows its clock: the top bar does not show a second one.
    const end = d && !this.inSession(state) ? state.received + d.seconds * 1000 : null;
    this.deadlineAt = end;
    const tick = () => {
      if (!end || state.status === "finished") {
        this.clock.textContent = "";
        return;
      }
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      this.clock.textContent = t("game.time_left", { s });
      this.clock.classList.toggle("urgent", s <= 10);
    };
    tick();
    this.timer = setInterval(tick, 250);
  }

  /** Whether this seat plays a part of the input session open in `state`. */
  inSession(state) {
    return Boolean(state?.session && this.seat != null && state.session.seats?.includes(this.seat));
  }

  async act(action) {
    // a seat's part of an input session is its own whatever the other seats did meanwhile:
    // chosen while the connection is down, it goes even if the game moved on
    const anyPosition = this.inSession(this.state);
    // Until the position an action made is shown (its update comes just after its ack), the
    // page shows the one it was chosen in: a second click there (a double click on a slow
    // connection) would only be refused ("It is not your turn."), so it sends nothing. A
    // seat's parts of an input session are not held up.
    const waiting = this.acting || (this.version ?? -1) < (this.actedAt ?? -1);
    if (waiting && !anyPosition) return false;
    this.acting = !anyPosition;
    let reply;
    try {
      reply = await this.socket.send(action, { version: anyPosition ? null : this.version ?? null });
    } finally {
      this.acting = false;
    }
    if (reply.type === "ack" && !anyPosition) this.actedAt = reply.version;
    if (reply.code === "stale_view") toast(errorText(reply)); // the server never saw it
    this.keepFocus();
    return reply.type !== "error";
  }

  /** Ask first (in the page: no browser dialog), then leave the seat to a bot. */
  resign() {
    const back = document.activeElement;
    const close = () => {
      box.remove();
      back?.focus?.();
    };
    const yes = el("button", { class: "danger", "data-key": "resign-yes", onclick: () => {
      if (this.socket?.post({ type: "resign" })) this.resigning = true;
      close();
    } }, t("game.resign"));
    const box = el("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "resign-h",
      onkeydown: (e) => e.key === "Escape" && close() },
    el("div", { class: "overlay-box" },
      el("h2", { id: "resign-h" }, t("game.resign_confirm")),
      el("div", { class: "button-row" }, yes, el("button", { "data-key": "resign-no", onclick: close }, t("ui.cancel")))));
    document.body.append(box);
    yes.focus();
  }

  // ---- the end and the rematch ------------------------------------------------------------
  endButtons() {
    const links = [
      el("a", { class: "button", href: `#/replay/${encodeURIComponent(this.id)}`, "data-key": "end-replay" }, t("lobby.replay")),
      el("a", { class: "button", href: "#/", "data-key": "end-lobby" }, t("ui.lobby")),
    ];
    // a spectator cannot accept a rematch; once one is offered, it may watch it
    if (this.seat == null) return this.rematchGame ? [this.watchRematch(), ...links] : links;
    const rematch = el("button", { class: "primary", "data-key": "end-rematch", id: "rematch-button",
      onclick: async () => {
        rematch.disabled = true;
        if (!this.socket?.post({ type: "rematch" })) rematch.disabled = false;
        else rematch.textContent = t("game.rematch_waiting");
      } }, this.rematchGame ? t("game.rematch_join") : t("game.rematch"));
    return [rematch, ...links];
  }

  watchRematch() {
    return el("a", { class: "button primary", href: `#/game/${encodeURIComponent(this.rematchGame)}/watch`, "data-key": "end-watch-rematch" },
      t("game.rematch_watch"));
  }

  onRematch(msg) {
    if (msg.type === "rematch_seat") {
      tokens.set(msg.game_id, { token: msg.token, seat: msg.seat });
      toast(t("game.rematch_ready"));
      location.hash = `#/game/${encodeURIComponent(msg.game_id)}`;
      return;
    }
    this.rematchGame = msg.game_id;
    const names = this.names();
    const who = (msg.accepted || []).map((s) => names[s] || seatLetter(s)).join(", ");
    const text = t("game.rematch_offered", { players: who });
    toast(text);
    const b = document.getElementById("rematch-button");
    if (b && !b.disabled) b.textContent = t("game.rematch_join");
    if (this.seat == null && !document.querySelector("[data-key=end-watch-rematch]"))
      document.querySelector("[data-key=end-replay]")?.before(this.watchRematch());
  }

  relabel() {
    this.drawHeader();
    this.drawLogChrome();
    this.chat.relabel();
    if (this.game) {
      loadGame(this.game, lang()).then(() => {
        if (this.gone) return;
        if (this.state) {
          this.state.names = this.names();
          this.table.update({ ...this.state, events: [] });
        }
        this.renderLog();
      });
    }
  }

  close() {
    this.gone = true; // a summary or a catalog still on its way draws and connects nothing
    this.header.replaceChildren();
    clearInterval(this.timer);
    this.socket?.close();
    this.table?.close?.();
    a11y.close();
    notices.reset();
  }
}

export { endScreen };
