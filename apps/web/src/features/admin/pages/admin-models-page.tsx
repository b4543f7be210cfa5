import type { AdminPageSize } from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer } from "@/components/page";
import { useTableParams } from "@/hooks/use-table-params";
import { Button, Card, Pagination, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useExportModelsCsv } from "../api/export-models-csv";
import { type AdminModelFilters, useAdminModels } from "../api/get-admin-models";
import { AdminPageHeader } from "../components/admin-page-header";
import { ModelChartsSection } from "../components/models/model-charts-section";
import { type ModelFilterValues, ModelFilters } from "../components/models/model-filters";
import { ModelsTable } from "../components/models/models-table";
import { RegisterModelModal } from "../components/models/register-model-modal";
import { useModelRowActions } from "../hooks/use-model-row-actions";
import { getTodayInSaoPaulo } from "../lib/today";

const FILTER_KEYS = ["state", "city_id", "category_id", "q"] as const;

/** The models API query of the URL's table parameters (an unknown state or a non-numeric id is ignored). */
function modelsQuery(filters: ModelFilterValues, page: number, limit: AdminPageSize): AdminModelFilters {
  const id = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);
  return {
    page,
    limit,
    state: /^[A-Z]{2}$/.test(filters.state) ? filters.state : undefined,
    city_id: id(filters.city_id),
    category_id: id(filters.category_id),
    q: filters.q || undefined,
  };
}

/** Admin: Gerenciar Modelos (/admin/models). */
export function AdminModelsPage() {
  const table = useTableParams(FILTER_KEYS);
  const filters: ModelFilterValues = table.filters;
  const query = modelsQuery(filters, table.page, table.limit);
  const models = useAdminModels(query);
  const [registering, setRegistering] = useState(false);
  const [today] = useState(getTodayInSaoPaulo);
  const actions = useModelRowActions();
  const exportCsv = useExportModelsCsv();

  /** The CSV holds every model the current filters select, not only this page. */
  function exportModels() {
    const { page: _page, limit: _limit, ...filtersOnly } = query;
    exportCsv.mutate(filtersOnly, { onError: (err) => toast.error(errorMessage(err, "Erro ao exportar modelos")) });
  }

  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Gerenciar Modelos"
        description="Cadastros, status, pagamentos e acesso direto das anunciantes."
        actions={
          <>
            <Button
              variant="secondary"
              size="sm"
              loading={exportCsv.isPending}
              loadingText="Exportando..."
              onClick={exportModels}
            >
              Exportar CSV
            </Button>
            <Button size="sm" onClick={() => setRegistering(true)}>
              <span aria-hidden>+</span> Cadastrar Modelo
            </Button>
          </>
        }
      />

      <Card className="mb-6">
        <ModelFilters key={FILTER_KEYS.map((k) => filters[k]).join("|")} applied={filters} onApply={table.setFilters} />
      </Card>

      <QueryState query={models} errorText="Erro ao carregar modelos. Tente novamente." variant="card">
        {(data) => (
          <div className="flex flex-col gap-4">
            {/* While other filters or another page load, the previous rows stay, dimmed. */}
            <div
              aria-busy={models.isPlaceholderData || undefined}
              className={cn("transition-opacity", models.isPlaceholderData && "opacity-60")}
            >
              <ModelsTable
                models={data.models}
                today={today}
                pendingIds={actions.pendingIds}
                onToggle={actions.toggle}
                onAction={actions.run}
              />
            </div>
            <Pagination
              page={query.page}
              pages={data.pagination.pages}
              total={data.pagination.total}
              onPageChange={table.setPage}
              pageSize={query.limit}
              onPageSizeChange={table.setLimit}
            />
          </div>
        )}
      </QueryState>

      <ModelChartsSection />

      <RegisterModelModal open={registering} onClose={() => setRegistering(false)} />
      {actions.dialogs}
    </PageContainer>
  );
}
