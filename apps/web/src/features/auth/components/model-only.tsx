import type { SessionModel } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { AccessDenied } from "@/components/access-denied";
import { PageSpinner } from "@/components/ui";
import { useSession } from "../session";

/**
 * Model-only content (the advertiser screens show "Acesso Negado" instead of redirecting):
 * <ModelOnly>{(model) => <Dashboard model={model} />}</ModelOnly>
 * Pass deniedTitle/deniedMessage for the gallery's own wording.
 */
export function ModelOnly({
  children,
  deniedTitle,
  deniedMessage,
}: {
  children: (model: SessionModel) => ReactNode;
  deniedTitle?: ReactNode;
  deniedMessage?: ReactNode;
}) {
  const session = useSession();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status !== "model") return <AccessDenied title={deniedTitle} message={deniedMessage} />;
  return children(session.model);
}
