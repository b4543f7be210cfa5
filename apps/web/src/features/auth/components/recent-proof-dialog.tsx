import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormError, FormModal } from "@/components/form-modal";
import { Button, Input, PasswordInput } from "@/components/ui";
import { cn } from "@/lib/cn";
import { passkeyErrorMessage, passkeysSupported } from "../api/passkeys";
import type { AccountAudience } from "../api/audience";
import { proveWithPasskey, proveWithSecret } from "../api/recent-proof";

type Method = "password" | "code";

const METHODS: { value: Method; label: string }[] = [
  { value: "password", label: "Senha" },
  { value: "code", label: "Código do app" },
];

/**
 * "Confirme que é você": a sensitive change of her account (a sign-in factor, recovery codes, her e-mail or password,
 * the download of her data) asked for a recent proof. She gives her password, a code of her authenticator app (or a
 * recovery code), or uses one of her passkeys; `onDone(true)` once the server accepted it (the change is then
 * repeated), `onDone(false)` when she cancels (nothing changes).
 */
export function RecentProofDialog({
  audience,
  onDone,
}: {
  audience: AccountAudience;
  onDone: (proved: boolean) => void;
}) {
  const [method, setMethod] = useState<Method>("password");
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<"secret" | "passkey" | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // The cursor starts in the field (this effect runs after the dialog's own first focus) and follows a change of method.
  useEffect(() => {
    fieldRef.current?.focus();
  }, [method]);

  const choose = (next: Method) => {
    setMethod(next);
    setValue("");
    setFieldError(null);
    setError(null);
  };

  async function run(kind: "secret" | "passkey", prove: () => Promise<unknown>) {
    setPending(kind);
    setError(null);
    try {
      await prove();
      onDone(true);
    } catch (err) {
      setError(err);
      setPending(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setFieldError(method === "password" ? "Informe sua senha" : "Informe o código");
      fieldRef.current?.focus();
      return;
    }
    setFieldError(null);
    void run("secret", () => proveWithSecret(audience, method === "password" ? { password: value } : { code: typed }));
  }

  const busy = pending !== null;
  return (
    <FormModal
      title="Confirme que é você"
      description="Para proteger sua conta, esta alteração pede sua senha, um código do app autenticador ou uma chave de acesso."
      size="sm"
      onClose={() => !busy && onDone(false)}
      onSubmit={onSubmit}
      pending={pending === "secret"}
      submitLabel="Confirmar"
      pendingLabel="Confirmando..."
      formClassName="flex flex-col gap-5"
    >
      {error !== null && (
        <FormError error={error} fallback={passkeyErrorMessage(error, "Não foi possível confirmar. Tente de novo.")} />
      )}
      <div
        role="radiogroup"
        aria-label="Como confirmar"
        className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1"
      >
        {METHODS.map((m) => (
          <button
            key={m.value}
            type="button"
            role="radio"
            aria-checked={method === m.value}
            disabled={busy}
            onClick={() => choose(m.value)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "ArrowDown" || e.key === "ArrowUp") {
                e.preventDefault();
                const next = method === "password" ? "code" : "password";
                choose(next);
                (
                  e.currentTarget.parentElement?.querySelector(`[data-method="${next}"]`) as HTMLElement | null
                )?.focus();
              }
            }}
            data-method={m.value}
            tabIndex={method === m.value ? 0 : -1}
            className={cn(
              "h-10 rounded-xl text-sm font-medium transition-colors",
              method === m.value ? "bg-surface-3 text-ink shadow-sm" : "text-ink-muted hover:text-ink",
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      {method === "password" ? (
        <PasswordInput
          ref={fieldRef}
          label="Sua senha"
          autoComplete="current-password"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError}
          disabled={busy}
        />
      ) : (
        <Input
          ref={fieldRef}
          label="Código do app ou de recuperação"
          hint="Os 6 dígitos do app autenticador, ou um dos seus códigos de recuperação."
          autoComplete="one-time-code"
          inputMode="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError}
          disabled={busy}
        />
      )}
      {passkeysSupported() && (
        <div className="flex flex-col gap-3 border-t border-line pt-5">
          <p className="text-sm text-ink-muted">Ou use a digital, o rosto ou o PIN deste dispositivo.</p>
          <Button
            variant="secondary"
            onClick={() => void run("passkey", () => proveWithPasskey(audience))}
            loading={pending === "passkey"}
            loadingText="Aguardando a chave..."
            disabled={busy}
          >
            Usar chave de acesso
          </Button>
        </div>
      )}
    </FormModal>
  );
}
