import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { useFormView } from '../forms/useFormView';
import { RecordEditor } from './RecordEditor';

const messages = defineMessages({
  newTitle: { id: 'operator.currency.newTitle', defaultMessage: 'New currency' },
  editTitle: { id: 'operator.currency.editTitle', defaultMessage: 'Currency' },
  back: { id: 'operator.currency.back', defaultMessage: 'All currencies' },
  loading: { id: 'operator.currency.loading', defaultMessage: 'Loading the currency…' },
  notFound: { id: 'operator.currency.notFound', defaultMessage: 'There is no such currency.' },
  retry: { id: 'operator.currency.retry', defaultMessage: 'Try again' },
  reload: { id: 'operator.currency.reload', defaultMessage: 'Reload' },
  code: { id: 'operator.currency.code', defaultMessage: 'ISO 4217 code' },
  codeHint: {
    id: 'operator.currency.codeHint',
    defaultMessage: 'Three capital letters, e.g. CHF; its decimals follow from it and it never changes',
  },
  symbol: { id: 'operator.currency.symbol', defaultMessage: 'Symbol' },
  rate: { id: 'operator.currency.rate', defaultMessage: 'Rate' },
  rateHint: {
    id: 'operator.currency.rateHint',
    defaultMessage:
      'Units of this currency per 1 {base}, at most 8 decimals. Payments opened from now on use it; one already opened keeps its amount.',
  },
  decimals: {
    id: 'operator.currency.decimals',
    defaultMessage:
      'Amounts in {code} have {decimals, plural, =0 {no decimals} one {# decimal} other {# decimals}}.',
  },
  shown: { id: 'operator.currency.shown', defaultMessage: 'Offered to customers' },
  defaultShown: {
    id: 'operator.currency.defaultShown',
    defaultMessage: 'The default currency is always offered: the store’s amounts are in it.',
  },
  submit: { id: 'operator.currency.submit', defaultMessage: 'Save' },
  pending: { id: 'operator.currency.pending', defaultMessage: 'Saving…' },
});

/** /operator/currencies/new and /operator/currencies/{code}: a display currency's symbol, rate and visibility. */
export function CurrencyPage() {
  const say = useText();
  const { screen } = useLoaderData({ strict: false }) as {
    screen: import('xstate').ActorRefFrom<
      typeof import('../../../machines/operator/currencyEditor').currencyEditorMachine
    >;
  };
  const state = useSelector(screen, (s) => s.value as string);
  const context = useSelector(screen, (s) => s.context);
  const view = useFormView(screen, (s) => s.matches('sending'));
  const isNew = context.code === null;
  const currency = context.currency;
  const isDefault = currency?.default === true;

  return (
    <RecordEditor
      messages={messages}
      back="/operator/currencies"
      heading={currency?.code}
      isNew={isNew}
      state={state}
      view={view}
      screen={screen}
    >
      {isNew && (
        <TextField
          label={say(messages.code)}
          description={say(messages.codeHint)}
          autoComplete="off"
          maxLength={3}
          {...view.field('code')}
        />
      )}
      {currency !== null && (
        <p className="operator-section__note">
          {say(messages.decimals, { code: currency.code, decimals: currency.decimals })}
        </p>
      )}
      <TextField label={say(messages.symbol)} autoComplete="off" maxLength={8} {...view.field('symbol')} />
      <TextField
        label={say(messages.rate)}
        description={say(messages.rateHint, { base: context.base })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        {...view.field('value')}
      />
      <Checkbox isDisabled={isDefault} {...view.toggle('shown')}>
        {say(messages.shown)}
      </Checkbox>
      {isDefault && <p className="operator-section__note">{say(messages.defaultShown)}</p>}
    </RecordEditor>
  );
}
