import { fileURLToPath } from "node:url";

/**
 * Import rules that ESLint cannot see across files (decision 066): no circle of imports in the server, the web
 * app or the shared contracts. A feature uses the kernel (lib/, db/, plugins/) and stores, never another feature's
 * service both ways; notifications listen to events (plugins/events.ts) instead of being imported back.
 * `npm run lint` runs it over apps/server/src, apps/web/src and packages/contracts/src; apps/server/src/import-graph.test.ts
 * shows it refusing a circle (scripts/fixtures/import-graph).
 */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "This file is part of a circle of imports: break it by moving what both sides share into a file both import (a store, a types file, the kernel), or by announcing the change as an event.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count too: a circle of types still ties two files that cannot be read one after the other.
    tsPreCompilationDeps: true,
    // The web app's "@/…" paths; the server and the contracts import relatively or by package name.
    tsConfig: { fileName: fileURLToPath(new URL("scripts/depcruise.tsconfig.json", import.meta.url)) },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
