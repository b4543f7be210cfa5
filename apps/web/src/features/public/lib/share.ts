import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";

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
