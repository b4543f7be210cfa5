import type { TwoFactorSetupResponse } from "@vitrine/contracts";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button, ConfirmDialog, Input, PasswordInput } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDisableTwoFactor, useNewRecoveryCodes, useReplaceAuthenticator } from "../api/two-factor";

type Action = "codes" | "replace" | "disable";

const DIALOGS: Record<Action, { title: string; description: string; confirm: string; pending: string }> = {
  codes: {
    title: "Gerar novos códigos de recuperação?",
    description: "Os códigos atuais deixam de funcionar. Os novos aparecem uma única vez: guarde-os.",
    confirm: "Gerar novos códigos",
    pending: "Gerando...",
  },
  replace: {
    title: "Trocar o aplicativo autenticador?",
    description:
      "Para um celular novo. O aplicativo atual e os códigos de recuperação deixam de funcionar; em seguida você lê o novo QR code.",
    confirm: "Trocar aplicativo",
    pending: "Trocando...",
  },
  disable: {
    title: "Desativar a verificação em duas etapas?",
    description:
      "Sua conta volta a depender só da senha. As outras sessões abertas serão encerradas. Confirme com sua senha e um código.",
    confirm: "Desativar",
    pending: "Desativando...",
  },
};

/**
 * What she can do once two-step sign-in is on: new recovery codes, a new phone, switching it off. Each asks a
 * current code of the app (or a recovery code), as an intruder holding only her open session has none.
 */
export function TwoFactorManage({
  required,
  onRecoveryCodes,
  onReplaced,
}: {
  /** Mandatory for her (an admin's setting): no way to switch it off. */
  required: boolean;
  onRecoveryCodes: (codes: string[]) => void;
  onReplaced: (setup: TwoFactorSetupResponse) => void;
}) {
  const formId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const codes = useNewRecoveryCodes();
  const replace = useReplaceAuthenticator();
  const disable = useDisableTwoFactor();
  const pending = codes.isPending || replace.isPending || disable.isPending;

  function open(next: Action) {
    setAction(next);
    setCode("");
    setPassword("");
    setError(null);
  }
  const close = () => setAction(null);
  const onError = (err: unknown) => setError(errorMessage(err, "Código inválido ou já usado"));

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setError("Informe o código");
    if (action === "codes") {
      codes.mutate(typed, {
        onSuccess: (data) => {
          close();
          onRecoveryCodes(data.recovery_codes);
          toast.success("Novos códigos de recuperação gerados.");
        },
        onError,
      });
    } else if (action === "replace") {
      replace.mutate(typed, {
        onSuccess: (setup) => {
          close();
          onReplaced(setup);
        },
        onError,
      });
    } else if (action === "disable") {
      if (!password) return setError("Informe sua senha");
      disable.mutate(
        { password, code: typed },
        {
          onSuccess: () => {
            close();
            toast.success("Verificação em duas etapas desativada.");
          },
          onError,
        },
      );
    }
  }

  const dialog = action ? DIALOGS[action] : DIALOGS.codes;
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" onClick={() => open("codes")}>
        Gerar novos códigos
      </Button>
      <Button variant="secondary" onClick={() => open("replace")}>
        Trocar aplicativo
      </Button>
      {!required && (
        <Button variant="ghost" onClick={() => open("disable")}>
          Desativar
        </Button>
      )}
      <ConfirmDialog
        open={action !== null}
        onCancel={close}
        size="md"
        tone={action === "disable" ? "danger" : "primary"}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirm}
        pendingLabel={dialog.pending}
        pending={pending}
        formId={formId}
        initialFocusRef={codeRef}
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {action === "disable" && (
            <PasswordInput
              label="Sua senha"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
          <Input
            ref={codeRef}
            label="Código de verificação"
            name="code"
            autoComplete="one-time-code"
            placeholder="123456"
            hint="Os 6 dígitos do seu aplicativo autenticador, ou um dos seus códigos de recuperação."
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error ?? undefined}
            required
          />
        </form>
      </ConfirmDialog>
    </div>
  );
}
