import type { OwnVerification } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { identityVerifications } from "../../db/schema";
import { bearer } from "../../test/factories";

/** A real JPEG of a flat colour with a camera and a place in its EXIF, none of which may be stored. */
export function makePhoto(color: { r: number; g: number; b: number }, width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Model: "SpyCam-3000" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1" } })
    .toBuffer();
}

export const DOCUMENT_COLOR = { r: 30, g: 90, b: 200 };
export const SELFIE_COLOR = { r: 200, g: 120, b: 40 };

/**
 * POST /api/models/verification through the real route, with a document and a selfie unless told otherwise, after
 * reading her standing as the page does (which draws the code she holds in the selfie).
 */
export async function sendVerification(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string> = { document_type: "rg" },
  files: { document?: Buffer | null; selfie?: Buffer | null } = {},
) {
  await app.inject({ method: "GET", url: "/api/models/verification", headers: bearer(token) });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const document = files.document === undefined ? await makePhoto(DOCUMENT_COLOR) : files.document;
  const selfie = files.selfie === undefined ? await makePhoto(SELFIE_COLOR) : files.selfie;
  if (document) form.append("document", new Blob([document], { type: "image/jpeg" }), "documento.jpg");
  if (selfie) form.append("selfie", new Blob([selfie], { type: "image/jpeg" }), "selfie.jpg");
  const response = new Response(form);
  return app.inject({
    method: "POST",
    url: "/api/models/verification",
    headers: { ...bearer(token), "content-type": response.headers.get("content-type") ?? "" },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

/** GET /api/models/verification as the model. */
export async function ownVerification(app: FastifyInstance, token: string): Promise<OwnVerification> {
  const res = await app.inject({ method: "GET", url: "/api/models/verification", headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`own verification: ${res.statusCode} ${res.body}`);
  return (res.json() as { verification: OwnVerification }).verification;
}

/** The model's verification awaiting review (its row), after a submission. */
export async function pendingOf(app: FastifyInstance, modelId: number) {
  const rows = await app.db.select().from(identityVerifications).where(eq(identityVerifications.modelId, modelId));
  const pending = rows.find((r) => r.status === "pending");
  if (!pending) throw new Error(`no pending verification for model ${modelId}`);
  return pending;
}
