CREATE TABLE "job_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
