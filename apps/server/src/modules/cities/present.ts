import type { City } from "@vitrine/contracts";
import type { CityEntry } from "../../cache/city-index";

export const presentCity = (city: CityEntry, modelsCount: number): City => ({
  id: city.id,
  name: city.name,
  state: city.uf,
  slug: city.slug,
  models_count: modelsCount,
});
