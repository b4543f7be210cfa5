import { formatBRL } from "@vitrine/contracts";

const compact = new Intl.NumberFormat("pt-BR", { notation: "compact", maximumFractionDigits: 1 });

/** Money on a chart axis: "R$ 950" under a thousand, "R$ 1,2 mil" above (tooltips keep formatBRL). */
export function formatMoneyAxis(reais: number): string {
  return Math.abs(reais) < 1000 ? formatBRL(reais).replace(/,00$/, "") : `R$ ${compact.format(reais)}`;
}
