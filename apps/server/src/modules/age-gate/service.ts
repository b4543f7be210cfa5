/** What other modules use of the age gate: the one rule for a return path of this site. */

const isUnsafeChar = (char: string) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/** The origin a return path is resolved against: any fixed origin will do, only its sameness is checked. */
const PATH_ORIGIN = "http://localhost";

/**
 * Where to send the visitor back: a path of this site only, judged after normalisation. The target is resolved
 * against a fixed origin (dot segments, encoded dots and backslashes as a browser reads them) and kept only when it
 * stays on that origin and its path does not begin with "//" (which a browser reads as another host). Anything
 * else — another origin, a scheme-relative `//host`, control characters — goes to the home page.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !next.startsWith("/") || [...next].some(isUnsafeChar)) return "/";
  const url = new URL(next, PATH_ORIGIN);
  if (url.origin !== PATH_ORIGIN || url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}
