import { useMemo } from 'react';
import { useAppSelector } from '../app/AppActorContext';

/** The store's countries as a Select's options, the same array while the countries are the same. */
export function useCountryOptions() {
  const countries = useAppSelector((snapshot) => snapshot.context.countries);
  const options = useMemo(
    () => countries.map((country) => ({ id: String(country.id), label: country.title })),
    [countries],
  );
  return { countries, options };
}
