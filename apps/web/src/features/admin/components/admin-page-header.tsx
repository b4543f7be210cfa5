import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page";
import { buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/paths";

/** Title row of an admin screen with the back-to-Dashboard button every admin screen has. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      eyebrow="Administração"
      title={title}
      description={description}
      actions={
        <>
          {actions}
          <Link to={appPaths.adminDashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            ← Voltar ao Dashboard
          </Link>
        </>
      }
    />
  );
}
