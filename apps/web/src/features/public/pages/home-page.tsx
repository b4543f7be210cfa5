import { useParams, useSearchParams } from "react-router";
import { PagePlaceholder } from "@/components/page-placeholder";

/** PLACEHOLDER — Home and city listing (SPEC §2), routes / and /cidade/:slug. Replaced by the listing issue. */
export function HomePage() {
  const { slug } = useParams();
  const [searchParams] = useSearchParams();
  const search = searchParams.get("search");
  return (
    <PagePlaceholder
      title={search ? `Resultados para "${search}"` : "Modelos Premium"}
      description={slug ? `Cidade: ${slug}` : "Anúncios de modelos por cidade."}
    />
  );
}
