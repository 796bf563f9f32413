ALTER TABLE "products" RENAME COLUMN "purchase_limit" TO "max_per_customer";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_purchase_limit_positive";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_customer_positive" CHECK ("products"."max_per_customer" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_order_positive" CHECK ("products"."max_per_order" >= 1);