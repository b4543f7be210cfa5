DROP INDEX "models_public_order_idx";--> statement-breakpoint
DROP INDEX "models_public_city_idx";--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null;