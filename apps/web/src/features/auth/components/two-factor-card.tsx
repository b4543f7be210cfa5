import type { TwoFactorSetupResponse } from "@vitrine/contracts";
import { useState } from "react";
import { Badge, Button, Card, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { AccountAudience } from "../api/audience";
import { useTwoFactorConfirm, useTwoFactorSetup, useTwoFactorStatus } from "../api/two-factor";
import { AuthenticatorSetup, CodeForm, RecoveryCodes } from "./two-factor";
import { TwoFactorManage } from "./two-factor-manage";

/**
 * Verificação em duas etapas in Configurações: offered to advertisers (her account is her income, and a password
 * alone is lost to one leak), mandatory for admins, who manage it here too (a new phone, new recovery codes).
 * Setting it up shows the QR code, asks one code, then shows the recovery codes once.
 */
export function TwoFactorCard({ audience }: { audience: AccountAudience }) {
  const status = useTwoFactorStatus(audience);
  const setup = useTwoFactorSetup(audience);
  const confirm = useTwoFactorConfirm(audience);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new phone: the authenticator being replaced is set up exactly as the first one.
  const [replacement, setReplacement] = useState<TwoFactorSetupResponse | null>(null);
  const pendingSetup = setup.data ?? replacement;

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
    if (pendingSetup) {
      return (
        <div className="flex flex-col gap-6">
          <AuthenticatorSetup setup={pendingSetup} />
          <CodeForm
            allowRecovery={false}
            submitLabel="Ativar"
            pending={confirm.isPending}
            error={error}
            onSubmit={(code) => {
              setError(null);
              confirm.mutate(code, {
                onSuccess: (data) => {
                  setup.reset();
                  setReplacement(null);
                  setCodes(data.recovery_codes);
                  toast.success("Verificação em duas etapas ativada.");
                },
                onError: (err) => setError(errorMessage(err, "Código inválido")),
              });
            }}
          />
        </div>
      );
    }
    return (
      <QueryState query={status} variant="inline" errorText="Não foi possível carregar a verificação em duas etapas.">
        {(data) =>
          data.totp ? (
            <div className="flex flex-col gap-4">
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                <Badge variant="success">Ativada</Badge>
                Cada login pede o código do seu aplicativo. Códigos de recuperação restantes: {data.recovery_codes_left}
                .
              </p>
              <TwoFactorManage
                audience={audience}
                required={data.required}
                onRecoveryCodes={setCodes}
                onReplaced={setReplacement}
              />
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              {data.enabled ? (
                <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                  <Badge variant="success">Ativada</Badge>
                  Cada login pede sua chave de acesso. Códigos de recuperação restantes: {data.recovery_codes_left}.
                  Você também pode usar um aplicativo autenticador.
                </p>
              ) : (
                <p className="text-sm text-ink-muted">
                  Recomendado: com ela, quem descobrir sua senha ainda não entra na sua conta. Você precisa de um
                  aplicativo autenticador no celular ou de uma chave de acesso.
                </p>
              )}
              <Button
                className="self-start"
                loading={setup.isPending}
                loadingText="Preparando..."
                onClick={() =>
                  setup.mutate(undefined, {
                    onError: (err) => toast.error(errorMessage(err, "Não foi possível iniciar a configuração.")),
                  })
                }
              >
                {data.enabled ? "Adicionar aplicativo autenticador" : "Ativar verificação em duas etapas"}
              </Button>
            </div>
          )
        }
      </QueryState>
    );
  };

  return (
    <Card
      aria-label="Verificação em duas etapas"
      title="Verificação em duas etapas"
      description="Um código do seu celular, além da senha, a cada login."
    >
      {body()}
    </Card>
  );
}
