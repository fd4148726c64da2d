CREATE TABLE "punchout_sessions" (
	"punchout_id" serial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"contact_person_id" text NOT NULL,
	"protocol" text NOT NULL,
	"start_hash" text NOT NULL,
	"start_expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"session_hash" text,
	"return_url" text NOT NULL,
	"buyer_cookie" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punchout_settings" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_hash" text NOT NULL,
	"frame_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_contact_person_id_contacts_contact_person_id_fk" FOREIGN KEY ("contact_person_id") REFERENCES "public"."contacts"("contact_person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_settings" ADD CONSTRAINT "punchout_settings_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_settings" ADD CONSTRAINT "punchout_settings_updated_by_contacts_contact_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."contacts"("contact_person_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_start_idx" ON "punchout_sessions" USING btree ("start_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_session_idx" ON "punchout_sessions" USING btree ("session_hash");