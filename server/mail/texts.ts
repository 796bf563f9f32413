import type { Locale } from '../i18n/messages';

/** Every text of the store's mails, in each language the server ships (docs/product.md §5). */
export interface Texts {
  greeting: (name: string) => string;
  verifySubject: (shop: string) => string;
  verifyBody: string;
  verifyAction: string;
  resetSubject: (shop: string) => string;
  resetBody: string;
  resetAction: string;
  resetIgnore: string;
  signInSubject: (shop: string) => string;
  signInBody: string;
  signInAction: string;
  signInValidFor: (minutes: number) => string;
  signInIgnore: string;
  changedSubject: (shop: string) => string;
  changedBody: (newEmail: string) => string;
  changedHelp: string;
  passwordChangedSubject: (shop: string) => string;
  passwordChangedBody: string;
  orderSubject: (shop: string, id: number) => string;
  orderBody: (id: number) => string;
  orderTotal: string;
  orderPaidWithCoins: (coins: string) => string;
  orderPaidByCard: (amount: string) => string;
  orderAction: string;
  topUpSubject: (shop: string) => string;
  topUpBody: string;
  topUpPaid: string;
  topUpVat: (percent: string) => string;
  topUpCoins: string;
  topUpSeller: string;
  topUpRegNumber: (number: string) => string;
  deliverySubject: (shop: string, id: number) => string;
  deliveryBody: (id: number, player: string) => string;
  validFor: (hours: number) => string;
  signature: (shop: string) => string;
}

export const texts: Record<Locale, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    verifySubject: (shop) => `Verify your email address for ${shop}`,
    verifyBody: 'Please confirm your email address by opening this link:',
    verifyAction: 'Verify email address',
    resetSubject: (shop) => `Reset your ${shop} password`,
    resetBody: 'We received a request to reset your password. Choose a new one here:',
    resetAction: 'Reset password',
    resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    signInSubject: (shop) => `Your ${shop} sign-in link`,
    signInBody: 'Sign in on the device you asked from with this link, no password needed:',
    signInAction: 'Sign in',
    signInValidFor: (minutes) => `The link works once, within ${minutes} minutes.`,
    signInIgnore:
      'If you did not ask for it, ignore this email: nobody can sign in without the link, and your password stays as it is.',
    changedSubject: (shop) => `Your ${shop} email address was changed`,
    changedBody: (newEmail) => `The email address of your account was changed to ${newEmail}.`,
    changedHelp: 'If you did not do this, contact support right away.',
    passwordChangedSubject: (shop) => `Your ${shop} password was changed`,
    passwordChangedBody: 'The password of your account was changed, and your other devices were signed out.',
    orderSubject: (shop, id) => `${shop}: order #${id} confirmed`,
    orderBody: (id) => `Thank you for your order #${id}. It is paid:`,
    orderTotal: 'Total',
    orderPaidWithCoins: (coins) => `Paid with ${coins} from your balance.`,
    orderPaidByCard: (amount) => `Paid by card: ${amount}.`,
    orderAction: 'View the order',
    topUpSubject: (shop) => `${shop}: receipt for your top-up`,
    topUpBody: 'Thank you for your payment. Your receipt:',
    topUpPaid: 'Amount paid',
    topUpVat: (percent) => `Of which VAT (${percent}%)`,
    topUpCoins: 'Coins credited',
    topUpSeller: 'Seller',
    topUpRegNumber: (number) => `Registration number: ${number}`,
    deliverySubject: (shop, id) => `${shop}: order #${id} delivered`,
    deliveryBody: (id, player) => `The game server has delivered your order #${id} to ${player}.`,
    validFor: (hours) => `The link is valid for ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    signature: (shop) => `The ${shop} team`,
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    verifySubject: (shop) => `Bestätige deine E-Mail-Adresse für ${shop}`,
    verifyBody: 'Bitte bestätige deine E-Mail-Adresse über diesen Link:',
    verifyAction: 'E-Mail-Adresse bestätigen',
    resetSubject: (shop) => `Setze dein ${shop}-Passwort zurück`,
    resetBody: 'Wir haben eine Anfrage zum Zurücksetzen deines Passworts erhalten. Wähle hier ein neues:',
    resetAction: 'Passwort zurücksetzen',
    resetIgnore:
      'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
    signInSubject: (shop) => `Dein Anmeldelink für ${shop}`,
    signInBody:
      'Melde dich mit diesem Link auf dem Gerät an, auf dem du ihn angefordert hast, ganz ohne Passwort:',
    signInAction: 'Anmelden',
    signInValidFor: (minutes) => `Der Link funktioniert einmal, innerhalb von ${minutes} Minuten.`,
    signInIgnore:
      'Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: ohne den Link kann sich niemand anmelden, und dein Passwort bleibt unverändert.',
    changedSubject: (shop) => `Deine E-Mail-Adresse bei ${shop} wurde geändert`,
    changedBody: (newEmail) => `Die E-Mail-Adresse deines Kontos wurde in ${newEmail} geändert.`,
    changedHelp: 'Wenn du das nicht warst, wende dich bitte sofort an den Support.',
    passwordChangedSubject: (shop) => `Dein ${shop}-Passwort wurde geändert`,
    passwordChangedBody:
      'Das Passwort deines Kontos wurde geändert, und deine anderen Geräte wurden abgemeldet.',
    orderSubject: (shop, id) => `${shop}: Bestellung #${id} bestätigt`,
    orderBody: (id) => `Danke für deine Bestellung #${id}. Sie ist bezahlt:`,
    orderTotal: 'Summe',
    orderPaidWithCoins: (coins) => `Bezahlt mit ${coins} von deinem Guthaben.`,
    orderPaidByCard: (amount) => `Bezahlt per Karte: ${amount}.`,
    orderAction: 'Bestellung ansehen',
    topUpSubject: (shop) => `${shop}: Beleg für deine Aufladung`,
    topUpBody: 'Danke für deine Zahlung. Dein Beleg:',
    topUpPaid: 'Bezahlter Betrag',
    topUpVat: (percent) => `Davon MwSt. (${percent} %)`,
    topUpCoins: 'Gutgeschriebene Coins',
    topUpSeller: 'Verkäufer',
    topUpRegNumber: (number) => `Registernummer: ${number}`,
    deliverySubject: (shop, id) => `${shop}: Bestellung #${id} geliefert`,
    deliveryBody: (id, player) => `Der Spielserver hat deine Bestellung #${id} an ${player} geliefert.`,
    validFor: (hours) => `Der Link ist ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} gültig.`,
    signature: (shop) => `Dein ${shop}-Team`,
  },
  es: {
    greeting: (name) => `Hola ${name}:`,
    verifySubject: (shop) => `Verifica tu correo electrónico en ${shop}`,
    verifyBody: 'Confirma tu dirección de correo electrónico abriendo este enlace:',
    verifyAction: 'Verificar correo electrónico',
    resetSubject: (shop) => `Restablece tu contraseña de ${shop}`,
    resetBody: 'Hemos recibido una solicitud para restablecer tu contraseña. Elige una nueva aquí:',
    resetAction: 'Restablecer contraseña',
    resetIgnore: 'Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.',
    signInSubject: (shop) => `Tu enlace para iniciar sesión en ${shop}`,
    signInBody: 'Inicia sesión con este enlace en el dispositivo desde el que lo pediste, sin contraseña:',
    signInAction: 'Iniciar sesión',
    signInValidFor: (minutes) => `El enlace funciona una vez, durante ${minutes} minutos.`,
    signInIgnore:
      'Si no lo has pedido, ignora este correo: nadie puede iniciar sesión sin el enlace y tu contraseña no cambiará.',
    changedSubject: (shop) => `Se ha cambiado tu correo electrónico en ${shop}`,
    changedBody: (newEmail) => `El correo electrónico de tu cuenta se ha cambiado a ${newEmail}.`,
    changedHelp: 'Si no has sido tú, contacta con soporte de inmediato.',
    passwordChangedSubject: (shop) => `Se ha cambiado tu contraseña de ${shop}`,
    passwordChangedBody:
      'Se ha cambiado la contraseña de tu cuenta y se ha cerrado la sesión en tus otros dispositivos.',
    orderSubject: (shop, id) => `${shop}: pedido #${id} confirmado`,
    orderBody: (id) => `Gracias por tu pedido #${id}. Está pagado:`,
    orderTotal: 'Total',
    orderPaidWithCoins: (coins) => `Pagado con ${coins} de tu saldo.`,
    orderPaidByCard: (amount) => `Pagado con tarjeta: ${amount}.`,
    orderAction: 'Ver el pedido',
    topUpSubject: (shop) => `${shop}: recibo de tu recarga`,
    topUpBody: 'Gracias por tu pago. Tu recibo:',
    topUpPaid: 'Importe pagado',
    topUpVat: (percent) => `IVA incluido (${percent} %)`,
    topUpCoins: 'Monedas abonadas',
    topUpSeller: 'Vendedor',
    topUpRegNumber: (number) => `Número de registro: ${number}`,
    deliverySubject: (shop, id) => `${shop}: pedido #${id} entregado`,
    deliveryBody: (id, player) => `El servidor del juego ha entregado tu pedido #${id} a ${player}.`,
    validFor: (hours) => `El enlace es válido durante ${hours} ${hours === 1 ? 'hora' : 'horas'}.`,
    signature: (shop) => `El equipo de ${shop}`,
  },
};
