import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { ApiError, excerpt, invalid, missing, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { toDecimalString } from '../../core/money.js';
import { masterData, matchCategories, units, type Ref } from '../master-data/index.js';
import { catTool, type CatTool } from './cat-tools.js';
import { CAT_PRESETS, catPreset, resolvePreset, type ResolvedPreset } from './presets.js';
import {
  catConfigurationRepository as repo,
  type CatConfigurationRow,
  type CatConfigurationWithUnit,
  type MappingRow,
  type ToolMatchRow,
} from './repository.js';
import type { CatConfiguration } from './schemas.js';

export type CatConfigurationObject = Static<typeof CatConfiguration>;

/** Without `preset` every field is required; with it, each field left out is the preset's. */
export interface CreateInput {
  preset?: string;
  name?: string;
  catTool?: string;
  conversionFactor?: number;
  destinationQuantityType?: string;
  sourceQuantityType?: string;
}

/** A preset as `GET …/presets` answers it: resolved against the account's units and match categories. */
export interface PresetObject {
  id: string;
  name: string;
  catTool: { id: string; name: string };
  quantityTypes: { destination: { id: string; name: string } | null; conversionFactor: number; source: string };
  mappings: ResolvedPreset['mappings'];
  unmapped: string[];
}

export interface UpdateInput {
  name?: string;
  conversionFactor?: number;
  destinationQuantityType?: string;
  sourceQuantityType?: string;
}

/** A mapping as the service works on it: the category and its tool matches, in order. */
interface Mapping {
  categoryId: string;
  /** As stored (0..n-1). */
  position: number;
  toolMatches: ToolMatchRow[];
}

function toolOf(row: CatConfigurationRow): CatTool {
  const tool = catTool(row.cat_tool);
  // The column only ever holds catalogue ids; a tool leaving the catalogue needs a migration.
  if (!tool) throw new Error(`CAT configuration ${row.id} has an unknown tool ${row.cat_tool}`);
  return tool;
}

function assemble(row: CatConfigurationWithUnit, mappings: MappingRow[], toolMatches: ToolMatchRow[]): CatConfigurationObject {
  const tool = toolOf(row);
  return {
    id: row.id,
    name: row.name,
    catTool: { id: tool.id, name: tool.name },
    quantityTypes: {
      destination: { id: row.destination_unit_id, name: row.unit_name },
      conversionFactor: Number(row.conversion_factor),
      source: row.source_quantity_type,
    },
    mappings: mappings
      .filter((m) => m.configuration_id === row.id)
      .map((m) => ({
        match: { id: m.match_category_id, name: m.match_name },
        toolMatches: toolMatches.filter((tm) => tm.configuration_id === row.id && tm.match_category_id === m.match_category_id).map((tm) => tm.tool_match),
      })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function objectOf(ctx: Ctx, id: string): Promise<CatConfigurationObject | undefined> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) return undefined;
  const [mappings, toolMatches] = await Promise.all([repo.mappings(ctx.db, ctx.accountId, [id]), repo.toolMatches(ctx.db, ctx.accountId, [id])]);
  return assemble(row, mappings, toolMatches);
}

/**
 * The configuration row for a change, locked until the transaction ends (PostgreSQL; SQLite write
 * transactions are serialised): mapping order and tool-match moves are read-modify-write.
 */
async function lockForChange(ctx: Ctx, id: string): Promise<CatConfigurationRow> {
  const row = await repo.lock(ctx.db, ctx.dialect, ctx.accountId, id, 'update');
  if (!row) throw notFound('CAT configuration', id);
  return row;
}

function assertSourceQuantityType(tool: CatTool, value: string): void {
  if (!tool.quantityTypes.list.includes(value)) {
    throw invalid('sourceQuantityType', `must be one of the quantity types of ${tool.name}: ${tool.quantityTypes.list.join(', ')}`);
  }
}

function assertToolMatch(tool: CatTool, toolMatch: string): void {
  if (!tool.matches.includes(toolMatch)) {
    throw invalid('toolMatch', `"${excerpt(toolMatch)}" is not a match name of ${tool.name}; use one of: ${tool.matches.join(', ')}`);
  }
}

/** A match category named in the path: 404 when it is not this account's. */
async function categoryOf(ctx: Ctx, matchId: string): Promise<Ref & { disabled: boolean }> {
  const record = await masterData.get(ctx, matchCategories, matchId);
  return { id: record.id, name: record.name, disabled: record.disabled === true };
}

async function mappingsOf(ctx: Ctx, id: string): Promise<Mapping[]> {
  const [mappings, toolMatches] = await Promise.all([repo.mappings(ctx.db, ctx.accountId, [id]), repo.toolMatches(ctx.db, ctx.accountId, [id])]);
  return mappings.map((m) => ({
    categoryId: m.match_category_id,
    position: m.position,
    toolMatches: toolMatches.filter((tm) => tm.match_category_id === m.match_category_id),
  }));
}

/** Writes positions 0..n-1 for the mappings in the given order (only those that changed). */
async function storeOrder(ctx: Ctx, id: string, ordered: Mapping[]): Promise<void> {
  for (const [index, mapping] of ordered.entries()) {
    if (mapping.position !== index) await repo.setMappingPosition(ctx.db, ctx.accountId, id, mapping.categoryId, index);
  }
}

/** Removes a mapping (and its tool matches) and closes the gap in the order. */
async function dropMapping(ctx: Ctx, id: string, mappings: Mapping[], mapping: Mapping): Promise<void> {
  await repo.deleteMapping(ctx.db, ctx.accountId, id, mapping.categoryId);
  await storeOrder(
    ctx,
    id,
    mappings.filter((m) => m !== mapping),
  );
}

const nextPosition = (mapping: Mapping | undefined) => (mapping ? Math.max(-1, ...mapping.toolMatches.map((tm) => tm.position)) + 1 : 0);

function noMapping(category: Ref): ApiError {
  return new ApiError('resource_missing', `Match category "${category.name}" has no mapping in this CAT configuration`);
}

/** Marks the configuration changed, records the event and answers the object. */
async function changed(ctx: Ctx, id: string): Promise<CatConfigurationObject> {
  await repo.update(ctx.db, ctx.accountId, id, { updated_at: nowIso() });
  const object = (await objectOf(ctx, id))!;
  await recordEvent(ctx, 'catConfiguration.updated', object);
  return object;
}

/** The presets in terms of this account (docs/cat-configurations.md#presets). */
async function resolvedPresets(ctx: Ctx): Promise<ResolvedPreset[]> {
  const named = (records: Array<Record<string, unknown> & { id: string; name: string }>) =>
    records.map((record) => ({ id: record.id, name: record.name, disabled: record.disabled === true }));
  const [unitList, categoryList] = await Promise.all([masterData.list(ctx, units), masterData.list(ctx, matchCategories)]);
  return CAT_PRESETS.map((preset) => resolvePreset(preset, named(unitList), named(categoryList)));
}

function presetObject(resolved: ResolvedPreset): PresetObject {
  const { preset } = resolved;
  const tool = catTool(preset.catTool)!;
  return {
    id: preset.id,
    name: preset.name,
    catTool: { id: tool.id, name: tool.name },
    quantityTypes: { destination: resolved.destination, conversionFactor: preset.conversionFactor, source: preset.sourceQuantityType },
    mappings: resolved.mappings,
    unmapped: resolved.unmapped,
  };
}

/** The create input with the preset's values for the fields left out; the preset's mappings to add after. */
async function withPreset(ctx: Ctx, input: CreateInput): Promise<{ input: Required<Omit<CreateInput, 'preset'>>; mappings: ResolvedPreset['mappings'] }> {
  let resolved: ResolvedPreset | undefined;
  if (input.preset !== undefined) {
    const preset = catPreset(input.preset);
    if (!preset) throw invalid('preset', `unknown preset "${excerpt(input.preset)}"; use one of: ${CAT_PRESETS.map((p) => p.id).join(', ')}`);
    if (input.catTool !== undefined && input.catTool !== preset.catTool)
      throw invalid('catTool', `the preset "${preset.id}" is for the CAT tool ${preset.catTool}`);
    resolved = (await resolvedPresets(ctx)).find((candidate) => candidate.preset.id === preset.id)!;
  }
  const preset = resolved?.preset;
  const complete = {
    name: input.name ?? preset?.name,
    catTool: input.catTool ?? preset?.catTool,
    conversionFactor: input.conversionFactor ?? preset?.conversionFactor,
    destinationQuantityType: input.destinationQuantityType ?? resolved?.destination?.id,
    sourceQuantityType: input.sourceQuantityType ?? preset?.sourceQuantityType,
  };
  for (const [param, value] of Object.entries(complete)) if (value === undefined) throw missing(param);
  return { input: complete as Required<Omit<CreateInput, 'preset'>>, mappings: resolved?.mappings ?? [] };
}

export const catConfigurations = {
  /** The presets, one per CAT tool, resolved against the account's units and match categories. */
  async presets(ctx: Ctx): Promise<PresetObject[]> {
    return (await resolvedPresets(ctx)).map(presetObject);
  },

  /**
   * The preset configurations of a new account (provisioning): one per tool, created as
   * `POST …` with `preset` would, in the catalogue's order.
   */
  async seedPresets(ctx: Ctx): Promise<void> {
    for (const preset of CAT_PRESETS) await catConfigurations.create(ctx, { preset: preset.id });
  },

  async list(ctx: Ctx): Promise<CatConfigurationObject[]> {
    const rows = await repo.list(ctx.db, ctx.accountId);
    const ids = rows.map((row) => row.id);
    const [mappings, toolMatches] = await Promise.all([repo.mappings(ctx.db, ctx.accountId, ids), repo.toolMatches(ctx.db, ctx.accountId, ids)]);
    return rows.map((row) => assemble(row, mappings, toolMatches));
  },

  /**
   * The full configuration (for the routes and the CAT analysis import). Unknown or foreign id:
   * 404, or 400 `parameter_invalid` naming `param` when the id came in a parameter.
   */
  async get(ctx: Ctx, id: string, param?: string): Promise<CatConfigurationObject> {
    const object = await objectOf(ctx, id);
    if (!object) throw param === undefined ? notFound('CAT configuration', id) : invalid(param, `no CAT configuration with id ${id}`);
    return object;
  },

  async create(ctx: Ctx, given: CreateInput): Promise<CatConfigurationObject> {
    const { input, mappings } = await withPreset(ctx, given);
    const name = input.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    const tool = catTool(input.catTool);
    if (!tool) throw invalid('catTool', `unknown CAT tool "${excerpt(input.catTool)}"`);
    assertSourceQuantityType(tool, input.sourceQuantityType);
    const unit = await masterData.reference(ctx, units, input.destinationQuantityType, 'destinationQuantityType');
    const now = nowIso();
    const row: CatConfigurationRow = {
      id: newId(),
      account_id: ctx.accountId,
      name,
      cat_tool: tool.id,
      conversion_factor: toDecimalString(input.conversionFactor),
      destination_unit_id: unit.id,
      source_quantity_type: input.sourceQuantityType,
      created_at: now,
      updated_at: now,
    };
    await repo.insert(ctx.db, row);
    // A preset's mappings: a tool match feeds one category, and the preset lists each once.
    for (const [position, mapping] of mappings.entries()) {
      await repo.insertMapping(ctx.db, ctx.accountId, row.id, mapping.match.id, position);
      for (const [index, toolMatch] of mapping.toolMatches.entries()) {
        await repo.insertToolMatch(ctx.db, ctx.accountId, row.id, mapping.match.id, toolMatch, index);
      }
    }
    const object = mappings.length === 0 ? assemble({ ...row, unit_name: unit.name }, [], []) : (await objectOf(ctx, row.id))!;
    await recordEvent(ctx, 'catConfiguration.created', object);
    return object;
  },

  async update(ctx: Ctx, id: string, input: UpdateInput): Promise<CatConfigurationObject> {
    const row = await lockForChange(ctx, id);
    const tool = toolOf(row);
    const changes: Partial<CatConfigurationRow> = { updated_at: nowIso() };
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name === '') throw invalid('name', 'must not be empty');
      changes.name = name;
    }
    if (input.conversionFactor !== undefined) changes.conversion_factor = toDecimalString(input.conversionFactor);
    if (input.sourceQuantityType !== undefined) {
      assertSourceQuantityType(tool, input.sourceQuantityType);
      changes.source_quantity_type = input.sourceQuantityType;
    }
    if (input.destinationQuantityType !== undefined) {
      // The unit already referenced stays valid when disabled (docs/master-data.md#disabled-records).
      const unit = await masterData.reference(ctx, units, input.destinationQuantityType, 'destinationQuantityType', row.destination_unit_id);
      changes.destination_unit_id = unit.id;
    }
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const object = (await objectOf(ctx, id))!;
    await recordEvent(ctx, 'catConfiguration.updated', object);
    return object;
  },

  async remove(ctx: Ctx, id: string): Promise<void> {
    // Locking first makes a concurrent reference() (FOR SHARE) either wait for the delete and
    // fail, or finish first so that the count below sees it.
    const row = await lockForChange(ctx, id);
    const users = await repo.countUsers(ctx.db, ctx.accountId, id);
    if (users > 0) {
      throw new ApiError(
        'resource_in_use',
        `CAT configuration "${row.name}" is the catConfiguration of ${users} client(s) or supplier(s) and cannot be deleted; change theirs first`,
      );
    }
    const object = (await objectOf(ctx, id))!;
    await repo.delete(ctx.db, ctx.accountId, id);
    await recordEvent(ctx, 'catConfiguration.deleted', object);
  },

  /**
   * Adds a tool match to the mapping of a match category (created on first add, at the end). A tool
   * match feeds one category only: one held by another category of the configuration moves here.
   */
  async addToolMatch(ctx: Ctx, id: string, matchId: string, toolMatch: string): Promise<CatConfigurationObject> {
    const row = await lockForChange(ctx, id);
    const category = await categoryOf(ctx, matchId);
    if (category.disabled) throw invalid('matchId', `match category "${category.name}" is disabled`);
    assertToolMatch(toolOf(row), toolMatch);
    const mappings = await mappingsOf(ctx, id);
    const holder = mappings.find((m) => m.toolMatches.some((tm) => tm.tool_match === toolMatch));
    if (holder?.categoryId === matchId) return (await objectOf(ctx, id))!;
    const target = mappings.find((m) => m.categoryId === matchId);
    if (!target) await repo.insertMapping(ctx.db, ctx.accountId, id, matchId, mappings.length);
    const position = nextPosition(target);
    if (holder) {
      await repo.moveToolMatch(ctx.db, ctx.accountId, id, toolMatch, matchId, position);
      if (holder.toolMatches.length === 1) {
        const withTarget = target ? mappings : [...mappings, { categoryId: matchId, position: mappings.length, toolMatches: [] }];
        await dropMapping(ctx, id, withTarget, holder);
      }
    } else {
      await repo.insertToolMatch(ctx.db, ctx.accountId, id, matchId, toolMatch, position);
    }
    return changed(ctx, id);
  },

  /** Moves the mapping of a match category to a 0-based position in `mappings`. */
  async moveMapping(ctx: Ctx, id: string, matchId: string, position: number): Promise<CatConfigurationObject> {
    await lockForChange(ctx, id);
    const category = await categoryOf(ctx, matchId);
    const mappings = await mappingsOf(ctx, id);
    const mapping = mappings.find((m) => m.categoryId === matchId);
    if (!mapping) throw noMapping(category);
    if (position >= mappings.length)
      throw invalid('position', `must be from 0 to ${mappings.length - 1} (the configuration has ${mappings.length} mapping(s))`);
    const from = mappings.indexOf(mapping);
    if (from === position) return (await objectOf(ctx, id))!;
    const ordered = mappings.filter((m) => m !== mapping);
    ordered.splice(position, 0, mapping);
    await storeOrder(ctx, id, ordered);
    return changed(ctx, id);
  },

  /** Removes a tool match from the mapping of a match category; an emptied mapping is removed. */
  async removeToolMatch(ctx: Ctx, id: string, matchId: string, toolMatch: string): Promise<CatConfigurationObject> {
    const row = await lockForChange(ctx, id);
    const category = await categoryOf(ctx, matchId);
    assertToolMatch(toolOf(row), toolMatch);
    const mappings = await mappingsOf(ctx, id);
    const mapping = mappings.find((m) => m.categoryId === matchId);
    if (!mapping) throw noMapping(category);
    if (!mapping.toolMatches.some((tm) => tm.tool_match === toolMatch)) {
      throw new ApiError('resource_missing', `Tool match "${excerpt(toolMatch)}" is not in the mapping of match category "${category.name}"`);
    }
    if (mapping.toolMatches.length === 1) await dropMapping(ctx, id, mappings, mapping);
    else await repo.deleteToolMatch(ctx.db, ctx.accountId, id, toolMatch);
    return changed(ctx, id);
  },

  /**
   * A reference from another record (a client's or supplier's `catConfiguration`): 400
   * `parameter_invalid` naming `param` for an unknown or foreign id. On PostgreSQL the row is
   * share-locked until the transaction ends, so that a concurrent delete cannot miss the new
   * reference.
   */
  /** `{ id, name }` of several configurations of the account, by id (for embedding in clients and suppliers). */
  async referencesByIds(ctx: Ctx, ids: readonly string[]): Promise<Map<string, Ref>> {
    const rows = await repo.names(ctx.db, ctx.accountId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
  },

  async reference(ctx: Ctx, id: string, param: string): Promise<Ref> {
    const row = await repo.lock(ctx.db, ctx.dialect, ctx.accountId, id, 'share');
    if (!row) throw invalid(param, `no CAT configuration with id ${id}`);
    return { id: row.id, name: row.name };
  },
};
