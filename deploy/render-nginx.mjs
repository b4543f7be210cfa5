#!/usr/bin/env node
// Fills the placeholders of deploy/nginx.conf. Plain node, no packages, so that it runs on the proxy machine:
//   node deploy/render-nginx.mjs --listen 80 --server-name vitrine.example 10.0.0.11:5000 10.0.0.12:5000 \
//     > /etc/nginx/conf.d/vitrine.conf
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const NGINX_TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), "nginx.conf");

/**
 * deploy/nginx.conf with {{LISTEN}}, {{SERVER_NAME}} (default `_`) and {{INSTANCES}} filled: one upstream server
 * line per instance address, each taken out of rotation for 10 s after one failed attempt. Throws when an instance
 * is not host:port or the template names a placeholder it does not know.
 */
export function renderNginxConf({ listen, serverName = "_", instances }) {
  if (instances.length === 0) throw new Error("at least one instance (host:port) is needed");
  for (const instance of instances) {
    if (!/^[\w.-]+:\d+$|^\[[\da-f:]+\]:\d+$/i.test(instance)) throw new Error(`not host:port: ${instance}`);
  }
  const servers = instances.map((instance) => `server ${instance} max_fails=1 fail_timeout=10s;`).join("\n    ");
  const values = { LISTEN: String(listen), SERVER_NAME: serverName, INSTANCES: servers };
  // Comment lines name the placeholders: they are kept as written.
  const lines = readFileSync(NGINX_TEMPLATE, "utf8")
    .split("\n")
    .map((line) =>
      line.trimStart().startsWith("#")
        ? line
        : line.replace(/\{\{([A-Z_]+)\}\}/g, (placeholder, name) => {
            if (!(name in values)) throw new Error(`unknown placeholder in nginx.conf: ${placeholder}`);
            return values[name];
          }),
    );
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const listen = option("--listen") ?? "80";
  const serverName = option("--server-name");
  if (args.length === 0) {
    console.error("uso: node deploy/render-nginx.mjs [--listen 80] [--server-name host] host:porta host:porta…");
    process.exit(2);
  }
  process.stdout.write(renderNginxConf({ listen, serverName, instances: args }));
}
