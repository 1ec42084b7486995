/* The page's strings in the reader's language, from Django's JSON catalogue (JSONCatalog at /jsi18n/, the
 * djangojs domain: locale/<language>/LC_MESSAGES/djangojs.po). It is fetched once per page, before any module
 * that imports this one runs (a top-level await), from the address in the page's <html data-catalog>; a page
 * without one (the browser tests' harness pages) reads the English source. Scripts call gettext, ngettext and
 * pgettext with the English text itself, where `manage.py makemessages -d djangojs` finds it. No eval: the
 * catalogue's plural rule (a C expression of n) is read by a small parser, as the CSP allows no 'unsafe-eval'. */
let catalog = {};
let pluralIndex = function (n) { return n === 1 ? 0 : 1; };

const url = document.documentElement.dataset.catalog;
if (url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (response.ok) {
    const data = await response.json();
    catalog = data.catalog || {};
    if (data.plural) pluralIndex = pluralRule(data.plural);
  }
}

/* "(n > 1)", "n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2": the C expressions of gettext's Plural-Forms,
 * parsed into a function of n (ternary, ||, &&, comparisons, + - * / %, !, parentheses). */
export function pluralRule(expression) {
  const tokens = expression.match(/\d+|n|[<>!=]=|&&|\|\||[-+*/%<>!?:()]/g) || [];
  let at = 0;
  function peek() { return tokens[at]; }
  function take(expected) {
    const token = tokens[at++];
    if (expected !== undefined && token !== expected) throw new Error("plural rule: expected " + expected + " in " + expression);
    return token;
  }
  function binary(next, operators) {
    return function () {
      let left = next();
      while (operators[peek()]) {
        const apply = operators[take()], l = left, r = next();
        left = (function (l, r, apply) { return function (n) { return apply(l(n), r(n)); }; })(l, r, apply);
      }
      return left;
    };
  }
  function primary() {
    const token = take();
    if (token === "n") return function (n) { return n; };
    if (token === "(") { const inner = ternary(); take(")"); return inner; }
    if (token === "!") { const operand = primary(); return function (n) { return operand(n) ? 0 : 1; }; }
    if (/^\d+$/.test(token || "")) { const value = Number(token); return function () { return value; }; }
    throw new Error("plural rule: unexpected " + token + " in " + expression);
  }
  const product = binary(primary, { "*": function (a, b) { return a * b; }, "/": function (a, b) { return Math.floor(a / b); }, "%": function (a, b) { return a % b; } });
  const sum = binary(product, { "+": function (a, b) { return a + b; }, "-": function (a, b) { return a - b; } });
  const relation = binary(sum, { "<": function (a, b) { return +(a < b); }, ">": function (a, b) { return +(a > b); }, "<=": function (a, b) { return +(a <= b); }, ">=": function (a, b) { return +(a >= b); } });
  const equality = binary(relation, { "==": function (a, b) { return +(a === b); }, "!=": function (a, b) { return +(a !== b); } });
  const and = binary(equality, { "&&": function (a, b) { return +(a && b); } });
  const or = binary(and, { "||": function (a, b) { return +(a || b); } });
  function ternary() {
    const test = or();
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return function (n) { return test(n) ? yes(n) : no(n); };
  }
  const rule = ternary();
  if (at !== tokens.length) throw new Error("plural rule: trailing " + tokens[at] + " in " + expression);
  return function (n) { return Number(rule(n)); };
}

function lookup(key) {
  const value = catalog[key];
  if (value === undefined) return key;
  return typeof value === "string" ? value : value[0];
}

export function gettext(msgid) {
  return lookup(msgid);
}

export function ngettext(singular, plural, n) {
  const value = catalog[singular];
  if (value === undefined || typeof value === "string") return n === 1 ? singular : plural;
  return value[pluralIndex(n)];
}

export function pgettext(context, msgid) {
  const value = lookup(context + "\x04" + msgid);
  return value.indexOf("\x04") === -1 ? value : msgid;
}

/* "{name} took {tile}" with {name: ..., tile: ...}: the placeholders our strings use. */
export function interpolate(text, values) {
  return Object.keys(values || {}).reduce(function (out, key) { return out.split("{" + key + "}").join(values[key]); }, text);
}
