import {
  type AppealOutcome,
  DECISION_REASON_MAX,
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationCaseDetail,
  RESTORE_FALSE_REPORTS_LABEL,
  RESTORE_FALSE_REPORTS_REASON,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Button, Card, Checkbox, Select, Textarea } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDecideAppeal, useDecideCase } from "@/features/admin/api/moderation";

/** What an admin decides on a moderation case: restore a profile held on false reports, the decision, the appeal. */

/**
 * A decision's confirmation follows the request's own promise, not the mutation's per-call callback: the decided
 * case refetches before that callback would run, the form it came from is gone (a decided case shows no form), and
 * TanStack Query skips the callbacks of an unmounted observer. A refusal is shown by the form itself (decide.error).
 */
const ignoreShownError = () => undefined;

/**
 * The one click of an admin who finds that the reports which hid her before review are false: the case is
 * archived as unfounded, her profile and photos come back, she is e-mailed, and the reporting networks weigh
 * nothing for a while (decision 057).
 */
export function RestoreCard({ kase }: { kase: ModerationCaseDetail }) {
  const decide = useDecideCase(kase.id);
  const trusted = kase.reports.find((r) => r.source === "trusted");
  return (
    <Card
      title="Oculto antes da revisão"
      description={
        trusted
          ? `Um notificador confiável (${trusted.notifier_name}) ocultou este perfil e congelou as fotos até uma decisão.`
          : "Denúncias urgentes independentes ocultaram este perfil e congelaram as fotos até uma decisão."
      }
    >
      <p className="text-sm text-ink-muted">
        {trusted
          ? "Se a denúncia não tiver fundamento, restaure: o caso é arquivado, o perfil volta ao ar e a modelo recebe um e-mail."
          : "Se as denúncias forem falsas, restaure: o caso é arquivado, o perfil volta ao ar, a modelo recebe um e-mail e as redes de quem denunciou deixam de pesar por 90 dias."}
      </p>
      {decide.error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(decide.error, "Não foi possível restaurar o perfil.")}
        </p>
      )}
      <Button
        className="mt-4"
        variant="secondary"
        loading={decide.isPending}
        onClick={() =>
          decide
            .mutateAsync({ action: "archive", reason: RESTORE_FALSE_REPORTS_REASON, false_reports: true })
            .then(() => toast.success("Perfil restaurado."), ignoreShownError)
        }
      >
        {RESTORE_FALSE_REPORTS_LABEL}
      </Button>
    </Card>
  );
}

export function DecisionForm({ kase }: { kase: ModerationCaseDetail }) {
  const [action, setAction] = useState<ModerationAction | "">("");
  const [reason, setReason] = useState("");
  const [photoId, setPhotoId] = useState(kase.photo_id ? String(kase.photo_id) : "");
  const [legalHold, setLegalHold] = useState(false);
  const decide = useDecideCase(kase.id);
  const canRemove = action !== "" && action !== "archive";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    decide
      .mutateAsync({
        action,
        reason,
        photo_id: action === "hide_photo" && photoId ? Number(photoId) : null,
        legal_hold: canRemove && legalHold,
      })
      .then(() => toast.success("Decisão registrada."), ignoreShownError);
  }

  return (
    <Card title="Decidir" description="A modelo vê a decisão e o motivo no painel dela e pode recorrer uma vez.">
      <form onSubmit={onSubmit} className="grid gap-4">
        <Select
          label="Ação"
          placeholder="Escolha a ação"
          value={action}
          onChange={(e) => setAction(e.target.value as ModerationAction)}
          options={MODERATION_ACTIONS.filter((a) => kase.model || a === "archive").map((value) => ({
            value,
            label: MODERATION_ACTION_LABELS[value],
          }))}
        />
        {action === "hide_photo" && (
          <Select
            label="Foto"
            placeholder="Escolha a foto"
            value={photoId}
            onChange={(e) => setPhotoId(e.target.value)}
            options={kase.photos.map((p) => ({
              value: p.id,
              label: `Foto nº ${p.id}${p.reported ? " (denunciada)" : ""}`,
            }))}
          />
        )}
        <Textarea
          label="Motivo"
          hint={
            kase.reports.some((r) => r.source === "notice")
              ? "Registrado na auditoria e mostrado à modelo e a quem enviou a notificação (pelo link do e-mail)."
              : "Registrado na auditoria e mostrado à modelo."
          }
          rows={3}
          maxLength={DECISION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {canRemove && (
          <Checkbox
            label="Remover como exploração (retenção legal)"
            hint={
              action === "hide_photo"
                ? "A foto sai do site e fica guardada, cifrada, como prova por 6 meses."
                : "Todas as fotos dela saem do site e ficam guardadas, cifradas, como prova por 6 meses."
            }
            checked={legalHold}
            onChange={(e) => setLegalHold(e.target.checked)}
          />
        )}
        {decide.error && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(decide.error, "Não foi possível registrar a decisão.")}
          </p>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            variant={action === "ban" ? "danger" : "primary"}
            loading={decide.isPending}
            disabled={!action}
          >
            Registrar decisão
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function AppealDecisionForm({ kase }: { kase: ModerationCaseDetail }) {
  const [outcome, setOutcome] = useState<AppealOutcome | "">("");
  const [reason, setReason] = useState("");
  const decide = useDecideAppeal(kase.id);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!outcome) return;
    decide.mutateAsync({ outcome, reason }).then(() => toast.success("Recurso decidido."), ignoreShownError);
  }
  return (
    <Card title="Decidir o recurso" description={`Recurso de ${formatDateTime(kase.appealed_at)}.`}>
      <blockquote className="mb-4 rounded-xl border border-line bg-surface-2 px-4 py-3 text-ink-muted">
        {kase.appeal_text}
      </blockquote>
      <form onSubmit={onSubmit} className="grid gap-4">
        <Select
          label="Resultado"
          placeholder="Escolha"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as AppealOutcome)}
          options={[
            { value: "upheld", label: "Manter a decisão" },
            { value: "reversed", label: "Reverter a decisão" },
          ]}
        />
        <Textarea label="Motivo" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        {decide.error && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(decide.error, "Não foi possível decidir o recurso.")}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={decide.isPending} disabled={!outcome}>
            Decidir recurso
          </Button>
        </div>
      </form>
    </Card>
  );
}
