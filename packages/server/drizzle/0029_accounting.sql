CREATE TABLE "accounting_ids" (
	"system" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"external_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_ids_system_kind_record_id_pk" PRIMARY KEY("system","kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_tax_codes" (
	"system" text NOT NULL,
	"component" text NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "accounting_tax_codes_system_component_pk" PRIMARY KEY("system","component")
);
