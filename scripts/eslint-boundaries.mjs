// The architecture's boundaries (docs/architecture.md, "Boundaries") as a local ESLint plugin that judges an
// import by the repository path it resolves to, not by how it is spelled: `../../features/x`, `../x` and
// `#web/features/x` name one file and get one verdict (decision 057).
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** package.json "imports" and tsconfig "paths": the one alias per top-level source folder. */
export const ALIASES = { '#common/': 'common/', '#server/': 'server/', '#web/': 'web/' };

/**
 * The real domain dependencies between server features, and the only ones (importer's feature -> the paths it
 * may import in another feature; a trailing slash is a folder, anything else one module):
 * - a shop payment of product GIFT_CARD pays a gift-card order and issues its cards when it completes;
 * - a till spends a gift card's value (and refunds it) as part of a cheque.
 */
export const ALLOWED_SERVER_FEATURE_IMPORTS = {
  payments: ['server/features/gift-cards/'],
  till: ['server/features/gift-cards/redeem'],
};

/** The console's own kit: every area of the console (web/features/admin/<area>/) may use it. */
export const ALLOWED_WEB_SUBFEATURE_IMPORTS = ['web/features/admin/kit/'];

/** The zod-free contract modules whose values the browser may import. */
const CONTRACT_VALUES = ['common/contract/codes', 'common/contract/permissions'];

const strip = (path) => path.replace(/\.(ts|tsx|mjs|js)$/, '').replace(/\/index$/, '');

/** The repository path (no extension, `/` separators) a specifier names, or null for a package. */
export function resolveSpecifier(specifier, importerFile, root = repoRoot) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return strip(folder + specifier.slice(alias.length));
  }
  if (!specifier.startsWith('.')) return null;
  const absolute = resolve(dirname(importerFile), specifier);
  return strip(relative(root, absolute).split('\\').join('/'));
}

const under = (path, ...folders) => folders.some((folder) => path.startsWith(folder));
const matchesAllowed = (path, allowed) =>
  allowed.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

/** `web/features/admin/members/x` -> `admin/members`; `web/features/cabinet/x` -> `cabinet`. */
function webFeatureOf(path) {
  const parts = path.split('/');
  if (parts.length < 4) return null; // a file directly in web/features belongs to none
  if (parts[2] === 'admin' && parts.length >= 5) return `admin/${parts[3]}`;
  return parts[2];
}

function serverFeatureOf(path) {
  const parts = path.split('/');
  return parts.length >= 4 ? parts[2] : null;
}

const MESSAGES = {
  commonUp: 'common never imports the server or the web',
  serverWeb: 'the server never imports the web',
  webServer: 'the web never imports the server',
  belowFeatures: 'server/core, server/lib, server/db and server/integrations sit below the features',
  serverFeature:
    'a server feature does not import another feature: move what two need to server/core or server/lib',
  webBelowFeatures:
    'ui, lib and i18n sit below payment, features and app; payment sits below features and app',
  webApp: 'a feature does not import the app',
  webFeature: 'a feature does not import another feature: move what two need down to ui/, lib/ or payment/',
  contractTypes:
    'the web imports contract types only: zod must not reach the browser (use request(key, input))',
  climb: "import `{{alias}}` instead of climbing folders with '../../' (decision 057)",
};

/** The message id of the boundary an import crosses, or null. `typeOnly`: erased at run time. */
export function verdict(from, to, typeOnly) {
  if (under(from, 'common/') && under(to, 'server/', 'web/')) return 'commonUp';
  if (under(from, 'server/') && under(to, 'web/')) return 'serverWeb';
  if (under(from, 'web/') && under(to, 'server/')) return 'webServer';
  if (under(from, 'server/')) return serverVerdict(from, to);
  if (under(from, 'web/')) return webVerdict(from, to, typeOnly);
  return null;
}

function serverVerdict(from, to) {
  const low = under(from, 'server/core/', 'server/lib/', 'server/db/', 'server/integrations/');
  if (low && !from.endsWith('.test') && under(to, 'server/features/')) return 'belowFeatures';
  const mine = serverFeatureOf(from);
  if (!under(from, 'server/features/') || !mine || !under(to, 'server/features/')) return null;
  const theirs = serverFeatureOf(to);
  if (!theirs || theirs === mine) return null;
  return matchesAllowed(to, ALLOWED_SERVER_FEATURE_IMPORTS[mine] ?? []) ? null : 'serverFeature';
}

function webVerdict(from, to, typeOnly) {
  if (!typeOnly && under(to, 'common/contract/') && !CONTRACT_VALUES.includes(to)) return 'contractTypes';
  if (
    under(from, 'web/ui/', 'web/lib/', 'web/i18n/') &&
    under(to, 'web/features/', 'web/app/', 'web/payment/')
  )
    return 'webBelowFeatures';
  if (under(from, 'web/payment/') && under(to, 'web/features/', 'web/app/')) return 'webBelowFeatures';
  if (!under(from, 'web/features/')) return null;
  if (under(to, 'web/app/')) return 'webApp';
  const mine = webFeatureOf(from);
  const theirs = webFeatureOf(to);
  if (!under(to, 'web/features/') || !mine || !theirs || mine === theirs) return null;
  const [mineTop] = mine.split('/');
  const [theirsTop] = theirs.split('/');
  if (mineTop !== theirsTop) return 'webFeature';
  // Within the console: an area may use the console's own files and kit, but not another area.
  if (!mine.includes('/') || !theirs.includes('/')) return null;
  return matchesAllowed(to, ALLOWED_WEB_SUBFEATURE_IMPORTS) ? null : 'webFeature';
}

/** The alias spelling of a repository path, or null when no alias reaches it. */
export function aliasOf(path) {
  const entry = Object.entries(ALIASES).find(([, folder]) => path.startsWith(folder));
  return entry ? entry[0] + path.slice(entry[1].length) : null;
}

/** True for `../../…` (or deeper) that lands where an alias reaches. */
export function climbsToAlias(specifier, importerFile, root = repoRoot) {
  if (!/^(\.\.\/){2,}/.test(specifier)) return false;
  const target = resolveSpecifier(specifier, importerFile, root);
  return target !== null && aliasOf(target) !== null;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' &&
    node.specifiers.length > 0 &&
    node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));

function makeRule(check) {
  return {
    meta: { type: 'problem', messages: MESSAGES, schema: [] },
    create(context) {
      const file = context.filename;
      const visit = (node, source) => {
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        check(context, node, source, file);
      };
      return {
        ImportDeclaration: (node) => visit(node, node.source),
        ExportNamedDeclaration: (node) => visit(node, node.source),
        ExportAllDeclaration: (node) => visit(node, node.source),
        ImportExpression: (node) => visit(node, node.source),
      };
    },
  };
}

const layers = makeRule((context, node, source, file) => {
  const to = resolveSpecifier(source.value, file);
  if (to === null) return;
  const from = strip(relative(repoRoot, file).split('\\').join('/'));
  const messageId = verdict(from, to, isTypeOnly(node));
  if (messageId) context.report({ node: source, messageId });
});

const noClimbing = makeRule((context, _node, source, file) => {
  if (!climbsToAlias(source.value, file)) return;
  const alias = aliasOf(resolveSpecifier(source.value, file));
  context.report({ node: source, messageId: 'climb', data: { alias: alias.replace(/\/.*/, '/…') } });
});

export const boundaries = {
  meta: { name: 'kopilka-boundaries' },
  rules: { layers, 'no-climbing': noClimbing },
};
