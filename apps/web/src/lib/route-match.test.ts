import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { matchRoutes, pagesOf, type RouteObject } from "./route-match";

const Page = () => null;
const Layout = () => null;

// The shape of the app's table: a root layout, an index, parameters, a static path beside a parameter, a
// pathless guard with a nested layout, and a catch-all.
const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    children: [
      { index: true, Component: Page },
      { path: "cidade/:slug", Component: Page },
      { path: "cidade/:citySlug/:modelSlug/:id", Component: Page },
      { path: "model/:id", Component: Page },
      { path: "model/login", Component: Page },
      {
        Component: Layout,
        children: [{ children: [{ path: "admin/models", Component: Page }] }],
      },
      { path: "*", Component: Page },
    ],
  },
];

const patternOf = (pathname: string) => {
  const matches = matchRoutes(routes, pathname);
  assert.ok(matches, `${pathname} matches`);
  return { depth: matches.length, leaf: matches.at(-1)!, params: matches.at(-1)!.params };
};

describe("matchRoutes", () => {
  test("the index route renders the root path inside the layout", () => {
    const { depth, leaf } = patternOf("/");
    assert.equal(depth, 2);
    assert.equal(leaf.route.index, true);
  });

  test("parameters are taken and decoded; a trailing slash and letter case do not matter", () => {
    assert.deepEqual(patternOf("/cidade/sao-paulo-sp").params, { slug: "sao-paulo-sp" });
    assert.deepEqual(patternOf("/CIDADE/s%C3%A3o/").params, { slug: "são" });
    assert.deepEqual(patternOf("/cidade/campinas-sp/ana/12").params, {
      citySlug: "campinas-sp",
      modelSlug: "ana",
      id: "12",
    });
  });

  test("a static segment beats a parameter whatever the order of the table", () => {
    assert.equal(patternOf("/model/login").leaf.route.path, "model/login");
    assert.deepEqual(patternOf("/model/7").params, { id: "7" });
  });

  test("pathless layouts wrap their children and never match alone", () => {
    const { depth, leaf } = patternOf("/admin/models");
    assert.equal(depth, 4);
    assert.equal(leaf.route.path, "admin/models");
    assert.equal(leaf.pathname, "/admin/models");
  });

  test("anything else reaches the catch-all, with the rest of the path", () => {
    const { leaf, params } = patternOf("/nao/existe");
    assert.equal(leaf.route.path, "*");
    assert.equal(params["*"], "nao/existe");
    assert.equal(patternOf("/cidade/a/b").leaf.route.path, "*", "too many segments for cidade/:slug");
    assert.equal(patternOf("/cidade/%E0%A4%A").params.slug, "%E0%A4%A", "a malformed escape stays as is");
  });

  test("no table, no match", () => {
    assert.equal(matchRoutes([{ path: "a", Component: Page }], "/b"), null);
  });

  test("the table's pages are its routes without children, with their whole patterns (layouts left out)", () => {
    assert.deepEqual(
      pagesOf(routes).map(({ pattern }) => pattern),
      ["/", "/cidade/:slug", "/cidade/:citySlug/:modelSlug/:id", "/model/:id", "/model/login", "/admin/models", "/*"],
    );
  });
});
