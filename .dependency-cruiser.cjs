/**
 * The import rules of the code (npm run boundaries, part of npm test). Paths are matched without a fixed
 * root, so the rule test (boundaries/) can prove each rule on small fixtures laid out the same way.
 */
const MODULE = 'src/modules/([^/]+)/';
const TEST = '\\.test\\.tsx?$';
// The page's two rules fail the run like the server's.
const PAGE_RULES = 'error';
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No file reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-internals',
      comment: "A server module uses another module only through that module's public entry (index.ts).",
      severity: 'error',
      from: { path: MODULE, pathNot: TEST },
      to: { path: 'src/modules/[^/]+/', pathNot: ['src/modules/$1/', 'src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'orders-below-approvals-invoices',
      comment:
        'Approvals, invoices and credit notes build on orders through its public entry; orders never imports ' +
        "them: the checkout's approval checks, the bulk action's invoicing and a cancel's credit note are " +
        'handed to it by app.ts.',
      severity: 'error',
      from: { path: 'src/modules/orders/', pathNot: TEST },
      to: { path: 'src/modules/(approvals|invoices|credit-notes)/' },
    },
    {
      name: 'outside-module-internals',
      comment: "Code outside the modules (composition root, commands, seed) uses a module's public entry.",
      severity: 'error',
      from: { path: 'server/src/', pathNot: ['src/modules/', TEST, 'src/test/'] },
      to: { path: 'src/modules/[^/]+/', pathNot: 'src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'shared-below-modules',
      comment: 'Shared infrastructure (db, lib, i18n, mail, config) imports no module and no command.',
      severity: 'error',
      from: { path: 'server/src/(db|lib|i18n|mail)/|server/src/(config|server-root)\\.ts$', pathNot: TEST },
      to: { path: 'server/src/(modules|cli|seed)/|server/src/(app|main|cluster)\\.ts$' },
    },
    {
      name: 'composition-root',
      comment: 'Only the entry points and tests import the composition root (app.ts).',
      severity: 'error',
      from: { pathNot: ['server/src/(main|cluster)\\.ts$', TEST, 'server/src/test/'] },
      to: { path: 'server/src/app\\.ts$' },
    },
    {
      name: 'page-shared-below-features',
      comment: "The page's components and lib import no feature and nothing of the app shell.",
      severity: PAGE_RULES,
      from: { path: 'web/src/(components|lib)/' },
      to: { path: 'web/src/(app|features)/' },
    },
    {
      name: 'page-feature-internals',
      comment: "A page feature uses another feature only through that feature's public entry (index.ts).",
      severity: PAGE_RULES,
      from: { path: 'web/src/features/([^/]+)/' },
      to: {
        path: 'web/src/features/[^/]+/',
        pathNot: ['web/src/features/$1/', 'web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'domain-stands-alone',
      comment: 'The shared domain imports neither the server nor the page.',
      severity: 'error',
      from: { path: 'domain/src/' },
      to: { path: '(server|web)/src/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist(-ssr)?/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
