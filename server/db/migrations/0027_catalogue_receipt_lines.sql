CREATE TABLE "catalogue_barcodes" (
	"barcode" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"no_earn" boolean DEFAULT false NOT NULL,
	"no_spend" boolean DEFAULT false NOT NULL,
	"legal_group" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_categories_legal_group" CHECK ("catalogue_categories"."legal_group" is null or "catalogue_categories"."legal_group" in ('TOBACCO', 'ALCOHOL', 'INFANT_FORMULA'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" text,
	"vat_rate" text DEFAULT 'NONE' NOT NULL,
	"list_price" bigint,
	"no_earn" boolean DEFAULT false NOT NULL,
	"no_spend" boolean DEFAULT false NOT NULL,
	"legal_group" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_items_legal_group" CHECK ("catalogue_items"."legal_group" is null or "catalogue_items"."legal_group" in ('TOBACCO', 'ALCOHOL', 'INFANT_FORMULA')),
	CONSTRAINT "catalogue_items_vat_rate" CHECK ("catalogue_items"."vat_rate" in ('NONE', 'VAT0', 'VAT5', 'VAT7', 'VAT10', 'VAT20', 'VAT22'))
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"source" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"sku" text,
	"barcode" text,
	"name" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"price" bigint NOT NULL,
	"sum" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"category_id" text,
	"legal_group" text,
	"max_spend" bigint NOT NULL,
	"spend" bigint NOT NULL,
	"earn" bigint NOT NULL,
	CONSTRAINT "receipt_lines_source_operation_id_line_no_pk" PRIMARY KEY("source","operation_id","line_no"),
	CONSTRAINT "receipt_lines_source" CHECK ("receipt_lines"."source" in ('till', 'payment')),
	CONSTRAINT "receipt_lines_legal_group" CHECK ("receipt_lines"."legal_group" is null or "receipt_lines"."legal_group" in ('TOBACCO', 'ALCOHOL', 'INFANT_FORMULA')),
	CONSTRAINT "receipt_lines_sums" CHECK ("receipt_lines"."quantity_milli" > 0 and "receipt_lines"."price" >= 0 and "receipt_lines"."sum" >= 0 and "receipt_lines"."discount" >= 0 and "receipt_lines"."spend" >= 0 and "receipt_lines"."spend" <= "receipt_lines"."max_spend" and "receipt_lines"."max_spend" <= "receipt_lines"."sum" and "receipt_lines"."earn" >= 0)
);
--> statement-breakpoint
CREATE INDEX "catalogue_barcodes_sku" ON "catalogue_barcodes" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "catalogue_categories_parent" ON "catalogue_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalogue_items_category" ON "catalogue_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "catalogue_items_name" ON "catalogue_items" USING btree (lower("name") text_pattern_ops);