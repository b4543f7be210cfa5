import type { ChangeEventHandler } from "react";
import { Select } from "@/components/ui";
import { useEstados } from "../api/get-estados";
import { useMunicipios } from "../api/get-municipios";

type FieldProps = {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  error?: string;
};

/**
 * The estado → município cascade shared by registration and the profile editor: the município list is disabled
 * until an estado is chosen and loads that estado's municípios. Resetting the município when the estado changes
 * is the form's job (it owns the values).
 */
export function EstadoMunicipioFields({
  estado,
  municipio,
  municipioLabel = "Município",
  municipioPlaceholder = "Selecione o município",
}: {
  estado: FieldProps;
  municipio: FieldProps;
  municipioLabel?: string;
  municipioPlaceholder?: string;
}) {
  const estados = useEstados();
  const estadoId = Number(estado.value) || null;
  const municipios = useMunicipios(estadoId);
  return (
    <>
      <Select
        label="Estado"
        required
        placeholder={estados.isPending ? "Carregando..." : "Selecione o estado"}
        options={(estados.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
        {...estado}
      />
      <Select
        label={municipioLabel}
        required
        disabled={!estadoId}
        placeholder={
          !estadoId ? "Escolha o estado primeiro" : municipios.isPending ? "Carregando..." : municipioPlaceholder
        }
        options={(estadoId ? (municipios.data ?? []) : []).map((m) => ({ value: m.id, label: m.nome }))}
        {...municipio}
      />
    </>
  );
}
