import type { DocumentLanguage } from '../../core/document-languages.js';
import { noticeMail, type PortalMailPayload } from '../portal-access/index.js';

/** The words of the e-mail telling a client's person the agency wrote; `{agency}`, `{name}` are filled in. */
interface MessageWords {
  subject: string;
  intro: string;
  open: string;
  signIn: string;
}

/** In the eight document languages, as the client's people read the portal (supplier-portal/offer-mail.ts's style). */
export const MESSAGE_WORDS: Readonly<Record<DocumentLanguage, MessageWords>> = {
  en: {
    subject: '{agency}: a message about {name}',
    intro: '{agency} has written to you about {name}:',
    open: 'Read and answer on the portal',
    signIn: 'If you are asked to sign in, ask for a sign-in link with this e-mail address.',
  },
  fr: {
    subject: '{agency} : un message au sujet de {name}',
    intro: '{agency} vous a écrit au sujet de {name} :',
    open: 'Lire et répondre sur le portail',
    signIn: 'Si l’on vous demande de vous connecter, demandez un lien de connexion avec cette adresse e-mail.',
  },
  de: {
    subject: '{agency}: eine Nachricht zu {name}',
    intro: '{agency} hat Ihnen zu {name} geschrieben:',
    open: 'Im Portal lesen und antworten',
    signIn: 'Wenn Sie sich anmelden sollen, fordern Sie mit dieser E-Mail-Adresse einen Anmeldelink an.',
  },
  es: {
    subject: '{agency}: un mensaje sobre {name}',
    intro: '{agency} le ha escrito sobre {name}:',
    open: 'Leer y responder en el portal',
    signIn: 'Si se le pide iniciar sesión, solicite un enlace de acceso con esta dirección de correo.',
  },
  it: {
    subject: '{agency}: un messaggio su {name}',
    intro: '{agency} le ha scritto a proposito di {name}:',
    open: 'Leggi e rispondi sul portale',
    signIn: 'Se le viene chiesto di accedere, richieda un link di accesso con questo indirizzo e-mail.',
  },
  nl: {
    subject: '{agency}: een bericht over {name}',
    intro: '{agency} heeft u geschreven over {name}:',
    open: 'Lezen en antwoorden in het portaal',
    signIn: 'Wordt u gevraagd om aan te melden? Vraag dan een aanmeldlink aan met dit e-mailadres.',
  },
  pt: {
    subject: '{agency}: uma mensagem sobre {name}',
    intro: '{agency} escreveu-lhe sobre {name}:',
    open: 'Ler e responder no portal',
    signIn: 'Se lhe pedirem para entrar, peça um link de acesso com este endereço de e-mail.',
  },
  pl: {
    subject: '{agency}: wiadomość w sprawie {name}',
    intro: '{agency} napisała do Ciebie w sprawie {name}:',
    open: 'Przeczytaj i odpowiedz w portalu',
    signIn: 'Jeśli pojawi się prośba o zalogowanie, poproś o link do logowania na ten adres e-mail.',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The agency wrote: the e-mail to one of the client's people, in their language. */
export function messageToClientMail(input: {
  to: string;
  language: DocumentLanguage;
  agency: string;
  name: string;
  text: string;
  url: string;
}): PortalMailPayload {
  const words = MESSAGE_WORDS[input.language];
  const values = { agency: input.agency, name: input.name };
  return noticeMail({
    to: input.to,
    language: input.language,
    subject: fill(words.subject, values),
    intro: fill(words.intro, values),
    quote: input.text,
    link: { label: words.open, url: input.url },
    footer: words.signIn,
  });
}

/** The client wrote: the e-mail to the subject's manager (agency users read the console in English). */
export function messageToManagerMail(input: { to: string; author: string; name: string; text: string; url: string }): PortalMailPayload {
  return noticeMail({
    to: input.to,
    language: 'en',
    subject: `Client message: ${input.name}`,
    intro: `${input.author} wrote on the client portal about ${input.name}:`,
    quote: input.text,
    link: { label: 'Read and answer in Transdesk', url: input.url },
  });
}
