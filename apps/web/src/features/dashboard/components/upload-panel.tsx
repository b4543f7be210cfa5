import { PHOTOS_PER_MODEL_MAX, UPLOAD_MAX_BYTES } from "@vitrine/contracts";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Button, Checkbox } from "@/components/ui";
import type { UploadProgress } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useUploadPhoto } from "../api/upload-photo";
import { photoErrorMessage } from "./photo-errors";
import { PrimaryPhotoDialog } from "./primary-photo-dialog";

const MAX_MB = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/**
 * Width classes of the progress fill in steps of 5%: the page's policy allows no inline style attribute, so the
 * width is a class (written out whole so that Tailwind generates each one).
 */
const WIDTHS = [
  "w-0",
  "w-[5%]",
  "w-[10%]",
  "w-[15%]",
  "w-[20%]",
  "w-[25%]",
  "w-[30%]",
  "w-[35%]",
  "w-[40%]",
  "w-[45%]",
  "w-[50%]",
  "w-[55%]",
  "w-[60%]",
  "w-[65%]",
  "w-[70%]",
  "w-[75%]",
  "w-[80%]",
  "w-[85%]",
  "w-[90%]",
  "w-[95%]",
  "w-full",
] as const;

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}

/** "42%" of the bytes sent; 0 while the size is not known yet. */
function percentOf({ loaded, total }: UploadProgress): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/**
 * Escolher Foto (images only) → preview → Enviar / Enviar como Principal. Without a chosen file both buttons do
 * nothing. New photos are private unless "Publicar no site" is ticked (the gallery is private by default); the
 * main photo is the ad's cover, so sending one as Principal while unticked asks whether to publish it (ticked
 * by default). While a photo is sent the panel shows the bytes sent and a Cancelar button; the rest of the page
 * stays usable.
 */
export function UploadPanel({ photoCount }: { photoCount: number }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [isPublic, setIsPublic] = useState(false);
  const [asPrimary, setAsPrimary] = useState(false);
  const [askPublish, setAskPublish] = useState(false);
  const [publishPrimary, setPublishPrimary] = useState(true);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useUploadPhoto();
  const full = photoCount >= PHOTOS_PER_MODEL_MAX;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // Leaving the page stops an upload still running.
  useEffect(() => () => abortRef.current?.abort(), []);

  function choose(next: File | null) {
    setFile(next);
    setPreview(next ? URL.createObjectURL(next) : null);
    if (!next && inputRef.current) inputRef.current.value = "";
  }

  function onFileChange(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    if (!picked) return;
    if (!picked.type.startsWith("image/")) {
      toast.error("Escolha um arquivo de imagem (JPG, PNG ou WebP).");
      e.target.value = "";
      return;
    }
    if (picked.size > UPLOAD_MAX_BYTES) {
      toast.error(`A foto deve ter no máximo ${MAX_MB} MB`);
      e.target.value = "";
      return;
    }
    choose(picked);
  }

  function send(isPrimary: boolean, publish: boolean) {
    if (!file || upload.isPending) return;
    setAsPrimary(isPrimary);
    setProgress({ loaded: 0, total: file.size });
    const controller = new AbortController();
    abortRef.current = controller;
    upload.mutate(
      { file, isPrimary, isPublic: publish, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(isPrimary ? "Foto enviada como principal!" : "Foto enviada com sucesso!");
          choose(null);
        },
        onError: (err) => {
          if (isAbort(err)) toast("Envio cancelado.");
          else toast.error(photoErrorMessage(err, "Erro ao enviar foto. Tente novamente."));
        },
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
        },
      },
    );
  }

  /** Enviar como Principal: already marked public it goes at once, else she is asked whether to publish it. */
  function sendAsPrimary() {
    if (!file || upload.isPending) return;
    if (isPublic) {
      send(true, true);
      return;
    }
    setPublishPrimary(true);
    setAskPublish(true);
  }

  const busy = upload.isPending;

  return (
    <section
      aria-label="Enviar foto"
      className="rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
      aria-busy={busy || undefined}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="relative flex h-44 w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-line-strong bg-surface-2 sm:aspect-[3/4] sm:h-auto sm:w-40">
          {preview ? (
            <img src={preview} alt="Prévia da foto escolhida" className="size-full object-contain sm:object-cover" />
          ) : (
            <div className="flex flex-col items-center gap-2 px-4 text-center text-ink-subtle">
              <svg
                viewBox="0 0 24 24"
                className="size-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
                aria-hidden
              >
                <rect x="3" y="4" width="18" height="16" rx="2.5" />
                <circle cx="9" cy="10" r="2" />
                <path d="m21 16-5-5-9 9" strokeLinejoin="round" />
              </svg>
              <span className="text-xs">Nenhuma foto escolhida</span>
            </div>
          )}
          {busy && progress && (
            <div className="absolute inset-x-0 bottom-0 h-1 overflow-hidden bg-surface-3" aria-hidden="true">
              <div className={cn("h-full bg-accent transition-[width]", WIDTHS[Math.round(percentOf(progress) / 5)])} />
            </div>
          )}
        </div>

        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div>
            <h2 className="font-display text-xl font-semibold text-ink">Enviar nova foto</h2>
            <p className="mt-1 text-sm text-ink-muted">
              Imagens JPG, PNG ou WebP de até {MAX_MB} MB. Removemos a localização e os dados da câmera de cada foto.
            </p>
            {file && (
              <p className="mt-2 truncate text-sm text-ink" data-chosen-file>
                {file.name} <span className="text-ink-subtle">· {formatSize(file.size)}</span>
              </p>
            )}
          </div>

          {busy && progress && (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4" data-upload-progress>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div
                  role="progressbar"
                  aria-label="Envio da foto"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percentOf(progress)}
                  aria-valuetext={`${percentOf(progress)}% enviado`}
                  className="h-2 overflow-hidden rounded-full bg-surface-3"
                >
                  <div
                    className={cn(
                      "h-full rounded-full bg-accent transition-[width]",
                      WIDTHS[Math.round(percentOf(progress) / 5)],
                    )}
                  />
                </div>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  Enviando... <span className="font-medium text-ink">{percentOf(progress)}%</span>
                  <span className="text-ink-subtle">
                    {" "}
                    · {formatSize(progress.loaded)} de {formatSize(progress.total || file?.size || 0)}
                  </span>
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => abortRef.current?.abort()}>
                Cancelar envio
              </Button>
            </div>
          )}

          <input
            ref={inputRef}
            type="file"
            name="photo"
            accept="image/*"
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
            onChange={onFileChange}
          />

          <Checkbox
            label="Publicar no site ao enviar"
            hint="Sem marcar, a foto fica privada: só você a vê até publicá-la."
            checked={isPublic}
            onChange={(e) => setIsPublic(e.target.checked)}
            disabled={busy}
          />

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={busy || full}>
              Escolher Foto
            </Button>
            <Button
              onClick={() => send(false, isPublic)}
              disabled={!file || (busy && asPrimary)}
              loading={busy && !asPrimary}
              loadingText="Enviando..."
            >
              Enviar
            </Button>
            <Button
              variant="secondary"
              onClick={sendAsPrimary}
              disabled={!file || (busy && !asPrimary)}
              loading={busy && asPrimary}
              loadingText="Enviando..."
            >
              Enviar como Principal
            </Button>
            {file && !busy && (
              <Button variant="ghost" onClick={() => choose(null)}>
                Limpar
              </Button>
            )}
          </div>
          {full && (
            <p className="text-sm text-warning">
              Você atingiu o limite de {PHOTOS_PER_MODEL_MAX} fotos. Exclua uma foto para enviar outra.
            </p>
          )}
        </div>
      </div>

      <PrimaryPhotoDialog
        open={askPublish}
        title="Enviar como foto principal"
        confirmLabel="Enviar como Principal"
        hint="Desmarque para enviá-la como privada: só você a verá até publicá-la."
        publish={publishPrimary}
        onPublishChange={setPublishPrimary}
        onCancel={() => setAskPublish(false)}
        onConfirm={() => {
          setAskPublish(false);
          send(true, publishPrimary);
        }}
      />
    </section>
  );
}
