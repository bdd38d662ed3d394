import { common } from './common';
import { auth } from './auth';
import { jobs } from './jobs';
import { job } from './job';
import { jobWork } from './job-work';
import { jobRecords } from './job-records';
import { groups } from './groups';
import { search } from './search';
import { parties } from './parties';
import { partyRecords } from './party-records';
import { prices } from './prices';
import { documents } from './documents';
import { documentMail } from './document-mail';
import { dashboard } from './dashboard';
import { settings } from './settings';
import { users } from './users';
import { exchangeRates } from './exchange-rates';
import { quoteToInvoice } from './quote-to-invoice';
import { reports } from './reports';
import { portalAccess } from './portal-access';
import { portalHand } from './portal-hand';
import { offerRounds } from './offer-rounds';
import { supplierInvoices } from './supplier-invoices';
import { quotePortalAnswer } from './quote-portal-answer';
import { requests, requestSettings } from './requests';

/**
 * English, the console's first language. One file per area of the console, merged here: a key
 * names its area first (`jobs.title`).
 */
export const en = {
  ...common,
  ...auth,
  ...jobs,
  ...job,
  ...jobWork,
  ...jobRecords,
  ...groups,
  ...search,
  ...parties,
  ...partyRecords,
  ...prices,
  ...documents,
  ...documentMail,
  ...dashboard,
  ...settings,
  ...users,
  ...exchangeRates,
  ...quoteToInvoice,
  ...reports,
  ...portalAccess,
  ...portalHand,
  ...offerRounds,
  ...supplierInvoices,
  ...quotePortalAnswer,
  ...requests,
  ...requestSettings,
};
