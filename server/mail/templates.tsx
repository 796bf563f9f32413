import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';
import { formatCoins, formatMoney } from '../../domain/money-text';
import type { Locale } from '../i18n/messages';
import type { MailMessage } from './mailer';
import { type Texts, texts } from './texts';

/**
 * The store's one template set (React Email, server only: nothing under src/ imports it). Every
 * mail is one `Layout` rendered twice, to HTML and to its plain-text part.
 */

/** Absolute link of an email verification token (the API route that verifies and redirects). */
export function verifyEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/email/verify/${encodeURIComponent(token)}`;
}

/** Absolute link of the storefront's reset form for a token and its address. */
export function resetPasswordLink(publicUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl}/reset-password-confirm?${query.toString()}`;
}

/** Absolute link of the storefront's sign-in link page for a token and its address. */
export function signInLink(publicUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl}/login/link?${query.toString()}`;
}

/** Absolute link of a customer's order page. */
export function orderLink(publicUrl: string, orderId: number): string {
  return `${publicUrl}/account/orders/${orderId}`;
}

export interface MailContext {
  locale: Locale;
  publicUrl: string;
  /** The store's name as customers know it (e.g. the company name setting). */
  shopName: string;
  to: string;
  name: string;
}

const main = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: '#18181b' };
const box = { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px', maxWidth: '560px' };
const button = {
  backgroundColor: '#166534',
  color: '#ffffff',
  padding: '10px 16px',
  borderRadius: '4px',
  textDecoration: 'none',
};
const small = { fontSize: '13px', color: '#52525b' };

function Layout(props: { context: MailContext; preview: string; children: ReactNode }) {
  const l = texts[props.context.locale];
  return (
    <Html lang={props.context.locale}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={main}>
        <Container style={box}>
          <Text>{l.greeting(props.context.name)}</Text>
          {props.children}
          <Hr />
          <Text style={small}>{l.signature(props.context.shopName)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A call to action: a button in the HTML part, its label and address in the text part. */
function Action(props: { href: string; label: string }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button href={props.href} style={button}>
        {props.label}
      </Button>
    </Section>
  );
}

/** A label and its amount on one line. */
function Amount(props: { label: string; value: string; strong?: boolean }) {
  return (
    <Text style={{ margin: '4px 0', fontWeight: props.strong ? 'bold' : 'normal' }}>
      {props.label}: {props.value}
    </Text>
  );
}

async function compose(context: MailContext, subject: string, body: ReactNode): Promise<MailMessage> {
  const element = (
    <Layout context={context} preview={subject}>
      {body}
    </Layout>
  );
  // One render: the text part is converted from the HTML (what `plainText: true` would render again).
  const html = await render(element);
  const text = toPlainText(html);
  return { to: context.to, subject, html, text: `${text.trim()}\n` };
}

export function verificationMail(context: MailContext & { token: string; validHours: number }) {
  const l = texts[context.locale];
  return compose(
    context,
    l.verifySubject(context.shopName),
    <>
      <Text>{l.verifyBody}</Text>
      <Action href={verifyEmailLink(context.publicUrl, context.token)} label={l.verifyAction} />
      <Text>{l.validFor(context.validHours)}</Text>
    </>,
  );
}

export function resetPasswordMail(context: MailContext & { token: string; validHours: number }) {
  const l = texts[context.locale];
  return compose(
    context,
    l.resetSubject(context.shopName),
    <>
      <Text>{l.resetBody}</Text>
      <Action href={resetPasswordLink(context.publicUrl, context.token, context.to)} label={l.resetAction} />
      <Text>{`${l.validFor(context.validHours)} ${l.resetIgnore}`}</Text>
    </>,
  );
}

/** A link that signs in without the password (ADR 0015: the way in for a new device under attack). */
export function signInLinkMail(context: MailContext & { token: string; validMinutes: number }) {
  const l = texts[context.locale];
  return compose(
    context,
    l.signInSubject(context.shopName),
    <>
      <Text>{l.signInBody}</Text>
      <Action href={signInLink(context.publicUrl, context.token, context.to)} label={l.signInAction} />
      <Text>{`${l.signInValidFor(context.validMinutes)} ${l.signInIgnore}`}</Text>
    </>,
  );
}

/** The notice to the old address after a change of email. */
export function emailChangedNotice(context: MailContext & { newEmail: string }) {
  const l = texts[context.locale];
  return compose(
    context,
    l.changedSubject(context.shopName),
    <Text>{`${l.changedBody(context.newEmail)} ${l.changedHelp}`}</Text>,
  );
}

export function passwordChangedNotice(context: MailContext) {
  const l = texts[context.locale];
  return compose(
    context,
    l.passwordChangedSubject(context.shopName),
    <Text>{`${l.passwordChangedBody} ${l.changedHelp}`}</Text>,
  );
}

export interface OrderFacts {
  orderId: number;
  /** Titles in the customer's language where the product has one, else as bought. */
  lines: { title: string; count: number; priceMinor: number }[];
  totalMinor: number;
  coinName: string;
  /** What the card paid (minor units of `currency`); null when the coins came from the balance. */
  card: { amountMinor: number; currency: string } | null;
}

export function orderConfirmationMail(context: MailContext & OrderFacts) {
  const l = texts[context.locale];
  const coins = (minor: number) => formatCoins(minor, context.locale, context.coinName);
  const paid =
    context.card === null
      ? l.orderPaidWithCoins(coins(context.totalMinor))
      : l.orderPaidByCard(
          formatMoney(context.card.amountMinor, { code: context.card.currency }, context.locale),
        );
  return compose(
    context,
    l.orderSubject(context.shopName, context.orderId),
    <>
      <Text>{l.orderBody(context.orderId)}</Text>
      <Section>
        {context.lines.map((line, index) => (
          <Amount
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a sent order never move
            key={index}
            label={`${line.count} × ${line.title}`}
            value={coins(line.priceMinor * line.count)}
          />
        ))}
        <Amount label={l.orderTotal} value={coins(context.totalMinor)} strong />
      </Section>
      <Text>{paid}</Text>
      <Action href={orderLink(context.publicUrl, context.orderId)} label={l.orderAction} />
    </>,
  );
}

export interface TopUpFacts {
  amountMinor: number;
  currency: string;
  vatMinor: number;
  vatPercent: number;
  coinsMinor: number;
  coinName: string;
  company: {
    name: string | null;
    address: string | null;
    regNumber: string | null;
    requisites: string | null;
  };
}

function companyLines(l: Texts, company: TopUpFacts['company']): string[] {
  return [
    company.name,
    company.address,
    company.regNumber === null ? null : l.topUpRegNumber(company.regNumber),
    company.requisites,
  ].filter((line): line is string => line !== null);
}

export function topUpReceiptMail(context: MailContext & TopUpFacts) {
  const l = texts[context.locale];
  const money = (minor: number) => formatMoney(minor, { code: context.currency }, context.locale);
  const seller = companyLines(l, context.company);
  return compose(
    context,
    l.topUpSubject(context.shopName),
    <>
      <Text>{l.topUpBody}</Text>
      <Section>
        <Amount label={l.topUpPaid} value={money(context.amountMinor)} strong />
        {context.vatMinor > 0 ? (
          <Amount
            label={l.topUpVat(new Intl.NumberFormat(context.locale).format(context.vatPercent))}
            value={money(context.vatMinor)}
          />
        ) : null}
        <Amount
          label={l.topUpCoins}
          value={formatCoins(context.coinsMinor, context.locale, context.coinName)}
        />
      </Section>
      {seller.length > 0 ? (
        <Section>
          <Text style={{ ...small, fontWeight: 'bold', margin: '4px 0' }}>{l.topUpSeller}</Text>
          {seller.map((line) => (
            <Text key={line} style={{ ...small, margin: '0' }}>
              {line}
            </Text>
          ))}
        </Section>
      ) : null}
    </>,
  );
}

export function deliveryCompletedMail(context: MailContext & { orderId: number; player: string }) {
  const l = texts[context.locale];
  return compose(
    context,
    l.deliverySubject(context.shopName, context.orderId),
    <>
      <Text>{l.deliveryBody(context.orderId, context.player)}</Text>
      <Action href={orderLink(context.publicUrl, context.orderId)} label={l.orderAction} />
    </>,
  );
}
