import type { ComponentType } from "react";

/**
 * How the server renders a public route (the router itself ignores it): `module` is the source file of its screen
 * (the server lists that chunk's files for the first script), `data` names its data read (title, meta, status and
 * queries) in the app's server pages. A route without it is rendered by the browser only.
 */
export type ServerRendering = {
  module: string;
  data: string;
  /** A page with nothing of an advertiser (the transparency report): rendered for everyone, outside the age check. */
  open?: true;
};

/**
 * A route of the app: a path pattern relative to its parent ("cidade/:slug", "*"), or an index route (the
 * parent's own path), or neither (a layout that only wraps its children). `Component` renders the route; a
 * route without one renders its matched child.
 */
export type RouteObject = {
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  children?: RouteObject[];
  ssr?: ServerRendering;
  /**
   * A page of adult content the browser renders itself (a model's product checkout): behind an age verifier's gate
   * like the server-rendered public pages, since the data it reads needs the age pass.
   */
  adult?: true;
};

export type Params = Record<string, string | undefined>;

/** One level of a match, from the outermost layout to the page. */
export type RouteMatch = { route: RouteObject; params: Params; pathname: string };

type Branch = { pattern: string; routes: RouteObject[]; score: number; order: number };

const joinPaths = (parent: string, child: string) => `${parent}/${child}`.replace(/\/{2,}/g, "/");

/**
 * How specific a pattern is: more segments, static segments (10) over parameters (3) over a catch-all "*"
 * (penalised), and an index route just above its parent. The most specific pattern that matches wins, whatever
 * the order of the table ("model/login" beats "model/:id"); equal scores keep the table's order.
 */
function scoreOf(pattern: string, index: boolean): number {
  const segments = pattern.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function flatten(routes: RouteObject[], parentPattern = "", parents: RouteObject[] = [], out: Branch[] = []) {
  for (const route of routes) {
    const pattern = route.path === undefined ? parentPattern : joinPaths(parentPattern, route.path);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, pattern, chain, out);
    // A route without a path is only a layout: it never matches on its own.
    if (route.path !== undefined || route.index) {
      out.push({ pattern: pattern || "/", routes: chain, score: scoreOf(pattern, !!route.index), order: out.length });
    }
  }
  return out;
}

const branchesCache = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = branchesCache.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => b.score - a.score || a.order - b.order);
    branchesCache.set(routes, branches);
  }
  return branches;
}

/** Every page of the table (a route without children) with its whole pattern ("/cidade/:slug", "/*"). */
export function pagesOf(routes: RouteObject[]): { pattern: string; route: RouteObject }[] {
  return flatten(routes)
    .map(({ pattern, routes: chain }) => ({ pattern, route: chain.at(-1)! }))
    .filter(({ route }) => !route.children?.length);
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/**
 * Matches a whole pathname against one pattern: static segments case-insensitively, `:name` segments as
 * parameters (decoded), a final "*" as the rest. A trailing slash is ignored.
 */
function matchPattern(pattern: string, pathname: string): Params | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Params = {};
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]!;
    if (segment === "*") {
      params["*"] = actual.slice(i).map(decode).join("/");
      return params;
    }
    const value = actual[i];
    if (value === undefined) return null;
    if (segment.startsWith(":")) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== decode(value).toLowerCase()) return null;
  }
  return wanted.length === actual.length ? params : null;
}

/** The chain of routes that renders `pathname` (outermost first), or null when nothing matches. */
export function matchRoutes(routes: RouteObject[], location: string | { pathname: string }): RouteMatch[] | null {
  const pathname = typeof location === "string" ? location : location.pathname;
  for (const branch of branchesOf(routes)) {
    const params = matchPattern(branch.pattern, pathname);
    if (!params) continue;
    let consumed = "";
    return branch.routes.map((route) => {
      if (route.path) consumed = joinPaths(consumed, route.path);
      return { route, params, pathname: consumed || "/" };
    });
  }
  return null;
}

/** Whether the page `pathname` shows is one the server renders (its route has `ssr`): the public pages. */
export function isServerRenderedPath(routes: RouteObject[], pathname: string): boolean {
  return !!matchRoutes(routes, pathname)?.at(-1)?.route.ssr;
}

/**
 * Whether the page `pathname` shows adult content: the server-rendered public pages but the `open` ones, and the
 * routes marked `adult`.
 */
export function isAdultPath(routes: RouteObject[], pathname: string): boolean {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  return !!((route?.ssr && !route.ssr.open) || route?.adult);
}
