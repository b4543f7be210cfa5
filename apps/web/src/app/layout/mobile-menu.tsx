import { Link } from "@/lib/router";
import { buttonClasses } from "@/components/ui";
import { useLogout } from "@/features/auth/hooks/use-logout";
import type { Session } from "@/features/auth/session";
import { CitySearchBox } from "@/features/cities/components/city-search-box";
import { appPaths } from "@/lib/paths";
import { accountOf, Avatar } from "./user-menu";

const itemClasses =
  "flex items-center rounded-xl px-3 py-3 text-base text-ink transition-colors hover:bg-surface-2 w-full text-left";

/** The phone menu under the header bar: city search, links and the account actions. */
export function MobileMenu({
  id,
  open,
  session,
  onClose,
  onOpenTerms,
}: {
  id: string;
  open: boolean;
  session: Session;
  onClose: () => void;
  onOpenTerms: () => void;
}) {
  const logout = useLogout();
  return (
    <div id={id} hidden={!open} className="border-t border-line/70 bg-canvas md:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 pt-4 pb-6">
        <CitySearchBox className="mb-3" onNavigate={onClose} />
        <Link to="/" className={itemClasses}>
          Início
        </Link>
        <Link to={appPaths.favourites} className={itemClasses}>
          Favoritas
        </Link>
        <button type="button" onClick={onOpenTerms} className={itemClasses}>
          Termos de Uso
        </button>
        <div className="my-3 border-t border-line" />
        {session.status === "signed-out" && (
          <div className="grid grid-cols-2 gap-2">
            <Link to={appPaths.login} className={buttonClasses({ variant: "secondary" })}>
              Login
            </Link>
            <Link to={appPaths.register} className={buttonClasses({ variant: "primary" })}>
              Cadastrar
            </Link>
          </div>
        )}
        {(session.status === "admin" || session.status === "model") && (
          <MobileAccount session={session} onLogout={logout} />
        )}
      </div>
    </div>
  );
}

function MobileAccount({
  session,
  onLogout,
}: {
  session: Extract<Session, { status: "admin" | "model" }>;
  onLogout: () => void;
}) {
  const account = accountOf(session);
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-2">
        <Avatar name={account.name} />
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{account.name}</p>
          <p className="text-xs tracking-wide text-ink-subtle uppercase">{account.role}</p>
        </div>
      </div>
      <Link to={account.areaPath} className={itemClasses}>
        {account.areaLabel}
      </Link>
      <button type="button" onClick={onLogout} className={itemClasses}>
        Sair
      </button>
    </>
  );
}
