-- Decision 050: the brand's links are https:// or a path of the site. Settings and pages saved before it may
-- hold an http:// link, which would no longer parse (and every page reads the settings): upgrade those to
-- https://, as the site itself is served over HTTPS with HSTS. Only JSON string values that begin with the
-- scheme change; a javascript: link was never accepted by the console's forms and is left for the check below.
UPDATE "brand_settings" SET "settings" = replace("settings"::text, '"http://', '"https://')::jsonb
  WHERE "settings"::text LIKE '%"http://%';--> statement-breakpoint
UPDATE "content_documents" SET "document" = replace("document"::text, '"http://', '"https://')::jsonb
  WHERE "document"::text LIKE '%"http://%';
