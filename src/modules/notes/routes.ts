import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import type { ParentResource } from '../../core/parent-resource.js';
import { CreateNote, NoteItemParams, NoteParams, UpdateNote } from './schemas.js';
import { notes } from './service.js';

/**
 * The notes of one parent kind (docs/notes.md, specification "Notes"): POST `<base>/:id/notes`,
 * PUT and DELETE `<base>/:id/notes/:noteId`, each answering 200 with the parent object (docs/reference.md#status-codes).
 * Registered by each parent with its descriptor (docs/notes.md); its object includes the notes
 * (`notes.listFor` in its loadMany) and its delete calls `notes.removeAllFor`.
 */
export function noteRoutes<T>(parent: ParentResource<T>): FastifyPluginAsyncTypebox {
  const path = `${parent.basePath}/:id/notes`;
  const response = { 200: parent.schema, ...errorResponses };
  const tags = [parent.tag];

  return async (app) => {
    app.post(path, { schema: { tags, summary: `Add a note to a ${parent.resource}`, params: NoteParams, body: CreateNote, response } }, async (request) =>
      app.inTransaction(request, (ctx) => notes.create(ctx, parent, request.params.id, request.body.content)),
    );
    app.put(
      `${path}/:noteId`,
      { schema: { tags, summary: `Update a note of a ${parent.resource}`, params: NoteItemParams, body: UpdateNote, response } },
      async (request) => app.inTransaction(request, (ctx) => notes.update(ctx, parent, request.params.id, request.params.noteId, request.body.content)),
    );
    app.delete(`${path}/:noteId`, { schema: { tags, summary: `Delete a note of a ${parent.resource}`, params: NoteItemParams, response } }, async (request) =>
      app.inTransaction(request, (ctx) => notes.remove(ctx, parent, request.params.id, request.params.noteId)),
    );
  };
}
