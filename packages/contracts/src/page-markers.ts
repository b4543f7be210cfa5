/**
 * Names the server-rendered document and the web app's first script agree on (plain constants, no zod: the first
 * script stays a few hundred bytes).
 */

/** The id of the `<script type="application/json">` that carries the server's data to the browser. */
export const SSR_STATE_ID = "ssr-state";

/**
 * The attribute of the first `<script>` listing, space-separated, the modules the page's screen needs: the first
 * script preloads them together with the app, so that hydration waits for one round trip, not two.
 */
export const PAGE_MODULES_ATTRIBUTE = "data-modules";

/** Set on `<html>` once the app has rendered or hydrated the page (its buttons and forms are then live). */
export const APP_READY_ATTRIBUTE = "data-app-ready";

/**
 * `<meta name="age-assurance" content="verifier">` in the shell of the pages the browser renders: the age-assurance
 * mode in force, known before any request (a server-rendered page carries it in its state instead).
 */
export const AGE_MODE_META = "age-assurance";
