import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// ---------------------------------------------------------------------------------------------------------------
// Web module edges (apps/web/src), as bulletproof-react draws them: app → features → shared (components, hooks,
// lib). A feature may import the base features (used by others: the session, the city lists, the site settings,
// the categories, the payments of a plan) and itself, never another feature: what two features share moves to a
// base feature or to the shared folders. Shared code imports no feature and no app code (decision 040).
// ---------------------------------------------------------------------------------------------------------------
const WEB = "apps/web/src";
const WEB_BASE_FEATURES = ["auth", "cities", "settings", "categories", "payments"];
/** Every folder of apps/web/src/features, so that a new feature is bounded from its first file. */
const WEB_FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A relative import may climb one folder at most: anything further away is reached through "@/…". */
const RELATIVE_ESCAPE = {
  regex: "^\\.\\./\\.\\./",
  message: 'Reach modules beyond the parent folder through "@/…", so that module edges stay visible.',
};

function webFeatureEdges(feature) {
  const allowed = [...new Set([...WEB_BASE_FEATURES, feature])].join("|");
  return {
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^@/features/(?!(?:${allowed})(?:/|$))`,
              message: `features/${feature} may import itself and the base features (${WEB_BASE_FEATURES.join(", ")}) only: move what features share into a base feature or into components/, hooks/ or lib/.`,
            },
            { regex: "^@/app(?:/|$)", message: "A feature does not import app/: app/ composes the features." },
            RELATIVE_ESCAPE,
          ],
        },
      ],
    },
  };
}

const webModuleEdges = [
  ...WEB_FEATURES.map(webFeatureEdges),
  {
    files: [`${WEB}/{components,hooks,lib}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?:@/|(?:\\.\\./)+)(?:features|app)(?:/|$)",
              message:
                "components/, hooks/ and lib/ are shared by every feature: they import no feature and no app/ code.",
            },
          ],
        },
      ],
    },
  },
];

/**
 * A server feature (a folder of modules/, seen from `modulesPath`) is reached through its service.ts, through its
 * stores (store.ts, *-store.ts: its tables' reads and writes, which import only the kernel and other stores), or
 * through the shared model kernel (modules/models/): never through its routes, presenters or helpers.
 */
function featureThroughService(modulesPath) {
  return {
    regex: `^${modulesPath}(?!models/)[^./][^/]*/(?!(?:service|store|[^/]*-store)$).+$`,
    message:
      "Use a feature through its service.ts or its stores (store.ts, *-store.ts), or move shared code into the model kernel (modules/models).",
  };
}

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-ssr/**",
      "**/node_modules/**",
      "data/**",
      "apps/server/data/**",
      "apps/server/drizzle/**",
    ],
  },
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
  // cache/, plugins/, lib/, db/ and another feature's service.ts — never another feature's routes, presenters or
  // helpers; the kernel itself imports no feature. The server-rendered pages (ssr/) and the scheduled jobs (jobs/)
  // reach the features the same way.
  // cache/ (the in-memory public data), plugins/ (framework plumbing), lib/ and db/ sit below the modules and
  // never import them.
  {
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts", "**/test-support.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureThroughService("\\.\\./")] }] },
  },
  // A store (modules/<feature>/store.ts or *-store.ts) reads and writes its feature's tables for any feature: it
  // imports the kernel and other stores, never a feature's service (services are given stores, not services).
  {
    files: ["apps/server/src/modules/*/{store,*-store}.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            featureThroughService("\\.\\./"),
            {
              regex: "^(?:\\.\\./[^./][^/]*/|\\./)service$",
              message: "A store imports the kernel and other stores, never a service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/modules/models/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!models/)[^./][^/]*/",
              message: "The model kernel (modules/models) is shared by the features and imports none of them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/{ssr,jobs}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureThroughService("\\.\\./modules/")] }] },
  },
  {
    files: ["apps/server/src/{cache,plugins,lib,db}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../modules/*", "../../modules/*"],
              message: "cache/, plugins/, lib/ and db/ never import modules.",
            },
          ],
        },
      ],
    },
  },
  ...webModuleEdges,
);
