import { toast } from "@/lib/toast";

/** Puts `text` on the clipboard; falls back to a hidden textarea where the async API is refused. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // not allowed (no permission, insecure context): try the old way
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}

/**
 * Lightbox share: the device's share sheet when there is one, else the page address is copied
 * and a toast says so. Browser only (call from a click handler).
 */
export async function sharePage({ title }: { title: string }): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
    } catch {
      // the visitor closed the share sheet
    }
    return;
  }
  try {
    await copyText(url);
    toast.success("Link copiado para a área de transferência");
  } catch {
    toast.error("Não foi possível copiar o link");
  }
}
