import type { AdminAgeAssuranceResponse } from "@vitrine/contracts";
import { LineChartCard, PieChartCard } from "@/features/admin/components/charts";
import { AGE_COUNT_LABELS, AGE_OUTCOME_KEYS, unanswered } from "@/features/admin/lib/age-outcomes";

/** The age checks per São Paulo day and their outcomes, over the last 30 days. */
export function AgeChecksCharts({ data }: { data: AdminAgeAssuranceResponse }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <LineChartCard
          title="Verificações por dia"
          description="Últimos 30 dias, horário de São Paulo"
          data={data.days}
          xKey="day"
          series={[
            { key: "started", label: AGE_COUNT_LABELS.started },
            { key: "over18", label: AGE_COUNT_LABELS.over18 },
            { key: "under18", label: AGE_COUNT_LABELS.under18 },
          ]}
        />
      </div>
      <PieChartCard
        title="Resultados"
        description="Respostas das verificações iniciadas"
        data={[
          ...AGE_OUTCOME_KEYS.map((key) => ({ name: AGE_COUNT_LABELS[key], value: data.totals[key] })),
          { name: "Sem resposta", value: unanswered(data.totals) },
        ]}
      />
    </div>
  );
}
