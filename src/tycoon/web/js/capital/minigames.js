// The four minigames of Capital (C-9) as real games, following docs/minigames.md: the page shows
// the contents the server sent, records the player's raw inputs with their times (ms since the
// screen appeared), and after 30 s sends them as one `minigame` action. Memory's faces are never
// sent ahead: the server reveals each card as it is clicked (`session_input`). The score shown while
// playing mirrors the engine's formulas; the server computes the one that counts.
import { el, svg } from "../util.js";
import { t } from "../i18n.js";
import { money } from "./info.js";

export const DURATION_MS = 30000;
/** How much longer a page where nothing was played waits before it sends its empty part: the
 * seat may be playing in another window, whose inputs should reach the server first (the
 * first part the server gets is the seat's). Well inside the server's grace (3 s). */
const IDLE_SEND_DELAY_MS = 1500;

/**
 * This seat's minigame: from the update's input session (docs/protocol.md: kind, duration_ms,
 * the seat's view) when there is one, else from the view (several shapes are accepted).
 */
export function minigameOf(view, seat, session = null) {
  if (session) {
    const contents = session.view?.contents ?? session.view ?? null;
    const plays = seat != null && session.seats.includes(seat);
    const submitted = !plays || !(view.to_move || []).includes(seat);
    return { game: session.kind, level: contents?.level ?? view.minigame?.level, contents: contents ? { game: session.kind, ...contents } : null,
      submitted, raw: session, id: session.id, duration: session.duration_ms, gameMs: session.view?.game_ms };
  }
  const mg = view.minigame;
  if (!mg) return null;
  const mine = (mg.seats && seat != null ? mg.seats[seat] : null) || null;
  const contents = mine?.contents ?? mg.contents ?? mine ?? null;
  const game = mg.game ?? contents?.game;
  const level = contents?.level ?? mine?.level ?? (Array.isArray(mg.levels) && seat != null ? mg.levels[seat] : mg.level);
  const submitted = Array.isArray(mg.submitted) ? (seat != null && mg.submitted.includes?.(seat)) || mg.submitted[seat] === true : false;
  return { game, level, contents, submitted, raw: mg };
}

export class MinigameScreen {
  constructor(state, send, ctx) {
    this.state = state;
    this.send = send;
    this.ctx = ctx;
    this.info = minigameOf(state.view, state.seat, state.session);
    this.duration = this.info.duration || DURATION_MS;
    this.gameMs = this.info.gameMs || this.duration;
    this.inputs = [];
    this.points = 0;
    this.sent = false;
    this.start = performance.now();
    // Joined late (a reload, a reconnection)? Count down to the server's deadline and send
    // a second before it all the same.
    const dl = state.deadline;
    this.endsAt = dl && dl.kind === "session" && dl.seat === state.seat ? this.start + dl.seconds * 1000 : Infinity;
    this.sendBy = this.endsAt - 1000;
    this.node = el("div", { class: "overlay minigame", role: "dialog", "aria-modal": "true", "aria-labelledby": "mg-h" });
    this.plays = state.seat != null && state.view.to_move?.includes(state.seat) && !this.info.submitted && this.info.contents && this.info.contents.game;
    this.build();
  }

  sameGame(mg) {
    if (this.info.id) return this.info.id === mg?.id;
    return this.info.raw === mg || JSON.stringify(this.info.raw?.game) === JSON.stringify(mg.game) && this.state.view.turn === this.turn;
  }

  update(state) {
    this.state = state;
    const info = minigameOf(state.view, state.seat, state.session);
    if (info.submitted && !this.sent) {
      this.sent = true;
      this.finish(false);
    }
  }

  /** A `session_progress` the server sent by itself (on reconnecting): Memory adopts it. */
  message(msg) {
    if (msg?.type === "session_progress") this.game?.adopt?.(msg);
  }

  now() {
    return Math.min(this.duration, Math.round(performance.now() - this.start));
  }

  /** The game's own clock: Catch Coins runs in slow motion on a longer table clock
   * (docs/minigames.md: game time = real time × 30000 // duration). */
  gameNow() {
    return Math.floor((this.now() * this.gameMs) / this.duration);
  }

  record(input) {
    if (this.sent) return false;
    const t0 = this.now();
    if (t0 >= this.duration) return false;
    this.inputs.push({ t: t0, ...input });
    return true;
  }

  build() {
    this.turn = this.state.view.turn;
    const { game, level } = this.info;
    this.bar = el("div", { class: "mg-bar" }, el("span", {}));
    this.clock = el("span", { class: "mg-clock", "aria-live": "off" }, "30");
    this.score = el("span", { class: "mg-score", "aria-live": "polite" }, t("minigame.points", { n: 0 }));
    this.area = el("div", { class: "mg-area" });
    this.node.replaceChildren(el("div", { class: `overlay-box mg-box mg-${game}` },
      el("div", { class: "mg-head" },
        el("h2", { id: "mg-h" }, t(`minigame.${game}.name`)),
        el("span", { class: "badge" }, t(`minigame.level.${level}`)),
        this.clock, this.score),
      this.bar,
      el("p", { class: "hint" }, t(`minigame.${game}.help`)),
      this.area));
    if (!this.plays) {
      this.area.append(el("p", { class: "lead" }, this.info.submitted ? t("minigame.waiting_others") : t("minigame.watching")));
    } else {
      const Game = { change_money: ChangeMoney, catch_coins: CatchCoins, memory: Memory, find_key: FindKey }[game];
      if (Game) this.game = new Game(this, this.info.contents);
    }
    this.timer = setInterval(() => this.tick(), 100);
    this.tick();
  }

  tick() {
    const ms = this.now();
    const left = Math.max(0, Math.ceil(Math.min(this.duration - ms, this.endsAt - performance.now()) / 1000));
    this.clock.textContent = t("minigame.seconds_left", { s: left });
    this.bar.firstElementChild.style.width = `${(100 * (this.duration - ms)) / this.duration}%`;
    const due = this.start + this.duration + (this.inputs.length ? 0 : IDLE_SEND_DELAY_MS);
    if (Math.min(due, this.sendBy) <= performance.now() && this.plays && !this.sent) this.finish(true);
  }

  setPoints(n) {
    this.points = n;
    const shown = this.shown(n);
    this.score.textContent = t("minigame.points", { n: shown });
    this.score.classList.toggle("neg", shown < 0);
  }

  /** Points as the engine counts them: Change Money and Find the Key are scaled by 30 s over
   * the table's clock, rounded half up (Memory's progress and Catch Coins are already so). */
  shown(n) {
    if (!["change_money", "find_key"].includes(this.info.game) || this.duration === DURATION_MS) return n;
    const num = n * DURATION_MS;
    return Math.floor((2 * num + this.duration) / (2 * this.duration));
  }

  finish(send) {
    if (this.sent && send) return;
    this.sent = true;
    this.game?.settle?.(this.duration);
    this.game?.stop?.();
    clearInterval(this.timer); // done: no clock runs for this seat any more
    this.clock.textContent = "";
    this.bar.firstElementChild.style.width = "0%";
    const done = () => {
      if (send && this.plays) this.send(this.inputs);
      // sent by the server (time up, away, another window): the points it counted come with the
      // results, not the ones this page saw
      const said = send ? t("minigame.done", { n: this.shown(this.points) }) : t("minigame.sent");
      this.area.replaceChildren(el("p", { class: "lead", "data-key": "mg-done", tabindex: "-1" }, said), el("p", {}, t("minigame.waiting_others")));
    };
    const pending = this.game?.flush?.(); // Memory: a click still waiting for its answer
    if (pending) pending.then(done);
    else done();
  }

  close() {
    clearInterval(this.timer);
    this.game?.stop?.();
    this.node.remove();
  }
}

// ---- Change Money (C-9.1) --------------------------------------------------------------------
class ChangeMoney {
  constructor(screen, c) {
    this.s = screen;
    this.c = c;
    this.i = 0;
    this.paid = [];
    this.sum = el("div", { class: "cm-sum", "aria-live": "polite" });
    this.notes = el("div", { class: "cm-notes", role: "group", "aria-label": t("minigame.change_money.notes") });
    (c.notes || [1, 2, 5, 10, 20, 50, 100]).forEach((n, k) => {
      this.notes.append(el("button", { class: `note note-${n}`, "data-note": n, "data-key": `note-${n}`, onclick: () => this.click(n), "aria-keyshortcuts": String(k + 1) }, el("span", {}, money(n))));
    });
    this.onKey = (ev) => {
      const k = Number(ev.key);
      const notes = c.notes || [];
      if (k >= 1 && k <= notes.length) this.click(notes[k - 1]);
    };
    document.addEventListener("keydown", this.onKey);
    screen.area.append(this.sum, this.notes);
    this.draw();
    this.notes.querySelector("button")?.focus();
  }

  current() {
    return this.c.sums[this.i % this.c.sums.length];
  }

  draw() {
    const { a, c } = this.current();
    const paid = this.paid.reduce((x, y) => x + y, 0);
    // the sum stays a few lines high however many bills it takes, so the bills stay in view
    this.sum.dataset.size = this.paid.length > 6 ? "s" : this.paid.length > 3 ? "m" : "";
    this.sum.replaceChildren(
      el("span", { class: "cm-a" }, money(a)), " + ",
      el("span", { class: "cm-gap" }, this.paid.length ? this.paid.map(money).join(" + ") : "?"), " = ",
      el("span", { class: "cm-c" }, money(c)),
      el("span", { class: "visually-hidden" }, t("minigame.change_money.left", { n: c - a - paid })));
  }

  click(note) {
    if (!this.s.record({ note })) return;
    const { a, c } = this.current();
    const total = a + this.paid.reduce((x, y) => x + y, 0);
    if (total + note > c) {
      this.s.setPoints(this.s.points - 50);
      this.sum.classList.remove("shake");
      void this.sum.offsetWidth;
      this.sum.classList.add("shake");
    } else {
      this.paid.push(note);
      if (total + note === c) {
        this.s.setPoints(this.s.points + 25);
        this.i += 1;
        this.paid = [];
      }
    }
    this.draw();
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
  }
}

// ---- Catch Coins (C-9.2) ---------------------------------------------------------------------
class CatchCoins {
  constructor(screen, c) {
    this.s = screen;
    this.c = c;
    const W = c.field?.width ?? 1000;
    this.W = W;
    this.H = c.field?.height ?? 1000;
    this.canvas = el("canvas", { class: "cc-canvas", width: 600, height: 600, tabindex: "0", "data-key": "cc-canvas", role: "application", "aria-label": t("minigame.catch_coins.canvas") });
    screen.area.append(this.canvas);
    this.canvas.catcher = this; // a11y/minigames.js: sound and bot play
    this.ctx = this.canvas.getContext("2d");
    this.pointer = c.bank?.start ?? 500;
    this.bankX = this.pointer;
    this.target = this.pointer;
    this.lastT = 0;
    this.lastSent = -100;
    this.keys = { left: false, right: false };
    this.objects = (c.objects || []).map((o, i) => ({ ...o, i, tc: o.t + Math.floor((900000 + o.speed - 1) / o.speed), done: null }));
    this.order = [...this.objects].sort((a, b) => a.tc - b.tc || a.i - b.i);
    this.next = 0;
    this.canvas.addEventListener("pointermove", (ev) => {
      const r = this.canvas.getBoundingClientRect();
      this.setPointer(Math.round(((ev.clientX - r.left) / r.width) * W));
    });
    this.canvas.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowLeft") this.keys.left = true;
      else if (ev.key === "ArrowRight") this.keys.right = true;
      else return;
      ev.preventDefault();
    });
    this.canvas.addEventListener("keyup", (ev) => {
      if (ev.key === "ArrowLeft") this.keys.left = false;
      if (ev.key === "ArrowRight") this.keys.right = false;
    });
    this.canvas.focus();
    this.running = true;
    const frame = () => {
      if (!this.running) return;
      this.step();
      this.raf = requestAnimationFrame(frame);
    };
    this.raf = requestAnimationFrame(frame);
  }

  setPointer(x) {
    x = Math.max(0, Math.min(this.W, Math.round(x)));
    const now = this.s.gameNow();
    this.pointer = x;
    if (now - this.lastSent < 10 || now >= 30000) return;
    // Objects reaching the bank before this input are judged with the old target (the engine
    // applies only inputs with t < tc to an object).
    this.settle(now);
    if (this.s.record({ x })) {
      this.advance(now);
      this.target = Math.max(50, Math.min(950, x));
      this.lastSent = now;
    }
  }

  /** Move the bank as the engine does: 2 units a millisecond towards its target. */
  advance(now) {
    const dt = now - this.lastT;
    if (dt <= 0) return;
    const g = this.target;
    this.bankX += Math.max(-2 * dt, Math.min(2 * dt, g - this.bankX));
    this.lastT = now;
  }

  /** Judge every object whose catch time is at most `now`, in catch order (docs/minigames.md). */
  settle(now) {
    while (this.next < this.order.length && this.order[this.next].tc <= Math.min(now, 30000)) {
      const o = this.order[this.next++];
      this.advance(o.tc);
      o.done = Math.abs(o.x - this.bankX) < 70;
      if (o.done) this.s.setPoints(this.s.points + (this.c.points?.[o.kind] ?? 0));
    }
  }

  step() {
    const now = this.s.gameNow();
    if (this.keys.left || this.keys.right) {
      const v = this.keys.left ? -30 : 30;
      this.setPointer(this.pointer + v);
    }
    this.settle(now);
    this.advance(now);
    this.draw(now);
  }

  draw(now) {
    const { ctx, canvas } = this;
    const k = canvas.width / this.W;
    ctx.fillStyle = "#0f2a3d";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#17405c";
    ctx.fillRect(0, 900 * k, canvas.width, canvas.height);
    const size = (this.c.object_size ?? 40) * k;
    for (const o of this.objects) {
      if (o.t > now || o.done === true) continue;
      const y = ((now - o.t) * o.speed) / 1000;
      if (y - 40 > this.H) continue;
      const cx = o.x * k;
      const cy = (y - 20) * k;
      if (o.kind === "hammer") {
        ctx.fillStyle = "#8d6e63";
        ctx.fillRect(cx - size * 0.08, cy - size * 0.1, size * 0.16, size * 0.6);
        ctx.fillStyle = "#b0bec5";
        ctx.fillRect(cx - size * 0.45, cy - size * 0.45, size * 0.9, size * 0.35);
        ctx.strokeStyle = "#263238";
        ctx.strokeRect(cx - size * 0.45, cy - size * 0.45, size * 0.9, size * 0.35);
      } else {
        ctx.beginPath();
        ctx.arc(cx, cy, size / 2, 0, Math.PI * 2);
        ctx.fillStyle = { silver: "#cfd8dc", gold: "#ffca28", green: "#66bb6a" }[o.kind] || "#fff";
        ctx.fill();
        ctx.lineWidth = 2;
        ctx.strokeStyle = "#37474f";
        ctx.stroke();
        ctx.fillStyle = "#263238";
        ctx.font = `bold ${Math.round(size * 0.45)}px sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(this.c.points?.[o.kind] ?? ""), cx, cy + 1);
      }
    }
    // The piggy bank.
    const bx = this.bankX * k;
    const bw = 100 * k;
    ctx.fillStyle = "#f48fb1";
    ctx.beginPath();
    ctx.ellipse(bx, 950 * k, bw / 2, 45 * k, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#ad1457";
    ctx.fillRect(bx - 15 * k, 905 * k, 30 * k, 6 * k);
    ctx.fillStyle = "#fff";
    ctx.font = `${Math.round(22 * k)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.fillText("$", bx, 962 * k);
    // The pointer's target.
    ctx.strokeStyle = "rgba(255,255,255,.35)";
    ctx.beginPath();
    ctx.moveTo(this.pointer * k, 890 * k);
    ctx.lineTo(this.pointer * k, canvas.height);
    ctx.stroke();
  }

  stop() {
    this.running = false;
    cancelAnimationFrame(this.raf);
  }
}

// ---- Memory (C-9.3) --------------------------------------------------------------------------
// The view holds the layout only, never a face (docs/protocol.md): each click goes to the server
// as a `session_input` of the minigame's session, and its `session_progress` answer says what is
// face up now. A click joins the inputs only once the server has accepted it, so the final
// `minigame` action carries exactly the clicks the server revealed.
/** How many digits wide `text` prints (a comma, a dot or a space is about half a digit). */
const printedLength = (text) => [...text].reduce((n, ch) => n + (/[\s,.]/.test(ch) ? 0.4 : 1), 0);

class Memory {
  constructor(screen, c) {
    this.s = screen;
    this.c = c;
    this.n = c.cell_count ?? (c.rows ?? 2) * (c.columns ?? 7);
    this.cells = new Array(this.n).fill(null);
    this.open = [];
    this.board = 0;
    this.queue = [];
    this.busy = null;
    this.grid = el("div", { class: "mem-grid", role: "grid", "data-board": 0, style: `--cols: ${c.columns || 7}` });
    screen.area.append(this.grid);
    this.draw();
    this.grid.querySelector("button")?.focus();
  }

  matched(cell) {
    return this.cells[cell] != null && !this.open.includes(cell);
  }

  possible(cell) {
    return cell >= 0 && cell < this.n && !this.matched(cell) && !(this.open.length === 1 && this.open[0] === cell);
  }

  draw() {
    const focusKey = document.activeElement?.dataset?.key;
    this.grid.dataset.board = this.board;
    this.grid.replaceChildren(...this.cells.map((face, cell) => {
      const up = face != null;
      const matched = this.matched(cell);
      return el("button", {
        class: `mem-cell${up ? " up" : ""}${matched ? " matched" : ""}`,
        "data-key": `mem-${cell}`,
        "data-cell": cell,
        disabled: !this.possible(cell),
        "aria-label": up ? t("minigame.memory.face", { n: face, cell: cell + 1 }) : t("minigame.memory.hidden", { cell: cell + 1 }),
        onclick: () => this.click(cell),
      }, up ? el("span", { class: "mem-face", style: `--len: ${printedLength(money(face))}` }, money(face)) : "");
    }));
    if (focusKey) this.grid.querySelector(`[data-key="${focusKey}"]`)?.focus();
  }

  click(cell) {
    if (this.s.sent) return;
    const t0 = this.s.now();
    if (t0 >= this.s.duration || this.queue.length >= 4) return;
    this.queue.push({ t: t0, cell });
    if (!this.busy) this.busy = this.pump();
  }

  /** Send the queued clicks one at a time, each once the previous one is answered. */
  async pump() {
    while (this.queue.length && !this.s.sent) {
      const input = this.queue.shift();
      if (!this.possible(input.cell)) continue;
      const reply = await this.s.ctx.sendMessage({ type: "session_input", session: this.s.info.id, input });
      if (reply?.type === "session_progress") {
        this.s.inputs.push(input);
        this.show(reply.progress);
      }
    }
    this.busy = null;
  }

  show(p) {
    this.cells = p.cells.slice(0, this.n);
    this.open = (p.open || []).slice();
    this.board = p.board ?? this.board;
    this.s.setPoints(p.points);
    this.draw();
  }

  /** A (re)connection: the server's clicks so far are the truth (none after a restart). */
  adopt(msg) {
    if (!Array.isArray(msg.inputs) || this.s.sent) return;
    const had = this.s.inputs.length;
    this.s.inputs = msg.inputs.slice();
    const last = this.s.inputs.length ? this.s.inputs[this.s.inputs.length - 1].t : 0;
    if (had && !this.s.inputs.length) this.s.start = performance.now(); // a fresh 30 s
    else if (this.s.now() < last) this.s.start = performance.now() - last;
    this.show(msg.progress);
  }

  /** Resolves once no click waits for its answer (before the final action is sent). */
  flush() {
    return this.busy;
  }
}

// ---- Find the Key (C-9.4) --------------------------------------------------------------------
/** A key (or the lock's profile) as SVG from its bitting: bow and a blade with cut teeth. */
export function keyShape(bitting, { flip = false, scale = 100, lock = false } = {}) {
  const n = bitting.length;
  const tooth = 16;
  const bladeX = 46;
  const w = bladeX + n * tooth + 10;
  const parts = [];
  let d = `M${bladeX} 20 L${bladeX + n * tooth + 8} 20 L${bladeX + n * tooth + 8} 30`;
  for (let i = n - 1; i >= 0; i--) {
    const x0 = bladeX + i * tooth;
    const y = 30 + bitting[i] * 6;
    d += ` L${x0 + tooth} ${y} L${x0 + 3} ${y} L${x0} 30`;
  }
  d += ` L${bladeX} 30 Z`;
  if (lock) {
    parts.push(svg("rect", { x: 2, y: 2, width: w - 4, height: 66, rx: 10, class: "lock-body" }));
    parts.push(svg("path", { d, class: "lock-hole" }));
  } else {
    parts.push(svg("circle", { cx: 24, cy: 30, r: 20, class: "key-bow" }));
    parts.push(svg("circle", { cx: 20, cy: 30, r: 7, class: "key-hole" }));
    parts.push(svg("path", { d, class: "key-blade" }));
  }
  const g = svg("g", { transform: flip ? `translate(${w} 0) scale(-1 1)` : "" }, parts);
  const k = scale / 100;
  return svg("svg", { viewBox: `0 0 ${w} 70`, width: Math.round(w * k * 1.2), height: Math.round(70 * k * 1.2), "aria-hidden": "true" }, g);
}

class FindKey {
  constructor(screen, c) {
    this.s = screen;
    this.c = c;
    this.round = 0;
    this.lockedUntil = -1;
    this.lock = el("div", { class: "fk-lock" });
    this.keys = el("div", { class: "fk-keys", role: "group", "aria-label": t("minigame.find_key.keys") });
    screen.area.append(this.lock, this.keys);
    this.draw();
    this.keys.querySelector("button")?.focus();
  }

  current() {
    return this.c.rounds[this.round % this.c.rounds.length];
  }

  draw() {
    const r = this.current();
    const locked = this.s.now() < this.lockedUntil;
    this.lock.replaceChildren(el("span", { class: "visually-hidden" }, t("minigame.find_key.lock_is", { cuts: r.lock.join(" ") })), keyShape(r.lock, { lock: true, scale: 140 }));
    this.keys.replaceChildren(...r.keys.map((k, i) =>
      el("button", { class: "fk-key", "data-key": `key-${i}`, "data-index": i, disabled: locked, onclick: () => this.pick(i),
        // a11y: the cuts read the right way round, so that they match the lock's words
        "aria-label": t(k.flip ? "a11y.find_key.key_flipped" : "a11y.find_key.key", { n: i + 1, cuts: k.bitting.join(" ") }) },
        keyShape(k.bitting, { flip: k.flip, scale: k.scale ?? 100 }))));
  }

  pick(i) {
    const now = this.s.now();
    if (now < this.lockedUntil) return;
    if (!this.s.record({ key: i })) return;
    const r = this.current();
    if (i === r.answer) {
      this.s.setPoints(this.s.points + (this.c.points ?? 40));
      this.round += 1;
      this.draw();
      this.keys.querySelector("button")?.focus();
    } else {
      this.lockedUntil = now + (this.c.lock_ms ?? 1000);
      this.keys.classList.add("locked");
      this.draw();
      setTimeout(() => {
        this.keys.classList.remove("locked");
        this.draw();
        this.keys.querySelector(`[data-index="${i}"]`)?.focus();
      }, this.c.lock_ms ?? 1000);
    }
  }
}
