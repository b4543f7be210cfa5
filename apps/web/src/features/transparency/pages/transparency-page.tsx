import { TRANSPARENCY_PERIOD_PARAM } from "@vitrine/contracts";
import { PageContainer, PageHeader } from "@/components/page";
import { QueryState } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { useSearchParams } from "@/lib/router";
import { useTransparency } from "../api/get-transparency";
import { PeriodPicker, saoPauloDay } from "../components/period-picker";
import { TransparencyReportView } from "../components/report-view";

/**
 * Public page "Relatório de transparência", route /transparencia (server-rendered, outside the age check; decision
 * 076): the figures of a quarter or a year (`?periodo=2026-T4`, `?periodo=2026`; default the current quarter), from
 * the reports, decisions and verifications the site keeps. Aggregates only: no case, person or text.
 */
export function TransparencyPage() {
  const [params] = useSearchParams();
  const periodo = params.get(TRANSPARENCY_PERIOD_PARAM)?.trim() ?? "";
  const query = useTransparency(periodo);
  const report = query.data?.report;
  usePageTitle(report ? `Relatório de transparência — ${report.period.label}` : "Relatório de transparência");
  const today = saoPauloDay(report?.generated_at ?? new Date().toISOString());
  return (
    <PageContainer size="lg">
      <PageHeader
        eyebrow="Transparência"
        title="Relatório de transparência"
        description="Denúncias recebidas, decisões da moderação, tempos de análise, verificações de identidade e impulsionamentos pagos, por trimestre e por ano. Só números agregados: nenhum caso, pessoa ou texto é publicado."
      />
      <div className="mb-6">
        <PeriodPicker basePath={appPaths.transparency} current={report?.period.key ?? periodo} today={today} />
      </div>
      <QueryState query={query} errorText="Não foi possível carregar o relatório." variant="card" title="Relatório">
        {(data) => <TransparencyReportView report={data.report} />}
      </QueryState>
      <Methodology />
    </PageContainer>
  );
}

/** How the figures are counted (decision 076), in plain words. */
function Methodology() {
  return (
    <section aria-labelledby="transparencia-metodo" className="mt-8 text-sm leading-relaxed text-ink-muted">
      <h2 id="transparencia-metodo" className="font-display text-lg font-semibold text-ink">
        Como contamos
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        <li>
          Os períodos seguem o calendário de Brasília: trimestres de janeiro a março, abril a junho, julho a setembro e
          outubro a dezembro.
        </li>
        <li>
          Denúncias contam pela data em que chegaram; decisões, recursos e verificações, pela data em que foram
          decididos. Um caso decidido em outro período aparece naquele período.
        </li>
        <li>
          “Conteúdo removido” soma foto ocultada, perfil ocultado, conta suspensa e conta banida. “Restaurados” soma os
          conteúdos ocultados antes da análise e liberados pela moderação e as decisões revertidas em recurso.
        </li>
        <li>
          O tempo até a primeira análise vai da primeira denúncia do caso até a primeira decisão. A mediana e os 10%
          mais lentos são tempos de casos reais: ordenados os casos do mais rápido ao mais lento, a mediana é o caso na
          metade da fila e os 10% mais lentos começam no caso que ocupa a posição de 90%.
        </li>
        <li>Verificações recusadas incluem as recusadas por idade abaixo de 18 anos.</li>
      </ul>
    </section>
  );
}
