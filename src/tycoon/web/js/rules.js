// The rules of a game for players, in the page's language: the prose from the page's texts
// (rules.GAME.*), and every price, income, cost, value and effect in tables built from the
// game's data (GET /api/kinds/{game}/data) and catalog, so they can never disagree with the
// engine.
import { t, has, uiCatalog, lang } from "./i18n.js";
import { el } from "./util.js";
import { loadGame, gameData, nameOf, helpOf, word, hasWord, titleOf } from "./messages.js";

const PREFIX = { cards: "card", kinds: "kind", businesses: "business", effects: "effect", colors: "color", sets: "color" };
const MONEY_FIELDS = new Set(["price", "cost", "value", "income", "base_income", "rent", "rents"]);

function rowsOf(v, name) {
  // Deal lists every copy of a card (its own id): one row per kind of card (`card`).
  const key = (x) => (name === "cards" ? x.card ?? x.id : x.id ?? x.kind ?? x.card ?? x.name);
  if (Array.isArray(v)) return v.filter((x) => x && typeof x === "object").map((x) => [key(x), x]);
  if (v && typeof v === "object") return Object.entries(v).filter(([, x]) => x && typeof x === "object" && !Array.isArray(x));
  return [];
}

function cell(game, field, v) {
  if (v === null || v === undefined || v === false) return "—";
  if (v === true) return "✓";
  if (Array.isArray(v)) return v.map((x) => cell(game, field, x)).join(" · ");
  if (typeof v === "number" && MONEY_FIELDS.has(field)) return word(game, "money", { n: v });
  if (typeof v === "string" && hasWord(game, `color.${v}`)) return word(game, `color.${v}`);
  if (typeof v === "string" && (nameOf(game, "color", v))) return nameOf(game, "color", v);
  if (typeof v === "object") return "";
  return String(v);
}

function targetWord(v) {
  if (!v) return "—";
  return has(`rules.target.${v}`) ? t(`rules.target.${v}`) : String(v).replace(/_/g, " ");
}

/** One table per named list of the data (cards, kinds, effects, colours). */
function dataTables(game) {
  const d = gameData(game);
  const out = [];
  for (const [name, value] of Object.entries(d)) {
    const prefix = PREFIX[name];
    if (!prefix) continue;
    let rows = rowsOf(value, name);
    if (name === "effects" && Array.isArray(value) && value.every((x) => typeof x === "string")) rows = value.map((x) => [x, {}]);
    if (!rows.length) continue;
    // one row per kind of card (Deal lists every copy)
    const seen = new Map();
    for (const [id, x] of rows) {
      if (seen.has(id)) seen.get(id).count += 1;
      else seen.set(id, { id, x, count: 1 });
    }
    // Columns: the numbers a player compares, when every row has a plain value (or a list).
    const fields = [...new Set(rows.flatMap(([, x]) => Object.keys(x)))].filter((f) =>
      ["price", "cost", "value", "income", "base_income", "size", "set_size", "uses", "rents", "target", "colors"].includes(f)
      && rows.every(([, x]) => x[f] === undefined || x[f] === null || typeof x[f] !== "object" || Array.isArray(x[f])));
    const helps = [...seen.values()].map(({ id, x }) => helpOf(game, prefix, id, x));
    const anyHelp = helps.some(Boolean);
    const many = [...seen.values()].some((r) => r.count > 1);
    // On a phone each row is a block whose cells name their column (data-label, CSS); the
    // roles keep it a table for screen readers when CSS changes its display.
    const td = (label, text) => el("td", { role: "cell", "data-label": label }, text);
    out.push(el("section", { class: "rules-table", "aria-labelledby": `rt-${name}` },
      el("h2", { id: `rt-${name}` }, t(`rules.table.${name}`)),
      el("table", { role: "table" },
        el("thead", { role: "rowgroup" }, el("tr", { role: "row" }, el("th", { role: "columnheader" }, t("rules.col.name")),
          many ? el("th", { role: "columnheader" }, t("rules.col.count")) : null,
          fields.map((f) => el("th", { role: "columnheader" }, t(`rules.col.${f}`))),
          anyHelp ? el("th", { role: "columnheader" }, t("rules.col.help")) : null)),
        el("tbody", { role: "rowgroup" }, [...seen.values()].map(({ id, x, count }) => el("tr", { role: "row", "data-id": String(id) },
          el("th", { role: "rowheader" }, nameOf(game, prefix, id, x) ?? String(id)),
          many ? td(t("rules.col.count"), String(count)) : null,
          fields.map((f) => td(t(`rules.col.${f}`), f === "target" ? targetWord(x[f]) : cell(game, f, x[f]))),
          anyHelp ? td(t("rules.col.help"), helpOf(game, prefix, id, x) ?? "") : null))))));
  }
  return out;
}

export async function renderRules(main, game) {
  await loadGame(game, lang());
  const cat = uiCatalog();
  const keys = Object.keys(cat).filter((k) => k.startsWith(`rules.${game}.`)).sort();
  const paragraphs = keys.map((k) => {
    const text = t(k);
    return k.endsWith("_h") ? el("h2", {}, text) : el("p", {}, text);
  });
  const title = titleOf(game);
  main.replaceChildren(el("article", { class: "rules card-panel", "aria-labelledby": "rules-h" },
    el("a", { class: "button ghost", href: "#/" }, "← ", t("ui.lobby")),
    el("h1", { id: "rules-h", tabindex: "-1" }, t("rules.title", { game: title })),
    paragraphs.length ? paragraphs : el("p", {}, t("rules.none")),
    dataTables(game)));
  main.querySelector("#rules-h").focus();
  return { close() {}, relabel: () => renderRules(main, game) };
}
