CREATE TABLE "auth_attempts" (
	"subject" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
