import type { FastifyPluginAsync } from 'fastify';
import { masterDataRoutes } from './master-data/routes.js';
import { languagePairRoutes } from './language-pairs/routes.js';

/** Every resource module's routes, registered by the app in this order. */
export const modules: FastifyPluginAsync[] = [masterDataRoutes, languagePairRoutes];
