/* ESLint's flat configuration: the page scripts (ES modules run by the browser, served as they are or with
 * hashed names by WhiteNoise) and their unit tests (tests/js/, run by `node --test`). `npx eslint .` */
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // the venv's packages, npm's, collectstatic's copies (hashed names) and the browser tests' screenshots/traces
    ignores: [".venv/", "node_modules/", "staticfiles/", "test-artifacts/", "tmp/"],
  },
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,  // top-level await (static/js/i18n.js) and the syntax every browser we serve has
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // the unit tests and this file run in Node, not in a page
    files: ["tests/js/**", "eslint.config.js"],
    languageOptions: {
      globals: { ...globals.node },
    },
  },
];
