import {
  ANALYTICS_CITY_MIN_ADVERTISERS,
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsResponse,
  type OwnerPhoto,
} from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer, PageHeader } from "@/components/page";
import { Badge, Card, QueryState, Stat, StatGroup, Table } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { usePageTitle } from "@/hooks/use-page-title";
import { cn } from "@/lib/cn";
import { useAnalytics } from "../api/get-analytics";
import { useProfile } from "../api/get-profile";
import { ContactsChart, VisibilityChart } from "../components/analytics-charts";
import { formatNumber, formatRate } from "../components/analytics-format";

/** The period switch: three toggle buttons in a labelled group. */
function PeriodSwitch({ value, onChange }: { value: AnalyticsPeriod; onChange: (days: AnalyticsPeriod) => void }) {
  return (
    <div role="group" aria-label="Período" className="inline-flex rounded-full border border-line bg-surface p-1">
      {ANALYTICS_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={cn(
            "min-h-10 rounded-full px-4 text-sm font-medium transition-colors",
            value === days ? "bg-accent text-black" : "text-ink-muted hover:text-ink",
          )}
        >
          {days} dias
        </button>
      ))}
    </div>
  );
}

function medianHint(data: AnalyticsResponse, value: number | undefined): string | undefined {
  return data.city.compared && value !== undefined ? `Mediana da cidade: ${formatNumber(value)}` : undefined;
}

function Totals({ data }: { data: AnalyticsResponse }) {
  const { totals } = data;
  const median = data.city.median_totals ?? undefined;
  const medianRate =
    median && median.card_impressions > 0 ? formatRate(median.card_clicks / median.card_impressions) : undefined;
  return (
    <StatGroup className="grid-cols-2 lg:grid-cols-4">
      <Stat
        label="Card exibido"
        value={formatNumber(totals.card_impressions)}
        hint={medianHint(data, median?.card_impressions)}
      />
      <Stat
        label="Cliques no card"
        value={formatNumber(totals.card_clicks)}
        hint={medianHint(data, median?.card_clicks)}
      />
      <Stat
        label="Taxa de cliques"
        value={formatRate(totals.click_rate)}
        hint={data.city.compared && medianRate ? `Mediana da cidade: ${medianRate}` : "Cliques ÷ exibições do card"}
      />
      <Stat
        label="Visualizações do perfil"
        value={formatNumber(totals.profile_views)}
        hint={medianHint(data, median?.profile_views)}
      />
      <Stat label="Contatos" value={formatNumber(totals.contacts)} hint={medianHint(data, median?.contacts)} />
      <Stat label="WhatsApp" value={formatNumber(totals.contact_whatsapp)} />
      <Stat label="Telefone" value={formatNumber(totals.contact_phone)} />
      <Stat label="Instagram" value={formatNumber(totals.contact_instagram)} />
    </StatGroup>
  );
}

function CityNote({ data }: { data: AnalyticsResponse }) {
  const { city } = data;
  const name = city.name ?? "sua cidade";
  return (
    <p className="text-sm text-ink-muted" data-testid="city-note">
      {city.compared
        ? `Comparação com a mediana das ${city.advertisers} anunciantes de ${name} no site (linha tracejada nos gráficos).`
        : `A comparação com ${name} aparece quando a cidade tiver pelo menos ${ANALYTICS_CITY_MIN_ADVERTISERS} anunciantes no site (hoje: ${city.advertisers}).`}
    </p>
  );
}

type PhotoRow = AnalyticsResponse["photos"][number] & { photo: OwnerPhoto | undefined; index: number };

function PhotosTable({ data, photos }: { data: AnalyticsResponse; photos: OwnerPhoto[] }) {
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const rows: PhotoRow[] = data.photos.map((row, index) => ({ ...row, photo: byId.get(row.photo_id), index }));
  return (
    <Card
      title="Suas fotos"
      description="Aberturas de cada foto na galeria do seu perfil e, para a foto de capa, a taxa de cliques do card enquanto ela era a capa."
      padding="none"
    >
      <Table<PhotoRow>
        caption="Números por foto no período"
        rows={rows}
        getRowKey={(row) => row.photo_id}
        emptyText="Você ainda não tem fotos."
        className="rounded-t-none border-x-0 border-b-0"
        columns={[
          {
            key: "photo",
            header: "Foto",
            render: (row) => (
              <div className="flex items-center gap-3">
                {row.photo ? (
                  <img
                    src={row.photo.variants[0]?.url ?? row.photo.url}
                    alt={`Foto ${row.index + 1}`}
                    width={48}
                    height={64}
                    loading="lazy"
                    className="h-16 w-12 rounded-lg border border-line object-cover"
                  />
                ) : (
                  <span className="h-16 w-12 rounded-lg border border-line bg-surface-2" aria-hidden="true" />
                )}
                <span className="flex flex-col items-start gap-1">
                  <span className="text-ink">{`Foto ${row.index + 1}`}</span>
                  {row.photo?.is_primary && <Badge variant="accent">Capa</Badge>}
                  {row.photo && !row.photo.is_public && <Badge>Privada</Badge>}
                </span>
              </div>
            ),
          },
          {
            key: "opens",
            header: "Aberturas na galeria",
            align: "right",
            render: (row) => formatNumber(row.lightbox_opens),
          },
          {
            key: "impressions",
            header: "Exibições como capa",
            align: "right",
            render: (row) => formatNumber(row.cover_impressions),
          },
          {
            key: "clicks",
            header: "Cliques como capa",
            align: "right",
            render: (row) => formatNumber(row.cover_clicks),
          },
          {
            key: "rate",
            header: "Taxa de cliques como capa",
            align: "right",
            render: (row) => formatRate(row.cover_click_rate),
          },
        ]}
      />
    </Card>
  );
}

function Analytics() {
  usePageTitle("Estatísticas");
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const analytics = useAnalytics(days);
  const profile = useProfile();
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Área da anunciante"
        title="Estatísticas"
        description="Como o público encontra seu anúncio, por dia. Os números chegam em alguns minutos; nada sobre quem visitou é guardado, só os totais do dia."
      />
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PeriodSwitch value={days} onChange={setDays} />
          {analytics.data && (
            <p className="text-sm text-ink-muted" aria-live="polite">
              {`Últimos ${analytics.data.days} dias, até hoje (parcial).`}
            </p>
          )}
        </div>
        <QueryState
          query={analytics}
          title="Estatísticas"
          errorText="Não foi possível carregar suas estatísticas."
          loadingLabel="Carregando suas estatísticas..."
        >
          {(data) => (
            <div className="flex flex-col gap-6" aria-busy={analytics.isPlaceholderData || undefined}>
              <CityNote data={data} />
              <Totals data={data} />
              <div className="grid gap-6 xl:grid-cols-2">
                <VisibilityChart days={data.series} compared={data.city.compared} />
                <ContactsChart days={data.series} compared={data.city.compared} />
              </div>
              <PhotosTable data={data} photos={profile.data?.photos ?? []} />
            </div>
          )}
        </QueryState>
      </div>
    </PageContainer>
  );
}

/** Her analytics (/dashboard/estatisticas): per day over 7, 30 or 90 days, per photo, beside her city's median. */
export function AnalyticsPage() {
  return <ModelOnly>{(_model) => <Analytics />}</ModelOnly>;
}
