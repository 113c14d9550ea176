// The app shell: settings (name, language), the router (#/ lobby, #/game/ID[/watch], #/replay/ID,
// #/replay-file) and the
// game screen that feeds the server's messages to the Capital or Deal table.
import { LANGS, setLang, lang, t } from "./i18n.js";
import { loadKinds, renderLobby } from "./lobby.js";
import { askGame, GameScreen } from "./game.js";
import { renderRecordFile, renderReplay } from "./replay.js";
import { renderRules } from "./rules.js";
import { drawA11yControls } from "./a11y/index.js";
import { el } from "./util.js";
import { tokens } from "./net.js";

export const settings = {
  get name() {
    return localStorage.getItem("tycoon.name") || "";
  },
  set name(v) {
    localStorage.setItem("tycoon.name", v);
  },
  get lang() {
    const stored = localStorage.getItem("tycoon.lang");
    if (stored) return stored;
    const nav = (navigator.language || "en").slice(0, 2);
    return ["en", "pt", "es", "fr"].includes(nav) ? nav : "en";
  },
  set lang(v) {
    localStorage.setItem("tycoon.lang", v);
  },
};

let screen = null;
let routes = 0; // counts route() calls: a slower earlier one must not take the screen back

/** The page's address as [page, id, mode]: `#/game/ID/watch` is ["game", "ID", "watch"]. */
const where = () => location.hash.replace(/^#\/?/, "").split("/");

/** Draw the screen of the page's address; `first`: what the start asked for it beforehand. */
async function route(first = null) {
  // Each route draws into its own box, in the page from the start: a route overtaken while
  // it still loads (a link followed before the lobby got its kinds of games) draws into a
  // box no longer shown, not over the newer screen.
  const main = el("div", { class: "screen" });
  document.getElementById("main").replaceChildren(main);
  const [page, id, mode] = where();
  const mine = ++routes;
  if (screen) {
    screen.close();
    screen = null;
  }
  document.body.dataset.page = page || "lobby";
  let next;
  if (page === "game" && id) {
    next = new GameScreen(main, decodeURIComponent(id), { watch: mode === "watch", info: first?.game });
  } else if (page === "rules" && id) {
    next = await renderRules(main, decodeURIComponent(id));
  } else if (page === "replay" && id) {
    next = await renderReplay(main, decodeURIComponent(id));
  } else if (page === "replay-file") {
    next = renderRecordFile(main);
  } else {
    next = await renderLobby(main, first?.kinds);
  }
  // e.g. a link of the lobby followed while the lobby still loads its list of games
  if (mine !== routes) next?.close?.();
  else screen = next;
}

async function start() {
  tokens.prune();
  const select = document.getElementById("lang-select");
  const params = new URLSearchParams(location.search);
  const chosen = params.get("lang") || settings.lang;
  // what the first screen needs, asked for while the languages load
  const address = location.hash;
  const [page, id] = where();
  let first = null;
  if (!page) first = { kinds: loadKinds() };
  else if (page === "game" && id) first = { game: askGame(decodeURIComponent(id), LANGS.includes(chosen) ? chosen : "en") };
  await setLang(chosen);
  select.value = lang();
  drawA11yControls();
  select.addEventListener("change", async () => {
    settings.lang = select.value;
    if (!(await setLang(select.value))) return; // another language was chosen meanwhile
    document.title = t("ui.title");
    drawA11yControls();
    if (screen && screen.relabel) screen.relabel();
    else route();
  });
  document.title = t("ui.title");
  window.addEventListener("hashchange", () => route());
  await route(location.hash === address ? first : null);
  document.body.dataset.ready = "1";
}

start();
