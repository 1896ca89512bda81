// ESLint, run by `npm test` (scripts/test.mjs). Beside the usual TypeScript, React hooks and
// accessibility rules it holds the layer boundaries of docs/architecture.md for every top-level
// folder: arrows point down only (entry points -> doors -> tools -> core -> utils/providers),
// doors use a concept folder's index, and browser code never imports server code.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layersPlugin } from "./eslint-layers.js";

/** Imports a layer may not make, as no-restricted-imports patterns with the reason. */
const forbid = (...rules) => ({
  "no-restricted-imports": [
    "error",
    { patterns: rules.map(([match, message]) => (typeof match === "string" ? { regex: match, message } : { group: match, message })) },
  ],
});

// In app/, another folder's module is imported as "~/..." and a sibling as "./...": one style.
// (inngest/ and agents/ sit beside app/ and are imported by path.)
const noParentImports = ["^\\.\\./(?!\\.\\./(?:inngest|agents)/)", "One import style: import other app folders as ~/..., siblings as ./..."];

// The layer table (docs/architecture.md#layers): each top-level folder's row says what its files
// may not import. Paths are the repository paths imports resolve to, without extension.
const OUTER = /^(inngest|agents|mcp-server|server|scripts|bench|tests)\//;
const UI = /^app\/(components|routes|hooks)\//;
// A concept folder's internals: its .server modules other than index. Doors import the folder's
// index (~/models/billing) or its browser-safe modules (files without .server).
const INTERNALS = {
  match: /^app\/models\/[^/]+\/(?!index$)[^/]+\.server$/,
  why: "import the concept folder through its index (~/models/<folder>); its .server modules are internal (docs/architecture.md#concept-folders).",
};
const layers = [
  {
    name: "The core (app/models)",
    files: /^app\/models\//,
    deny: [
      { match: UI, why: "the core never imports UI or routes: move the shared piece into the core." },
      // The tools' names (no imports) are the one thing of app/tools the core reads (the canvas agent tool's actions).
      { match: /^app\/tools\//, unless: /^app\/tools\/names$/, why: "the core never imports the tool catalogue (only ~/tools/names)." },
      { match: /^inngest\//, why: "the core never imports the workflow engine: send events through ~/models/workflows." },
      { match: OUTER, why: "the core never imports doors or entry points." },
    ],
  },
  {
    name: "Utilities and providers (app/utils, app/providers)",
    files: /^app\/(utils|providers)\//,
    deny: [
      { match: /^app\/(models|components|routes|hooks)\//, why: "they sit below the core: never app/models, routes or components." },
      // The catalogue's list of tool names (no imports) is the one thing the planner may read.
      { match: /^app\/tools\//, unless: /^app\/tools\/names$/, why: "they sit below the catalogue (only ~/tools/names)." },
      { match: OUTER, why: "they sit below every door." },
    ],
  },
  {
    name: "The tool catalogue (app/tools)",
    files: /^app\/tools\//,
    deny: [
      { match: UI, why: "the catalogue never imports routes or components." },
      { match: OUTER, why: "the catalogue never imports other doors, the engine or entry points." },
      INTERNALS,
    ],
  },
  {
    name: "Browser code (app/components, app/hooks)",
    files: /^app\/(components|hooks)\//,
    deny: [
      { match: /\.server$/, why: "components run in the browser: never import .server modules (pass data from the loader)." },
      { match: /^app\/(routes|tools)\//, unless: /^app\/tools\/names$/, why: "components take their data as props: no routes or tool handlers." },
      { match: OUTER, why: "components run in the browser." },
    ],
  },
  {
    name: "Routes (app/routes, app/root, app/entry.*)",
    files: /^app\/(routes\/|[^/]+$)/,
    deny: [
      {
        match: /^inngest\//,
        unless: /^inngest\/(serve\.server|status)$/,
        why: "routes reach the workflow engine only through its serve handler (api.inngest) and its status (health).",
      },
      { match: /^(mcp-server|server|scripts|bench|tests)\//, why: "routes never import other doors or entry points." },
      INTERNALS,
    ],
  },
  {
    name: "Agents (agents/)",
    files: /^agents\//,
    deny: [
      { match: UI, why: "agents are a door beside the routes: never UI or routes." },
      { match: /^(inngest|mcp-server|server|scripts|bench|tests)\//, why: "agents never import other doors, the engine or entry points." },
      INTERNALS,
    ],
  },
  {
    name: "The MCP server (mcp-server/)",
    files: /^mcp-server\//,
    deny: [
      { match: UI, why: "the MCP server is a door: never UI or routes." },
      {
        match: /^(inngest|agents|server|scripts|bench|tests)\//,
        why: "the MCP server never imports other doors, the engine or entry points (server/mcp-stdio.ts starts it).",
      },
      INTERNALS,
    ],
  },
  {
    name: "The workflow engine and its functions (inngest/)",
    files: /^inngest\//,
    deny: [
      { match: UI, why: "workflows are a door: never UI or routes." },
      { match: /^app\/tools\//, why: "workflows call the core, not the tool catalogue." },
      { match: /^(agents|mcp-server|server|scripts|bench|tests)\//, why: "workflows never import other doors or entry points." },
      INTERNALS,
    ],
  },
  {
    name: "Entry points (server/)",
    files: /^server\//,
    computedImports: true,
    deny: [
      { match: /^app\/(components|hooks)\//, why: "processes serve the built app; they never import components." },
      { match: /^(scripts|bench|tests)\//, why: "processes never import scripts, benchmarks or tests." },
      INTERNALS,
    ],
  },
  {
    name: "Scripts (scripts/, prisma/)",
    files: /^(scripts|prisma)\//,
    computedImports: true,
    deny: [
      { match: /^app\/(components|hooks|routes)\//, why: "scripts call the core, never UI or routes." },
      { match: /^tests\//, why: "scripts never import tests." },
      INTERNALS,
    ],
  },
  {
    name: "Benchmarks (bench/)",
    files: /^bench\//,
    computedImports: true,
    deny: [{ match: /^app\/(components|hooks|routes)\//, why: "benchmarks drive the app through its doors and core, never UI modules." }, INTERNALS],
  },
  { name: "Tests (tests/)", files: /^tests\//, computedImports: true, deny: [] },
  { name: "Configuration (the repository root)", files: /^[^/]+$/, computedImports: true, deny: [] },
];

export default tseslint.config(
  {
    ignores: ["node_modules/", "build/", "public/build/", "app/generated/", ".data/", "tests/.tmp/", "**/*.mjs", "**/*.cjs"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Every ad carries its captions burned into the frames (the renderer draws them), and the
      // upload previews are the user's own files: there is no separate caption track to offer.
      "jsx-a11y/media-has-caption": "off",
    },
  },
  { files: ["app/**"], rules: forbid(noParentImports) },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.js"],
    plugins: { layers: layersPlugin(layers) },
    rules: { "layers/imports": "error" },
  },
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
