CREATE TABLE "fee_rates" (
	"fee_id" serial PRIMARY KEY NOT NULL,
	"province" text NOT NULL,
	"category" text NOT NULL,
	"cents" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"provincial_tax" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'seed' NOT NULL,
	CONSTRAINT "fee_rates_cents_check" CHECK ("fee_rates"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"order_id" integer NOT NULL,
	"stage" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_order_id_stage_pk" PRIMARY KEY("order_id","stage")
);
--> statement-breakpoint
CREATE TABLE "invoice_taxes" (
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"component" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"base_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"exemption" jsonb,
	CONSTRAINT "invoice_taxes_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "order_taxes" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"component" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"base_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"exemption" jsonb,
	CONSTRAINT "order_taxes_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"staff_id" integer,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reversal_reason" text,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_exemptions" (
	"exemption_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"scope" text NOT NULL,
	"province" text,
	"reference" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "tax_exemptions_scope_check" CHECK (("tax_exemptions"."scope" = 'all' and "tax_exemptions"."province" is null) or ("tax_exemptions"."scope" = 'provincial' and "tax_exemptions"."province" is not null and "tax_exemptions"."expires_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"rate_id" serial PRIMARY KEY NOT NULL,
	"province" text NOT NULL,
	"component" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'seed' NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_milli" >= 0 and "tax_rates"."rate_milli" <= 100000)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms" text DEFAULT 'net30' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "provincial_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "terms" text DEFAULT 'net30' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
-- Invoices made before terms existed: Net 30 from the day the order's first invoice was made (Toronto), as a
-- corrected invoice keeps the first one's due day.
UPDATE "invoices" i SET "due_on" = (((SELECT min(j."created_at") FROM "invoices" j WHERE j."order_id" = i."order_id")
  AT TIME ZONE 'America/Toronto')::date + 30);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "due_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rates_key_idx" ON "fee_rates" USING btree ("province","category","effective_from");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tax_exemptions_customer_idx" ON "tax_exemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_key_idx" ON "tax_rates" USING btree ("province","component","effective_from");--> statement-breakpoint
-- The lines the seller added before lines had a kind: shipping by its name, the rest "other".
UPDATE "invoice_lines" SET "kind" = CASE WHEN "item_name" LIKE 'Shipping (%' THEN 'shipping' ELSE 'other' END WHERE "item_id" IS NULL;--> statement-breakpoint
-- The spec's table is the history; Nova Scotia's HST is 14 % from 1 April 2025 (packages/domain/src/tax-history.ts).
INSERT INTO "tax_rates" ("province", "component", "rate_milli", "effective_from") VALUES
  ('Ontario', 'HST', 13000, '2000-01-01'),
  ('Quebec', 'GST', 5000, '2000-01-01'),
  ('Quebec', 'QST', 9975, '2000-01-01'),
  ('Nova Scotia', 'HST', 15000, '2000-01-01'),
  ('New Brunswick', 'HST', 15000, '2000-01-01'),
  ('Manitoba', 'GST', 5000, '2000-01-01'),
  ('Manitoba', 'RST', 7000, '2000-01-01'),
  ('British Columbia', 'GST', 5000, '2000-01-01'),
  ('British Columbia', 'PST', 7000, '2000-01-01'),
  ('Prince Edward Island', 'HST', 15000, '2000-01-01'),
  ('Saskatchewan', 'GST', 5000, '2000-01-01'),
  ('Saskatchewan', 'PST', 6000, '2000-01-01'),
  ('Alberta', 'GST', 5000, '2000-01-01'),
  ('Newfoundland and Labrador', 'HST', 15000, '2000-01-01'),
  ('Northwest Territories', 'GST', 5000, '2000-01-01'),
  ('Yukon', 'GST', 5000, '2000-01-01'),
  ('Nunavut', 'GST', 5000, '2000-01-01'),
  ('Nova Scotia', 'HST', 14000, '2025-04-01');--> statement-breakpoint
-- Demo recycling fees, marked demo (packages/domain/src/fees.ts): to be replaced with the programs' fees.
INSERT INTO "fee_rates" ("province", "category", "cents", "effective_from", "provincial_tax", "demo")
SELECT p.province, c.category, c.cents, '2000-01-01', true, true
FROM (VALUES ('Ontario'), ('Quebec'), ('Nova Scotia'), ('New Brunswick'), ('Manitoba'), ('British Columbia'),
  ('Prince Edward Island'), ('Saskatchewan'), ('Alberta'), ('Newfoundland and Labrador')) AS p(province)
CROSS JOIN (VALUES ('portable', 120), ('desktop', 225), ('display', 400), ('tablet', 60), ('phone', 40),
  ('peripheral', 25)) AS c(category, cents);--> statement-breakpoint
-- Orders placed before components were kept: split the combined rate they were charged. The GST part is
-- rounded once on its base; the provincial part is the rest, so the order's tax stays what was charged.
CREATE TEMPORARY TABLE "split_components" ("province" text PRIMARY KEY, "single" text, "provincial" text);--> statement-breakpoint
INSERT INTO "split_components" VALUES
  ('Ontario', 'HST', NULL), ('Nova Scotia', 'HST', NULL), ('New Brunswick', 'HST', NULL),
  ('Prince Edward Island', 'HST', NULL), ('Newfoundland and Labrador', 'HST', NULL),
  ('Alberta', 'GST', NULL), ('Northwest Territories', 'GST', NULL), ('Yukon', 'GST', NULL), ('Nunavut', 'GST', NULL),
  ('Quebec', NULL, 'QST'), ('Manitoba', NULL, 'RST'), ('British Columbia', NULL, 'PST'), ('Saskatchewan', NULL, 'PST');--> statement-breakpoint
INSERT INTO "order_taxes" ("order_id", "position", "component", "rate_milli", "base_cents", "tax_cents")
SELECT o."order_id", 0, s."single", o."tax_rate_milli", o."subtotal_cents", o."items_tax_cents"
FROM "orders" o JOIN "split_components" s ON s."province" = o."shipping_province" WHERE s."single" IS NOT NULL
UNION ALL
SELECT o."order_id", 0, 'GST', 5000, o."subtotal_cents", round(o."subtotal_cents" * 5000 / 100000.0)::bigint
FROM "orders" o JOIN "split_components" s ON s."province" = o."shipping_province" WHERE s."provincial" IS NOT NULL
UNION ALL
SELECT o."order_id", 1, s."provincial", o."tax_rate_milli" - 5000, o."subtotal_cents",
  o."items_tax_cents" - round(o."subtotal_cents" * 5000 / 100000.0)::bigint
FROM "orders" o JOIN "split_components" s ON s."province" = o."shipping_province" WHERE s."provincial" IS NOT NULL;--> statement-breakpoint
-- Their invoices the same way: each component is the order's plus its part of the tax on what the invoice added.
INSERT INTO "invoice_taxes" ("invoice_id", "position", "component", "rate_milli", "base_cents", "tax_cents")
SELECT i."invoice_id", t."position", t."component", t."rate_milli",
  i."total_cents" - o."items_tax_cents" - i."shipping_tax_cents",
  CASE
    WHEN s."single" IS NOT NULL THEN t."tax_cents" + i."shipping_tax_cents"
    WHEN t."position" = 0 THEN t."tax_cents" + round((i."total_cents" - o."items_tax_cents" - i."shipping_tax_cents" - o."subtotal_cents") * 5000 / 100000.0)::bigint
    ELSE t."tax_cents" + i."shipping_tax_cents" - round((i."total_cents" - o."items_tax_cents" - i."shipping_tax_cents" - o."subtotal_cents") * 5000 / 100000.0)::bigint
  END
FROM "invoices" i
JOIN "orders" o ON o."order_id" = i."order_id"
JOIN "split_components" s ON s."province" = o."shipping_province"
JOIN "order_taxes" t ON t."order_id" = o."order_id";--> statement-breakpoint
DROP TABLE "split_components";--> statement-breakpoint
-- Nothing recorded payments before: the invoices already made are taken as settled, by a payment the seller
-- can reverse (with a reason) for any that is still owed. Otherwise every past invoice would show as overdue,
-- count against credit limits and be reminded.
INSERT INTO "payments" ("invoice_id", "customer_id", "received_on", "amount_cents", "method", "reference", "created_by")
SELECT i."invoice_id", o."customer_id", (i."created_at" AT TIME ZONE 'America/Toronto')::date, i."total_cents", 'other',
  'Settled before payments were recorded', 'migration'
FROM "invoices" i JOIN "orders" o ON o."order_id" = i."order_id"
WHERE i."replaced_at" IS NULL AND i."total_cents" > 0 AND o."status" NOT IN ('Canceled', 'Declined');
