import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API runs separately on port 5000; in production Fastify serves dist/ on the same origin.
const API_ORIGIN = "http://localhost:5000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  // The client build writes a manifest (scripts/size.mjs walks it). `--ssr` builds the server renderer into
  // dist-ssr/, which the Fastify server imports and never serves: React and the libraries are bundled in
  // their production builds, whatever NODE_ENV the server runs with (the development build renders ~3× slower).
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        manifest: true,
        modulePreload: {
          polyfill: false,
          // The first script (src/main.tsx) fetches the app's files itself, listed by the server: Vite's helper
          // would add a <link rel="modulepreload"> per file, and adding links restyles the page (a long task).
          resolveDependencies: (file, deps) => (/(^|\/)start-[\w-]+\.js$/.test(file) ? [] : deps),
        },
        rolldownOptions: {
          output: {
            // zod in a chunk of its own, which starts by setting zod's global config to jitless: the policy has no
            // 'unsafe-eval', and zod otherwise probes `new Function` when a schema is built (a CSP violation on
            // the console of every page). The chunk imports nothing, so this runs before zod reads its config.
            codeSplitting: {
              groups: [
                { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/ },
                // React and TanStack Query: loaded by every page, in two files, so that the browser evaluates them in
                // two shorter tasks (a long task delays a tap while the page starts). The public pages change no data:
                // useMutation and its observer stay out of that file, in the chunks of the pages that use them; so do
                // useQueries and its observer (the header's city search, loaded when the visitor comes to it).
                { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                {
                  name: "query",
                  test: /[\\/]node_modules[\\/]@tanstack[\\/](?!.*[\\/](useMutation|mutationObserver|useQueries|queriesObserver)\.js$)/,
                },
                // The app's start (src/start.tsx) with everything it imports (router, API client, layout, paths…) in
                // one file instead of a dozen small shared ones: every page loads all of them, and one file
                // compresses better (the small ones each paid brotli's start-up and named each other by hashed name).
                // The groups above come first, so React and TanStack Query keep their own files.
                { name: "start", test: /[\\/]src[\\/]start\.tsx$/ },
              ],
            },
            // A chunk's file is named by its hash alone: the names of the chunks a page may load are listed in the
            // app's start (Vite's preload lists) and in every import between chunks, and words there are bytes of
            // every first load. The start keeps its name, which resolveDependencies above recognises.
            chunkFileNames: (chunk) => (chunk.name === "start" ? "assets/start-[hash].js" : "assets/[hash].js"),
            banner: (chunk) => (chunk.name === "zod" ? "globalThis.__zod_globalConfig = { jitless: true };" : ""),
          },
        },
      },
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  }),
  server: {
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: true },
      "/uploads": { target: API_ORIGIN, changeOrigin: true },
    },
  },
}));
