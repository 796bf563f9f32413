/** A payment reference as the contract spells it (PaymentRef). */
const PAYMENT_REF = /^pay_[A-Za-z0-9]{8,40}$/;

export interface PaymentSearch {
  /** The payment the sandbox or provider sent the browser back about, e.g. pay_5K2m9QeX1tZ8. */
  payment?: string | undefined;
}

/**
 * The pending pages' query: a well-formed `payment` reference, or undefined. Spelled out as
 * undefined, since the router merges the raw query under the validated one.
 */
export function validatePaymentSearch(search: Record<string, unknown>): PaymentSearch {
  const { payment } = search;
  return { payment: typeof payment === 'string' && PAYMENT_REF.test(payment) ? payment : undefined };
}
