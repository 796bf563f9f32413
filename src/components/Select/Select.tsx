import { useContext, useEffect } from 'react';
import {
  Button,
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  useFilter,
} from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner';
import { ChevronIcon } from './ChevronIcon';
import type { SelectOption, SelectProps } from './types';
import '../TextField/TextField.css';
import './Select.css';
import { useText } from '../../i18n/useText';

export type { SelectOption, SelectProps } from './types';

/**
 * The filterable select of docs/product.md §2: typing keeps the options whose label starts with the typed
 * text (case- and accent-insensitive). This module pulls in react-aria's ComboBox (about 60 KB
 * gzip): load it through LazySelect anywhere near the first page load.
 */
export function Select({
  label,
  options,
  value,
  onChange,
  name,
  placeholder,
  description,
  errorMessage,
  isRequired = false,
  isDisabled = false,
  isLoading = false,
  isClearable = false,
  autoFocus,
  openOnFocus = false,
  typedText,
  className,
}: SelectProps) {
  const say = useText();
  const { startsWith } = useFilter({ sensitivity: 'base' });

  return (
    <ComboBox
      className={['field', 'select', className].filter(Boolean).join(' ')}
      defaultItems={options}
      value={value}
      // The ComboBox fills the input from the selected item only while unfocused, and its
      // collection is empty on the first render: mounted with autoFocus (the header's currency
      // field on its first click) it would stay blank. Start it with the selected label.
      defaultInputValue={typedText ?? options.find((option) => option.id === value)?.label ?? ''}
      onChange={(key) => onChange(key === null ? null : String(key))}
      defaultFilter={startsWith}
      allowsEmptyCollection
      name={name}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      autoFocus={autoFocus}
      menuTrigger={openOnFocus ? 'focus' : 'input'}
      aria-busy={isLoading || undefined}
    >
      <Label className="field__label">{label}</Label>
      {typedText && autoFocus && <OpenOnMount />}
      <div className="select__control">
        <Input className="field__input select__input" placeholder={placeholder} />
        <div className="select__adornments">
          {isLoading && <Spinner size="sm" />}
          {isClearable && !isDisabled && (
            <ClearButton label={say({ id: 'components.select.clear', defaultMessage: 'Clear selection' })} />
          )}
          <Button className="select__trigger">
            <ChevronIcon />
          </Button>
        </div>
      </div>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="select__popover" offset={4}>
        <ListBox<SelectOption>
          className="select__list"
          renderEmptyState={() => (
            <p className="select__empty">
              {say({
                id: 'components.select.noOptions',
                defaultMessage: 'No options available',
              })}
            </p>
          )}
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="select__option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** Opens the list as the select mounts, on the text typed into its look-alike (DeferredSelect). */
function OpenOnMount() {
  const state = useContext(ComboBoxStateContext);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the select mounts
  useEffect(() => {
    state?.open(null, 'input');
  }, []);
  return null;
}

/** Clears both the selection and the typed text; shown only when there is something to clear. */
function ClearButton({ label }: { label: string }) {
  const state = useContext(ComboBoxStateContext);
  if (!state || (state.inputValue === '' && state.selectedKey === null)) return null;
  return (
    <button
      type="button"
      className="select__clear"
      aria-label={label}
      onClick={() => {
        state.setValue(null);
        state.setInputValue('');
      }}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
