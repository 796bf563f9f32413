/** A cart line holds 1 to 99 of a product (openapi.yaml cart/add and cart/set-count). */
export const MAX_LINE_COUNT = 99;

export function isLineCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_LINE_COUNT;
}

/**
 * A product's purchase limit: the most units one customer may buy over all their paid and pending
 * orders (openapi.yaml `PurchaseLimit`); a product without one has no limit.
 */
export const MAX_PURCHASE_LIMIT = 1_000_000;

export function isPurchaseLimit(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_PURCHASE_LIMIT;
}
