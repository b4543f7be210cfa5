import {
  type AdminVerification,
  DOCUMENT_TYPE_LABELS,
  UNDERAGE_MESSAGE,
  VERIFICATION_REASON_MAX,
  type VerificationFile,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { PageContainer } from "@/components/page";
import { Badge, Button, Card, Input, QueryState, Spinner, Textarea } from "@/components/ui";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { useParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useDecideVerification, useVerification, useVerificationImage } from "../api/verifications";
import { AdminPageHeader } from "../components/admin-page-header";
import { getDocumentAge } from "../lib/document-age";

const STATUS_LABELS: Record<string, { label: string; variant: "success" | "warning" | "danger" | "neutral" }> = {
  pending: { label: "Aguardando análise", variant: "warning" },
  approved: { label: "Aprovada", variant: "success" },
  rejected: { label: "Recusada", variant: "danger" },
  resubmit: { label: "Nova foto pedida", variant: "warning" },
  underage: { label: "Menor de 18: congelada", variant: "danger" },
  // At the identity verifier: begun and not back yet, cancelled by her there, or failed.
  started: { label: "No verificador", variant: "neutral" },
  cancelled: { label: "Cancelada no verificador", variant: "neutral" },
  failed: { label: "Falhou no verificador", variant: "neutral" },
};
/** Room for the dots, dashes and spaces of a number as printed (only its letters and digits count). */
const DOCUMENT_NUMBER_INPUT_MAX = 40;

const statusBadge = (status: string) => STATUS_LABELS[status] ?? { label: status, variant: "neutral" as const };

/** One of her files, read (and audited) once while this screen is open. */
function VerificationImage({
  id,
  file,
  label,
  present,
}: {
  id: number;
  file: VerificationFile;
  label: string;
  present: boolean;
}) {
  const image = useVerificationImage(id, file, present);
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-line bg-surface-3">
        {!present ? (
          <p className="px-4 text-center text-sm text-ink-subtle">Arquivo já excluído.</p>
        ) : image.url ? (
          <img src={image.url} alt={label} className="size-full object-contain" data-verification-file={file} />
        ) : image.isError ? (
          <p className="px-4 text-center text-sm text-danger">{errorMessage(image.error, "Não foi possível abrir.")}</p>
        ) : (
          <Spinner label="Abrindo..." />
        )}
      </div>
      <figcaption className="text-sm text-ink-muted">{label}</figcaption>
    </figure>
  );
}

/** The message of a refused approval for one field (its validation detail), or the whole message for the date. */
function approveFieldError(error: unknown, field: "birth_date" | "document_number"): string | undefined {
  if (!error) return undefined;
  const detail = error instanceof ApiError ? error.details.find((d) => d.path === field) : undefined;
  if (detail) return detail.message;
  const other = field === "birth_date" ? "document_number" : "birth_date";
  if (error instanceof ApiError && error.details.some((d) => d.path === other)) return undefined;
  return field === "birth_date" ? errorMessage(error, "Não foi possível aprovar.") : undefined;
}

/**
 * Under the document's birth date, while the admin types it: the age she declared against the document's, in a
 * warning when they differ ("Idade informada 29 ≠ documento 31"). A live region, so a screen reader hears it.
 */
function AgeMismatch({ declared, birthDate }: { declared: number | null; birthDate: string }) {
  const documentAge = getDocumentAge(birthDate);
  const differs = declared !== null && documentAge !== null && declared !== documentAge;
  return (
    <div aria-live="polite">
      {differs && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge variant="warning" className="text-sm">
            Idade informada {declared} ≠ documento {documentAge}
          </Badge>
          Confira a data no documento antes de aprovar.
        </p>
      )}
    </div>
  );
}

function Decision({ verification }: { verification: AdminVerification }) {
  const [birthDate, setBirthDate] = useState("");
  const [documentNumber, setDocumentNumber] = useState("");
  const [reason, setReason] = useState("");
  const decide = useDecideVerification(verification.id);
  const approveError = decide.variables?.decision === "approve" ? decide.error : null;

  function approve(event: FormEvent) {
    event.preventDefault();
    decide.mutate(
      { decision: "approve", body: { birth_date: birthDate, document_number: documentNumber } },
      { onSuccess: () => toast.success(`${verification.model.name} verificada.`) },
    );
  }
  function close(decision: "reject" | "resubmit") {
    decide.mutate(
      { decision, body: { reason } },
      {
        onSuccess: () => toast.success(decision === "reject" ? "Verificação recusada." : "Nova foto pedida à modelo."),
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="Aprovar"
        description="Confira o rosto, o código e o documento. A idade do anúncio passa a vir desta data."
      >
        <form onSubmit={approve} className="grid gap-4">
          <div>
            <Input
              label="Data de nascimento (do documento)"
              type="date"
              required
              value={birthDate}
              onChange={(e) => setBirthDate(e.target.value)}
              error={approveFieldError(approveError, "birth_date")}
            />
            <AgeMismatch declared={verification.declared_age} birthDate={birthDate} />
          </div>
          <Input
            label={`Número do documento${verification.document_type ? ` (${DOCUMENT_TYPE_LABELS[verification.document_type]})` : ""}`}
            name="document_number"
            required
            autoComplete="off"
            maxLength={DOCUMENT_NUMBER_INPUT_MAX}
            value={documentNumber}
            onChange={(e) => setDocumentNumber(e.target.value)}
            hint="Guardamos só um código irreversível dele: se a conta for banida, o mesmo documento não é verificado de novo."
            error={approveFieldError(approveError, "document_number")}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              loading={decide.isPending && decide.variables?.decision === "approve"}
              disabled={!birthDate || !documentNumber.trim()}
            >
              Aprovar verificação
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Recusar ou pedir nova foto" description="A modelo lê o motivo no painel dela.">
        <div className="grid gap-4">
          <Textarea
            label="Motivo"
            rows={3}
            maxLength={VERIFICATION_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={
              decide.error && decide.variables?.decision !== "approve"
                ? errorMessage(decide.error, "Não foi possível registrar.")
                : undefined
            }
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={!reason.trim()}
              loading={decide.isPending && decide.variables?.decision === "resubmit"}
              onClick={() => close("resubmit")}
            >
              Pedir nova foto
            </Button>
            <Button
              variant="danger"
              disabled={!reason.trim()}
              loading={decide.isPending && decide.variables?.decision === "reject"}
              onClick={() => close("reject")}
            >
              Recusar
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}

/**
 * Admin review of one identity verification, route /admin/verificacoes/:id: her document and selfie (each read
 * audited), the code she had to hold, her appeal's message, her earlier verifications, and the decision.
 */
export function AdminVerificationPage() {
  const id = Number(useParams().id);
  const query = useVerification(id);
  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Verificação de identidade"
        description="Só a equipe vê estes arquivos; cada visualização fica na auditoria."
      />
      <QueryState query={query} variant="page" errorText="Não foi possível carregar a verificação.">
        {({ verification: v, history }) => {
          const badge = statusBadge(v.status);
          return (
            <div className="flex flex-col gap-6">
              <Card
                title={v.model.name}
                description={`${v.model.email}${v.model.city ? ` · ${v.model.city}` : ""}${v.declared_age !== null ? ` · idade informada: ${v.declared_age}` : v.model.age !== null ? ` · idade: ${v.model.age}` : ""}`}
                actions={<Badge variant={badge.variant}>{badge.label}</Badge>}
              >
                <dl className="grid gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-ink-subtle">Documento</dt>
                    <dd className="text-ink">{v.document_type ? DOCUMENT_TYPE_LABELS[v.document_type] : "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Código da selfie</dt>
                    <dd className="font-mono text-lg tracking-[0.25em] text-accent" data-admin-code>
                      {v.code ?? "—"}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Enviada em</dt>
                    <dd className="text-ink">{formatDateTime(v.submitted_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-subtle">Envio</dt>
                    <dd className="text-ink">{v.is_appeal ? "Recurso" : "Primeiro envio"}</dd>
                  </div>
                </dl>
                {v.status === "underage" && (
                  <p
                    role="alert"
                    className="mt-4 rounded-xl border border-danger/35 bg-danger-soft px-4 py-3 text-sm text-ink"
                  >
                    {UNDERAGE_MESSAGE} Se for um engano de digitação, descongele a conta em Verificações; se for
                    exploração, leve o caso a Denúncias.
                  </p>
                )}
                {v.appeal_message && (
                  <blockquote className="mt-4 rounded-xl border border-warning/35 bg-warning-soft px-4 py-3 text-sm text-ink">
                    <span className="font-semibold">Mensagem do recurso: </span>
                    {v.appeal_message}
                  </blockquote>
                )}
                {v.decided_at && (
                  <p className="mt-4 text-sm text-ink-muted">
                    Decidida em {formatDateTime(v.decided_at)} por {v.decided_by ?? "—"}
                    {v.birth_date ? ` · nascimento ${formatDate(v.birth_date)}` : ""}
                    {v.reason ? ` · motivo: ${v.reason}` : ""}
                  </p>
                )}
              </Card>
              <div className="grid gap-6 md:grid-cols-2">
                <VerificationImage id={v.id} file="document" label="Documento" present={v.has_files} />
                <VerificationImage
                  id={v.id}
                  file="selfie"
                  label={`Selfie com o código ${v.code ?? ""}`}
                  present={v.has_files}
                />
              </div>
              {v.status === "pending" && <Decision verification={v} />}
              {history.length > 0 && (
                <Card title="Verificações anteriores">
                  <ul className="flex flex-col gap-3 text-sm">
                    {history.map((h) => (
                      <li key={h.id} className="rounded-xl border border-line bg-surface-2 px-4 py-3">
                        <Badge variant={statusBadge(h.status).variant}>{statusBadge(h.status).label}</Badge>{" "}
                        <span className="text-ink-muted">
                          {formatDateTime(h.decided_at ?? h.submitted_at)}
                          {h.decided_by ? ` por ${h.decided_by}` : h.verifier ? ` por ${h.verifier}` : ""}
                          {h.document_type ? ` · ${DOCUMENT_TYPE_LABELS[h.document_type]}` : ""}
                        </span>
                        {h.reason && <p className="mt-1 text-ink">Motivo: {h.reason}</p>}
                        {h.has_files && (
                          <div className="mt-3 grid gap-4 sm:grid-cols-2">
                            <VerificationImage id={h.id} file="document" label="Documento (anterior)" present />
                            <VerificationImage id={h.id} file="selfie" label="Selfie (anterior)" present />
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                </Card>
              )}
            </div>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}
