import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { PHOTO_WIDTHS, PHOTOS_PER_MODEL_MAX, UPLOAD_MAX_BYTES } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { photos } from "../../db/schema";
import { bearer, loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import {
  addPhoto,
  makeHugeDimensionJpeg,
  makeJpegWithMetadata,
  makePng,
  multipartBody,
  postPhoto,
  SECRET_MARKERS,
} from "./test-support";

const ctx = useTestContext();

const photosDir = () => path.join(ctx.config.dataDir, "uploads", "photos");
const storedFiles = (filename: string) => PHOTO_WIDTHS.map((w) => path.join(photosDir(), `${filename}-${w}.webp`));
const rowsOf = (modelId: number) => ctx.app.db.select().from(photos).where(eq(photos.modelId, modelId));

describe("POST /api/models/photos", () => {
  test("stores WebP variants without any metadata, private by default, first photo primary", async () => {
    const { token, id } = await registerModel(ctx.app);
    const jpeg = await makeJpegWithMetadata();
    // The input really carries what must disappear.
    const inputMeta = await sharp(jpeg).metadata();
    assert.ok(inputMeta.exif && inputMeta.xmp && inputMeta.icc);
    for (const marker of SECRET_MARKERS) assert.ok(jpeg.includes(marker), `input should contain ${marker}`);

    const res = await postPhoto(ctx.app, token, jpeg, {}, "minha foto.jpg");
    assert.equal(res.statusCode, 201, res.body);
    const photo = res.json().photo;
    assert.equal(photo.original_name, "minha foto.jpg");
    assert.match(photo.filename, /^[a-f0-9]{32}$/);
    assert.equal(photo.is_primary, true);
    assert.equal(photo.is_public, false);
    assert.equal(photo.width, 640);
    assert.equal(photo.height, 480);
    assert.deepEqual(
      photo.variants.map((v: { width: number }) => v.width),
      [...PHOTO_WIDTHS],
    );

    for (const file of storedFiles(photo.filename)) {
      assert.ok(existsSync(file), `missing ${file}`);
      const bytes = readFileSync(file);
      const meta = await sharp(bytes).metadata();
      assert.equal(meta.format, "webp");
      assert.ok(meta.width! <= 1600 && meta.width! <= 640);
      assert.equal(meta.exif, undefined, "EXIF left in variant");
      assert.equal(meta.xmp, undefined, "XMP left in variant");
      assert.equal(meta.icc, undefined, "ICC left in variant");
      for (const marker of [...SECRET_MARKERS, "Exif", "EXIF", "GPS", "XMP", "ICCP", "xmpmeta"]) {
        assert.equal(bytes.includes(marker), false, `${marker} found in ${path.basename(file)}`);
      }
    }
    const [row] = await rowsOf(id);
    assert.equal(row!.originalName, "minha foto.jpg");
    assert.equal(row!.isPublic, false);
  });

  test("applies the EXIF orientation (a portrait shot stays portrait)", async () => {
    const { token } = await registerModel(ctx.app);
    const res = await postPhoto(ctx.app, token, await makeJpegWithMetadata({ orientation: 6 }));
    assert.equal(res.statusCode, 201, res.body);
    const photo = res.json().photo;
    assert.equal(photo.width, 480);
    assert.equal(photo.height, 640);
    const small = await sharp(readFileSync(storedFiles(photo.filename)[0]!)).metadata();
    assert.equal(small.width, 400);
    assert.equal(small.height, 533);
    assert.equal(small.orientation, undefined);
  });

  test("accepts a photo of several megabytes (above the JSON body limit)", async () => {
    const { token } = await registerModel(ctx.app);
    const width = 1800;
    const height = 1200;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) & 0xff;
    const big = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    assert.ok(big.length > 2 * 1024 * 1024, `only ${big.length} bytes`);
    const res = await postPhoto(ctx.app, token, big);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().photo.width, width);
  });

  test("is_public=true publishes at upload", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token, { is_public: "true" });
    assert.equal(photo.is_public, true);
  });

  test("a text file renamed .jpg → 400, nothing stored", async () => {
    const { token, id } = await registerModel(ctx.app);
    const before = existsSync(photosDir()) ? readdirSync(photosDir()).length : 0;
    const res = await postPhoto(ctx.app, token, Buffer.from("isto não é uma imagem\n".repeat(50)), {}, "foto.jpg");
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, "O arquivo enviado não é uma imagem válida");
    assert.equal((await rowsOf(id)).length, 0);
    assert.equal(existsSync(photosDir()) ? readdirSync(photosDir()).length : 0, before);
  });

  test("an image whose header claims 50000 x 50000 pixels → 400", async () => {
    const { token, id } = await registerModel(ctx.app);
    const res = await postPhoto(ctx.app, token, await makeHugeDimensionJpeg());
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, "Imagem grande demais: envie até 40 megapixels");
    assert.equal((await rowsOf(id)).length, 0);
  });

  test("a file over the size limit → 413 with a Portuguese message", async () => {
    const { token, id } = await registerModel(ctx.app);
    const res = await postPhoto(ctx.app, token, Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0xff));
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error, "A foto deve ter no máximo 15 MB");
    assert.equal((await rowsOf(id)).length, 0);
  });

  test("missing file, wrong field, bad flag, two files, JSON body → 400", async () => {
    const { token } = await registerModel(ctx.app);
    const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/models/photos",
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    const png = await makePng();

    const noFile = await send(await multipartBody({ is_primary: "true" }));
    assert.equal(noFile.statusCode, 400);
    assert.equal(noFile.json().details[0].path, "photo");

    const wrongField = await send(await multipartBody({}, { field: "arquivo", data: png, filename: "a.png" }));
    assert.equal(wrongField.statusCode, 400);

    const badFlag = await send(await multipartBody({ is_public: "talvez" }, { data: png, filename: "a.png" }));
    assert.equal(badFlag.statusCode, 400);
    assert.equal(badFlag.json().details[0].path, "is_public");

    const form = new FormData();
    form.append("photo", new Blob([png]), "a.png");
    form.append("photo", new Blob([png]), "b.png");
    const twoFilesResponse = new Response(form);
    const twoFiles = await send({
      payload: Buffer.from(await twoFilesResponse.arrayBuffer()),
      headers: { "content-type": twoFilesResponse.headers.get("content-type")! },
    });
    assert.equal(twoFiles.statusCode, 400);
    assert.equal(twoFiles.json().error, "Envie uma foto por vez");

    const json = await ctx.app.inject({
      method: "POST",
      url: "/api/models/photos",
      headers: bearer(token),
      payload: { photo: "x" },
    });
    assert.equal(json.statusCode, 400);
    assert.match(json.json().error, /multipart/);
  });

  test("a multipart boundary over 70 characters (the parser fails over 252) → 400 in the envelope", async () => {
    const { token, id } = await registerModel(ctx.app);
    for (const length of [71, 253, 300]) await expectMalformed(token, id, "b".repeat(length));
  });

  async function expectMalformed(token: string, id: number, boundary: string) {
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n${(await makePng()).toString("latin1")}\r\n--${boundary}--\r\n`,
      "latin1",
    );
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/models/photos",
      headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    assert.equal(res.statusCode, 400, `${boundary.length}`);
    assert.deepEqual(res.json(), { error: "Formulário inválido", code: "BAD_REQUEST" });
    assert.equal((await rowsOf(id)).length, 0);
  }

  test("requires a model session: none → 401, admin → 403", async () => {
    const png = await makePng();
    const body = await multipartBody({}, { data: png, filename: "a.png" });
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/models/photos",
      headers: body.headers,
      payload: body.payload,
    });
    assert.equal(anonymous.statusCode, 401);
    const admin = await postPhoto(ctx.app, await loginAdmin(ctx.app), png);
    assert.equal(admin.statusCode, 403);
  });

  test(`refuses the photo after ${PHOTOS_PER_MODEL_MAX}`, async () => {
    const { token, id } = await registerModel(ctx.app);
    await ctx.app.db.insert(photos).values(
      Array.from({ length: PHOTOS_PER_MODEL_MAX }, (_, i) => ({
        modelId: id,
        filename: `cap${id}x${i}`,
        width: 10,
        height: 10,
        isPrimary: i === 0,
      })),
    );
    const res = await postPhoto(ctx.app, token, await makePng());
    assert.equal(res.statusCode, 400);
    assert.equal(
      res.json().error,
      `Limite de ${PHOTOS_PER_MODEL_MAX} fotos atingido. Exclua uma foto para enviar outra.`,
    );
    assert.equal((await rowsOf(id)).length, PHOTOS_PER_MODEL_MAX);
  });
});
