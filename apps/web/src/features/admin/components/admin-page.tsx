import type { ReactNode } from "react";
import { PageContainer } from "@/components/page";
import { AdminPageHeader } from "./admin-page-header";

/**
 * An admin screen: the wide page, its title row (AdminPageHeader: "Administração", the tab title, "Voltar ao
 * painel") and its sections one under the other.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer size="xl">
      <AdminPageHeader title={title} description={description} actions={actions} />
      <div className="flex flex-col gap-6">{children}</div>
    </PageContainer>
  );
}
