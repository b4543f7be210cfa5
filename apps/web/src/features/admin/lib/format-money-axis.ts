import { formatBRL } from "@vitrine/contracts";

const compact = new Intl.NumberFormat("pt-BR", { notation: "compact", maximumFractionDigits: 1 });

/**
 * Money on a chart axis: "R$ 950" under a thousand, "R$ 1,5 mil" above (tooltips keep formatBRL). The spaces are
 * no-break spaces, so the axis never splits a label over two lines.
 */
export function formatMoneyAxis(reais: number): string {
  const text = Math.abs(reais) < 1000 ? formatBRL(reais).replace(/,00$/, "") : `R$ ${compact.format(reais)}`;
  return text.replace(/\s/g, "\u00a0");
}
