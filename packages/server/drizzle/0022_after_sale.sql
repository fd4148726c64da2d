CREATE TABLE "after_sale_photos" (
	"photo_id" serial PRIMARY KEY NOT NULL,
	"return_id" integer,
	"claim_id" integer,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_photos_owner_check" CHECK (("after_sale_photos"."return_id" is null) <> ("after_sale_photos"."claim_id" is null))
);
--> statement-breakpoint
CREATE TABLE "credit_allocations" (
	"allocation_id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_id" integer,
	"customer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "credit_allocations_amount_check" CHECK ("credit_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_line_id" integer,
	"item_name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"item_condition" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"rate_cents" bigint NOT NULL,
	"kind" text DEFAULT 'item' NOT NULL,
	"deduction_kind" text,
	"provincial_tax" boolean DEFAULT true NOT NULL,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_taxes" (
	"credit_note_id" integer NOT NULL,
	"position" integer NOT NULL,
	"component" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"base_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"exemption" jsonb,
	CONSTRAINT "credit_note_taxes_credit_note_id_position_pk" PRIMARY KEY("credit_note_id","position")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"credit_note_id" serial PRIMARY KEY NOT NULL,
	"credit_note_number" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"return_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_line_id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"unit_id" integer,
	"quantity" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"received_at" timestamp with time zone,
	"inspection_note" text DEFAULT '' NOT NULL,
	"disposition" text,
	CONSTRAINT "return_lines_quantity_check" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"return_id" serial PRIMARY KEY NOT NULL,
	"rma_number" text NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text,
	"reason" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"shipping_paid_by" text,
	"resolution" text,
	"resolution_note" text DEFAULT '' NOT NULL,
	"credit_note_id" integer,
	"replacement_order_id" integer,
	"claim_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "units" (
	"unit_id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"item_id" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"warranty_ends_on" date NOT NULL,
	"warranty_basis" text NOT NULL,
	"plan_line_id" integer,
	"returned_at" timestamp with time zone,
	"replaced_by" integer,
	"replaces" integer
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"claim_id" serial PRIMARY KEY NOT NULL,
	"claim_number" text NOT NULL,
	"unit_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"problem" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"answer" text,
	"answer_note" text DEFAULT '' NOT NULL,
	"return_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serialized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sale_photos" ADD CONSTRAINT "after_sale_photos_return_id_returns_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_photos" ADD CONSTRAINT "after_sale_photos_claim_id_warranty_claims_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("claim_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_credit_note_id_credit_notes_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("credit_note_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_allocations" ADD CONSTRAINT "credit_allocations_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("credit_note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_taxes" ADD CONSTRAINT "credit_note_taxes_credit_note_id_credit_notes_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("credit_note_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_line_id_order_lines_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_line_id_order_lines_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_photos_return_idx" ON "after_sale_photos" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "after_sale_photos_claim_idx" ON "after_sale_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "credit_allocations_note_idx" ON "credit_allocations" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_allocations_invoice_idx" ON "credit_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_allocations_customer_idx" ON "credit_allocations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_customer_idx" ON "credit_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_line_idx" ON "return_lines" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_unit_idx" ON "return_lines" USING btree ("unit_id") WHERE "return_lines"."active" and "return_lines"."unit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_rma_idx" ON "returns" USING btree ("rma_number");--> statement-breakpoint
CREATE INDEX "returns_customer_idx" ON "returns" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_state_idx" ON "returns" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "units_serial_out_idx" ON "units" USING btree ("serial") WHERE "units"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "units_serial_idx" ON "units" USING btree ("serial" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "units_customer_idx" ON "units" USING btree ("customer_id","shipped_at","unit_id");--> statement-breakpoint
CREATE INDEX "units_order_idx" ON "units" USING btree ("order_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_plan_line_idx" ON "units" USING btree ("plan_line_id","unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_number_idx" ON "warranty_claims" USING btree ("claim_number");--> statement-breakpoint
CREATE INDEX "warranty_claims_customer_idx" ON "warranty_claims" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_unit_idx" ON "warranty_claims" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "warranty_claims_state_idx" ON "warranty_claims" USING btree ("state","created_at");--> statement-breakpoint
-- Computers, monitors, tablets and phones ship with a serial number per unit; accessories and plans do not.
UPDATE "products" SET "serialized" = true WHERE "category" IN ('Notebook', 'Desktop', 'AIO', 'Chromebook', 'Display', 'Tablet', 'Gaming', 'Smartphone');
