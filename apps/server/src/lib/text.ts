/** `text` as it is when it has at most `max` characters; otherwise its first `max`, trimmed, followed by "…". */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}
