// style-loader's styleTagTransform() for the widgets build: every CSS text of the widget bundle goes
// into one constructed stylesheet (globalThis.__flirtWidgetCss.sheet) that each widget's shadow root
// adopts (widgets/kernel/styles.ts), so the styles apply inside the widget only. Plain CommonJS:
// style-loader requires it directly.
module.exports = function styleTagTransform(css, style) {
  var reg = globalThis.__flirtWidgetCss || (globalThis.__flirtWidgetCss = { parts: new Map(), sheet: null });
  reg.parts.set(style, css);
  if (!reg.sheet) reg.sheet = new CSSStyleSheet();
  reg.sheet.replaceSync(Array.from(reg.parts.values()).join('\n'));
};
