import { MODERATION_STATUS_LABELS } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/paths";
import { useOwnModeration } from "../api/moderation";

const TEXT: Record<string, string> = {
  held: "Seu perfil está fora do ar enquanto a moderação analisa uma denúncia. Você será avisada da decisão aqui.",
  hidden: "A moderação ocultou seu perfil. Veja o motivo e, se discordar, envie um recurso.",
  suspended: "Sua conta está suspensa: você pode ver a decisão e recorrer, mas não fazer alterações.",
  banned: "Esta conta foi encerrada pela moderação.",
};

/** On the dashboard: her moderation state and the way to the decisions and the appeal, when there is any. */
export function ModerationNotice() {
  const { data } = useOwnModeration();
  if (!data) return null;
  const pendingAppeal = data.cases.some((c) => c.can_appeal);
  if (data.moderation_status === "none" && !pendingAppeal) return null;
  const title =
    data.moderation_status === "none" ? "Decisão da moderação" : MODERATION_STATUS_LABELS[data.moderation_status];
  return (
    <section
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-danger-soft px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-ink-muted">
          {TEXT[data.moderation_status] ?? "Uma foto sua foi ocultada pela moderação. Veja o motivo."}
          {data.photos_frozen && " Suas fotos não podem ser excluídas até a decisão."}
        </p>
      </div>
      {data.cases.length > 0 && (
        <Link to={appPaths.dashboardModeration} className={buttonClasses({ size: "sm", className: "shrink-0" })}>
          Ver decisões
        </Link>
      )}
    </section>
  );
}
