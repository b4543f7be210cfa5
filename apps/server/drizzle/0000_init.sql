CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "access_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text DEFAULT 'home' NOT NULL,
	"municipio_id" integer,
	"city" text
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_username_unique" UNIQUE("username"),
	CONSTRAINT "admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "direct_login_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"model_id" integer NOT NULL,
	"admin_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_login_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" smallint PRIMARY KEY NOT NULL,
	"uf" text NOT NULL,
	"nome" text NOT NULL,
	"region" text NOT NULL,
	CONSTRAINT "estados_uf_unique" UNIQUE("uf")
);
--> statement-breakpoint
CREATE TABLE "model_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer,
	"plan_id" integer,
	"plan_name" text,
	"period_type" text,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" date,
	"payment_link" text,
	"payment_id" text,
	"preference_id" text,
	"pix_txid" text,
	"pix_payload" text,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"age" smallint NOT NULL,
	"estado_id" smallint NOT NULL,
	"municipio_id" integer NOT NULL,
	"category_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"phone" text,
	"whatsapp" text,
	"instagram" text,
	"height" numeric(3, 2),
	"weight" numeric(4, 1),
	"measurements" text,
	"services" text DEFAULT '' NOT NULL,
	"rates" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"contact_count" integer DEFAULT 0 NOT NULL,
	"plan_id" integer,
	"next_due_date" date,
	"first_paid_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"id" integer PRIMARY KEY NOT NULL,
	"estado_id" smallint NOT NULL,
	"nome" text NOT NULL,
	"slug" text NOT NULL,
	"search_name" text NOT NULL,
	"is_capital" boolean DEFAULT false NOT NULL,
	CONSTRAINT "municipios_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"model_id" integer,
	"product_name" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text DEFAULT 'pix' NOT NULL,
	"payment_id" text,
	"pix_txid" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"filename" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"period_type" text DEFAULT 'monthly' NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	"payment_methods" text[] DEFAULT '{pix,cartao,boleto}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"type" text DEFAULT 'digital' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text DEFAULT '' NOT NULL,
	CONSTRAINT "settings_setting_key_unique" UNIQUE("setting_key")
);
--> statement-breakpoint
CREATE TABLE "visitor_marks" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"model_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "visitor_marks_day_kind_model_id_visitor_hash_pk" PRIMARY KEY("day","kind","model_id","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "direct_login_tokens" ADD CONSTRAINT "direct_login_tokens_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_login_tokens" ADD CONSTRAINT "direct_login_tokens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_payments" ADD CONSTRAINT "model_payments_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_payments" ADD CONSTRAINT "model_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_municipio_id_municipios_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_created_idx" ON "access_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "model_payments_model_idx" ON "model_payments" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "models_username_uq" ON "models" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "models_email_uq" ON "models" USING btree ("email");--> statement-breakpoint
CREATE INDEX "models_municipio_idx" ON "models" USING btree ("municipio_id");--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "models"."is_active" and "models"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "models_search_trgm_idx" ON "models" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipios_estado_idx" ON "municipios" USING btree ("estado_id","nome");--> statement-breakpoint
CREATE INDEX "municipios_search_trgm_idx" ON "municipios" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipios_search_prefix_idx" ON "municipios" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_model_idx" ON "orders" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "photos_model_idx" ON "photos" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_one_primary_uq" ON "photos" USING btree ("model_id") WHERE "photos"."is_primary";--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_id");