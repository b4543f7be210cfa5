import type { AuditEntry } from "@vitrine/contracts";
import type { AuditRow } from "../../db/schema";

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    admin_id: row.adminId,
    actor: row.actor,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    changes: (row.changes ?? {}) as Record<string, unknown>,
  };
}
