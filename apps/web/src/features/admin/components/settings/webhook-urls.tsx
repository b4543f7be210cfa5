import { useId } from "react";
import { CopyButton } from "@/components/copy-button";
import { webhookUrls } from "./setting-fields";

function ReadOnlyUrl({ label, hint, url }: { label: string; hint: string; url: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface-3/60 px-4 font-mono text-sm text-ink"
        />
        <CopyButton text={url} label={`Copiar ${label}`} />
      </div>
      <p className="text-xs text-ink-subtle">{hint}</p>
    </div>
  );
}

/**
 * The two addresses to register at the payment provider, built from the backend URL being edited (or the site's
 * own address when it is empty). Read-only, with a copy button each.
 */
export function WebhookUrls({ backendUrl }: { backendUrl: string }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const urls = webhookUrls(backendUrl, origin);
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2/50 p-4">
      <p className="text-sm font-semibold text-ink">Webhooks</p>
      <ReadOnlyUrl label="Webhook de compras" hint="Pagamentos de produtos (compras gerais)." url={urls.purchases} />
      <ReadOnlyUrl
        label="Webhook de assinaturas"
        hint="Pagamentos de planos das modelos (assinaturas)."
        url={urls.subscriptions}
      />
    </div>
  );
}
