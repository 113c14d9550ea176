// The lobby: your name and language, a form to create a game, the list of open games to join or
// watch, and the invitation link of a game.
import { api, tokens } from "./net.js";
import { errorText, t, has } from "./i18n.js";
import { el, pollWhileShown, seatLetter, toast, rerender, whileBusy } from "./util.js";
import { settings } from "./main.js";
import { ChatPanel } from "./chat.js";

/** The lobby's chat over REST (GET/POST /api/lobby/chat), polled while the lobby is open. */
function lobbyChat() {
  let last = null;
  const panel = new ChatPanel({
    id: "lobby-chat",
    send: async (m) => {
      try {
        const posted = await api.postLobbyChat({ name: settings.name || t("lobby.anonymous"), ...(m.text !== undefined ? { text: m.text } : { reaction: m.reaction }) });
        if (posted && posted.id != null) panel.add(posted);
        return { type: "ack" };
      } catch (e) {
        return { type: "error", code: e.code, message: e.message };
      }
    },
  });
  const poll = async () => {
    try {
      const data = await api.lobbyChat(last);
      const list = Array.isArray(data) ? data : data?.messages || [];
      for (const m of list) {
        panel.add(m);
        if (m.id != null) last = Math.max(last ?? 0, m.id);
      }
    } catch (e) {
      /* the lobby works without its chat */
    }
  };
  poll();
  const stop = pollWhileShown(poll, 3000);
  panel.node.classList.add("card-panel", "lobby-chat");
  return { panel, stop };
}

/** Games, seat counts and options when the server cannot be asked (`GET /api/kinds` wins). */
export let KINDS = [
  { name: "capital", min_seats: 2, max_seats: 4, default_seats: 4, players: ["human", "random", "easy", "medium", "hard"], options: {} },
  { name: "deal", min_seats: 2, max_seats: 5, default_seats: 2, players: ["human", "random", "easy", "medium", "hard"], options: {} },
];

/** A game's name: the server's title of it (`GET /api/kinds`). */
export function gameTitle(name) {
  const k = KINDS.find((x) => x.name === name);
  return k?.title || (has(`game.${name}`) ? t(`game.${name}`) : name);
}

function optionLabel(name, o) {
  if (has(`lobby.option.${name}`)) return t(`lobby.option.${name}`);
  const s = name.replace(/_/g, " ");
  return o.help || s.charAt(0).toUpperCase() + s.slice(1);
}

/** Ask the server for its kinds of games (the defaults stay when it cannot say). */
export async function loadKinds() {
  try {
    const kinds = await api.kinds();
    if (Array.isArray(kinds) && kinds.length) KINDS = kinds;
  } catch (e) {
    /* keep the defaults */
  }
}

function valueLabel(v) {
  if (v === null) return t("lobby.preset_default");
  if (v === true) return t("ui.yes");
  if (v === false) return t("ui.no");
  const key = `lobby.value.${v}`;
  const s = t(key);
  return s === key ? String(v) : s;
}

/** A bot's name in the player's language: "Medium bot" for a strength, the spec itself for any
 * other bot (a server's own "firstpick bot", a study's "hard:iterations=50 bot"). */
export function botName(k) {
  const key = `lobby.strength.${k}`;
  return t("lobby.bot_name", { strength: has(key) ? t(key) : k });
}

/** A bot's name in the seat menu, with its ladder rating when it has one ("Medium bot · Elo 1566"). */
function botChoice(k, ratings) {
  const name = botName(k);
  const r = ratings && ratings[k];
  return r ? t("lobby.bot_rated", { name, elo: String(r.elo) }) : name;
}

function seatRow(i, spec, chosen) {
  const kinds = spec.players || ["human", "random"];
  const kind = el("select", { id: `seat-${i}-kind`, "data-seat": i, "aria-label": t("lobby.seat_n", { seat: seatLetter(i) }) },
    kinds.map((k) => el("option", { value: k }, k === "human" ? t("lobby.seat_human") : botChoice(k, spec.ratings))));
  if (kinds.includes(chosen)) kind.value = chosen;
  else if (i > 0) kind.value = kinds.includes("medium") ? "medium" : kinds[kinds.length - 1];
  return el("div", { class: "seat-row" }, el("span", { class: "seat-no" }, t("lobby.seat_n", { seat: seatLetter(i) })), kind);
}

/** The option `name`'s input, `base` chosen and marked as the default: the option's own
 * default, or the value the chosen rules preset gives it. */
function optionInput(name, o, base = o.default) {
  const id = `opt-${name}`;
  const label = (v) => valueLabel(v) + (v === base ? ` (${t("lobby.default")})` : "");
  if (Array.isArray(o.values) && o.values.length <= 3) {
    // A few choices: radio buttons, whose words wrap on a phone (a select would cut them).
    return el("div", { class: "radio-col", role: "radiogroup", id, dataset: { option: name, radios: "1" } },
      o.values.map((v, k) => el("label", { class: "radio" },
        el("input", { type: "radio", name: id, value: String(k), checked: v === base, "data-key": `${id}-${k}` }),
        el("span", {}, label(v)))));
  }
  if (Array.isArray(o.values)) {
    return el("select", { id, dataset: { option: name } },
      o.values.map((v, k) => el("option", { value: String(k), selected: v === base }, label(v))));
  }
  return el("input", { id, type: "number", min: o.min ?? undefined, max: o.max ?? undefined, value: base ?? "", placeholder: o.nullable ? t("lobby.none") : "", dataset: { option: name } });
}

/** What is wrong with a number field's value, in the page's language ("" when nothing): the
 * browser's own message would be in the browser's language, whatever the page's. */
function numberProblem(input) {
  const v = input.validity;
  const min = input.min === "" ? null : Number(input.min);
  const max = input.max === "" ? null : Number(input.max);
  if (v.badInput) return t("lobby.invalid.number");
  if (v.rangeUnderflow || v.rangeOverflow) {
    if (min !== null && max !== null) return t("lobby.invalid.range", { min, max });
    return min !== null ? t("lobby.invalid.min", { min }) : t("lobby.invalid.max", { max });
  }
  if (v.stepMismatch) {
    const step = Number(input.step || 1);
    return step === 1 ? t("lobby.invalid.whole") : t("lobby.invalid.step", { step });
  }
  return "";
}

/** Give a number field its message in the page's language (the browser checks it, then shows it). */
function checkNumber(input) {
  input.setCustomValidity("");
  input.setCustomValidity(numberProblem(input));
}

/** The value the form's input of option `o` holds. */
function optionValue(input, o) {
  if (input.dataset.radios) return o.values[Number(input.querySelector("input:checked")?.value ?? o.values.indexOf(o.default))];
  if (Array.isArray(o.values)) return o.values[Number(input.value)];
  return input.value === "" ? null : Number(input.value);
}

/** Each option's value under rules preset `preset`: its default, or what the preset sets
 * (`GET /api/kinds` gives each preset's values as `options.preset.sets`). */
function presetBase(sp, preset) {
  const base = Object.fromEntries(Object.entries(sp.options || {}).map(([name, o]) => [name, o.default]));
  return Object.assign(base, sp.options?.preset?.sets?.[preset] || {});
}

/** What the create form holds, kept while the page lives: a change of language draws the lobby
 * again, and coming back from a table finds the last game's set-up. The seats, bots and options
 * belong to `game`; the title and the time limit are kept when another game is chosen. */
const draft = { game: null, title: "", time: "60", seats: null, kinds: [], options: {}, open: false };

function saveDraft(form, game) {
  const shown = [...form.querySelectorAll("[data-seat]")].map((s) => s.value);
  // the seats dropped by choosing fewer keep their bots for when they come back
  draft.kinds = shown.concat(draft.game === game ? draft.kinds.slice(shown.length) : []);
  draft.game = game;
  draft.title = form.querySelector("#game-title").value;
  draft.time = form.querySelector("#time-limit").value;
  draft.seats = form.querySelector("#seats-select").value;
  draft.options = {};
  form.querySelectorAll("[data-option]").forEach((input) => {
    draft.options[input.dataset.option] = input.dataset.radios ? input.querySelector("input:checked")?.value : input.value;
  });
  draft.open = !!form.querySelector(".options-box")?.open;
}

function restoreOption(input, value) {
  if (value === undefined) return;
  if (!input.dataset.radios) input.value = value;
  else input.querySelectorAll("input").forEach((r) => (r.checked = r.value === value));
}

function createForm(onCreated) {
  const form = el("form", { class: "card-panel create", "aria-labelledby": "create-h" });
  let game = KINDS.some((k) => k.name === draft.game) ? draft.game : KINDS[0].name;
  const spec = () => KINDS.find((k) => k.name === game);
  const build = () => {
    const same = draft.game === game; // the draft's seats, bots and options are this game's
    const sp = spec();
    const gameSel = el("select", { id: "game-select", name: "game" },
      KINDS.map((k) => el("option", { value: k.name, selected: k.name === game }, gameTitle(k.name))));
    gameSel.addEventListener("change", () => {
      game = gameSel.value;
      build();
      form.querySelector("#game-select").focus();
    });
    const titleInput = el("input", { id: "game-title", maxlength: "80", value: draft.title, placeholder: t("lobby.game_name_placeholder") });
    const seats = el("select", { id: "seats-select", name: "seats" });
    for (let n = sp.min_seats; n <= sp.max_seats; n++) seats.append(el("option", { value: n, selected: n === sp.default_seats }, String(n)));
    if (same && [...seats.options].some((o) => o.value === draft.seats)) seats.value = draft.seats;
    const seatBox = el("div", { class: "seat-rows", role: "group", "aria-label": t("lobby.players") });
    const drawSeats = () => seatBox.replaceChildren(...Array.from({ length: Number(seats.value) },
      (_, i) => seatRow(i, sp, draft.game === game ? draft.kinds[i] : undefined)));
    seats.addEventListener("change", drawSeats);
    drawSeats();
    const entries = Object.entries(sp.options || {});
    const presets = sp.options?.preset;
    const saved = same ? draft.options.preset : undefined;
    const base = presetBase(sp, saved !== undefined && presets ? presets.values[Number(saved)] : presets?.default);
    const opts = entries.length
      ? el("details", { class: "options-box", open: same && draft.open }, el("summary", {}, t("lobby.options")),
          el("div", { class: "options" }, entries.map(([name, o]) =>
            (Array.isArray(o.values) && o.values.length <= 3
              ? el("fieldset", { class: "option-set", title: o.help || "" }, el("legend", {}, optionLabel(name, o)), optionInput(name, o, base[name]))
              : el("label", { title: o.help || "" }, el("span", {}, optionLabel(name, o)), optionInput(name, o, base[name]))))))
      : null;
    form.replaceChildren(
      el("h2", { id: "create-h" }, t("lobby.new_game")),
      el("div", { class: "form-grid" },
        el("label", {}, el("span", {}, t("lobby.game")), gameSel),
        el("label", {}, el("span", {}, t("lobby.seats")), seats),
        el("label", {}, el("span", {}, t("lobby.time_limit")), el("input", { id: "time-limit", type: "number", min: "5", max: "3600", step: "5", value: draft.time })),
        el("label", { class: "wide" }, el("span", {}, t("lobby.game_name")), titleInput)),
      seatBox,
      opts,
      el("button", { type: "submit", class: "primary", id: "create-button" }, t("lobby.create")));
    if (same) form.querySelectorAll("[data-option]").forEach((input) => restoreOption(input, draft.options[input.dataset.option]));
    // another rules preset: every other option shows (and is marked default at) its value;
    // the form's own change listener, which this event reaches next, saves the draft
    form.querySelector('[data-option="preset"]')?.addEventListener("change", (ev) => {
      const chosen = presetBase(sp, optionValue(ev.currentTarget, presets));
      form.querySelectorAll("[data-option]").forEach((input) => {
        const name = input.dataset.option;
        if (name !== "preset") input.replaceWith(optionInput(name, sp.options[name], chosen[name]));
      });
    });
    saveDraft(form, game);
  };
  build();
  form.addEventListener("input", (ev) => {
    if (ev.target.type === "number") checkNumber(ev.target);
    saveDraft(form, game);
  });
  // "invalid" does not bubble: caught on its way down, before the browser shows the message
  form.addEventListener("invalid", (ev) => {
    if (ev.target.type === "number") checkNumber(ev.target);
  }, true);
  form.addEventListener("change", () => saveDraft(form, game));
  form.addEventListener("toggle", () => saveDraft(form, game), true);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const sp = spec();
    const n = Number(form.querySelector("#seats-select").value);
    const players = Array.from({ length: n }, (_, i) => form.querySelector(`#seat-${i}-kind`).value);
    const options = {};
    const presetInput = form.querySelector('[data-option="preset"]');
    const base = presetBase(sp, presetInput ? optionValue(presetInput, sp.options.preset) : undefined);
    // what the form shows: the preset, and each option that differs from the preset's value
    form.querySelectorAll("[data-option]").forEach((input) => {
      const name = input.dataset.option;
      const v = optionValue(input, sp.options[name]);
      if (v !== (name === "preset" ? sp.options[name].default : base[name])) options[name] = v;
    });
    const body = { game, players, options, decision_seconds: Number(form.querySelector("#time-limit").value) || 60 };
    const title = draft.title.trim();
    if (title) body.name = title;
    await whileBusy([form.querySelector("#create-button")], async () => {
      try {
        const created = await api.create(body);
        const id = created.id;
        const human = players.indexOf("human");
        if (human >= 0) {
          const joined = await api.join(id, { name: settings.name || t("lobby.anonymous"), seat: human });
          tokens.set(id, { token: joined.token, seat: joined.seat });
        }
        draft.title = ""; // the next game gets a name of its own; its set-up is kept
        onCreated(id);
      } catch (e) {
        toast(errorText(e));
      }
    });
  });
  return form;
}

/** Whether a seat goes by its bot's name: a bot's seat (a record's seat may give only its
 * `bot`), unless a person left it for good (`left`), which keeps the person's name. */
export function namedAsBot(p) {
  return (p.kind === "bot" || Boolean(p.bot && p.kind !== "human")) && !p.left;
}

function playerWords(p) {
  if (namedAsBot(p)) return botName(p.bot);
  return p.name || t("lobby.free_seat");
}

function gameRow(g, refresh) {
  const id = g.id;
  const free = g.free_seats || [];
  const mine = tokens.get(id);
  const join = (ev) => whileBusy([ev.currentTarget], async () => {
    try {
      const joined = await api.join(id, { name: settings.name || t("lobby.anonymous"), seat: free[0] });
      tokens.set(id, { token: joined.token, seat: joined.seat });
      location.hash = `#/game/${id}`;
    } catch (e) {
      toast(errorText(e));
      refresh();
    }
  });
  const status = g.status;
  return el("li", { class: "game-row", dataset: { game: id } },
    el("span", { class: "game-name" }, el("strong", {}, gameTitle(g.game)),
      g.name ? [" · ", el("span", { class: "game-title", dir: "auto" }, g.name)] : null, " ", el("code", {}, id)),
    el("span", { class: "game-who" }, (g.players || []).flatMap((p, i) => [i ? " · " : null, el("span", { dir: "auto" }, playerWords(p))])),
    el("span", { class: `badge ${status}` }, t(`lobby.status.${status}`)),
    el("span", { class: "game-actions" },
      mine && status !== "finished" ? el("a", { class: "button primary", href: `#/game/${id}`, "data-key": `resume-${id}` }, t("lobby.resume")) : null,
      !mine && free.length && status !== "finished" ? el("button", { class: "primary", onclick: join, "data-key": `join-${id}` }, t("lobby.join")) : null,
      status !== "finished" ? el("a", { class: "button", href: `#/game/${id}/watch`, "data-key": `watch-${id}` }, t("lobby.watch")) : null,
      status === "finished" ? el("a", { class: "button", href: `#/replay/${id}`, "data-key": `replay-${id}` }, t("lobby.replay")) : null,
      status !== "finished" ? el("button", { onclick: () => copyInvite(id), "data-key": `invite-${id}`, "aria-label": t("lobby.copy_invite_for", { id }) }, t("lobby.copy_invite")) : null));
}

export async function copyInvite(id) {
  const link = `${location.origin}${location.pathname}#/game/${id}`;
  try {
    await navigator.clipboard.writeText(link);
    toast(t("lobby.copied", { link }));
  } catch (e) {
    toast(link);
  }
}

/** How the list is shown, kept while the page lives (like the create form's `draft`): which
 * game's tables, and whether the finished ones are unfolded. */
const view = { game: "", finished: false };

/** The list of games: those waiting for players and in play, then the finished ones folded away
 * (a busy server lists dozens of them, which pushed everything below the list out of reach),
 * all of one game when `view.game` says so. Redrawn only when the server's answer changed, so
 * that a screen reader does not hear the whole list again at every poll; `summary` (a polite
 * status) says how many games wait for players or are in play when that changes. */
function gameList() {
  const live = el("ul", { class: "game-list", id: "game-list" });
  const done = el("ul", { class: "game-list", id: "finished-list" });
  const fold = el("details", { class: "finished-games", id: "finished-games", open: view.finished, hidden: true },
    el("summary", {}), done);
  fold.addEventListener("toggle", () => (view.finished = fold.open));
  const summary = el("p", { class: "list-summary", role: "status" });
  const filter = el("select", { id: "game-filter" },
    el("option", { value: "" }, t("lobby.all_games")),
    KINDS.map((k) => el("option", { value: k.name, selected: k.name === view.game }, gameTitle(k.name))));
  let games = [];
  let shown = null;
  let asked = 0; // counts the lists asked for: an answer to an older one is not drawn
  const draw = () => {
    const mine = games.filter((g) => !view.game || g.game === view.game);
    const key = JSON.stringify([view.game, mine]);
    if (key === shown) return;
    shown = key;
    const ended = mine.filter((g) => g.status === "finished");
    const now = mine.filter((g) => g.status !== "finished");
    const waiting = now.filter((g) => g.status === "open").length;
    const words = [t("lobby.count_open", { n: waiting }), t("lobby.count_playing", { n: now.length - waiting })].join(" · ");
    if (summary.textContent !== words) summary.textContent = words;
    const empty = ended.length ? "lobby.no_live_games" : "lobby.no_games";
    rerender(live, () => (now.length ? now.map((g) => gameRow(g, refresh)) : [el("li", { class: "empty" }, t(empty))]));
    rerender(done, () => ended.map((g) => gameRow(g, refresh)));
    fold.hidden = !ended.length;
    fold.querySelector("summary").textContent = t("lobby.finished_games", { n: ended.length });
  };
  const refresh = async () => {
    const mine = ++asked;
    try {
      const data = await api.games();
      if (mine !== asked) return;
      games = Array.isArray(data) ? data : data.games || [];
      draw();
    } catch (e) {
      if (mine !== asked) return;
      shown = null;
      live.replaceChildren(el("li", { class: "empty" }, errorText(e)));
    }
  };
  filter.addEventListener("change", () => {
    view.game = filter.value;
    draw();
  });
  const node = [
    el("div", { class: "list-tools" },
      el("label", {}, el("span", {}, t("lobby.show")), filter),
      el("button", { type: "button", onclick: refresh, id: "refresh-games" }, t("lobby.refresh"))),
    summary, live, fold];
  return { node, refresh };
}

/** The lobby in `main`, once `kinds` (a `loadKinds()` under way: the page asks for it while its
 * languages load) has come. */
export async function renderLobby(main, kinds = loadKinds()) {
  await kinds;
  const name = el("input", { id: "player-name", value: settings.name, autocomplete: "nickname", maxlength: "40", placeholder: t("lobby.name_placeholder") });
  name.addEventListener("change", () => (settings.name = name.value.trim()));
  const list = gameList();
  const refresh = list.refresh;
  const page = el("div", { class: "lobby" },
    el("section", { class: "card-panel you" },
      el("h1", {}, t("lobby.welcome")),
      el("p", { class: "lead" }, t("lobby.intro")),
      el("label", {}, el("span", {}, t("lobby.your_name")), name)),
    createForm((id) => (location.hash = `#/game/${id}`)),
    el("section", { class: "card-panel open-games", "aria-labelledby": "open-h" },
      el("h2", { id: "open-h" }, t("lobby.open_games")),
      list.node),
    el("section", { class: "card-panel rules-links", "aria-labelledby": "rules-links-h" },
      el("h2", { id: "rules-links-h" }, t("rules.link")),
      el("ul", {}, KINDS.map((k) => el("li", {}, el("a", { href: `#/rules/${k.name}`, "data-key": `rules-${k.name}` }, t("rules.title", { game: gameTitle(k.name) }))))),
      el("p", {}, el("a", { href: "#/replay-file", "data-key": "open-record" }, t("replay.open_file")))));
  const chat = lobbyChat();
  chat.panel.head.textContent = t("lobby.chat_name");
  page.append(chat.panel.node);
  main.replaceChildren(page);
  await refresh();
  const stop = pollWhileShown(refresh, 5000);
  return { close: () => { stop(); chat.stop(); } };
}
