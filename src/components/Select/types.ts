export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The selected option's id, or null (controlled). */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Form field name; the selected id is submitted. */
  name?: string;
  placeholder?: string;
  description?: string;
  /** Marks the select invalid and shows this text under it. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Options are still loading: shows a spinner. */
  isLoading?: boolean;
  /** Shows a button that clears the value and the typed text. */
  isClearable?: boolean;
  autoFocus?: boolean;
  /** Text typed before the select was there (DeferredSelect's look-alike): shown, with the list open on it. */
  typedText?: string;
  /** Opens the list when the field takes the focus (a short list picked, not typed in: the currency). */
  openOnFocus?: boolean;
  className?: string;
}
