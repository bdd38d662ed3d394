/**
 * The import rules of the layout (docs/development.md#import-rules). `npm test` checks
 * them (test/unit/module-boundaries.test.ts); `npx depcruise src` (and `npx depcruise console/src`
 * for the console's rule) shows the same report.
 */

/**
 * No loop between module folders: a module folder (with its subfolders) that reaches another one
 * through its imports is never reached back by it, through other modules or any other folder
 * (the console's app/, say). Folders inside one module may import each other: on the server, a
 * circle of files is no-circular's.
 */
function noLoopBetweenModules(name, root, severity) {
  return {
    name,
    comment: 'Modules form layers: no module reaches, through its imports, a module that imports it (docs/development.md#import-rules).',
    severity,
    scope: 'folder',
    from: { path: `^${root}/modules/([^/]+)` },
    to: { path: `^${root}/modules/`, pathNot: `^${root}/modules/$1(/|$)`, circular: true },
  };
}

// The console's module folders still form loops (through each other and through app/, which is both
// their shared base and the router that imports every page): its rule reports them as warnings.
// Once `npx depcruise console/src` shows none, 'error' switches it on: the boundaries test then
// cruises console/src too and fails on any.
const CONSOLE_MODULE_LOOPS = 'error';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles make load order matter and hide which side owns a piece.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-not-to-modules',
      comment: 'src/core is shared by every module and knows none of them (config.ts, a leaf, it may read).',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(modules/|app\\.ts$|server\\.ts$|cli\\.ts$)' },
    },
    {
      name: 'modules-not-to-entry-points',
      comment: 'Modules are assembled by app.ts, server.ts and cli.ts, never the other way round; the demo data set alone adds its data through the whole app.',
      severity: 'error',
      from: { path: '^src/modules/', pathNot: '^src/modules/demo/' },
      to: { path: '^src/(app|server|cli)\\.ts$' },
    },
    {
      name: 'nothing-imports-the-demo',
      comment: 'The demo data set is started by the command line only.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/demo/', '^src/cli\\.ts$'] },
      to: { path: '^src/modules/demo/' },
    },
    noLoopBetweenModules('no-loop-between-modules', 'src', 'error'),
    noLoopBetweenModules('no-loop-between-console-modules', 'console/src', CONSOLE_MODULE_LOOPS),
    {
      name: 'module-through-its-door',
      comment: "From another module only a module's index.ts may be imported; files of one module import each other directly.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-the-door',
      comment: 'Code outside the modules (app, server, command line) uses a module through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/[^/]+/', '^src/modules/index\\.ts$'] },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'composition-through-the-door',
      comment: "The composition (src/modules/index.ts) takes each module's index.ts or routes.ts.",
      severity: 'error',
      from: { path: '^src/modules/index\\.ts$' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/(index|routes)\\.ts$' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is still a circle for the reader.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
