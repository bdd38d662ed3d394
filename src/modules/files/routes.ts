import { Type, type TObject } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../core/context.js';
import { missing } from '../../core/errors.js';
import { parentChanged, type ParentResource } from '../../core/parent-resource.js';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { downloadRoute } from './download.js';
import type { FileKind } from './kinds.js';
import { FileParams } from './schemas.js';
import { files } from './service.js';
import { receiveUpload } from './upload.js';

/**
 * An owner of files as the routes see it: the kind (how its files are stored and shown), and the
 * owner's descriptor: where its routes live, and what a change means for it (a file added, removed
 * or changed is the owner's change: its updated_at and `<resource>.updated`, same transaction).
 */
export interface FileOwner<F extends object = object> {
  kind: FileKind<F>;
  parent: ParentResource;
  /**
   * Jobs and groups: `POST …/files/upload/:outsourcingId` as well — the extra path, its parameters, and
   * what follows the upload in the same transaction (share the new file with that outsourcing).
   */
  upload?: {
    suffix: string;
    params: TObject;
    /** Checks the extra parameters before the body is read (404 for an outsourcing that is not the owner's). */
    check?(ctx: Ctx, ownerId: string, params: Record<string, string>): Promise<void>;
    after(ctx: Ctx, ownerId: string, fileId: string, params: Record<string, string>): Promise<void>;
  };
}

/**
 * The files endpoints of one owner (specification "Files of a client" and docs/files.md):
 * list, upload (multipart, streamed), download (GET/HEAD, ranges), delete, and the kind's flags.
 */
export function fileRoutes<F extends { id: string }>(owner: FileOwner<F>): FastifyPluginAsyncTypebox {
  const { kind, parent } = owner;
  const path = `${parent.basePath}/:id/files`;
  const tags = [parent.tag];
  const File = kind.schema;

  return async (app) => {
    app.get(
      path,
      { schema: { tags, summary: `List the files of a ${kind.noun}`, params: IdParams, response: { 200: Type.Array(File), ...errorResponses } } },
      async (request) => files.list(app.readCtx(request), kind, request.params.id),
    );

    const upload = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Record<string, string>;
      const ownerId = params.id!;
      // 404 before the body is read; checked again (and locked) when the file row is inserted.
      await files.assertOwner(app.readCtx(request), kind, ownerId);
      await owner.upload?.check?.(app.readCtx(request), ownerId, params);
      if (!request.isMultipart() && request.headers['content-type'] === undefined) throw missing('file');
      const content = await receiveUpload(request, app.storage, app.config.maxUploadBytes);
      try {
        const file = await app.inTransaction(request, async (ctx) => {
          const created = await files.create(ctx, kind, ownerId, content);
          if (owner.upload) await owner.upload.after(ctx, ownerId, created.id, params);
          await parentChanged(ctx, parent, ownerId);
          return owner.upload ? files.get(ctx, kind, ownerId, created.id) : created;
        });
        // eslint-disable-next-line @typescript-eslint/return-await -- a FastifyReply is thenable (it settles once sent): it is returned, as Fastify asks, not awaited
        return reply.code(201).send(file);
      } catch (error) {
        await app.storage.remove([content.blobId]).catch(() => {});
        throw error;
      }
    };
    const uploadSchema = (params: TObject, into: string) => ({
      tags,
      summary: `Upload a file to a ${kind.noun}${into}`,
      description: 'multipart/form-data with the file in the field `file` (other fields are ignored); at most MAX_UPLOAD_BYTES (413 beyond).',
      consumes: ['multipart/form-data'],
      'x-multipart': { file: 'the file; its name is kept, without any folder', required: true },
      params,
      response: { 201: File, ...errorResponses },
    });
    // `…/upload/:outsourcingId?` of the specification: two routes, so that each is documented.
    app.post(`${path}/upload`, { schema: uploadSchema(IdParams, '') }, upload);
    if (owner.upload) app.post(`${path}/upload${owner.upload.suffix}`, { schema: uploadSchema(owner.upload.params, ', shared with one outsourcing') }, upload);

    downloadRoute(app, {
      url: `${path}/:fileId/download`,
      tags,
      summary: `Download a file of a ${kind.noun}`,
      params: FileParams,
      find: (params, request) => files.row(app.readCtx(request), kind, params.id, params.fileId),
    });

    app.delete(
      `${path}/:fileId`,
      { schema: { tags, summary: `Delete a file of a ${kind.noun} and its content`, params: FileParams, response: { 204: Type.Null(), ...errorResponses } } },
      async (request, reply) => {
        await app.inTransaction(request, async (ctx) => {
          await files.remove(ctx, kind, request.params.id, request.params.fileId);
          await parentChanged(ctx, parent, request.params.id);
        });
        return reply.code(204).send(null);
      },
    );

    for (const flag of kind.flags) {
      for (const [method, value] of [
        ['PUT', true],
        ['DELETE', false],
      ] as const) {
        app.route({
          method,
          url: `${path}/:fileId/${flag.path}`,
          schema: {
            tags,
            summary: `${value ? 'Set' : 'Unset'} a ${kind.noun} file ${flag.summary}`,
            params: FileParams,
            response: { 200: File, ...errorResponses },
          },
          handler: async (request) =>
            app.inTransaction(request, async (ctx) => {
              const { file, changed } = await files.setFlag(ctx, kind, request.params.id, request.params.fileId, flag, value);
              if (changed) await parentChanged(ctx, parent, request.params.id);
              return file;
            }),
        });
      }
    }
  };
}
