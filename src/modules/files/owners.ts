import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { clients } from '../clients/index.js';
import { suppliers } from '../suppliers/index.js';
import { clientFiles, supplierFiles } from './kinds.js';
import { fileRoutes, type FileOwner } from './routes.js';

/** Client files (specification "Files of a client"). */
export const clientFileOwner: FileOwner = { kind: clientFiles, basePath: '/v2/clients', tag: 'Clients', changed: (ctx, id) => clients.changed(ctx, id) };

/** Supplier files (DESIGN §8.4: as client files, without sharing). */
export const supplierFileOwner: FileOwner = {
  kind: supplierFiles,
  basePath: '/v2/suppliers',
  tag: 'Suppliers',
  changed: async (ctx, id) => {
    await suppliers.changed(ctx, id);
  },
};

/** The files routes of every owner kind (jobs and groups are added here as they land). */
export const fileModuleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const owner of [clientFileOwner, supplierFileOwner]) await app.register(fileRoutes(owner as FileOwner<{ id: string }>));
};
