import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { type DemoInbox, startDemoInbox } from "./demo-inbox";

let inbox: DemoInbox;
before(async () => {
  inbox = await startDemoInbox({ smtpPort: 0, httpPort: 0 });
});
const ctx = useTestContext(() => ({ smtpUrl: inbox.smtpUrl, publicUrl: "http://localhost:5173" }));
after(async () => {
  await inbox.close();
});

const unescape = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );

/** The inbox page once a message to `to` arrived (the site sends it as soon as the action commits). */
async function inboxPageWith(to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const html = await (await fetch(inbox.url)).text();
    if (html.includes(to)) return html;
    if (Date.now() > deadline) throw new Error(`no message to ${to} in the demo inbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("demo inbox", () => {
  test("the confirmation e-mail's button and links open the site in a new tab, outside the sandboxed frame", async () => {
    const email = `caixa${Date.now()}@example.com`;
    await registerModel(ctx.app, { email }, { confirmed: false });
    const page = await inboxPageWith(email);

    const frame = /<iframe [^>]*sandbox="([^"]*)" srcdoc="([^"]*)"/.exec(page);
    assert.ok(frame, "the message's HTML is shown in a frame");
    const sandbox = frame[1]!.split(/\s+/);
    // A click may open a new tab that leaves the sandbox; the message itself still runs no script.
    assert.ok(sandbox.includes("allow-popups"), sandbox.join(" "));
    assert.ok(sandbox.includes("allow-popups-to-escape-sandbox"), sandbox.join(" "));
    assert.ok(!sandbox.includes("allow-scripts") && !sandbox.includes("allow-same-origin"), sandbox.join(" "));
    const html = unescape(frame[2]!);
    assert.match(html, /Confirmar e-mail/);
    assert.match(html, /<base target="_blank">/, "every link of the message (the button too) opens a new tab");
    assert.ok(html.indexOf("<base") < html.indexOf("<a "), "the base comes before the first link");

    const text = /<pre>([\s\S]*)<\/pre>/.exec(page)?.[1] ?? "";
    const links = [...text.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    assert.ok(links.length > 0, "the text's confirmation link is clickable");
    for (const link of links) assert.match(link, /target="_blank"/);
  });
});
