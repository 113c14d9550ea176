// The replay viewer of a finished game: step forward and back through its record. The server
// rebuilds the position after each step (GET /api/games/{id}/replay/{step}); the page shows that
// view with the same tables as a live game, read-only, and the events in words: the step's own
// (marked, and spoken) after those of the steps before it (up to HISTORY of them).
import { api } from "./net.js";
import { t } from "./i18n.js";
import { el, announce } from "./util.js";
import { tableFor, seatNames } from "./game.js";
import { loadGame, say } from "./messages.js";
import { lang } from "./i18n.js";

/** Steps before the shown one whose events the log keeps. */
const HISTORY = 40;

export async function renderReplay(main, id) {
  let info = null;
  let record = null;
  try {
    [info, record] = await Promise.all([api.game(id), api.record(id)]);
  } catch (e) {
    main.replaceChildren(el("p", { class: "card-panel" }, t("ui.error", { message: e.message })));
    return { close() {} };
  }
  await loadGame(info.game, lang());
  const names = seatNames(info.players || []);
  const total = (record.actions || []).length;
  let step = 0;
  let seat = null;
  let playing = null;
  let table = null;
  const tableBox = el("div", { class: "table-box" });
  const logList = el("ol", { class: "event-log", id: "event-log", tabindex: "0" });
  const logPanel = el("section", { class: "log-panel", "aria-labelledby": "log-h" }, el("h2", { id: "log-h" }, t("log.title")), logList);
  const label = el("span", { class: "replay-step", id: "replay-step", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: "0", max: String(total), value: "0", id: "replay-slider", "aria-label": t("replay.slider") });
  const seatSel = el("select", { id: "replay-seat", "aria-label": t("replay.as_seat") },
    el("option", { value: "" }, t("replay.everyone")),
    names.map((n, i) => el("option", { value: String(i) }, n || t("ui.player_letter", { letter: "ABCDE"[i] }))));
  const playBtn = el("button", { id: "replay-play" }, t("replay.play"));

  async function show(n) {
    step = Math.max(0, Math.min(total, n));
    slider.value = String(step);
    label.textContent = t("replay.step", { n: step, total });
    let data;
    try {
      const since = Math.max(0, step - HISTORY);
      data = await api.replayStep(id, `${step}?since=${since}${seat === null ? "" : `&seat=${seat}`}`);
    } catch (e) {
      tableBox.replaceChildren(el("p", {}, t("replay.no_views")), actionList());
      return;
    }
    if (Number(slider.value) !== data.step) return; // a later step was asked meanwhile
    const view = data.view;
    const game = view.game || info.game;
    if (!table || table.game !== game) table = new (tableFor(game))(tableBox, { game, act: () => {}, label: () => "", say: (m) => say(game, m, names), logPanel, replay: true });
    const words = (events) => (events || []).filter((ev) => ev.message).map((ev) => say(game, ev.message, names));
    const lines = words(data.events);
    logList.replaceChildren(
      ...(data.history || []).flatMap((h) => words(h.events).map((line) => el("li", {}, line))),
      ...lines.map((line) => el("li", { class: "replay-now", "aria-current": "step" }, line)));
    if (lines.length) announce(lines.join(" "));
    table.update({ view, events: data.events || [], legal: [], messages: new Map(), seat, names, deadline: null, status: data.status ?? null, result: data.result ?? null, game });
    logList.scrollTop = logList.scrollHeight; // the step's own lines are the last
  }

  function actionList() {
    return el("ol", { class: "event-log" }, (record.actions || []).map((a) =>
      el("li", {}, t("replay.action", { player: names[a.seat] || t("ui.player_letter", { letter: "ABCDE"[a.seat] }), what: a.action.type }))));
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
  const controls = el("div", { class: "controls card-panel", role: "toolbar", "aria-label": t("replay.title", { id }) },
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
  // the whole record, for `tycoon replay FILE` (an unfinished game's record is redacted)
  const download = record.complete ? el("a", {
    class: "button ghost", "data-key": "replay-download", download: `tycoon-${info.game}-${id}.json`,
    href: URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" })),
  }, t("replay.download")) : null;
  main.replaceChildren(el("div", { class: "replay" },
    el("div", { class: "replay-head" },
      el("a", { class: "button ghost", href: "#/" }, "← ", t("ui.lobby")),
      el("h1", {}, t("replay.title", { id })),
      download),
    record.complete ? null : el("p", {}, t("replay.not_finished")),
    controls, tableBox));
  await show(0);
  return {
    close() {
      stop();
      document.removeEventListener("keydown", onKey);
      if (download) URL.revokeObjectURL(download.href);
      table?.close?.();
    },
  };
}
