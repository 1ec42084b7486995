/* Module resolution hooks for the tests: the page scripts import each other by their served address
 * ("../matches/ui.js" from /static/basra/basra_log.js is /static/matches/ui.js), while in the repository each
 * app keeps its own static/ folder. An import from a page script is resolved as the browser does against the
 * served address, then found where Django's static files finders find it: the project's static/ first, then
 * each app's static/. Registered by page.mjs (node:module register). */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const STATIC_ROOTS = [ROOT + "static/"].concat(readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
  .map((entry) => ROOT + entry.name + "/static/")
  .filter((folder) => existsSync(folder)));

/* The address under /static/ a file of the repository is served at, or null. */
function servedPath(path) {
  const root = STATIC_ROOTS.find((folder) => path.startsWith(folder));
  return root ? path.slice(root.length) : null;
}

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (parent && parent.startsWith("file:") && /^\.\.?\//.test(specifier)) {
    const served = servedPath(fileURLToPath(parent));
    if (served !== null) {
      const target = new URL(specifier, "http://site/static/" + served).pathname;
      if (target.startsWith("/static/")) {
        const relative = decodeURIComponent(target.slice("/static/".length));
        const found = STATIC_ROOTS.map((folder) => folder + relative).find((path) => existsSync(path));
        if (found) return { url: pathToFileURL(found).href, shortCircuit: true };
      }
    }
  }
  return nextResolve(specifier, context);
}
