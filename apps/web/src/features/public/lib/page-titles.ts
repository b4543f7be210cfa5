/**
 * The titles of the public pages, the same in the server's HTML and after the browser takes over: search engines
 * index what the server sends, visitors see it in the tab.
 */

/** The site's name when the settings have none. */
export const DEFAULT_SITE_NAME = "Vitrine";

export const homeTitle = (site: string) => `${site} · Anúncios de modelos por cidade`;

export const cityTitle = (cityLabel: string, site: string) => `Acompanhantes em ${cityLabel} | ${site}`;

export const searchTitle = (search: string, site: string) => `Resultados para "${search}" | ${site}`;

export const profileTitle = (model: { name: string; age: number; city_name: string; state: string }, site: string) =>
  `${model.name}, ${model.age} anos · Acompanhante em ${model.city_name} - ${model.state} | ${site}`;
