/** What other modules may use of CAT configurations: the tool catalogue, references and full objects. */
export { catConfigurations, type CatConfigurationObject } from './service.js';
export { CAT_TOOLS, CAT_TOOL_IDS, catTool, catToolList, type CatTool } from './cat-tools.js';
export { CatConfiguration as CatConfigurationSchema } from './schemas.js';
export { CAT_PRESETS, type CatPreset } from './presets.js';
