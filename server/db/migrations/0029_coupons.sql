CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"operation_id" uuid,
	"state" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"line_discounts" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_uses_state" CHECK ("coupon_uses"."state" in ('held', 'used', 'released'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_id" uuid NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_status" CHECK ("promo_codes"."status" in ('free', 'held', 'used'))
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"effect" text NOT NULL,
	"value" bigint NOT NULL,
	"category_id" text,
	"starts_on" date,
	"ends_on" date,
	"per_member_limit" integer,
	"total_limit" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promos_kind" CHECK ("promos"."kind" in ('shared', 'unique', 'personal')),
	CONSTRAINT "promos_effect" CHECK ("promos"."effect" in ('discount_percent', 'discount_fixed', 'bonus_percent', 'bonus_fixed')),
	CONSTRAINT "promos_value" CHECK ("promos"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_visit_id_till_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."till_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_operation_id_till_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."till_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_visit_code" ON "coupon_uses" USING btree ("visit_id","code_id") WHERE "coupon_uses"."state" = 'held';--> statement-breakpoint
CREATE INDEX "coupon_uses_promo_user" ON "coupon_uses" USING btree ("promo_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_operation" ON "coupon_uses" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_held" ON "coupon_uses" USING btree ("hold_expires_at") WHERE "coupon_uses"."state" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_promo" ON "promo_codes" USING btree ("promo_id");--> statement-breakpoint
CREATE INDEX "promo_codes_user" ON "promo_codes" USING btree ("user_id") WHERE "promo_codes"."user_id" is not null;