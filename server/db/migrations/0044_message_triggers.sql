ALTER TABLE "message_campaigns" ADD COLUMN "welcome_hours" integer;--> statement-breakpoint
ALTER TABLE "message_campaigns" ADD COLUMN "days_before" integer;--> statement-breakpoint
ALTER TABLE "message_campaigns" ADD COLUMN "cursor_id" uuid;--> statement-breakpoint
CREATE INDEX "users_registered" ON "users" USING btree ("registered_at","id") WHERE "users"."registered_at" is not null;--> statement-breakpoint
CREATE INDEX "users_birthday" ON "users" USING btree (((extract(month from "birth_date") * 100 + extract(day from "birth_date"))::int),"id") WHERE "users"."birth_date" is not null;