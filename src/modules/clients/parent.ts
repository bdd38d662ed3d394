import type { CheckedParent } from '../../core/parent-resource.js';
import { Client, type ClientObject } from './schemas.js';
import { clients } from './service.js';

/**
 * The client as the parent of its notes, labels, contacts and files (docs/development.md#attachments-and-their-parents):
 * its routes register the notes, labels and contacts with it, the composition hands it to the files.
 */
export const clientParent: CheckedParent<ClientObject> = {
  resource: 'client',
  basePath: '/v2/clients',
  tag: 'Clients',
  schema: Client,
  load: clients.get,
  touch: clients.touch,
  assertExists: clients.assertExists,
};
