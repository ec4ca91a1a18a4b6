-- Decision 047: the rollup's payments counted gift-card purchases on the site as shop payments. Ended days are
-- computed once, so the stored ones are dropped; the next report computes them again with the fixed query.
DELETE FROM "report_days";--> statement-breakpoint
DELETE FROM "report_days_closed";
