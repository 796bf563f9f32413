/** A decimal amount as a customer would type it: digits, and at most 3 decimals after a point. */
const DECIMAL_AMOUNT = /^\d{1,12}(\.\d{1,3})?$/;

export interface BalanceSearch {
  /**
   * `?amount=` — a top-up amount to fill in, as a DECIMAL number in the display currency (not minor
   * units): /account/balance?amount=12.5 is 12.50 €, ?amount=880 is ¥880. The cart's "top up the
   * missing amount" link writes the missing coins' worth this way. The top-up machine checks it
   * against the currency's decimals and the minimum like a typed amount; anything else is ignored.
   */
  amount?: string | undefined;
  /**
   * `?return=` — a path of this site to come back to once the top-up is paid: the cart's 'Top up'
   * writes `/cart`. The top-up machine drops anything that is not a path of this site (another
   * host, `//…`, an API path: `isReturnPath`, machines/topUp.ts), so the link cannot send the
   * customer elsewhere; it is checked there, off the first load.
   */
  return?: string | undefined;
}

/** The balance tab's query (the router may hand the number parsed or as text). */
export function validateBalanceSearch(search: Record<string, unknown>): BalanceSearch {
  const { amount } = search;
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  return {
    amount: typeof text === 'string' && DECIMAL_AMOUNT.test(text) ? text : undefined,
    // Checked where it is used (the top-up machine's isReturnPath): off the first load.
    return: search.return as string | undefined,
  };
}
