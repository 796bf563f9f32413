import { isOwnPath } from '../../machines/checkout';

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
   * writes `/cart`. Anything that is not a same-site path (another host, `//…`, an API path) is
   * dropped, so the link cannot send the customer elsewhere (openapi.yaml ReturnPath).
   */
  return?: string | undefined;
}

/** openapi.yaml `ReturnPath`: what the server keeps with the payment. */
const RETURN_PATH = /^\/(?![/\\]|api\/)[A-Za-z0-9/_.~-]*(\?[A-Za-z0-9=&_.~%-]*)?$/;

/** The balance tab's query (the router may hand the number parsed or as text). */
export function validateBalanceSearch(search: Record<string, unknown>): BalanceSearch {
  const { amount } = search;
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  const back = search.return;
  return {
    amount: typeof text === 'string' && DECIMAL_AMOUNT.test(text) ? text : undefined,
    return:
      typeof back === 'string' && back.length <= 200 && RETURN_PATH.test(back) && isOwnPath(back)
        ? back
        : undefined,
  };
}
