// A file of its own: the public profile shows this message on its first load, which then loads none of the
// moderation labels beside it (./moderation-plain.ts, loaded with the report dialog).

/** What every accepted report and notice answers. */
export const REPORT_RECEIVED_MESSAGE = "Denúncia recebida. Obrigado.";
