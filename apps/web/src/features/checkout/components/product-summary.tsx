import { type CheckoutProduct, formatBRL, productTypeLabel } from "@vitrine/contracts";
import { Badge } from "@/components/ui";

/** "Resumo do pedido": the product's name, type, seller, description and price. */
export function ProductSummary({ product }: { product: CheckoutProduct }) {
  return (
    <section
      aria-labelledby="checkout-product-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
    >
      <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Resumo do pedido</p>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <h2 id="checkout-product-title" className="min-w-0 font-display text-2xl leading-snug font-semibold text-ink">
          {product.name}
        </h2>
        <Badge variant="accent">{productTypeLabel(product.type)}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        Vendido por <span className="font-medium text-ink">{product.model_name}</span>
      </p>
      {product.description && (
        <p className="mt-4 text-sm leading-relaxed break-words whitespace-pre-line text-ink-muted">
          {product.description}
        </p>
      )}
      <dl className="mt-6 flex items-baseline justify-between gap-3 border-t border-line pt-4">
        <dt className="text-sm text-ink-muted">Total</dt>
        <dd className="font-display text-3xl font-semibold text-accent tabular-nums">{formatBRL(product.price)}</dd>
      </dl>
    </section>
  );
}
