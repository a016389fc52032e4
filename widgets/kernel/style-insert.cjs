// style-loader's insert() for the widgets build: the page's own document gets no widget <style>
// (style-transform.cjs hands the CSS to the widgets' shadow roots instead). Plain CommonJS: style-loader
// requires it directly.
module.exports = function insert() {};
