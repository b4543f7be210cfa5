import { after, before } from "node:test";
import { type ReceivedMail, startSmtpReceiver } from "../fake-smtp/receiver";
import { useTestContext } from "./fixtures";
import type { TestContext } from "./helper";

export type { ReceivedMail };

export type LocalSmtp = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The first message (to `to`, when given) matching `test`, waiting up to `timeoutMs` for it to arrive. */
  waitFor(match: { to?: string; subject?: RegExp }, timeoutMs?: number): Promise<ReceivedMail>;
  /** Starts refusing every message (a 451 after DATA) until called with false. */
  refuse(on: boolean): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on the loopback (fake-smtp/receiver.ts) that keeps what arrives, parsed: the outside part of
 * the mailer's tests, spoken to over the real protocol. `port` 0 picks a free one.
 */
export async function startLocalSmtp(port = 0): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = await startSmtpReceiver({ port, onMessage: (mail) => received.push(mail), refuse: () => refusing });
  const bound = server.port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(
          (m) => (!match.to || m.to.includes(match.to)) && (!match.subject || match.subject.test(m.subject)),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail ${JSON.stringify(String(match.subject))} to ${match.to}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    refuse(on) {
      refusing = on;
    },
    close: server.close,
  };
}

/** The token of the first link to `path` in a message's text. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

/**
 * The file's test context with its mail going to a local SMTP server of the file's own: the server starts before the
 * context and closes after it. `smtp` is read inside tests and hooks (it exists once the suite's before hooks ran).
 */
export function useTestContextWithMail(): { ctx: TestContext; smtp: LocalSmtp } {
  let open: LocalSmtp | undefined;
  const smtp = new Proxy({} as LocalSmtp, {
    get(_target, key) {
      if (!open) throw new Error("the local SMTP server is read outside the suite's tests and hooks");
      return open[key as keyof LocalSmtp];
    },
  });
  before(async () => {
    open = await startLocalSmtp();
  });
  const ctx = useTestContext(() => ({ smtpUrl: smtp.url }));
  after(async () => {
    await open?.close();
    open = undefined;
  });
  return { ctx, smtp };
}
