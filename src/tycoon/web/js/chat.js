// Chat at the table (WebSocket messages `chat`, docs/protocol.md) and in the lobby (REST
// GET/POST /api/lobby/chat). Names and messages are always inserted as text, never as HTML.
import { errorText, lang, t } from "./i18n.js";
import { announce, el, nameText, sameJson, ScrollKeeper, toast } from "./util.js";

export const REACTIONS = ["👍", "😀", "😮", "😢", "🎉", "🤔"];
const MAX = 500;

function when(at) {
  if (typeof at !== "number") return "";
  const d = new Date(at * 1000);
  return d.toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" }); // the page's language, not the browser's
}

/** One chat line: "12:03 Ana (A): text" (all as text nodes). The text takes the direction of
 * its first letter, apart from the line (`dir="auto"`): a message in Arabic or Hebrew ends
 * on its left, and does not pull the colon or the name's numbers into it. */
export function chatLine(msg, names) {
  const from = msg.from || {};
  const who = from.seat == null ? (from.name && from.name !== "spectator" ? nameText(from.name) : t("chat.spectator"))
    : names?.[from.seat] || nameText(from.name);
  return el("li", { class: `chat-line${msg.reaction ? " reaction" : ""}`, "data-chat": String(msg.id ?? "") },
    el("time", { class: "muted" }, when(msg.at)), " ",
    el("strong", { class: "chat-from" }, who), ": ",
    el("span", { class: "chat-text", dir: "auto" }, msg.reaction ?? msg.text ?? ""));
}

/**
 * A chat box. `send(message)` sends a protocol message (returns a promise of the reply);
 * `canWrite()` says whether this person may write (spectators only if the table allows).
 */
export class ChatPanel {
  constructor({ send, canWrite = () => true, id = "chat" }) {
    this.send = send;
    this.canWrite = canWrite;
    this.id = id;
    this.messages = [];
    this.names = [];
    this.list = el("ol", { class: "chat-list", id: `${id}-list`, "aria-live": "polite", tabindex: "0" });
    this.scroll = new ScrollKeeper(this.list);
    this.input = el("input", { id: `${id}-input`, maxlength: String(MAX), autocomplete: "off" });
    this.sendButton = el("button", { type: "submit", id: `${id}-send`, "data-key": `${id}-send` });
    this.form = el("form", { class: "chat-form" }, this.input, this.sendButton);
    this.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.submit({ text: this.input.value.trim() });
    });
    this.reactions = el("div", { class: "chat-reactions", role: "group" },
      REACTIONS.map((r, i) => el("button", { type: "button", class: "chip reaction", "data-key": `${id}-react-${i}`, "aria-label": t("chat.react", { reaction: r }), onclick: () => this.submit({ reaction: r }) }, r)));
    this.head = el("h2", { id: `${id}-h` });
    this.node = el("section", { class: "chat-panel", "aria-labelledby": `${id}-h` }, this.head, this.list, this.reactions, this.form);
    this.relabel();
  }

  relabel() {
    this.head.textContent = t("chat.title");
    this.input.setAttribute("aria-label", t("chat.say"));
    this.input.placeholder = t("chat.placeholder");
    this.sendButton.textContent = t("chat.send");
    this.reactions.setAttribute("aria-label", t("chat.reactions"));
    this.draw();
  }

  async submit(body) {
    if (!this.canWrite()) {
      toast(t("chat.read_only"));
      return;
    }
    if (body.text !== undefined && !body.text) return;
    if (body.text && body.text.length > MAX) body.text = body.text.slice(0, MAX);
    // one message at a time: over a slow connection a second Enter posted the lobby's twice
    if (this.sending) return;
    this.sending = true;
    let reply;
    try {
      reply = await this.send({ type: "chat", ...body });
    } finally {
      this.sending = false;
    }
    if (reply && reply.type === "error") toast(errorText(reply));
    else if (body.text) this.input.value = "";
  }

  /** The whole chat (a welcome's): drawn again only if it differs from what the page shows, as
   * after a reconnection it usually does not. */
  reset(list, names) {
    const same = list.length === this.messages.length && list.every((m, i) => m.id != null && m.id === this.messages[i].id);
    const renamed = names && !sameJson(names, this.names);
    this.names = names || this.names;
    if (same && !renamed) return this.controls();
    this.messages = [...list];
    this.draw();
  }

  /** One more message: its line is appended, so that a screen reader hears that line alone. */
  add(msg, names) {
    if (msg.id != null && this.messages.some((m) => m.id === msg.id)) return;
    if (names && !sameJson(names, this.names)) {
      // someone's name changed: every line again, quietly, and the new one said on its own
      this.names = names;
      this.messages.push(msg);
      this.draw();
      announce(chatLine(msg, this.names).textContent);
      return;
    }
    const l = this.list;
    this.messages.push(msg);
    if (this.messages.length > 200) {
      this.messages.shift();
      l.firstElementChild?.remove();
    }
    l.querySelector(".empty")?.remove();
    l.append(chatLine(msg, this.names));
    this.scroll.keep();
    this.controls();
  }

  /** Every line drawn afresh (a reset, another language) with the list's live region muted
   * meanwhile: a screen reader would read the whole chat again as new. */
  draw() {
    const l = this.list;
    l.setAttribute("aria-live", "off");
    l.replaceChildren(...(this.messages.length ? this.messages.map((m) => chatLine(m, this.names)) : [el("li", { class: "empty" }, t("chat.empty"))]));
    setTimeout(() => l.setAttribute("aria-live", "polite"));
    this.scroll.keep();
    this.controls();
  }

  /** Writing is allowed or not (a seat, or a spectator where the table allows it). */
  controls() {
    const can = this.canWrite();
    this.input.disabled = !can;
    this.sendButton.disabled = !can;
    this.reactions.querySelectorAll("button").forEach((b) => (b.disabled = !can));
  }
}
