-- kit's job engine owns the table named jobs in every service's database: planning's record of each plan's generation moves aside first.
ALTER TABLE "jobs" RENAME TO "generation_jobs";--> statement-breakpoint
ALTER INDEX "jobs_product_created_idx" RENAME TO "generation_jobs_product_created_idx";
