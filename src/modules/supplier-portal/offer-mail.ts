import type { DocumentLanguage } from '../../core/document-languages.js';
import { escapeHtml } from '../../core/mail.js';
import type { PortalMailPayload } from '../portal-access/index.js';
import type { PortalWorkObject } from './schemas.js';

/** The words of the e-mail that sends work to a supplier; `{agency}`, `{name}` are filled in. */
interface OfferWords {
  subject: string;
  /** When the agency asks an answer. */
  offered: string;
  /** When the work is simply theirs. */
  sent: string;
  due: string;
  /** The offer's expiry, when it was offered to several suppliers. */
  expires: string;
  quantity: string;
  total: string;
  open: string;
  signIn: string;
}

/** In the eight document languages, as the supplier reads their purchase orders. */
export const OFFER_WORDS: Readonly<Record<DocumentLanguage, OfferWords>> = {
  en: {
    subject: '{agency}: {name}',
    offered: '{agency} offers you new work. Please accept or refuse it on the portal.',
    sent: '{agency} has sent you new work on its portal.',
    due: 'Due',
    expires: 'Answer before',
    quantity: 'Quantity',
    total: 'Your total',
    open: 'Open the work on the portal',
    signIn: 'If you are asked to sign in, ask for a sign-in link with this e-mail address.',
  },
  fr: {
    subject: '{agency} : {name}',
    offered: '{agency} vous propose un nouveau travail. Merci de l’accepter ou de le refuser sur le portail.',
    sent: '{agency} vous a envoyé un nouveau travail sur son portail.',
    due: 'Échéance',
    expires: 'Réponse attendue avant',
    quantity: 'Quantité',
    total: 'Votre total',
    open: 'Ouvrir le travail sur le portail',
    signIn: 'Si l’on vous demande de vous connecter, demandez un lien de connexion avec cette adresse e-mail.',
  },
  de: {
    subject: '{agency}: {name}',
    offered: '{agency} bietet Ihnen einen neuen Auftrag an. Bitte nehmen Sie ihn im Portal an oder lehnen Sie ihn ab.',
    sent: '{agency} hat Ihnen im Portal einen neuen Auftrag gesendet.',
    due: 'Fällig',
    expires: 'Antwort bis',
    quantity: 'Menge',
    total: 'Ihr Gesamtbetrag',
    open: 'Auftrag im Portal öffnen',
    signIn: 'Wenn Sie sich anmelden sollen, fordern Sie mit dieser E-Mail-Adresse einen Anmeldelink an.',
  },
  es: {
    subject: '{agency}: {name}',
    offered: '{agency} le ofrece un nuevo trabajo. Acéptelo o recházelo en el portal, por favor.',
    sent: '{agency} le ha enviado un nuevo trabajo en su portal.',
    due: 'Entrega',
    expires: 'Respuesta antes de',
    quantity: 'Cantidad',
    total: 'Su total',
    open: 'Abrir el trabajo en el portal',
    signIn: 'Si se le pide iniciar sesión, solicite un enlace de acceso con esta dirección de correo.',
  },
  it: {
    subject: '{agency}: {name}',
    offered: '{agency} le offre un nuovo lavoro. La preghiamo di accettarlo o rifiutarlo sul portale.',
    sent: '{agency} le ha inviato un nuovo lavoro sul suo portale.',
    due: 'Scadenza',
    expires: 'Risposta entro',
    quantity: 'Quantità',
    total: 'Il suo totale',
    open: 'Apri il lavoro sul portale',
    signIn: 'Se le viene chiesto di accedere, richieda un link di accesso con questo indirizzo e-mail.',
  },
  nl: {
    subject: '{agency}: {name}',
    offered: '{agency} biedt u een nieuwe opdracht aan. Wilt u die in het portaal accepteren of weigeren?',
    sent: '{agency} heeft u een nieuwe opdracht gestuurd in zijn portaal.',
    due: 'Deadline',
    expires: 'Antwoorden vóór',
    quantity: 'Hoeveelheid',
    total: 'Uw totaal',
    open: 'Opdracht openen in het portaal',
    signIn: 'Wordt u gevraagd om aan te melden? Vraag dan een aanmeldlink aan met dit e-mailadres.',
  },
  pt: {
    subject: '{agency}: {name}',
    offered: '{agency} oferece-lhe um novo trabalho. Por favor, aceite-o ou recuse-o no portal.',
    sent: '{agency} enviou-lhe um novo trabalho no seu portal.',
    due: 'Prazo',
    expires: 'Responder até',
    quantity: 'Quantidade',
    total: 'O seu total',
    open: 'Abrir o trabalho no portal',
    signIn: 'Se lhe pedirem para entrar, peça um link de acesso com este endereço de e-mail.',
  },
  pl: {
    subject: '{agency}: {name}',
    offered: '{agency} proponuje Ci nowe zlecenie. Przyjmij je lub odrzuć w portalu.',
    sent: '{agency} przesłała Ci nowe zlecenie w swoim portalu.',
    due: 'Termin',
    expires: 'Odpowiedz do',
    quantity: 'Ilość',
    total: 'Twoja kwota',
    open: 'Otwórz zlecenie w portalu',
    signIn: 'Jeśli pojawi się prośba o zalogowanie, poproś o link do logowania na ten adres e-mail.',
  },
};

const LOCALES: Record<DocumentLanguage, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pt: 'pt-PT', pl: 'pl-PL' };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The e-mail that sends a piece of work to one of the supplier's people, in their language. */
export function offerMail(input: {
  to: string;
  language: DocumentLanguage;
  agency: string;
  work: Omit<PortalWorkObject, 'clientName'>;
  url: string;
}): PortalMailPayload {
  const words = OFFER_WORDS[input.language];
  const locale = LOCALES[input.language];
  const { work } = input;
  const values = { agency: input.agency, name: work.name };
  const intro = fill(work.confirm.required && work.confirm.status === 1 ? words.offered : words.sent, values);
  const dateText = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
  const facts: Array<[string, string]> = [];
  if (work.dueDate !== null) {
    facts.push([words.due, dateText(work.dueDate)]);
  }
  if (work.expiresAt !== null) facts.push([words.expires, dateText(work.expiresAt)]);
  facts.push([words.quantity, `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(work.quantity.weighted)} ${work.quantity.unit.name}`]);
  facts.push([words.total, new Intl.NumberFormat(locale, { style: 'currency', currency: work.currency.code }).format(work.total)]);
  const text =
    [intro, `${work.name}\n${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}`, `${words.open}: ${input.url}`, words.signIn].join('\n\n') + '\n';
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(work.name)}</strong><br>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(words.open)}</a></p>`,
    `<p>${escapeHtml(words.signIn)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: fill(words.subject, values), text, html };
}
