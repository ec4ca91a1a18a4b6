CREATE TABLE "marketing_consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"text_version" text NOT NULL,
	"text_hash" text NOT NULL,
	"staff_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_consent_events_channel" CHECK ("marketing_consent_events"."channel" in ('sms', 'email', 'push')),
	CONSTRAINT "marketing_consent_events_source" CHECK ("marketing_consent_events"."source" in ('registration', 'cabinet', 'unsubscribe', 'operator', 'account_deleted'))
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_consents_user_id_channel_pk" PRIMARY KEY("user_id","channel"),
	CONSTRAINT "marketing_consents_channel" CHECK ("marketing_consents"."channel" in ('sms', 'email', 'push'))
);
--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_events_user" ON "marketing_consent_events" USING btree ("user_id","at");--> statement-breakpoint
-- Hand-added (drizzle-kit does not model triggers; the snapshot is unaffected): the consent history is the proof
-- of what each member agreed to and withdrew (decision 072), so nothing edits or deletes a row of it.
CREATE FUNCTION "marketing_consent_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'marketing_consent_events are append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "marketing_consent_events_append_only" BEFORE UPDATE OR DELETE ON "marketing_consent_events" FOR EACH ROW EXECUTE FUNCTION "marketing_consent_events_refuse_change"();
