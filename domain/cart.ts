/** A cart line holds 1 to 99 of a product (openapi.yaml cart/add and cart/set-count). */
export const MAX_LINE_COUNT = 99;

export function isLineCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_LINE_COUNT;
}

/**
 * A product's limits: `max_per_order`, the most units one cart line (so one order) holds, and
 * `max_per_customer`, the most one customer may buy over all their paid and pending orders
 * (openapi.yaml `MaxPerOrder`, `MaxPerCustomer`); a product without one has no such limit.
 */
export const MAX_PRODUCT_LIMIT = 1_000_000;

export function isProductLimit(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_PRODUCT_LIMIT;
}

/**
 * The most units of a product one cart line may hold, for the customer's stepper: 99 and the
 * product's `max_per_order` and `max_per_customer`, whichever is least (the server also counts
 * earlier orders against `max_per_customer`: the cart's `max_count`).
 */
export function lineMaximum(limits: {
  max_per_order: number | null;
  max_per_customer: number | null;
}): number {
  return Math.min(
    MAX_LINE_COUNT,
    limits.max_per_order ?? MAX_LINE_COUNT,
    limits.max_per_customer ?? MAX_LINE_COUNT,
  );
}
