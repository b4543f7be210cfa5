/** What a message says; each template of modules/mail/messages.ts fills one. */
export type MailContent = {
  subject: string;
  /** The first line, as a title. */
  heading: string;
  paragraphs: string[];
  /** The one button, with its link written out below it too (some clients strip buttons). */
  action?: { label: string; url: string };
  /** Small print under the button (why she got it, how long the link lasts). */
  note?: string;
};

// The site's look: dark background, one accent colour (the web's --accent), readable contrast (WCAG AA).
const BG = "#0c0b0e";
const CARD = "#141217";
const TEXT = "#f4f0e9";
const MUTED = "#b9b2a7";
const ACCENT = "#d9b46c";
const ACCENT_INK = "#1a1409";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * Renders a message in plain text and in HTML for e-mail clients: a table layout with inline styles only (many
 * clients drop <style> and ignore flex or grid), in Portuguese, signed with the site's name.
 */
export function renderMail(siteName: string, content: MailContent): { subject: string; text: string; html: string } {
  const subject = `${content.subject} — ${siteName}`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    `— ${siteName}`,
  ].join("\n");
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT}">${escapeHtml(s)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:8px;background:${ACCENT}"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:${ACCENT_INK};text-decoration:none;border-radius:8px">${escapeHtml(content.action.label)}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};overflow-wrap:anywhere;word-break:break-word">Se o botão não abrir, copie este endereço no navegador: ${escapeHtml(content.action.url)}</p>`
    : "";
  const note = content.note
    ? `<p style="margin:0;font-size:13px;line-height:20px;color:${MUTED}">${escapeHtml(content.note)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="dark"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${BG}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BG}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:Arial,Helvetica,sans-serif">
<tr><td style="padding:0 0 16px;font-size:20px;font-weight:bold;color:${ACCENT}">${escapeHtml(siteName)}</td></tr>
<tr><td style="background:${CARD};border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${TEXT}">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(p).join("\n")}
${button}
${note}
</td></tr>
<tr><td style="padding:16px 0 0;font-size:12px;line-height:18px;color:${MUTED}">Mensagem automática de ${escapeHtml(siteName)}. Não responda a este e-mail.</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, text, html };
}
