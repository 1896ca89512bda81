// ESLint, run by `npm test` (scripts/test.mjs). Beside the usual TypeScript, React hooks and
// accessibility rules it holds the layer boundaries of docs/architecture.md: arrows point down
// only (doors -> tools -> core -> utils/providers), and browser code never imports server code.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports a layer may not make, as no-restricted-imports patterns with the reason. */
const forbid = (...rules) => ({
  "no-restricted-imports": [
    "error",
    { patterns: rules.map(([match, message]) => (typeof match === "string" ? { regex: match, message } : { group: match, message })) },
  ],
});

// In app/, another folder's module is imported as "~/..." and a sibling as "./...": one style.
// (inngest/ sits beside app/ and has no alias: its client, events and status are imported by path.)
const noParentImports = ["^\\.\\./(?!\\.\\./(?:inngest|agents)/)", "One import style: import other app folders as ~/..., siblings as ./..."];
const coreRule = [
  ["~/components/*", "~/routes/*", "**/routes/*", "**/components/*"],
  "The core (app/models) never imports UI or routes: move the shared piece into the core (docs/architecture.md).",
];
const coreNoDoors = [
  ["~/tools/*", "**/inngest/functions/*", "**/mcp-server/*", "**/agents/*"],
  "The core never imports doors or the tool catalogue (docs/architecture.md).",
];
// The one exception is the catalogue's list of tool names (app/tools/names.ts, no imports), which
// the local planner routes with.
const belowCore = [
  ["~/models/*", "**/models/*", "~/tools/*", "!~/tools/names", "~/routes/*", "~/components/*"],
  "Utilities and providers sit below the core: they never import app/models, tools, routes or components (docs/architecture.md).",
];
const agentsRule = [
  ["~/routes/*", "~/components/*", "**/routes/*", "**/components/*", "**/mcp-server/*", "**/inngest/functions/*"],
  "agents/ is a door beside the routes and the MCP server: it calls app/tools and app/models, never UI, routes or other doors (docs/architecture.md).",
];
// The tool catalogue sits between the doors and the core: it uses app/models, app/utils and
// app/providers, and never a door (routes, components, the MCP server, agents, workflows).
const toolsRule = [
  ["~/routes/*", "**/routes/*", "~/components/*", "**/components/*", "**/mcp-server/*", "**/agents/*", "**/inngest/functions/*"],
  "The tool catalogue (app/tools) never imports doors: routes, components, mcp-server, agents or workflow functions (docs/architecture.md).",
];
const noServerInBrowser = [
  ["*.server", "**/*.server", "*.server.ts", "**/*.server.ts"],
  "Components run in the browser: never import .server modules (pass data from the loader).",
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
  { files: ["app/models/**"], rules: forbid(noParentImports, coreRule, coreNoDoors) },
  { files: ["app/tools/**"], rules: forbid(noParentImports, toolsRule) },
  { files: ["app/utils/**", "app/providers/**"], rules: forbid(noParentImports, belowCore) },
  { files: ["app/components/**", "app/hooks/**"], rules: forbid(noParentImports, noServerInBrowser) },
  { files: ["agents/**"], rules: forbid(agentsRule) },
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
