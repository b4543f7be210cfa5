import { cn } from "@/lib/cn";
import { ShieldIcon } from "../icons";

/**
 * The safety advice a visitor reads before contacting a model: take precautions, and pay only through the site
 * (products are bought here, paid in advance through the site's own checkout; never pay anyone in advance outside
 * it).
 */
export const SAFETY_ADVICE = {
  title: "Dicas de segurança",
  items: [
    { lead: "Tome precauções:", text: "marque o primeiro encontro em um lugar público e avise alguém de confiança." },
    {
      lead: "Nunca pague adiantado fora do site:",
      text: "produtos se compram só aqui, pelo botão Comprar; não faça Pix, depósito ou transferência direto para ninguém.",
    },
  ],
} as const;

/** The "Dicas de segurança" box shown beside the contact buttons of a profile (server-rendered with the page). */
export function SafetyAdvice({ className }: { className?: string }) {
  return (
    <aside
      aria-labelledby="dicas-de-seguranca"
      data-testid="safety-advice"
      className={cn("rounded-2xl border border-line bg-surface p-4 sm:p-5", className)}
    >
      <h2 id="dicas-de-seguranca" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <ShieldIcon className="size-4 text-accent" />
        {SAFETY_ADVICE.title}
      </h2>
      <ul className="mt-2.5 flex flex-col gap-1.5 text-sm leading-relaxed text-ink-muted">
        {SAFETY_ADVICE.items.map(({ lead, text }) => (
          <li key={lead}>
            <strong className="font-medium text-ink">{lead}</strong> {text}
          </li>
        ))}
      </ul>
    </aside>
  );
}
