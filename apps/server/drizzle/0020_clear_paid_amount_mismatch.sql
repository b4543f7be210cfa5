-- A record paid (by a later charge of the right amount or by an admin's hand) no longer carries the
-- amount_mismatch flag of an earlier charge: the payment code clears it when a record becomes paid; this clears
-- it on the rows paid before that rule covered every path. Other flags stay.
UPDATE "model_payments" SET "flag" = NULL, "flagged_at" = NULL
  WHERE "flag" = 'amount_mismatch' AND "status" = 'paid';--> statement-breakpoint
UPDATE "orders" SET "flag" = NULL, "flagged_at" = NULL
  WHERE "flag" = 'amount_mismatch' AND "status" = 'paid';
