// Browser builds: every TypeBox builder call (`Type.Object(…)`, `Type.String({ … })`, …) becomes `{}`.
// Contracts and plugin descriptors build their schemas with TypeBox; the browser needs only their
// static types (which the compiler reads from the sources) and each endpoint's method and path, so
// the schemas' code (and the settings' titles and descriptions) stays out of every page. The
// `typebox` import itself resolves to kernel/contract/typebox-browser.ts. Plain JS: rspack loads
// loaders directly.
const ts = require('typescript');

module.exports = function stripSchemas(source) {
  if (!source.includes('Type.')) return source;
  const file = ts.createSourceFile(this.resourcePath, source, ts.ScriptTarget.Latest, true,
    this.resourcePath.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
      && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'Type') {
      cuts.push([node.getStart(file), node.getEnd()]);
      return; // the outermost call goes with everything inside it
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end] of cuts.reverse()) out = `${out.slice(0, start)}({})${out.slice(end)}`;
  return out;
};
