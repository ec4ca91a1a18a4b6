CREATE TABLE "actions" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"point_ids" integer[] DEFAULT '{}' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq" (
	"id" integer PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"preview" text NOT NULL,
	"text" text NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"point_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_points" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"current_bonus" integer DEFAULT 0 NOT NULL,
	"firm_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"house" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"working_hours" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_ip_created_idx" ON "feedback" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date");