ALTER TABLE "users" ADD COLUMN "usage_month" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "usage_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_synced_at" timestamp with time zone;