-- Decision 090: a row of the history dated in a day the reports' rollup has closed (a late receipt, decision 061:
-- its operation keeps the receipt's own time) reopens that day and every later one in every time zone, in the
-- writer's transaction: their rows are dropped and the hourly job or the next report computes them again. The
-- later days too, because each day's active members are grouped by their previous active day. A statement-level
-- trigger, as the purchase rollup's (0046): one look at the inserted rows per statement, and nothing else unless
-- one of them is more than ten minutes old.
CREATE FUNCTION "operations_reopen_report_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earliest timestamptz;
BEGIN
  SELECT min(occurred_at) INTO earliest FROM added WHERE occurred_at < now() - interval '10 minutes';
  IF earliest IS NULL THEN
    RETURN NULL;
  END IF;
  WITH reopened AS (
    DELETE FROM report_days_closed c
    WHERE c.day >= (earliest AT TIME ZONE c.time_zone)::date
    RETURNING c.time_zone, c.day
  ), rows_of_days AS (
    DELETE FROM report_days d USING reopened r WHERE d.time_zone = r.time_zone AND d.day = r.day RETURNING 1
  ), breakdowns AS (
    DELETE FROM report_breakdown_days b USING reopened r WHERE b.time_zone = r.time_zone AND b.day = r.day
    RETURNING 1
  ), active AS (
    DELETE FROM report_active_days a USING reopened r WHERE a.time_zone = r.time_zone AND a.day = r.day
    RETURNING 1
  )
  DELETE FROM report_point_days p USING reopened r WHERE p.time_zone = r.time_zone AND p.day = r.day;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "operations_reopen_report_days" AFTER INSERT ON "operations" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "operations_reopen_report_days"();
