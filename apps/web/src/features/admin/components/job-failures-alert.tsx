import { JOB_FAILURES_TO_WARN, type JobHealth } from "@vitrine/contracts";
import { formatDateTime } from "@/lib/format";
import { useJobHealth } from "../api/get-job-health";

/**
 * The admin dashboard's warning about scheduled jobs that failed JOB_FAILURES_TO_WARN times in a row or more:
 * each by its Portuguese name, with its last error's message and São Paulo time. Nothing while loading, on an
 * error, or when every job is fine (a successful run ends the warning).
 */
export function JobFailuresAlert() {
  const { data: jobs } = useJobHealth();
  const failing = jobs?.filter((job) => job.consecutive_failures >= JOB_FAILURES_TO_WARN) ?? [];
  if (failing.length === 0) return null;
  return (
    <section
      aria-labelledby="job-failures-title"
      className="mb-8 flex gap-4 rounded-2xl border border-danger/45 bg-danger-soft p-4 sm:p-5"
    >
      <svg
        viewBox="0 0 20 20"
        className="mt-0.5 size-6 shrink-0 text-danger"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <path d="M10 2.75 18 17H2L10 2.75Z" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M10 8v4m0 2.5h.01" strokeLinecap="round" />
      </svg>
      <div className="min-w-0 flex-1">
        <h2 id="job-failures-title" className="font-semibold text-danger">
          {failing.length === 1 ? "Uma tarefa automática está falhando" : "Tarefas automáticas estão falhando"}
        </h2>
        <ul className="mt-2 space-y-2 text-sm text-ink">
          {failing.map((job) => (
            <li key={job.name} className="break-words">
              <JobFailure job={job} />
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink-muted">
          {failing.length === 1
            ? "Ela tenta de novo sozinha; o aviso some na primeira execução bem-sucedida."
            : "Cada uma tenta de novo sozinha; o aviso de cada uma some na primeira execução bem-sucedida."}
        </p>
      </div>
    </section>
  );
}

/** "Conciliação com o Mercado Pago falhou 3 vezes seguidas — último erro: … em 25/11/2026, 14:05". */
function JobFailure({ job }: { job: JobHealth }) {
  const when = job.last_error_at ? ` em ${formatDateTime(job.last_error_at)}` : "";
  const failure = `falhou ${job.consecutive_failures} vezes seguidas — último erro: ${job.last_error ?? "sem mensagem"}${when}`;
  return (
    <>
      <strong className="font-semibold">{job.label}</strong> {failure}
    </>
  );
}
