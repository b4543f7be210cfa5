import { type AdminSetting, CreateSettingBodySchema } from "@vitrine/contracts";
import { useState } from "react";
import { Button, Card, Input } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateSetting, useUpdateSetting } from "@/features/admin/api/update-setting";

/** One free key/value row, saved on its own. */
function FreeSettingRow({ row }: { row: AdminSetting }) {
  const [value, setValue] = useState(row.is_secret ? "" : row.setting_value);
  const update = useUpdateSetting();
  const unchanged = row.is_secret ? value === "" : value === row.setting_value;
  const error =
    update.error instanceof ApiError && update.error.details.length > 0
      ? update.error.details[0].message
      : update.error
        ? errorMessage(update.error, "Erro ao salvar")
        : undefined;

  return (
    <form
      noValidate
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { id: row.id, value },
          {
            onSuccess: () => {
              toast.success(`Configuração “${row.setting_key}” salva`);
              if (row.is_secret) setValue("");
            },
          },
        );
      }}
    >
      <Input
        label={<span className="font-mono">{row.setting_key}</span>}
        name={row.setting_key}
        value={value}
        placeholder={row.is_secret ? row.setting_value || "Não configurado" : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (update.error) update.reset();
        }}
        error={error}
      />
      <Button type="submit" variant="secondary" className="h-12" disabled={unchanged} loading={update.isPending}>
        Salvar
      </Button>
    </form>
  );
}

/** "Adicionar chave": a new free row (lower-case key with letters, digits and _). */
function AddSettingForm() {
  const create = useCreateSetting();
  const form = useZodForm(
    CreateSettingBodySchema,
    { setting_key: "", setting_value: "" },
    { serverErrors: create.error },
  );
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: ({ setting }) => {
        toast.success(`Chave “${setting.setting_key}” adicionada`);
        form.reset();
      },
      onError: (err) => toast.error(errorMessage(err, "Erro ao adicionar chave")),
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 border-t border-line pt-5 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <Input label="Nova chave" placeholder="minha_chave" autoComplete="off" {...form.field("setting_key")} />
      <Input label="Valor" autoComplete="off" {...form.field("setting_value")} />
      <Button type="submit" className="h-12 sm:mt-[1.625rem]" loading={create.isPending} loadingText="Adicionando...">
        Adicionar chave
      </Button>
    </form>
  );
}

/** Every setting the screen has no section for, as free key/value rows, plus "Adicionar chave". */
export function OtherSettingsCard({ rows }: { rows: AdminSetting[] }) {
  return (
    <Card
      title="Outras configurações"
      description="Chaves livres usadas por integrações e personalizações. Uma chave terminada em _secret, _token, _password, _senha ou _api_key é secreta: o valor fica mascarado e só pode ser substituído."
    >
      <div className="flex flex-col gap-5">
        {rows.length === 0 ? (
          <p className="text-sm text-ink-muted">Nenhuma outra chave cadastrada.</p>
        ) : (
          rows.map((row) => <FreeSettingRow key={row.id} row={row} />)
        )}
        <AddSettingForm />
      </div>
    </Card>
  );
}
