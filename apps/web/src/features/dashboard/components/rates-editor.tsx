import { RATE_TAG_MAX, RATE_TAGS_MAX, type Rates, RATES_OBS_MAX } from "@vitrine/contracts";
import { type KeyboardEvent, useRef, useState } from "react";
import { CurrencyInput } from "@/components/currency-input";
import { Button, Input, Textarea } from "@/components/ui";

const DURATION_MAX = 20;

/**
 * Rate tags: duration and price both required, price masked "R$ x,xx" (digits typed / 100); each tag is
 * "duration price" ("1h R$ 150,00") and can be removed. Observações is free text. The parent stores
 * { tags, obs } and sends it as a JSON string.
 */
export function RatesEditor({
  value,
  onChange,
  error,
}: {
  value: Rates;
  onChange: (rates: Rates) => void;
  error?: string | null;
}) {
  const [duration, setDuration] = useState("");
  const [price, setPrice] = useState("");
  const [errors, setErrors] = useState<{ duration?: string; price?: string; tags?: string }>({});
  const durationRef = useRef<HTMLInputElement>(null);

  function addTag() {
    const d = duration.trim();
    const next: typeof errors = {};
    if (!d) next.duration = "Informe a duração";
    if (!price) next.price = "Informe o valor";
    const tag = `${d} ${price}`;
    if (!next.duration && !next.price) {
      if (value.tags.length >= RATE_TAGS_MAX) next.tags = `No máximo ${RATE_TAGS_MAX} valores`;
      else if (tag.length > RATE_TAG_MAX) next.duration = `Cada valor deve ter no máximo ${RATE_TAG_MAX} caracteres`;
      else if (value.tags.includes(tag)) next.tags = "Esse valor já foi adicionado";
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      if (next.duration || (!next.price && next.tags)) durationRef.current?.focus();
      return;
    }
    onChange({ ...value, tags: [...value.tags, tag] });
    setDuration("");
    setPrice("");
    durationRef.current?.focus();
  }

  // Enter adds the tag instead of submitting the whole profile form.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      addTag();
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Input
          ref={durationRef}
          label="Duração"
          name="rate_duration"
          placeholder="Ex.: 1h, 30min, Pernoite"
          maxLength={DURATION_MAX}
          value={duration}
          onChange={(e) => {
            setDuration(e.target.value);
            if (errors.duration || errors.tags) setErrors((er) => ({ ...er, duration: undefined, tags: undefined }));
          }}
          onKeyDown={onEnter}
          error={errors.duration}
        />
        <CurrencyInput
          label="Valor"
          name="rate_price"
          value={price}
          onValueChange={(masked) => {
            setPrice(masked);
            if (errors.price || errors.tags) setErrors((er) => ({ ...er, price: undefined, tags: undefined }));
          }}
          onKeyDown={onEnter}
          error={errors.price}
        />
        <Button variant="secondary" onClick={addTag} className="sm:mt-[1.625rem]">
          Adicionar
        </Button>
      </div>

      {(errors.tags || error) && (
        <p role="alert" className="text-xs font-medium text-danger">
          {errors.tags || error}
        </p>
      )}

      <div>
        <p className="mb-2 text-sm font-medium text-ink-muted">Valores por hora</p>
        {value.tags.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line-strong px-4 py-3 text-sm text-ink-subtle">
            Nenhum valor adicionado ainda.
          </p>
        ) : (
          <ul aria-label="Valores adicionados" className="flex flex-wrap gap-2">
            {value.tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent-soft py-1 pr-1 pl-3.5 text-sm text-ink"
              >
                <span data-rate-tag>{tag}</span>
                <button
                  type="button"
                  aria-label={`Remover ${tag}`}
                  title="Remover"
                  onClick={() => onChange({ ...value, tags: value.tags.filter((t) => t !== tag) })}
                  className="flex size-7 items-center justify-center rounded-full text-ink-subtle transition-colors hover:bg-surface-3 hover:text-ink"
                >
                  <svg
                    viewBox="0 0 20 20"
                    className="size-3.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden
                  >
                    <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Textarea
        label="Observações"
        name="rates_obs"
        rows={3}
        maxLength={RATES_OBS_MAX}
        placeholder="Ex.: valores para atendimento em local próprio; deslocamento a combinar."
        value={value.obs}
        onChange={(e) => onChange({ ...value, obs: e.target.value })}
        hint={`${value.obs.length}/${RATES_OBS_MAX} caracteres`}
      />
    </div>
  );
}
