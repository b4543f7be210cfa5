import { AGE_MAX, AGE_MIN } from "@vitrine/contracts";
import type { ComponentProps } from "react";
import { Input, Select } from "@/components/ui";

/** A model's age, a whole number from AGE_MIN to AGE_MAX (the registration, the profile and the admin's form). */
export function AgeInput(props: Omit<ComponentProps<typeof Input>, "label" | "type">) {
  return (
    <Input label="Idade" type="number" inputMode="numeric" min={AGE_MIN} max={AGE_MAX} step={1} required {...props} />
  );
}

/** A model's category, required, across the whole row of a two-column form; "Carregando..." until the list arrives. */
export function CategorySelect({
  categories,
  ...props
}: Omit<ComponentProps<typeof Select>, "label" | "options" | "placeholder"> & {
  categories: { isPending: boolean; data?: { id: number; name: string }[] };
}) {
  return (
    <Select
      label="Categoria"
      required
      wrapperClassName="sm:col-span-2"
      placeholder={categories.isPending ? "Carregando..." : "Selecione a categoria"}
      options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}
