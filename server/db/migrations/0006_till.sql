CREATE TABLE "till_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retail_point_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "till_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"visit_id" uuid NOT NULL,
	"retail_point_id" integer NOT NULL,
	"key_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sum" bigint NOT NULL,
	"spend" bigint NOT NULL,
	"earn" bigint NOT NULL,
	"earn_percent" integer NOT NULL,
	"state" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "till_operations_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "till_operations_kind" CHECK ("till_operations"."kind" in ('accrue', 'spend')),
	CONSTRAINT "till_operations_state" CHECK ("till_operations"."state" in ('held', 'completed', 'cancelled', 'expired', 'refunded')),
	CONSTRAINT "till_operations_sums" CHECK ("till_operations"."sum" > 0 and "till_operations"."spend" >= 0 and "till_operations"."earn" >= 0 and "till_operations"."spend" <= "till_operations"."sum")
);
--> statement-breakpoint
CREATE TABLE "till_used_codes" (
	"card_id" uuid NOT NULL,
	"step" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "till_used_codes_card_id_step_pk" PRIMARY KEY("card_id","step")
);
--> statement-breakpoint
CREATE TABLE "till_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retail_point_id" integer NOT NULL,
	"key_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_visit_id_till_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."till_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_key_id_till_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."till_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_operations" ADD CONSTRAINT "till_operations_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_used_codes" ADD CONSTRAINT "till_used_codes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_visits" ADD CONSTRAINT "till_visits_key_id_till_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."till_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_visits" ADD CONSTRAINT "till_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_visits" ADD CONSTRAINT "till_visits_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "till_operations_visit" ON "till_operations" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "till_operations_open_holds" ON "till_operations" USING btree ("hold_expires_at") WHERE "till_operations"."state" = 'held';--> statement-breakpoint
CREATE INDEX "till_visits_user" ON "till_visits" USING btree ("user_id");