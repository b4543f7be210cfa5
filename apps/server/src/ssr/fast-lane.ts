import type { IncomingMessage, ServerResponse } from "node:http";
import { encodeBody } from "../plugins/http-cache";
import type { PublicCache } from "../plugins/public-cache";
import { setSecurityHeaders } from "../plugins/security-headers";
import { acceptedAgeGate, isProfileUrl, pageCacheKey, PLAIN_PATH } from "./pages";
import type { Page } from "./renderer";

/** Answers a request before Fastify sees it, or returns false to let Fastify answer. */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

const SERVER_PATHS = /^\/(api|uploads)(\/|$)/;

/**
 * Cached public pages (home and city pages) answered by the HTTP server before Fastify sees the request: a hit
 * is a map lookup and a write, with the very headers Fastify's page route sends (security headers, ETag/304, the
 * public cache policy, compression, Vary). Fastify's request pipeline cost a cached 50 KB page more than twice
 * the CPU of the write itself.
 *
 * Only what can be answered without waiting is taken: a GET or HEAD of a plain path (no query string) whose page
 * is in the public cache under a data version checked within the staleness window and within its TTL. Everything
 * else goes to Fastify, which renders, refreshes and checks the version as usual: profiles (every view is counted
 * first), query strings, and any page after an announced change (the cache then forgets the checked version).
 */
export function createPageFastLane(cache: PublicCache): FastLane {
  return (request, response) => {
    const { method, url } = request;
    if ((method !== "GET" && method !== "HEAD") || !url || !PLAIN_PATH.test(url)) return false;
    if (SERVER_PATHS.test(url) || isProfileUrl(url)) return false;
    const page = cache.peek<Page>(pageCacheKey(url, acceptedAgeGate(request.headers.cookie)));
    if (!page) return false;
    const answer = encodeBody(page.html, {
      ifNoneMatch: request.headers["if-none-match"],
      acceptEncoding: request.headers["accept-encoding"],
      publicRead: true,
      contentType: "text/html",
      mayCompress: true,
    });
    setSecurityHeaders(request, response, (err) => {
      if (err) {
        response.writeHead(500).end();
        return;
      }
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
      // The page differs with the age-gate cookie (as the page route's Vary says).
      response.setHeader("Vary", answer.headers.Vary ? `${answer.headers.Vary}, Cookie` : "Cookie");
      if (answer.notModified) {
        response.writeHead(304).end();
        return;
      }
      response.setHeader("Content-Length", Buffer.byteLength(answer.body));
      response.writeHead(200);
      response.end(method === "HEAD" ? undefined : answer.body);
    });
    return true;
  };
}
