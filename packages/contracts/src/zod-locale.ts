import { z } from "zod";

let configured = false;

/**
 * Every validation message the server sends and every form shows is in Brazilian Portuguese: zod's own messages
 * (where a schema gives none) come from its pt-BR locale. The contracts' entry point calls this when it loads; a
 * bundle may drop that call (the package declares no side effects), so the web's form code calls it too.
 */
export function configurePortugueseMessages(): void {
  if (configured) return;
  z.config(z.locales.ptBR());
  configured = true;
}
