CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"content" jsonb,
	"error" text,
	"reservation_id" text,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_product_created_idx" ON "jobs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_plans_product_created_idx" ON "tracking_plans" USING btree ("product_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_plans_one_generating_idx" ON "tracking_plans" USING btree ("product_id") WHERE status = 'generating';