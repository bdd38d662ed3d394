import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { missing } from '../../core/errors.js';
import { parentChanged, type ParentResource } from '../../core/parent-resource.js';
import { errorResponses } from '../../core/schemas.js';
import { outsourcingFiles, downloadRoute, receiveUpload, type PlaceOwner } from '../files/index.js';
import { toPortalFile, workFiles } from './files.js';
import { PortalFile, WorkFileParams, WorkParams } from './schemas.js';
import { partyCtx } from './service.js';

/** The owners of job and group files, handed over by the composition: a deliverable added or removed is their change. */
export interface WorkFileParents {
  job: ParentResource;
  group: ParentResource;
}

/**
 * The files of a piece of work on the portal (docs/supplier-portal.md#files): the files the agency
 * shares with it, their content, and the supplier's deliverables (multipart, streamed to storage,
 * at most MAX_UPLOAD_BYTES). A branch of the portal's tree (paths relative to /v2/portal).
 */
export function supplierFileRoutes(parents: WorkFileParents): FastifyPluginAsyncTypebox {
  const parentOf = (owner: PlaceOwner) => (owner.type === 'group' ? parents.group : parents.job);
  return async (app) => {
    app.get(
      '/work/:id/files',
      {
        schema: {
          summary: 'The files of your work: those the agency shares with you, and your deliverables',
          params: WorkParams,
          response: { 200: Type.Array(PortalFile), ...errorResponses },
        },
      },
      async (request) => workFiles.list(app.portalCtx(request), request.params.id),
    );

    downloadRoute(app, {
      url: '/work/:id/files/:fileId/content',
      summary: 'Download a file of your work',
      params: WorkFileParams,
      find: (params, request) => workFiles.row(app.portalCtx(request), params.id, params.fileId),
    });

    app.post(
      '/work/:id/files',
      {
        schema: {
          summary: "Deliver a file for your work: it goes to the job's files (or its group's), shared with you",
          description: 'multipart/form-data with the file in the field `file` (other fields are ignored); at most MAX_UPLOAD_BYTES (413 beyond).',
          consumes: ['multipart/form-data'],
          'x-multipart': { file: 'the file; its name is kept, without any folder', required: true },
          params: WorkParams,
          response: { 201: PortalFile, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        // 404 and 409 before the body is read; judged again, the job locked, when the file row is inserted.
        await workFiles.writable(app.portalCtx(request), id);
        if (!request.isMultipart() && request.headers['content-type'] === undefined) throw missing('file');
        const content = await receiveUpload(request, app.storage, app.config.maxUploadBytes);
        try {
          const file = await app.portalTransaction(request, async (portal) => {
            const ctx = partyCtx(portal);
            const first = await workFiles.place(portal, id);
            await outsourcingFiles.lock(ctx, first.place);
            const { work, place } = await workFiles.writable(portal, id);
            const { row, owner } = await outsourcingFiles.deliver(ctx, place, work.uploadFileOnGroup, content, portal.principal.personId);
            await parentChanged(ctx, parentOf(owner), owner.id);
            return toPortalFile(row, place);
          });
          // eslint-disable-next-line @typescript-eslint/return-await -- a FastifyReply is thenable (it settles once sent): it is returned, as Fastify asks, not awaited
          return reply.code(201).send(file);
        } catch (error) {
          await app.storage.remove([content.blobId]).catch(() => {});
          throw error;
        }
      },
    );

    app.delete(
      '/work/:id/files/:fileId',
      {
        schema: {
          summary: 'Remove a file you delivered, while the work is open',
          params: WorkFileParams,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await app.portalTransaction(request, async (portal) => {
          const ctx = partyCtx(portal);
          await outsourcingFiles.lock(ctx, (await workFiles.place(portal, request.params.id)).place);
          const { place } = await workFiles.writable(portal, request.params.id);
          const owner = await outsourcingFiles.removeDeliverable(ctx, place, request.params.fileId);
          await parentChanged(ctx, parentOf(owner), owner.id);
        });
        return reply.code(204).send(null);
      },
    );
  };
}
