CREATE TABLE "customer_message_replies" (
	"reply_id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"contact_person_id" text,
	"name" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "seller_status" text DEFAULT 'answered' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "customer_messages" SET "last_at" = "created_at";--> statement-breakpoint
ALTER TABLE "customer_message_replies" ADD CONSTRAINT "customer_message_replies_message_id_customer_messages_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."customer_messages"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_message_replies_message_idx" ON "customer_message_replies" USING btree ("message_id");