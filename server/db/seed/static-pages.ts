import type { SeedLanguageCode } from './reference-data';

interface PageText {
  title: string;
  content: string;
}

export interface SeedStaticPage {
  slug: string;
  isTerms: boolean;
  isPrivacy: boolean;
  text: Record<SeedLanguageCode, PageText>;
}

const support = '<a href="mailto:support@blockfront.example">support@blockfront.example</a>';

export const seedStaticPages: SeedStaticPage[] = [
  {
    slug: 'rules',
    isTerms: false,
    isPrivacy: false,
    text: {
      en: {
        title: 'Server Rules',
        content: `<p>These rules apply on every Blockfront server, in chat and on our Discord.</p>
<ol>
<li><strong>Be respectful.</strong> No harassment, hate speech, threats or spam.</li>
<li><strong>No cheating.</strong> Hacked clients, x-ray, auto-clickers and exploiting bugs are forbidden. Report bugs to staff instead.</li>
<li><strong>No griefing.</strong> Do not destroy or steal from builds that are not yours, even outside claimed land.</li>
<li><strong>Keep it clean.</strong> Builds, names and skins must be suitable for all ages.</li>
<li><strong>No advertising</strong> of other servers or services.</li>
<li><strong>Trade fairly.</strong> Scams and chargebacks lead to a ban.</li>
<li><strong>Listen to staff.</strong> If you disagree with a decision, appeal politely at ${support}.</li>
</ol>
<p>Breaking a rule can lead to a warning, a mute, a temporary or a permanent ban, depending on how serious it is.</p>`,
      },
      de: {
        title: 'Serverregeln',
        content: `<p>Diese Regeln gelten auf allen Blockfront-Servern, im Chat und auf unserem Discord.</p>
<ol>
<li><strong>Sei respektvoll.</strong> Keine Belästigung, Hassrede, Drohungen oder Spam.</li>
<li><strong>Kein Cheaten.</strong> Modifizierte Clients, X-Ray, Autoklicker und das Ausnutzen von Fehlern sind verboten. Melde Fehler dem Team.</li>
<li><strong>Kein Griefing.</strong> Zerstöre oder bestiehl keine fremden Bauwerke, auch nicht außerhalb geschützter Gebiete.</li>
<li><strong>Bleib sauber.</strong> Bauwerke, Namen und Skins müssen für alle Altersgruppen geeignet sein.</li>
<li><strong>Keine Werbung</strong> für andere Server oder Dienste.</li>
<li><strong>Handle fair.</strong> Betrug und Rückbuchungen führen zum Bann.</li>
<li><strong>Folge dem Team.</strong> Einsprüche bitte höflich an ${support}.</li>
</ol>
<p>Verstöße führen je nach Schwere zu einer Verwarnung, einem Mute, einem befristeten oder dauerhaften Bann.</p>`,
      },
      es: {
        title: 'Normas del servidor',
        content: `<p>Estas normas se aplican en todos los servidores de Blockfront, en el chat y en nuestro Discord.</p>
<ol>
<li><strong>Sé respetuoso.</strong> Nada de acoso, discursos de odio, amenazas ni spam.</li>
<li><strong>Sin trampas.</strong> Prohibidos los clientes modificados, x-ray, autoclickers y el abuso de errores. Informa de los errores al equipo.</li>
<li><strong>Sin griefing.</strong> No destruyas ni robes construcciones ajenas, aunque no estén protegidas.</li>
<li><strong>Contenido apropiado.</strong> Construcciones, nombres y skins aptos para todas las edades.</li>
<li><strong>Sin publicidad</strong> de otros servidores o servicios.</li>
<li><strong>Comercia con honestidad.</strong> Las estafas y los contracargos conllevan un baneo.</li>
<li><strong>Escucha al equipo.</strong> Si no estás de acuerdo con una decisión, apela con educación en ${support}.</li>
</ol>
<p>Según la gravedad, incumplir una norma supone un aviso, un silencio, un baneo temporal o permanente.</p>`,
      },
    },
  },
  {
    slug: 'faq',
    isTerms: false,
    isPrivacy: false,
    text: {
      en: {
        title: 'FAQ',
        content: `<h2>How do I join?</h2>
<p>Copy the server address on the home page, open the game, choose Multiplayer, then Add Server, and paste the address.</p>
<h2>Which game versions are supported?</h2>
<p>Java Edition from 1.20 to the latest release.</p>
<h2>What are Coins?</h2>
<p>Coins are the store's balance. Top up with a debit or credit card, then spend Coins on ranks, keys and cosmetics.</p>
<h2>When do I get my purchase?</h2>
<p>Within a minute of a successful payment. Join the server with the name on your account; if nothing arrives, write to ${support}.</p>
<h2>Can I get a refund?</h2>
<p>Unused Coins can be refunded within 14 days of the top-up. Items that were delivered are not refundable.</p>`,
      },
      de: {
        title: 'Häufige Fragen',
        content: `<h2>Wie trete ich bei?</h2>
<p>Kopiere die Serveradresse auf der Startseite, öffne das Spiel, wähle Mehrspieler, dann Server hinzufügen, und füge die Adresse ein.</p>
<h2>Welche Spielversionen werden unterstützt?</h2>
<p>Java Edition von 1.20 bis zur aktuellen Version.</p>
<h2>Was sind Coins?</h2>
<p>Coins sind das Guthaben im Shop. Lade per Debit- oder Kreditkarte auf und gib Coins für Ränge, Schlüssel und Kosmetik aus.</p>
<h2>Wann erhalte ich meinen Kauf?</h2>
<p>Innerhalb einer Minute nach erfolgreicher Zahlung. Betritt den Server mit dem Namen deines Kontos; falls nichts ankommt, schreib an ${support}.</p>
<h2>Kann ich eine Rückerstattung bekommen?</h2>
<p>Nicht genutzte Coins erstatten wir innerhalb von 14 Tagen nach der Aufladung. Bereits gelieferte Items sind ausgeschlossen.</p>`,
      },
      es: {
        title: 'Preguntas frecuentes',
        content: `<h2>¿Cómo me uno?</h2>
<p>Copia la dirección del servidor en la página de inicio, abre el juego, elige Multijugador, luego Añadir servidor, y pega la dirección.</p>
<h2>¿Qué versiones del juego se admiten?</h2>
<p>Java Edition desde la 1.20 hasta la última versión.</p>
<h2>¿Qué son las Coins?</h2>
<p>Las Coins son el saldo de la tienda. Recarga con tarjeta de débito o crédito y gástalas en rangos, llaves y cosméticos.</p>
<h2>¿Cuándo recibo mi compra?</h2>
<p>En menos de un minuto tras el pago. Entra al servidor con el nombre de tu cuenta; si no llega nada, escribe a ${support}.</p>
<h2>¿Puedo pedir un reembolso?</h2>
<p>Las Coins no usadas se reembolsan durante 14 días tras la recarga. Los objetos ya entregados no son reembolsables.</p>`,
      },
    },
  },
  {
    slug: 'terms',
    isTerms: true,
    isPrivacy: false,
    text: {
      en: {
        title: 'Terms of Service',
        content: `<p>These terms govern your use of the Blockfront store, operated by Blockfront Network Ltd.</p>
<h2>Account</h2>
<p>You must give true details and keep your password secret. You are responsible for purchases made with your account. Players under 16 need a parent's permission.</p>
<h2>Coins and purchases</h2>
<p>Coins are a prepaid balance that can only be spent in this store; they have no cash value and cannot be transferred. Prices are shown in Coins; top-ups are charged in the currency you choose, taxes included.</p>
<h2>Delivery and refunds</h2>
<p>Digital items are delivered to your game account right after payment. You agree that delivery starts immediately, which ends the right of withdrawal for delivered items. Unused Coins can be refunded within 14 days.</p>
<h2>Conduct</h2>
<p>Purchased ranks do not exempt anyone from the server rules. A ban for breaking the rules does not entitle you to a refund.</p>
<h2>Contact</h2>
<p>Questions about these terms: ${support}.</p>`,
      },
      de: {
        title: 'Nutzungsbedingungen',
        content: `<p>Diese Bedingungen regeln die Nutzung des Blockfront-Shops, betrieben von der Blockfront Network Ltd.</p>
<h2>Konto</h2>
<p>Du musst wahre Angaben machen und dein Passwort geheim halten. Du bist für Käufe über dein Konto verantwortlich. Spieler unter 16 brauchen die Erlaubnis eines Elternteils.</p>
<h2>Coins und Käufe</h2>
<p>Coins sind ein vorausbezahltes Guthaben, das nur in diesem Shop eingelöst werden kann; sie haben keinen Geldwert und sind nicht übertragbar. Preise werden in Coins angezeigt; Aufladungen werden in der gewählten Währung inklusive Steuern berechnet.</p>
<h2>Lieferung und Erstattung</h2>
<p>Digitale Items werden direkt nach der Zahlung auf dein Spielkonto geliefert. Du stimmst dem sofortigen Beginn der Lieferung zu, wodurch das Widerrufsrecht für gelieferte Items erlischt. Nicht genutzte Coins erstatten wir innerhalb von 14 Tagen.</p>
<h2>Verhalten</h2>
<p>Gekaufte Ränge befreien nicht von den Serverregeln. Ein Bann wegen Regelverstößen begründet keinen Erstattungsanspruch.</p>
<h2>Kontakt</h2>
<p>Fragen zu diesen Bedingungen: ${support}.</p>`,
      },
      es: {
        title: 'Condiciones del servicio',
        content: `<p>Estas condiciones regulan el uso de la tienda Blockfront, gestionada por Blockfront Network Ltd.</p>
<h2>Cuenta</h2>
<p>Debes dar datos verdaderos y mantener tu contraseña en secreto. Eres responsable de las compras hechas con tu cuenta. Los menores de 16 años necesitan permiso de un tutor.</p>
<h2>Coins y compras</h2>
<p>Las Coins son un saldo prepagado que solo puede gastarse en esta tienda; no tienen valor monetario ni son transferibles. Los precios se muestran en Coins; las recargas se cobran en la moneda elegida, impuestos incluidos.</p>
<h2>Entrega y reembolsos</h2>
<p>Los objetos digitales se entregan en tu cuenta del juego justo después del pago. Aceptas que la entrega empiece de inmediato, lo que extingue el derecho de desistimiento sobre lo entregado. Las Coins no usadas se reembolsan durante 14 días.</p>
<h2>Conducta</h2>
<p>Los rangos comprados no eximen de las normas del servidor. Un baneo por incumplirlas no da derecho a reembolso.</p>
<h2>Contacto</h2>
<p>Dudas sobre estas condiciones: ${support}.</p>`,
      },
    },
  },
  {
    slug: 'privacy',
    isTerms: false,
    isPrivacy: true,
    text: {
      en: {
        title: 'Privacy Policy',
        content: `<p>Blockfront Network Ltd is the controller of the personal data processed by this store.</p>
<h2>What we collect</h2>
<p>Your name, email address, phone number, country and city when you register; your address and post code if you add them; your orders, top-ups and balance. Card details are entered on the payment provider's page and never reach us.</p>
<h2>Why</h2>
<p>To run your account, deliver purchases, prevent fraud and meet our tax and accounting duties.</p>
<h2>How long</h2>
<p>Account data for as long as the account exists; payment records for ten years, as tax law requires.</p>
<h2>Your rights</h2>
<p>You may ask for access, correction, deletion, restriction or a copy of your data, and object to processing. Write to ${support}. You may also complain to a data protection authority.</p>`,
      },
      de: {
        title: 'Datenschutzerklärung',
        content: `<p>Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Shop ist die Blockfront Network Ltd.</p>
<h2>Was wir erheben</h2>
<p>Name, E-Mail-Adresse, Telefonnummer, Land und Stadt bei der Registrierung; Adresse und Postleitzahl, wenn du sie angibst; deine Bestellungen, Aufladungen und dein Guthaben. Kartendaten gibst du auf der Seite des Zahlungsanbieters ein; sie erreichen uns nie.</p>
<h2>Wozu</h2>
<p>Um dein Konto zu führen, Käufe zu liefern, Betrug zu verhindern und steuerliche Pflichten zu erfüllen.</p>
<h2>Wie lange</h2>
<p>Kontodaten, solange das Konto besteht; Zahlungsbelege zehn Jahre, wie es das Steuerrecht verlangt.</p>
<h2>Deine Rechte</h2>
<p>Du kannst Auskunft, Berichtigung, Löschung, Einschränkung oder eine Kopie deiner Daten verlangen und der Verarbeitung widersprechen. Schreib an ${support}. Du kannst dich auch bei einer Datenschutzbehörde beschweren.</p>`,
      },
      es: {
        title: 'Política de privacidad',
        content: `<p>Blockfront Network Ltd es responsable del tratamiento de los datos personales de esta tienda.</p>
<h2>Qué recogemos</h2>
<p>Nombre, correo electrónico, teléfono, país y ciudad al registrarte; dirección y código postal si los añades; tus pedidos, recargas y saldo. Los datos de la tarjeta se introducen en la página del proveedor de pagos y nunca nos llegan.</p>
<h2>Para qué</h2>
<p>Para gestionar tu cuenta, entregar las compras, prevenir el fraude y cumplir obligaciones fiscales y contables.</p>
<h2>Cuánto tiempo</h2>
<p>Los datos de la cuenta mientras exista; los registros de pago diez años, como exige la ley fiscal.</p>
<h2>Tus derechos</h2>
<p>Puedes solicitar acceso, rectificación, supresión, limitación o una copia de tus datos, y oponerte al tratamiento. Escribe a ${support}. También puedes reclamar ante una autoridad de protección de datos.</p>`,
      },
    },
  },
  {
    slug: 'cookie-policy',
    isTerms: false,
    isPrivacy: false,
    text: {
      en: {
        title: 'Cookie Policy',
        content: `<p>This store uses as little browser storage as it can.</p>
<h2>Always on</h2>
<ul>
<li><strong>cookie_consent</strong> (cookie, 365 days): remembers your answer to the cookie banner.</li>
<li><strong>auth_session</strong> and <strong>token</strong> (local storage): keep you signed in until you log out.</li>
<li><strong>languageId</strong> and the chosen currency (local storage): remember your display preferences.</li>
</ul>
<h2>Only with your consent</h2>
<p>Analytics, if the operator enables them, run only after you accept. Declining keeps the store fully usable.</p>
<p>You can clear these at any time in your browser settings. Questions: ${support}.</p>`,
      },
      de: {
        title: 'Cookie-Richtlinie',
        content: `<p>Dieser Shop nutzt so wenig Browserspeicher wie möglich.</p>
<h2>Immer aktiv</h2>
<ul>
<li><strong>cookie_consent</strong> (Cookie, 365 Tage): merkt sich deine Antwort auf das Cookie-Banner.</li>
<li><strong>auth_session</strong> und <strong>token</strong> (Local Storage): halten dich angemeldet, bis du dich abmeldest.</li>
<li><strong>languageId</strong> und die gewählte Währung (Local Storage): merken sich deine Anzeigeeinstellungen.</li>
</ul>
<h2>Nur mit deiner Zustimmung</h2>
<p>Analysen, falls der Betreiber sie aktiviert, laufen erst nach deiner Zustimmung. Auch bei Ablehnung bleibt der Shop voll nutzbar.</p>
<p>Du kannst diese Daten jederzeit in den Browsereinstellungen löschen. Fragen: ${support}.</p>`,
      },
      es: {
        title: 'Política de cookies',
        content: `<p>Esta tienda usa el mínimo almacenamiento posible en tu navegador.</p>
<h2>Siempre activas</h2>
<ul>
<li><strong>cookie_consent</strong> (cookie, 365 días): recuerda tu respuesta al aviso de cookies.</li>
<li><strong>auth_session</strong> y <strong>token</strong> (almacenamiento local): mantienen tu sesión hasta que la cierres.</li>
<li><strong>languageId</strong> y la moneda elegida (almacenamiento local): recuerdan tus preferencias.</li>
</ul>
<h2>Solo con tu consentimiento</h2>
<p>La analítica, si el operador la activa, solo funciona después de que aceptes. Si la rechazas, la tienda sigue funcionando por completo.</p>
<p>Puedes borrar estos datos cuando quieras en los ajustes del navegador. Dudas: ${support}.</p>`,
      },
    },
  },
];
