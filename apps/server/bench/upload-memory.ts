import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { freePort } from "../src/test/free-port";

/**
 * npm run bench:memory: starts the real server as `npm run serve` does (PGlite in a temporary DATA_DIR, or the
 * PostgreSQL database DATABASE_URL names), uploads BENCH_UPLOADS (8) photos of 40 megapixels at once, and samples
 * the server's resident memory (VmRSS from /proc/<pid>/status) before, during and for BENCH_AFTER_SECONDS (30)
 * after the burst. Linux only.
 */
const env = process.env;
const uploads = Number(env.BENCH_UPLOADS ?? 8);
const afterSeconds = Number(env.BENCH_AFTER_SECONDS ?? 30);
const WIDTH = 8000;
const HEIGHT = 5000;
const root = path.resolve(import.meta.dirname, "../../..");
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Resident memory of a process in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A 40-megapixel JPEG that looks like a photo to the encoder (gradients and grain), well under 15 MB. */
async function makeBigJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 12345;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 15;
      const i = (y * WIDTH + x) * 3;
      raw[i] = ((x * 255) / WIDTH + grain) & 0xff;
      raw[i + 1] = ((y * 255) / HEIGHT + grain) & 0xff;
      raw[i + 2] = (((x + y) * 128) / (WIDTH + HEIGHT) + grain) & 0xff;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Starts the server and resolves once it answers. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // As `npm run serve` starts it (MALLOC_ARENA_MAX comes from this process's environment).
  const server = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // PGlite in the temporary DATA_DIR unless DATABASE_URL names a PostgreSQL database.
      DATABASE_URL: env.DATABASE_URL ?? "",
      WEB_DIST_DIR: "",
      LOG_LEVEL: "error",
      ADMIN_EMAIL: "admin@memoria.local",
      ADMIN_PASSWORD: "memoria-admin-secret",
      AUTH_RATE_LIMIT: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error("o servidor não respondeu em 90 s");
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-memory-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`MALLOC_ARENA_MAX=${env.MALLOC_ARENA_MAX ?? "(padrão da glibc)"}`);
  // The first start creates the database and loads the reference data; a running site has restarted since.
  await stopServer(await startServer(port, dataDir));
  const server = await startServer(port, dataDir);
  const pid = server.pid!;
  try {
    const jpeg = await makeBigJpeg();
    log(`imagem: ${WIDTH}x${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP), ${(jpeg.length / 1e6).toFixed(1)} MB`);

    const tokens: string[] = [];
    for (let i = 0; i < uploads; i++) {
      const tag = `${Date.now()}${i}`;
      const res = await fetch(`${baseUrl}/api/auth/model/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `memoria${tag}`,
          email: `memoria${tag}@example.com`,
          password: "senha-forte-123",
          name: `Memória ${i}`,
          age: 25,
          phone: "11987654321",
          whatsapp: "11987654321",
          estado_id: 35,
          municipio_id: 3550308,
          category_id: 1,
        }),
      });
      if (res.status !== 201) throw new Error(`cadastro: ${res.status} ${await res.text()}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = rssMb(pid);
    log(`RSS antes: ${baseline} MB`);

    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const started = Date.now();
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        const form = new FormData();
        form.append("photo", new Blob([jpeg], { type: "image/jpeg" }), "grande.jpg");
        const res = await fetch(`${baseUrl}/api/models/photos`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    clearInterval(sampler);
    const burstSeconds = (Date.now() - started) / 1000;
    log(`${uploads} envios simultâneos: ${statuses.join(" ")} em ${burstSeconds.toFixed(1)} s; pico de RSS ${peak} MB`);

    const samples: string[] = [];
    for (let s = 0; s <= afterSeconds; s++) {
      if (s % 5 === 0) samples.push(`+${s}s ${rssMb(pid)} MB`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    log(`RSS depois: ${samples.join(", ")}`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
