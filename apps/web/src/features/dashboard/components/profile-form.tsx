import {
  AGE_MAX,
  AGE_MIN,
  DESCRIPTION_MAX,
  HEIGHT_MAX,
  HEIGHT_MIN,
  INSTAGRAM_MAX,
  MEASUREMENTS_MAX,
  NAME_MAX,
  parseRates,
  ProfileBodySchema,
  type ProfileModel,
  type ProfileUpdate,
  type Rates,
  serializeRates,
  SERVICES_MAX,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from "@vitrine/contracts";
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses, Card, Input, Select, Textarea } from "@/components/ui";
import { useCategories } from "@/features/categories/api/get-categories";
import { EstadoMunicipioFields } from "@/features/cities/components/estado-municipio-fields";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { appPaths } from "@/lib/paths";
import { RatesEditor } from "./rates-editor";

type Values = {
  name: string;
  age: string;
  estado_id: string;
  municipio_id: string;
  category_id: string;
  description: string;
  phone: string;
  whatsapp: string;
  instagram: string;
  height: string;
  weight: string;
  measurements: string;
  services: string;
};
type FieldName = keyof Values;

/** Form order, to focus the first invalid field. */
const FIELD_ORDER: Array<FieldName | "rates"> = [
  "name",
  "age",
  "category_id",
  "estado_id",
  "municipio_id",
  "description",
  "services",
  "phone",
  "whatsapp",
  "instagram",
  "height",
  "weight",
  "measurements",
  "rates",
];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
/** 1.68 → "1,68": decimals are shown the Brazilian way; the schema reads a comma or a dot. */
const decimalText = (v: number | null) => text(v).replace(".", ",");

function initialValues(model: ProfileModel): Values {
  return {
    name: model.name,
    age: text(model.age),
    estado_id: text(model.estado_id),
    municipio_id: text(model.municipio_id),
    category_id: text(model.category_id),
    description: model.description,
    phone: text(model.phone),
    whatsapp: text(model.whatsapp),
    instagram: model.instagram ? `@${model.instagram}` : "",
    height: decimalText(model.height),
    weight: decimalText(model.weight),
    measurements: text(model.measurements),
    services: model.services,
  };
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card title={title} description={description}>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

/**
 * SPEC §2 edit-profile form, validated with the server's ProfileBodySchema (empty height/weight → null, rates →
 * the JSON string { tags, obs }). `onSubmit` gets the parsed body; `serverErrors` come from a rejected save.
 */
export function ProfileForm({
  model,
  onSubmit,
  pending,
  saved = false,
  serverErrors,
}: {
  model: ProfileModel;
  onSubmit: (body: ProfileUpdate) => void;
  pending: boolean;
  /** True after a successful save, while the page waits to go back: the form stops accepting submits. */
  saved?: boolean;
  serverErrors: Record<string, string>;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(model));
  const [rates, setRates] = useState<Rates>(() => parseRates(model.rates));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const categories = useCategories({ includeEmpty: true });

  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (lastServerErrors !== serverErrors) {
    setLastServerErrors(serverErrors);
    setErrors(serverErrors);
  }

  const set = (field: FieldName) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value, ...(field === "estado_id" ? { municipio_id: "" } : {}) }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending || saved) return;
    const body = {
      ...values,
      // SPEC §5: an empty height or weight is sent as null.
      height: values.height.trim() === "" ? null : values.height,
      weight: values.weight.trim() === "" ? null : values.weight,
      rates: serializeRates({ tags: rates.tags, obs: rates.obs }),
    };
    const result = ProfileBodySchema.safeParse(body);
    if (!result.success) {
      const fieldErrors = issuesToFieldErrors(result.error.issues);
      setErrors(fieldErrors);
      const first = FIELD_ORDER.find((k) => fieldErrors[k]);
      const target = first === "rates" ? "rate_duration" : first;
      formRef.current?.querySelector<HTMLElement>(`[name="${target}"]`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.data);
  }

  const common = (field: FieldName) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    error: errors[field],
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="flex flex-col gap-6">
      <Section title="Dados básicos">
        <Input label="Nome" autoComplete="nickname" maxLength={NAME_MAX} required {...common("name")} />
        <Input
          label="Idade"
          type="number"
          inputMode="numeric"
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          required
          {...common("age")}
        />
        <Select
          label="Categoria"
          required
          wrapperClassName="sm:col-span-2"
          placeholder={categories.isPending ? "Carregando..." : "Selecione a categoria"}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          {...common("category_id")}
        />
      </Section>

      <Section title="Localização" description="A cidade onde seu anúncio aparece.">
        <EstadoMunicipioFields
          estado={common("estado_id")}
          municipio={common("municipio_id")}
          municipioLabel="Cidade"
          municipioPlaceholder="Selecione a cidade"
        />
      </Section>

      <Section title="Sobre você">
        <Textarea
          label="Descrição"
          rows={6}
          maxLength={DESCRIPTION_MAX}
          wrapperClassName="sm:col-span-2"
          placeholder="Conte um pouco sobre você e seu atendimento."
          hint={`${values.description.length}/${DESCRIPTION_MAX} caracteres`}
          {...common("description")}
        />
        <Textarea
          label="Serviços"
          rows={3}
          maxLength={SERVICES_MAX}
          wrapperClassName="sm:col-span-2"
          placeholder="Ex.: Jantar, Eventos, Viagens"
          hint="Separe os serviços por vírgulas."
          {...common("services")}
        />
      </Section>

      <Section title="Contato" description="Como os visitantes falam com você.">
        <Input label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" {...common("phone")} />
        <Input label="WhatsApp" type="tel" placeholder="(11) 99999-9999" {...common("whatsapp")} />
        <Input
          label="Instagram"
          placeholder="@seuperfil"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={INSTAGRAM_MAX + 40}
          hint="O @ ou o endereço do perfil."
          wrapperClassName="sm:col-span-2"
          {...common("instagram")}
        />
      </Section>

      {/* Text, not type="number": a number input drops or misreads the decimal comma ("1,72" became 172).
          ProfileBodySchema takes "1,72" or "1.72" and checks the range and the decimals (SPEC §5). */}
      <Section title="Características">
        <Input
          label="Altura (m)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1,68"
          hint={`De ${decimalText(HEIGHT_MIN)} a ${decimalText(HEIGHT_MAX)} m`}
          {...common("height")}
        />
        <Input
          label="Peso (kg)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="58,5"
          hint={`De ${WEIGHT_MIN} a ${WEIGHT_MAX} kg`}
          {...common("weight")}
        />
        <Input
          label="Medidas"
          maxLength={MEASUREMENTS_MAX}
          placeholder="Ex.: 90-60-90"
          wrapperClassName="sm:col-span-2"
          {...common("measurements")}
        />
      </Section>

      <Card title="Valores & Observações" description="Adicione a duração e o valor de cada atendimento.">
        <RatesEditor
          value={rates}
          onChange={(next) => {
            setRates(next);
            if (errors.rates) setErrors(({ rates: _removed, ...rest }) => rest);
          }}
          error={errors.rates}
        />
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={appPaths.dashboard} className={buttonClasses({ variant: "ghost" })}>
          Cancelar
        </Link>
        {/* After a save the label stays "Salvar" (SPEC has no other) and the button stays disabled until the page
            goes back to the dashboard. */}
        <Button type="submit" loading={pending} loadingText="Salvando..." disabled={saved} className="sm:min-w-36">
          Salvar
        </Button>
      </div>
    </form>
  );
}
