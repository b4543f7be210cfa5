// No zod here: the public pages load this file (the schemas are in cities.ts, which re-exports it).

export const CITY_SEARCH_MAX_CHARS = 80;
/** Most cities one search answers with. */
export const CITY_SEARCH_LIMIT = 20;

export const CITY_NOT_FOUND = "Cidade não encontrada";
