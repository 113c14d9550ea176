// The end-of-game screen every table uses: the winner first, why they won in words, the
// standings, a short summary the table gives (a chart, counts), and Rematch, Replay, Lobby.
import { t } from "./i18n.js";
import { el, svg } from "./util.js";

/**
 * The dialog. `result` is the server's Outcome JSON; `names` the seats' names; `why` a sentence
 * (or null); `scoreText(seat, score)` words for a score; `summary` a node or null; `buttons`
 * the Rematch/Replay/Lobby controls; `onClose` closes it to look at the table.
 */
export function endScreen({ result, names, why, scoreText, summary, buttons, onClose, seatMark }) {
  const winner = result?.winner ?? null;
  const standings = result?.standings?.length ? result.standings : names.map((_, i) => i);
  const scores = result?.scores || [];
  // tied seats share a place (1, 2, 2, 4); a result without places counts down the standings
  const places = result?.places?.length ? [...result.places] : [];
  standings.forEach((s, i) => { places[s] ??= i + 1; });
  const name = (s) => names[s] || String(s + 1);
  return el("div", { class: "overlay victory-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "victory-h",
    onkeydown: (e) => e.key === "Escape" && onClose() },
  el("div", { class: "overlay-box end-box" },
    el("h2", { id: "victory-h" }, winner != null ? t("end.winner", { player: name(winner) }) : t("end.no_winner")),
    why ? el("p", { class: "lead end-why" }, typeof why === "string" ? sentence(why) : why) : null,
    el("ol", { class: "standings" }, standings.map((s) => el("li", { "data-seat": String(s), class: s === winner ? "winner" : "", value: places[s] },
      seatMark ? seatMark(s) : null, " ", el("strong", {}, name(s)), " — ", scoreText ? scoreText(s, scores[s]) : String(scores[s] ?? "")))),
    summary,
    el("div", { class: "button-row" }, buttons, el("button", { "data-key": "victory-close", onclick: onClose }, t("ui.close")))));
}

/** ``text`` as a sentence on its own: a game's reason ("the turn limit was reached") is also
 * said inside other sentences, so its catalog entry starts in lower case. */
function sentence(text) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A small line chart: one line per seat over turns (`series[seat] = [values]`); null while no
 * line has two points. */
export function lineChart(series, colors, label) {
  const W = 320;
  const H = 120;
  const len = Math.max(0, ...series.map((s) => s.length));
  if (len < 2) return null; // a page that saw one turn (a spectator of a finished game) has no line to draw
  const all = series.flat();
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const x = (i) => (i / (len - 1)) * (W - 10) + 5;
  const y = (v) => H - 5 - ((v - min) / (max - min || 1)) * (H - 10);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": label },
    svg("line", { x1: 0, y1: y(0), x2: W, y2: y(0), class: "chart-axis" }),
    series.map((s, k) => svg("polyline", { points: s.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: colors[k] || "#555", "stroke-width": 2.5 })));
}
