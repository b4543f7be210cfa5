import type { ReactNode } from "react";

/** Why a form or a step failed, announced at once (role="alert") in the danger box every such message uses. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger">
      {children}
    </p>
  );
}
