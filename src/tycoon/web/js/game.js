// The game screen: one WebSocket connection, the table of the game (Capital or Deal), the event
// log read aloud through the live region, the turn timer and the victory screen.
import { api, GameSocket, tokens } from "./net.js";
import { t } from "./i18n.js";
import { el, announce, toast } from "./util.js";
import { settings } from "./main.js";
import { copyInvite } from "./lobby.js";
import { CapitalTable } from "./capital/table.js";
import { DealTable } from "./deal/table.js";
import { describeCapitalEvent } from "./capital/words.js";
import { describeDealEvent } from "./deal/words.js";

export const TABLES = { capital: CapitalTable, deal: DealTable };
export const DESCRIBE = { capital: describeCapitalEvent, deal: describeDealEvent };

/**
 * Normalise one server `update` message (docs/protocol.md) into
 * {view, events, legal: [action], texts: Map(JSON -> words), seat, deadline, players, result}.
 */
export function normalise(msg, seat) {
  const view = msg.view ?? null;
  const raw = msg.legal ?? [];
  const legal = raw.map((l) => (l && l.action ? l.action : l));
  const texts = new Map(raw.filter((l) => l && l.action).map((l) => [JSON.stringify(l.action), l.text]));
  const deadlines = msg.deadlines ?? [];
  const mine = deadlines.find((d) => d.seat === seat) || deadlines[0] || null;
  return {
    view,
    events: msg.events ?? [],
    legal,
    texts,
    seat,
    status: msg.status ?? null,
    actor: msg.actor ?? null,
    deadline: mine,
    deadlines,
    players: msg.players ?? null,
    result: msg.result ?? null,
  };
}

export class GameScreen {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.log = [];
    this.table = null;
    this.state = null;
    this.timer = null;
    const saved = tokens.get(id);
    this.seat = saved ? saved.seat : null;
    this.root = el("div", { class: "game-screen" });
    this.status = el("span", { class: "conn", role: "status" });
    this.clock = el("span", { class: "clock", id: "turn-timer", "aria-live": "off" });
    this.logList = el("ol", { class: "event-log", id: "event-log", "data-scroll": "log", tabindex: "0", "aria-label": t("log.title") });
    this.tableBox = el("div", { class: "table-box" });
    this.header = document.getElementById("topbar-slot") || el("div");
    this.drawHeader();
    this.logPanel = el("section", { class: "log-panel", "aria-labelledby": "log-h" }, el("h2", { id: "log-h" }, t("log.title")), this.logList);
    this.root.append(this.tableBox);
    main.replaceChildren(this.root);
    if (!saved) this.offerSeat();
    else this.connect(saved.token);
  }

  drawHeader() {
    this.header.replaceChildren(
      el("a", { href: "#/", class: "button ghost" }, "← ", t("ui.lobby")),
      el("span", { class: "game-id" }, t("game.id", { id: this.id })),
      this.seat == null ? el("span", { class: "badge" }, t("game.spectator")) : el("span", { class: "badge" }, t("game.you_are", { seat: this.seat + 1 })),
      this.clock,
      this.status,
      el("button", { onclick: () => copyInvite(this.id) }, t("lobby.copy_invite")));
  }

  async offerSeat() {
    let info = null;
    try {
      info = await api.game(this.id);
    } catch (e) {
      /* watch anyway */
    }
    const free = info?.free_seats || [];
    if (!free.length || info.status === "finished") {
      this.connect(null);
      return;
    }
    const name = el("input", { id: "join-name", value: settings.name, maxlength: "40" });
    const box = el("div", { class: "card-panel join-box", role: "dialog", "aria-labelledby": "join-h" },
      el("h2", { id: "join-h" }, t("game.join_title", { game: t(`game.${info.game}`) })),
      el("label", {}, el("span", {}, t("lobby.your_name")), name),
      el("div", { class: "button-row" },
        free.map((seat) => el("button", {
          class: "primary",
          "data-key": `take-seat-${seat}`,
          onclick: async () => {
            settings.name = name.value.trim();
            try {
              const joined = await api.join(this.id, { name: settings.name || t("lobby.anonymous"), seat });
              this.seat = joined.seat;
              tokens.set(this.id, { token: joined.token, seat: joined.seat });
              box.remove();
              this.drawHeader();
              this.connect(joined.token);
            } catch (e) {
              toast(t("ui.error", { message: e.message }));
            }
          },
        }, t("game.take_seat", { n: seat + 1 }))),
        el("button", { "data-key": "watch", onclick: () => { box.remove(); this.connect(null); } }, t("lobby.watch"))));
    this.tableBox.replaceChildren(box);
    name.focus();
  }

  connect(token) {
    this.socket = new GameSocket(this.id, token, {
      onMessage: (msg) => this.onMessage(msg),
      onStatus: (s) => {
        this.status.textContent = s === "open" ? "" : t("game.reconnecting");
      },
    });
  }

  onMessage(msg) {
    if (msg.type === "error") {
      const text = t("ui.error", { message: msg.message ?? "" });
      toast(text);
      announce(text);
      return;
    }
    if (msg.type === "welcome") {
      if (msg.seat !== undefined && msg.seat !== this.seat) {
        this.seat = msg.seat;
        this.drawHeader();
      }
      this.players = msg.players || this.players;
      this.settings = msg.settings || this.settings;
      if (!this.state) this.showWaiting(msg);
      return;
    }
    if (msg.type === "minigame_progress") {
      if (msg.seq == null) this.table?.minigame?.(msg); // on (re)connecting: the clicks so far
      return;
    }
    if (msg.type !== "update") return;
    if (typeof msg.version === "number") {
      if (this.version !== undefined && msg.version < this.version) return; // older than what we show
      this.version = msg.version;
    }
    const state = normalise(msg, this.seat);
    if (!state.view) return;
    this.players = state.players || this.players;
    state.names = (this.players || []).map((p) => p.name || (p.bot ? t("lobby.bot_name", { strength: t(`lobby.strength.${p.bot}`) }) : null));
    this.state = state;
    const game = state.view.game;
    if (!this.table || this.table.game !== game) {
      const Table = TABLES[game];
      this.table = new Table(this.tableBox, {
        act: (action) => this.act(action),
        sendMessage: (m) => this.socket.sendMessage(m),
        logPanel: this.logPanel,
      });
    }
    const describe = DESCRIBE[game];
    for (const ev of state.events) {
      const text = describe(ev, state.view, state.names, this.seat);
      if (!text) continue;
      this.logList.append(el("li", { "data-event": ev.type }, text));
      announce(text);
    }
    if (state.actor && state.actor.by !== "player" && state.actor.reason) {
      const text = t(`game.actor.${state.actor.reason}`, { player: state.names[state.actor.seat] || t("ui.player_letter", { letter: "ABCDE"[state.actor.seat] }) });
      this.logList.append(el("li", { class: "note" }, text));
    }
    while (this.logList.childElementCount > 300) this.logList.firstElementChild.remove();
    this.logList.scrollTop = this.logList.scrollHeight;
    this.table.update(state);
    this.startClock(state);
  }

  showWaiting(msg) {
    const players = msg.players || [];
    this.tableBox.replaceChildren(el("div", { class: "card-panel waiting" },
      el("h2", {}, t("game.waiting_title", { game: t(`game.${msg.game}`) })),
      el("p", {}, t("game.waiting_text")),
      el("ul", {}, players.map((p) => el("li", {}, t("ui.player_letter", { letter: "ABCDE"[p.seat] }), ": ",
        p.bot ? t("lobby.bot_name", { strength: t(`lobby.strength.${p.bot}`) }) : p.name || t("lobby.free_seat")))),
      el("button", { onclick: () => copyInvite(this.id) }, t("lobby.copy_invite"))));
  }

  startClock(state) {
    clearInterval(this.timer);
    const d = state.deadline;
    const end = d ? Date.now() + d.seconds * 1000 : null;
    const tick = () => {
      if (!end || state.view.winner != null) {
        this.clock.textContent = "";
        return;
      }
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      this.clock.textContent = t("game.time_left", { s });
      this.clock.classList.toggle("urgent", s <= 10);
    };
    tick();
    this.timer = setInterval(tick, 500);
  }

  async act(action) {
    const reply = await this.socket.send(action);
    if (reply.type === "error") return false;
    return true;
  }

  relabel() {
    this.drawHeader();
    if (this.state) this.table.update(this.state);
  }

  close() {
    this.header.replaceChildren();
    clearInterval(this.timer);
    this.socket?.close();
    this.table?.close?.();
  }
}
