import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationSettings } from "@vitrine/contracts";
import { Card, Checkbox, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useNotificationSettings, useSaveNotificationSettings } from "../api/email";

/**
 * Avisos por e-mail: one switch per kind, saved as soon as it changes. Security messages (links, password) are
 * always sent and are not listed.
 */
export function NotificationsCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const toggle = (current: NotificationSettings, kind: keyof NotificationSettings, on: boolean) =>
    save.mutate(
      { ...current, [kind]: on },
      {
        onSuccess: () => toast.success("Preferência salva"),
        onError: (err) => toast.error(errorMessage(err, "Não foi possível salvar. Tente novamente.")),
      },
    );
  return (
    <Card
      title="Avisos por e-mail"
      description="Escolha o que quer receber. Avisos de segurança (links de acesso e de senha) são sempre enviados."
    >
      <QueryState query={settings} errorText="Não foi possível carregar suas preferências.">
        {(current) => (
          <fieldset className="flex flex-col gap-4" disabled={save.isPending}>
            <legend className="sr-only">Avisos por e-mail</legend>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={NOTIFICATION_LABELS[kind]}
                checked={current[kind]}
                onChange={(e) => toggle(current, kind, e.target.checked)}
              />
            ))}
          </fieldset>
        )}
      </QueryState>
    </Card>
  );
}
