import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync, existsSync } from 'node:fs';

// Features never import each other: one zone per feature folder, generated
// from the folders so a new feature is covered without editing this file.
const featuresDir = new URL('./src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureIsolation = features.map((name) => {
  const others = features.filter((other) => other !== name);
  return {
    group: others.map((other) => `@/features/${other}/**`),
    source: new RegExp(`^@/features/(${others.join('|')})/`),
    message: `Features do not import each other (${name}); move shared code to src/lib or src/components.`,
  };
});

// Client layers import downward only: a feature may use src/sync, src/db,
// src/lib, src/pwa and src/components; those never use a feature or a route
// (`@/features/…` and `../features/…` alike), and src/lib never the sync
// engine (which uses src/lib). No client file reads pb_hooks by path: the
// rules both sides share are imported as @shared/… (@seed/… in unit tests).
const featuresAndRoutes = {
  group: ['**/features/**', '**/routes/**'],
  source: /^(@|\.\.(\/\.\.)*)\/(features|routes)\//,
  message: 'src/sync, src/db, src/lib, src/pwa and src/components do not depend on features or routes: move the shared piece down, or have the feature or route hand it in.',
};
const syncEngine = {
  group: ['**/sync', '**/sync/**'],
  source: /^(@|\.\.(\/\.\.)*)\/sync(\/|$)/,
  message: 'src/lib does not depend on the sync engine (src/sync depends on src/lib); what needs both belongs in src/sync or above.',
};
const pbHooksPath = {
  group: ['**/pb_hooks/**'],
  source: /(^|\/)pb_hooks\//,
  message: 'Client code imports what it shares with the server as @shared/… (pb_hooks/shared), never pb_hooks by path.',
};

// Mantine 7 writes these components' layout, and any style prop given per breakpoint
// (`p={{ base: 'md', sm: 'lg' }}`), into a <style> element in the page's body, which HTML
// does not allow (docs/testing.md, "HTML validity").
const inlineStyleMessage = 'Mantine writes this into a <style> element in the body: use ResponsiveGrid, SignedInShell or a class in src/components/responsive.module.css (docs/testing.md, "HTML validity").';
const mantineInlineStyles = { name: '@mantine/core', importNames: ['AppShell', 'Flex', 'Grid', 'SimpleGrid'], message: inlineStyleMessage };
const responsiveStyleProp = {
  selector: "JSXAttribute[name.name!='cols'] > JSXExpressionContainer > ObjectExpression:has(> Property[key.name=/^(base|xs|sm|md|lg|xl)$/])",
  message: inlineStyleMessage,
};

/**
 * Forbids `restrictions` (plus reading pb_hooks by path) in `files`: in import
 * and export declarations (no-restricted-imports) and in import() too, which
 * no-restricted-imports does not check (no-restricted-syntax). A file matched
 * by several of these blocks takes the last one's list, so each lists all (and
 * the Mantine components and props above).
 */
const restrictImports = (files, restrictions) => {
  const all = [...restrictions, pbHooksPath];
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { paths: [mantineInlineStyles], patterns: all.map(({ group, message }) => ({ group, message })) }],
      'no-restricted-syntax': ['error', responsiveStyleProp, ...all.map(({ source, message }) => ({ selector: `ImportExpression[source.value=${source}]`, message }))],
    },
  };
};

export default tseslint.config(
  // pb_hooks/vendor/: installed packages the hooks use, placed there at server start (scripts/lib/hook-packages.mjs)
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'pb_data', '.bin', 'test-results', 'playwright-report', 'pb_hooks/vendor'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // React's hook and compiler rules where components and hooks live: the app's own files. (The compiler's
  // analysis is most of the lint's time; tests, scripts and benchmarks have no components to analyse.)
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  restrictImports(['src/**/*.{ts,tsx}'], []),
  ...features.map((name, index) => restrictImports([`src/features/${name}/**/*.{ts,tsx}`], [featureIsolation[index]])),
  restrictImports(['src/sync/**/*.{ts,tsx}', 'src/db/**/*.{ts,tsx}', 'src/pwa/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'], [featuresAndRoutes]),
  restrictImports(['src/lib/**/*.{ts,tsx}'], [featuresAndRoutes, syncEngine]),
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.es2021,
        $app: 'readonly', $mainApp: 'readonly', $invoicePdf: 'readonly', $ticketQrPng: 'readonly', $apiRequests: 'readonly', $recordJobRun: 'readonly', $os: 'readonly', $security: 'readonly', $http: 'readonly', $apis: 'readonly', $filesystem: 'readonly',
        $template: 'readonly', $mails: 'readonly', toBytes: 'readonly', $dbx: 'readonly', $tokens: 'readonly', __hooks: 'readonly', require: 'readonly', module: 'writable',
        migrate: 'readonly', routerAdd: 'readonly', routerUse: 'readonly', cronAdd: 'readonly', onBootstrap: 'readonly', onServe: 'readonly',
        onRecordCreate: 'readonly', onRecordUpdate: 'readonly', onRecordDelete: 'readonly', onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly', onRecordAfterDeleteSuccess: 'readonly', onMailerSend: 'readonly', onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly', onRecordAuthRequest: 'readonly', onRecordAuthRefreshRequest: 'readonly', onMailerRecordPasswordResetSend: 'readonly',
        Collection: 'readonly', Record: 'readonly', Field: 'readonly', TextField: 'readonly', NumberField: 'readonly', BoolField: 'readonly',
        EmailField: 'readonly', URLField: 'readonly', DateField: 'readonly', AutodateField: 'readonly', SelectField: 'readonly', JSONField: 'readonly',
        FileField: 'readonly', RelationField: 'readonly', EditorField: 'readonly', PasswordField: 'readonly', DynamicModel: 'readonly',
        ApiError: 'readonly', BadRequestError: 'readonly', NotFoundError: 'readonly', ForbiddenError: 'readonly', UnauthorizedError: 'readonly',
        TooManyRequestsError: 'readonly', InternalServerError: 'readonly', MailerMessage: 'readonly', RequestInfo: 'readonly', sleep: 'readonly',
        toString: 'readonly', arrayOf: 'readonly', readerToString: 'readonly', Cookie: 'readonly', Context: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { args: 'none' }] },
  },
);
