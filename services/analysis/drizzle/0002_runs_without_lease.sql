ALTER TABLE "runs" DROP COLUMN "lease_owner";--> statement-breakpoint
ALTER TABLE "runs" DROP COLUMN "lease_expires_at";