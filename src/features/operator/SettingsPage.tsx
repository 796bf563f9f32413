import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { listOf, PAYMENT_METHODS } from '../../../machines/operator/settings';
import { Button } from '../../components/Button/Button';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { ScreenStatus } from './parts';

const route = getRouteApi('/operator/settings');

export const settingsPageMessages = defineMessages({
  title: { id: 'operator.settings.title', defaultMessage: 'Settings' },
  loading: { id: 'operator.settings.loading', defaultMessage: 'Loading the settings…' },
  retry: { id: 'operator.settings.retry', defaultMessage: 'Try again' },
  submit: { id: 'operator.settings.submit', defaultMessage: 'Save settings' },
  pending: { id: 'operator.settings.pending', defaultMessage: 'Saving…' },
  reload: { id: 'operator.settings.reload', defaultMessage: 'Load their changes, keep mine' },
  contact: { id: 'operator.settings.contact', defaultMessage: 'Contact and company' },
  contactNote: {
    id: 'operator.settings.contactNote',
    defaultMessage: 'The footer shows the company once both its name and address are set.',
  },
  supportEmail: { id: 'operator.settings.supportEmail', defaultMessage: 'Support email' },
  companyName: { id: 'operator.settings.companyName', defaultMessage: 'Company name' },
  companyRegNumber: { id: 'operator.settings.companyRegNumber', defaultMessage: 'Registration number' },
  companyAddress: { id: 'operator.settings.companyAddress', defaultMessage: 'Company address' },
  requisites: { id: 'operator.settings.requisites', defaultMessage: 'Requisites' },
  requisitesHint: { id: 'operator.settings.requisitesHint', defaultMessage: 'E.g. the VAT ID' },
  copyright: { id: 'operator.settings.copyright', defaultMessage: 'Copyright line' },
  money: { id: 'operator.settings.money', defaultMessage: 'Money and coins' },
  coinName: { id: 'operator.settings.coinName', defaultMessage: 'Coin name' },
  minTopUp: { id: 'operator.settings.minTopUp', defaultMessage: 'Minimum top-up ({currency})' },
  minTopUpHint: {
    id: 'operator.settings.minTopUpHint',
    defaultMessage: 'In the default currency; other currencies by their rate. 0 for none.',
  },
  presets: { id: 'operator.settings.presets', defaultMessage: 'Top-up packs ({currency})' },
  vat: { id: 'operator.settings.vat', defaultMessage: 'VAT rate (%)' },
  conversionRate: { id: 'operator.settings.conversionRate', defaultMessage: 'Coins per {currency}' },
  welcomeBonus: { id: 'operator.settings.welcomeBonus', defaultMessage: 'Welcome bonus (coins)' },
  welcomeBonusHint: {
    id: 'operator.settings.welcomeBonusHint',
    defaultMessage: 'Credited once, when a new customer verifies their email',
  },
  paymentMethods: { id: 'operator.settings.paymentMethods', defaultMessage: 'Ways to pay shown' },
  balance: { id: 'operator.settings.method.balance', defaultMessage: 'Coin balance' },
  card: { id: 'operator.settings.method.card', defaultMessage: 'Card' },
  cardHint: {
    id: 'operator.settings.cardHint',
    defaultMessage: 'Card is offered only while the store has a payment provider.',
  },
  store: { id: 'operator.settings.store', defaultMessage: 'Store' },
  registration: { id: 'operator.settings.registration', defaultMessage: 'New customers may sign up' },
  host: { id: 'operator.settings.host', defaultMessage: 'Game server address' },
  hostHint: { id: 'operator.settings.hostHint', defaultMessage: 'Shown for players to copy; empty for none' },
  port: { id: 'operator.settings.port', defaultMessage: 'Game server port' },
  portHint: { id: 'operator.settings.portHint', defaultMessage: "Empty for the game's default port" },
  googleTag: { id: 'operator.settings.googleTag', defaultMessage: 'Google tag' },
  googleTagHint: {
    id: 'operator.settings.googleTagHint',
    defaultMessage: 'A script snippet the storefront adds to every page; empty for none',
  },
  images: { id: 'operator.settings.images', defaultMessage: 'Image tools' },
  imagePrice: { id: 'operator.settings.imagePrice', defaultMessage: 'Image generation price' },
  backgroundPrice: { id: 'operator.settings.backgroundPrice', defaultMessage: 'Background removal price' },
  upscalePrice: { id: 'operator.settings.upscalePrice', defaultMessage: 'Upscale price' },
  imageSizes: { id: 'operator.settings.imageSizes', defaultMessage: 'Image sizes' },
  imageSizesHint: {
    id: 'operator.settings.imageSizesHint',
    defaultMessage: 'Width x height, separated by commas',
  },
  upscaleFactors: { id: 'operator.settings.upscaleFactors', defaultMessage: 'Upscale factors' },
  upscaleFactorsHint: { id: 'operator.settings.upscaleFactorsHint', defaultMessage: 'Separated by commas' },
});

const m = settingsPageMessages;

function Group({ title, note, children }: { title: MessageDescriptor; note?: string; children: ReactNode }) {
  const say = useText();
  return (
    <fieldset className="operator-fieldset">
      <legend className="operator-section__title">{say(title)}</legend>
      {note && <p className="operator-section__note">{note}</p>}
      {children}
    </fieldset>
  );
}

/**
 * /operator/settings: every store setting of the API in one form (docs/product.md §3). The rules are
 * domain/settings.ts's; the API's refusals land at their fields; a save made meanwhile by somebody
 * else (412) can be loaded under this form's changes.
 */
export function SettingsPage() {
  const say = useText();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const loadError = useSelector(screen, (s) => s.context.loadError);
  const stale = useSelector(screen, (s) => s.context.stale);
  const currency = useSelector(screen, (s) => s.context.currency);
  const view = useFormView(screen, (s) => s.matches('saving'));
  const methods = listOf(view.values.payment_methods);
  const methodsError = text(view.errors.payment_methods);
  const toggleMethod = (method: string, on: boolean) =>
    screen.send({
      type: 'CHANGE',
      field: 'payment_methods',
      value: PAYMENT_METHODS.filter((known) => (known === method ? on : methods.includes(known))).join(','),
    });

  if (state === 'loading' || state === 'loadFailed') {
    return (
      <OperatorPage title={m.title}>
        <ScreenStatus state={state} messages={m} error={loadError} screen={screen} />
      </OperatorPage>
    );
  }
  return (
    <OperatorPage title={m.title}>
      <AuthForm
        className="operator-form operator-settings"
        {...view.form}
        actions={
          <div className="operator-settings__actions">
            <SubmitButton pending={view.pending} labels={m} />
            {stale && (
              <Button
                variant="secondary"
                isPending={state === 'refreshing'}
                onPress={() => screen.send({ type: 'RELOAD' })}
              >
                {say(m.reload)}
              </Button>
            )}
          </div>
        }
      >
        <Group title={m.contact} note={say(m.contactNote)}>
          <TextField
            label={say(m.supportEmail)}
            type="email"
            autoComplete="off"
            {...view.field('support_email')}
          />
          <TextField label={say(m.companyName)} autoComplete="off" {...view.field('company_name')} />
          <TextField
            label={say(m.companyRegNumber)}
            autoComplete="off"
            {...view.field('company_reg_number')}
          />
          <TextField label={say(m.companyAddress)} autoComplete="off" {...view.field('company_address')} />
          <TextField
            label={say(m.requisites)}
            description={say(m.requisitesHint)}
            autoComplete="off"
            {...view.field('requisites')}
          />
          <TextField label={say(m.copyright)} autoComplete="off" {...view.field('copyright')} />
        </Group>
        <Group title={m.money}>
          <TextField label={say(m.coinName)} autoComplete="off" {...view.field('coin_name')} />
          <TextField
            label={say(m.minTopUp, { currency })}
            description={say(m.minTopUpHint)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('min_top_up')}
          />
          <TextField
            label={say(m.presets, { currency })}
            autoComplete="off"
            {...view.field('top_up_presets')}
          />
          <TextField
            label={say(m.vat)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('vat_percent')}
          />
          <TextField
            label={say(m.conversionRate, { currency })}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('points_conversion_rate')}
          />
          <TextField
            label={say(m.welcomeBonus)}
            description={say(m.welcomeBonusHint)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('welcome_bonus_tokens')}
          />
          <fieldset className="operator-settings__choices">
            <legend>{say(m.paymentMethods)}</legend>
            <p className="operator-section__note">{say(m.cardHint)}</p>
            {PAYMENT_METHODS.map((method) => (
              <Checkbox
                key={method}
                name={`payment_methods_${method}`}
                isSelected={methods.includes(method)}
                onChange={(on) => toggleMethod(method, on)}
                isInvalid={methodsError !== undefined}
              >
                {say(method === 'card' ? m.card : m.balance)}
              </Checkbox>
            ))}
            {methodsError && <ErrorText announce={false}>{methodsError}</ErrorText>}
          </fieldset>
        </Group>
        <Group title={m.store}>
          <Checkbox
            name="is_reg_enabled"
            isSelected={view.values.is_reg_enabled === 'true'}
            onChange={(on) => screen.send({ type: 'CHANGE', field: 'is_reg_enabled', value: String(on) })}
            errorMessage={text(view.errors.is_reg_enabled)}
          >
            {say(m.registration)}
          </Checkbox>
          <TextField
            label={say(m.host)}
            description={say(m.hostHint)}
            autoComplete="off"
            {...view.field('game_server_host')}
          />
          <TextField
            label={say(m.port)}
            description={say(m.portHint)}
            inputMode="numeric"
            autoComplete="off"
            {...view.field('game_server_port')}
          />
          <TextField
            label={say(m.googleTag)}
            description={say(m.googleTagHint)}
            autoComplete="off"
            {...view.field('google_tag')}
          />
        </Group>
        <Group title={m.images}>
          <TextField
            label={say(m.imagePrice)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('image_generation_price')}
          />
          <TextField
            label={say(m.backgroundPrice)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('background_removal_price')}
          />
          <TextField
            label={say(m.upscalePrice)}
            inputMode="decimal"
            autoComplete="off"
            {...view.field('upscale_price')}
          />
          <TextField
            label={say(m.imageSizes)}
            description={say(m.imageSizesHint)}
            autoComplete="off"
            {...view.field('image_generation_sizes')}
          />
          <TextField
            label={say(m.upscaleFactors)}
            description={say(m.upscaleFactorsHint)}
            autoComplete="off"
            {...view.field('upscale_factors')}
          />
        </Group>
      </AuthForm>
    </OperatorPage>
  );
}
