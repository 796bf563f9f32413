import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, withValues } from '../../../machines/text';
import { chosenPackOf, coinsOf, minimumOf, packsOf, totalCostOf } from '../../../machines/topUp';
import { Button } from '../../components/Button/Button';
import { buttonClass } from '../../components/Button/buttonClass';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { Money } from '../../components/Money/Money';
import { TextField } from '../../components/TextField/TextField';
import { RichText } from '../../i18n/RichText';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { useErrorsKey } from '../forms/useErrorsKey';
import { useCoinName } from '../shared/coinName';
import { useCoinBalance } from '../shared/session';
import { AccountSection } from './AccountSection';

const route = getRouteApi('/account/balance');

const messages = defineMessages({
  title: { id: 'account.balance.title', defaultMessage: 'Balance' },
  yourBalance: { id: 'account.balance.current', defaultMessage: 'Your balance' },
  topUpTitle: { id: 'account.topUp.title', defaultMessage: 'Top up balance' },
  amount: { id: 'account.topUp.amount', defaultMessage: 'Amount ({currency})' },
  packs: { id: 'account.topUp.packs', defaultMessage: 'Choose a pack' },
  minimum: { id: 'account.topUp.minimum', defaultMessage: 'Minimum top-up amount: {amount}' },
  topUp: { id: 'account.topUp.submit', defaultMessage: 'Top up' },
  reviewTitle: { id: 'account.topUp.review.title', defaultMessage: 'TOP UP BALANCE' },
  enterAmount: { id: 'account.topUp.review.amount', defaultMessage: 'Enter amount:' },
  totalCost: {
    id: 'account.topUp.review.totalCost',
    defaultMessage:
      '<term>Total Cost:</term> <strong>{amount}</strong>{percent, plural, =0 {} other { <vat>(including {percent}% VAT)</vat>}}',
  },
  card: { id: 'account.topUp.review.card', defaultMessage: 'Debit / Credit card' },
  saveCard: { id: 'account.topUp.review.save', defaultMessage: 'Save my information for future payments' },
  back: { id: 'account.topUp.review.back', defaultMessage: 'Back' },
  pay: { id: 'account.topUp.review.pay', defaultMessage: 'Pay' },
  coins: { id: 'account.topUp.coins', defaultMessage: 'You receive: {coins}' },
  submitting: { id: 'account.topUp.submitting', defaultMessage: 'Processing…' },
  redirecting: { id: 'account.topUp.redirecting', defaultMessage: 'Redirecting to payment…' },
});

/** The balance tab (docs/product.md §2): the coins, and a top-up by card in the display currency. */
export function BalanceTab() {
  const say = useText();
  const text = useOptionalText();
  const topUp = route.useLoaderData({ select: (data) => data.screen });
  const terms = useSelector(topUp, (s) => s.context.terms);
  const coinName = useCoinName();
  const balance = useCoinBalance();
  const amountText = useSelector(topUp, (s) => s.context.values.amount);
  const amountError = useSelector(topUp, (s) => s.context.errors.amount);
  const formError = useSelector(topUp, (s) => s.context.formError);
  const saveCard = useSelector(topUp, (s) => s.context.savePaymentMethod);
  const inEntry = useSelector(topUp, (s) => s.matches('entry'));
  const submitting = useSelector(topUp, (s) => s.matches('submitting'));
  const redirecting = useSelector(topUp, (s) => s.matches('redirecting'));
  const errorsKey = useErrorsKey(topUp);
  const busy = submitting || redirecting;
  const minimum = <Money amount={minimumOf(terms)} currency={terms.currency} />;
  const totalCost = totalCostOf(amountText, terms);
  const coins = coinsOf(amountText, terms);
  const packs = packsOf(terms);
  const chosenPack = chosenPackOf(amountText, terms);

  const amountField = (label: string) => (
    <TextField
      label={label}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={amountText}
      onChange={(value) => topUp.send({ type: 'CHANGE', field: 'amount', value })}
      isInvalid={amountError !== undefined}
      errorMessage={text(amountError)}
      isReadOnly={busy}
    />
  );

  // Announced as it changes, without the status role the busy message has.
  const coinsLine = (
    <p className="account-topup__coins" aria-live="polite">
      {coins !== null && (
        <RichText
          text={messages.coins}
          values={{ coins: <CoinAmount amount={coins} currencyName={coinName} /> }}
        />
      )}
    </p>
  );

  return (
    <AccountSection title={messages.title}>
      <p className="account-balance">
        <span>{say(messages.yourBalance)}</span>{' '}
        {balance !== null && <CoinAmount amount={balance} currencyName={coinName} size="lg" />}
      </p>
      {inEntry ? (
        <section className="account-topup" aria-labelledby="topup-title">
          <h3 id="topup-title" className="account-topup__title">
            {say(messages.topUpTitle)}
          </h3>
          <AuthForm
            className="account-form"
            onSubmit={() => topUp.send({ type: 'TOP_UP' })}
            formError={text(formError)}
            errorsKey={errorsKey}
            actions={<Button type="submit">{say(messages.topUp)}</Button>}
          >
            {packs.length > 0 && (
              // Plain buttons (the route's JavaScript budget, docs/architecture.md §6); PRESET fills the field.
              <fieldset className="account-topup__packs">
                <legend>{say(messages.packs)}</legend>
                {packs.map((pack) => (
                  <button
                    key={pack.preset}
                    type="button"
                    className={buttonClass('secondary', 'md', false, 'account-topup__pack')}
                    aria-pressed={pack.preset === chosenPack}
                    onClick={() => topUp.send({ type: 'PRESET', preset: pack.preset })}
                  >
                    <Money amount={pack.amount} currency={terms.currency} />
                    <CoinAmount amount={pack.coins} currencyName={coinName} size="sm" />
                  </button>
                ))}
              </fieldset>
            )}
            {amountField(say(withValues(messages.amount, { currency: terms.currency.code })))}
            <p className="account-topup__minimum">
              <RichText text={messages.minimum} values={{ amount: minimum }} />
            </p>
            {coinsLine}
          </AuthForm>
        </section>
      ) : (
        <section className="account-topup" aria-labelledby="topup-review-title">
          <h3 id="topup-review-title" className="account-topup__title">
            {say(messages.reviewTitle)}
          </h3>
          <AuthForm
            className="account-form"
            onSubmit={() => topUp.send({ type: 'SUBMIT' })}
            formError={text(formError)}
            errorsKey={errorsKey}
            actions={
              <div className="account-topup__actions">
                <Button variant="secondary" onPress={() => topUp.send({ type: 'BACK' })} isDisabled={busy}>
                  {say(messages.back)}
                </Button>
                <Button type="submit" isPending={busy}>
                  {say(submitting ? messages.submitting : redirecting ? messages.redirecting : messages.pay)}
                </Button>
              </div>
            }
          >
            {amountField(say(messages.enterAmount))}
            <p className="account-topup__minimum">
              <RichText text={messages.minimum} values={{ amount: minimum }} />
            </p>
            {coinsLine}
            <p className="account-topup__total">
              <RichText
                text={messages.totalCost}
                values={{
                  term: (words) => <span>{words}</span>,
                  strong: (words) => <strong>{words}</strong>,
                  amount: totalCost === null ? '—' : <Money amount={totalCost} currency={terms.currency} />,
                  percent: terms.vatPercent,
                  vat: (words) => <span className="account-topup__vat">{words}</span>,
                }}
              />
            </p>
            <fieldset className="account-topup__method">
              <label>
                <input type="radio" name="payment_method" value="card" checked readOnly />{' '}
                {say(messages.card)}
              </label>
            </fieldset>
            <Checkbox
              isSelected={saveCard}
              onChange={(save) => topUp.send({ type: 'SAVE_CARD', save })}
              isDisabled={busy}
            >
              {say(messages.saveCard)}
            </Checkbox>
          </AuthForm>
        </section>
      )}
      {busy && (
        <p className="visually-hidden" role="status">
          {say(submitting ? messages.submitting : messages.redirecting)}
        </p>
      )}
    </AccountSection>
  );
}
