import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Input, errorResponses } from '../../core/schemas.js';
import { NameInput, namedKinds, type NamedKind } from './kinds.js';
import { namedService } from './service.js';

/** The five routes of one named master-data kind, built from its configuration. */
function namedRoutes(kind: NamedKind): FastifyPluginAsyncTypebox {
  const outputProps: Record<string, TSchema> = { id: Type.String(), name: Type.String() };
  const createProps: Record<string, TSchema> = { name: NameInput };
  const updateProps: Record<string, TSchema> = { name: Type.Optional(NameInput) };
  for (const field of kind.fields) {
    outputProps[field.api] = field.output;
    if (field.onCreate === 'required') createProps[field.api] = field.input;
    else if (field.onCreate === 'optional') createProps[field.api] = Type.Optional(field.input);
    updateProps[field.api] = Type.Optional(field.input);
  }
  const Output = Type.Object(outputProps, { title: kind.resource });
  const CreateBody = Input(createProps);
  const UpdateBody = Input(updateProps);
  const tags = ['Account master data'];

  return async (app) => {
    app.get(
      kind.path,
      { schema: { tags, summary: `List ${kind.label.toLowerCase()} records`, response: { 200: Type.Array(Output), ...errorResponses } } },
      async (request) => namedService.list(app.readCtx(request), kind),
    );

    app.post(
      kind.path,
      { schema: { tags, summary: `Create a ${kind.label.toLowerCase()}`, body: CreateBody, response: { 201: Output, ...errorResponses } } },
      async (request, reply) => {
        const record = await app.inTransaction(request, (ctx) => namedService.create(ctx, kind, request.body as { name: string }));
        return reply.code(201).send(record);
      },
    );

    app.get(
      `${kind.path}/:id`,
      { schema: { tags, summary: `Retrieve a ${kind.label.toLowerCase()}`, params: IdParams, response: { 200: Output, ...errorResponses } } },
      async (request) => namedService.get(app.readCtx(request), kind, request.params.id),
    );

    app.put(
      `${kind.path}/:id`,
      { schema: { tags, summary: `Update a ${kind.label.toLowerCase()}`, params: IdParams, body: UpdateBody, response: { 200: Output, ...errorResponses } } },
      async (request) => app.inTransaction(request, (ctx) => namedService.update(ctx, kind, request.params.id, request.body as Record<string, unknown>)),
    );

    app.delete(
      `${kind.path}/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${kind.label.toLowerCase()} (409 while referenced)`,
          params: IdParams,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await app.inTransaction(request, (ctx) => namedService.remove(ctx, kind, request.params.id));
        return reply.code(204).send(null);
      },
    );
  };
}

export const masterDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of namedKinds) await app.register(namedRoutes(kind));
};
