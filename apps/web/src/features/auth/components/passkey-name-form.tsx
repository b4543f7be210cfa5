import { type FormEvent, useState } from "react";
import { Button, Input } from "@/components/ui";
import { passkeyErrorMessage } from "../api/passkeys";

/**
 * Adding a passkey: the name she gives it (required, up to 60 characters), then the browser's passkey dialog, which
 * `add` opens with the trimmed name. Its failure (the browser's refusal or the server's answer) is said under the
 * name; on success the name is cleared. `stacked`: the field above a full-width button (sign-in cards); otherwise
 * side by side (Configurações).
 */
export function PasskeyNameForm({
  label,
  submitLabel,
  stacked = false,
  pending,
  add,
}: {
  label: string;
  submitLabel: string;
  stacked?: boolean;
  pending: boolean;
  add: (name: string, handlers: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError("Dê um nome à chave");
    add(name.trim(), {
      onSuccess: () => setName(""),
      onError: (err) => setError(passkeyErrorMessage(err, "Não foi possível adicionar a chave de acesso.")),
    });
  };
  const field = (
    <Input
      label={label}
      name="passkey-name"
      placeholder="Ex.: Meu celular"
      maxLength={60}
      value={name}
      onChange={(e) => setName(e.target.value)}
      error={error ?? undefined}
    />
  );
  return (
    <form onSubmit={submit} noValidate className={stacked ? "flex flex-col gap-3" : "flex flex-wrap items-end gap-3"}>
      {stacked ? field : <div className="min-w-0 flex-1 basis-56">{field}</div>}
      <Button
        type="submit"
        variant={stacked ? "secondary" : "primary"}
        className={stacked ? "w-full" : undefined}
        disabled={pending}
      >
        {pending ? "Aguardando o dispositivo..." : submitLabel}
      </Button>
    </form>
  );
}
