/* matches/static/matches/focus_keeper.js: which redrawn control stands for the one that had the focus. */
import { test } from "node:test";
import assert from "node:assert/strict";

import { pickLike } from "../../matches/static/matches/focus_keeper.js";

const mark = { words: "Take", nth: 2 };

test("the control with the same words is the one, wherever it now is", () => {
  assert.equal(pickLike(mark, [{ words: "Pass" }, { words: "Take" }, { words: "Other" }]), 1);
});

test("a disabled control with the same words is passed over", () => {
  assert.equal(pickLike(mark, [{ words: "Take", disabled: true }, { words: "A" }, { words: "B" }]), 2);
});

test("without the same words, the control at the same place, or the nearest enabled one before it", () => {
  assert.equal(pickLike(mark, [{ words: "A" }, { words: "B" }, { words: "C" }, { words: "D" }]), 2);
  assert.equal(pickLike(mark, [{ words: "A" }, { words: "B" }]), 1);
  assert.equal(pickLike(mark, [{ words: "A" }, { words: "B", disabled: true }, { words: "C", disabled: true }]), 0);
});

test("nothing stands for it when nothing like it is left enabled", () => {
  assert.equal(pickLike(mark, []), -1);
  assert.equal(pickLike(mark, [{ words: "A", disabled: true }]), -1);
});
