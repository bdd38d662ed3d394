import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import type { GroupFile } from './schemas.js';

/**
 * The parts of a group that are loaded and deleted with it, in the order the composition gives
 * (today: its files, groups/files.ts). Each loader gets the ids of a page of groups (already known
 * to be the caller's) and answers in one query per page.
 */
export interface GroupParts {
  files: Array<Static<typeof GroupFile>>;
}

export interface GroupExtension {
  name: string;
  /** Parts of the group objects of a page. */
  loadParts?(ctx: Ctx, groupIds: readonly string[]): Promise<Map<string, Partial<GroupParts>>>;
  /** Removes the module's parts of a group being deleted, in the same transaction. */
  deleteParts?(ctx: Ctx, groupId: string): Promise<void>;
}

let configured: readonly GroupExtension[] | undefined;

/** The extensions, in order: given once by the composition (modules/index.ts); no module adds itself. */
export const groupExtensions = {
  configure(extensions: readonly GroupExtension[]): void {
    configured = [...extensions];
  },
  list(): readonly GroupExtension[] {
    if (!configured) throw new Error('Group extensions are not configured: build the app (composeModules in src/modules/index.ts) first');
    return configured;
  },
};

export async function loadGroupParts(ctx: Ctx, groupIds: readonly string[]): Promise<Map<string, GroupParts>> {
  const result = new Map<string, GroupParts>(groupIds.map((id) => [id, { files: [] }]));
  for (const extension of groupExtensions.list()) {
    if (!extension.loadParts) continue;
    for (const [id, parts] of await extension.loadParts(ctx, groupIds)) {
      const current = result.get(id);
      if (current) Object.assign(current, parts);
    }
  }
  return result;
}
