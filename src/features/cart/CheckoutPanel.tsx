import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { decimalsFor } from '../../../domain/money';
import { toDecimalString } from '../../../domain/money-text';
import {
  type CheckoutMachine,
  type PaymentMethod,
  payBlocked,
  shortfallOf,
} from '../../../machines/checkout';
import { defineMessages, type MessageText } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { RichText } from '../../i18n/RichText';
import { useOptionalText, useText } from '../../i18n/useText';
import { CoinPrice, useCoinValue } from '../shared/CoinPrice';
import { useCoinName } from '../shared/coinName';
import { useSavedPlayer } from '../shared/session';

const messages = defineMessages({
  method: { id: 'checkout.method', defaultMessage: 'Payment method' },
  balance: { id: 'checkout.method.balance', defaultMessage: '{coinName} from your balance' },
  card: { id: 'checkout.method.card', defaultMessage: 'Debit / Credit card' },
  yourBalance: { id: 'checkout.balanceLine', defaultMessage: 'Your balance: {amount}' },
  short: { id: 'checkout.shortBy', defaultMessage: 'Your balance is short by {amount}' },
  topUp: { id: 'checkout.topUp', defaultMessage: 'Top up' },
  payCoins: { id: 'checkout.pay.balance', defaultMessage: 'Pay with {coinName}' },
  payCard: { id: 'checkout.pay.card', defaultMessage: 'Pay by card' },
  submitting: { id: 'checkout.submitting', defaultMessage: 'Processing order…' },
  redirecting: { id: 'checkout.redirecting', defaultMessage: 'Redirecting to payment…' },
  noMethods: { id: 'checkout.noMethods', defaultMessage: 'Checkout is not available right now.' },
  retry: { id: 'checkout.retry', defaultMessage: 'Try again' },
  player: { id: 'checkout.player', defaultMessage: 'Player name' },
  playerHint: {
    id: 'checkout.player.hint',
    defaultMessage: 'The in-game name that receives the items. To give them as a gift, enter another player.',
  },
});

const methodLabel: Record<PaymentMethod, MessageText> = {
  balance: messages.balance,
  card: messages.card,
};

export interface CheckoutPanelProps {
  checkout: ActorRefFrom<CheckoutMachine>;
}

/** Choosing how to pay and paying (docs/product.md §4 checkout): coins with the shortfall and a top-up, or a card. */
export function CheckoutPanel({ checkout }: CheckoutPanelProps) {
  const say = useText();
  const text = useOptionalText();
  const coinName = useCoinName();
  const { currency, worth } = useCoinValue();
  const balance = useSelector(checkout, (snapshot) => snapshot.context.store.balance);
  // The field also shows when the server asked for a player.
  const inGame = useSelector(checkout, (snapshot) => snapshot.context.store.inGame);
  const methods = useSelector(checkout, (snapshot) => snapshot.context.methods);
  const method = useSelector(checkout, (snapshot) => snapshot.context.method);
  const error = useSelector(checkout, (snapshot) => snapshot.context.error);
  const player = useSelector(checkout, (snapshot) => snapshot.context.player);
  const playerError = useSelector(checkout, (snapshot) => snapshot.context.playerError);
  const savedPlayer = useSavedPlayer();
  useEffect(() => checkout.send({ type: 'SUGGEST_PLAYER', player: savedPlayer }), [checkout, savedPlayer]);
  const shortfall = useSelector(checkout, (snapshot) => shortfallOf(snapshot.context));
  const blocked = useSelector(checkout, payBlocked);
  const submitting = useSelector(checkout, (snapshot) => snapshot.matches('submitting'));
  const redirecting = useSelector(checkout, (snapshot) => snapshot.matches('redirecting'));
  // The payment service was down: the order waits on the server, only the same checkout again.
  const unavailable = useSelector(checkout, (snapshot) => snapshot.matches('unavailable'));
  const busy = submitting || redirecting;
  const topUpAmount = toDecimalString(worth(shortfall), decimalsFor(currency.code));

  if (methods.length === 0) return <p>{say(messages.noMethods)}</p>;
  return (
    <form
      className="checkout"
      onSubmit={(event) => {
        event.preventDefault();
        checkout.send({ type: 'SUBMIT' });
      }}
    >
      {(inGame || playerError !== null) && (
        <TextField
          className="checkout__player"
          name="player"
          label={say(messages.player)}
          description={say(messages.playerHint)}
          value={player}
          onChange={(value) => checkout.send({ type: 'PLAYER', value })}
          isInvalid={playerError !== null}
          errorMessage={playerError ? text(playerError) : undefined}
          isDisabled={busy || unavailable}
          autoComplete="off"
          spellCheck="false"
          maxLength={32}
        />
      )}
      <fieldset className="checkout__methods" disabled={busy || unavailable}>
        <legend>{say(messages.method)}</legend>
        {methods.map((option) => (
          <label key={option} className="checkout__method">
            <input
              type="radio"
              name="payment_method"
              value={option}
              checked={method === option}
              onChange={() => checkout.send({ type: 'SELECT', method: option })}
            />
            {say(methodLabel[option], { coinName })}
          </label>
        ))}
      </fieldset>
      {method === 'balance' && (
        <div className="checkout__coins">
          <p>
            <RichText
              text={messages.yourBalance}
              values={{ amount: <CoinAmount amount={balance} currencyName={coinName} /> }}
            />
          </p>
          {shortfall > 0 && (
            <p className="checkout__short">
              <RichText text={messages.short} values={{ amount: <CoinPrice amount={shortfall} /> }} />{' '}
              <Link
                to="/account/balance"
                search={{ amount: Number(topUpAmount), return: '/cart' } as never}
                className={buttonClass('secondary', 'sm')}
              >
                {say(messages.topUp)}
              </Link>
            </p>
          )}
        </div>
      )}
      {error && <ErrorText>{text(error)}</ErrorText>}
      <button
        type="submit"
        className={buttonClass('primary', 'lg', true)}
        aria-disabled={blocked || undefined}
      >
        {say(
          submitting
            ? messages.submitting
            : redirecting
              ? messages.redirecting
              : unavailable
                ? messages.retry
                : method === 'card'
                  ? messages.payCard
                  : messages.payCoins,
          { coinName },
        )}
      </button>
      {busy && (
        <p className="visually-hidden" role="status">
          {say(submitting ? messages.submitting : messages.redirecting)}
        </p>
      )}
    </form>
  );
}
