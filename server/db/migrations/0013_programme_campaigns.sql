CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"weekdays" integer[] DEFAULT '{}' NOT NULL,
	"hours_from" text,
	"hours_to" text,
	"point_ids" integer[] DEFAULT '{}' NOT NULL,
	"min_cheque" bigint DEFAULT 0 NOT NULL,
	"effect_kind" text NOT NULL,
	"effect_value" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"stacks" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_effect_kind" CHECK ("campaigns"."effect_kind" in ('MULTIPLIER', 'EXTRA_PERCENT', 'FIXED')),
	CONSTRAINT "campaigns_effect_value_positive" CHECK ("campaigns"."effect_value" > 0),
	CONSTRAINT "campaigns_min_cheque" CHECK ("campaigns"."min_cheque" >= 0)
);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "till_operations" ADD COLUMN "earn_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;