import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@vitrine/contracts";
import { Button, Input, Select } from "@/components/ui";
import type { OrderFilters } from "@/features/admin/api/get-orders";

export type OrderFilterValues = Pick<OrderFilters, "status" | "from" | "to">;

/** Status and date range of the orders table; every change applies at once (and goes back to page 1). */
export function OrderFiltersBar({
  value,
  onChange,
}: {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
}) {
  const isFiltered = Boolean(value.status || value.from || value.to);
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
      <Select
        label="Status"
        placeholder="Todos"
        options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
        value={value.status ?? ""}
        onChange={(e) => onChange({ ...value, status: (e.target.value || undefined) as OrderStatus | undefined })}
      />
      <Input
        label="De"
        type="date"
        value={value.from ?? ""}
        max={value.to}
        onChange={(e) => onChange({ ...value, from: e.target.value || undefined })}
      />
      <Input
        label="Até"
        type="date"
        value={value.to ?? ""}
        min={value.from}
        onChange={(e) => onChange({ ...value, to: e.target.value || undefined })}
      />
      <Button variant="ghost" className="h-12" disabled={!isFiltered} onClick={() => onChange({})}>
        Limpar filtros
      </Button>
    </div>
  );
}
