// Capital's minigames without the picture, added to the minigame screen from outside (watching
// the page for it): Memory's cards are walked with the arrow keys and each turned face is
// spoken; Find the Key's lock and keys are spoken in words; Change Money's sum is already a
// live region; Catch Coins follows the coins by sound (Web Audio: each falling coin a tone panned
// left or right of the bank, higher for gold, a low buzz for a hammer, louder as it falls) or is
// played by a bot at a skill the player picks (0 to 10), announced as such.
import { el } from "../util.js";
import { t } from "../i18n.js";
import { speak } from "./announcer.js";

export function watchMinigames() {
  const seen = new WeakSet();
  const obs = new MutationObserver(() => {
    const grid = document.querySelector(".mem-grid");
    if (grid && !seen.has(grid)) {
      seen.add(grid);
      memory(grid);
    }
    const lock = document.querySelector(".fk-lock");
    if (lock && !seen.has(lock)) {
      seen.add(lock);
      findKey(lock);
    }
    // A minigame opens: its name, its level and its time, then (Change Money) the first sum.
    const mg = document.querySelector(".overlay.minigame");
    if (mg && !seen.has(mg) && mg.querySelector("h2")) {
      seen.add(mg);
      const head = [mg.querySelector("h2")?.textContent, mg.querySelector(".mg-head .badge")?.textContent,
        mg.querySelector(".mg-clock")?.textContent].filter(Boolean).join(", ");
      speak(`${head}. ${mg.querySelector(".hint")?.textContent ?? ""}`);
    }
    const sum = document.querySelector(".cm-sum");
    if (sum && !seen.has(sum) && sum.textContent) {
      seen.add(sum);
      speak(sum.textContent);
    }
    // Focus never gets lost: in a minigame it falls back on the minigame's first control.
    if (mg && (document.activeElement === document.body || !document.contains(document.activeElement))) {
      mg.querySelector("button:not(:disabled), canvas, [tabindex]")?.focus();
    }
    const canvas = document.querySelector(".cc-canvas");
    if (canvas && !seen.has(canvas) && canvas.catcher) {
      seen.add(canvas);
      coins(canvas);
    }
  });
  obs.observe(document.body, { childList: true, subtree: true });
}

// ---- Memory -------------------------------------------------------------------------------------
function memory(grid) {
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", t("a11y.memory.grid"));
  let faces = [...grid.querySelectorAll("button")].map((b) => b.textContent);
  grid.addEventListener("keydown", (ev) => {
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[ev.key];
    const from = document.activeElement;
    if (!dir || !grid.contains(from)) return;
    ev.preventDefault();
    const next = nextCell([...grid.querySelectorAll("button")], from, dir);
    if (next) next.focus();
  });
  // Disabled cards (matched ones) stay reachable by the arrows: make them focusable as labels.
  new MutationObserver(() => {
    const cells = [...grid.querySelectorAll("button")];
    const now = cells.map((b) => b.textContent);
    const turned = now.map((f, i) => (f && f !== faces[i] ? i : -1)).filter((i) => i >= 0);
    if (turned.length) speak(turned.map((i) => cells[i].getAttribute("aria-label")).join(". "));
    faces = now;
  }).observe(grid, { childList: true });
}

/** The nearest card still in play from `from` in direction `dir` ([dx, dy]) as the grid is
 * drawn: a phone stands Memory's rows as columns, so "right" is not the next card there. */
function nextCell(cells, from, [dx, dy]) {
  const a = from.getBoundingClientRect();
  let best = null;
  let bestAlong = Infinity;
  for (const cell of cells) {
    if (cell === from || cell.disabled) continue;
    const b = cell.getBoundingClientRect();
    const along = dx ? (b.left - a.left) * dx : (b.top - a.top) * dy;
    const across = dx ? Math.abs(b.top - a.top) : Math.abs(b.left - a.left);
    if (along > 1 && across < (dx ? a.height : a.width) / 2 && along < bestAlong) {
      best = cell;
      bestAlong = along;
    }
  }
  return best;
}

// ---- Find the Key -------------------------------------------------------------------------------
/** Each new lock is spoken with every key, in words a person can match. */
function findKey(lock) {
  let said = "";
  const tell = () => {
    const text = lock.textContent;
    if (!text || text === said) return;
    said = text;
    const keys = [...document.querySelectorAll(".fk-keys .fk-key")].map((k) => k.getAttribute("aria-label"));
    speak([text, ...keys].join(". "));
  };
  tell();
  new MutationObserver(tell).observe(lock, { childList: true, subtree: true, characterData: true });
}

// ---- Catch Coins --------------------------------------------------------------------------------
function coins(canvas) {
  const c = canvas.catcher;
  const skill = el("select", { id: "cc-skill", "data-key": "cc-skill" },
    Array.from({ length: 11 }, (_, i) => el("option", { value: i, selected: i === 5 }, String(i))));
  const sound = el("button", { type: "button", id: "cc-sound", "aria-pressed": "false", onclick: () => {
    const on = sound.getAttribute("aria-pressed") !== "true";
    sound.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) startSound(c);
    else stopSound(c);
    speak(t(on ? "a11y.coins.sound_on" : "a11y.coins.sound_off"));
    canvas.focus();
  } }, t("a11y.coins.sound"));
  const bot = el("button", { type: "button", id: "cc-bot", onclick: () => {
    const s = Number(skill.value);
    startBot(c, s);
    bot.disabled = true;
    speak(t("a11y.coins.bot_plays", { skill: s }));
  } }, t("a11y.coins.bot"));
  canvas.before(el("div", { class: "cc-a11y", role: "group", "aria-label": t("a11y.coins.ways") },
    sound, el("label", {}, el("span", {}, t("a11y.coins.skill")), skill), bot));
}

function startSound(c) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  const audio = new Ctx();
  const voices = new Map();
  c.a11ySound = { audio, voices };
  const frame = () => {
    if (!c.a11ySound || !c.running) {
      for (const v of voices.values()) v.osc.stop();
      audio.close();
      return;
    }
    const now = c.s.now();
    for (const o of c.objects) {
      const falling = o.t <= now && now < o.tc && !o.done;
      let v = voices.get(o.i);
      if (falling && !v) {
        const osc = audio.createOscillator();
        osc.type = o.kind === "hammer" ? "square" : "sine";
        osc.frequency.value = o.kind === "gold" ? 880 : o.kind === "silver" ? 620 : 150;
        const gain = audio.createGain();
        const pan = audio.createStereoPanner();
        osc.connect(gain).connect(pan).connect(audio.destination);
        osc.start();
        v = { osc, gain, pan };
        voices.set(o.i, v);
      }
      if (v && !falling) {
        v.osc.stop();
        voices.delete(o.i);
        continue;
      }
      if (v) {
        const bank = c.bankX ?? c.pointer ?? 500;
        v.pan.pan.value = Math.max(-1, Math.min(1, (o.x - bank) / 400));
        v.gain.gain.value = 0.05 + 0.25 * ((now - o.t) / Math.max(1, o.tc - o.t));
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function stopSound(c) {
  c.a11ySound = null;
}

/** The bot: at skill s of 10, it goes for each coin with chance s/10 and keeps off hammers. */
function startBot(c, s) {
  let seed = 12345 + s;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const aims = new Map(c.objects.map((o) => [o.i, o.kind !== "hammer" && rand() < s / 10]));
  const frame = () => {
    if (!c.running || c.s.sent) return;
    const now = c.s.now();
    const next = c.objects.filter((o) => o.tc > now && aims.get(o.i)).sort((a, b) => a.tc - b.tc)[0];
    const hammer = c.objects.filter((o) => o.kind === "hammer" && o.tc > now).sort((a, b) => a.tc - b.tc)[0];
    let x = next ? next.x : c.pointer;
    if (hammer && Math.abs(hammer.x - x) < 70 && (!next || hammer.tc <= next.tc)) x = hammer.x + (hammer.x > 500 ? -120 : 120);
    if (Math.abs(x - c.pointer) > 2) c.setPointer(x);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
