CREATE TABLE "binding_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"acquirer" text NOT NULL,
	"order_id" text,
	"form_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"pan_last4" text NOT NULL,
	"expiry" text,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "sandbox_bindings_last4" CHECK ("sandbox_bindings"."pan_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "sandbox_orders" DROP CONSTRAINT "sandbox_orders_amount_positive";--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "binding_id" uuid;--> statement-breakpoint
ALTER TABLE "binding_requests" ADD CONSTRAINT "binding_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "binding_requests_user_id" ON "binding_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sandbox_bindings_client_id" ON "sandbox_bindings" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD CONSTRAINT "sandbox_orders_amount_positive" CHECK ("sandbox_orders"."amount" > 0 OR ("sandbox_orders"."client_id" IS NOT NULL AND "sandbox_orders"."amount" = 0));