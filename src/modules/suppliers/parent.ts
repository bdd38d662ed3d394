import type { CheckedParent } from '../../core/parent-resource.js';
import { Supplier, type SupplierObject } from './schemas.js';
import { suppliers } from './service.js';

/**
 * The supplier as the parent of its notes, labels, contacts and files (docs/development.md#attachments-and-their-parents):
 * its routes register the notes, labels and contacts with it, the composition hands it to the files.
 */
export const supplierParent: CheckedParent<SupplierObject> = {
  resource: 'supplier',
  basePath: '/v2/suppliers',
  tag: 'Suppliers',
  schema: Supplier,
  load: suppliers.get,
  touch: suppliers.touch,
  assertExists: suppliers.assertExists,
};
