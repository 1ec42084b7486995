/* A page as far as the page scripts' strings need one, for importing them in Node: <html lang> and
 * data-catalog, no element, and a fetch that answers /jsi18n/ with the catalogue of the page's language
 * (catalogue.mjs). Install it before importing the modules (dynamic import()), once per test file: a module is
 * loaded once per process, and `node --test` runs each file in a process of its own. Importing this module also
 * lets the page scripts import each other by their served addresses (static_hooks.mjs). */
import { register } from "node:module";

import { catalogue } from "./catalogue.mjs";

// the page scripts' imports resolved by their served addresses (static_hooks.mjs)
register("./static_hooks.mjs", import.meta.url);

export function installPage(language) {
  const fetched = [];
  const dataset = language === "en" ? {} : { catalog: "/jsi18n/?language=" + language };
  globalThis.document = {
    documentElement: { lang: language, dataset: dataset },
    getElementById: function () { return null; },
    querySelector: function () { return null; },
    querySelectorAll: function () { return []; },
  };
  // a page's own timers (sidi_common.js redraws its clocks every second) must not keep the test process alive
  const setPageInterval = globalThis.setInterval;
  globalThis.setInterval = function () {
    const timer = setPageInterval.apply(globalThis, arguments);
    timer.unref();
    return timer;
  };
  globalThis.fetch = async function (url) {
    fetched.push(String(url));
    const body = catalogue(language);
    return { ok: true, status: 200, json: async function () { return body; } };
  };
  return { fetched: fetched };
}
