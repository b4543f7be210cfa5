import {
  APPEAL_MESSAGE_MAX,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
  type OwnVerification,
  UPLOAD_MAX_BYTES,
} from "@vitrine/contracts";
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from "react";
import { Button, Card, Select, Textarea } from "@/components/ui";
import { errorMessage, type UploadProgress } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useSubmitVerification } from "../api/own-verification";
import { labelledOptions } from "@/lib/options";

const MAX_MB = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/** One photo to choose, with its preview: the document or the selfie. */
function PhotoPicker({
  name,
  label,
  hint,
  file,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    if (picked && !picked.type.startsWith("image/")) {
      toast.error("Escolha uma foto (JPG, PNG ou WebP).");
      e.target.value = "";
      return;
    }
    if (picked && picked.size > UPLOAD_MAX_BYTES) {
      toast.error(`Cada foto deve ter no máximo ${MAX_MB} MB`);
      e.target.value = "";
      return;
    }
    onChange(picked);
  }

  return (
    <label className="group flex cursor-pointer flex-col gap-3 rounded-xl border border-dashed border-line-strong bg-surface-2 p-4 transition-colors hover:border-accent/50 focus-within:border-accent">
      <span className="text-sm font-medium text-ink">{label}</span>
      <span className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-surface-3">
        {preview ? (
          <img src={preview} alt={`Prévia: ${label}`} className="size-full object-contain" />
        ) : (
          <span className="px-4 text-center text-sm text-ink-subtle">Toque para escolher ou tirar a foto</span>
        )}
      </span>
      <span className="text-xs text-ink-muted">{file ? file.name : hint}</span>
      <input type="file" name={name} accept="image/*" className="sr-only" onChange={pick} />
    </label>
  );
}

const percent = ({ loaded, total }: UploadProgress) =>
  total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;

/**
 * Her review: the code to hold in the selfie, the document type, a photo of the document and the selfie, and —
 * after a rejection — the message of her one appeal. What happens to the files is said before she sends them.
 */
export function VerificationForm({ verification }: { verification: OwnVerification }) {
  const [documentType, setDocumentType] = useState<DocumentType | "">("");
  const [document, setDocument] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [message, setMessage] = useState("");
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const submit = useSubmitVerification();
  const ready = documentType !== "" && document && selfie && (!verification.is_appeal || message.trim().length > 0);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    submit.mutate(
      {
        documentType,
        document,
        selfie,
        message: verification.is_appeal ? message : undefined,
        onProgress: setProgress,
      },
      // On success the page shows "Em análise" in place of this form.
      { onError: () => setProgress(null) },
    );
  }

  return (
    <Card
      title={verification.is_appeal ? "Recorrer: enviar novas fotos" : "Enviar documento e selfie"}
      description="Uma pessoa da equipe confere o documento e a selfie e aprova sua conta."
    >
      <form onSubmit={onSubmit} className="grid gap-5" aria-busy={submit.isPending || undefined}>
        <div className="rounded-xl border border-accent/40 bg-accent-soft px-4 py-4 sm:flex sm:items-center sm:gap-5">
          <p
            className="font-mono text-3xl font-semibold tracking-[0.3em] text-accent sm:text-4xl"
            data-verification-code
            aria-label={`Código: ${verification.code?.split("").join(" ")}`}
          >
            {verification.code}
          </p>
          <p className="mt-2 text-sm text-ink sm:mt-0">
            Escreva este código num papel e segure-o ao lado do rosto na selfie. Ele prova que a foto é sua e foi tirada
            agora.
          </p>
        </div>

        <Select
          label="Documento"
          placeholder="Escolha o tipo de documento"
          value={documentType}
          onChange={(e) => setDocumentType(e.target.value as DocumentType)}
          options={labelledOptions(DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS)}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <PhotoPicker
            name="document"
            label="Foto do documento"
            hint="Frente do documento com foto, inteiro e legível."
            file={document}
            onChange={setDocument}
          />
          <PhotoPicker
            name="selfie"
            label="Selfie segurando o código"
            hint="Seu rosto e o papel com o código, bem iluminados."
            file={selfie}
            onChange={setSelfie}
          />
        </div>

        {verification.is_appeal && (
          <Textarea
            label="Mensagem do recurso"
            hint="Explique por que a decisão deve ser revista. Você só pode recorrer uma vez."
            rows={3}
            maxLength={APPEAL_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}

        <p className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-ink-muted">
          As fotos ficam cifradas, só a equipe de verificação as vê, e são apagadas em até 24 horas depois da decisão
          (30 dias se você recorrer). Guardamos apenas a decisão, o tipo de documento e a sua data de nascimento, da
          qual vem a idade mostrada no seu anúncio.
        </p>

        {submit.error && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(submit.error, "Não foi possível enviar a verificação. Tente novamente.")}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {progress && <span className="text-sm text-ink-muted">Enviando… {percent(progress)}%</span>}
          <Button type="submit" loading={submit.isPending} disabled={!ready}>
            {verification.is_appeal ? "Enviar recurso" : "Enviar para análise"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
