// The replay viewer of a finished game, or of a record file: step forward and back through its
// record. The server rebuilds the position after each step (GET /api/games/{id}/replay/{step},
// or POST /api/replay/{step} with the file's text); the page shows that
// view with the same tables as a live game, read-only, and the events in words: the step's own
// (marked, and spoken) after those of the steps before it (up to HISTORY of them).
import { api } from "./net.js";
import { errorText, t, lang, uiCatalog } from "./i18n.js";
import { el, announce, seatLetter } from "./util.js";
import { actorNote, tableFor, seatNames } from "./game.js";
import { loadGame, render, say } from "./messages.js";

/** Steps before the shown one whose events the log keeps. */
const HISTORY = 40;

export async function renderReplay(main, id) {
  let info = null;
  let record = null;
  try {
    [info, record] = await Promise.all([api.game(id), api.record(id)]);
  } catch (e) {
    main.replaceChildren(el("p", { class: "card-panel" }, errorText(e)));
    return { close() {} };
  }
  return viewer(main, {
    title: () => t("replay.title", { id: info.name || id }), game: info.game, players: info.players, record,
    step: (query) => api.replayStep(id, query),
    download: record.complete ? { href: api.recordUrl(id), name: `tycoon-${info.game}-${id}.json` } : null,
    unfinished: !record.complete,
  });
}

/** `#/replay-file`: open a record file (the viewer's download, `tycoon tournament --records`,
 * `tycoon play --record`) and step through it; the server replays it (POST /api/replay/STEP)
 * and keeps nothing. */
export function renderRecordFile(main) {
  let current = null;
  const draw = () => {
    const error = el("p", { class: "record-file-error", role: "alert", id: "record-file-error" });
    const input = el("input", { type: "file", id: "record-file", accept: ".json,application/json" });
    input.addEventListener("change", () => open(input.files && input.files[0], error));
    main.replaceChildren(el("section", { class: "card-panel record-file", "aria-labelledby": "record-file-h" },
      el("a", { class: "button ghost", href: "#/" }, "← ", t("ui.lobby")),
      el("h1", { id: "record-file-h" }, t("replay.open_file")),
      el("p", {}, t("replay.open_file_help")),
      el("label", { for: "record-file" }, t("replay.choose_file")), " ", input, error));
  };
  const open = async (file, error) => {
    if (!file) return;
    let record;
    let text;
    try {
      text = await file.text(); // sent as it is: parsed here only for the seats and actions
      try {
        record = JSON.parse(text);
      } catch {
        record = null; // not JSON (another kind of file, cut short): said as not a record, not as the parser's English
      }
      if (!record || typeof record !== "object" || !Array.isArray(record.actions)) throw new Error(t("replay.not_a_record"));
      await api.replayRecord(`${record.actions.length}`, text); // refused now, with the server's reason, if it does not replay
    } catch (e) {
      error.textContent = errorText(e);
      return;
    }
    current = await viewer(main, {
      title: () => t("replay.title_file", { name: file.name }), game: record.game, players: record.players, record,
      step: (query) => api.replayRecord(query, text), download: null, unfinished: false,
    });
  };
  draw();
  return {
    close: () => current?.close(),
    relabel: () => (current ? current.relabel() : draw()), // a new language keeps the open file
  };
}

/** The viewer itself: `opts.step(query)` fetches a step; `at` is where it opens (a new
 * language redraws it at the same step and seat). Returns `{close, relabel}`. */
async function viewer(main, opts, at = { step: 0, seat: null }) {
  const { title, game: kind, players, record, step: fetchStep, download: saveAs, unfinished } = opts;
  await loadGame(kind, lang());
  // a record without players (an older file) still has its seats, named by their letters
  const names = players?.length ? seatNames(players) : Array.from({ length: record.seats || 0 }, () => null);
  const total = (record.actions || []).length;
  let step = at.step;
  let seat = at.seat;
  let playing = null;
  let table = null;
  let shown = null; // the step on the screen: a table draws the next one's moves from it
  let asked = 0; // counts the steps asked for: only the answer to the last one is drawn
  const tableBox = el("div", { class: "table-box" });
  const logList = el("ol", { class: "event-log", id: "event-log", tabindex: "0" });
  const logPanel = el("section", { class: "log-panel", "aria-labelledby": "log-h" }, el("h2", { id: "log-h" }, t("log.title")), logList);
  const label = el("span", { class: "replay-step", id: "replay-step", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(total), value: "0", id: "replay-slider", "aria-label": t("replay.slider") });
  const seatSel = el("select", { id: "replay-seat", "aria-label": t("replay.as_seat") },
    el("option", { value: "" }, t("replay.everyone")),
    names.map((n, i) => el("option", { value: String(i) }, n || t("ui.player_letter", { letter: seatLetter(i) }))));
  const playBtn = el("button", { id: "replay-play" }, t("replay.play"));

  async function show(n) {
    step = Math.max(0, Math.min(total, n));
    slider.value = String(step);
    label.textContent = t("replay.step", { n: step, total });
    const mine = ++asked;
    let data;
    try {
      const since = Math.max(0, step - HISTORY);
      data = await fetchStep(`${step}?since=${since}${seat === null ? "" : `&seat=${seat}`}`);
    } catch (e) {
      if (mine === asked) tableBox.replaceChildren(el("p", {}, t("replay.no_views")), actionList());
      return;
    }
    if (mine !== asked) return; // another step, or another seat's view, was asked meanwhile
    const follows = shown !== null && data.step === shown + 1;
    shown = data.step;
    const view = data.view;
    const game = view.game || kind;
    if (!table || table.game !== game) table = new (tableFor(game))(tableBox, { game, act: () => {}, label: () => "", say: (m) => say(game, m, names), logPanel, replay: true });
    // A step's lines, after who chose its action when it was not the seat's own choice (once for
    // a run of such steps, as the table said it: "Bruno (B) is away: a bot plays for them.").
    let last = null;
    let turn;
    const said = (entry) => {
      const note = entry.actor ? actorNote(entry.actor, turn, last) : { say: false, key: last };
      last = note.key;
      const events = entry.events || [];
      for (const ev of events) if (ev.type === "turn_started") turn = ev.turn ?? turn;
      return [...(note.say ? [{ note: true, text: render(entry.actor.message, uiCatalog(), lang(), names) }] : []),
        ...events.filter((ev) => ev.message).map((ev) => ({ text: say(game, ev.message, names) }))];
    };
    const item = (line, attrs = {}) => el("li", { ...attrs, class: [attrs.class, line.note ? "note" : ""].filter(Boolean).join(" ") }, line.text);
    const earlier = (data.history || []).flatMap(said);
    const lines = said(data);
    logList.replaceChildren(
      ...earlier.map((line) => item(line)),
      ...lines.map((line) => item(line, { class: "replay-now", "aria-current": "step" })));
    if (lines.length) announce(lines.map((line) => line.text).join(" "));
    table.update({ view, events: data.events || [], follows, legal: [], messages: new Map(), seat, names, deadline: null, status: data.status ?? null, result: data.result ?? null, game });
    logList.scrollTop = logList.scrollHeight; // the step's own lines are the last
  }

  function actionList() {
    return el("ol", { class: "event-log" }, (record.actions || []).map((a) =>
      el("li", {}, t("replay.action", { player: names[a.seat] || t("ui.player_letter", { letter: seatLetter(a.seat) }), what: a.action.type }))));
  }

  const stop = () => {
    clearInterval(playing);
    playing = null;
    playBtn.textContent = t("replay.play");
  };
  playBtn.addEventListener("click", () => {
    if (playing) return stop();
    playBtn.textContent = t("replay.pause");
    playing = setInterval(() => (step >= total ? stop() : show(step + 1)), 700);
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  seatSel.addEventListener("change", () => {
    seat = seatSel.value === "" ? null : Number(seatSel.value);
    show(step);
  });
  const button = (key, text, fn) => el("button", { "data-key": key, id: key, onclick: fn }, text);
  seatSel.value = seat === null ? "" : String(seat);
  const controls = el("div", { class: "controls card-panel", role: "toolbar", "aria-label": title() },
    button("replay-first", `|◀ ${t("replay.first")}`, () => show(0)),
    button("replay-back", `◀ ${t("replay.back")}`, () => show(step - 1)),
    playBtn,
    button("replay-forward", `${t("replay.forward")} ▶`, () => show(step + 1)),
    button("replay-last", `${t("replay.last")} ▶|`, () => show(total)),
    slider, label,
    el("label", { class: "inline" }, el("span", {}, t("replay.as_seat")), seatSel));
  const onKey = (ev) => {
    if (ev.target.closest?.("input, select")) return;
    if (ev.key === "ArrowRight") show(step + 1);
    else if (ev.key === "ArrowLeft") show(step - 1);
  };
  document.addEventListener("keydown", onKey);
  // the whole record as the server sends it (never re-encoded here: its 64-bit seed), for
  // `tycoon replay FILE`; an unfinished game's record is redacted, so none is offered
  const download = saveAs ? el("a", {
    class: "button ghost", "data-key": "replay-download", download: saveAs.name, href: saveAs.href,
  }, t("replay.download")) : null;
  main.replaceChildren(el("div", { class: "replay" },
    el("div", { class: "replay-head" },
      el("a", { class: "button ghost", href: "#/" }, "← ", t("ui.lobby")),
      el("h1", {}, title()),
      download),
    unfinished ? el("p", {}, t("replay.not_finished")) : null,
    controls, tableBox));
  const screen = {
    close() {
      stop();
      document.removeEventListener("keydown", onKey);
      table?.close?.();
    },
    async relabel() {
      screen.close();
      const next = await viewer(main, opts, { step, seat });
      // another screen opened while the new language loaded: this viewer is not shown
      if (!main.isConnected) return next.close();
      Object.assign(screen, next);
    },
  };
  // not awaited: whoever opened the viewer holds it at once, so a language changed while the
  // first step is still on its way redraws this viewer (the record file kept), not the file
  // picker
  show(step);
  return screen;
}
