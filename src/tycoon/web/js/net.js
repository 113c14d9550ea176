// The server's REST API and WebSocket protocol (docs/protocol.md), seen from the page.
// The page never decides a rule: it shows the views and legal actions the server sends and sends
// back one of those actions.

/** A string body is sent as it is: JSON text the page must not re-encode (a record's 64-bit
 * seed would lose its last digits as a JavaScript number). */
async function request(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    const err = new Error(e.message);
    err.code = "network"; // the server could not be reached
    throw err;
  }
  let data = null;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = { detail: text };
  }
  if (!res.ok) {
    const detail = data && (data.detail || data.message || data.error);
    const msg = typeof detail === "string" ? detail : JSON.stringify(detail || data);
    const err = new Error(msg || `${res.status}`);
    err.status = res.status;
    err.code = data?.code;
    throw err;
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  kinds: () => request("GET", "/api/kinds"),
  create: (body) => request("POST", "/api/games", body),
  join: (id, body) => request("POST", `/api/games/${encodeURIComponent(id)}/join`, body),
  lobbyChat: (after) => request("GET", `/api/lobby/chat${after != null ? `?after=${after}` : ""}`),
  postLobbyChat: (body) => request("POST", "/api/lobby/chat", body),
  record: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/record`),
  replayStep: (id, step) => request("GET", `/api/games/${encodeURIComponent(id)}/replay/${step}`),
  replayRecord: (step, text) => request("POST", `/api/replay/${step}`, text),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
};

/** How long a seat token this browser has not opened is kept: no game lasts that long (a
 * seat left alone is played by a stand-in until the end). */
const TOKEN_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** Seat tokens, kept in this browser per game so that a reload or a lost connection resumes;
 * each with the time it was last opened (`at`). */
export const tokens = {
  get(id) {
    try {
      return JSON.parse(localStorage.getItem(`tycoon.seat.${id}`) || "null");
    } catch (e) {
      return null;
    }
  },
  set(id, value) {
    if (value == null) localStorage.removeItem(`tycoon.seat.${id}`);
    else localStorage.setItem(`tycoon.seat.${id}`, JSON.stringify({ ...value, at: Date.now() }));
  },
  /** The token of game `id` (or null), opened now: it is kept another TOKEN_DAYS. */
  touch(id) {
    const value = this.get(id);
    try {
      if (value) this.set(id, value);
    } catch (e) {
      /* storage full: the token stays as it was */
    }
    return value;
  },
  /** Drop the tokens not opened for TOKEN_DAYS, and the seqs of games without a token (each
   * game played left about 100 bytes behind for good); a token from before `at` starts its
   * days now. */
  prune(now = Date.now()) {
    try {
      const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
      for (const key of keys.filter((k) => k?.startsWith("tycoon.seat."))) {
        const id = key.slice("tycoon.seat.".length);
        const value = this.get(id);
        if (!value || typeof value !== "object") localStorage.removeItem(key);
        else if (typeof value.at !== "number") this.set(id, value);
        else if (now - value.at > TOKEN_DAYS * DAY_MS) localStorage.removeItem(key);
      }
      for (const key of keys.filter((k) => k?.startsWith("tycoon.seq."))) {
        const id = key.slice("tycoon.seq.".length).replace(/\.[^.]*$/, "");
        if (localStorage.getItem(`tycoon.seat.${id}`) === null) localStorage.removeItem(key);
      }
    } catch (e) {
      /* storage disabled: nothing kept, nothing to drop */
    }
  },
};

/**
 * The last message `seq` used per game and seat by this browser (localStorage, where the seat
 * token is: it survives a reload, and the tabs that play one seat share it), so that numbering
 * never goes back (the server applies a seat's action `seq` once). A tab that numbered alone
 * sent a `seq` another tab of the seat had used, and the server refused it (`seq_reused`).
 */
const lastSeq = {
  key: (id, seat) => `tycoon.seq.${id}.${seat}`,
  get(id, seat) {
    try {
      const n = Number(localStorage.getItem(this.key(id, seat)));
      return Number.isSafeInteger(n) && n > 0 ? n : 0;
    } catch (e) {
      return 0;
    }
  },
  set(id, seat, seq) {
    try {
      localStorage.setItem(this.key(id, seat), String(seq));
    } catch (e) {
      /* storage full or disabled: the server's welcome.last_seq still resumes */
    }
  },
};

/** Every `HEARTBEAT_MS` a game connection looks at how long it has heard nothing: after
 * `SILENCE_MS` it sends a `ping`, and a `ping` unanswered for `DEAD_AFTER_MS` ends it. */
const HEARTBEAT_MS = 5000;
const SILENCE_MS = 10000;
const DEAD_AFTER_MS = 15000;
/** Pauses between reconnections: 300 ms, doubling, at most `RETRY_MAX_MS` (`RESTART_MAX_MS`
 * after a 1012, whose server is back within seconds), each shortened by a random part of up
 * to half so that a crowd dropped together does not come back in step. */
const RETRY_MS = 300;
const RETRY_MAX_MS = 8000;
const RESTART_MAX_MS = 2000;

/** The pause before reconnection number `n` (from 0) of a connection closed with `code`: a
 * first one after 1012 (service restart) is at once. */
export function reconnectDelay(n, code, random = Math.random) {
  if (code === 1012 && n === 0) return 0;
  const cap = code === 1012 ? RESTART_MAX_MS : RETRY_MAX_MS;
  return Math.min(cap, RETRY_MS * 2 ** n) * (1 - random() / 2);
}

/**
 * A game connection: `/ws/games/{id}` with the seat token (none: a spectator).
 * Calls `onMessage(msg)` for each server message (after normalising its shape), reconnects with
 * a growing delay when the connection drops, and numbers the actions it sends.
 *
 * Idempotent actions (docs/protocol.md): `seq` keeps increasing across reconnections and
 * reloads (above the server's `welcome.last_seq` and this tab's last one), and an action sent
 * but not answered when the connection dropped is sent again with the SAME `seq` once the
 * new connection is welcomed: the server applies it at most once (a `duplicate` ack if it
 * already had); one it never applied goes only if the game has not moved on (`release`).
 * A connection that died without a word is found out by a `ping` nobody answers (`listen`).
 */
export class GameSocket {
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.handlers = handlers;
    this.seq = 0;
    this.seat = null;
    this.pending = new Map();
    // seq -> {out, version}: an action not answered yet (sent, or chosen while the connection
    // was down) and the version of the position it was chosen in (null: any position will do)
    this.unacked = new Map();
    this.held = null; // seqs a new connection sends once its first update says where the game is
    this.closed = false;
    this.retry = 0;
    this.connect();
    this.heartbeat = setInterval(() => this.listen(), HEARTBEAT_MS);
  }

  /** A connection can die without a word (a phone that changed networks): the page would
   * look connected and hear nothing. After a silence it asks (`ping`); a question left
   * unanswered for `DEAD_AFTER_MS` ends the connection, and the page reconnects. */
  listen() {
    const ws = this.ws;
    if (this.closed || !ws || ws.readyState !== WebSocket.OPEN) return;
    const now = performance.now();
    if (this.askedAt !== null) { // a ping waits for any answer
      if (now - this.askedAt > DEAD_AFTER_MS) {
        ws.onmessage = ws.onclose = null;
        ws.close();
        this.lost(ws, 1006);
      }
    } else if (now - this.heard > SILENCE_MS) {
      this.askedAt = now;
      ws.send(JSON.stringify({ type: "ping" }));
    }
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}${q}`;
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.heard = performance.now();
    this.askedAt = null;
    ws.onopen = () => {
      this.heard = performance.now();
      this.handlers.onStatus?.("open");
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      this.heard = performance.now();
      this.askedAt = null;
      if (msg.type === "welcome") {
        this.retry = 0; // the game is here: the next loss reconnects from the shortest pause
        this.welcomed(msg, ws);
      }
      if (msg.type === "update" && typeof msg.version === "number") this.release(msg.version, ws);
      if (msg.type === "ack" || msg.type === "error" || msg.type === "session_progress" || msg.type === "minigame_progress") {
        if (msg.seq != null) this.unacked.delete(msg.seq);
        const p = this.pending.get(msg.seq);
        if (p) {
          this.pending.delete(msg.seq);
          p(msg);
        }
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = (ev) => this.lost(ws, ev.code, ev.reason);
  }

  /** The connection `ws` ended (`code`): answer what will never be answered, reconnect. */
  lost(ws, code, reason = "") {
    if (this.ws !== ws) return;
    // answers that will never come (Memory clicks): the reconnection's snapshot redraws
    for (const [seq, p] of this.pending) {
      if (this.unacked.has(seq)) continue; // actions: sent once reconnected
      this.pending.delete(seq);
      p({ type: "error", code: "disconnected", seq, message: "connection lost" });
    }
    if (this.closed) return;
    // 4404 (unknown game) is final: no endless reconnecting; the screen says why.
    const again = this.handlers.onClosed ? this.handlers.onClosed(code, reason) : true;
    if (again === false || code === 4404) {
      this.closed = true;
      return;
    }
    if (code === 4401) this.token = null;
    this.handlers.onStatus?.("closed");
    // A connection that is closed again before its welcome (a process relaying to a game's
    // process that died, until another takes the game over) waits longer each time.
    const delay = reconnectDelay(this.retry++, code);
    setTimeout(() => !this.closed && this.connect(), delay);
  }

  /** A (re)connection is welcomed: resume numbering; the unanswered actions the server
   * applied (up to `last_seq`) go again for their `duplicate` ack, the others wait for the
   * first update (`release`). */
  welcomed(msg, ws) {
    if (msg.seat == null) return;
    this.seat = msg.seat;
    const applied = msg.last_seq ?? 0;
    this.seq = Math.max(this.seq, applied, lastSeq.get(this.id, msg.seat));
    const again = [...this.unacked.keys()].sort((a, b) => a - b);
    for (const seq of again.filter((q) => q <= applied)) ws.send(this.unacked.get(seq).out);
    this.held = again.filter((q) => q > applied);
  }

  /** The first update of a connection: an action the server never applied goes if the game
   * is still at the version it was chosen in; else it resolves with a `stale_view` error
   * and nothing is sent (the game moved on meanwhile: a stand-in played, a clock ran out;
   * an end of turn must not land in a later turn). */
  release(version, ws) {
    for (const seq of this.held || []) {
      const u = this.unacked.get(seq);
      if (!u) continue;
      if (u.version === null || u.version === version) {
        ws.send(u.out);
      } else {
        this.unacked.delete(seq);
        this.pending.get(seq)?.({ type: "error", code: "stale_view", seq, message: "the game moved on" });
        this.pending.delete(seq);
      }
    }
    this.held = null;
  }

  /** Send one action (a JSON object from the legal actions); resolves with the ack or error.
   * `version`: that of the position it was chosen in, the page's. Not applied when the
   * connection broke, it goes once the connection is back only if the game is still there;
   * null: in any case (a minigame's inputs: other seats' parts change nothing of them). */
  send(action, { version = null } = {}) {
    return this.sendMessage({ type: "action", action }, version);
  }

  /** Send a message of the protocol with the next sequence number (`version`: see `send`). */
  sendMessage(msg, version = null) {
    // above this tab's last and any other tab's of the seat
    if (this.seat != null) this.seq = Math.max(this.seq, lastSeq.get(this.id, this.seat));
    const seq = ++this.seq;
    if (this.seat != null) lastSeq.set(this.id, this.seat, seq);
    const out = JSON.stringify({ ...msg, seq });
    const action = (msg.type ?? "action") === "action";
    return new Promise((resolve) => {
      const open = this.ws.readyState === WebSocket.OPEN;
      if (!open && !(action && !this.closed)) {
        resolve({ type: "error", seq, code: "disconnected", message: "not connected" });
        return;
      }
      this.pending.set(seq, resolve);
      if (action) this.unacked.set(seq, { out, version });
      if (open) this.ws.send(out); // else it goes once the connection is back (release)
    });
  }

  /** Send a message of the protocol that carries no `seq` (chat, resign, rematch): the
   * server's answer comes as its own message. False when not connected. */
  post(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.ws?.close();
  }
}
