import type { TwoFactorSetupResponse } from "@vitrine/contracts";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button, ConfirmDialog, Input } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { AccountAudience } from "../api/audience";
import { useMyPasskeys } from "../api/passkeys";
import { useDisableTwoFactor, useNewRecoveryCodes, useReplaceAuthenticator } from "../api/two-factor";
import { CurrentPasswordField } from "./current-password-field";

type Action = "codes" | "replace" | "disable" | "removeApp";

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
  removeApp: {
    title: "Remover o aplicativo autenticador?",
    description:
      "Seus logins passam a pedir sua chave de acesso (ou um código de recuperação). As outras sessões abertas serão encerradas. Confirme com sua senha e um código.",
    confirm: "Remover aplicativo",
    pending: "Removendo...",
  },
};

/**
 * What she can do once her authenticator app is set up: new recovery codes, a new phone, and removing the app —
 * with a passkey she keeps two-step sign-in ("Remover aplicativo"); without one it switches it off ("Desativar"),
 * which is not offered where it is mandatory (every admin; advertisers when an admin requires it). Each asks a
 * current code of the app (or a recovery code), as an intruder holding only her open session has none.
 */
export function TwoFactorManage({
  audience,
  required,
  onRecoveryCodes,
  onReplaced,
}: {
  audience: AccountAudience;
  /** Two-step sign-in is mandatory for her: it cannot be switched off. */
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
  const codes = useNewRecoveryCodes(audience);
  const replace = useReplaceAuthenticator(audience);
  const disable = useDisableTwoFactor(audience);
  const hasPasskey = (useMyPasskeys(audience).data?.passkeys.length ?? 0) > 0;
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
    } else {
      if (!password) return setError("Informe sua senha");
      disable.mutate(
        { password, code: typed },
        {
          onSuccess: () => {
            close();
            toast.success(
              action === "removeApp" ? "Aplicativo autenticador removido." : "Verificação em duas etapas desativada.",
            );
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
      {hasPasskey ? (
        <Button variant="ghost" onClick={() => open("removeApp")}>
          Remover aplicativo
        </Button>
      ) : (
        !required && (
          <Button variant="ghost" onClick={() => open("disable")}>
            Desativar
          </Button>
        )
      )}
      <ConfirmDialog
        open={action !== null}
        onCancel={close}
        size="md"
        tone={action === "disable" || action === "removeApp" ? "danger" : "primary"}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirm}
        pendingLabel={dialog.pending}
        pending={pending}
        formId={formId}
        initialFocusRef={codeRef}
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {(action === "disable" || action === "removeApp") && (
            <CurrentPasswordField value={password} onChange={setPassword} />
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
