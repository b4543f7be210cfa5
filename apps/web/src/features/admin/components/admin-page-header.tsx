import type { ReactNode } from "react";
import { Link, useLocation } from "@/lib/router";
import { PageHeader } from "@/components/page";
import { buttonClasses } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";

/**
 * Title row of an admin screen (also the tab title). Every admin screen but the dashboard itself has the
 * "Voltar ao painel" button.
 */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  usePageTitle(title);
  const { pathname } = useLocation();
  const onDashboard = pathname.replace(/\/+$/, "") === appPaths.adminDashboard;
  const hasActions = Boolean(actions) || !onDashboard;
  return (
    <PageHeader
      eyebrow="Administração"
      title={title}
      description={description}
      actions={
        hasActions ? (
          <>
            {actions}
            {!onDashboard && (
              <Link to={appPaths.adminDashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                <span aria-hidden>←</span> Voltar ao painel
              </Link>
            )}
          </>
        ) : undefined
      }
    />
  );
}
