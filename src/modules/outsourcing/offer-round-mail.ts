import type { Ctx } from '../../core/context.js';
import type { DocumentLanguage } from '../../core/document-languages.js';
import { escapeHtml } from '../../core/mail.js';
import { enqueue } from '../outbox/index.js';
import { languageOf, portalPeople, type PortalMailPayload } from '../portal-access/index.js';

/** Why an offer of a round is taken back (docs/supplier-portal.md#offer-rounds). */
export type OfferClosedReason = 'awarded' | 'withdrawn';

interface ClosedWords {
  subject: string;
  /** Another supplier got the work. */
  awarded: string;
  /** The agency withdrew the whole round. */
  withdrawn: string;
  thanks: string;
}

/** In the eight document languages, as the supplier reads the offer (supplier-portal's offer mail). */
export const OFFER_CLOSED_WORDS: Readonly<Record<DocumentLanguage, ClosedWords>> = {
  en: {
    subject: '{agency}: {name} (offer closed)',
    awarded: '{agency} has given the work “{name}” to another supplier: its offer to you is withdrawn.',
    withdrawn: '{agency} has withdrawn its offer of the work “{name}”.',
    thanks: 'Thank you for your time. There is nothing more to do for this work.',
  },
  fr: {
    subject: '{agency} : {name} (offre close)',
    awarded: '{agency} a confié le travail « {name} » à un autre fournisseur : son offre est retirée.',
    withdrawn: '{agency} a retiré son offre pour le travail « {name} ».',
    thanks: 'Merci de votre temps. Il n’y a plus rien à faire pour ce travail.',
  },
  de: {
    subject: '{agency}: {name} (Angebot beendet)',
    awarded: '{agency} hat den Auftrag „{name}“ an einen anderen Lieferanten vergeben: Das Angebot an Sie ist zurückgezogen.',
    withdrawn: '{agency} hat das Angebot für den Auftrag „{name}“ zurückgezogen.',
    thanks: 'Vielen Dank für Ihre Zeit. Für diesen Auftrag ist nichts mehr zu tun.',
  },
  es: {
    subject: '{agency}: {name} (oferta cerrada)',
    awarded: '{agency} ha adjudicado el trabajo «{name}» a otro proveedor: su oferta queda retirada.',
    withdrawn: '{agency} ha retirado su oferta del trabajo «{name}».',
    thanks: 'Gracias por su tiempo. No hay nada más que hacer para este trabajo.',
  },
  it: {
    subject: '{agency}: {name} (offerta chiusa)',
    awarded: '{agency} ha affidato il lavoro «{name}» a un altro fornitore: la sua offerta è ritirata.',
    withdrawn: '{agency} ha ritirato la sua offerta per il lavoro «{name}».',
    thanks: 'Grazie per il suo tempo. Non c’è altro da fare per questo lavoro.',
  },
  nl: {
    subject: '{agency}: {name} (aanbod gesloten)',
    awarded: '{agency} heeft de opdracht “{name}” aan een andere leverancier gegeven: het aanbod aan u is ingetrokken.',
    withdrawn: '{agency} heeft zijn aanbod voor de opdracht “{name}” ingetrokken.',
    thanks: 'Bedankt voor uw tijd. Voor deze opdracht hoeft u niets meer te doen.',
  },
  pt: {
    subject: '{agency}: {name} (oferta encerrada)',
    awarded: '{agency} atribuiu o trabalho «{name}» a outro fornecedor: a oferta que lhe fez foi retirada.',
    withdrawn: '{agency} retirou a sua oferta do trabalho «{name}».',
    thanks: 'Obrigado pelo seu tempo. Não há mais nada a fazer para este trabalho.',
  },
  pl: {
    subject: '{agency}: {name} (oferta zamknięta)',
    awarded: '{agency} przekazała zlecenie „{name}” innemu dostawcy: oferta dla Ciebie została wycofana.',
    withdrawn: '{agency} wycofała swoją ofertę zlecenia „{name}”.',
    thanks: 'Dziękujemy za poświęcony czas. W tym zleceniu nie ma już nic do zrobienia.',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The e-mail that tells one of a supplier's people that an offer to them is closed, in their language. Nothing of the winner in it. */
export function offerClosedMail(input: { to: string; language: DocumentLanguage; agency: string; name: string; reason: OfferClosedReason }): PortalMailPayload {
  const words = OFFER_CLOSED_WORDS[input.language];
  const values = { agency: input.agency, name: input.name };
  const intro = fill(words[input.reason], values);
  const text = `${intro}\n\n${words.thanks}\n`;
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(words.thanks)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: fill(words.subject, values), text, html };
}

/**
 * Queues the e-mails of closed offers (the outbox, in the change's transaction) to each active
 * portal person of their suppliers. `mailing` false (no SMTP_URL): nothing is queued.
 */
export async function queueOfferClosedMails(
  ctx: Ctx,
  mailing: boolean,
  offers: ReadonlyArray<{ supplierId: string; name: string }>,
  reason: OfferClosedReason,
): Promise<void> {
  if (!mailing) return;
  for (const offer of offers) {
    for (const person of await portalPeople.activeOf(ctx, 'supplier', offer.supplierId)) {
      if (person.email === null) continue;
      const payload = offerClosedMail({ to: person.email, language: languageOf(person), agency: person.account_name, name: offer.name, reason });
      await enqueue(ctx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: 'job.outsourcing.withdrawn', payload });
    }
  }
}
