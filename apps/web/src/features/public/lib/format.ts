import { formatBRL } from "@vitrine/contracts";
export { formatCount } from "@vitrine/contracts";

const metres = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilos = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** 1.68 → "1,68 m" */
export const formatHeight = (m: number) => `${metres.format(m)} m`;
/** 58.5 → "58,5 kg" */
export const formatWeight = (kg: number) => `${kilos.format(kg)} kg`;

/** Her lowest price per hour on her card: 150 → "R$ 150/h", 133.33 → "R$ 133,33/h" (whole reais without ",00"). */
export const formatHourlyPrice = (reais: number) => `${formatBRL(reais).replace(/,00$/, "")}/h`;
