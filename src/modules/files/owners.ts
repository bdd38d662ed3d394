import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ParentResource } from '../../core/parent-resource.js';
import { groupFileOwner } from './group-files.js';
import { jobFileOwner, jobShareRoutes } from './job-files.js';
import { clientFiles, supplierFiles } from './kinds.js';
import { fileRoutes, type FileOwner } from './routes.js';

/**
 * The owners of files, each known through its descriptor (core/parent-resource.ts), which its module
 * exports and the composition (modules/index.ts) hands over: files sit below their owners and import none.
 */
export interface FileParents {
  client: ParentResource;
  supplier: ParentResource;
  job: ParentResource;
  group: ParentResource;
}

/**
 * The files routes of every owner kind (client files: specification "Files of a client"; supplier
 * files: docs/clients-suppliers.md#endpoints, as client files without sharing), and the
 * per-outsourcing sharing of job files.
 */
export function fileModuleRoutes(parents: FileParents): FastifyPluginAsyncTypebox {
  const owners: FileOwner[] = [
    { kind: clientFiles, parent: parents.client },
    { kind: supplierFiles, parent: parents.supplier },
    jobFileOwner(parents.job),
    groupFileOwner(parents.group),
  ];
  return async (app) => {
    for (const owner of owners) await app.register(fileRoutes(owner as FileOwner<{ id: string }>));
    await app.register(jobShareRoutes(parents.job));
  };
}
