/**
 * The named objects of the API (a job, an invoice, a note, a user reference, …) as shared schemas
 * of the OpenAPI document, instead of a copy in every operation that answers them.
 *
 * @fastify/swagger writes each route's schemas out in full: the job object, 15 KB, appeared in
 * every operation answering a job (80 times, with the listings and the job's sub-resources), the
 * user reference 216 times. A TypeBox object with a `title` is a named thing of the API; when the
 * document holds it more than once, and every copy is the same, it moves to
 * `components.schemas` under its title in PascalCase (`job` → `Job`, `User reference` →
 * `UserReference`) and each copy becomes a `$ref`. The types a generator derives are the same
 * (a reference resolves to the very schema it replaced); they only gain a name.
 *
 * Left inline: a title with copies that differ (one name would then stand for two shapes), a
 * title met once (nothing to share), a name the components already hold.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument --
   the document is untyped JSON, walked by its shape (as in openapi.ts). */
type Json = Record<string, any>;

/** `User reference` → `UserReference`, `supplier_service` → `SupplierService`, `job` → `Job`. */
export function componentName(title: string): string {
  return title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** A schema object that names a thing of the API (not a property called `title`). */
function isNamedSchema(node: Json): boolean {
  return typeof node.title === 'string' && (node.type === 'object' || Array.isArray(node.anyOf) || Array.isArray(node.allOf));
}

function forEachNode(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) for (const item of node) forEachNode(item, visit);
  else if (node !== null && typeof node === 'object') {
    visit(node);
    for (const value of Object.values(node)) forEachNode(value, visit);
  }
}

/**
 * Moves the named schemas met more than once under `document.paths` into `components.schemas`
 * (changed in place and answered). A shared schema that holds another shared one refers to it.
 */
export function shareNamedSchemas(document: Json): Json {
  const copies = new Map<string, { count: number; shapes: Set<string> }>();
  forEachNode(document.paths, (node) => {
    if (!isNamedSchema(node)) return;
    const entry = copies.get(node.title) ?? { count: 0, shapes: new Set<string>() };
    entry.count += 1;
    entry.shapes.add(JSON.stringify(node));
    copies.set(node.title, entry);
  });

  const schemas: Json = (document.components ??= {}).schemas ?? {};
  const names = new Map<string, string>();
  const taken = new Set(Object.keys(schemas));
  for (const [title, { count, shapes }] of [...copies].sort(([a], [b]) => a.localeCompare(b))) {
    const name = componentName(title);
    if (count < 2 || shapes.size !== 1 || !name || taken.has(name)) continue;
    names.set(title, name);
    taken.add(name);
  }

  // Inner schemas first, so that a shared schema holding another one holds its reference.
  const share = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(share);
    if (node === null || typeof node !== 'object') return node;
    const shared: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, share(value)]));
    const name = isNamedSchema(shared) ? names.get(shared.title) : undefined;
    if (!name) return shared;
    schemas[name] ??= shared;
    return { $ref: `#/components/schemas/${name}` };
  };
  document.paths = share(document.paths);
  document.components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return document;
}
