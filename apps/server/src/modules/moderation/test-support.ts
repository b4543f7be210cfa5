import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { ModelEvent } from "../../plugins/events";
import { bearer } from "../../test/factories";
import { postPhoto } from "../photos/test-support";
import { withoutId } from "../../test/events";
import { agePassCookies } from "../../test/age-pass";

/** A PNG of random noise: no two are alike, so fingerprint blocks and duplicate flags never link two tests. */
export function noisyPng(width = 96, height = 72): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Uploads a public photo of noise for the model; returns its id and file name. */
export async function addNoisyPhoto(app: FastifyInstance, token: string) {
  const res = await postPhoto(app, token, await noisyPng(), { is_public: "true" }, "foto.png");
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().photo as { id: number; filename: string; url: string };
}

/** A visitor's report from one address. */
export function report(app: FastifyInstance, ip: string, payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/reports", payload, remoteAddress: ip });
}

/** The admin's decision on a case. */
export function decide(app: FastifyInstance, token: string, caseId: number, payload: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: `/api/admin/moderation/cases/${caseId}/decision`,
    headers: bearer(token),
    payload,
  });
}

/** Records every event of the live stream from now on. */
export function recordEvents(app: FastifyInstance) {
  const events: ModelEvent[] = [];
  const stop = app.events.subscribe((event) => events.push(withoutId(event)));
  return { events, stop };
}

/**
 * Urgent reports that agree: one from each of `ips` (each its own network), each from a browser with its own
 * valid age pass. Three (the default setting) hide the profile before review.
 */
export async function agreeingReports(
  app: FastifyInstance,
  ips: string[],
  payload: Record<string, unknown>,
): Promise<void> {
  for (const ip of ips) {
    const res = await app.inject({
      method: "POST",
      url: "/api/reports",
      payload,
      remoteAddress: ip,
      headers: { cookie: await agePassCookies(app.config.jwtSecret) },
    });
    if (res.statusCode !== 200) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  }
}
