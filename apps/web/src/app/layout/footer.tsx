import { DEFAULT_FOOTER_DISCLAIMER, whatsappNumber } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { appPaths } from "@/lib/public-paths";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";

const linkClasses = "text-sm text-ink-muted transition-colors hover:text-accent";

/**
 * Site footer: public settings (name, description, the support contacts that are set — none set, no "Suporte"
 * column —, disclaimer), links and the Terms modal.
 */
export function Footer() {
  const { data: settings } = usePublicSettings();
  const { openTerms } = useTermsModal();
  const siteName = settings?.site_name?.trim() || "Vitrine";
  const description =
    settings?.site_description?.trim() || "Anúncios de modelos por cidade, com perfis verificados e fotos reais.";
  const phone = settings?.support_phone?.trim();
  const email = settings?.support_email?.trim();
  const disclaimer = settings?.footer_disclaimer?.trim() || DEFAULT_FOOTER_DISCLAIMER;
  const whatsapp = phone ? whatsappNumber(phone) : "";

  return (
    <footer className="mt-auto border-t border-line/70 bg-surface/50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-semibold tracking-wide text-ink">{siteName}</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-ink-muted">{description}</p>
        </div>
        {(phone || email) && (
          <div>
            <h2 className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Suporte</h2>
            <ul className="mt-4 space-y-2.5">
              {phone && (
                <li>
                  <a
                    href={whatsapp ? `https://wa.me/${whatsapp}` : `tel:${phone}`}
                    className={linkClasses}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {phone}
                  </a>
                </li>
              )}
              {email && (
                <li>
                  <a href={`mailto:${email}`} className={`${linkClasses} break-all`}>
                    {email}
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}
        <nav aria-label="Rodapé">
          <h2 className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Navegação</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2.5 md:grid-cols-1">
            <li>
              <Link to="/" className={linkClasses}>
                Início
              </Link>
            </li>
            <li>
              <Link to={appPaths.favourites} className={linkClasses}>
                Favoritas
              </Link>
            </li>
            <li>
              <Link to="/login?focus=email" className={linkClasses}>
                Entrar
              </Link>
            </li>
            <li>
              <Link to="/register?focus=username" className={linkClasses}>
                Anuncie aqui
              </Link>
            </li>
            <li>
              <Link to="/admin/login?focus=email" className={linkClasses}>
                Área administrativa
              </Link>
            </li>
            <li>
              <button type="button" onClick={openTerms} className={linkClasses}>
                Termos de Uso
              </button>
            </li>
            <li>
              <Link to="/denuncias" className={linkClasses}>
                Denúncias e remoção de conteúdo
              </Link>
            </li>
            <li>
              <Link to={appPaths.rankingRules} className={linkClasses}>
                Como ordenamos os anúncios
              </Link>
            </li>
            <li>
              <Link to={appPaths.transparency} className={linkClasses}>
                Relatório de transparência
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line/70">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs leading-relaxed text-ink-subtle sm:px-6 md:flex-row md:items-center md:justify-between">
          <p className="max-w-3xl">{disclaimer}</p>
          <p className="shrink-0">
            © {new Date().getFullYear()} {siteName} · +18
          </p>
        </div>
      </div>
    </footer>
  );
}
