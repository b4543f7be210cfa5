import { normalizeText, type ServiceOption } from "@vitrine/contracts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serviceOptions } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../lib/app-error";
import { type PublicCache, publicTags } from "../../cache/public-cache";
import { auditAdminChange } from "../audit/service";

/** The admin's list of service names, alphabetical. */
export async function listServiceOptions({ db }: { db: Db }): Promise<ServiceOption[]> {
  return db
    .select({ id: serviceOptions.id, name: serviceOptions.name })
    .from(serviceOptions)
    .orderBy(asc(serviceOptions.nameSearch));
}

/** The names for the profile editor and the listing filter, from the public cache (tag service-options). */
export async function listPublicServiceNames({ db, cache }: { db: Db; cache: PublicCache }): Promise<string[]> {
  return cache.get("service-options", async () => (await listServiceOptions({ db })).map((o) => o.name), {
    expires: false,
    tags: [publicTags.serviceOptions],
  });
}

/** Adds a name (unique ignoring case and accents: 409 otherwise), with its audit row. */
export async function addServiceOption({ db, adminId, name }: { db: Db; adminId: number; name: string }) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(serviceOptions)
        .values({ name, nameSearch: normalizeText(name).replace(/\s+/g, " ") })
        .returning({ id: serviceOptions.id, name: serviceOptions.name });
      await auditAdminChange(tx, adminId, "service_option.create", ["service_option", row.id], { name });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("Este serviço já está na lista");
    throw err;
  }
}

/** Removes a name from the list (profiles that list it keep their text), with its audit row. */
export async function removeServiceOption({ db, adminId, id }: { db: Db; adminId: number; id: number }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(serviceOptions)
      .where(eq(serviceOptions.id, id))
      .returning({ id: serviceOptions.id, name: serviceOptions.name });
    if (!row) throw notFound("Serviço não encontrado");
    await auditAdminChange(tx, adminId, "service_option.delete", ["service_option", row.id], { name: row.name });
  });
}
