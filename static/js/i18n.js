/* The page's strings in the reader's language, from Django's JSON catalogue (JSONCatalog at /jsi18n/, the
 * djangojs domain: locale/<language>/LC_MESSAGES/djangojs.po). It is fetched once per page, before any module
 * that imports this one runs (a top-level await), from the address in the page's <html data-catalog>; a page
 * without one (the browser tests' harness pages) reads the English source. Scripts call gettext, ngettext and
 * pgettext with the English text itself, where `manage.py makemessages -d djangojs` finds it. No eval: the
 * catalogue's plural rule (a C expression of n) is read by a small parser, as the CSP allows no 'unsafe-eval'. */
var catalog = {};
var pluralIndex = function (n) { return n === 1 ? 0 : 1; };

var url = document.documentElement.dataset.catalog;
if (url) {
  var response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (response.ok) {
    var data = await response.json();
    catalog = data.catalog || {};
    if (data.plural) pluralIndex = pluralRule(data.plural);
  }
}

/* "(n > 1)", "n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2": the C expressions of gettext's Plural-Forms,
 * parsed into a function of n (ternary, ||, &&, comparisons, + - * / %, !, parentheses). */
export function pluralRule(expression) {
  var tokens = expression.match(/\d+|n|[<>!=]=|&&|\|\||[-+*\/%<>!?:()]/g) || [];
  var at = 0;
  function peek() { return tokens[at]; }
  function take(expected) {
    var token = tokens[at++];
    if (expected !== undefined && token !== expected) throw new Error("plural rule: expected " + expected + " in " + expression);
    return token;
  }
  function binary(next, operators) {
    return function () {
      var left = next();
      while (operators[peek()]) {
        var apply = operators[take()], l = left, r = next();
        left = (function (l, r, apply) { return function (n) { return apply(l(n), r(n)); }; })(l, r, apply);
      }
      return left;
    };
  }
  function primary() {
    var token = take();
    if (token === "n") return function (n) { return n; };
    if (token === "(") { var inner = ternary(); take(")"); return inner; }
    if (token === "!") { var operand = primary(); return function (n) { return operand(n) ? 0 : 1; }; }
    if (/^\d+$/.test(token || "")) { var value = Number(token); return function () { return value; }; }
    throw new Error("plural rule: unexpected " + token + " in " + expression);
  }
  var product = binary(primary, { "*": function (a, b) { return a * b; }, "/": function (a, b) { return Math.floor(a / b); }, "%": function (a, b) { return a % b; } });
  var sum = binary(product, { "+": function (a, b) { return a + b; }, "-": function (a, b) { return a - b; } });
  var relation = binary(sum, { "<": function (a, b) { return +(a < b); }, ">": function (a, b) { return +(a > b); }, "<=": function (a, b) { return +(a <= b); }, ">=": function (a, b) { return +(a >= b); } });
  var equality = binary(relation, { "==": function (a, b) { return +(a === b); }, "!=": function (a, b) { return +(a !== b); } });
  var and = binary(equality, { "&&": function (a, b) { return +(a && b); } });
  var or = binary(and, { "||": function (a, b) { return +(a || b); } });
  function ternary() {
    var test = or();
    if (peek() !== "?") return test;
    take("?");
    var yes = ternary();
    take(":");
    var no = ternary();
    return function (n) { return test(n) ? yes(n) : no(n); };
  }
  var rule = ternary();
  if (at !== tokens.length) throw new Error("plural rule: trailing " + tokens[at] + " in " + expression);
  return function (n) { return Number(rule(n)); };
}

function lookup(key) {
  var value = catalog[key];
  if (value === undefined) return key;
  return typeof value === "string" ? value : value[0];
}

export function gettext(msgid) {
  return lookup(msgid);
}

export function ngettext(singular, plural, n) {
  var value = catalog[singular];
  if (value === undefined || typeof value === "string") return n === 1 ? singular : plural;
  return value[pluralIndex(n)];
}

export function pgettext(context, msgid) {
  var value = lookup(context + "\x04" + msgid);
  return value.indexOf("\x04") === -1 ? value : msgid;
}

/* "{name} took {tile}" with {name: ..., tile: ...}: the placeholders our strings use. */
export function interpolate(text, values) {
  return Object.keys(values || {}).reduce(function (out, key) { return out.split("{" + key + "}").join(values[key]); }, text);
}
