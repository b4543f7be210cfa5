import type {
  AdminLoginResponse,
  AdminTwoFactorConfirmResponse,
  ModelAuthResponse,
  ModelTwoFactorConfirmResponse,
  SecondStepMethod,
  TwoFactorSetupResponse,
} from "@vitrine/contracts";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { passkeysSupported, usePasskeySetup } from "../api/passkeys";
import { PasskeyNameForm } from "./passkey-name-form";
import { useChallengeConfirm, useChallengeSetup, useSecondStep } from "../api/two-factor";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { AuthCard } from "./auth-card";
import { AuthenticatorSetup, CodeForm, RecoveryCodes } from "./two-factor";

type Session<R> = R extends "admin" ? AdminLoginResponse : ModelAuthResponse;

/**
 * The sign-in step where two-step sign-in is mandatory and not set up yet (every admin; advertisers when an admin
 * requires it): the QR code and key, the first code, then the recovery codes once; `onSignedIn` gets the session.
 */
export function ChallengeSetupStep<R extends "admin" | "model">({
  role,
  challenge,
  onSignedIn,
}: {
  role: R;
  challenge: string;
  onSignedIn: (session: Session<R>) => void;
}) {
  const begin = useChallengeSetup(role);
  const confirm = useChallengeConfirm(role);
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [done, setDone] = useState<{ session: Session<R>; codes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // One set-up per challenge (StrictMode runs effects twice in development).
    if (started.current === challenge) return;
    started.current = challenge;
    begin.mutate(challenge, {
      onSuccess: setSetup,
      onError: (err) => setError(errorMessage(err, "Não foi possível iniciar a configuração")),
    });
  }, [challenge, begin]);

  if (done) return <RecoveryCodes codes={done.codes} onDone={() => onSignedIn(done.session)} />;
  const settle = (answer: AdminTwoFactorConfirmResponse | ModelTwoFactorConfirmResponse) => {
    const { recovery_codes, ...session } = answer;
    setDone({ session: session as Session<R>, codes: recovery_codes });
  };
  return (
    <div className="flex flex-col gap-6">
      {setup && <AuthenticatorSetup setup={setup} />}
      <CodeForm
        allowRecovery={false}
        submitLabel="Ativar e entrar"
        pending={confirm.isPending || begin.isPending}
        error={error}
        onSubmit={(code) => {
          setError(null);
          confirm.mutate(
            { challenge, code },
            {
              onSuccess: settle,
              onError: (err) => setError(errorMessage(err, "Código inválido")),
            },
          );
        }}
      />
      <PasskeySetupForm role={role} challenge={challenge} onAdded={settle} />
    </div>
  );
}

/**
 * "Ou use uma chave de acesso": the set-up with a passkey instead of the app (the phone's or computer's lock), named
 * by her as in Configurações. Hidden where the browser has no passkeys.
 */
function PasskeySetupForm<R extends "admin" | "model">({
  role,
  challenge,
  onAdded,
}: {
  role: R;
  challenge: string;
  onAdded: (answer: AdminTwoFactorConfirmResponse | ModelTwoFactorConfirmResponse) => void;
}) {
  const add = usePasskeySetup(role);
  if (!passkeysSupported()) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-5">
      <p className="text-sm text-ink-muted">
        Ou use uma chave de acesso: a digital, o rosto ou o PIN deste dispositivo, no lugar do código.
      </p>
      <PasskeyNameForm
        label="Nome da chave"
        submitLabel="Usar uma chave de acesso"
        stacked
        pending={add.isPending}
        add={(name, handlers) =>
          add.mutate(
            { challenge, name },
            {
              onSuccess: (answer) => {
                handlers.onSuccess();
                onAdded(answer);
              },
              onError: handlers.onError,
            },
          )
        }
      />
    </div>
  );
}

/**
 * The mandatory first set-up of two-step sign-in (ChallengeSetupStep) in the sign-in card of her area (`eyebrow`):
 * mandatory for every admin, and for advertisers when an admin requires it on the site.
 */
export function TwoFactorSetupCard<R extends "admin" | "model">({
  role,
  eyebrow,
  challenge,
  onSignedIn,
}: {
  role: R;
  eyebrow: string;
  challenge: string;
  onSignedIn: (session: Session<R>) => void;
}) {
  const who = role === "admin" ? "Obrigatória para administradores" : "Obrigatória neste site";
  return (
    <AuthCard
      eyebrow={eyebrow}
      title="Configure a verificação em duas etapas"
      description={`${who}: além da senha, cada login pedirá um código do seu celular ou uma chave de acesso.`}
    >
      <ChallengeSetupStep role={role} challenge={challenge} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}

/**
 * The second step of a sign-in with two-step sign-in on, in the sign-in card of her area (`eyebrow`), offering the
 * `methods` her account has (the password step's answer): "Usar chave de acesso" when she has a passkey, the app's
 * code when she has the app, a recovery code always. `onSignedIn` gets the session.
 */
export function TwoFactorCodeCard<R extends "admin" | "model">({
  role,
  eyebrow,
  challenge,
  methods,
  onSignedIn,
}: {
  role: R;
  eyebrow: string;
  challenge: string;
  methods: SecondStepMethod[];
  onSignedIn: (session: Session<R>) => void;
}) {
  const secondStep = useSecondStep(role);
  const [error, setError] = useState<string | null>(null);
  const app = methods.includes("totp");
  const passkey = methods.includes("passkey");
  const passkeyButton = <PasskeySignInButton role={role} challenge={challenge} onSignedIn={onSignedIn} />;
  return (
    <AuthCard
      eyebrow={eyebrow}
      title="Verificação em duas etapas"
      description={
        app && passkey
          ? "Digite o código do seu aplicativo autenticador ou use sua chave de acesso."
          : app
            ? "Digite o código do seu aplicativo autenticador."
            : "Use sua chave de acesso."
      }
    >
      {/* Without the app the passkey comes first, a recovery code below it; with the app, the code first. */}
      {passkey && !app && passkeyButton}
      <CodeForm
        allowApp={app}
        pending={secondStep.isPending}
        error={error}
        onSubmit={(code) => {
          setError(null);
          secondStep.mutate(
            { challenge, code },
            {
              onSuccess: (session) => onSignedIn(session as Session<R>),
              onError: (err) => setError(errorMessage(err, "Código inválido")),
            },
          );
        }}
      />
      {passkey && app && passkeyButton}
    </AuthCard>
  );
}
