/** A cart line holds 1 to 99 of a product (openapi.yaml cart/add and cart/set-count). */
export const MAX_LINE_COUNT = 99;

export function isLineCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_LINE_COUNT;
}
