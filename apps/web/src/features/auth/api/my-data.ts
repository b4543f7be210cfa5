import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";
import { apiPaths } from "@/lib/paths";

/** "meus-dados-2026-05-14.zip": dated by the day (São Paulo) it was made. */
function zipFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return `meus-dados-${day}.zip`;
}

/** GET /api/models/my-data/export with the bearer token (a plain link would not carry it), saved as a file. */
export async function downloadMyData(): Promise<void> {
  const zip = await api.get<Blob>(apiPaths.myData.export, { responseType: "blob" });
  saveFile(zip, zipFileName());
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
