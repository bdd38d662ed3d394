import type { DocumentLanguage } from '../../core/document-languages.js';
import { escapeHtml, type MailMessage } from '../../core/mail.js';

/** The words of the sign-in e-mail in one language: `{agency}` and `{party}` are filled in. */
interface SignInWords {
  subject: string;
  intro: string;
  button: string;
  fallback: string;
  validity: string;
  ignore: string;
}

/**
 * The sign-in e-mail in the eight document languages (docs/supplier-portal.md#signing-in): a
 * supplier reads it in their own language, as they read their purchase orders.
 */
export const SIGN_IN_WORDS: Readonly<Record<DocumentLanguage, SignInWords>> = {
  en: {
    subject: 'Your sign-in link to the {agency} portal',
    intro: '{agency} gives you access to its portal for {party}: your offers, jobs, files and purchase orders in one place.',
    button: 'Sign in to the portal',
    fallback: 'If the button does not work, copy this address into your browser:',
    validity: 'The link works once, for 15 minutes. Ask for a new one on the portal’s sign-in page whenever you need it.',
    ignore: 'If you did not expect this e-mail, you can ignore it.',
  },
  fr: {
    subject: 'Votre lien de connexion au portail de {agency}',
    intro: '{agency} vous donne accès à son portail pour {party} : vos offres, travaux, fichiers et bons de commande au même endroit.',
    button: 'Se connecter au portail',
    fallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    validity: 'Le lien fonctionne une seule fois, pendant 15 minutes. Demandez-en un nouveau sur la page de connexion du portail quand vous en avez besoin.',
    ignore: 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
  },
  de: {
    subject: 'Ihr Anmeldelink für das Portal von {agency}',
    intro: '{agency} gibt Ihnen Zugang zu seinem Portal für {party}: Ihre Angebote, Aufträge, Dateien und Bestellungen an einem Ort.',
    button: 'Im Portal anmelden',
    fallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    validity: 'Der Link funktioniert einmal, 15 Minuten lang. Einen neuen können Sie jederzeit auf der Anmeldeseite des Portals anfordern.',
    ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  },
  es: {
    subject: 'Su enlace de acceso al portal de {agency}',
    intro: '{agency} le da acceso a su portal para {party}: sus ofertas, trabajos, archivos y órdenes de compra en un solo lugar.',
    button: 'Acceder al portal',
    fallback: 'Si el botón no funciona, copie esta dirección en su navegador:',
    validity: 'El enlace funciona una sola vez, durante 15 minutos. Pida uno nuevo en la página de acceso del portal cuando lo necesite.',
    ignore: 'Si no esperaba este correo, puede ignorarlo.',
  },
  it: {
    subject: 'Il suo link di accesso al portale di {agency}',
    intro: '{agency} le dà accesso al suo portale per {party}: offerte, lavori, file e ordini di acquisto in un unico posto.',
    button: 'Accedi al portale',
    fallback: 'Se il pulsante non funziona, copi questo indirizzo nel browser:',
    validity: 'Il link funziona una sola volta, per 15 minuti. Ne può chiedere uno nuovo dalla pagina di accesso del portale quando serve.',
    ignore: 'Se non si aspettava questa e-mail, può ignorarla.',
  },
  nl: {
    subject: 'Uw aanmeldlink voor het portaal van {agency}',
    intro: '{agency} geeft u toegang tot zijn portaal voor {party}: uw aanbiedingen, opdrachten, bestanden en inkooporders op één plek.',
    button: 'Aanmelden bij het portaal',
    fallback: 'Werkt de knop niet? Kopieer dan dit adres naar uw browser:',
    validity: 'De link werkt één keer, 15 minuten lang. Vraag een nieuwe aan op de aanmeldpagina van het portaal wanneer u die nodig hebt.',
    ignore: 'Als u deze e-mail niet verwachtte, kunt u hem negeren.',
  },
  pt: {
    subject: 'O seu link de acesso ao portal de {agency}',
    intro: '{agency} dá-lhe acesso ao seu portal para {party}: as suas ofertas, trabalhos, ficheiros e ordens de compra num só lugar.',
    button: 'Entrar no portal',
    fallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
    validity: 'O link funciona uma única vez, durante 15 minutos. Peça um novo na página de acesso do portal sempre que precisar.',
    ignore: 'Se não esperava este e-mail, pode ignorá-lo.',
  },
  pl: {
    subject: 'Link do logowania w portalu {agency}',
    intro: '{agency} daje Ci dostęp do swojego portalu dla {party}: oferty, zlecenia, pliki i zamówienia w jednym miejscu.',
    button: 'Zaloguj się do portalu',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    validity: 'Link działa jeden raz, przez 15 minut. Nowy możesz poprosić na stronie logowania portalu, kiedy tylko zechcesz.',
    ignore: 'Jeśli nie spodziewałeś(-aś) się tej wiadomości, zignoruj ją.',
  },
};

const fill = (text: string, values: { agency: string; party: string }) => text.replace('{agency}', values.agency).replace('{party}', values.party);

/** The e-mail that carries a portal person's sign-in link, in their language. */
export function signInMail(input: { to: string; url: string; language: DocumentLanguage; agency: string; party: string }): MailMessage {
  const words = SIGN_IN_WORDS[input.language];
  const values = { agency: input.agency, party: input.party };
  const intro = fill(words.intro, values);
  const text = [intro, input.url, words.validity, words.ignore].join('\n\n') + '\n';
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(words.button)}</a></p>`,
    `<p>${escapeHtml(words.fallback)}<br>${escapeHtml(input.url)}</p>`,
    `<p>${escapeHtml(words.validity)}</p>`,
    `<p>${escapeHtml(words.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: fill(words.subject, values), text, html };
}
