// The layer rule of docs/architecture.md as a small ESLint plugin (used by eslint.config.js):
// every import a file makes (static, `export … from`, dynamic `import()`, type-only
// `import("x")`) is resolved to a repository path and checked against the importing file's row
// of the layer table. A file in no row is an error too, and so is an `import()` whose target
// cannot be read.
import path from "node:path";

const root = path.dirname(new URL(import.meta.url).pathname);

/** The repository path an import names (no extension), or null for a package. */
function target(spec, importer) {
  let abs;
  if (spec.startsWith("~/")) abs = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith("./") || spec.startsWith("../")) abs = path.resolve(path.dirname(importer), spec);
  else return null;
  return path
    .relative(root, abs)
    .split(path.sep)
    .join("/")
    .replace(/\.(ts|tsx|mts|js|mjs)$/, "");
}

export function layersPlugin(layers) {
  const check = (context, node, spec) => {
    if (typeof spec !== "string") return;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const layer = layers.find((l) => l.files.test(file));
    if (!layer) {
      context.report({ node, message: `${file} is in no layer of eslint.config.js: add its folder to the layer table (docs/architecture.md).` });
      return;
    }
    const to = target(spec, context.filename);
    for (const rule of layer.deny) {
      const subject = to ?? `package:${spec}`;
      if (rule.match.test(subject) && !(rule.unless && rule.unless.test(subject))) {
        context.report({ node, message: `${layer.name} may not import ${spec}: ${rule.why}` });
        return;
      }
    }
  };
  return {
    rules: {
      imports: {
        meta: { type: "problem", schema: [] },
        create(context) {
          return {
            ImportDeclaration: (node) => check(context, node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
            ExportAllDeclaration: (node) => check(context, node, node.source.value),
            ImportExpression: (node) => {
              if (node.source.type === "Literal") return check(context, node, node.source.value);
              const file = path.relative(root, context.filename).split(path.sep).join("/");
              const layer = layers.find((l) => l.files.test(file));
              if (!layer?.computedImports)
                context.report({ node, message: "The layer rule cannot read a computed import(): name the module (docs/architecture.md)." });
            },
            TSImportType: (node) => {
              const arg = node.argument?.literal ?? node.argument;
              if (arg && arg.type === "Literal") check(context, node, arg.value);
            },
          };
        },
      },
    },
  };
}
