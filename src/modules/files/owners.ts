import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { clients } from '../clients/index.js';
import { suppliers } from '../suppliers/index.js';
import { filesGroupExtension, groupFileOwner } from './group-files.js';
import { filesJobExtension, jobFileOwner, jobShareRoutes } from './job-files.js';
import { clientFiles, supplierFiles } from './kinds.js';
import { fileRoutes, type FileOwner } from './routes.js';

/** The files' extensions of jobs and groups (their `files`, removed with them), for the composition. */
export { filesJobExtension, filesGroupExtension };

/** Client files (specification "Files of a client"). */
export const clientFileOwner: FileOwner = { kind: clientFiles, basePath: '/v2/clients', tag: 'Clients', changed: (ctx, id) => clients.changed(ctx, id) };

/** Supplier files (docs/clients-suppliers.md#endpoints: as client files, without sharing). */
export const supplierFileOwner: FileOwner = {
  kind: supplierFiles,
  basePath: '/v2/suppliers',
  tag: 'Suppliers',
  changed: async (ctx, id) => {
    await suppliers.changed(ctx, id);
  },
};

/** The files routes of every owner kind, and the per-outsourcing sharing of job files. */
export const fileModuleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const owner of [clientFileOwner, supplierFileOwner, jobFileOwner, groupFileOwner]) await app.register(fileRoutes(owner as FileOwner<{ id: string }>));
  await app.register(jobShareRoutes);
};
