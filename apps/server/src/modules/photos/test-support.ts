import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { bearer } from "../../test/factories";

/** Text that identifies the camera, the author and the place: none of it may survive an upload. */
export const SECRET_MARKERS = ["SpyCam-3000", "SN-998877", "Fulana-de-Tal", "WGS-84"];

/** A JPEG carrying EXIF (camera, serial, GPS in São Paulo), XMP and an ICC profile, optionally rotated by EXIF. */
export async function makeJpegWithMetadata(opts: { width?: number; height?: number; orientation?: number } = {}) {
  const width = opts.width ?? 640;
  const height = opts.height ?? 480;
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: {
        Make: "CameraCorp",
        Model: "SpyCam-3000",
        Copyright: "Fulana-de-Tal",
      },
      IFD2: { BodySerialNumber: "SN-998877" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "23/1 33/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "46/1 38/1 0/1",
        GPSMapDatum: "WGS-84",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Fulana-de-Tal"/></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile("p3");
  // sharp writes the EXIF orientation tag itself, from withMetadata.
  return (opts.orientation ? image.withMetadata({ orientation: opts.orientation }) : image).toBuffer();
}

export function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A tiny real JPEG whose header claims 50000 x 50000 pixels: it must be refused before decoding. */
export async function makeHugeDimensionJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 0; i < jpeg.length - 9; i++) {
    // SOF0/SOF2 marker: FF C0|C2, length (2), precision (1), height (2), width (2)
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(50000, i + 5);
      jpeg.writeUInt16BE(50000, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

/** A multipart/form-data body built by the platform's own FormData encoder. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; data: Buffer; filename: string; type?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    form.append(file.field ?? "photo", new Blob([file.data], { type: file.type ?? "image/jpeg" }), file.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") ?? "" },
  };
}

/** POST /api/models/photos through the real route. */
export async function postPhoto(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  fields: Record<string, string> = {},
  filename = "foto.jpg",
) {
  const body = await multipartBody(fields, { data, filename });
  return app.inject({
    method: "POST",
    url: "/api/models/photos",
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads and returns the created photo, failing loudly otherwise. */
export async function addPhoto(app: FastifyInstance, token: string, fields: Record<string, string> = {}) {
  const res = await postPhoto(app, token, await makePng(), fields, "foto.png");
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().photo as { id: number; filename: string; url: string; is_primary: boolean; is_public: boolean };
}
