CREATE TABLE "message_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"trigger" text,
	"lapsed_days" integer,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"segment_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"template" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_promo_id" uuid,
	"control_percent" smallint NOT NULL,
	"budget_messages" integer,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"attribution_days" smallint NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stop_reason" text,
	"cursor_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_campaigns_kind" CHECK ("message_campaigns"."kind" in ('campaign', 'trigger')),
	CONSTRAINT "message_campaigns_channel" CHECK ("message_campaigns"."channel" in ('sms', 'email', 'push')),
	CONSTRAINT "message_campaigns_control" CHECK ("message_campaigns"."control_percent" between 0 and 50),
	CONSTRAINT "message_campaigns_status" CHECK ("message_campaigns"."status" in ('draft', 'scheduled', 'sending', 'done', 'stopped', 'active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "message_clicks" (
	"message_id" uuid NOT NULL,
	"link_index" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "message_clicks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "message_clicks_message_id_seq_pk" PRIMARY KEY("message_id","seq")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"occasion" text DEFAULT '' NOT NULL,
	"grp" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"link_code" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"anchor_at" timestamp with time zone,
	"provider_id" text,
	"delivered_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_group" CHECK ("messages"."grp" in ('campaign', 'control')),
	CONSTRAINT "messages_status" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'control', 'interrupted'))
);
--> statement-breakpoint
ALTER TABLE "message_clicks" ADD CONSTRAINT "message_clicks_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_campaign_id_message_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."message_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_campaigns_scheduled" ON "message_campaigns" USING btree ("scheduled_at") WHERE "message_campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "messages_once" ON "messages" USING btree ("campaign_id","user_id","occasion");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_key" ON "messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_link" ON "messages" USING btree ("link_code");--> statement-breakpoint
CREATE INDEX "messages_due" ON "messages" USING btree ("not_before") WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_campaign" ON "messages" USING btree ("campaign_id","grp","status");--> statement-breakpoint
CREATE INDEX "messages_user_sent" ON "messages" USING btree ("user_id","anchor_at") WHERE "messages"."status" in ('sent', 'delivered', 'undelivered');--> statement-breakpoint
CREATE INDEX "messages_provider" ON "messages" USING btree ("provider_id") WHERE "messages"."provider_id" is not null;