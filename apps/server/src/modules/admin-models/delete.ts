import type { Db } from "../../db/client";
import type { Storage } from "../../plugins/storage";
import { auditAdminChange } from "../audit/service";
import { eraseModel } from "../models/erase";
import { recordModelChange } from "../models/publish";
import { lockModelForAdmin } from "../models/lock-model";
import { removeQueuedFiles } from "../models/stored-files";

/**
 * An admin deletes a model (docs/decisions/021-admin-model-deletion.md): she is erased like an account deletion,
 * except that the shell keeps her name so that her payments and orders still say whose they were. Photo files
 * are removed after the commit (a crash in between leaves the sweep to finish). Deleted models are outside every
 * public query, the admin list and every session guard. Answers whether the public saw her before.
 */
export async function deleteModelByAdmin(input: {
  db: Db;
  storage: Storage;
  adminId: number;
  modelId: number;
}): Promise<{ wasVisible: boolean }> {
  const { modelId } = input;
  const { queued, wasVisible } = await input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    const erased = await eraseModel({ tx, modelId, keepName: true });
    await auditAdminChange(tx, input.adminId, "model.delete", ["model", modelId], {
      name: model.name,
      photos: erased.photos,
      products: erased.products,
    });
    await recordModelChange(tx, modelId, { before: erased.wasVisible, after: false });
    return erased;
  });
  await removeQueuedFiles({ db: input.db, storage: input.storage, queued });
  return { wasVisible };
}
