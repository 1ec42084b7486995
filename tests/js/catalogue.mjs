/* The JSON catalogue a page in a language gets from /jsi18n/ (Django's JSONCatalog, the djangojs domain), read
 * from the compiled catalogue the site serves it from (locale/<language>/LC_MESSAGES/djangojs.mo), in the same
 * shape: {catalog: {msgid: text, singular: [forms], "context\x04msgid": text}, plural: "(n > 1)"}. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function catalogue(language) {
  const mo = readFileSync(ROOT + "locale/" + language + "/LC_MESSAGES/djangojs.mo");
  let word = mo.readUInt32LE.bind(mo);
  if (word(0) !== 0x950412de) {
    word = mo.readUInt32BE.bind(mo);
    if (word(0) !== 0x950412de) throw new Error("not a .mo file");
  }
  const count = word(8), originals = word(12), translations = word(16);
  const text = function (table, k) {
    const length = word(table + 8 * k), offset = word(table + 8 * k + 4);
    return mo.toString("utf8", offset, offset + length);
  };
  const catalog = {};
  let plural = null;
  for (let k = 0; k < count; k++) {
    const msgid = text(originals, k), msgstr = text(translations, k);
    if (msgid === "") {
      const forms = /^Plural-Forms:.*\bplural=([^;\n]+);?/m.exec(msgstr);
      plural = forms ? forms[1].trim() : null;
    } else if (msgid.includes("\0")) {
      catalog[msgid.split("\0")[0]] = msgstr.split("\0");  // a counted string: its forms, by the plural rule
    } else {
      catalog[msgid] = msgstr;
    }
  }
  return { catalog: catalog, formats: {}, plural: plural };
}
