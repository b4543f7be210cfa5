import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../apps/server/src/test/free-port";
import { renderNginxConf } from "../render-nginx.mjs";

export const root = path.resolve(import.meta.dirname, "../..");
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/server.js");

/** Polls `check` every 50 ms until it answers something truthy, or fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether GET /api/health at `baseUrl` answers 200 now. */
async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

export type Instance = {
  name: string;
  port: number;
  baseUrl: string;
  /** What it printed on stdout and stderr since its last start. */
  output: () => string;
  /** Starts the built server (apps/server/dist/server.js, as `npm run serve`) and waits for /api/health. */
  start(): Promise<void>;
  /** SIGKILL, at once: no shutdown, open connections reset. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (when running); SIGKILL after 15 s, so a stuck shutdown never outlives the test. */
  stop(): Promise<void>;
  /** Stops it and removes its data directory. */
  remove(): Promise<void>;
};

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** One server instance on its own free port and data directory, with the environment `env` (shared secrets…). */
export async function serverInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `vitrine-${name}-`));
  let child: ChildProcess | null = null;
  let output = "";

  async function signal(sig: NodeJS.Signals) {
    if (!child) return;
    const running = child;
    child = null;
    if (running.exitCode !== null || running.signalCode !== null) return;
    running.kill(sig);
    const late = setTimeout(() => running.kill("SIGKILL"), 15_000);
    await exited(running);
    clearTimeout(late);
  }

  return {
    name,
    port,
    baseUrl,
    output: () => output,
    async start() {
      output = "";
      const started = spawn(
        process.execPath,
        ["--expose-gc", "--enable-source-maps", path.relative(root, SERVER_BUNDLE)],
        {
          cwd: root,
          env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child = started;
      const keep = (chunk: Buffer) => {
        output += chunk.toString("utf8");
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      await until(
        `instance ${name} to answer /api/health`,
        async () => {
          if (started.exitCode !== null) throw new Error(`instance ${name} exited with ${started.exitCode}\n${output}`);
          return healthy(baseUrl);
        },
        120_000,
      );
    },
    kill: () => signal("SIGKILL"),
    async stop() {
      await signal("SIGTERM");
    },
    async remove() {
      await signal("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Nginx = { baseUrl: string; errorLog: () => string; stop(): Promise<void> };

/**
 * Debian's nginx on `port` in front of `instances`, with deploy/nginx.conf rendered for them: run in the foreground by this
 * process (daemon off), as the current user, with its pid, logs and temporary files in a temporary prefix.
 */
export async function startNginx(instances: Instance[], port: number): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), "vitrine-nginx-"));
  for (const dir of ["logs", "temp"]) mkdirSync(path.join(prefix, dir));
  writeFileSync(
    path.join(prefix, "vitrine.conf"),
    renderNginxConf({ listen: `127.0.0.1:${port}`, instances: instances.map((i) => `127.0.0.1:${i.port}`) }),
  );
  // Debian's /etc/nginx/nginx.conf around the site, reduced to what the site needs. As root, the workers stay
  // root (the default would be nobody, who cannot write the temporary prefix).
  const main = [
    "daemon off;",
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 1;",
    "pid nginx.pid;",
    "error_log logs/error.log info;",
    "events { worker_connections 512; }",
    "http {",
    "  access_log logs/access.log;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path temp/${t};`),
    "  include vitrine.conf;",
    "}",
  ].join("\n");
  writeFileSync(path.join(prefix, "nginx.conf"), main);
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, "logs/error.log"), "utf8");
    } catch {
      return "";
    }
  };
  const child = spawn(NGINX, ["-e", "logs/error.log", "-p", prefix, "-c", "nginx.conf"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await until("nginx to pass /api/health on", async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}\n${errorLog()}`);
    return healthy(baseUrl);
  });
  return {
    baseUrl,
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // QUIT: graceful shutdown of the workers.
        child.kill("SIGQUIT");
        await exited(child);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export type StreamEvent = { event: string; id?: string; data: unknown };

export type EventReader = {
  events: StreamEvent[];
  /** The first event (from the start of the stream) matching `match`, waiting up to `timeoutMs`. */
  waitFor(what: string, match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
};

/**
 * Reads GET /api/models/events at `baseUrl` as a browser's EventSource would: `data:` lines parsed as JSON, `event:`
 * names ("message" when unnamed) and `id:`s kept. Resolves once the stream's first bytes arrived.
 */
export async function readEvents(baseUrl: string): Promise<EventReader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/models/events`, {
    headers: { accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`events stream answered ${res.status}`);
  const events: StreamEvent[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let first: () => void = () => {};
  const opened = new Promise<void>((resolve) => (first = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        first();
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          let id: string | undefined;
          const data: string[] = [];
          for (const line of frame.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("id:")) id = line.slice(3).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trim());
          }
          if (data.length > 0) events.push({ event, id, data: JSON.parse(data.join("\n")) });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  await opened;
  return {
    events,
    waitFor: (what, match, timeoutMs = 2000) =>
      until(`${what} on the stream of ${baseUrl}`, async () => events.find(match), timeoutMs),
    close: () => abort.abort(),
  };
}
