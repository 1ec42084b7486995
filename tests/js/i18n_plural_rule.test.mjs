/* The plural rule of a catalogue (static/js/i18n.js pluralRule): gettext's Plural-Forms expression, a C
 * expression of n, read without eval (the pages' policy forbids it). */
import { test } from "node:test";
import assert from "node:assert/strict";

import { installPage } from "./page.mjs";

installPage("en");
const { pluralRule } = await import("../../static/js/i18n.js");

const forms = (rule, ns) => ns.map(pluralRule(rule));

test("French: 0 and 1 are singular, 2 and more plural", () => {
  assert.deepEqual(forms("(n > 1)", [0, 1, 2, 5, 100]), [0, 0, 1, 1, 1]);
});

test("English: only 1 is singular", () => {
  assert.deepEqual(forms("(n != 1)", [0, 1, 2, 21]), [1, 0, 1, 1]);
});

test("a rule may name a single form", () => {
  assert.deepEqual(forms("0", [0, 1, 2]), [0, 0, 0]);
});

test("ternaries nest to the right (three forms)", () => {
  // Latvian
  assert.deepEqual(forms("n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2", [0, 1, 2, 11, 21, 111]), [2, 0, 1, 1, 0, 1]);
});

test("and binds tighter than or, comparisons tighter than and (Polish)", () => {
  const rule = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";
  assert.deepEqual(forms(rule, [1, 2, 4, 5, 12, 14, 22, 25, 0]), [0, 1, 1, 2, 2, 2, 1, 2, 2]);
});

test("arithmetic keeps its precedence, division is whole", () => {
  assert.deepEqual(forms("n + 2 * 3", [1]), [7]);
  assert.deepEqual(forms("(n + 2) * 3", [1]), [9]);
  assert.deepEqual(forms("n / 2", [7]), [3]);
  assert.deepEqual(forms("10 - n - 3", [2]), [5]);
});

test("not turns true into 0 and false into 1", () => {
  assert.deepEqual(forms("!(n == 1)", [1, 2]), [0, 1]);
  assert.deepEqual(forms("n >= 2 || n <= 0", [0, 1, 2]), [1, 0, 1]);
});

test("a malformed rule is refused, not guessed", () => {
  assert.throws(() => pluralRule("n >"), /plural rule/);
  assert.throws(() => pluralRule("(n > 1"), /expected \)/);
  assert.throws(() => pluralRule("n 1"), /trailing 1/);
  assert.throws(() => pluralRule("n ? 1"), /expected :/);
});
