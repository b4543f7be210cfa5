import type { TransparencyLine, TransparencyReport } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Card, Stat, StatGroup } from "@/components/ui";
import { formatCount, formatDay, formatHours } from "../lib/format";

/** A titled part of the report: a Card (a <section>) named by its heading. */
function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-semibold text-ink sm:text-2xl">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm leading-relaxed text-ink-muted">{intro}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </Card>
  );
}

const BAR =
  "col-span-2 h-1.5 w-full appearance-none overflow-hidden rounded-full bg-surface-2 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-2 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent";

/** A breakdown as a list of labelled counts, each with a bar of its share. */
function Breakdown({ label, lines, total }: { label: string; lines: TransparencyLine[]; total: number }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2.5">
      {lines.map((line) => (
        <li key={line.value} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-1 text-sm">
          <span className="text-ink">{line.label}</span>
          <span className="font-semibold text-ink tabular-nums">{formatCount(line.count)}</span>
          {/* A bar of its share: a <progress> (no inline style, which the pages' CSP refuses). */}
          <progress aria-hidden="true" value={line.count} max={Math.max(total, 1)} className={BAR} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The transparency report of one period, aggregates only (the public page and the admin's screen): reports
 * received, trusted notifiers' notices, decisions and appeals, time to first review, verifications and boosts.
 */
export function TransparencyReportView({ report }: { report: TransparencyReport }) {
  const { reports, trusted_notices: trusted, decisions, review_time: review, verifications, boosts } = report;
  const range = `${formatDay(report.period.from)} a ${formatDay(report.period.to)}`;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-muted">
        <span className="font-medium text-ink">{report.period.label}</span> · {range} (horário de Brasília)
        {!report.period.complete && " · período em andamento: números parciais, atualizados a cada poucos minutos"}
      </p>

      <Section
        id="transparencia-denuncias"
        title="Denúncias recebidas"
        intro="Cada denúncia conta uma vez, pelo motivo escolhido por quem denunciou."
      >
        <StatGroup className="grid-cols-2 lg:grid-cols-4">
          <Stat label="Total" value={formatCount(reports.total)} />
          <Stat label="De visitantes (anônimas)" value={formatCount(reports.by_source.visitor)} />
          <Stat
            label="Notificações identificadas"
            value={formatCount(reports.by_source.notice)}
            hint="Art. 29 do ECA Digital"
          />
          <Stat label="De notificadores confiáveis" value={formatCount(reports.by_source.trusted)} />
        </StatGroup>
        <Breakdown label="Denúncias por motivo" lines={reports.by_category} total={reports.total} />
      </Section>

      <Section
        id="transparencia-notificadores"
        title="Notificações de notificadores confiáveis"
        intro="Organizações cadastradas (SaferNet, conselhos tutelares, Ministério Público, polícia, Defensoria) cuja denúncia urgente oculta o perfil na hora, até a análise."
      >
        <StatGroup className="grid-cols-2 lg:grid-cols-4">
          <Stat label="Notificações" value={formatCount(trusted.total)} />
        </StatGroup>
        <Breakdown label="Notificações por tipo de organização" lines={trusted.by_kind} total={trusted.total} />
      </Section>

      <Section
        id="transparencia-decisoes"
        title="Decisões da moderação"
        intro="Casos decididos por uma pessoa da moderação no período, pela data da primeira decisão."
      >
        <StatGroup className="grid-cols-2 lg:grid-cols-4">
          <Stat label="Casos decididos" value={formatCount(decisions.total)} />
          <Stat
            label="Conteúdo removido"
            value={formatCount(decisions.removed)}
            hint="Foto ou perfil ocultado, conta suspensa ou banida"
          />
          <Stat label="Sem violação" value={formatCount(decisions.no_violation)} hint="Denúncia arquivada" />
          <Stat
            label="Restaurados"
            value={formatCount(decisions.restored)}
            hint="Ocultos antes da análise e liberados, ou revertidos em recurso"
          />
        </StatGroup>
        <Breakdown label="Decisões por ação" lines={decisions.by_action} total={decisions.total} />
        <StatGroup className="grid-cols-2 lg:grid-cols-4">
          <Stat
            label="Retidos como prova"
            value={formatCount(decisions.legal_hold)}
            hint="Exploração: preservado para as autoridades"
          />
          <Stat label="Recursos recebidos" value={formatCount(decisions.appeals.received)} />
          <Stat label="Recursos negados" value={formatCount(decisions.appeals.upheld)} hint="Decisão mantida" />
          <Stat label="Recursos aceitos" value={formatCount(decisions.appeals.reversed)} hint="Decisão revertida" />
        </StatGroup>
      </Section>

      <Section
        id="transparencia-tempo"
        title="Tempo até a primeira análise"
        intro="Da abertura do caso (a primeira denúncia) até a primeira decisão, nos casos decididos no período."
      >
        <StatGroup className="grid-cols-2 lg:grid-cols-3">
          <Stat
            label="Mediana"
            value={formatHours(review.median_hours)}
            hint="Metade dos casos foi analisada em até este tempo"
          />
          <Stat
            label="10% mais lentos"
            value={formatHours(review.p90_hours)}
            hint="Nove em cada dez casos levaram até este tempo"
          />
          <Stat label="Casos medidos" value={formatCount(review.decided)} />
        </StatGroup>
      </Section>

      <Section
        id="transparencia-verificacoes"
        title="Verificações de identidade"
        intro="Verificações de anunciantes decididas no período."
      >
        <StatGroup className="grid-cols-3">
          <Stat label="Decididas" value={formatCount(verifications.decided)} />
          <Stat label="Aprovadas" value={formatCount(verifications.approved)} />
          <Stat label="Recusadas" value={formatCount(verifications.rejected)} />
        </StatGroup>
      </Section>

      <Section
        id="transparencia-impulsionamentos"
        title="Impulsionamentos pagos"
        intro="Destaque e Subir anúncio: cada impulsionamento pago só entra no ar depois de uma pessoa aprovar o anúncio."
      >
        <StatGroup className="grid-cols-3">
          <Stat label="Vendidos" value={formatCount(boosts.sold)} />
          <Stat label="Revisados" value={formatCount(boosts.reviewed)} />
          <Stat label="Recusados" value={formatCount(boosts.rejected)} />
        </StatGroup>
      </Section>
    </div>
  );
}
