import { accountPaymentStatusLabel } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { buildCsv, type CsvColumn, formatCsvDate, formatCsvMoney } from "../../lib/csv";
import { todayInSaoPaulo } from "../../lib/dates";
import { presentAdminModel } from "./present";
import { type AdminModelFilters, type AdminModelRecord, listAllAdminModels } from "./query";

/** The most rows one export carries. */
export const MODELS_CSV_MAX_ROWS = 50_000;

const yesNo = (value: boolean) => (value ? "Sim" : "Não");

function columns(today: string): CsvColumn<AdminModelRecord>[] {
  return [
    { header: "ID", value: (r) => r.model.id },
    { header: "Nome", value: (r) => r.model.name },
    { header: "Usuário", value: (r) => r.model.username },
    { header: "E-mail", value: (r) => r.model.email },
    { header: "WhatsApp", value: (r) => r.model.whatsapp },
    { header: "Telefone", value: (r) => r.model.phone },
    { header: "Cidade", value: (r) => r.cityName },
    { header: "Estado", value: (r) => r.uf },
    { header: "Categoria", value: (r) => r.categoryName },
    { header: "Plano", value: (r) => r.planName },
    { header: "Valor do plano", value: (r) => formatCsvMoney(r.planPriceCents) },
    { header: "Vencimento", value: (r) => formatCsvDate(r.model.nextDueDate) },
    {
      header: "Pagamento",
      value: (r) => accountPaymentStatusLabel(presentAdminModel(r, today).payment_status),
    },
    { header: "Ativa", value: (r) => yesNo(r.model.isActive) },
    { header: "Verificada", value: (r) => yesNo(r.model.isVerified) },
    { header: "Visível no site", value: (r) => yesNo(presentAdminModel(r, today).is_visible) },
    { header: "Visualizações", value: (r) => r.model.viewsCount },
    { header: "Contatos", value: (r) => r.model.contactCount },
    { header: "Cadastro", value: (r) => formatCsvDate(r.model.createdAt) },
  ];
}

/** The models of the current filters as a CSV file (newest first), for Excel in pt-BR. */
export async function exportModelsCsv({ db, filters }: { db: Db; filters: AdminModelFilters }): Promise<string> {
  const records = await listAllAdminModels({ db, filters, max: MODELS_CSV_MAX_ROWS });
  return buildCsv(columns(todayInSaoPaulo()), records);
}
