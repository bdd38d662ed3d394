import type { FastifyPluginAsync } from 'fastify';
import { masterDataRoutes } from './master-data/routes.js';
import { clientRoutes } from './clients/routes.js';
import { supplierRoutes } from './suppliers/routes.js';
import { languagePairRoutes } from './language-pairs/routes.js';
import { priceRoutes } from './prices/routes.js';
import { userRoutes } from './users/routes.js';
import { accountRoutes } from './accounts/routes.js';
import { eventRoutes } from './events/routes.js';
import { catConfigurationRoutes } from './cat-configurations/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { outsourcingRoutes } from './outsourcing/routes.js';
import { groupRoutes } from './groups/routes.js';
import { trackerRoutes } from './trackers/routes.js';
import { fileModuleRoutes } from './files/owners.js';
import { catAnalysisRoutes } from './cat-analysis/routes.js';
import { documentRoutes } from './documents/index.js';
import { jobs } from './jobs/index.js';

/** Every resource module's routes, registered by the app in this order. */
export const modules: FastifyPluginAsync[] = [masterDataRoutes, languagePairRoutes, priceRoutes, userRoutes, accountRoutes, eventRoutes, catConfigurationRoutes, clientRoutes({ pricingTermsChanged: (ctx, clientId) => jobs.recomputeForClient(ctx, clientId) }), supplierRoutes, jobRoutes, outsourcingRoutes, groupRoutes, trackerRoutes, fileModuleRoutes, catAnalysisRoutes, documentRoutes];
