import type { Estado } from "@vitrine/contracts";

export const presentEstado = (row: { id: number; nome: string; uf: string }): Estado => ({
  id: row.id,
  nome: row.nome,
  uf: row.uf,
});
