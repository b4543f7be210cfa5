import { cn } from "@/lib/cn";
import { toggleFavourite, useFavourites } from "../lib/favourites";

/**
 * The heart of a card or a profile: adds the model to the visitor's favourites on this device, or removes her.
 * Above the card's covering link (z-10), so a tap on it never opens the profile.
 */
export function FavouriteButton({ modelId, className }: { modelId: number; className?: string }) {
  const on = useFavourites().includes(modelId);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? "Remover das favoritas" : "Adicionar às favoritas"}
      onClick={() => toggleFavourite(modelId)}
      className={cn(
        "z-10 flex items-center justify-center rounded-full border border-white/15 bg-black/55 backdrop-blur-md hover:border-accent/60",
        on ? "text-accent" : "text-ink",
        className,
      )}
    >
      <svg viewBox="0 0 24 24" aria-hidden className="icon size-5" fill={on ? "currentColor" : "none"}>
        <path d="M12 20s-7.5-4.6-7.5-10.3A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.4C19.5 15.4 12 20 12 20Z" />
      </svg>
    </button>
  );
}
