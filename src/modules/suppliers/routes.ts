import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Id, IdParams, Paginated, errorResponses } from '../../core/schemas.js';
import { labelRoutes } from '../labels/index.js';
import { noteRoutes } from '../notes/index.js';
import { contactRoutes, supplierContacts } from '../contacts/index.js';
import {
  CreateSupplier,
  CreateUnavailability,
  Supplier,
  SupplierListQuery,
  Unavailabilities,
  Unavailability,
  UpdateSupplier,
  UpdateUnavailability,
  type SupplierFilters,
  type SupplierInput,
} from './schemas.js';
import { supplierParent } from './parent.js';
import { suppliers } from './service.js';
import { unavailabilities } from './unavailabilities.js';

const tags = ['Suppliers'];
const PATH = '/v2/suppliers';
const PairParams = Type.Object({ id: Id(), languagePairId: Id() }, { additionalProperties: false });
const UnavailabilityParams = Type.Object({ id: Id(), unavailabilityId: Id() }, { additionalProperties: false });

export const supplierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: { tags, summary: 'List suppliers (paginated)', querystring: SupplierListQuery, response: { 200: Paginated(Supplier), ...errorResponses } },
      config: { csvExport: { page: suppliers.list } },
    },
    async (request) => suppliers.list(app.readCtx(request), request.query as SupplierFilters),
  );
  app.post(
    PATH,
    { schema: { tags, summary: 'Create a supplier', body: CreateSupplier, response: { 201: Supplier, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send(await app.inTransaction(request, (ctx) => suppliers.create(ctx, request.body as SupplierInput & { name: string }))),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Retrieve a supplier', params: IdParams, response: { 200: Supplier, ...errorResponses } } },
    async (request) => suppliers.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Update a supplier', params: IdParams, body: UpdateSupplier, response: { 200: Supplier, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => suppliers.update(ctx, request.params.id, request.body as SupplierInput)),
  );
  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a supplier (409 while referenced: archive it instead)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => suppliers.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );

  const pairPath = `${PATH}/:id/language-pairs/:languagePairId`;
  app.post(
    pairPath,
    { schema: { tags, summary: 'Add a language pair to a supplier', params: PairParams, response: { 200: Supplier, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => suppliers.addLanguagePair(ctx, request.params.id, request.params.languagePairId)),
  );
  app.delete(
    pairPath,
    { schema: { tags, summary: 'Remove a language pair from a supplier', params: PairParams, response: { 200: Supplier, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => suppliers.removeLanguagePair(ctx, request.params.id, request.params.languagePairId)),
  );

  const unavailabilityPath = `${PATH}/:id/unavailabilities`;
  app.get(
    unavailabilityPath,
    {
      schema: {
        tags,
        summary: 'List the unavailabilities of a supplier (currents and old)',
        params: IdParams,
        response: { 200: Unavailabilities, ...errorResponses },
      },
    },
    async (request) => unavailabilities.list(app.readCtx(request), request.params.id),
  );
  app.post(
    unavailabilityPath,
    {
      schema: {
        tags,
        summary: 'Add an unavailability to a supplier',
        params: IdParams,
        body: CreateUnavailability,
        response: { 201: Unavailability, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => unavailabilities.create(ctx, request.params.id, request.body))),
  );
  app.put(
    `${unavailabilityPath}/:unavailabilityId`,
    {
      schema: {
        tags,
        summary: 'Update an unavailability of a supplier',
        params: UnavailabilityParams,
        body: UpdateUnavailability,
        response: { 200: Unavailability, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => unavailabilities.update(ctx, request.params.id, request.params.unavailabilityId, request.body)),
  );
  app.delete(
    `${unavailabilityPath}/:unavailabilityId`,
    { schema: { tags, summary: 'Delete an unavailability of a supplier', params: UnavailabilityParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => unavailabilities.remove(ctx, request.params.id, request.params.unavailabilityId));
      return reply.code(204).send(null);
    },
  );

  await app.register(contactRoutes(supplierContacts, supplierParent));
  await app.register(labelRoutes(supplierParent));
  await app.register(noteRoutes(supplierParent));
};
