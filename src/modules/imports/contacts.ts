import type { Ctx } from '../../core/context.js';
import type { CheckedParent } from '../../core/parent-resource.js';
import { clientParent } from '../clients/index.js';
import { supplierParent } from '../suppliers/index.js';
import { clientContacts, contacts, contactSchemas, supplierContacts, type ContactKind, type ContactObject } from '../contacts/index.js';
import { partyNames, partyRef, type PartyNames } from './names.js';
import { CellError, validateInput, type ImportResource } from './runner.js';

/**
 * Contacts of clients or suppliers: each row names its owner in `client` or `supplier` (by id or
 * name). It updates the owner's contact its `id` names, else the owner's contact with its e-mail
 * (case-insensitive), else creates one.
 */
interface Side {
  column: 'client' | 'supplier';
  kind: ContactKind;
  owner: CheckedParent;
  names: PartyNames;
}

interface State {
  sides: Side[];
  /** The contacts of each owner already read (kept up to date with the import's writes). */
  lists: Map<string, ContactObject[]>;
}

const FIELDS = ['fullName', 'email', 'phone', 'mobile', 'title', 'nickname'] as const;

export const contactsResource: ImportResource<State> = {
  name: 'contacts',
  columns: [{ name: 'id' }, { name: 'client' }, { name: 'supplier' }, { name: 'fullName', required: true }, ...FIELDS.slice(1).map((name) => ({ name }))],
  start: (ctx) => ({
    sides: [
      { column: 'client', kind: clientContacts, owner: clientParent, names: partyNames(ctx, 'clients') },
      { column: 'supplier', kind: supplierContacts, owner: supplierParent, names: partyNames(ctx, 'suppliers') },
    ],
    lists: new Map(),
  }),
  keyOf: (cells) => {
    const owner = cells.client !== undefined ? `c:${cells.client.toLowerCase()}` : `s:${(cells.supplier ?? '').toLowerCase()}`;
    if (cells.id) return `${owner}:id:${cells.id}`;
    return cells.email ? `${owner}:email:${cells.email.toLowerCase()}` : undefined;
  },
  async write(ctx: Ctx, state, cells) {
    const given = state.sides.filter((side) => cells[side.column] !== undefined);
    if (given.length !== 1) throw new CellError(given.length === 0 ? 'client' : 'supplier', 'give the owner in exactly one of the columns client and supplier');
    const side = given[0]!;
    const ownerId = await partyRef(side.names, cells[side.column]!, side.column);
    const listKey = `${side.column}:${ownerId}`;
    let list = state.lists.get(listKey);
    if (!list) state.lists.set(listKey, (list = (await contacts.listFor(ctx, side.kind, [ownerId])).get(ownerId) ?? []));
    const existing = cells.id
      ? list.find((contact) => contact.id === cells.id)
      : cells.email
        ? list.find((contact) => contact.email?.toLowerCase() === cells.email!.toLowerCase())
        : undefined;
    if (cells.id && !existing) throw new CellError('id', `no contact with id ${cells.id} on this ${side.column}`);
    const raw: Record<string, unknown> = {};
    for (const field of FIELDS) if (cells[field] !== undefined) raw[field] = cells[field];
    const { CreateContact, UpdateContact } = contactSchemas(side.kind);
    const input = validateInput<Record<string, unknown>>(existing ? UpdateContact : CreateContact, raw);
    const saved = existing
      ? await contacts.update(ctx, side.kind, side.owner, ownerId, existing.id, input)
      : await contacts.create(ctx, side.kind, side.owner, ownerId, input as { fullName: string });
    if (existing) list.splice(list.indexOf(existing), 1, saved);
    else list.push(saved);
    return { action: existing ? 'update' : 'create', id: saved.id, label: saved.fullName };
  },
};
