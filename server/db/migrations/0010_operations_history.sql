CREATE TABLE "operation_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "operations_user_occurred";--> statement-breakpoint
ALTER TABLE "operation_totals" ADD CONSTRAINT "operation_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operations_user_history" ON "operations" USING btree ("user_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-added (drizzle-kit does not model triggers; the snapshot is unaffected): operation_totals follows every
-- insert and delete on operations, one set-based upsert per statement (a bulk insert costs one, not one per row).
CREATE FUNCTION "operation_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "operation_totals" ("user_id", "total")
		SELECT "user_id", count(*) FROM "added" GROUP BY "user_id" ORDER BY "user_id"
		ON CONFLICT ("user_id") DO UPDATE SET "total" = "operation_totals"."total" + excluded."total";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "operation_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "operation_totals" t SET "total" = t."total" - r."n"
		FROM (SELECT "user_id", count(*) AS "n" FROM "removed" GROUP BY "user_id") r
		WHERE t."user_id" = r."user_id";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operation_totals_on_insert" AFTER INSERT ON "operations" REFERENCING NEW TABLE AS "added"
	FOR EACH STATEMENT EXECUTE FUNCTION "operation_totals_add"();--> statement-breakpoint
CREATE TRIGGER "operation_totals_on_delete" AFTER DELETE ON "operations" REFERENCING OLD TABLE AS "removed"
	FOR EACH STATEMENT EXECUTE FUNCTION "operation_totals_remove"();--> statement-breakpoint
-- The histories written before this migration.
INSERT INTO "operation_totals" ("user_id", "total") SELECT "user_id", count(*) FROM "operations" GROUP BY "user_id";
