/**
 * Saves a file the page already holds (a Blob fetched with the bearer token, or a data: URL) under `fileName`,
 * through a temporary download link. Call it from an event handler.
 */
export function saveFile(source: Blob | string, fileName: string): void {
  const href = typeof source === "string" ? source : URL.createObjectURL(source);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the object URL once the click is handled; free it a moment later.
  if (typeof source !== "string") setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
