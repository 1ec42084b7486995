/* What every match page shares (matches/static/matches/ui.js): whose decision a frame asks for. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";

installPage("en");
const UI = await import("../../matches/static/matches/ui.js");

test("a seat decides when the frame offers it moves or waits for it", () => {
  assert.equal(UI.decides({ legal: [{ type: "take" }], to_act: [] }, 0), true);
  assert.equal(UI.decides({ legal: [], to_act: [1, 0] }, 0), true);
  assert.equal(UI.decides({ legal: [], to_act: [1] }, 0), false);
  assert.equal(UI.decides({ legal: [], to_act: [0] }, null), false);
});

test("nobody decides anything in a replay, not even the seat it is seen from", () => {
  // a replay's frames say whom the match waited for then (to_act), from the seat it is seen from
  assert.equal(UI.decides({ replay: true, legal: [], to_act: [0] }, 0), false);
  assert.equal(UI.decides({ replay: true, legal: [{ type: "take" }], to_act: [0] }, 0), false);
});
