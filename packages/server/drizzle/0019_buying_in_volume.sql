CREATE TABLE "order_approvals" (
	"approval_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_key" text NOT NULL,
	"purchase_order_id" text NOT NULL,
	"shipping_method" text NOT NULL,
	"shipping_address_id" integer NOT NULL,
	"billing_address_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"limit_cents" bigint NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"sku" text NOT NULL,
	"item_condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"target_cents" bigint,
	"quoted_cents" bigint,
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"quote_id" serial PRIMARY KEY NOT NULL,
	"quote_number" text NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"seller_message" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"revision" integer DEFAULT 0 NOT NULL,
	"previous_answer" jsonb,
	"language" text,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"alert_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"target" jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"conditions" text[] NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_price_cents" bigint,
	"paused" boolean DEFAULT false NOT NULL,
	"matching" boolean DEFAULT false NOT NULL,
	"last_fired_at" timestamp with time zone,
	"unsubscribe_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_quantity_check" CHECK ("stock_alerts"."min_quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "order_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "buyer_order_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_contact_person_id_contacts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contacts"("contact_person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_approvals_checkout_idx" ON "order_approvals" USING btree ("customer_id","checkout_key");--> statement-breakpoint
CREATE INDEX "order_approvals_customer_idx" ON "order_approvals" USING btree ("customer_id","status","approval_id");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_idx" ON "quotes" USING btree ("quote_number");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id","quote_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","quote_id");--> statement-breakpoint
CREATE INDEX "stock_alerts_contact_idx" ON "stock_alerts" USING btree ("contact_person_id","alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_unsubscribe_idx" ON "stock_alerts" USING btree ("unsubscribe_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id") WHERE "orders"."quote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_approval_idx" ON "orders" USING btree ("approval_id") WHERE "orders"."approval_id" is not null;