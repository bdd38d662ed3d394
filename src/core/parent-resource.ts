import type { TSchema } from '@sinclair/typebox';
import type { Ctx } from './context.js';
import { nowIso } from './dates.js';
import { recordEvent } from './events.js';

/**
 * A resource that carries attachments (notes, labels, contacts, files: docs/development.md#attachments-and-their-parents),
 * described once by its own module. The attachment families sit below their parents and know them
 * only through this descriptor: the parent's routes hand it to the notes, labels and contacts
 * routes they register, the composition (modules/index.ts) hands it to the files routes.
 */
export interface ParentResource<T = unknown> {
  /**
   * The parent's name (`client`, `purchaseOrder`): its event on a change (`client.updated`), the
   * wording of messages and summaries, and the type stored beside its notes and labels
   * (notes.parent_type, entity_labels.entity_type).
   */
  resource: string;
  /** Collection path of the parent, e.g. `/v2/clients`: the attachments' routes go below `<basePath>/:id`. */
  basePath: string;
  /** OpenAPI tag of the attachments' routes. */
  tag: string;
  /** The parent's response schema: what the notes and labels routes answer. */
  schema: TSchema;
  /** The parent's full object; throws 404 when the id is not the caller's. */
  load(ctx: Ctx, id: string): Promise<T>;
  /** Marks the parent as changed (its updated_at), in the same transaction. */
  touch(ctx: Ctx, id: string, now: string): Promise<void>;
  /** 404 when the id is not the caller's, without loading the object (for the families that answer without it: contacts). */
  assertExists?(ctx: Ctx, id: string): Promise<void>;
}

/** A parent whose existence can be checked without its object. */
export type CheckedParent<T = unknown> = ParentResource<T> & Required<Pick<ParentResource<T>, 'assertExists'>>;

/**
 * One of the parent's attachments changed: its updated_at is bumped and `<resource>.updated`
 * recorded with the full object after the change, in the same transaction. Answers that object.
 */
export async function parentChanged<T>(ctx: Ctx, parent: ParentResource<T>, id: string, now: string = nowIso()): Promise<T> {
  await parent.touch(ctx, id, now);
  const object = await parent.load(ctx, id);
  await recordEvent(ctx, `${parent.resource}.updated`, object);
  return object;
}
