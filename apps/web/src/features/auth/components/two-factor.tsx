import type { TwoFactorSetupResponse } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Button, Input } from "@/components/ui";

function FormError({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
    >
      {error}
    </p>
  );
}

/**
 * The code step: the 6 digits of her authenticator app, or one of her recovery codes ("abcde-fghjk").
 * `allowRecovery` false: only the app's code (confirming a new authenticator); `allowApp` false: only a recovery
 * code (an account whose second factors are passkeys).
 */
export function CodeForm({
  onSubmit,
  pending,
  error,
  submitLabel = "Verificar",
  allowRecovery = true,
  allowApp = true,
}: {
  onSubmit: (code: string) => void;
  pending: boolean;
  error?: string | null;
  submitLabel?: string;
  allowRecovery?: boolean;
  allowApp?: boolean;
}) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Input
        label={allowApp ? "Código de verificação" : "Código de recuperação"}
        name="code"
        autoComplete="one-time-code"
        inputMode={allowRecovery ? "text" : "numeric"}
        placeholder={allowApp ? "123456" : "abcde-fghjk"}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hint={
          !allowApp
            ? "Um dos seus códigos de recuperação, se não estiver com sua chave de acesso."
            : allowRecovery
              ? "Os 6 dígitos do seu aplicativo autenticador, ou um dos seus códigos de recuperação."
              : "Os 6 dígitos que o aplicativo mostra agora."
        }
        autoFocus
        required
      />
      <FormError error={error} />
      <Button type="submit" size="lg" fullWidth loading={pending} loadingText="Verificando...">
        {submitLabel}
      </Button>
    </form>
  );
}

/** The authenticator to add: its QR code and, for typing by hand, its key. */
export function AuthenticatorSetup({ setup }: { setup: TwoFactorSetupResponse }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <p className="text-sm text-ink-muted">
        Abra seu aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) e leia o QR code.
      </p>
      <img
        src={setup.qr_data_url}
        alt="QR code para adicionar a conta ao aplicativo autenticador"
        width={200}
        height={200}
        className="rounded-xl bg-white p-2"
      />
      <p className="text-sm text-ink-muted">
        Ou digite a chave:{" "}
        <code data-totp-secret className="font-mono text-sm break-all text-ink">
          {setup.secret}
        </code>
      </p>
    </div>
  );
}

/** The ten recovery codes, shown once: each opens the account once when the phone is lost. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-ink-muted">
        Guarde estes códigos de recuperação em um lugar seguro. Cada um entra na sua conta uma única vez se você perder
        o celular. Eles não serão mostrados de novo.
      </p>
      <ul
        aria-label="Códigos de recuperação"
        className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-surface-2 p-4 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button size="lg" fullWidth onClick={onDone}>
        Guardei meus códigos
      </Button>
    </div>
  );
}
