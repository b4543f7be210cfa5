import type { AdminSetting } from "@vitrine/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button, Card, Input, PasswordInput, Select, Textarea } from "@/components/ui";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useCreateSetting, useUpdateSetting } from "@/features/admin/api/update-setting";
import { Switch } from "../switch";
import type { SettingField, SettingSectionDef } from "./setting-fields";

type Values = Record<string, string>;

/** What a field shows at first: the stored value, a secret's empty input (empty means "unchanged"). */
function initialValue(field: SettingField, row: AdminSetting | undefined): string {
  if (field.kind === "secret") return "";
  return row?.setting_value ?? field.defaultValue ?? "";
}

/** A field changed when its text differs from what is stored; a secret when anything was typed into it. */
function isChanged(field: SettingField, row: AdminSetting | undefined, value: string): boolean {
  if (field.kind === "secret") return value !== "";
  return value !== (row?.setting_value ?? field.defaultValue ?? "");
}

/** The message of a failed save for that field: the server's detail about the value, else its error text. */
function fieldMessage(err: unknown): string {
  if (err instanceof ApiError && err.details.length > 0) return err.details[0].message;
  return errorMessage(err, "Erro ao salvar");
}

/**
 * One section of settings with its "Salvar" button. Each changed field is saved by its own call (PUT of the
 * setting's row, or POST when the row does not exist yet); a refused value shows its message under the field.
 */
export function SettingsSectionCard({
  section,
  rows,
  children,
}: {
  section: SettingSectionDef;
  rows: ReadonlyMap<string, AdminSetting>;
  /** Extra content under the fields, given the current (unsaved) values. */
  children?: (values: Values) => ReactNode;
}) {
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(section.fields.map((f) => [f.key, initialValue(f, rows.get(f.key))])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const update = useUpdateSetting();
  const create = useCreateSetting();

  function setValue(key: string, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changed = section.fields.filter((f) => isChanged(f, rows.get(f.key), values[f.key]));
    if (changed.length === 0) {
      toast("Nenhuma alteração para salvar");
      return;
    }
    setSaving(true);
    const failed: Record<string, string> = {};
    for (const field of changed) {
      const row = rows.get(field.key);
      const value = values[field.key];
      try {
        if (row) await update.mutateAsync({ id: row.id, value });
        else await create.mutateAsync({ setting_key: field.key, setting_value: value });
        if (field.kind === "secret") setValues((current) => ({ ...current, [field.key]: "" }));
      } catch (err) {
        failed[field.key] = fieldMessage(err);
      }
    }
    setSaving(false);
    setErrors(failed);
    const failures = Object.keys(failed).length;
    if (failures === 0) toast.success(`${section.title}: configurações salvas`);
    else toast.error(failures === 1 ? "Uma configuração não foi salva" : `${failures} configurações não foram salvas`);
  }

  return (
    <Card
      id={`settings-${section.id}`}
      className="scroll-mt-24"
      title={section.title}
      description={section.description}
    >
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {section.fields.map((field) => (
            <SettingInput
              key={field.key}
              field={field}
              row={rows.get(field.key)}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(v) => setValue(field.key, v)}
            />
          ))}
        </div>
        {children?.(values)}
        <Button type="submit" loading={saving} loadingText="Salvando..." className="self-start">
          Salvar
        </Button>
      </form>
    </Card>
  );
}

function SettingInput({
  field,
  row,
  value,
  error,
  onChange,
}: {
  field: SettingField;
  row: AdminSetting | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const common = {
    label: field.label,
    name: field.key,
    error,
    hint: field.hint,
    wrapperClassName: cn(field.wide && "sm:col-span-2"),
  };
  switch (field.kind) {
    case "textarea":
      return <Textarea {...common} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />;
    case "select":
      return (
        <Select {...common} options={field.options ?? []} value={value} onChange={(e) => onChange(e.target.value)} />
      );
    case "secret":
      return (
        <PasswordInput
          {...common}
          autoComplete="off"
          placeholder={row?.setting_value || "Não configurado"}
          hint={field.hint ?? "Deixe em branco para manter o valor atual."}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "boolean":
      return (
        <div className={cn("flex flex-col gap-1.5", common.wrapperClassName)}>
          <div className="flex min-h-12 items-center justify-between gap-4 rounded-xl border border-line px-4 py-3">
            <span aria-hidden="true" className="text-sm text-ink-muted">
              {field.label}
            </span>
            <Switch
              checked={value === "true"}
              label={field.label}
              onCheckedChange={(on) => onChange(on ? "true" : "false")}
            />
          </div>
          {error && <p className="text-xs font-medium text-danger">{error}</p>}
        </div>
      );
    default:
      return (
        <Input
          {...common}
          type={field.kind}
          placeholder={field.placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
