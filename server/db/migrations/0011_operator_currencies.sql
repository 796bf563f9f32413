ALTER TABLE "currencies" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_default_shown" CHECK (not ("currencies"."is_default" and "currencies"."hidden"));