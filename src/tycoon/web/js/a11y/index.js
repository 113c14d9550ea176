// Play without seeing the board (issue 13, docs/accessibility.md "In the browser"): the settings
// in the top bar (verbosity of the live region, high-contrast theme, the keys), the single keys
// that answer questions on demand and their "?" dialog, the board/table walker, and the
// minigames' ways to play without the picture (minigames.js). game.js calls `a11y.update` after
// each update and `a11y.event` for each event.
import { el } from "../util.js";
import { t } from "../i18n.js";
import { say } from "../messages.js";
import { VERBOSITY, verbosity, setVerbosity, announceEvent, speak } from "./announcer.js";
import { gameWords } from "./games.js";
import { Walker } from "./walker.js";
import { watchMinigames } from "./minigames.js";

const THEME = "tycoon.theme";

/** The keys and what they answer, in the order of the "?" dialog. */
export const KEYS = [
  ["m", "mine"], ["w", "where"], ["l", "leader"], ["t", "last_turn"], ["c", "clock"],
  ["b", "board"], ["a", "actions"], ["g", "log"], ["v", "verbosity"], ["h", "contrast"], ["?", "help"],
];

export function theme() {
  return localStorage.getItem(THEME) === "contrast" ? "contrast" : "default";
}

function applyTheme() {
  document.documentElement.dataset.theme = theme();
  const b = document.getElementById("contrast-toggle");
  if (b) b.setAttribute("aria-pressed", theme() === "contrast" ? "true" : "false");
}

function typing(target) {
  return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

class Access {
  constructor() {
    this.screen = null;
    this.state = null;
    this.walker = new Walker();
    applyTheme();
    document.addEventListener("keydown", (ev) => this.key(ev));
    watchMinigames();
  }

  /** The top bar's controls (drawn again after a language switch). */
  drawControls() {
    const nav = document.querySelector(".topnav");
    if (!nav) return;
    let box = document.getElementById("a11y-controls");
    if (!box) {
      box = el("div", { id: "a11y-controls", class: "a11y-controls" });
      nav.prepend(box);
    }
    const sel = el("select", { id: "verbosity-select", "data-key": "verbosity",
      onchange: () => { setVerbosity(sel.value); speak(t("a11y.verbosity_now", { level: t(`a11y.verbosity.${sel.value}`) })); } },
    VERBOSITY.map((v) => el("option", { value: v, selected: v === verbosity() }, t(`a11y.verbosity.${v}`))));
    const panel = el("div", { id: "a11y-panel", class: "a11y-panel", role: "group", "aria-label": t("a11y.settings"), hidden: true },
      el("label", { class: "lang-pick" }, el("span", {}, t("a11y.verbosity_label")), sel),
      el("button", { id: "contrast-toggle", type: "button", class: "ghost", "aria-pressed": theme() === "contrast" ? "true" : "false",
        "aria-keyshortcuts": "h", onclick: () => this.toggleContrast() }, t("a11y.contrast")),
      el("button", { id: "keys-button", type: "button", class: "ghost", "aria-keyshortcuts": "?", "aria-haspopup": "dialog",
        onclick: () => this.help() }, t("a11y.keys_button")));
    const open = el("button", { id: "a11y-open", type: "button", class: "ghost", "aria-expanded": "false", "aria-controls": "a11y-panel",
      onclick: () => {
        const shown = panel.hidden;
        panel.hidden = !shown;
        open.setAttribute("aria-expanded", shown ? "true" : "false");
      } }, t("a11y.settings"));
    box.replaceChildren(open, panel);
  }

  toggleContrast() {
    localStorage.setItem(THEME, theme() === "contrast" ? "default" : "contrast");
    applyTheme();
    speak(t(theme() === "contrast" ? "a11y.contrast_on" : "a11y.contrast_off"));
  }

  // ---- the game screen's hooks ----------------------------------------------------------
  event(ev, text, seat) {
    announceEvent(ev, text, seat);
  }

  update(screen, state) {
    this.screen = screen;
    this.state = state;
    if (!this.walker.node.isConnected) screen.root.append(this.walker.node);
    this.walker.update(state);
  }

  close() {
    this.screen = null;
    this.state = null;
    this.walker.node.remove();
  }

  // ---- single keys ----------------------------------------------------------------------
  key(ev) {
    const panel = document.getElementById("a11y-panel");
    if (ev.key === "Escape" && panel && !panel.hidden) {
      panel.hidden = true;
      const open = document.getElementById("a11y-open");
      open?.setAttribute("aria-expanded", "false");
      open?.focus();
      return;
    }
    if (ev.ctrlKey || ev.altKey || ev.metaKey || typing(ev.target)) return;
    if (ev.key === "?") {
      ev.preventDefault();
      this.help();
      return;
    }
    if (ev.key === "h" && !document.querySelector("dialog[open]")) {
      ev.preventDefault();
      this.toggleContrast();
      return;
    }
    if (!this.state || document.querySelector("dialog[open]")) return;
    // A minigame takes its own keys (numbers, arrows); only the clock is asked there.
    const inGame = document.querySelector(".overlay.minigame");
    const k = ev.key.toLowerCase();
    if (inGame && k !== "c") return;
    const answer = this.answer(k);
    if (answer === undefined) return;
    ev.preventDefault();
    if (answer) speak(answer);
  }

  /** The answer to key `k` (spoken), null when the key acted without words, undefined if not ours. */
  answer(k) {
    const s = this.state;
    const words = gameWords(s.game);
    switch (k) {
      case "m": return s.seat == null ? t("a11y.no_seat") : words.mine(s.view, s.seat, s.names);
      case "w": return words.where(s.view, s.names);
      case "l": return words.leader(s.view, s.names) || t("a11y.no_leader");
      case "t": return this.lastTurn();
      case "c": return this.clock();
      case "b": this.walker.focus(); return null;
      case "a": return this.focusActions();
      case "g": document.getElementById("event-log")?.focus(); return null;
      case "v": {
        const next = VERBOSITY[(VERBOSITY.indexOf(verbosity()) + 1) % VERBOSITY.length];
        setVerbosity(next);
        const sel = document.getElementById("verbosity-select");
        if (sel) sel.value = next;
        return t("a11y.verbosity_now", { level: t(`a11y.verbosity.${next}`) });
      }
      default: return undefined;
    }
  }

  focusActions() {
    const box = this.screen?.tableBox;
    const target = box?.querySelector("[role=dialog] button:not(:disabled), .actions button:not(:disabled), .actions select, .actions [tabindex='0'], button.actionable:not(:disabled), .dcard.actionable, button.primary:not(:disabled)");
    if (target) {
      target.focus();
      return null;
    }
    return t("a11y.no_actions");
  }

  lastTurn() {
    const log = (this.screen?.log || []).filter((e) => e.kind === "event");
    if (!log.length) return t("a11y.nothing_yet");
    const turns = [...new Set(log.map((e) => e.turn))];
    const current = this.state.view.turn;
    const done = turns.filter((x) => x !== current);
    const turn = done.length ? done[done.length - 1] : turns[turns.length - 1];
    // the turn's lines as sentences (a log line has no full stop), without the turn's own
    // "Turn 3: Ana plays", which the answer begins with
    const lines = log.filter((e) => e.turn === turn && e.ev.type !== "turn_started")
      .map((e) => say(this.state.game, e.ev.message, this.state.names)).filter(Boolean)
      .map((line) => (/[.!?…]$/.test(line) ? line : `${line}.`));
    return t("a11y.last_turn", { n: turn ?? 0, lines: lines.join(" ") });
  }

  clock() {
    const mg = document.querySelector(".overlay.minigame .mg-clock");
    if (mg) return mg.textContent;
    const s = this.state;
    const at = this.screen?.deadlineAt;
    const moving = (s.view.to_move || []).map((x) => s.names?.[x]).filter(Boolean).join(", ");
    if (!at || s.status === "finished") return moving ? t("a11y.no_clock_who", { who: moving }) : t("a11y.no_clock");
    const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
    const mine = (s.view.to_move || []).includes(s.seat);
    return mine ? t("a11y.clock_mine", { n: left }) : t("a11y.clock_other", { n: left, who: moving });
  }

  // ---- the "?" dialog ---------------------------------------------------------------------
  help() {
    if (document.getElementById("keys-dialog")?.open) return;
    const back = document.activeElement;
    const close = el("button", { type: "button", class: "primary", "data-key": "keys-close", onclick: () => dialog.close() }, t("ui.close"));
    const dialog = el("dialog", { id: "keys-dialog", class: "keys-dialog", "aria-labelledby": "keys-h" },
      el("h2", { id: "keys-h" }, t("a11y.keys_title")),
      el("dl", { class: "keys-list" }, KEYS.flatMap(([key, what]) => [el("dt", {}, el("kbd", {}, key)), el("dd", {}, t(`a11y.key.${what}`))])),
      el("p", {}, t("a11y.keys_walk")),
      close);
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (back && document.contains(back) && back !== document.body) back.focus();
      else document.getElementById("main")?.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }
}

export const a11y = new Access();

/** Draw the top bar's controls (called by main.js once the language is loaded, and on a switch). */
export function drawA11yControls() {
  a11y.drawControls();
}
