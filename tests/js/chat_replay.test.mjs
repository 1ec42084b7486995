/* The chat's list on a replay (chat/static/chat/chat.js): redrawn when a step shows other messages, left alone
 * when it shows the same ones (each redraw reads the list's height, a forced layout of the page). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { installPage } from "./page.mjs";

installPage("en");

function element() {
  return {
    children: [], dataset: {}, hidden: false, className: "", scrollTop: 0, clientHeight: 100, heightReads: 0,
    set textContent(text) { if (text === "") this.children = []; this._text = text; },
    get textContent() { return this._text || ""; },
    get scrollHeight() { this.heightReads += 1; return 40 * this.children.length; },
    appendChild(child) { this.children.push(child); return child; },
    addEventListener() {},
  };
}

const list = element();
const panel = Object.assign(element(), {
  dataset: { mode: "replay", me: "ann" },
  querySelector(selector) { return selector === ".chat-messages" ? list : selector === ".chat-empty" ? element() : null; },
});
globalThis.document.getElementById = (id) => (id === "chat-panel" ? panel : null);
globalThis.document.createElement = () => element();
globalThis.document.createTextNode = (text) => ({ text });

const { attach } = await import("../../chat/static/chat/chat.js");
const handlers = {};
attach({ on(type, fn) { handlers[type] = fn; } });

const chat = [{ id: 1, version: 2, author: "ann", channel: "players", text: "hello" },
              { id: 2, version: 5, author: "bob", channel: "players", text: "hi" }];
const step = (version) => handlers.replay_step({ version: version, data: { chat: chat } });

test("a step that shows the messages already shown leaves the list alone", () => {
  step(0);
  const reads = list.heightReads;
  step(1);
  assert.equal(list.heightReads, reads);
  assert.equal(list.children.length, 0);
});

test("a step that shows another message redraws the list with the messages up to its moment", () => {
  step(2);
  assert.deepEqual(list.children.map((li) => li.dataset.id), ["1"]);
  const reads = list.heightReads;
  step(3);
  step(4);
  assert.equal(list.heightReads, reads);
  step(5);
  assert.deepEqual(list.children.map((li) => li.dataset.id), ["1", "2"]);
  step(1);  // stepping back
  assert.deepEqual(list.children.map((li) => li.dataset.id), []);
});
