import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FALLBACK_CURRENCY } from '../../../domain/money';
import type { Currency } from '../../../machines/shapes';
import type { TopUpTerms } from '../../../machines/topUp';
import { useAppSelector, useChild } from '../app/AppActorContext';

/**
 * The terms a top-up is priced by right now: the display currency chosen in the header (it follows
 * the switch), the store's default currency and the settings' min_top_up and vat_percent. The
 * top-up machine receives them with TOP_UP and PAY; the tab shows the minimum and total from them.
 */
export function useTopUpTerms(): { terms: TopUpTerms; currency: Currency } {
  const minTopUp = useAppSelector((snapshot) => snapshot.context.settings?.min_top_up ?? 0);
  const vatPercent = useAppSelector((snapshot) => snapshot.context.settings?.vat_percent ?? 0);
  const currencyActor = useChild('currency');
  const currency = useSelector(currencyActor, (snapshot) => snapshot.context.current);
  const base = useSelector(
    currencyActor,
    (snapshot) => snapshot.context.currencies.find((c) => c.default === 1) ?? FALLBACK_CURRENCY,
  );
  const terms = useMemo(
    () => ({ currency, base, minTopUp, vatPercent }),
    [currency, base, minTopUp, vatPercent],
  );
  return { terms, currency };
}
