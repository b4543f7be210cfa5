import type { JobHealth } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui";
import { formatJobDuration, formatJobInterval, formatJobTime } from "@/features/admin/lib/job-times";

/** A next run this long past its time means no instance is running the job (JOBS_ENABLED off, or the server down). */
const LATE_AFTER_MS = 2 * 60_000;

/**
 * One scheduled job on "Tarefas agendadas": what it does, how often, its last run (start, end, duration, result
 * with the error's message) and when the next one is due, times in São Paulo.
 */
export function JobCard({ job, now }: { job: JobHealth; now: number }) {
  const titleId = `job-${job.name}`;
  const late = job.next_run_at !== null && now - new Date(job.next_run_at).getTime() > LATE_AFTER_MS;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-5 shadow-elevated">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="font-display text-lg leading-snug font-semibold text-ink">
          {job.label}
        </h2>
        <ResultBadge job={job} />
      </header>
      <p className="mt-1 text-sm text-ink-muted">{job.description}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:gap-x-6">
        <Item term="Frequência">{formatJobInterval(job.interval_ms)}</Item>
        <Item term="Próxima execução">
          {job.next_run_at ? (
            <>
              {formatJobTime(job.next_run_at)}
              {late && <span className="text-warning"> — atrasada</span>}
            </>
          ) : (
            "logo após o início do servidor"
          )}
        </Item>
        <Item term="Início da última execução">
          {job.last_started_at ? formatJobTime(job.last_started_at) : "nunca executada"}
        </Item>
        <Item term="Fim da última execução">{job.last_finished_at ? formatJobTime(job.last_finished_at) : "—"}</Item>
        <Item term="Duração">{job.last_duration_ms === null ? "—" : formatJobDuration(job.last_duration_ms)}</Item>
      </dl>
      {job.last_result === "failed" && (
        <p className="mt-4 rounded-xl border border-danger/45 bg-danger-soft px-3 py-2 text-sm break-words text-ink">
          <span className="font-semibold text-danger">
            {job.consecutive_failures === 1 ? "Falhou 1 vez" : `Falhou ${job.consecutive_failures} vezes seguidas`}
          </span>{" "}
          — erro: {job.last_error ?? "sem mensagem"}
          {job.last_run_at && <> · último sucesso em {formatJobTime(job.last_run_at)}</>}
        </p>
      )}
    </article>
  );
}

/** The last run's result; read aloud after the job's name as "Última execução: ok". */
function ResultBadge({ job }: { job: JobHealth }) {
  const [variant, text] =
    job.last_result === "ok"
      ? (["success", "ok"] as const)
      : job.last_result === "failed"
        ? (["danger", "falhou"] as const)
        : (["neutral", "sem execuções"] as const);
  return (
    <Badge variant={variant}>
      <span className="sr-only">Última execução: </span>
      <span>{text}</span>
    </Badge>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-[0.08em] text-ink-subtle uppercase">{term}</dt>
      <dd className="mt-0.5 text-ink tabular-nums">{children}</dd>
    </div>
  );
}
