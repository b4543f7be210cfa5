import { type FormEvent, useState } from "react";
import { Button, Input, Select } from "@/components/ui";
import { useEstados } from "@/features/cities/api/get-estados";
import { useMunicipios } from "@/features/cities/api/get-municipios";
import { useAdminCategories } from "@/features/admin/api/get-admin-categories";

/** The filters of the models table as the URL keeps them (state is the two-letter code). */
export type ModelFilterValues = { state: string; city_id: string; category_id: string; q: string };

/**
 * State, city (the state's municipalities; disabled until a state is chosen), category and a search box. Nothing
 * applies until "Filtrar": the table keeps showing the current filters meanwhile.
 */
export function ModelFilters({
  applied,
  onApply,
}: {
  applied: ModelFilterValues;
  onApply: (values: ModelFilterValues) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const estados = useEstados();
  const categories = useAdminCategories();
  const estadoId = estados.data?.find((e) => e.uf === draft.state)?.id ?? null;
  const municipios = useMunicipios(estadoId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  }

  function clear() {
    const empty = { state: "", city_id: "", category_id: "", q: "" };
    setDraft(empty);
    onApply(empty);
  }

  const hasFilters = Object.values(applied).some(Boolean);
  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label="Filtrar modelos"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <Select
        label="Estado"
        value={draft.state}
        onChange={(e) => setDraft({ ...draft, state: e.target.value, city_id: "" })}
        placeholder={estados.isPending ? "Carregando..." : "Todos os estados"}
        options={(estados.data ?? []).map((e) => ({ value: e.uf, label: `${e.nome} (${e.uf})` }))}
      />
      <Select
        label="Cidade"
        value={draft.city_id}
        disabled={!estadoId}
        onChange={(e) => setDraft({ ...draft, city_id: e.target.value })}
        placeholder={
          !estadoId ? "Escolha o estado primeiro" : municipios.isPending ? "Carregando..." : "Todas as cidades"
        }
        options={(estadoId ? (municipios.data ?? []) : []).map((m) => ({ value: m.id, label: m.nome }))}
      />
      <Select
        label="Categoria"
        value={draft.category_id}
        onChange={(e) => setDraft({ ...draft, category_id: e.target.value })}
        placeholder={categories.isPending ? "Carregando..." : "Todas as categorias"}
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <Input
        label="Buscar"
        type="search"
        value={draft.q}
        maxLength={100}
        placeholder="Nome, e-mail ou telefone"
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="h-12 flex-1 lg:flex-none">
          Filtrar
        </Button>
        {hasFilters && (
          <Button variant="ghost" className="h-12" onClick={clear}>
            Limpar
          </Button>
        )}
      </div>
    </form>
  );
}
