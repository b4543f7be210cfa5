import { APP_READY_ATTRIBUTE, PAGE_MODULES_ATTRIBUTE, SSR_STATE_ID } from "@vitrine/contracts";
import "./styles.css";

/**
 * Longest a server-rendered page waits for its images before the app starts anyway (a slow connection may take
 * long to load every photo of the first screen).
 */
const MAX_WAIT_MS = 2500;

/** After the page's load and first paint, the time its images take to be painted too. */
const IMAGES_PAINT_MS = 150;

/**
 * The page's first script, kept tiny. A server-rendered page is readable and usable without the app (links, the
 * age gate's and the search's forms), so the app's code is fetched only once the page has loaded (its stylesheet
 * and first-screen images) and been painted, or after MAX_WAIT_MS: on a slow phone connection what the visitor
 * sees first gets the bandwidth and the main thread first, and the app follows. A page the browser renders itself
 * (the shell of the private pages) starts at once.
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

/** Resolves once the browser has reported the page's first contentful paint (at once where it reports none). */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

if (document.getElementById(SSR_STATE_ID) === null || typeof PerformanceObserver === "undefined") {
  start();
} else {
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    start();
  };
  const loaded = new Promise((resolve) =>
    document.readyState === "complete" ? resolve(null) : window.addEventListener("load", resolve, { once: true }),
  );
  // The first screen's images are loaded, the page has painted; a moment more lets those images reach the screen
  // (they are painted a frame or two after they arrive). A hidden tab paints nothing: MAX_WAIT_MS starts it.
  void Promise.all([loaded, firstContentfulPaint()]).then(() => setTimeout(begin, IMAGES_PAINT_MS));
  setTimeout(begin, MAX_WAIT_MS);
}
