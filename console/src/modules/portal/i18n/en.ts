/**
 * The portal's texts in English: the keys every other language has (the type `PortalCatalogue`
 * checks it). Short, polite, and free of the agency's words: the people who read them work for a
 * supplier or a client, not for the agency.
 */
export const en = {
  'app.title': 'Portal',
  'nav.skip': 'Skip to content',
  'frame.language': 'Language',
  'frame.signOut': 'Sign out',
  'language.failed': 'The language could not be changed. Please try again.',
  'signIn.title': 'Sign in to the portal',
  'signIn.signingIn': 'Signing you in…',
  'signIn.used': 'This link has already been used or was replaced by a newer one. Ask for a new link below.',
  'signIn.expired': 'This link has expired. Ask for a new link below.',
  'signIn.invalid': 'This link is not valid. Copy the whole link you were sent, or ask for a new one below.',
  'signIn.ended': 'Your session has ended. Ask for a new sign-in link below.',
  'signIn.signedOut': 'You have signed out.',
  'requestLink.intro': 'Enter the e-mail address your agency knows you by and we will send you a sign-in link. No password needed.',
  'requestLink.email': 'E-mail address',
  'requestLink.emailInvalid': 'Enter a valid e-mail address.',
  'requestLink.submit': 'E-mail me a sign-in link',
  'requestLink.sent': 'If this address has access, a link is on its way. Please check your inbox, and your spam folder too.',
  'requestLink.again': 'Use another address',
  'home.hello': 'Hello {name}',
  'home.intro': 'Welcome to the portal of {agency}.',
  'home.details': 'Your details',
  'home.party.supplier': 'Supplier',
  'home.party.client': 'Client',
  'home.agency': 'Agency',
  'home.email': 'E-mail',
  'work.title': 'Offers and jobs',
  'work.empty': 'Your offers and jobs appear here.',
  'work.emptyHint': 'Nothing is waiting for you at the moment.',
  'problem.generic': 'Something went wrong. Please try again.',
  'problem.throttled': 'Too many attempts. Please wait a few minutes and try again.',
  'notFound.title': 'Page not found',
  'notFound.text': 'This page does not exist in the portal.',
  'notFound.back': 'Go to the portal home',
} as const;

export type PortalKey = keyof typeof en;
/** A language's texts: every key of the English catalogue, no other (a missing or extra key fails the type check). */
export type PortalCatalogue = Readonly<Record<PortalKey, string>>;
