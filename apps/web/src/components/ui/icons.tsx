/**
 * The house's line icons: one stroked path `d` in a 20×20 box, in the text's colour, with round ends and joins,
 * hidden from readers (the control carries the name); `className` sizes and colours it (size-5 when none is given,
 * so a given one names its own size).
 */
export function StrokeIcon({
  d,
  className,
  strokeWidth = 1.8,
}: {
  d: string;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={className ?? "size-5"}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The "×" of every close or remove button (dialogs, toasts, tags). */
export function CloseIcon(props: { className?: string; strokeWidth?: number }) {
  return <StrokeIcon d="M5 5l10 10M15 5 5 15" {...props} />;
}
