import { type AdminAgeAssuranceResponse, type AgeOutcomeCounts, SELF_DECLARATION_WARNING } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Badge, Card, QueryState, Stat, StatGroup, Table, type TableColumn } from "@/components/ui";
import { formatDate } from "@/lib/format";
import { useAgeAssurance } from "../api/get-age-assurance";
import { AdminPage } from "../components/admin-page";
import { AgeChecksChartsSection } from "../components/age-assurance/age-checks-charts-section";
import { AGE_COUNT_LABELS, AGE_OUTCOME_KEYS } from "../lib/age-outcomes";

const count = new Intl.NumberFormat("pt-BR");

type VerifierRow = AdminAgeAssuranceResponse["by_verifier"][number];

const VERIFIER_COLUMNS: TableColumn<VerifierRow>[] = [
  { key: "verifier", header: "Verificador", render: (row) => <span className="font-medium">{row.verifier}</span> },
  ...(["started", ...AGE_OUTCOME_KEYS] as const).map((key): TableColumn<VerifierRow> => ({
    key,
    header: AGE_COUNT_LABELS[key],
    render: (row) => count.format(row[key]),
    align: "right",
    className: "tabular-nums",
  })),
];

/**
 * Admin: Verificação de idade, route /admin/age-assurance — the mode in force, the verifier's configuration, what
 * is kept of each check, and the checks of the last 30 São Paulo days (per day, by outcome, per verifier).
 */
export function AdminAgeAssurancePage() {
  const summary = useAgeAssurance();
  return (
    <AdminPage
      title="Verificação de idade"
      description="Como o site confirma que cada visitante é maior de 18 anos (Lei 15.211/2025, ECA Digital)."
    >
      <QueryState query={summary} variant="page" errorText="Não foi possível carregar a verificação de idade.">
        {(data) => (
          <div className="flex flex-col gap-6">
            <div className="grid gap-6 lg:grid-cols-2">
              <ModeCard data={data} />
              <ConfigurationCard data={data} />
            </div>
            <p className="rounded-xl border border-line bg-surface-2/60 px-4 py-3 text-sm text-ink-muted">
              De cada verificação o site guarda só a resposta (maior de 18 ou não), o verificador, o método e o horário
              — nunca nome, data de nascimento, documento ou imagem. Depois de {data.retention_days} dias, restam apenas
              as contagens por dia.
            </p>
            <Totals totals={data.totals} allTime={data.all_time} />
            <AgeChecksChartsSection data={data} />
            <Card title="Por verificador" description="Últimos 30 dias" padding="none">
              <Table
                caption="Verificações por verificador nos últimos 30 dias"
                rows={data.by_verifier}
                getRowKey={(row) => row.verifier}
                columns={VERIFIER_COLUMNS}
                emptyText="Nenhuma verificação nos últimos 30 dias."
                className="rounded-t-none border-x-0 border-b-0"
              />
            </Card>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}

function ModeCard({ data }: { data: AdminAgeAssuranceResponse }) {
  const verifier = data.mode === "verifier";
  return (
    <Card
      title="Modo em vigor"
      actions={<Badge variant={verifier ? "success" : "danger"}>{verifier ? "Verificador" : "Autodeclaração"}</Badge>}
    >
      {verifier ? (
        <p className="text-sm text-ink">
          Cada visitante confirma a idade no verificador antes de ver o conteúdo adulto; sem um passe válido, o servidor
          não entrega páginas, fotos nem contatos.
        </p>
      ) : (
        <p className="text-sm font-medium text-danger">{SELF_DECLARATION_WARNING}</p>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        {data.mode_explicit
          ? "Escolhido na configuração do servidor (AGE_ASSURANCE)."
          : "Padrão: AGE_ASSURANCE não está definido. Em produção o servidor não inicia sem essa escolha."}
      </p>
    </Card>
  );
}

function ConfigurationCard({ data }: { data: AdminAgeAssuranceResponse }) {
  const { verifier } = data;
  return (
    <Card title="Configuração">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row label="Verificador">
          {verifier ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              {verifier.name}
              {verifier.demo && <Badge variant="warning">Demonstração local</Badge>}
            </span>
          ) : (
            <span className="text-ink-muted">Nenhum configurado (AGE_VERIFIER_ISSUER)</span>
          )}
        </Row>
        {verifier && (
          <>
            <Row label="Emissor">
              <span className="font-mono text-xs break-all">{verifier.issuer}</span>
            </Row>
            <Row label="Informação lida">
              <span className="font-mono text-xs">{verifier.claim}</span>
              {verifier.claim === "birthdate" && <span className="text-ink-muted"> (vira sim/não e é descartada)</span>}
            </Row>
          </>
        )}
        <Row label="Validade do passe">Até {count.format(data.pass_hours)} h, enquanto o navegador estiver aberto</Row>
        <Row label="Retenção">{count.format(data.retention_days)} dias por verificação; depois, contagens diárias</Row>
      </dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-xs tracking-wide text-ink-subtle uppercase sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

function Totals({ totals, allTime }: { totals: AgeOutcomeCounts; allTime: AdminAgeAssuranceResponse["all_time"] }) {
  return (
    <section aria-labelledby="age-totals-title">
      <h2 id="age-totals-title" className="sr-only">
        Verificações nos últimos 30 dias
      </h2>
      <StatGroup className="grid-cols-2 sm:grid-cols-4 lg:grid-cols-7">
        {(["started", ...AGE_OUTCOME_KEYS] as const).map((key) => (
          <Stat key={key} label={AGE_COUNT_LABELS[key]} value={count.format(totals[key])} hint="Últimos 30 dias" />
        ))}
        <Stat
          label="Desde o início"
          value={count.format(allTime.started)}
          hint={allTime.since ? `Iniciadas desde ${formatDate(allTime.since)}` : "Nenhuma verificação ainda"}
          className="col-span-2 sm:col-span-1"
        />
      </StatGroup>
    </section>
  );
}
