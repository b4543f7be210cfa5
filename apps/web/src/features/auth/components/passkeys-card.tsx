import type { Passkey } from "@vitrine/contracts";
import { useState } from "react";
import { Button, Card, ConfirmDialog, QueryState } from "@/components/ui";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  passkeyErrorMessage,
  passkeysSupported,
  useAddPasskey,
  useMyPasskeys,
  useRemovePasskey,
} from "../api/passkeys";
import type { AccountAudience } from "../api/audience";
import { useTwoFactorStatus } from "../api/two-factor";
import { PasskeyNameForm } from "./passkey-name-form";
import { RecoveryCodes } from "./two-factor";
import { CurrentPasswordField } from "./current-password-field";

/** One row: name, when it was added and last used; "Remover" unless it cannot go (no `onRemove`). */
function PasskeyItem({ passkey, onRemove }: { passkey: Passkey; onRemove?: (p: Passkey) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{passkey.name}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Adicionada em {formatDateTime(passkey.created_at)} ·{" "}
          {passkey.last_used_at ? `último uso ${formatDateTime(passkey.last_used_at)}` : "ainda não usada"}
        </p>
      </div>
      {onRemove && (
        <Button variant="secondary" size="sm" onClick={() => onRemove(passkey)} aria-label={`Remover ${passkey.name}`}>
          Remover
        </Button>
      )}
    </li>
  );
}

/**
 * Chaves de acesso (passkeys): sign in with the phone's or computer's lock (fingerprint, face, PIN) instead of the
 * password, or use it as the second step. Added here, named by her, removed here. The first one turns two-step
 * sign-in on and shows her recovery codes once; removing her last second factor asks her password.
 */
export function PasskeysCard({ audience }: { audience: AccountAudience }) {
  const passkeys = useMyPasskeys(audience);
  const add = useAddPasskey(audience);
  const remove = useRemovePasskey(audience);
  const [toRemove, setToRemove] = useState<Passkey | null>(null);
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const supported = passkeysSupported();
  const status = useTwoFactorStatus(audience);
  // Her only second factor: removing it switches two-step sign-in off (the server asks her password), which is not
  // possible where it is mandatory (every admin; advertisers when an admin requires it).
  const onlyFactor = status.data?.totp === false && passkeys.data?.passkeys.length === 1;
  const kept = onlyFactor && status.data?.required === true;
  const lastFactor = onlyFactor && !kept;
  const closeRemove = () => {
    setToRemove(null);
    setPassword("");
  };

  const onAdd = (name: string, handlers: { onSuccess: () => void; onError: (err: unknown) => void }) =>
    add.mutate(name, {
      onSuccess: (added) => {
        handlers.onSuccess();
        if (added.recovery_codes) setCodes(added.recovery_codes);
        toast.success("Chave de acesso adicionada.");
      },
      onError: handlers.onError,
    });

  return (
    <Card
      aria-label="Chaves de acesso (passkeys)"
      title="Chaves de acesso (passkeys)"
      description="Entre com a digital, o rosto ou o PIN do seu dispositivo, sem digitar a senha."
    >
      {codes && (
        <div className="mb-5">
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        </div>
      )}
      <QueryState query={passkeys} variant="inline" errorText="Não foi possível carregar as chaves de acesso.">
        {(data) =>
          data.passkeys.length === 0 ? (
            <p className="text-sm text-ink-muted">Nenhuma chave de acesso cadastrada.</p>
          ) : (
            <>
              <ul className="divide-y divide-line">
                {data.passkeys.map((p) => (
                  <PasskeyItem key={p.id} passkey={p} onRemove={kept ? undefined : setToRemove} />
                ))}
              </ul>
              {kept && (
                <p className="mt-4 text-sm text-ink-muted">
                  Esta chave é sua única verificação em duas etapas, obrigatória nesta conta: para removê-la, adicione
                  antes outra chave ou um aplicativo autenticador.
                </p>
              )}
            </>
          )
        }
      </QueryState>
      {supported ? (
        <div className="mt-5">
          <PasskeyNameForm
            label="Nome da nova chave"
            submitLabel="Adicionar chave de acesso"
            pending={add.isPending}
            add={onAdd}
          />
        </div>
      ) : (
        <p className="mt-5 text-sm text-ink-muted">Este navegador não permite chaves de acesso.</p>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remover esta chave de acesso?"
        description={
          toRemove
            ? lastFactor
              ? `"${toRemove.name}" é sua única verificação em duas etapas: sem ela, sua conta volta a depender só da senha e as outras sessões serão encerradas. Confirme com sua senha.`
              : `"${toRemove.name}" não poderá mais entrar na sua conta.`
            : undefined
        }
        confirmLabel="Remover"
        pendingLabel="Removendo..."
        pending={remove.isPending}
        onConfirm={() =>
          toRemove &&
          remove.mutate(
            { id: toRemove.id, password: lastFactor ? password : undefined },
            {
              onSuccess: () => toast.success("Chave de acesso removida."),
              onError: (err) => toast.error(passkeyErrorMessage(err, "Não foi possível remover a chave de acesso.")),
              onSettled: closeRemove,
            },
          )
        }
        onCancel={closeRemove}
      >
        {lastFactor && <CurrentPasswordField value={password} onChange={setPassword} />}
      </ConfirmDialog>
    </Card>
  );
}
