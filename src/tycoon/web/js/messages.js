// One source of words and data: the games' message catalogs and client data, fetched from the
// server (GET /api/kinds/{game}/messages/{lang}, GET /api/kinds/{game}/data), and the renderer
// of messages — exactly the rules of src/tycoon/engine/messages.py:
//
// - "{name}" in a template is replaced by the parameter `name`;
// - a template may be a plural object {"plural": "n", "one": "...", "other": "..."}: the form is
//   chosen by Intl.PluralRules of the language applied to the parameter named by "plural"
//   (a missing form falls back to "other");
// - a parameter is a string or number (inserted as is, a whole number with the language's digit
//   groups: "1,250", "1 250", Spanish "1250" but "12.500"), a nested message {"key", "params"}
//   (rendered in the same catalog), a list of those (joined by the catalog's "list.sep", or its
//   "list.sep.strong" when an item holds the separator: "Paris, Texas ; Lyon"), or a
//   seat reference {"seat": n} rendered by the caller's `names` (the player's name and letter),
//   else by the catalog's "seat.name";
// - in French, "de" or "que" just before a parameter whose words begin with a vowel is elided
//   ("En attente d'Ana", not "de Ana");
// - a missing key renders as the key, a missing parameter as "{name}" (the tests look for both).

const PLACEHOLDER = /\{(\w+)\}/g;
const plurals = new Map();

// Whose plural rules count a language's whole numbers: Portugal's for Portuguese, so zero things
// are plural ("0 cartas"), as in tycoon.engine.messages.PLURAL_LOCALES.
const PLURAL_LOCALES = { pt: "pt-PT" };

// A language's elisions before a parameter, as in tycoon.engine.messages.ELISIONS: the word
// ending the text before it, and the first letters of the parameter's words that elide it.
const ELISIONS = {
  fr: [/(?<!\S)(d|D|qu|Qu)e $/, /^[AEIOUaeiouÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜàâäæéèêëîïôöœùûü]/],
};

function elide(lang, before, value) {
  const rule = ELISIONS[lang];
  return rule && rule[1].test(value) ? before.replace(rule[0], "$1'") : before;
}

// Whole numbers with the language's digit groups (CLDR, as Babel's in Python: "1,250", "1 250";
// Spanish leaves four digits whole, "1250" but "12.500").
const numberFormats = new Map();

function number(lang, n) {
  if (!Number.isInteger(n)) return String(n);
  if (!numberFormats.has(lang)) numberFormats.set(lang, new Intl.NumberFormat(lang));
  return numberFormats.get(lang).format(n);
}

function pluralForm(lang, n) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(PLURAL_LOCALES[lang] ?? lang));
  return plurals.get(lang).select(Math.abs(n));
}

/**
 * `message` ({key, params}) in words from `catalog` (one language's {key: template}).
 * `names[seat]` renders a seat reference.
 */
export function render(message, catalog, lang, names = null) {
  if (!message || typeof message !== "object") return message == null ? "" : String(message);
  const key = message.key;
  const params = message.params || {};
  let template = catalog?.[key];
  if (template === undefined || template === null) return key;
  if (typeof template === "object") {
    const count = params[template.plural || "n"];
    const form = pluralForm(lang, Number.isInteger(count) ? count : 0);
    template = template[form] ?? template.other ?? key;
  }
  template = String(template);
  let out = "";
  let end = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const before = template.slice(end, match.index);
    end = match.index + match[0].length;
    if (!Object.prototype.hasOwnProperty.call(params, match[1])) {
      out += before + match[0];
      continue;
    }
    const text = value(params[match[1]], catalog, lang, names);
    out += elide(lang, before, text) + text;
  }
  return out + template.slice(end);
}

/** `items` joined by the catalog's "list.sep"; by its "list.sep.strong" when an item holds
 * that separator itself, so a name with a comma stays one item. */
function join(items, catalog) {
  const sep = catalog?.["list.sep"] ?? ", ";
  const mark = sep.trim();
  return items.join(mark && items.some((item) => item.includes(mark)) ? catalog?.["list.sep.strong"] ?? "; " : sep);
}

function value(v, catalog, lang, names) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return join(v.map((x) => value(x, catalog, lang, names)), catalog);
  if (typeof v === "object") {
    if ("key" in v) return render(v, catalog, lang, names);
    if ("seat" in v) {
      const seat = v.seat;
      if (names && seat >= 0 && seat < names.length && names[seat]) return names[seat];
      return render({ key: "seat.name", params: { number: seat + 1 } }, catalog, lang, names);
    }
    return JSON.stringify(v);
  }
  return typeof v === "number" ? number(lang, v) : String(v);
}

/** Every key a message needs, nested ones included. */
export function keysUsed(message) {
  const out = new Set([message.key]);
  const stack = Object.values(message.params || {});
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === "object" && "key" in v) {
      out.add(v.key);
      stack.push(...Object.values(v.params || {}));
    }
  }
  return out;
}

// ---- catalogs and data from the server ------------------------------------------------------

const catalogs = new Map(); // "game:lang" -> catalog
const merged = new Map(); // "game:lang" -> the language over English
const data = new Map(); // game -> client data
let currentLang = "en";

async function getJson(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

const loading = new Map(); // path -> the promise of its JSON ({} when it fails), fetched once

/** `path`'s JSON, fetched once however many ask for it at the same time; {} when it fails. */
function once(path) {
  if (!loading.has(path)) loading.set(path, getJson(path).catch(() => ({})));
  return loading.get(path);
}

/** Fetch (once) the catalog of `game` in `lang`, and English as the fallback, side by side. */
export async function loadCatalog(game, lang) {
  await Promise.all([...new Set(["en", lang])].map(async (l) => {
    const k = `${game}:${l}`;
    if (catalogs.has(k)) return;
    catalogs.set(k, await once(`/api/kinds/${encodeURIComponent(game)}/messages/${l}`));
    merged.delete(`${game}:${lang}`);
  }));
  return catalog(game, lang);
}

/** Fetch (once) the client data of `game` (board, cards, prices, ...). */
export async function loadData(game) {
  if (!data.has(game)) data.set(game, await once(`/api/kinds/${encodeURIComponent(game)}/data`));
  return data.get(game);
}

/** Everything a game's screen needs before it draws: its catalog (current language) and data. */
export async function loadGame(game, lang = currentLang) {
  const [, d] = await Promise.all([loadCatalog(game, lang), loadData(game), loadTitles()]);
  return d;
}

/** The language the game words are rendered in (set by the language switch). */
export function setGameLang(lang) {
  currentLang = lang;
}

/** The loaded catalog of `game`: the language's entries over English ones. */
export function catalog(game, lang = currentLang) {
  const k = `${game}:${lang}`;
  if (!merged.has(k)) {
    const en = catalogs.get(`${game}:en`);
    const own = catalogs.get(k);
    if (!en && !own) return {};
    merged.set(k, lang === "en" ? en || {} : { ...(en || {}), ...(own || {}) });
  }
  return merged.get(k);
}

/** The loaded client data of `game` ({} until loadData). */
export function gameData(game) {
  return data.get(game) || {};
}

/** Render a message of `game` in the current language. */
export function say(game, message, names = null) {
  return render(message, catalog(game), currentLang, names);
}

/** Render the catalog entry `key` of `game` with plain `params`. */
export function word(game, key, params = {}, names = null) {
  return render({ key, params }, catalog(game), currentLang, names);
}

/** Whether the catalog of `game` has `key`. */
export function hasWord(game, key) {
  return catalog(game)[key] !== undefined;
}

/**
 * The name of a thing of the game's data (a card, a kind, an effect, a colour): its `name`
 * message or `name_key` when the data carries one, else the catalog entry `PREFIX.ID.name`
 * (or `PREFIX.ID`).
 */
export function nameOf(game, prefix, id, entry = null) {
  if (entry && typeof entry.name === "object" && entry.name?.key) return say(game, entry.name);
  if (entry && typeof entry.name_key === "string") return word(game, entry.name_key);
  const cat = catalog(game);
  if (cat[`${prefix}.${id}.name`] !== undefined) return word(game, `${prefix}.${id}.name`);
  if (cat[`${prefix}.${id}`] !== undefined) return word(game, `${prefix}.${id}`);
  return null;
}

/** The one-sentence help of a thing of the game's data (`PREFIX.ID.help`), or null; under a
 * game's rules `options`, its wording for them first: `PREFIX.ID.help@A=X@B=Y` for the values
 * of two options (named in alphabetical order), else `PREFIX.ID.help@OPTION=VALUE` for one
 * value, else `PREFIX.ID.help@OPTION` for any, whose `{OPTION}` says the value. */
export function helpOf(game, prefix, id, entry = null, options = null) {
  const key = `${prefix}.${id}.help`;
  const cat = catalog(game);
  const named = Object.entries(options || {});
  const sorted = [...named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [i, [a, x]] of sorted.entries()) {
    for (const [b, y] of sorted.slice(i + 1)) {
      const both = `${key}@${a}=${x}@${b}=${y}`;
      if (cat[both] !== undefined) return word(game, both);
    }
  }
  for (const [name, value] of named) {
    if (cat[`${key}@${name}=${value}`] !== undefined) return word(game, `${key}@${name}=${value}`);
  }
  for (const [name] of named) {
    if (cat[`${key}@${name}`] !== undefined) return word(game, `${key}@${name}`, options);
  }
  if (entry && typeof entry.help === "object" && entry.help?.key) return say(game, entry.help);
  if (entry && typeof entry.help_key === "string") return word(game, entry.help_key);
  return cat[key] !== undefined ? word(game, key) : null;
}

let titles = null;

/** Fetch (once) the games' titles of GET /api/kinds. */
export async function loadTitles() {
  if (!titles) {
    const kinds = await once("/api/kinds");
    titles = Object.fromEntries((Array.isArray(kinds) ? kinds : []).map((k) => [k.name, k.title]));
  }
  return titles;
}

/** A game's name: its catalog's "game.title", else its title in GET /api/kinds. */
export function titleOf(game) {
  if (hasWord(game, "game.title")) return word(game, "game.title");
  return titles?.[game] || game;
}
