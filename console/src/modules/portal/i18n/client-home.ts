/**
 * The texts of a client's person's home page (docs/client-portal.md#in-the-console): what waits
 * for them, in the eight languages, spread into each catalogue (the catalogues' type checks the keys).
 */
const en = {
  'nav.home': 'Overview',
  'clientHome.intro': 'Follow your jobs with {agency}, download what they deliver, and talk to your project manager, all in one place.',
  'clientHome.title': 'At a glance',
  'clientHome.jobs': 'Jobs in progress',
  'clientHome.jobs.link': 'See your jobs',
  'clientHome.quotes': 'Quotes awaiting your answer',
  'clientHome.quotes.link': 'See your quotes',
  'clientHome.invoices': 'Invoices to pay',
  'clientHome.invoices.overdue': '{count} overdue',
  'clientHome.invoices.link': 'See your invoices',
  'clientHome.loadFailed': 'This could not be loaded.',
};

type Texts = Record<keyof typeof en, string>;

const fr: Texts = {
  'nav.home': 'Aperçu',
  'clientHome.intro': 'Suivez vos travaux avec {agency}, téléchargez ce qui vous est livré et échangez avec votre chef de projet, au même endroit.',
  'clientHome.title': 'En un coup d’œil',
  'clientHome.jobs': 'Travaux en cours',
  'clientHome.jobs.link': 'Voir vos travaux',
  'clientHome.quotes': 'Devis en attente de votre réponse',
  'clientHome.quotes.link': 'Voir vos devis',
  'clientHome.invoices': 'Factures à payer',
  'clientHome.invoices.overdue': '{count} en retard',
  'clientHome.invoices.link': 'Voir vos factures',
  'clientHome.loadFailed': 'Impossible de charger ces informations.',
};

const de: Texts = {
  'nav.home': 'Übersicht',
  'clientHome.intro': 'Verfolgen Sie Ihre Aufträge bei {agency}, laden Sie Lieferungen herunter und schreiben Sie Ihrer Projektleitung – alles an einem Ort.',
  'clientHome.title': 'Auf einen Blick',
  'clientHome.jobs': 'Laufende Aufträge',
  'clientHome.jobs.link': 'Ihre Aufträge ansehen',
  'clientHome.quotes': 'Angebote, die auf Ihre Antwort warten',
  'clientHome.quotes.link': 'Ihre Angebote ansehen',
  'clientHome.invoices': 'Offene Rechnungen',
  'clientHome.invoices.overdue': '{count} überfällig',
  'clientHome.invoices.link': 'Ihre Rechnungen ansehen',
  'clientHome.loadFailed': 'Dies konnte nicht geladen werden.',
};

const es: Texts = {
  'nav.home': 'Resumen',
  'clientHome.intro': 'Siga sus trabajos con {agency}, descargue lo que le entregan y hable con su jefe de proyecto, todo en un solo lugar.',
  'clientHome.title': 'De un vistazo',
  'clientHome.jobs': 'Trabajos en curso',
  'clientHome.jobs.link': 'Ver sus trabajos',
  'clientHome.quotes': 'Presupuestos pendientes de su respuesta',
  'clientHome.quotes.link': 'Ver sus presupuestos',
  'clientHome.invoices': 'Facturas por pagar',
  'clientHome.invoices.overdue': '{count} vencidas',
  'clientHome.invoices.link': 'Ver sus facturas',
  'clientHome.loadFailed': 'No se ha podido cargar.',
};

const it: Texts = {
  'nav.home': 'Panoramica',
  'clientHome.intro': 'Segua i suoi lavori con {agency}, scarichi ciò che le viene consegnato e scriva al suo project manager, tutto in un unico posto.',
  'clientHome.title': 'In sintesi',
  'clientHome.jobs': 'Lavori in corso',
  'clientHome.jobs.link': 'Vedi i suoi lavori',
  'clientHome.quotes': 'Preventivi in attesa di risposta',
  'clientHome.quotes.link': 'Vedi i suoi preventivi',
  'clientHome.invoices': 'Fatture da pagare',
  'clientHome.invoices.overdue': '{count} scadute',
  'clientHome.invoices.link': 'Vedi le sue fatture',
  'clientHome.loadFailed': 'Impossibile caricare questi dati.',
};

const nl: Texts = {
  'nav.home': 'Overzicht',
  'clientHome.intro': 'Volg uw opdrachten bij {agency}, download wat er geleverd wordt en schrijf uw projectmanager, allemaal op één plek.',
  'clientHome.title': 'In één oogopslag',
  'clientHome.jobs': 'Lopende opdrachten',
  'clientHome.jobs.link': 'Uw opdrachten bekijken',
  'clientHome.quotes': 'Offertes die op uw antwoord wachten',
  'clientHome.quotes.link': 'Uw offertes bekijken',
  'clientHome.invoices': 'Te betalen facturen',
  'clientHome.invoices.overdue': '{count} vervallen',
  'clientHome.invoices.link': 'Uw facturen bekijken',
  'clientHome.loadFailed': 'Dit kon niet worden geladen.',
};

const pt: Texts = {
  'nav.home': 'Visão geral',
  'clientHome.intro': 'Acompanhe os seus trabalhos com a {agency}, descarregue o que lhe é entregue e fale com o seu gestor de projeto, tudo num só lugar.',
  'clientHome.title': 'Num relance',
  'clientHome.jobs': 'Trabalhos em curso',
  'clientHome.jobs.link': 'Ver os seus trabalhos',
  'clientHome.quotes': 'Orçamentos à espera da sua resposta',
  'clientHome.quotes.link': 'Ver os seus orçamentos',
  'clientHome.invoices': 'Faturas por pagar',
  'clientHome.invoices.overdue': '{count} em atraso',
  'clientHome.invoices.link': 'Ver as suas faturas',
  'clientHome.loadFailed': 'Não foi possível carregar.',
};

const pl: Texts = {
  'nav.home': 'Przegląd',
  'clientHome.intro': 'Śledź swoje zlecenia w {agency}, pobieraj to, co zostało dostarczone, i pisz do kierownika projektu – wszystko w jednym miejscu.',
  'clientHome.title': 'W skrócie',
  'clientHome.jobs': 'Zlecenia w toku',
  'clientHome.jobs.link': 'Zobacz swoje zlecenia',
  'clientHome.quotes': 'Oferty czekające na Twoją odpowiedź',
  'clientHome.quotes.link': 'Zobacz swoje oferty',
  'clientHome.invoices': 'Faktury do zapłaty',
  'clientHome.invoices.overdue': 'Po terminie: {count}',
  'clientHome.invoices.link': 'Zobacz swoje faktury',
  'clientHome.loadFailed': 'Nie udało się tego wczytać.',
};

export const CLIENT_HOME_TEXTS = { en, fr, de, es, it, nl, pt, pl } as const;
