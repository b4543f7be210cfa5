import { JOB_FAILURES_TO_WARN, type JobHealth } from "@vitrine/contracts";
import { formatDateTime } from "@/lib/format";
import { Link } from "@/lib/router";
import { appPaths } from "@/lib/paths";
import { useJobHealth } from "../api/get-job-health";
import { DangerAlert } from "./danger-alert";

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
    <DangerAlert
      id="job-failures-title"
      title={failing.length === 1 ? "Uma tarefa automática está falhando" : "Tarefas automáticas estão falhando"}
    >
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
      <Link
        to={appPaths.adminJobs}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-danger underline-offset-4 hover:underline"
      >
        Ver tarefas agendadas <span aria-hidden>→</span>
      </Link>
    </DangerAlert>
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
