// Browser builds: every TypeBox builder call (`Type.Object(…)`, `Type.String({ … })`, …) becomes `{}`.
// Contracts and plugin descriptors build their schemas with TypeBox; the browser needs only their
// static types (which the compiler reads from the sources) and each endpoint's method and path, so
// the schemas' code (and the settings' titles and descriptions) stays out of every page. The
// `typebox` import itself resolves to kernel/contract/typebox-browser.ts. A plugin descriptor's
// `settings` (schemas, defaults, help texts) become `{}` as well: the browser reads the resolved
// values from settings.php, never the descriptor's. An `endpoint({…})` keeps only what a call
// needs (method, path, flag, binaryBody: kernel/contract/endpoint.ts requestOf): its access and
// schemas are the server's. Plain JS: rspack loads loaders directly.
const ts = require('typescript');

/** What a browser call reads of an endpoint, and what only the server does. */
const ENDPOINT_CALL = new Set(['method', 'path', 'flag', 'binaryBody']);
const SERVER_ONLY = new Set(['access', 'body', 'query', 'response', 'raw', 'csrfExempt']);

module.exports = function stripSchemas(source) {
  if (!/Type\.|definePluginDescriptor|endpoint\(/.test(source)) return source;
  const file = ts.createSourceFile(this.resourcePath, source, ts.ScriptTarget.Latest, true,
    this.resourcePath.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'definePluginDescriptor'
      && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
      for (const prop of node.arguments[0].properties) {
        if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.name) && prop.name.text === 'settings') {
          cuts.push([prop.initializer.getStart(file), prop.initializer.getEnd()]);
        } else ts.forEachChild(prop, visit);
      }
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint'
      && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
      const props = node.arguments[0].properties;
      const kept = props.filter((p) => !(ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && SERVER_ONLY.has(p.name.text)));
      // Spread or computed parts stay as written (and are visited).
      if (kept.every((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && ENDPOINT_CALL.has(p.name.text))) {
        const arg = node.arguments[0];
        cuts.push([arg.getStart(file), arg.getEnd(), `{ ${kept.map((p) => p.getText(file)).join(', ')} }`]);
        return;
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
      && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'Type') {
      cuts.push([node.getStart(file), node.getEnd()]);
      return; // the outermost call goes with everything inside it
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end, text = '({})'] of cuts.reverse()) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
};
