import {
  DESCRIPTION_MAX,
  HEIGHT_MAX,
  HEIGHT_MIN,
  INSTAGRAM_MAX,
  type Language,
  LANGUAGE_LABELS,
  LANGUAGES,
  MEASUREMENTS_MAX,
  NAME_MAX,
  NEIGHBORHOOD_MAX,
  parseRates,
  ProfileBodySchema,
  type ProfileModel,
  type ProfileUpdate,
  type Rates,
  RECEIVES_AT,
  RECEIVES_AT_LABELS,
  type ReceivesAt,
  serializeRates,
  SERVICES_MAX,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { CheckboxGroup } from "@/components/checkbox-group";
import { AgeInput, CategorySelect } from "@/components/profile-fields";
import { Button, buttonClasses, Card, Input, Textarea } from "@/components/ui";
import { useCategories } from "@/features/categories/api/get-categories";
import { EstadoMunicipioFields } from "@/features/cities/components/estado-municipio-fields";
import { useServiceOptions } from "@/features/categories/api/get-service-options";
import { useZodForm } from "@/hooks/use-zod-form";
import { appPaths } from "@/lib/paths";
import { RatesEditor } from "./rates-editor";
import { ServiceChoices } from "./service-choices";

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
  rates: Rates;
  receives_at: ReceivesAt[];
  neighborhood: string;
  languages: Language[];
};

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
    rates: parseRates(model.rates),
    receives_at: model.receives_at,
    neighborhood: text(model.neighborhood),
    languages: model.languages,
  };
}

/** The body ProfileBodySchema reads: an empty height or weight is sent as null, rates as its JSON string. */
function toBody(values: Values) {
  return {
    ...values,
    height: values.height.trim() === "" ? null : values.height,
    weight: values.weight.trim() === "" ? null : values.weight,
    rates: serializeRates(values.rates),
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
 * The edit-profile form, validated with the server's ProfileBodySchema (empty height/weight → null, rates → the
 * JSON string { tags, obs }). `onSubmit` gets the parsed body; `serverErrors` is the rejection of the last save,
 * whose field details show inline.
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
  serverErrors: unknown;
}) {
  const form = useZodForm(ProfileBodySchema, initialValues(model), {
    serverErrors,
    toInput: toBody,
    focusNames: { rates: "rate_duration" },
  });
  const categories = useCategories({ includeEmpty: true });
  const serviceOptions = useServiceOptions();
  const submitValid = form.handleSubmit(onSubmit);

  /** A new estado empties the cidade, which belongs to the previous one. */
  const estado = {
    ...form.field("estado_id"),
    onChange: (event: { target: { value: string } }) =>
      form.setValues({ estado_id: event.target.value, municipio_id: "" }),
  };

  return (
    <form
      onSubmit={(event) => (pending || saved ? event.preventDefault() : submitValid(event))}
      noValidate
      className="flex flex-col gap-6"
    >
      <Section title="Dados básicos">
        <Input label="Nome" autoComplete="nickname" maxLength={NAME_MAX} required {...form.field("name")} />
        <AgeInput
          {...form.field("age")}
          readOnly={model.age_verified}
          hint={model.age_verified ? "Calculada pela data de nascimento da sua verificação de identidade." : undefined}
        />
        <CategorySelect categories={categories} {...form.field("category_id")} />
      </Section>

      <Section title="Localização" description="A cidade onde seu anúncio aparece.">
        <EstadoMunicipioFields
          estado={estado}
          municipio={form.field("municipio_id")}
          municipioLabel="Cidade"
          municipioPlaceholder="Selecione a cidade"
        />
        <Input
          label="Bairro ou região"
          maxLength={NEIGHBORHOOD_MAX}
          placeholder="Ex.: Moema, Zona Sul"
          hint="Opcional. Aparece no anúncio e na busca por bairro."
          wrapperClassName="sm:col-span-2"
          {...form.field("neighborhood")}
        />
      </Section>

      <Section title="Atendimento" description="Onde você atende e os idiomas que fala.">
        <CheckboxGroup
          legend="Atende em"
          name="receives_at"
          options={RECEIVES_AT}
          labels={RECEIVES_AT_LABELS}
          value={form.values.receives_at}
          onChange={(v) => form.setValue("receives_at", v)}
          error={form.errors.receives_at}
          className="sm:col-span-2"
        />
        <CheckboxGroup
          legend="Idiomas"
          name="languages"
          options={LANGUAGES}
          labels={LANGUAGE_LABELS}
          value={form.values.languages}
          onChange={(v) => form.setValue("languages", v)}
          error={form.errors.languages}
          className="sm:col-span-2"
        />
      </Section>

      <Section title="Sobre você">
        <Textarea
          label="Descrição"
          rows={6}
          maxLength={DESCRIPTION_MAX}
          wrapperClassName="sm:col-span-2"
          placeholder="Conte um pouco sobre você e seu atendimento."
          hint={`${form.values.description.length}/${DESCRIPTION_MAX} caracteres`}
          {...form.field("description")}
        />
        <ServiceChoices
          options={serviceOptions.data ?? []}
          value={form.values.services}
          onChange={(v) => form.setValue("services", v)}
        />
        <Textarea
          label="Serviços"
          rows={3}
          maxLength={SERVICES_MAX}
          wrapperClassName="sm:col-span-2"
          placeholder="Ex.: Jantar, Eventos, Viagens"
          hint="Toque nos serviços da lista ou escreva outros, separados por vírgulas."
          {...form.field("services")}
        />
      </Section>

      <Section title="Contato" description="Como os visitantes falam com você.">
        <Input label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" {...form.field("phone")} />
        <Input label="WhatsApp" type="tel" placeholder="(11) 99999-9999" {...form.field("whatsapp")} />
        <Input
          label="Instagram"
          placeholder="@seuperfil"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={INSTAGRAM_MAX + 40}
          hint="O @ ou o endereço do perfil."
          wrapperClassName="sm:col-span-2"
          {...form.field("instagram")}
        />
      </Section>

      {/* Text, not type="number": a number input drops or misreads the decimal comma ("1,72" became 172).
          ProfileBodySchema takes "1,72" or "1.72" and checks the range and the decimals. */}
      <Section title="Características">
        <Input
          label="Altura (m)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1,68"
          hint={`De ${decimalText(HEIGHT_MIN)} a ${decimalText(HEIGHT_MAX)} m`}
          {...form.field("height")}
        />
        <Input
          label="Peso (kg)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="58,5"
          hint={`De ${WEIGHT_MIN} a ${WEIGHT_MAX} kg`}
          {...form.field("weight")}
        />
        <Input
          label="Medidas"
          maxLength={MEASUREMENTS_MAX}
          placeholder="Ex.: 90-60-90"
          wrapperClassName="sm:col-span-2"
          {...form.field("measurements")}
        />
      </Section>

      <Card title="Valores & Observações" description="Adicione a duração e o valor de cada atendimento.">
        <RatesEditor
          value={form.values.rates}
          onChange={(rates) => form.setValue("rates", rates)}
          error={form.errors.rates}
        />
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={appPaths.dashboard} className={buttonClasses({ variant: "ghost" })}>
          Cancelar
        </Link>
        {/* After a save the label stays "Salvar" (the screen has no "Salvo" state) and the button stays disabled
            until the page goes back to the dashboard. */}
        <Button type="submit" loading={pending} loadingText="Salvando..." disabled={saved} className="sm:min-w-36">
          Salvar
        </Button>
      </div>
    </form>
  );
}
