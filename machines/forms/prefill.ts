/**
 * What a visitor typed or chose in a form the server rendered before the app took the page over
 * (docs/decisions/0023): the form's fields by their `name` in the HTML, as the browser would
 * submit them. The app sends it once, as the screen's first render commits; every form machine
 * whose form the server renders takes its values from it.
 */
export type PrefilledFields = Readonly<Record<string, string>>;

export type PrefillEvent = { type: 'PREFILL'; fields: PrefilledFields };

/**
 * `values` with the fields of `fields` that `names` maps (a name in the HTML → the form's field);
 * a field the page did not have keeps its value. A yes/no field is a checkbox, which the browser
 * sends only when ticked: ticked when present, not ticked when absent.
 */
export function prefilled<V extends object>(
  values: V,
  fields: PrefilledFields,
  names: Readonly<Record<string, keyof V>>,
): V {
  const next = { ...values };
  for (const [name, field] of Object.entries(names)) {
    const value = fields[name];
    if (typeof next[field] === 'boolean') next[field] = (value !== undefined) as V[keyof V];
    else if (value !== undefined) next[field] = value as V[keyof V];
  }
  return next;
}
