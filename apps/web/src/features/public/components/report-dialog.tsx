import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_CONTACT_MAX,
  REPORT_RECEIVED_MESSAGE,
  REPORT_TEXT_MAX,
  type ReportCategory,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Button, Input, Modal, Textarea } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { submitReport } from "../api/submit-report";

export type ReportTarget = { modelId: number; modelName: string; photoId?: number | null };

/**
 * "Denunciar": the seven reasons, optional details and contact, one report per visitor per item per day (the
 * server says so when it is the second). Anonymous; the page of identified notices is linked for victims. Once
 * received, the dialog shows the confirmation until the visitor closes it (`onSent` tells the page).
 */
export function ReportDialog({
  target,
  onSent,
  onClose,
}: {
  target: ReportTarget;
  onSent?: () => void;
  onClose: () => void;
}) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [text, setText] = useState("");
  const [contact, setContact] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const isPhoto = target.photoId != null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!category) {
      setError("Escolha o motivo da denúncia.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await submitReport({ model_id: target.modelId, photo_id: target.photoId ?? null, category, text, contact });
      setDone(true);
      onSent?.();
    } catch (err) {
      setError(errorMessage(err, "Não foi possível enviar a denúncia. Tente novamente."));
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <Modal
        open
        onClose={onClose}
        size="sm"
        title={REPORT_RECEIVED_MESSAGE}
        description="A equipe de moderação vai analisar. Casos graves são analisados primeiro."
        footer={<Button onClick={onClose}>Fechar</Button>}
      />
    );
  }

  return (
    <Modal
      open
      onClose={pending ? () => {} : onClose}
      size="md"
      title={isPhoto ? "Denunciar foto" : "Denunciar perfil"}
      description={`${isPhoto ? "Uma foto do perfil de" : "Perfil de"} ${target.modelName}. Sua denúncia é anônima.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" form="report-form" loading={pending}>
            Enviar denúncia
          </Button>
        </>
      }
    >
      <form id="report-form" onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Motivo</legend>
          <div className="grid gap-2">
            {REPORT_CATEGORIES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface-2 px-4 py-2.5 text-sm text-ink transition-colors hover:border-line-strong has-[:checked]:border-accent/70 has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  name="category"
                  value={value}
                  checked={category === value}
                  onChange={() => setCategory(value)}
                  className="size-4 accent-[var(--color-accent)]"
                />
                {REPORT_CATEGORY_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <Textarea
          label="Detalhes (opcional)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={REPORT_TEXT_MAX}
          rows={3}
        />
        <Input
          label="Contato (opcional)"
          hint="E-mail ou telefone, se quiser que a moderação possa falar com você."
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          maxLength={REPORT_CONTACT_MAX}
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <p className="text-xs text-ink-subtle">
          É a pessoa das fotos, representante legal ou autoridade?{" "}
          <Link to={appPaths.reportNotice} className="text-accent underline-offset-2 hover:underline" onClick={onClose}>
            Envie uma notificação identificada
          </Link>
          .
        </p>
      </form>
    </Modal>
  );
}
