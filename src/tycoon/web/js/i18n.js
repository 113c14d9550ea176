// Texts in four languages. The JSON files live in the package's i18n/ folder; the server serves
// them (see docs/web.md). Keys are flat, dotted, and use the rule ids of shared/rules as names
// ("capital.card.easy_money.name", "deal.color.dark_blue"). These are the page's own words
// (buttons, lobby, headings); the games' words come from their catalogs (messages.js). A text
// may be a plural object, rendered by the same rules as the games' messages.
import { render, setGameLang } from "./messages.js";

export const LANGS = ["en", "pt", "es", "fr"];
const cache = {};
let current = "en";
let texts = {};
let fallback = {};
let merged = {};

/** Where the language files are served: the server mounts them at /i18n/ (fallback: web/i18n/). */
const SOURCES = ["i18n/", "/i18n/"];

/** A language's texts, fetched once: the promise is kept, so that English asked twice at once
 * (the fallback and the language chosen) is one request. */
function fetchLang(lang) {
  cache[lang] ??= (async () => {
    for (const base of SOURCES) {
      try {
        const res = await fetch(`${base}${lang}.json`);
        if (res.ok) return await res.json();
      } catch (e) {
        /* try the next place */
      }
    }
    return {};
  })();
  return cache[lang];
}

let asked = 0; // counts setLang() calls: the language chosen last wins over a slower earlier one

/** Load a language (and English as the fallback for any missing key). False, and nothing
 * changed, when another language was asked for while this one loaded. */
export async function setLang(lang) {
  if (!LANGS.includes(lang)) lang = "en";
  const mine = ++asked;
  const [en, own] = await Promise.all([fetchLang("en"), fetchLang(lang)]);
  if (mine !== asked) return false;
  fallback = en;
  texts = own;
  current = lang;
  merged = { ...fallback, ...texts };
  setGameLang(lang);
  document.documentElement.lang = lang;
  translateStatic(document);
  return true;
}

export function lang() {
  return current;
}

/** The text of `key`, with {name} placeholders filled from `params`. */
export function t(key, params = {}) {
  return render({ key, params }, merged, current);
}

/** The page's own catalog in the current language (English under it). */
export function uiCatalog() {
  return merged;
}

/** Whether a key exists in the current language or in English. */
export function has(key) {
  return texts[key] !== undefined || fallback[key] !== undefined;
}

/** The words for a refusal of the server, a WebSocket `error` or a REST error (`{code,
 * message}`): its `code` in the page's language when the page has words for it
 * (`error.CODE`), else the server's own message (docs/protocol.md, "Error answers"). */
export function errorText({ code, message } = {}) {
  return code && has(`error.${code}`) ? t(`error.${code}`) : t("ui.error", { message: message || code || "" });
}

/** Fill every element carrying data-i18n (text) or data-i18n-label (aria-label). */
export function translateStatic(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset.i18n);
  });
  root.querySelectorAll("[data-i18n-label]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  });
}

