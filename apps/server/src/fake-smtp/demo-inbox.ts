import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ReceivedMail, startSmtpReceiver } from "./receiver";

/** One message the demo inbox received. */
type InboxMessage = ReceivedMail & { id: number; at: Date };

export type DemoInbox = { smtpUrl: string; url: string; close: () => Promise<void> };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Links of a shown message open the site in a new tab, never inside the inbox: in the text each link carries
 * target="_blank", and the HTML gets a `<base target="_blank">` (its frame is sandboxed, so the site would be
 * blocked there).
 */
const linkify = (text: string) =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`,
  );

const BASE_TARGET = '<base target="_blank">';
const withLinksInNewTab = (html: string) =>
  /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + BASE_TARGET) : BASE_TARGET + html;

/**
 * The message's HTML runs without scripts, forms or same-origin rights; only a link the reader clicks may leave the
 * frame, as a new tab free of the sandbox (the site it opens must run normally).
 */
const MESSAGE_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

function page(messages: InboxMessage[], open: InboxMessage | undefined): string {
  const rows = messages
    .map(
      (m) =>
        `<li${m === open ? ' aria-current="true"' : ""}><a href="/?id=${m.id}"><strong>${escapeHtml(m.subject)}</strong><br><span>${escapeHtml(m.to)} · ${m.at.toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}</span></a></li>`,
    )
    .join("");
  const body = open
    ? `<h2>${escapeHtml(open.subject)}</h2><p class="meta">Para ${escapeHtml(open.to)}</p>
<iframe title="Mensagem em HTML" sandbox="${MESSAGE_SANDBOX}" srcdoc="${escapeHtml(withLinksInNewTab(open.html))}"></iframe>
<h3>Texto</h3><pre>${linkify(open.text)}</pre>`
    : `<p>${messages.length ? "Escolha uma mensagem." : "Nenhuma mensagem ainda: cadastre uma modelo ou use “Esqueci minha senha”."}</p>`;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de entrada (demonstração)</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#0c0b0e;color:#f4f0e9}
header{background:#141217;border-bottom:1px solid #2c2833;padding:14px 20px;font-weight:700;color:#d9b46c}
.wrap{display:grid;grid-template-columns:minmax(0,320px) minmax(0,1fr);gap:16px;max-width:1200px;margin:16px auto;padding:0 12px}
@media (max-width:760px){.wrap{grid-template-columns:1fr}}
ul{list-style:none;margin:0;padding:0}li a{display:block;padding:10px 12px;border-radius:8px;color:inherit;text-decoration:none;border:1px solid #2c2833;margin-bottom:8px}
li[aria-current] a{border-color:#d9b46c}span,.meta{color:#b9b2a7;font-size:.85rem}
a{color:#d9b46c}a:focus-visible{outline:2px solid #d9b46c;outline-offset:2px}
iframe{width:100%;height:520px;border:1px solid #2c2833;border-radius:8px;background:#0c0b0e}
pre{white-space:pre-wrap;background:#141217;padding:12px;border-radius:8px}
</style></head>
<body><header>Caixa de entrada da demonstração — e-mails enviados pelo site</header>
<div class="wrap"><nav aria-label="Mensagens"><ul>${rows}</ul></nav><main>${body}</main></div></body></html>`;
}

/**
 * `npm run demo`'s e-mail: a local SMTP server the site sends to (SMTP_URL) and a page listing what it sent, newest
 * first, each message in HTML and in text with its links clickable. Kept in memory; never for production (it
 * refuses to start when NODE_ENV=production).
 */
export async function startDemoInbox(opts: { smtpPort: number; httpPort: number }): Promise<DemoInbox> {
  if (process.env.NODE_ENV === "production") {
    throw new Error("A caixa de entrada de demonstração não pode rodar com NODE_ENV=production");
  }
  const messages: InboxMessage[] = [];
  const smtp = await startSmtpReceiver({
    port: opts.smtpPort,
    onMessage: (mail) => {
      messages.unshift({ id: messages.length + 1, at: new Date(), ...mail });
      messages.splice(500);
    },
  });
  const http: Server = createServer((req, res) => {
    const id = Number(new URL(req.url ?? "/", "http://inbox").searchParams.get("id"));
    const open = messages.find((m) => m.id === id) ?? messages[0];
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(page(messages, open));
  });
  await new Promise<void>((resolve) => http.listen(opts.httpPort, "127.0.0.1", () => resolve()));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    url: `http://localhost:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
