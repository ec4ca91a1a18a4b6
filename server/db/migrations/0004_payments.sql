CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"dedupe_key" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_outbox_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "payment_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"product_type" text NOT NULL,
	"pay_type" text NOT NULL,
	"retail_point_id" integer NOT NULL,
	"title" text NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"delivery_id" text,
	"spend_bonus" boolean NOT NULL,
	"pay_sum" bigint NOT NULL,
	"spend" bigint NOT NULL,
	"left_to_pay" bigint NOT NULL,
	"earn_percent" integer NOT NULL,
	"earn" bigint NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"return_url" text,
	"email" text,
	"acquirer" text,
	"order_id" text,
	"form_url" text,
	"hold_expires_at" timestamp with time zone,
	"confirmation_code" text,
	"error_code" text,
	"error_message" text,
	"operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_drafts_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_drafts_sums" CHECK ("payment_drafts"."spend" >= 0 and "payment_drafts"."left_to_pay" >= 0 and "payment_drafts"."spend" + "payment_drafts"."left_to_pay" = "payment_drafts"."pay_sum"),
	CONSTRAINT "payment_drafts_pay_sum_positive" CHECK ("payment_drafts"."pay_sum" > 0),
	CONSTRAINT "payment_drafts_state" CHECK ("payment_drafts"."state" in ('created', 'processing', 'paid', 'completed', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"pan_last4" text,
	"binding_requested" boolean DEFAULT false NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_orders_orderNumber_unique" UNIQUE("order_number"),
	CONSTRAINT "sandbox_orders_amount_positive" CHECK ("sandbox_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_drafts" ADD CONSTRAINT "payment_drafts_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_to" ON "mail_outbox" USING btree ("to","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_drafts_user" ON "payment_drafts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_drafts_open_holds" ON "payment_drafts" USING btree ("hold_expires_at") WHERE "payment_drafts"."state" in ('processing', 'paid');