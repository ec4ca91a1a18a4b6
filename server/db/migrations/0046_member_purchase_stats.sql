CREATE TABLE "member_purchase_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_purchase_at" timestamp with time zone,
	"first_month" integer NOT NULL,
	"cum_purchases" integer[] NOT NULL,
	"cum_spend" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_purchase_stats" ADD CONSTRAINT "member_purchase_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-added (drizzle-kit does not model functions or triggers; the snapshot is unaffected), decision 082:
-- member_purchase_stats follows every insert, update and delete on operations, one set-based upsert per
-- statement, in the writer's transaction. A month is the UTC calendar month as year * 12 + month - 1.
CREATE FUNCTION "purchase_month"("at" timestamp with time zone) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (extract(year FROM "at" AT TIME ZONE 'UTC') * 12 + extract(month FROM "at" AT TIME ZONE 'UTC') - 1)::integer
$$;--> statement-breakpoint
-- Two running totals (each element the total through its month, the months after the last holding its value)
-- added month by month over the span of both.
CREATE FUNCTION "purchase_totals_add"("a_first" integer, "a" bigint[], "b_first" integer, "b" bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_agg(
		CASE WHEN "j" < "a_first" THEN 0 ELSE "a"[least("j" - "a_first" + 1, cardinality("a"))] END
		+ CASE WHEN "j" < "b_first" THEN 0 ELSE "b"[least("j" - "b_first" + 1, cardinality("b"))] END ORDER BY "j")
	FROM generate_series(least("a_first", "b_first"), greatest("a_first" + cardinality("a"), "b_first" + cardinality("b")) - 1) "j"
$$;--> statement-breakpoint
CREATE FUNCTION "purchase_totals_add"("a_first" integer, "a" integer[], "b_first" integer, "b" integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_agg(
		CASE WHEN "j" < "a_first" THEN 0 ELSE "a"[least("j" - "a_first" + 1, cardinality("a"))] END
		+ CASE WHEN "j" < "b_first" THEN 0 ELSE "b"[least("j" - "b_first" + 1, cardinality("b"))] END ORDER BY "j")
	FROM generate_series(least("a_first", "b_first"), greatest("a_first" + cardinality("a"), "b_first" + cardinality("b")) - 1) "j"
$$;--> statement-breakpoint
-- Changes in purchases, one element per purchase row (a removed one negated, its time null), folded into each
-- member's row: the months of the change as running totals over their span, added to the row's under its lock.
CREATE FUNCTION "member_purchase_stats_apply"("user_ids" uuid[], "months" integer[], "counts" integer[], "spends" bigint[], "lasts" timestamp with time zone[]) RETURNS void LANGUAGE sql AS $$
	WITH "d" AS (
		SELECT "user_id", "month", sum("count") AS "count", sum("spend") AS "spend", max("last_at") AS "last_at"
		FROM unnest("user_ids", "months", "counts", "spends", "lasts") AS c("user_id", "month", "count", "spend", "last_at")
		GROUP BY 1, 2
	), "span" AS (
		SELECT "user_id", min("month") AS "first", max("month") AS "last" FROM "d" GROUP BY 1
	), "dense" AS (
		SELECT s."user_id", "m" AS "month", d."last_at",
			sum(coalesce(d."count", 0)) OVER w AS "run_count", sum(coalesce(d."spend", 0)) OVER w AS "run_spend"
		FROM "span" s CROSS JOIN LATERAL generate_series(s."first", s."last") "m"
		LEFT JOIN "d" ON d."user_id" = s."user_id" AND d."month" = "m"
		WINDOW w AS (PARTITION BY s."user_id" ORDER BY "m")
	)
	INSERT INTO "member_purchase_stats" AS t ("user_id", "last_purchase_at", "first_month", "cum_purchases", "cum_spend")
		SELECT "user_id", max("last_at"), min("month"), array_agg("run_count"::integer ORDER BY "month"),
			array_agg("run_spend"::bigint ORDER BY "month")
		FROM "dense" GROUP BY "user_id" ORDER BY "user_id"
	ON CONFLICT ("user_id") DO UPDATE SET
		"last_purchase_at" = greatest(t."last_purchase_at", excluded."last_purchase_at"),
		"first_month" = least(t."first_month", excluded."first_month"),
		"cum_purchases" = "purchase_totals_add"(t."first_month", t."cum_purchases", excluded."first_month", excluded."cum_purchases"),
		"cum_spend" = "purchase_totals_add"(t."first_month", t."cum_spend", excluded."first_month", excluded."cum_spend")
$$;--> statement-breakpoint
-- The last purchase of members who lost one (a refund, a deletion): read back from their history.
CREATE FUNCTION "member_purchase_stats_relast"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "member_purchase_stats" s SET "last_purchase_at" = (
		SELECT max(o."occurred_at") FROM "operations" o
		WHERE o."user_id" = s."user_id" AND o."state" = 'PROCESSED' AND o."type" IN ('PAYMENT', 'CASHBACK'))
	WHERE s."user_id" = ANY("user_ids")
$$;--> statement-breakpoint
-- The money path writes one purchase a statement: that one goes straight in (a month of one element added to
-- the row), a fraction of the general fold's time; several rows take the general fold.
CREATE FUNCTION "member_purchase_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (SELECT count(*) FROM "added" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN')) = 1 THEN
		INSERT INTO "member_purchase_stats" AS t ("user_id", "last_purchase_at", "first_month", "cum_purchases", "cum_spend")
			SELECT "user_id", CASE WHEN "type" = 'RETURN' THEN NULL ELSE "occurred_at" END, "purchase_month"("occurred_at"),
				ARRAY[CASE WHEN "type" = 'RETURN' THEN 0 ELSE 1 END],
				ARRAY[CASE WHEN "type" = 'RETURN' THEN -"amount" ELSE "amount" END]
			FROM "added" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN')
		ON CONFLICT ("user_id") DO UPDATE SET
			"last_purchase_at" = greatest(t."last_purchase_at", excluded."last_purchase_at"),
			"first_month" = least(t."first_month", excluded."first_month"),
			"cum_purchases" = "purchase_totals_add"(t."first_month", t."cum_purchases", excluded."first_month", excluded."cum_purchases"),
			"cum_spend" = "purchase_totals_add"(t."first_month", t."cum_spend", excluded."first_month", excluded."cum_spend");
		RETURN NULL;
	END IF;
	PERFORM "member_purchase_stats_apply"(array_agg("user_id"), array_agg("purchase_month"("occurred_at")),
		array_agg(CASE WHEN "type" = 'RETURN' THEN 0 ELSE 1 END),
		array_agg(CASE WHEN "type" = 'RETURN' THEN -"amount" ELSE "amount" END),
		array_agg(CASE WHEN "type" = 'RETURN' THEN NULL ELSE "occurred_at" END))
	FROM "added" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN') HAVING count(*) > 0;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "member_purchase_stats_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "member_purchase_stats_apply"(array_agg("user_id"), array_agg("purchase_month"("occurred_at")),
		array_agg(CASE WHEN "type" = 'RETURN' THEN 0 ELSE -1 END),
		array_agg(CASE WHEN "type" = 'RETURN' THEN "amount" ELSE -"amount" END),
		array_agg(NULL::timestamptz))
	FROM "removed" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN') HAVING count(*) > 0;
	PERFORM "member_purchase_stats_relast"(array_agg(DISTINCT "user_id"))
	FROM "removed" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK') HAVING count(*) > 0;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update (a refund moves PROCESSED to CANCEL) is the old rows taken out and the new ones put in.
CREATE FUNCTION "member_purchase_stats_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "member_purchase_stats_apply"(array_agg("user_id"), array_agg("purchase_month"("occurred_at")),
		array_agg("sign" * CASE WHEN "type" = 'RETURN' THEN 0 ELSE 1 END),
		array_agg("sign" * CASE WHEN "type" = 'RETURN' THEN -"amount" ELSE "amount" END),
		array_agg(CASE WHEN "sign" = 1 AND "type" <> 'RETURN' THEN "occurred_at" END))
	FROM (SELECT *, 1 AS "sign" FROM "added" UNION ALL SELECT *, -1 AS "sign" FROM "removed") c
	WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN') HAVING count(*) > 0;
	PERFORM "member_purchase_stats_relast"(array_agg(DISTINCT "user_id"))
	FROM "removed" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK') HAVING count(*) > 0;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_purchase_stats_on_insert" AFTER INSERT ON "operations" REFERENCING NEW TABLE AS "added"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_purchase_stats_on_insert"();--> statement-breakpoint
CREATE TRIGGER "member_purchase_stats_on_delete" AFTER DELETE ON "operations" REFERENCING OLD TABLE AS "removed"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_purchase_stats_on_delete"();--> statement-breakpoint
CREATE TRIGGER "member_purchase_stats_on_update" AFTER UPDATE ON "operations" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_purchase_stats_on_update"();--> statement-breakpoint
-- The purchases written before this migration, set-based (the same running totals as the apply above).
INSERT INTO "member_purchase_stats" ("user_id", "last_purchase_at", "first_month", "cum_purchases", "cum_spend")
	WITH "d" AS (
		SELECT "user_id", "purchase_month"("occurred_at") AS "month",
			count(*) FILTER (WHERE "type" <> 'RETURN') AS "count",
			sum(CASE WHEN "type" = 'RETURN' THEN -"amount" ELSE "amount" END) AS "spend",
			max("occurred_at") FILTER (WHERE "type" <> 'RETURN') AS "last_at"
		FROM "operations" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN')
		GROUP BY 1, 2
	), "span" AS (
		SELECT "user_id", min("month") AS "first", max("month") AS "last" FROM "d" GROUP BY 1
	), "dense" AS (
		SELECT s."user_id", "m" AS "month", d."last_at",
			sum(coalesce(d."count", 0)) OVER w AS "run_count", sum(coalesce(d."spend", 0)) OVER w AS "run_spend"
		FROM "span" s CROSS JOIN LATERAL generate_series(s."first", s."last") "m"
		LEFT JOIN "d" ON d."user_id" = s."user_id" AND d."month" = "m"
		WINDOW w AS (PARTITION BY s."user_id" ORDER BY "m")
	)
	SELECT "user_id", max("last_at"), min("month"), array_agg("run_count"::integer ORDER BY "month"),
		array_agg("run_spend"::bigint ORDER BY "month")
	FROM "dense" GROUP BY "user_id";
