import { SELF_DECLARATION_WARNING } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { appPaths } from "@/lib/paths";
import { useAgeAssurance } from "../api/get-age-assurance";
import { DangerAlert } from "./danger-alert";

/**
 * The admin dashboard's warning while visitors only declare their age (AGE_ASSURANCE=self-declaration or unset):
 * not lawful for adult content in Brazil. Nothing while loading, on an error or with a verifier.
 */
export function SelfDeclarationAlert() {
  const { data } = useAgeAssurance();
  if (data?.mode !== "self-declaration") return null;
  return (
    <DangerAlert id="self-declaration-title" title="Verificação de idade por autodeclaração">
      <p className="mt-2 text-sm text-ink">{SELF_DECLARATION_WARNING}</p>
      <Link
        to={appPaths.adminAgeAssurance}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-danger underline-offset-4 hover:underline"
      >
        Ver a verificação de idade <span aria-hidden>→</span>
      </Link>
    </DangerAlert>
  );
}
