import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as a local SMTP receiver parsed it. */
export type ReceivedMail = { from: string; to: string; subject: string; text: string; html: string };

/**
 * A real SMTP server on the loopback (`smtp-server`) that parses each message it accepts (`mailparser`) and hands it
 * to `onMessage`; `refuse()` answering true makes it reject messages with a 451 (a temporary failure). For tests
 * and the demo's inbox only. `port` 0 picks a free one.
 */
export async function startSmtpReceiver(opts: {
  port: number;
  onMessage: (mail: ReceivedMail) => void;
  refuse?: () => boolean;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (opts.refuse?.()) return callback(Object.assign(new Error("Tente mais tarde"), { responseCode: 451 }));
          const address = (a: typeof mail.to) => (Array.isArray(a) ? a.map((x) => x.text).join(", ") : a?.text) ?? "";
          opts.onMessage({
            from: mail.from?.text ?? "",
            to: address(mail.to),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
