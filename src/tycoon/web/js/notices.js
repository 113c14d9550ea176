// Turn notices: the page title and favicon change when it is your turn; an optional sound (off
// by default, one switch, remembered) and an optional browser notification when the tab is
// hidden.
import { t } from "./i18n.js";
import { el } from "./util.js";

const SOUND = "tycoon.sound";
const NOTIFY = "tycoon.notify";

function icon(href) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.36);
    osc.onended = () => ctx.close();
  } catch (e) {
    /* no sound on this machine */
  }
}

export const notices = {
  myTurn: false,
  get sound() {
    return localStorage.getItem(SOUND) === "on";
  },
  set sound(v) {
    localStorage.setItem(SOUND, v ? "on" : "off");
  },
  get notify() {
    return localStorage.getItem(NOTIFY) === "on" && "Notification" in window && Notification.permission === "granted";
  },

  /** The switches shown in the game's top bar. */
  controls() {
    const sound = el("button", { class: "chip", id: "sound-toggle", "data-key": "sound-toggle", "aria-pressed": this.sound ? "true" : "false",
      onclick: () => {
        this.sound = !this.sound;
        sound.setAttribute("aria-pressed", this.sound ? "true" : "false");
        sound.textContent = this.sound ? t("notice.sound_on") : t("notice.sound_off");
        if (this.sound) beep();
      } }, this.sound ? t("notice.sound_on") : t("notice.sound_off"));
    const out = [sound];
    if ("Notification" in window && Notification.permission !== "denied") {
      const on = this.notify;
      const n = el("button", { class: "chip", id: "notify-toggle", "data-key": "notify-toggle", "aria-pressed": on ? "true" : "false",
        onclick: async () => {
          if (this.notify) localStorage.setItem(NOTIFY, "off");
          else if ((await Notification.requestPermission()) === "granted") localStorage.setItem(NOTIFY, "on");
          n.setAttribute("aria-pressed", this.notify ? "true" : "false");
          n.textContent = this.notify ? t("notice.notify_on") : t("notice.notify_off");
        } }, on ? t("notice.notify_on") : t("notice.notify_off"));
      out.push(n);
    }
    return out;
  },

  /** After each update: is it this seat's decision now? */
  update(state, seat) {
    const mine = seat != null && state.status !== "finished" && state.legal.length > 0;
    const base = t("ui.title");
    document.title = mine ? `● ${t("notice.your_turn")} — ${base}` : base;
    icon(mine ? "img/icon-turn.svg" : "img/icon.svg");
    document.body.dataset.myTurn = mine ? "1" : "0";
    if (mine && !this.myTurn) {
      if (this.sound) beep();
      if (document.hidden && this.notify) {
        try {
          new Notification(t("notice.your_turn"), { body: t("ui.title"), tag: "tycoon-turn" });
        } catch (e) {
          /* notifications unavailable */
        }
      }
    }
    this.myTurn = mine;
  },

  reset() {
    this.myTurn = false;
    document.title = t("ui.title");
    icon("img/icon.svg");
  },
};
