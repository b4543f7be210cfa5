import type { SessionModel } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { AccessDenied, SESSION_ENDED_TITLE } from "@/components/access-denied";
import { PageSpinner } from "@/components/ui";
import { appPaths } from "@/lib/paths";
import { useSession } from "../session";

/**
 * Model-only content (the advertiser screens show "Acesso Negado" instead of redirecting):
 * <ModelOnly>{(model) => <Dashboard model={model} />}</ModelOnly>
 * Pass deniedTitle/deniedMessage for the gallery's own wording. A session that ended says so, with the sign-in link. An account closed by the moderation (banned)
 * reaches only her decisions (`allowBanned`, the Moderação screen): every other screen leads her there, as the
 * server refuses her everything else.
 */
export function ModelOnly({
  children,
  deniedTitle,
  deniedMessage,
  allowBanned = false,
}: {
  children: (model: SessionModel) => ReactNode;
  deniedTitle?: ReactNode;
  deniedMessage?: ReactNode;
  allowBanned?: boolean;
}) {
  const session = useSession();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out" && session.ended) {
    return <AccessDenied title={SESSION_ENDED_TITLE} message={null} action={{ to: appPaths.login, label: "Entrar" }} />;
  }
  if (session.status !== "model") return <AccessDenied title={deniedTitle} message={deniedMessage} />;
  if (session.model.banned && !allowBanned) {
    return (
      <AccessDenied
        title="Conta encerrada"
        message={BANNED_ACCOUNT_TEXT}
        action={{ to: appPaths.dashboardModeration, label: "Ver a decisão" }}
      />
    );
  }
  return children(session.model);
}

/** What a banned account is told wherever she signs in or lands. */
export const BANNED_ACCOUNT_TEXT =
  "Sua conta foi encerrada pela moderação. Você pode ver a decisão e o motivo, e recorrer uma única vez.";
