export { formatCount } from "@vitrine/contracts";

const metres = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilos = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** 1.68 → "1,68 m" */
export const formatHeight = (m: number) => `${metres.format(m)} m`;
/** 58.5 → "58,5 kg" */
export const formatWeight = (kg: number) => `${kilos.format(kg)} kg`;
