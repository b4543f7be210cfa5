import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "apps/server/data/**", "apps/server/drizzle/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Server module edges. A feature module (modules/<feature>/) may use the shared model kernel (modules/models/),
  // plugins/, lib/, db/ and another feature's service.ts — never another feature's routes, presenters or helpers.
  // plugins/, lib/ and db/ sit below the modules and never import them.
  {
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts", "**/test-support.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!models/)[^./][^/]*/(?!service$).+$",
              message: "Use the other feature through its service.ts (or move shared code into modules/models).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/{plugins,lib,db}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../modules/*", "../../modules/*"], message: "plugins/, lib/ and db/ never import modules." },
          ],
        },
      ],
    },
  },
);
