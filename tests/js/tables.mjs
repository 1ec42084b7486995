/* Every strings table of the page scripts (the exports of the `<app>/static/<app>/*_strings.js` modules), for
 * the strings tests; call it after page.mjs installed the page. */
import { readdirSync, existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function stringModules() {
  const found = [];
  for (const app of readdirSync(ROOT, { withFileTypes: true })) {
    if (!app.isDirectory() || app.name.startsWith(".") || app.name === "node_modules") continue;
    const folder = ROOT + app.name + "/static/" + app.name + "/";
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) if (file.endsWith("_strings.js")) found.push(app.name + "/static/" + app.name + "/" + file);
  }
  return found.sort();
}

/* {"matches/static/matches/match_strings.js MATCH": {...}, ...} */
export async function stringTables() {
  const tables = {};
  for (const path of stringModules()) {
    const module = await import(pathToFileURL(ROOT + path).href);
    for (const [name, table] of Object.entries(module)) tables[path + " " + name] = table;
  }
  return tables;
}

/* Each string of a table, at any depth, with its path ("...tiles_strings.js TILES.kinds.ring"); a counted
 * string (a list of forms) is one entry. */
export function entries(table, path) {
  const out = [];
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === "string" || Array.isArray(value)) out.push([path + "." + key, value]);
    else out.push(...entries(value, path + "." + key));
  }
  return out;
}
