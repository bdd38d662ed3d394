/**
 * The texts of offers with an expiry (offer rounds: docs/supplier-portal.md#offer-rounds) and of
 * the client's name the agency may show (docs/supplier-portal.md#the-clients-name), in the eight
 * languages, spread into each catalogue (the catalogues' type checks every language has every key).
 */
const en = {
  'state.expired': 'Expired',
  'answer.expired': 'This offer expired on {date}: it can no longer be accepted.',
  'work.answerBy': 'Answer by {date}',
  'page.client': 'Client',
} as const;

type OfferTexts = Readonly<Record<keyof typeof en, string>>;

const fr: OfferTexts = {
  'state.expired': 'Expirée',
  'answer.expired': 'Cette offre a expiré le {date} : elle ne peut plus être acceptée.',
  'work.answerBy': 'Répondre avant le {date}',
  'page.client': 'Client',
};
const de: OfferTexts = {
  'state.expired': 'Abgelaufen',
  'answer.expired': 'Dieses Angebot ist am {date} abgelaufen und kann nicht mehr angenommen werden.',
  'work.answerBy': 'Antwort bis {date}',
  'page.client': 'Kunde',
};
const es: OfferTexts = {
  'state.expired': 'Caducada',
  'answer.expired': 'Esta oferta caducó el {date}: ya no se puede aceptar.',
  'work.answerBy': 'Responda antes del {date}',
  'page.client': 'Cliente',
};
const it: OfferTexts = {
  'state.expired': 'Scaduta',
  'answer.expired': 'Questa offerta è scaduta il {date}: non può più essere accettata.',
  'work.answerBy': 'Risponda entro il {date}',
  'page.client': 'Cliente',
};
const nl: OfferTexts = {
  'state.expired': 'Verlopen',
  'answer.expired': 'Dit aanbod is verlopen op {date}: het kan niet meer worden aanvaard.',
  'work.answerBy': 'Antwoord vóór {date}',
  'page.client': 'Klant',
};
const pt: OfferTexts = {
  'state.expired': 'Expirada',
  'answer.expired': 'Esta oferta expirou em {date}: já não pode ser aceite.',
  'work.answerBy': 'Responda até {date}',
  'page.client': 'Cliente',
};
const pl: OfferTexts = {
  'state.expired': 'Wygasła',
  'answer.expired': 'Ta oferta wygasła {date}: nie można jej już przyjąć.',
  'work.answerBy': 'Odpowiedz do {date}',
  'page.client': 'Klient',
};

export const OFFER_TEXTS = { en, fr, de, es, it, nl, pt, pl } as const;
