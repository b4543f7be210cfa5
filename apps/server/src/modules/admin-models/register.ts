import type { AdminRegisterModelBodySchema } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { auditAdminChange } from "../audit/service";
import { registerModel } from "../auth/service";
import { type AdminModelRecord, findAdminModel } from "./query";

/**
 * The back-office's register-model form: the same registration as the public one (same checks of place,
 * category, e-mail and username), with the WhatsApp number as the only phone. She starts inactive: an admin
 * activates her once she has a paid plan. One audit row, in the same transaction.
 */
export async function registerModelByAdmin(input: {
  db: Db;
  adminId: number;
  body: z.output<typeof AdminRegisterModelBodySchema>;
}): Promise<AdminModelRecord> {
  const { body } = input;
  return input.db.transaction(async (tx) => {
    const created = await registerModel({ db: tx, input: { ...body, phone: null } });
    await tx.update(models).set({ isActive: false }).where(eq(models.id, created.id));
    await auditAdminChange(tx, input.adminId, "model.create", ["model", created.id], {
      name: created.name,
      username: created.username,
      email: created.email,
    });
    const record = await findAdminModel({ db: tx, modelId: created.id });
    if (!record) throw notFound("Modelo não encontrada");
    return record;
  });
}
