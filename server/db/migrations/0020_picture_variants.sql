CREATE TABLE "picture_variants" (
	"name" text NOT NULL,
	"source_etag" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_variants_name_source_etag_width_format_pk" PRIMARY KEY("name","source_etag","width","format")
);
--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_name_pictures_name_fk" FOREIGN KEY ("name") REFERENCES "public"."pictures"("name") ON DELETE cascade ON UPDATE no action;