import { PageContainer } from "@/components/page";
import { QueryState } from "@/components/ui";
import { useJobHealth } from "../api/get-job-health";
import { AdminPageHeader } from "../components/admin-page-header";
import { JobCard } from "../components/jobs/job-card";

/**
 * Admin: Tarefas agendadas, route /admin/jobs — every scheduled job of the server with its last run and the next,
 * read again every minute (the runs are shared by every instance, so any instance answers for all).
 */
export function AdminJobsPage() {
  const jobs = useJobHealth();
  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Tarefas agendadas"
        description="O que o servidor faz sozinho, de tempos em tempos, e como foi a última vez. Horários de Brasília."
      />
      <QueryState query={jobs} variant="page" errorText="Não foi possível carregar as tarefas agendadas.">
        {(list) => {
          // The moment of this answer: a next run this much before it is late.
          const now = jobs.dataUpdatedAt;
          return (
            <ul className="grid gap-4 lg:grid-cols-2">
              {list.map((job) => (
                <li key={job.name}>
                  <JobCard job={job} now={now} />
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}
