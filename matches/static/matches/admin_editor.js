/* What the admin's visual editors of game data share (the pyramid editor, the maze editor):
 * drawing in SVG, asking the engine through the admin's check endpoint, and the status list under
 * the drawing whose root's data-valid the tests and the styles read.
 * Each editor's module imports it. */
const SVG = "http://www.w3.org/2000/svg";

function svgElement(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

// POSTs a draft to the editor's check endpoint (the root's data-check-url) -> the engine's answer.
async function askEngine(root, body) {
  const token = document.querySelector("input[name=csrfmiddlewaretoken]");
  const response = await fetch(root.dataset.checkUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return response.json();
}

// items: [{text, kind: "ok" | "error" | "checking"}]; the root is data-valid "yes" only on one "ok".
function showStatus(root, list, items) {
  list.replaceChildren(...items.map(({ text, kind }) => {
    const li = document.createElement("li");
    li.className = kind;
    li.textContent = text;
    return li;
  }));
  root.dataset.valid = items.length === 1 && items[0].kind === "ok" ? "yes"
    : items.some((i) => i.kind === "error") ? "no" : "";
}

// Starts an editor on every root the page has, once the page is read.
function startEditors(selector, Editor) {
  const start = () => {
    document.querySelectorAll(selector).forEach((root) => {
      if (!root.editor) root.editor = new Editor(root);
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}

export { svgElement, askEngine, showStatus, startEditors };
