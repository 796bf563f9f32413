import { type RefObject, useLayoutEffect } from 'react';
import type { PrefilledFields } from '../../../machines/forms/prefill';

/**
 * The forms of the server's first screen, kept by the bootstrap before the app's first render
 * (docs/decisions/0023). `useServedForm` reads them for AuthForm and the shop's search: where React hydrates that screen a form is its own
 * served element; where the app renders over it, the served form is no longer on the page and the
 * app's form in its place takes it.
 */
export const servedForms: { forms: ArrayLike<HTMLFormElement> } = { forms: [] };

/**
 * Where the server rendered the form at `ref`, hands what the visitor typed and chose in it before
 * the app took the page over to `onPrefill`, once, as the form mounts or hydrates: its fields still
 * show what was typed, its machine's values are the server's (empty) ones the first render used,
 * and a submission held until then (src/bootstrap/served-page.ts) is carried out after this.
 */
export function useServedForm(
  ref: RefObject<HTMLFormElement | null>,
  onPrefill: ((fields: PrefilledFields) => void) | undefined,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the form that takes the served one's place
  useLayoutEffect(() => {
    const forms = Array.from(servedForms.forms);
    const source = forms.find((served) => served === ref.current || !served.isConnected);
    if (!source) return;
    servedForms.forms = forms.filter((served) => served !== source);
    onPrefill?.(Object.fromEntries(new FormData(source)) as PrefilledFields);
  }, []);
}
