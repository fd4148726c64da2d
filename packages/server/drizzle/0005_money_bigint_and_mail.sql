-- Money in 64 bits: an order above $21,474,836.47 no longer fails on insert. One statement per table, so
-- each table is rewritten once.
ALTER TABLE "products" ALTER COLUMN "price_cents" SET DATA TYPE bigint, ALTER COLUMN "sale_price_cents" SET DATA TYPE bigint, ALTER COLUMN "scratch_dent_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint, ALTER COLUMN "items_tax_cents" SET DATA TYPE bigint, ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "item_rate_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "shipping_cents" SET DATA TYPE bigint, ALTER COLUMN "shipping_tax_cents" SET DATA TYPE bigint, ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "rate_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
-- Mail the old loop stopped trying after 10 attempts is shown as given up, not left to look pending.
UPDATE "outbox" SET "failed_at" = now() WHERE "sent_at" IS NULL AND "attempts" >= 10;--> statement-breakpoint
-- Reset codes already delivered are no longer kept readable; those still waiting are marked sensitive.
UPDATE "outbox" SET "sensitive" = true WHERE "subject" = 'Your Acer Store verification code';--> statement-breakpoint
UPDATE "outbox" SET "body" = '(The text of this message was removed after delivery: it held a one-time code.)' WHERE "sensitive" AND "sent_at" IS NOT NULL;--> statement-breakpoint
-- Mail queued by any process (or a seller command) wakes every server's delivery loop when it commits.
CREATE FUNCTION outbox_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
