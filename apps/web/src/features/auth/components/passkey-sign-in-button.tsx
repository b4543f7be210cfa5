import type { AdminLoginResponse, ModelAuthResponse } from "@vitrine/contracts";
import { useState } from "react";
import { Button } from "@/components/ui";
import { passkeyErrorMessage, passkeysSupported, usePasskeySignIn } from "../api/passkeys";

type Session<R> = R extends "admin" ? AdminLoginResponse : ModelAuthResponse;

/**
 * "Entrar com chave de acesso" (no `challenge`: a sign-in without password) or "Usar chave de acesso" (with the
 * password step's challenge: the passkey is the second step). Hidden where the browser has no passkeys.
 */
export function PasskeySignInButton<R extends "admin" | "model">({
  role,
  challenge,
  onSignedIn,
}: {
  role: R;
  challenge?: string;
  onSignedIn: (session: Session<R>) => void;
}) {
  const signIn = usePasskeySignIn(role);
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;
  const label = challenge ? "Usar chave de acesso" : "Entrar com chave de acesso";
  return (
    <div className="mt-4 flex flex-col gap-2">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => {
          setError(null);
          signIn.mutate(challenge, {
            onSuccess: (session) => onSignedIn(session as Session<R>),
            onError: (err) => setError(passkeyErrorMessage(err, "Não foi possível entrar com a chave de acesso.")),
          });
        }}
      >
        {signIn.isPending ? "Aguardando o dispositivo..." : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
