import { APP_READY_ATTRIBUTE, PAGE_MODULES_ATTRIBUTE, SSR_STATE_ID } from "@vitrine/contracts";
import "./styles.css";

/**
 * Longest a server-rendered page waits for its images before the app starts anyway (a slow connection may take
 * long to load every photo of the first screen).
 */
const MAX_WAIT_MS = 2500;

/**
 * The page's first script, kept tiny. A server-rendered page is readable and usable without the app (links, the
 * age gate's and the search's forms), so the app's code is fetched only once the page has loaded (its stylesheet
 * and first-screen images) and been painted, or after MAX_WAIT_MS: on a slow phone connection what the visitor
 * sees first gets the bandwidth first, and the app follows. A page the browser renders itself (the shell of the
 * private pages) starts at once.
 */
function start() {
  // The server lists every file the app and the page's screen need: asked for all at once, they arrive in one
  // round trip instead of one per level of imports. Each request starts in a task of its own, so that the first
  // script never holds the main thread for long (a phone's taps wait for it). import() rather than
  // <link rel="modulepreload">: adding link elements makes the browser recompute the page's styles.
  const listed = document.querySelector(`script[${PAGE_MODULES_ATTRIBUTE}]`)?.getAttribute(PAGE_MODULES_ATTRIBUTE);
  for (const file of listed?.split(" ").filter(Boolean) ?? []) {
    setTimeout(() => {
      import(/* @vite-ignore */ file).catch(() => {
        // The app's own import below reports a module that cannot load.
      });
    });
  }
  setTimeout(() => {
    void import("./start").then(({ startApp }) =>
      startApp(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "")),
    );
  });
}

function startOnce() {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    start();
  };
}

if (document.getElementById(SSR_STATE_ID) === null || document.readyState === "complete") {
  start();
} else {
  const begin = startOnce();
  // A frame callback runs before the next paint, and a task queued from it after that paint. (A hidden tab runs no
  // frame callbacks: MAX_WAIT_MS starts it.)
  window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(begin)), { once: true });
  setTimeout(begin, MAX_WAIT_MS);
}
