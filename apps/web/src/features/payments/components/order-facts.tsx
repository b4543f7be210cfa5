import { formatBRL, type PublicOrder } from "@vitrine/contracts";

/** The order in three facts (number, product, value) under a result message. */
export function OrderFacts({ order }: { order: PublicOrder }) {
  const facts: Array<[string, string]> = [
    ["Pedido", `#${order.id}`],
    ["Produto", order.product_name],
    ["Valor", formatBRL(order.amount)],
  ];
  return (
    <dl className="mt-6 grid w-full gap-2 text-left text-sm sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl border border-line bg-surface-2/60 px-3 py-2">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
