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
const featureIsolation = features.map((name) => ({
  group: features.filter((other) => other !== name).map((other) => `@/features/${other}/**`),
  message: `Features do not import each other (${name}); move shared code to src/lib or src/components.`,
}));

export default tseslint.config(
  // pb_hooks/vendor/: installed packages the hooks use, placed there at server start (scripts/lib/hook-packages.mjs)
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'pb_data', '.bin', 'test-results', 'playwright-report', 'pb_hooks/vendor'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...features.map((name, index) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureIsolation[index]] }] },
  })),
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/**', '@/routes/**'], message: 'Shared code does not depend on features or routes.' }] }] },
  },
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
        $app: 'readonly', $mainApp: 'readonly', $os: 'readonly', $security: 'readonly', $http: 'readonly', $apis: 'readonly', $filesystem: 'readonly',
        $template: 'readonly', $mails: 'readonly', toBytes: 'readonly', $dbx: 'readonly', $tokens: 'readonly', __hooks: 'readonly', require: 'readonly', module: 'writable',
        migrate: 'readonly', routerAdd: 'readonly', routerUse: 'readonly', cronAdd: 'readonly', onBootstrap: 'readonly', onServe: 'readonly',
        onRecordCreate: 'readonly', onRecordUpdate: 'readonly', onRecordDelete: 'readonly', onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly', onRecordAfterDeleteSuccess: 'readonly', onMailerSend: 'readonly', onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly', onRecordAuthRequest: 'readonly', onMailerRecordPasswordResetSend: 'readonly',
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
