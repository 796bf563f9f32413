import { type ComponentType, memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { onFirstInteraction } from '../lazy/onFirstInteraction';
import { loadSelect } from './LazySelect';
import { SelectFace } from './SelectFace';
import type { SelectProps } from './types';
import '../TextField/TextField.css';
import './Select.css';

type Loaded = { Select: ComponentType<SelectProps>; autoFocus: boolean };

/**
 * The Select as a look-alike until it is first focused, for a field on screen from a page's first
 * paint: react-aria's ComboBox (~60 KB gzip with its parts) stays off the page's load. The chunk is
 * fetched at the visitor's first interaction if the field is visible (CSS hides the header's strip
 * on phones), when the pointer comes near, or on focus; the look-alike keeps the focus meanwhile,
 * and the real select takes it over on mount with what was typed into the look-alike, its list
 * open on that text (docs/decisions/0032). Not on idle: the browser would then fetch and run it as
 * part of every first load. A failed load leaves the look-alike; its next focus tries again.
 */
export const DeferredSelect = memo(function DeferredSelect(props: SelectProps) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [typed, setTyped] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const id = useId();
  const errorId = useId();

  const takeOver = () =>
    void loadSelect().then(
      (Select) => setLoaded({ Select, autoFocus: document.activeElement === input.current }),
      () => {},
    );

  useEffect(
    () =>
      onFirstInteraction(() => {
        if (root.current?.checkVisibility?.()) void loadSelect().catch(() => {});
      }),
    [],
  );
  // Focused before the app took the page over (the server rendered the look-alike).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it mounts or hydrates
  useLayoutEffect(() => {
    if (document.activeElement === input.current) takeOver();
  }, []);

  // In the commit that swaps them, not in react-aria's later effect: a key pressed in between would
  // reach neither input.
  useLayoutEffect(() => {
    if (loaded?.autoFocus) slot.current?.querySelector('input')?.focus();
  }, [loaded]);

  if (loaded) {
    return (
      <div ref={slot} className="select-slot">
        <loaded.Select
          {...props}
          autoFocus={loaded.autoFocus}
          {...(typed !== null ? { typedText: typed } : {})}
        />
      </div>
    );
  }
  const { label, options, value, name, placeholder, errorMessage, openOnFocus, className } = props;
  const selected = options.find((option) => option.id === value);
  const invalid = Boolean(errorMessage);
  return (
    <div
      ref={root}
      className={['field', 'select', 'select--look-alike', className].filter(Boolean).join(' ')}
      data-invalid={invalid || undefined}
      onPointerEnter={() => void loadSelect().catch(() => {})}
    >
      <SelectFace id={id} label={label}>
        <input
          ref={input}
          id={id}
          className="field__input select__input"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          data-invalid={invalid || undefined}
          placeholder={placeholder}
          autoComplete="off"
          value={typed ?? selected?.label ?? ''}
          // A short list picked, not typed in (the currency): nothing to keep.
          readOnly={openOnFocus}
          onChange={(event) => setTyped(event.target.value)}
          onFocus={takeOver}
        />
      </SelectFace>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
      {invalid && (
        <div id={errorId} className="field__error">
          {errorMessage}
        </div>
      )}
    </div>
  );
});
