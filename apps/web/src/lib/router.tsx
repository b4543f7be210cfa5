import {
  type AnchorHTMLAttributes,
  createContext,
  createElement,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from "react";
import { matchRoutes, type Params, type RouteObject } from "./route-match";

export { matchRoutes, type RouteMatch, type RouteObject } from "./route-match";

/**
 * The app's router: history, matching and links in about 3 KB, with the names and behaviour of React Router's
 * declarative API that the app uses (BrowserRouter, StaticRouter, useRoutes, Outlet, Link, NavLink, Navigate,
 * useLocation, useNavigate, useNavigationType, useParams, useSearchParams). Its reason is the public pages'
 * JavaScript budget (docs/decisions/034-own-router.md). Page changes happen in a transition, so a screen still
 * loading keeps the previous page on screen.
 */

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type NavigationType = "POP" | "PUSH" | "REPLACE";
/**
 * `preventScrollReset` keeps the scroll position on a new entry (a table's filter or page changing in place)
 * instead of starting at the top; such a change also leaves the focus where it is.
 */
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

type RouterValue = {
  location: Location;
  navigationType: NavigationType;
  /** The last navigation asked to keep the scroll position (NavigateOptions.preventScrollReset). */
  preventScrollReset: boolean;
  navigate: NavigateFunction;
  /** True while a page change waits for its screen (the previous page is still shown). */
  navigating: boolean;
};
type HistoryEntry = { key?: string; usr?: unknown };

const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error("router hooks need a BrowserRouter or StaticRouter above them");
  return router;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function readLocation(): Location {
  const entry = (window.history.state ?? {}) as HistoryEntry;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? "default" };
}

/**
 * Every history entry has its own key, also those the browser creates without state (the first entry of a
 * document — a typed address, a link from another site — and a jump to an #anchor): it gets one here, kept in
 * history.state, so a reload or a back/forward to it finds the same key and no two entries share one.
 */
function keyEntry() {
  const entry = window.history.state as HistoryEntry | null;
  if (entry?.key) return;
  window.history.replaceState({ key: newKey(), usr: entry?.usr ?? null } satisfies HistoryEntry, "");
}

/** The router of the browser: the address bar's location, moved by links, navigate() and back/forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    keyEntry();
    return { location: readLocation(), navigationType: "POP" as NavigationType, preventScrollReset: false };
  });
  // The latest location, also while a transition has not rendered it yet.
  const current = useRef(state.location);
  const [navigating, startTransition] = useTransition();

  useEffect(() => {
    const onPop = () => {
      keyEntry();
      const location = readLocation();
      current.current = location;
      startTransition(() => setState({ location, navigationType: "POP", preventScrollReset: false }));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [startTransition]);

  const navigate = useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === "number") {
        window.history.go(to);
        return;
      }
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      const here = current.current;
      const path = url.pathname + url.search + url.hash;
      // Going to the address already shown replaces the entry instead of stacking a duplicate.
      const replace = options.replace ?? path === here.pathname + here.search + here.hash;
      const entry: HistoryEntry = { key: newKey(), usr: options.state ?? null };
      if (replace) window.history.replaceState(entry, "", path);
      else window.history.pushState(entry, "", path);
      const location = readLocation();
      current.current = location;
      const navigationType = replace ? "REPLACE" : "PUSH";
      const preventScrollReset = options.preventScrollReset ?? false;
      startTransition(() => setState({ location, navigationType, preventScrollReset }));
    },
    [startTransition],
  ) as NavigateFunction;

  const value = useMemo(() => ({ ...state, navigate, navigating }), [state, navigate, navigating]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const ignoreNavigation = (() => {}) as NavigateFunction;

/** The router of a server render: one fixed location; navigating does nothing. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => {
    const url = new URL(location, "http://localhost");
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: "default" },
      navigationType: "POP" as NavigationType,
      preventScrollReset: false,
      navigate: ignoreNavigation,
      navigating: false,
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The element for the current location: each matched route wraps the next one, which it shows in <Outlet />. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useRouter().location;
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matches) return null;
  let element: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const { route, params } = matches[i]!;
    element = (
      <RouteContext.Provider value={{ outlet: element, params }}>
        {route.Component ? createElement(route.Component) : element}
      </RouteContext.Provider>
    );
  }
  return element;
}

/** Where a layout route shows its matched child. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** Whether the current location came from a navigation that keeps the scroll position and the focus. */
export const usePreventScrollReset = (): boolean => useRouter().preventScrollReset;
/** True while a page change waits for its screen to load. */
export const useNavigating = (): boolean => useRouter().navigating;
export const useParams = <T extends Params = Params>(): T => useContext(RouteContext).params as T;

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query string as URLSearchParams, and a setter that navigates to the same path with new parameters. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const search = location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const pathname = location.pathname;
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === "function" ? next(new URLSearchParams(window.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      navigate(`${pathname}${query ? `?${query}` : ""}`, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
};

/** Whether a click on a link is one the page handles (a plain left click, not one that opens a new tab). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A real link (it works without JavaScript and opens in a new tab); a plain click navigates in the page. */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state, preventScrollReset });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows when it points at the current page (aria-current="page", and its className function). */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useRouter().location;
  const target = to.split(/[?#]/)[0]!;
  const isActive = pathname === target || (!end && target !== "/" && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
