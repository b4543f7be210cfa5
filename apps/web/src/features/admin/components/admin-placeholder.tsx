import { PageContainer } from "@/components/page";
import { AdminPageHeader } from "./admin-page-header";

/** Stand-in for an admin screen a later issue implements (already behind the admin guard). */
export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <PageContainer size="xl">
      <AdminPageHeader title={title} />
      <div className="rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-14 text-center">
        <p className="font-display text-2xl text-accent">Em construção</p>
        <p className="mt-2 text-sm text-ink-muted">Esta página estará disponível em breve.</p>
      </div>
    </PageContainer>
  );
}
